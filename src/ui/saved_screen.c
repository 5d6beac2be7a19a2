/* The saved-games chooser: the record layer's list of the saved-games
 * folder (Saved_list), one game a line with its date, game, players, result
 * and length; Enter loads the chosen one through the ':load' command. */
#include "ui/saved_screen.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "record/saved.h"
#include "ui/colors.h"
#include "ui/commands.h"
#include "ui/keys.h"
#include "ui/ui.h"

#define LIST_TOP 3
#define FOOTER_ROWS 2 /* the message line and the keys line */

typedef struct {
    SavedGame *games;
    int count;
    int row;    /* the chosen line */
    int scroll; /* the first line shown */
    int height; /* lines shown, from the last drawing */
    char error[PLAY_MESSAGE_MAX];
} SavedState;

static SavedState saved;

static void SavedScreen_minSize(const Variant *v, int *rows, int *cols)
{
    (void)v;
    *rows = LIST_TOP + 3 + FOOTER_ROWS;
    *cols = 60;
}

static void SavedScreen_drawLine(const SavedGame *g, int y, int cols, bool chosen)
{
    Ui_text(y, 2, cols - 4, chosen ? ROLE_MENU_CURRENT : ROLE_NORMAL,
            "%-10s %-14s %s - %s  %s, %d move%s  (%s)", g->date, g->variant, g->white, g->black,
            g->result, g->moves, g->moves == 1 ? "" : "s", g->name);
}

static void SavedScreen_draw(int rows, int cols)
{
    SavedState *s = &saved;
    curs_set(0);
    Ui_text(1, 2, cols - 4, ROLE_TITLE, "Saved games, newest first (%d)", s->count);
    s->height = rows - LIST_TOP - FOOTER_ROWS;
    if (s->row < s->scroll)
        s->scroll = s->row;
    if (s->row >= s->scroll + s->height)
        s->scroll = s->row - s->height + 1;
    for (int i = 0; i < s->height && s->scroll + i < s->count; i++)
        SavedScreen_drawLine(&s->games[s->scroll + i], LIST_TOP + i, cols, s->scroll + i == s->row);
    if (s->error[0])
        Ui_text(rows - 2, 0, cols, ROLE_ERROR, "%s", s->error);
    else if (s->count == 0)
        Ui_text(LIST_TOP, 2, cols - 4, ROLE_INFO,
                "No saved games yet: :save NAME keeps the game in play there.");
    Ui_text(rows - 1, 0, cols, ROLE_LABEL, "arrows choose  Enter load  Esc back to the game");
}

static void SavedScreen_move(int delta)
{
    SavedState *s = &saved;
    if (s->count == 0)
        return;
    int row = s->row + delta;
    s->row = row < 0 ? 0 : row >= s->count ? s->count - 1 : row;
}

static void SavedScreen_up(void)
{
    SavedScreen_move(-1);
}
static void SavedScreen_down(void)
{
    SavedScreen_move(1);
}
static void SavedScreen_pageUp(void)
{
    SavedScreen_move(-(saved.height > 1 ? saved.height - 1 : 1));
}
static void SavedScreen_pageDown(void)
{
    SavedScreen_move(saved.height > 1 ? saved.height - 1 : 1);
}
static void SavedScreen_first(void)
{
    SavedScreen_move(-saved.count);
}
static void SavedScreen_last(void)
{
    SavedScreen_move(saved.count);
}

static void SavedScreen_close(void)
{
    free(saved.games);
    saved.games = NULL;
    saved.count = 0;
    Nav_show(SCREEN_GAME);
}

/* Loads through the ':load' command, so that the checks and messages are
 * the same as for a name typed. */
static void SavedScreen_load(void)
{
    SavedState *s = &saved;
    if (s->count == 0) {
        snprintf(s->error, sizeof s->error, "there is no game to load: Esc goes back");
        return;
    }
    char name[] = "load", path[PATHS_MAX];
    snprintf(path, sizeof path, "%s", s->games[s->row].path); /* the list goes now */
    char *argv[] = {name, path, NULL};
    const Command *load = Commands_byName("load");
    SavedScreen_close();
    load->fn(Nav_play(), 2, argv);
}

static const ScreenKey saved_keys[] = {
    {{KEY_UP, 'k'}, "Up k", "the game above", SavedScreen_up},
    {{KEY_DOWN, 'j', '\t'}, "Down j Tab", "the game below", SavedScreen_down},
    {{KEY_PPAGE}, "PgUp", "a page up", SavedScreen_pageUp},
    {{KEY_NPAGE, ' '}, "PgDn Space", "a page down", SavedScreen_pageDown},
    {{KEY_HOME, 'g'}, "Home g", "the newest game", SavedScreen_first},
    {{KEY_END, 'G'}, "End G", "the oldest game", SavedScreen_last},
    {{'\n', '\r', KEY_ENTER}, "Enter click", "load the game chosen", SavedScreen_load},
    {{KEY_ESC, 'q'}, "Esc q", "back to the game, loading nothing", SavedScreen_close},
};

#define NSAVED_KEYS ((int)(sizeof saved_keys / sizeof saved_keys[0]))

/* A click on a line loads that game. */
static void SavedScreen_mouse(void)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        return;
    int row = saved.scroll + ev.y - LIST_TOP;
    if (ev.y < LIST_TOP || row >= saved.count)
        return;
    saved.row = row;
    SavedScreen_load();
}

static void SavedScreen_key(int key)
{
    saved.error[0] = '\0';
    if (key == KEY_MOUSE)
        SavedScreen_mouse();
    else if (!ScreenKeys_run(saved_keys, NSAVED_KEYS, key))
        snprintf(saved.error, sizeof saved.error, "key %s does nothing here: see the line below",
                 keyname(key) ? keyname(key) : "?");
}

static const Variant *SavedScreen_shown(void)
{
    return Session_variant(Nav_play()->s);
}

/* The list is read afresh each time, so that it shows what was saved since. */
static void SavedScreen_enter(const NavArgs *args)
{
    char err[ERROR_MAX];
    (void)args;
    free(saved.games);
    memset(&saved, 0, sizeof saved);
    if (!Saved_list(&saved.games, &saved.count, err, sizeof err))
        snprintf(saved.error, sizeof saved.error, "cannot read the saved games: %s", err);
}

const Screen SavedScreen = {
    .draw = SavedScreen_draw,
    .key = SavedScreen_key,
    .minSize = SavedScreen_minSize,
    .variant = SavedScreen_shown,
    .enter = SavedScreen_enter,
    .keys = saved_keys,
    .nkeys = NSAVED_KEYS,
};
