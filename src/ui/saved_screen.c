/* The saved-games chooser: the record layer's list of the saved-games
 * folder (Saved_list), one game a line with when it was saved, the game,
 * result, length, clock and players, the chosen one's file below; '/'
 * filters the list as one types, Delete removes a file (after a question),
 * and Enter loads the chosen one through the ':load' command. */
#include "ui/saved_screen.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core/error.h"
#include "record/record.h"
#include "record/saved.h"
#include "ui/app.h"
#include "ui/colors.h"
#include "ui/commands.h"
#include "ui/keys.h"
#include "ui/lineedit.h"
#include "ui/ui.h"

#define LIST_TOP 3
#define FOOTER_ROWS 3 /* the chosen file, the message line and the keys line */
/* The columns of a line, after the players, which take the rest. */
#define SAVED_WHEN_W 16 /* "2026-11-28 08:51" */
#define SAVED_GAME_W 14 /* "Arabian Nights" */
#define SAVED_RESULT_W 7
#define SAVED_MOVES_W 5
#define SAVED_CLOCK_W 8

typedef struct {
    SavedGame *games;
    int count;
    int *shown; /* the games the filter lets through, by index */
    int nshown;
    int row;         /* the chosen line, of those shown */
    int scroll;      /* the first line shown */
    int height;      /* lines shown, from the last drawing */
    LineEdit filter; /* '/': the text every line shown holds (any case) */
    bool confirm_delete;
    char message[PLAY_MESSAGE_MAX];
    bool message_error;
} SavedState;

static SavedState saved;

static void SavedScreen_minSize(const Variant *v, int *rows, int *cols)
{
    (void)v;
    *rows = LIST_TOP + 3 + FOOTER_ROWS;
    *cols = 60;
}

static void SavedScreen_when(const SavedGame *g, char *buf, size_t len)
{
    struct tm tm;
    if (localtime_r(&g->modified, &tm) == NULL || strftime(buf, len, "%Y-%m-%d %H:%M", &tm) == 0)
        snprintf(buf, len, "%s", g->date);
}

/* Everything a line says, for the filter. */
static bool SavedScreen_matches(const SavedGame *g, const char *text)
{
    char line[1024], when[32];
    if (text[0] == '\0')
        return true;
    SavedScreen_when(g, when, sizeof when);
    snprintf(line, sizeof line, "%s %s %s %s %s %s %s", when, g->variant, g->result, g->clock,
             g->white, g->black, g->name);
    for (const char *at = line; *at != '\0'; at++)
        if (strncasecmp(at, text, strlen(text)) == 0)
            return true;
    return false;
}

static void SavedScreen_filter(void)
{
    SavedState *s = &saved;
    s->nshown = 0;
    for (int i = 0; i < s->count; i++)
        if (SavedScreen_matches(&s->games[i], s->filter.buf))
            s->shown[s->nshown++] = i;
    if (s->row >= s->nshown)
        s->row = s->nshown > 0 ? s->nshown - 1 : 0;
}

static SavedGame *SavedScreen_chosen(void)
{
    return saved.nshown > 0 ? &saved.games[saved.shown[saved.row]] : NULL;
}

/* This program's engine as the title line names it, "engine 5", so that
 * both players fit at 80 columns; other names as the file gives them. */
static const char *SavedScreen_player(const char *name, char *buf, size_t len)
{
    static const char engine[] = RECORD_ENGINE_NAME ", level ";
    if (strncmp(name, engine, strlen(engine)) != 0)
        return name;
    snprintf(buf, len, "engine %s", name + strlen(engine));
    return buf;
}

static void SavedScreen_drawLine(const SavedGame *g, int y, int cols, bool chosen)
{
    int role = chosen ? ROLE_MENU_CURRENT : ROLE_NORMAL, x = 2;
    char when[32], white[sizeof g->white], black[sizeof g->black];
    SavedScreen_when(g, when, sizeof when);
    Ui_text(y, x, cols - 2, role, "%-*s  %-*s %-*s %*d  %-*s ", SAVED_WHEN_W, when, SAVED_GAME_W,
            g->variant, SAVED_RESULT_W, g->result, SAVED_MOVES_W, g->moves, SAVED_CLOCK_W,
            g->clock[0] ? g->clock : "no clock");
    x += SAVED_WHEN_W + SAVED_GAME_W + SAVED_RESULT_W + SAVED_MOVES_W + SAVED_CLOCK_W + 7;
    Ui_text(y, x, cols - 2 - x, role, "%s - %s", SavedScreen_player(g->white, white, sizeof white),
            SavedScreen_player(g->black, black, sizeof black));
}

static void SavedScreen_drawFooter(int rows, int cols)
{
    SavedState *s = &saved;
    const SavedGame *g = SavedScreen_chosen();
    if (g != NULL)
        Ui_text(rows - 3, 2, cols - 4, ROLE_LABEL, "file: %s", g->name);
    if (s->message[0])
        Ui_text(rows - 2, 0, cols, s->message_error ? ROLE_ERROR : ROLE_INFO, "%s", s->message);
    if (s->confirm_delete && g != NULL)
        Ui_text(rows - 1, 0, cols, ROLE_TITLE, "Delete %s for good? (y/n)", g->name);
    else if (s->filter.active)
        Ui_text(rows - 1, 0, cols, ROLE_NORMAL, "/%s",
                s->filter.buf + LineEdit_scroll(&s->filter, cols - 2));
    else
        Ui_text(rows - 1, 0, cols, ROLE_LABEL,
                "arrows choose  Enter load  / filter  Delete delete  Esc back to the game");
    if (s->filter.active)
        move(rows - 1, 1 + LineEdit_cursorColumn(&s->filter, cols - 2));
}

static void SavedScreen_draw(int rows, int cols)
{
    SavedState *s = &saved;
    curs_set(s->filter.active ? 1 : 0);
    if (s->filter.buf[0] != '\0')
        Ui_text(1, 2, cols - 4, ROLE_TITLE, "Saved games, newest first (%d of %d holding \"%s\")",
                s->nshown, s->count, s->filter.buf);
    else
        Ui_text(1, 2, cols - 4, ROLE_TITLE, "Saved games, newest first (%d)", s->count);
    Ui_text(2, 2, cols - 4, ROLE_LABEL, "%-*s  %-*s %-*s %*s  %-*s White - Black", SAVED_WHEN_W,
            "Saved", SAVED_GAME_W, "Game", SAVED_RESULT_W, "Result", SAVED_MOVES_W, "Moves",
            SAVED_CLOCK_W, "Clock");
    s->height = rows - LIST_TOP - FOOTER_ROWS;
    if (s->row < s->scroll)
        s->scroll = s->row;
    if (s->row >= s->scroll + s->height)
        s->scroll = s->row - s->height + 1;
    for (int i = 0; i < s->height && s->scroll + i < s->nshown; i++)
        SavedScreen_drawLine(&s->games[s->shown[s->scroll + i]], LIST_TOP + i, cols,
                             s->scroll + i == s->row);
    if (s->count == 0 && !s->message[0])
        Ui_text(LIST_TOP, 2, cols - 4, ROLE_INFO,
                "No saved games yet: :save NAME keeps the game in play there.");
    else if (s->nshown == 0 && s->count > 0)
        Ui_text(LIST_TOP, 2, cols - 4, ROLE_INFO, "No saved game holds \"%s\".", s->filter.buf);
    SavedScreen_drawFooter(rows, cols);
}

static void SavedScreen_move(int delta)
{
    SavedState *s = &saved;
    if (s->nshown == 0)
        return;
    int row = s->row + delta;
    s->row = row < 0 ? 0 : row >= s->nshown ? s->nshown - 1 : row;
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

static void SavedScreen_free(void)
{
    free(saved.games);
    free(saved.shown);
    saved.games = NULL;
    saved.shown = NULL;
    saved.count = saved.nshown = 0;
}

static void SavedScreen_close(void)
{
    SavedScreen_free();
    Nav_show(SCREEN_GAME);
}

static void SavedScreen_say(bool error, const char *text, ...)
    __attribute__((format(printf, 2, 3)));

static void SavedScreen_say(bool error, const char *text, ...)
{
    va_list ap;
    va_start(ap, text);
    vsnprintf(saved.message, sizeof saved.message, text, ap);
    va_end(ap);
    saved.message_error = error;
}

/* Loads through the ':load' command, so that the checks and messages are
 * the same as for a name typed. */
static void SavedScreen_load(void)
{
    const SavedGame *g = SavedScreen_chosen();
    if (g == NULL) {
        SavedScreen_say(true, "there is no game to load: Esc goes back");
        return;
    }
    char name[] = "load", path[PATHS_MAX];
    snprintf(path, sizeof path, "%s", g->path); /* the list goes now */
    char *argv[] = {name, path, NULL};
    const Command *load = Commands_byName("load");
    SavedScreen_close();
    load->fn(App_play(), 2, argv);
}

static void SavedScreen_openFilter(void)
{
    LineEdit_open(&saved.filter);
    saved.filter.buf[0] = '\0';
    SavedScreen_filter();
}

static void SavedScreen_askDelete(void)
{
    if (SavedScreen_chosen() == NULL)
        SavedScreen_say(true, "there is no game to delete");
    else
        saved.confirm_delete = true;
}

/* The file goes, and its line with it; the list is not read again. */
static void SavedScreen_delete(void)
{
    SavedState *s = &saved;
    char err[ERROR_MAX], name[sizeof s->games[0].name];
    int index = s->shown[s->row];
    snprintf(name, sizeof name, "%s", s->games[index].name);
    if (!Saved_forget(s->games[index].path, err, sizeof err)) {
        SavedScreen_say(true, "could not delete %s: %s", name, err);
        return;
    }
    memmove(&s->games[index], &s->games[index + 1],
            (size_t)(s->count - index - 1) * sizeof s->games[0]);
    s->count--;
    SavedScreen_filter();
    SavedScreen_say(false, "deleted %s", name);
}

static void SavedScreen_confirmKey(int key)
{
    saved.confirm_delete = false;
    if (key == 'y' || key == 'Y')
        SavedScreen_delete();
    else
        SavedScreen_say(false, "nothing deleted");
}

/* The list follows each key typed; Esc shows every game again, Enter
 * keeps the filter for choosing. */
static void SavedScreen_filterKey(int key)
{
    LineEdit_key(&saved.filter, key); /* Enter keeps the text, Esc empties it */
    SavedScreen_filter();
}

static const ScreenKey saved_keys[] = {
    {{KEY_UP, 'k'}, "Up k", "the game above", SavedScreen_up},
    {{KEY_DOWN, 'j', '\t'}, "Down j Tab", "the game below", SavedScreen_down},
    {{KEY_PPAGE}, "PgUp", "a page up", SavedScreen_pageUp},
    {{KEY_NPAGE, ' '}, "PgDn Space", "a page down", SavedScreen_pageDown},
    {{KEY_HOME, 'g'}, "Home g", "the newest game", SavedScreen_first},
    {{KEY_END, 'G'}, "End G", "the oldest game", SavedScreen_last},
    {{'\n', '\r', KEY_ENTER}, "Enter click", "load the game chosen", SavedScreen_load},
    {{'/'},
     "/",
     "show only the games whose line holds the text typed (any case)",
     SavedScreen_openFilter},
    {{KEY_DC, 'd'},
     "Delete d",
     "delete the chosen game's file (asks first)",
     SavedScreen_askDelete},
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
    if (ev.y < LIST_TOP || row >= saved.nshown || ev.y >= LIST_TOP + saved.height)
        return;
    saved.row = row;
    SavedScreen_load();
}

static void SavedScreen_key(int key)
{
    saved.message[0] = '\0';
    if (saved.confirm_delete)
        SavedScreen_confirmKey(key);
    else if (saved.filter.active)
        SavedScreen_filterKey(key);
    else if (key == KEY_MOUSE)
        SavedScreen_mouse();
    else if (!ScreenKeys_run(saved_keys, NSAVED_KEYS, key))
        SavedScreen_say(true, "key %s does nothing here: see the line below", Keys_name(key));
}

static const Variant *SavedScreen_shown(void)
{
    return Session_variant(App_play()->s);
}

/* The list is read afresh each time, so that it shows what was saved since. */
static void SavedScreen_enter(const NavArgs *args)
{
    char err[ERROR_MAX];
    (void)args;
    SavedScreen_free();
    memset(&saved, 0, sizeof saved);
    if (!Saved_list(&saved.games, &saved.count, err, sizeof err))
        SavedScreen_say(true, "cannot read the saved games: %s", err);
    saved.shown = calloc((size_t)saved.count + 1, sizeof *saved.shown);
    if (saved.shown == NULL) {
        SavedScreen_free();
        SavedScreen_say(true, "cannot list the saved games: out of memory");
    }
    SavedScreen_filter();
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
