/* The navigator: which screen is shown, the screens' hook tables, the game's
 * hooks and the shared note line. Screens call only this to reach another
 * screen, and this reaches screens and the game only through their hooks. */
#include "ui/nav.h"

#include <stdarg.h>
#include <stdio.h>

static const Screen *screens[SCREEN_COUNT];
static ScreenId current = SCREEN_MENU;
static ScreenId help_back = SCREEN_MENU; /* where the open help returns */
static bool quitting, dirty = true;
static const NavGame *game; /* ui/app.c's hooks */
static char note[NAV_NOTE_MAX];
static void (*setup_done)(const Position *pos); /* NULL: Nav_startGame */

void Nav_register(ScreenId id, const Screen *screen)
{
    screens[id] = screen;
}

void Nav_registerGame(const NavGame *hooks)
{
    game = hooks;
}

const Screen *Nav_screen(ScreenId id)
{
    return screens[id];
}

ScreenId Nav_current(void)
{
    return current;
}

static void Nav_enter(ScreenId id, const NavArgs *args)
{
    current = id;
    dirty = true;
    if (screens[id]->enter)
        screens[id]->enter(args);
}

bool Nav_gameVisible(void)
{
    return current == SCREEN_GAME || (current == SCREEN_HELP && help_back == SCREEN_GAME);
}

void Nav_show(ScreenId id)
{
    current = id;
    dirty = true;
}

void Nav_openHelp(const Variant *v, int cell)
{
    NavArgs args = {.v = v, .back = current, .cell = cell};
    note[0] = '\0';
    help_back = current;
    Nav_enter(SCREEN_HELP, &args);
}

void Nav_startGame(const Position *pos)
{
    NavArgs args = {.v = pos->v, .cell = -1};
    if (game->start(pos))
        Nav_enter(SCREEN_GAME, &args);
}

void Nav_setupGame(const Variant *v, SetupMethod method)
{
    Nav_setupFor(v, method, NULL);
}

void Nav_setupFor(const Variant *v, SetupMethod method, void (*done)(const Position *pos))
{
    NavArgs args = {.v = v, .method = method, .cell = -1};
    setup_done = done;
    Nav_enter(SCREEN_SETUP, &args);
}

void Nav_setupDone(const Position *pos)
{
    void (*done)(const Position *pos) = setup_done;
    setup_done = NULL;
    if (done)
        done(pos);
    else
        Nav_startGame(pos);
}

static bool setup_arranges; /* the setup screen arranges the game in play's pieces */

static void Nav_arranged(const Position *pos)
{
    setup_arranges = false;
    game->arrange(pos);
    Nav_show(SCREEN_GAME);
}

void Nav_arrangeGame(const Variant *v)
{
    setup_arranges = true;
    Nav_setupFor(v, METHOD_COUNT, Nav_arranged);
}

bool Nav_arrangingGame(void)
{
    return setup_arranges;
}

void Nav_arrangementEnded(void)
{
    setup_done = NULL;
    setup_arranges = false;
    Nav_show(SCREEN_GAME);
}

void Nav_setupLeft(void)
{
    setup_done = NULL;
    Nav_show(setup_arranges ? SCREEN_GAME : SCREEN_MENU);
    if (setup_arranges)
        game->say("the game waits for your arrangement: :arrange shows the board again");
    setup_arranges = false;
}

void Nav_openSaved(void)
{
    NavArgs args = {.v = game->variant(), .cell = -1};
    Nav_enter(SCREEN_SAVED, &args);
}

void Nav_askQuit(void)
{
    NavArgs args = {.v = game->variant(), .cell = -1, .ask_quit = true};
    Nav_enter(SCREEN_GAME, &args);
}

void Nav_quit(void)
{
    quitting = true;
}

bool Nav_quitting(void)
{
    return quitting;
}

void Nav_touch(void)
{
    dirty = true;
}

bool Nav_takeDirty(void)
{
    bool was = dirty;
    dirty = false;
    return was;
}

void Nav_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(note, sizeof note, fmt, ap);
    va_end(ap);
}

const char *Nav_noteText(void)
{
    return note;
}

bool ScreenKeys_run(const ScreenKey *table, int n, int key)
{
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 6 && table[i].keys[k]; k++) {
            if (table[i].keys[k] == key) {
                table[i].fn();
                return true;
            }
        }
    }
    return false;
}
