/* The start menu: which game (with its one-line summary), who plays each
 * side, the engine level, the clock and how the array is chosen. Each line
 * is a row of the field table below; Left/Right change it, Enter starts. */
#include "ui/menu_screen.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/setup.h"
#include "core/timecontrol.h"
#include "net/lobby.h"
#include "record/autosave.h"
#include "ui/app.h"
#include "ui/colors.h"
#include "ui/columns.h"
#include "ui/keys.h"
#include "ui/lineedit.h"
#include "ui/nav.h"
#include "ui/netmenu.h"
#include "ui/ui.h"

/* The start menu's lines; FIELD_RESUME shows only when a saved game exists.
 * FIELD_JOIN and FIELD_INVITE are games between terminals (netmenu.h). */
typedef enum {
    FIELD_GAME,
    FIELD_WHITE,
    FIELD_BLACK,
    FIELD_LEVEL,
    FIELD_CLOCK,
    FIELD_SETUP,
    FIELD_BELL,
    FIELD_START,
    FIELD_RESUME,
    FIELD_JOIN,
    FIELD_INVITE,
    FIELD_COUNT
} MenuField;

#define MENU_APART_MAX 8 /* games played apart offered on the Resume line */

/* The start menu's choices, kept between games. */
typedef struct {
    int row;
    int value[FIELD_COUNT];
    bool resume;                         /* a saved game in progress can be resumed */
    AutosaveApart apart[MENU_APART_MAX]; /* and after it, games played apart (Resume's values) */
    int napart;
    bool keyed;                        /* a key came since the menu was set up */
    char saved_game[PLAY_MESSAGE_MAX]; /* that game, described */
    bool clock_typed; /* a clock typed in (or given with --time) follows the presets */
    int typed_base_ms, typed_inc_ms;
    LineEdit clock_line; /* the clock being typed on the Clock line */
} MenuState;

static MenuState menu;

static void MenuScreen_initClock(MenuState *m, int base_ms, int inc_ms);

static const struct {
    int base_min, inc_s;
} clocks[] = {{0, 0}, {3, 2}, {5, 0}, {10, 5}, {15, 10}, {30, 0}, {60, 30}};
#define NCLOCKS ((int)(sizeof clocks / sizeof clocks[0]))

/* Value v of the Clock line: a preset, or (v == NCLOCKS) the clock typed. */
static void MenuScreen_clock(const MenuState *m, int v, int *base_ms, int *inc_ms)
{
    if (v >= NCLOCKS) {
        *base_ms = m->typed_base_ms;
        *inc_ms = m->typed_inc_ms;
        return;
    }
    *base_ms = clocks[v].base_min * 60000;
    *inc_ms = clocks[v].inc_s * 1000;
}

static const Variant *MenuScreen_variant(const MenuState *m)
{
    return Variant_get((VariantId)m->value[FIELD_GAME]);
}

static int MenuScreen_methods(const MenuState *m, SetupMethod out[SETUP_MAX_METHODS])
{
    return SetupMethod_offered(MenuScreen_variant(m), m->value[FIELD_BLACK] == SEAT_ENGINE, out);
}

/* The game played apart that the Resume line shows, or NULL for the
 * state file's game. */
static const AutosaveApart *MenuScreen_apart(const MenuState *m)
{
    int i = m->value[FIELD_RESUME] - (m->resume ? 1 : 0);
    return i >= 0 && i < m->napart ? &m->apart[i] : NULL;
}

/* How many values each line has; 0 for lines that are actions. */
static int MenuScreen_count(const MenuState *m, MenuField f)
{
    SetupMethod methods[SETUP_MAX_METHODS];
    switch (f) {
        case FIELD_GAME: return VARIANT_COUNT;
        case FIELD_WHITE:
        case FIELD_BLACK: return 2;
        case FIELD_LEVEL: return LEVEL_MAX;
        case FIELD_CLOCK: return NCLOCKS + m->clock_typed;
        case FIELD_SETUP: return MenuScreen_methods(m, methods);
        case FIELD_JOIN: return NetMenu_games() > 1 ? NetMenu_games() : 0;
        case FIELD_INVITE: return NetMenu_accounts() > 1 ? NetMenu_accounts() : 0;
        case FIELD_BELL: return 2;
        case FIELD_RESUME: return m->resume + m->napart > 1 ? m->resume + m->napart : 0;
        default: return 0;
    }
}

static void MenuScreen_describe(const MenuState *m, MenuField f, char *buf, size_t len)
{
    SetupMethod methods[SETUP_MAX_METHODS];
    int v = m->value[f];
    switch (f) {
        case FIELD_GAME: snprintf(buf, len, "%s", MenuScreen_variant(m)->title); break;
        case FIELD_WHITE:
        case FIELD_BLACK:
            snprintf(buf, len, "%s", v == SEAT_ENGINE ? "the engine" : "a person");
            break;
        case FIELD_LEVEL: snprintf(buf, len, "%d of %d", v + 1, LEVEL_MAX); break;
        case FIELD_CLOCK: {
            int base_ms, inc_ms;
            MenuScreen_clock(m, v, &base_ms, &inc_ms);
            if (base_ms == 0)
                snprintf(buf, len, "none   (or type M+S or Ns+S)");
            else if (base_ms % 60000 == 0)
                snprintf(buf, len, "%d min + %d s a move", base_ms / 60000, inc_ms / 1000);
            else
                snprintf(buf, len, "%d s + %d s a move", base_ms / 1000, inc_ms / 1000);
            break;
        }
        case FIELD_SETUP:
            MenuScreen_methods(m, methods);
            v = v < MenuScreen_count(m, f) ? v : 0;
            snprintf(buf, len, "%s", SetupMethod_name(methods[v]));
            break;
        case FIELD_BELL:
            snprintf(buf, len, "%s", v ? "on: bell and title when the other side moved" : "off");
            break;
        case FIELD_START: snprintf(buf, len, "Start the game"); break;
        case FIELD_RESUME:
            snprintf(buf, len, "%s",
                     MenuScreen_apart(m) != NULL ? "Resume a game played apart"
                                                 : "Resume the saved game");
            break;
        case FIELD_JOIN:
            if (NetMenu_games() == 0 && NetMenu_looking())
                snprintf(buf, len, "looking for invitations and games...");
            else if (NetMenu_games() == 0)
                snprintf(buf, len, "no invitation or game for you (Enter looks again)");
            else
                snprintf(buf, len, "%s", NetMenu_game(v < NetMenu_games() ? v : 0));
            break;
        case FIELD_INVITE:
            if (NetMenu_guest()[0] == '\0')
                snprintf(buf, len, "type a user name");
            else
                snprintf(buf, len, "%s%s on another terminal", NetMenu_guest(),
                         NetMenu_typing() ? "_" : "");
            break;
        default: buf[0] = '\0'; break;
    }
}

static const char *labels[FIELD_COUNT] = {"Game", "White", "Black", "Level", "Clock", "Setup",
                                          "Bell", "",      "",      "Join",  "Invite"};

static bool MenuScreen_shows(const MenuState *m, int f)
{
    if (f == FIELD_INVITE) /* accounts: none on a public server */
        return !NetMenu_onServer();
    return f != FIELD_RESUME || m->resume || m->napart > 0;
}

/* The screen row of line f (hidden lines take none). */
static int MenuScreen_rowOf(const MenuState *m, int f)
{
    int row = 0;
    for (int i = 0; i < f; i++)
        row += MenuScreen_shows(m, i);
    return row;
}

/* The line on screen row y, or -1. */
static int MenuScreen_fieldAt(const MenuState *m, int y)
{
    for (int f = 0; f < FIELD_COUNT; f++)
        if (MenuScreen_shows(m, f) && MenuScreen_rowOf(m, f) == y)
            return f;
    return -1;
}

static void MenuScreen_minSize(const Variant *v, int *rows, int *cols)
{
    (void)v;
    *rows = FIELD_COUNT + 8;
    *cols = 60;
}

/* Where the lines are drawn, which the mouse needs too. */
#define MENU_TOP 3
#define MENU_VALUE_X 12

typedef struct {
    int y, last;
} NoteLines;

static void MenuScreen_noteLine(void *ctx, const char *s, int n)
{
    NoteLines *at = ctx;
    if (at->y <= at->last)
        Ui_text(at->y++, 2, n, ROLE_ERROR, "%.*s", n, s);
}

/* A note names files, so it may need several lines. */
static void MenuScreen_drawNote(const char *note, int top, int last, int width)
{
    NoteLines at = {top, last};
    Ui_wrap(note, width, MenuScreen_noteLine, &at);
}

/* The clock being typed replaces the Clock line's value, with the cursor. */
static void MenuScreen_drawClockLine(const MenuState *m, int cols)
{
    const LineEdit *le = &m->clock_line;
    if (!le->active)
        return;
    int y = MENU_TOP + MenuScreen_rowOf(m, FIELD_CLOCK), width = cols - MENU_VALUE_X - 2;
    int scroll = LineEdit_scroll(le, width - 30);
    move(y, MENU_VALUE_X);
    clrtoeol();
    Ui_text(y, MENU_VALUE_X, width, ROLE_MENU_CURRENT, "[ %s ]", le->buf + scroll);
    int shown = LineEdit_columns(le, scroll, le->len);
    Ui_text(y, MENU_VALUE_X + 6 + shown, width - 6 - shown, ROLE_LABEL,
            "M+S, Enter sets it, Esc cancels");
    move(y, MENU_VALUE_X + 2 + LineEdit_cursorColumn(le, width - 30));
    curs_set(1);
}

static void MenuScreen_draw(int rows, int cols)
{
    MenuState *m = &menu;
    char value[NET_LOBBY_LINE];
    curs_set(0);
    Ui_text(1, 2, cols - 2, ROLE_TITLE, "Zanzibar - five large chess variants");
    for (int f = 0; f < FIELD_COUNT; f++) {
        if (!MenuScreen_shows(m, f))
            continue;
        int y = MENU_TOP + MenuScreen_rowOf(m, f);
        MenuScreen_describe(m, (MenuField)f, value, sizeof value);
        bool choice = MenuScreen_count(m, (MenuField)f) > 0;
        int role = f == m->row ? ROLE_MENU_CURRENT : ROLE_NORMAL;
        Ui_text(y, 2, MENU_VALUE_X - 2, ROLE_LABEL, "%s", labels[f]);
        Ui_text(y, MENU_VALUE_X, cols - MENU_VALUE_X - 2, role, choice ? "< %s >" : "[ %s ]",
                value);
    }
    const AutosaveApart *apart = MenuScreen_apart(m);
    if (apart != NULL) /* which game the Resume line brings back */
        Ui_text(MENU_TOP + FIELD_COUNT, MENU_VALUE_X, cols - MENU_VALUE_X - 2, ROLE_INFO, "%s (%s)",
                apart->desc, apart->name);
    else if (m->resume)
        Ui_text(MENU_TOP + FIELD_COUNT, MENU_VALUE_X, cols - MENU_VALUE_X - 2, ROLE_INFO, "%s",
                m->saved_game);
    Ui_text(4 + FIELD_COUNT, 2, cols - 4, ROLE_INFO, "%s", MenuScreen_variant(m)->summary);
    MenuScreen_drawNote(Nav_noteText(), 5 + FIELD_COUNT, rows - 2, cols - 4);
    Ui_text(rows - 1, 0, cols, ROLE_LABEL, "%s",
            m->row == FIELD_INVITE ? "type a user name or Left/Right pick one  Enter invite  "
                                     "Esc or Up/Down other lines"
                : Session_hasGame(App_play()->s)
                ? "arrows choose  Enter start  Esc back to the game  ? help  q quit"
                : "arrows or a click choose  Enter start  ? help  q quit");
    MenuScreen_drawClockLine(m, cols); /* last: it leaves the cursor in the line */
}

static void MenuScreen_change(MenuState *m, int delta)
{
    int n = MenuScreen_count(m, (MenuField)m->row);
    if (n == 0)
        return;
    m->value[m->row] = (m->value[m->row] + delta + n) % n;
    /* A new game or a new Black player changes the setup methods offered. */
    if (m->row == FIELD_GAME || m->row == FIELD_BLACK)
        m->value[FIELD_SETUP] = 0;
    if (m->row == FIELD_INVITE)
        NetMenu_pickAccount(m->value[FIELD_INVITE]);
}

void MenuScreen_apply(void)
{
    MenuState *m = &menu;
    Match_choosePlayers(App_play()->match, (SeatKind)m->value[FIELD_WHITE],
                        (SeatKind)m->value[FIELD_BLACK], m->value[FIELD_LEVEL] + 1);
    App_play()->bell = m->value[FIELD_BELL] != 0;
    int base_ms, inc_ms;
    MenuScreen_clock(m, m->value[FIELD_CLOCK], &base_ms, &inc_ms);
    Play_setClock(App_play(), base_ms, inc_ms);
}

/* The menu's choices become the game just resumed's: n after it offers
 * that game again, not what the command line said before. */
static void MenuScreen_followGame(MenuState *m)
{
    const GameSession *g = App_play()->s;
    int base_ms = 0, inc_ms = 0;
    m->value[FIELD_GAME] = (int)Session_variant(g)->id;
    for (int side = 0; side < 2; side++)
        if (Session_seat(g, side) == SEAT_HUMAN || Session_seat(g, side) == SEAT_ENGINE)
            m->value[side == WHITE ? FIELD_WHITE : FIELD_BLACK] = Session_seat(g, side);
    m->value[FIELD_LEVEL] = Session_level(g) - 1;
    Session_timeControl(g, &base_ms, &inc_ms);
    m->clock_typed = false;
    MenuScreen_initClock(m, base_ms, inc_ms);
}

void MenuScreen_resume(void)
{
    char err[160];
    if (!Match_resume(App_play()->match, err, sizeof err)) {
        Nav_note("cannot resume: %s", err);
        menu.resume = false;
        menu.value[FIELD_RESUME] = 0;
        menu.row = menu.napart > 0 ? FIELD_RESUME : FIELD_START;
        return;
    }
    Play_update(App_play());
    MenuScreen_followGame(&menu);
    Play_say(App_play(), "resumed the saved game");
    Nav_show(SCREEN_GAME);
}

/* A game played apart goes on in its own file; the state file's game
 * stays offered. */
static void MenuScreen_resumeApart(MenuState *m, const AutosaveApart *a)
{
    char err[160], name[sizeof a->name];
    snprintf(name, sizeof name, "%s", a->name);
    bool ok = Match_resumeApart(App_play()->match, a->path, err, sizeof err);
    int i = (int)(a - m->apart);
    memmove(&m->apart[i], &m->apart[i + 1], (size_t)(m->napart - i - 1) * sizeof m->apart[0]);
    m->napart--;
    m->value[FIELD_RESUME] = 0;
    if (!ok) {
        Nav_note("cannot resume %s: %s", name, err);
        m->row = m->resume || m->napart > 0 ? FIELD_RESUME : FIELD_START;
        return;
    }
    Play_update(App_play());
    MenuScreen_followGame(m);
    Play_say(App_play(), "resumed the game played apart; it stays in %s", name);
    Nav_show(SCREEN_GAME);
}

/* The setup chosen: the setup screen gives its position to done, or to a
 * game here when done is NULL. */
static void MenuScreen_setup(MenuState *m, void (*done)(const Position *pos))
{
    SetupMethod methods[SETUP_MAX_METHODS];
    int n = MenuScreen_methods(m, methods);
    int method = m->value[FIELD_SETUP] < n ? m->value[FIELD_SETUP] : 0;
    Nav_setupFor(MenuScreen_variant(m), methods[method], done);
}

/* The setup chosen is Black's to make (with the cursor or by number): in
 * an invitation, the guest, who plays Black, makes it on joining. */
static bool MenuScreen_blackArranges(const MenuState *m)
{
    SetupMethod methods[SETUP_MAX_METHODS];
    int n = MenuScreen_methods(m, methods);
    SetupMethod chosen = methods[m->value[FIELD_SETUP] < n ? m->value[FIELD_SETUP] : 0];
    return chosen == METHOD_CURSOR || chosen == METHOD_NUMBER;
}

/* A game between terminals: the one shown (joined, resumed or watched), or
 * an invitation to the user named, with the game, clock and setup chosen. */
static void MenuScreen_between(void)
{
    MenuState *m = &menu;
    if (m->row == FIELD_INVITE) {
        int base_ms, inc_ms;
        MenuScreen_clock(m, m->value[FIELD_CLOCK], &base_ms, &inc_ms);
        if (!NetMenu_prepareInvite(base_ms, inc_ms))
            return;
        if (MenuScreen_blackArranges(m))
            NetMenu_inviteArranged(MenuScreen_variant(m)); /* the guest, Black, arranges */
        else
            MenuScreen_setup(m, NetMenu_inviteFrom); /* the invitation leaves with it */
    } else if (NetMenu_games() > 0) {
        int base_ms, inc_ms;
        MenuScreen_clock(m, m->value[FIELD_CLOCK], &base_ms, &inc_ms);
        NetMenu_open(m->value[FIELD_JOIN] < NetMenu_games() ? m->value[FIELD_JOIN] : 0,
                     MenuScreen_variant(m), base_ms, inc_ms);
    } else {
        NetMenu_scan();
        m->value[FIELD_JOIN] = 0;
        Nav_note("%s", NetMenu_games() || NetMenu_looking() ? "" : "nobody has invited you yet");
    }
}

/* A resumed game against the engine takes one of a server's engines for
 * the game, as a new one does; when none is free its engine moves once
 * one is (each search takes one). */
static void MenuScreen_takeEngineResumed(void)
{
    char why[NAV_NOTE_MAX];
    const GameSession *s = App_play()->s;
    bool engine = Session_seat(s, WHITE) == SEAT_ENGINE || Session_seat(s, BLACK) == SEAT_ENGINE;
    if (Nav_current() == SCREEN_GAME && engine && !NetMenu_takeEngine(why, sizeof why))
        Play_error(App_play(), "%s; the engine moves once one is free", why);
}

static void MenuScreen_start(void)
{
    MenuState *m = &menu;
    NetMenu_forgetInvite(); /* one left by a setup screen that was left */
    Nav_note("%s", "");
    if (m->row == FIELD_RESUME) {
        if (MenuScreen_apart(m) != NULL)
            MenuScreen_resumeApart(m, MenuScreen_apart(m));
        else
            MenuScreen_resume();
        MenuScreen_takeEngineResumed();
        return;
    }
    if (m->row == FIELD_JOIN || m->row == FIELD_INVITE) {
        MenuScreen_between();
        return;
    }
    char why[NAV_NOTE_MAX];
    bool engine = m->value[FIELD_WHITE] == SEAT_ENGINE || m->value[FIELD_BLACK] == SEAT_ENGINE;
    if (engine && !NetMenu_takeEngine(why, sizeof why)) {
        Nav_note("%s", why);
        return;
    }
    MenuScreen_apply();
    MenuScreen_setup(m, NULL);
}

static void MenuScreen_up(void)
{
    do
        menu.row = (menu.row + FIELD_COUNT - 1) % FIELD_COUNT;
    while (!MenuScreen_shows(&menu, menu.row));
}

static void MenuScreen_down(void)
{
    do
        menu.row = (menu.row + 1) % FIELD_COUNT;
    while (!MenuScreen_shows(&menu, menu.row));
}

static void MenuScreen_first(void)
{
    menu.row = FIELD_GAME;
}

static void MenuScreen_previous(void)
{
    MenuScreen_change(&menu, -1);
}

static void MenuScreen_next(void)
{
    MenuScreen_change(&menu, 1);
}

static void MenuScreen_help(void)
{
    Nav_openHelp(MenuScreen_variant(&menu), -1);
}

static void MenuScreen_quit(void)
{
    if (Play_inProgress(App_play())) {
        Nav_askQuit(); /* the question is asked over the game it concerns */
    } else {
        Nav_quit();
    }
}

static void MenuScreen_back(void)
{
    if (Session_hasGame(App_play()->s))
        Nav_show(SCREEN_GAME);
    else
        Nav_note("no game to go back to: Enter starts one");
}

static const ScreenKey menu_keys[] = {
    {{KEY_UP, 'k'}, "Up k", "the line above", MenuScreen_up},
    {{KEY_DOWN, 'j', '\t'}, "Down j Tab", "the line below", MenuScreen_down},
    {{KEY_HOME, 'g'}, "Home g", "the first line (the game)", MenuScreen_first},
    {{KEY_LEFT, 'h'}, "Left h", "the previous choice on this line", MenuScreen_previous},
    {{KEY_RIGHT, 'l', ' '}, "Right l Space", "the next choice on this line", MenuScreen_next},
    {{'\n', '\r', KEY_ENTER},
     "Enter",
     "start the game (or resume, join or invite, on those lines; on the Invite line, "
     "type the user name first)",
     MenuScreen_start},
    {{'?', KEY_F(1)}, "? F1", "help on the game chosen", MenuScreen_help},
    {{KEY_ESC}, "Esc", "back to the game in progress", MenuScreen_back},
    {{'q'}, "q", "quit (asks during a game)", MenuScreen_quit},
    /* Digits are read by MenuScreen_clockKey; the row is for the help. */
    {{0}, "0-9 +", "on the Clock line: type any clock as M+S (10+5), then Enter", NULL},
};

#define NMENU_KEYS ((int)(sizeof menu_keys / sizeof menu_keys[0]))

/* A click picks the line; on a value, its left part ("<" side) steps back
 * and the rest steps on; on "Start" or "Resume" it starts. */
static void MenuScreen_click(int y, int x)
{
    MenuState *m = &menu;
    int f = MenuScreen_fieldAt(m, y - MENU_TOP);
    if (f < 0)
        return;
    m->row = f;
    if (x < MENU_VALUE_X)
        return;
    if (MenuScreen_count(m, (MenuField)f) == 0) {
        MenuScreen_start();
        return;
    }
    char value[NET_LOBBY_LINE];
    MenuScreen_describe(m, (MenuField)f, value, sizeof value);
    int middle = MENU_VALUE_X + 2 + Columns_count(value, (int)strlen(value)) / 2;
    MenuScreen_change(m, x < middle ? -1 : 1);
}

static void MenuScreen_mouse(void)
{
    MEVENT ev;
    if (getmouse(&ev) == OK && (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        MenuScreen_click(ev.y, ev.x);
}

/* A clock typed as M+S becomes the Clock line's last value, or is refused
 * with the reason while the line stays open for mending. */
static void MenuScreen_clockDone(MenuState *m)
{
    int base_ms, inc_ms;
    char text[LINEEDIT_MAX + 1];
    snprintf(text, sizeof text, "%s", m->clock_line.buf);
    if (!TimeControl_read(text, &base_ms, &inc_ms)) {
        Nav_note("clock: '%s' is not M+S such as 10+5, nor Ns+S such as 30s+1 (up to %d "
                 "minutes, 0 to %d seconds a move)",
                 text, TIMECONTROL_MAX_MINUTES, TIMECONTROL_MAX_INCREMENT_S);
        LineEdit_open(&m->clock_line);
        for (const char *c = text; *c; c++)
            LineEdit_key(&m->clock_line, (unsigned char)*c);
        return;
    }
    m->clock_typed = true;
    m->typed_base_ms = base_ms;
    m->typed_inc_ms = inc_ms;
    m->value[FIELD_CLOCK] = NCLOCKS;
}

/* True when the key went to the clock being typed (or started it). */
static bool MenuScreen_clockKey(MenuState *m, int key)
{
    LineEdit *le = &m->clock_line;
    if (!le->active) {
        if (m->row != FIELD_CLOCK || key < '0' || key > '9')
            return false;
        LineEdit_open(le);
    }
    LineState st = LineEdit_key(le, key);
    if (st == LINE_DONE)
        MenuScreen_clockDone(m);
    return true;
}

static void MenuScreen_key(int key)
{
    menu.keyed = true;
    Nav_note("%s", "");
    if (MenuScreen_clockKey(&menu, key))
        return;
    if (menu.row == FIELD_INVITE && key == KEY_ESC) {
        /* Letters are a name on this line: Esc leaves it, so that q quits. */
        NetMenu_endTyping();
        menu.row = FIELD_START;
        return;
    }
    if (menu.row == FIELD_INVITE && NetMenu_typeKey(key))
        return; /* the Invite line takes a typed user name */
    if (key == KEY_MOUSE)
        MenuScreen_mouse();
    else if (!ScreenKeys_run(menu_keys, NMENU_KEYS, key))
        Nav_note("key %s does nothing here: see the line below", Keys_name(key));
}

/* The games between terminals join the Join line as their hosts answer;
 * the game chosen there stays chosen, and the first invitation takes the
 * cursor to that line while nobody has pressed a key. */
static bool MenuScreen_tick(void)
{
    MenuState *m = &menu;
    char chosen[256];
    snprintf(chosen, sizeof chosen, "%s", NetMenu_game(m->value[FIELD_JOIN]));
    int invitations = NetMenu_invitations();
    if (!NetMenu_pump())
        return false;
    int at = NetMenu_find(chosen);
    m->value[FIELD_JOIN] = at >= 0 ? at : 0;
    if (!m->keyed && m->row == FIELD_START && invitations == 0 && NetMenu_invitations() > 0)
        m->row = FIELD_JOIN;
    return true;
}

static const Variant *MenuScreen_shown(void)
{
    return MenuScreen_variant(&menu);
}

/* The clock of --time: its preset, or a typed clock of its own. */
static void MenuScreen_initClock(MenuState *m, int base_ms, int inc_ms)
{
    for (int v = 0; v < NCLOCKS; v++) {
        int b, i;
        MenuScreen_clock(m, v, &b, &i);
        if (b == base_ms && i == inc_ms) {
            m->value[FIELD_CLOCK] = v;
            return;
        }
    }
    m->clock_typed = true;
    m->typed_base_ms = base_ms;
    m->typed_inc_ms = inc_ms;
    m->value[FIELD_CLOCK] = NCLOCKS;
}

/* Sets the menu's choices from the command line. */
void MenuScreen_init(const UiStart *start)
{
    MenuState *m = &menu;
    const Variant *offered = start->variant ? start->variant : start->menu_variant;
    m->value[FIELD_GAME] = offered ? (int)offered->id : 0;
    m->value[FIELD_WHITE] = SEAT_HUMAN;
    /* A game named on the command line is between two people unless the
     * players are given; the menu proposes a game against the engine. */
    bool named = start->variant || start->load_file;
    m->value[FIELD_BLACK] = named ? SEAT_HUMAN : SEAT_ENGINE;
    if (start->players_given) {
        m->value[FIELD_WHITE] = start->player[WHITE];
        m->value[FIELD_BLACK] = start->player[BLACK];
    }
    bool level_given = start->level >= LEVEL_MIN && start->level <= LEVEL_MAX;
    int level = level_given ? start->level : 5;
    m->value[FIELD_LEVEL] = level - 1;
    MenuScreen_initClock(m, start->time_base_ms, start->time_inc_ms);
    m->value[FIELD_BELL] = start->bell;
    char err[NAV_NOTE_MAX - 64];
    AutosaveResult saved = Autosave_peek(m->saved_game, sizeof m->saved_game, err, sizeof err);
    if (saved == AUTOSAVE_DAMAGED)
        Nav_note("the saved game cannot be resumed: %s", err);
    m->resume = saved == AUTOSAVE_FOUND;
    m->napart = Autosave_apartGames(m->apart, MENU_APART_MAX);
    Match_setStateFileForeign(App_play()->match, m->resume);
    NetMenu_scan();
    m->keyed = false;
    m->row = m->resume || m->napart > 0 ? FIELD_RESUME
        : NetMenu_invitations()         ? FIELD_JOIN
                                        : FIELD_START;
}

const char *MenuScreen_savedGame(void)
{
    return menu.resume ? menu.saved_game : NULL;
}

void MenuScreen_forgetSaved(void)
{
    menu.resume = false;
    menu.napart = 0;
    menu.row = FIELD_START;
}

const Screen MenuScreen = {
    .draw = MenuScreen_draw,
    .key = MenuScreen_key,
    .minSize = MenuScreen_minSize,
    .variant = MenuScreen_shown,
    .keys = menu_keys,
    .nkeys = NMENU_KEYS,
    .pollFds = NetMenu_pollFds,
    .waitMs = NetMenu_waitMs,
    .tick = MenuScreen_tick,
};
