/* The start menu: which game (with its one-line summary), who plays each
 * side, the engine level, the clock and how the array is chosen. Each line
 * is a row of the field table below; Left/Right change it, Enter starts. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/setup.h"
#include "record/autosave.h"
#include "ui/colors.h"
#include "ui/screen.h"

#define KEY_ESC 27

static const struct {
    int base_min, inc_s;
} clocks[] = {{0, 0}, {3, 2}, {5, 0}, {10, 5}, {15, 10}, {30, 0}, {60, 30}};
#define NCLOCKS ((int)(sizeof clocks / sizeof clocks[0]))

static const Variant *MenuScreen_variant(const MenuState *m)
{
    return Variant_get((VariantId)m->value[FIELD_GAME]);
}

static int MenuScreen_methods(const MenuState *m, SetupMethod out[SETUP_MAX_METHODS])
{
    return SetupScreen_methods(MenuScreen_variant(m), m->value[FIELD_BLACK] == PLAYER_ENGINE, out);
}

/* How many values each line has; 0 for lines that are actions. */
static int MenuScreen_count(const MenuState *m, MenuField f)
{
    SetupMethod methods[SETUP_MAX_METHODS];
    switch (f) {
    case FIELD_GAME: return VARIANT_COUNT;
    case FIELD_WHITE: case FIELD_BLACK: return 2;
    case FIELD_LEVEL: return ENGINE_LEVEL_MAX;
    case FIELD_CLOCK: return NCLOCKS;
    case FIELD_SETUP: return MenuScreen_methods(m, methods);
    default: return 0;
    }
}

static void MenuScreen_describe(const MenuState *m, MenuField f, char *buf, size_t len)
{
    SetupMethod methods[SETUP_MAX_METHODS];
    int v = m->value[f];
    switch (f) {
    case FIELD_GAME: snprintf(buf, len, "%s", MenuScreen_variant(m)->title); break;
    case FIELD_WHITE: case FIELD_BLACK:
        snprintf(buf, len, "%s", v == PLAYER_ENGINE ? "the engine" : "a person"); break;
    case FIELD_LEVEL: snprintf(buf, len, "%d of %d", v + 1, ENGINE_LEVEL_MAX); break;
    case FIELD_CLOCK:
        if (clocks[v].base_min == 0)
            snprintf(buf, len, "none");
        else
            snprintf(buf, len, "%d min + %d s a move", clocks[v].base_min, clocks[v].inc_s);
        break;
    case FIELD_SETUP:
        MenuScreen_methods(m, methods);
        v = v < MenuScreen_count(m, f) ? v : 0;
        snprintf(buf, len, "%s", SetupScreen_methodName(methods[v]));
        break;
    case FIELD_START: snprintf(buf, len, "Start the game"); break;
    case FIELD_RESUME: snprintf(buf, len, "Resume the saved game"); break;
    default: buf[0] = '\0'; break;
    }
}

static const char *labels[FIELD_COUNT] = {"Game", "White", "Black", "Level", "Clock", "Setup", "",
                                          ""};

static int MenuScreen_rows(const MenuState *m)
{
    return m->resume ? FIELD_COUNT : FIELD_RESUME;
}

static void MenuScreen_minSize(const Ui *ui, int *rows, int *cols)
{
    (void)ui;
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

static void MenuScreen_draw(Ui *ui, int rows, int cols)
{
    MenuState *m = &ui->menu;
    char value[80];
    curs_set(0);
    Ui_text(1, 2, cols - 2, ROLE_TITLE, "Zanzibar - five large chess variants");
    for (int f = 0; f < MenuScreen_rows(m); f++) {
        MenuScreen_describe(m, (MenuField)f, value, sizeof value);
        bool choice = MenuScreen_count(m, (MenuField)f) > 0;
        int role = f == m->row ? ROLE_MENU_CURRENT : ROLE_NORMAL;
        Ui_text(MENU_TOP + f, 2, MENU_VALUE_X - 2, ROLE_LABEL, "%s", labels[f]);
        Ui_text(MENU_TOP + f, MENU_VALUE_X, cols - MENU_VALUE_X - 2, role,
                choice ? "< %s >" : "[ %s ]", value);
    }
    Ui_text(4 + FIELD_COUNT, 2, cols - 4, ROLE_INFO, "%s", MenuScreen_variant(m)->summary);
    MenuScreen_drawNote(ui->note, 5 + FIELD_COUNT, rows - 2, cols - 4);
    Ui_text(rows - 1, 0, cols, ROLE_LABEL,
            "arrows or a click choose  Enter start  ? help  q quit");
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
}

void MenuScreen_apply(Ui *ui)
{
    MenuState *m = &ui->menu;
    ui->play.player[WHITE] = (PlayerKind)m->value[FIELD_WHITE];
    ui->play.player[BLACK] = (PlayerKind)m->value[FIELD_BLACK];
    ui->play.level = m->value[FIELD_LEVEL] + 1;
    int c = m->value[FIELD_CLOCK];
    Play_setClock(&ui->play, clocks[c].base_min * 60000, clocks[c].inc_s * 1000);
}

void MenuScreen_resume(Ui *ui)
{
    char err[160];
    Position start;
    Game g;
    Session s;
    Position_start(&start, MenuScreen_variant(&ui->menu));
    if (!Game_init(&g, &start)) {
        snprintf(ui->note, sizeof ui->note, "out of memory");
        return;
    }
    if (Autosave_load(&g, &s, err, sizeof err) != AUTOSAVE_FOUND) {
        snprintf(ui->note, sizeof ui->note, "cannot resume: %s", err);
        ui->menu.resume = false;
        ui->menu.row = FIELD_START;
        Game_free(&g);
        return;
    }
    ui->play.player[WHITE] = s.engine[WHITE] ? PLAYER_ENGINE : PLAYER_HUMAN;
    ui->play.player[BLACK] = s.engine[BLACK] ? PLAYER_ENGINE : PLAYER_HUMAN;
    ui->play.level = s.level > 0 ? s.level : ui->play.level;
    Play_setClock(&ui->play, s.base_ms, s.inc_ms);
    Play_adopt(&ui->play, &g);
    ui->play.clock.left_ms[WHITE] = s.clock_ms[WHITE];
    ui->play.clock.left_ms[BLACK] = s.clock_ms[BLACK];
    ui->autosave_foreign = false;
    Play_say(&ui->play, "resumed the saved game");
    Ui_show(ui, SCREEN_GAME);
}

static void MenuScreen_start(Ui *ui)
{
    MenuState *m = &ui->menu;
    SetupMethod methods[SETUP_MAX_METHODS];
    int n = MenuScreen_methods(m, methods);
    ui->note[0] = '\0';
    if (m->row == FIELD_RESUME) {
        MenuScreen_resume(ui);
        return;
    }
    MenuScreen_apply(ui);
    int method = m->value[FIELD_SETUP] < n ? m->value[FIELD_SETUP] : 0;
    SetupScreen_begin(ui, MenuScreen_variant(m), methods[method]);
}

static void MenuScreen_up(Ui *ui)
{
    int rows = MenuScreen_rows(&ui->menu);
    ui->menu.row = (ui->menu.row + rows - 1) % rows;
}

static void MenuScreen_down(Ui *ui)
{
    ui->menu.row = (ui->menu.row + 1) % MenuScreen_rows(&ui->menu);
}

static void MenuScreen_first(Ui *ui)
{
    ui->menu.row = FIELD_GAME;
}

static void MenuScreen_previous(Ui *ui)
{
    MenuScreen_change(&ui->menu, -1);
}

static void MenuScreen_next(Ui *ui)
{
    MenuScreen_change(&ui->menu, 1);
}

static void MenuScreen_help(Ui *ui)
{
    Ui_openHelp(ui, MenuScreen_variant(&ui->menu), false);
}

static void MenuScreen_quit(Ui *ui)
{
    if (Play_inProgress(&ui->play)) {
        Ui_show(ui, SCREEN_GAME); /* the question is asked over the game it concerns */
        ui->game.confirm_quit = true;
    } else {
        ui->quit = true;
    }
}

static void MenuScreen_back(Ui *ui)
{
    if (ui->play.active)
        Ui_show(ui, SCREEN_GAME);
    else
        snprintf(ui->note, sizeof ui->note, "no game to go back to: Enter starts one");
}

static const ScreenKey menu_keys[] = {
    {{KEY_UP, 'k'}, "Up k", "the line above", MenuScreen_up},
    {{KEY_DOWN, 'j', '\t'}, "Down j Tab", "the line below", MenuScreen_down},
    {{KEY_HOME, 'g'}, "Home g", "the first line (the game)", MenuScreen_first},
    {{KEY_LEFT, 'h'}, "Left h", "the previous choice on this line", MenuScreen_previous},
    {{KEY_RIGHT, 'l', ' '}, "Right l Space", "the next choice on this line", MenuScreen_next},
    {{'\n', '\r', KEY_ENTER}, "Enter", "start the game (or resume, on that line)", MenuScreen_start},
    {{'?', KEY_F(1)}, "? F1", "help on the game chosen", MenuScreen_help},
    {{KEY_ESC}, "Esc", "back to the game in progress", MenuScreen_back},
    {{'q'}, "q", "quit (asks during a game)", MenuScreen_quit},
};

const ScreenKey *MenuScreen_keys(int *n)
{
    *n = (int)(sizeof menu_keys / sizeof menu_keys[0]);
    return menu_keys;
}

/* A click picks the line; on a value, its left part ("<" side) steps back
 * and the rest steps on; on "Start" or "Resume" it starts. */
static void MenuScreen_click(Ui *ui, int y, int x)
{
    MenuState *m = &ui->menu;
    int f = y - MENU_TOP;
    if (f < 0 || f >= MenuScreen_rows(m))
        return;
    m->row = f;
    if (x < MENU_VALUE_X)
        return;
    if (MenuScreen_count(m, (MenuField)f) == 0) {
        MenuScreen_start(ui);
        return;
    }
    char value[80];
    MenuScreen_describe(m, (MenuField)f, value, sizeof value);
    int middle = MENU_VALUE_X + 2 + (int)strlen(value) / 2;
    MenuScreen_change(m, x < middle ? -1 : 1);
}

static void MenuScreen_mouse(Ui *ui)
{
    MEVENT ev;
    if (getmouse(&ev) == OK && (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        MenuScreen_click(ui, ev.y, ev.x);
}

static void MenuScreen_key(Ui *ui, int key)
{
    int n;
    const ScreenKey *keys = MenuScreen_keys(&n);
    ui->note[0] = '\0';
    if (key == KEY_MOUSE)
        MenuScreen_mouse(ui);
    else if (!ScreenKeys_run(keys, n, ui, key))
        snprintf(ui->note, sizeof ui->note, "key %s does nothing here: see the line below",
                 keyname(key) ? keyname(key) : "?");
}

const Screen MenuScreen = {MenuScreen_draw, MenuScreen_key, MenuScreen_minSize};
