/* Ui_run: the terminal's setup and its restoration on every way out
 * (quit, error, SIGINT, SIGTERM, SIGHUP), the main loop that polls keys,
 * the engine and the clocks, the too-small screen, and screen switching. */
#include "ui/ui.h"

#include <curses.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/setup.h"
#include "record/autosave.h"
#include "record/record.h"
#include "ui/colors.h"
#include "ui/screen.h"

#define IDLE_WAKE_MS 1000 /* the longest the loop sleeps without a reason */
#define ANALYSIS_WAKE_MS 100
#define ESC_DELAY_MS 25

static volatile sig_atomic_t caught_signal;
static SCREEN *terminal;

static const Screen *const screens[SCREEN_COUNT] = {
    [SCREEN_MENU] = &MenuScreen, [SCREEN_SETUP] = &SetupScreen,
    [SCREEN_GAME] = &GameScreen, [SCREEN_HELP] = &HelpScreen,
};

/* Only a flag here: the signal ends the loop's poll() and it leaves cleanly. */
static void Ui_onSignal(int sig)
{
    caught_signal = sig;
}

static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NSIGNALS ((int)(sizeof handled_signals / sizeof handled_signals[0]))

static void Ui_catchSignals(struct sigaction old[NSIGNALS])
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = Ui_onSignal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < NSIGNALS; i++)
        sigaction(handled_signals[i], &sa, &old[i]);
}

static void Ui_releaseSignals(const struct sigaction old[NSIGNALS])
{
    for (int i = 0; i < NSIGNALS; i++)
        sigaction(handled_signals[i], &old[i], NULL);
}

/* Also registered with atexit, so that no path out leaves the terminal raw. */
static void Ui_restoreTerminal(void)
{
    if (!terminal)
        return;
    if (!isendwin())
        endwin();
    delscreen(terminal);
    terminal = NULL;
}

static bool Ui_openTerminal(bool mono)
{
    /* newterm, unlike initscr, reports a bad TERM instead of exiting. */
    terminal = newterm(NULL, stdout, stdin);
    if (!terminal)
        return false;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(ESC_DELAY_MS);
    timeout(0); /* the loop waits in poll(), never in getch() */
    curs_set(0);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
    mouseinterval(0);
    Colors_init(mono);
    return true;
}

void Ui_text(int y, int x, int width, int role, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (x + width > COLS)
        width = COLS - x;
    attrset(Colors_attr((ColorRole)role));
    mvaddnstr(y, x, buf, width);
    attrset(A_NORMAL);
}

int Ui_wrap(const char *text, int width, void (*line)(void *ctx, const char *s, int n), void *ctx)
{
    int count = 0;
    if (width < 8)
        width = 8;
    while (*text) {
        while (*text == ' ')
            text++;
        int n = (int)strlen(text), cut = n;
        if (n > width) {
            cut = width;
            while (cut > 0 && text[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = width; /* a word longer than the line is split */
        }
        line(ctx, text, cut);
        count++;
        text += cut;
    }
    return count;
}

bool ScreenKeys_run(const ScreenKey *table, int n, Ui *ui, int key)
{
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 6 && table[i].keys[k]; k++) {
            if (table[i].keys[k] == key) {
                table[i].fn(ui);
                return true;
            }
        }
    }
    return false;
}

void Ui_show(Ui *ui, ScreenId id)
{
    ui->screen = id;
    ui->dirty = true;
}

void Ui_openHelp(Ui *ui, const Variant *v, bool piece_on_cursor)
{
    HelpState *h = &ui->help;
    memset(h, 0, sizeof *h);
    ui->note[0] = '\0';
    h->back = ui->screen;
    h->v = v;
    h->page = ui->screen == SCREEN_GAME ? 0 : 1;
    if (piece_on_cursor) {
        uint8_t piece = ui->play.s.game.pos.board[ui->play.cursor];
        h->page = 2 + PIECE_TYPE(piece);
        h->from_board = true;
        h->cell = ui->play.cursor;
    }
    Ui_show(ui, SCREEN_HELP);
}

/* The saved game in progress stays until the new game's first move replaces
 * it, so that starting a game only to look loses nothing. */
void Ui_startGame(Ui *ui, const Position *pos)
{
    ui->game.confirm_quit = false;
    ui->game.line.active = false;
    if (Play_begin(&ui->play, pos))
        Ui_show(ui, SCREEN_GAME);
}

/* Sets the menu's choices from the command line. */
static void Ui_menuFromStart(Ui *ui, const UiStart *start)
{
    MenuState *m = &ui->menu;
    const Variant *offered = start->variant ? start->variant : start->menu_variant;
    m->value[FIELD_GAME] = offered ? (int)offered->id : 0;
    m->value[FIELD_WHITE] = PLAYER_HUMAN;
    /* A game named on the command line is between two people unless the
     * players are given; the menu proposes a game against the engine. */
    bool named = start->variant || start->load_file;
    m->value[FIELD_BLACK] = named ? PLAYER_HUMAN : PLAYER_ENGINE;
    if (start->players_given) {
        m->value[FIELD_WHITE] = start->player[WHITE];
        m->value[FIELD_BLACK] = start->player[BLACK];
    }
    bool level_given = start->level >= ENGINE_LEVEL_MIN && start->level <= ENGINE_LEVEL_MAX;
    int level = level_given ? start->level : 5;
    m->value[FIELD_LEVEL] = level - 1;
    m->resume = Autosave_exists();
    m->row = m->resume ? FIELD_RESUME : FIELD_START;
}

static bool Ui_loadStart(Ui *ui, const char *file, char *err, size_t errlen)
{
    char path[1024];
    Position start;
    Game g;
    if (!Record_loadPath(file, path, sizeof path, err, errlen))
        return false;
    /* Any game will do: the record layer replaces it with the file's. */
    Position_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    if (!Game_init(&g, &start)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    if (!Record_loadPgn(&g, path, 0, err, errlen)) {
        Game_free(&g);
        return false;
    }
    Play_adopt(&ui->play, &g);
    Ui_show(ui, SCREEN_GAME);
    return true;
}

/* A game named on the command line: by FEN, by setup number, or asking. */
static bool Ui_variantStart(Ui *ui, const UiStart *start, char *err, size_t errlen)
{
    const Variant *v = start->variant;
    Position pos;
    if (start->fen) {
        if (!Fen_read(&pos, v, start->fen, err, errlen))
            return false;
        Ui_startGame(ui, &pos);
    } else if (start->setup > 0 && (v->rules & VR_CHOSEN_SETUP)) {
        if (!Setup_position(&pos, v, start->setup)) {
            snprintf(err, errlen, "%s has no setup number %d (1 to %d)", v->title, start->setup,
                     Setup_count(v));
            return false;
        }
        Ui_startGame(ui, &pos);
    } else if (start->setup < 0 && (v->rules & VR_CHOSEN_SETUP)) {
        SetupScreen_begin(ui, v, METHOD_RANDOM);
    } else if ((v->rules & VR_CHOSEN_SETUP) && ui->play.s.seat[BLACK] == PLAYER_ENGINE) {
        SetupScreen_begin(ui, v, METHOD_ENGINE);
    } else if (v->rules & VR_CHOSEN_SETUP) {
        SetupScreen_ask(ui, v);
    } else {
        SetupScreen_begin(ui, v, METHOD_STANDARD);
    }
    return true;
}

/* Everything that can fail because of the command line happens before the
 * terminal is taken over, so the message lands on a normal stderr. */
static bool Ui_prepare(Ui *ui, const UiStart *start, char *err, size_t errlen)
{
    if (!Play_create(&ui->play)) {
        snprintf(err, errlen, "cannot create the engine's wake-up pipe");
        return false;
    }
    ui->start = *start;
    Ui_menuFromStart(ui, start);
    MenuScreen_apply(ui);
    if (start->time_base_ms > 0)
        Play_setClock(&ui->play, start->time_base_ms, start->time_inc_ms);
    ui->screen = SCREEN_MENU;
    if (start->load_file)
        return Ui_loadStart(ui, start->load_file, err, errlen);
    if (start->variant)
        return Ui_variantStart(ui, start, err, errlen);
    return true;
}

static bool Ui_gameVisible(const Ui *ui);

/* A game accepts only a terminal where its help fits too, so that ? never
 * lands on the too-small screen. */
static bool Ui_tooSmall(const Ui *ui, int rows, int cols, int *need_rows, int *need_cols)
{
    const Variant *v = ui->screen == SCREEN_SETUP ? ui->setup.v
                       : ui->screen == SCREEN_HELP ? ui->help.v : ui->play.s.v;
    screens[ui->screen]->minSize(v, need_rows, need_cols);
    for (int id = SCREEN_GAME; Ui_gameVisible(ui) && id <= SCREEN_HELP; id++) {
        int r, c;
        screens[id]->minSize(ui->play.s.v, &r, &c);
        *need_rows = r > *need_rows ? r : *need_rows;
        *need_cols = c > *need_cols ? c : *need_cols;
    }
    return rows < *need_rows || cols < *need_cols;
}

/* The too-small screen: how to get out of it either way, and the question
 * before leaving a game in progress, as q asks everywhere else. */
static void Ui_drawTooSmall(const Ui *ui, int rows, int cols, int need_rows, int need_cols)
{
    char line[120];
    const char *text[4] = {line, "Please enlarge the terminal,", "or press q to quit.",
                           ui->small_confirm ? "Quit the game in progress? (y/n)" : ""};
    snprintf(line, sizeof line, "Terminal too small: %dx%d, need %dx%d.", cols, rows, need_cols,
             need_rows);
    curs_set(0);
    for (int i = 0; i < 4 && i < rows; i++)
        mvaddnstr(i, 0, text[i], cols);
}

static void Ui_tooSmallKey(Ui *ui, int key)
{
    if (ui->small_confirm) {
        ui->small_confirm = false;
        ui->quit = key == 'y' || key == 'Y';
    } else if (key == 'q') {
        ui->small_confirm = Play_inProgress(&ui->play);
        ui->quit = !ui->small_confirm;
    }
}

static void Ui_draw(Ui *ui)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    erase();
    if (Ui_tooSmall(ui, rows, cols, &need_rows, &need_cols))
        Ui_drawTooSmall(ui, rows, cols, need_rows, need_cols);
    else
        screens[ui->screen]->draw(ui, rows, cols);
    refresh();
    ui->dirty = false;
}

static bool Ui_gameVisible(const Ui *ui)
{
    return ui->screen == SCREEN_GAME || (ui->screen == SCREEN_HELP && ui->help.back == SCREEN_GAME);
}

static void Ui_key(Ui *ui, int key)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    ui->dirty = true;
    bool small = Ui_tooSmall(ui, rows, cols, &need_rows, &need_cols);
    if (key == KEY_RESIZE) {
        ui->small_confirm = ui->small_confirm && small;
        return;
    }
    if (small) {
        Ui_tooSmallKey(ui, key);
        return;
    }
    screens[ui->screen]->key(ui, key);
}

/* How long the loop may sleep: until the clock shown changes its second or
 * a flag falls; the engine's finished move and keys wake it sooner. */
static int Ui_waitMs(const Ui *ui, int64_t now)
{
    const GameSession *s = &ui->play.s;
    if (!Ui_gameVisible(ui) || (!s->clock.base_ms && s->thinking == THINK_NONE))
        return IDLE_WAKE_MS;
    int wait = (int)(1000 - now % 1000);
    if (s->thinking != THINK_NONE && ui->play.show_analysis && wait > ANALYSIS_WAKE_MS)
        wait = ANALYSIS_WAKE_MS; /* the depth and score shown follow the search */
    int flag = Session_msToFlag(s, now);
    return flag >= 0 && flag + 1 < wait ? flag + 1 : wait;
}

static void Ui_sleep(const Ui *ui, int64_t now)
{
    struct pollfd fds[2] = {{0, POLLIN, 0}, {Session_pollFd(&ui->play.s), POLLIN, 0}};
    poll(fds, 2, Ui_waitMs(ui, now));
}

static void Ui_loop(Ui *ui)
{
    unsigned drawn = ui->play.changes - 1;
    int64_t shown_second = -1;
    ui->dirty = true;
    while (!ui->quit && !caught_signal) {
        int64_t now = Play_nowMs();
        if (Ui_gameVisible(ui) && Play_tick(&ui->play, now))
            ui->dirty = true;
        Session_keepSaved(&ui->play.s);
        if (ui->play.s.clock.base_ms && Ui_gameVisible(ui) && now / 1000 != shown_second) {
            shown_second = now / 1000;
            ui->dirty = true;
        }
        if (ui->dirty || drawn != ui->play.changes) {
            drawn = ui->play.changes;
            Ui_draw(ui);
        }
        int key = getch();
        if (key != ERR)
            Ui_key(ui, key);
        else
            Ui_sleep(ui, now);
    }
}

int Ui_run(const UiStart *start)
{
    char err[320];
    struct sigaction old[NSIGNALS];
    Ui *ui = calloc(1, sizeof *ui);
    if (!ui) {
        fprintf(stderr, "zanzibar: out of memory\n");
        return 1;
    }
    if (!Ui_prepare(ui, start, err, sizeof err)) {
        fprintf(stderr, "zanzibar: %s\n", err);
        Play_destroy(&ui->play);
        free(ui);
        return 2;
    }
    atexit(Ui_restoreTerminal);
    Ui_catchSignals(old);
    int status = 0;
    if (Ui_openTerminal(start->mono)) {
        Ui_loop(ui);
    } else {
        fprintf(stderr, "zanzibar: cannot use this terminal (TERM=%s)\n",
                getenv("TERM") ? getenv("TERM") : "unset");
        status = 1;
    }
    Session_autosave(&ui->play.s);
    Play_destroy(&ui->play);
    Ui_restoreTerminal();
    Ui_releaseSignals(old);
    if (caught_signal)
        status = 128 + caught_signal;
    free(ui);
    return status;
}
