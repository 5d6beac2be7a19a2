/* Ui_run: the terminal's setup and its restoration on every way out
 * (quit, error, SIGINT, SIGTERM, SIGHUP), the main loop that polls keys,
 * the engine and the clocks, the too-small screen, and screen switching. */
#include "ui/ui.h"

#include <curses.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "core/fen.h"
#include "core/setup.h"
#include "record/autosave.h"
#include "record/record.h"
#include "ui/colors.h"
#include "ui/screen.h"

#define POLL_MS 100
#define CTRL_C 3
#define CTRL_D 4
#define ESC_DELAY_MS 25

static volatile sig_atomic_t caught_signal;
static SCREEN *terminal;

static const Screen *const screens[SCREEN_COUNT] = {
    [SCREEN_MENU] = &MenuScreen, [SCREEN_SETUP] = &SetupScreen,
    [SCREEN_GAME] = &GameScreen, [SCREEN_HELP] = &HelpScreen,
};

/* Only a flag here: the loop wakes within POLL_MS and leaves cleanly. */
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
    timeout(POLL_MS);
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
        uint8_t piece = ui->play.game.pos.board[ui->play.cursor];
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

/* Adds to what the message line already says (a move, a result). */
static void Ui_appendMessage(Play *p, const char *text)
{
    size_t used = strlen(p->message);
    snprintf(p->message + used, sizeof p->message - used, "%s%s", used > 0 ? "; " : "", text);
    p->changes++;
}

/* A saved game this run did not resume is moved among the saved games
 * before anything replaces it: nobody said it could go. */
static bool Ui_setAsideForeign(Ui *ui)
{
    char path[1024], err[400];
    if (!ui->autosave_foreign)
        return true;
    if (!Autosave_setAside(path, sizeof path, err, sizeof err)) {
        Play_error(&ui->play, "the earlier unfinished game could not be kept: %s", err);
        return false;
    }
    ui->autosave_foreign = false;
    if (path[0] != '\0') {
        snprintf(ui->note, sizeof ui->note, "the earlier unfinished game was kept as %.180s",
                 path);
        Ui_appendMessage(&ui->play, ui->note);
    }
    return true;
}

static void Ui_session(const Play *p, Session *s)
{
    int64_t now = Play_nowMs();
    memset(s, 0, sizeof *s);
    s->engine[WHITE] = p->player[WHITE] == PLAYER_ENGINE;
    s->engine[BLACK] = p->player[BLACK] == PLAYER_ENGINE;
    s->level = p->level;
    s->base_ms = p->clock.base_ms;
    s->inc_ms = p->clock.inc_ms;
    if (p->clock.base_ms) {
        s->clock_ms[WHITE] = Play_clockLeft(p, WHITE, now);
        s->clock_ms[BLACK] = Play_clockLeft(p, BLACK, now);
    }
}

/* A game that ended here joins the saved games; the message line says where. */
static void Ui_keepFinished(Ui *ui)
{
    Play *p = &ui->play;
    char path[1024], err[400];
    Session s;
    if (!Ui_setAsideForeign(ui))
        return;
    Ui_session(p, &s);
    if (!Autosave_finish(&p->game, &s, path, sizeof path, err, sizeof err)) {
        Play_error(p, "the finished game could not be saved: %s", err);
        return;
    }
    const char *name = strrchr(path, '/');
    char saved[PLAY_MESSAGE_MAX];
    snprintf(saved, sizeof saved, "saved as %.200s", name != NULL ? name + 1 : path);
    Ui_appendMessage(p, saved);
}

void Ui_autosave(Ui *ui)
{
    Play *p = &ui->play;
    char err[160];
    Session s;
    /* A game taken back to its start still has moves to redo, and the old
     * file would otherwise bring back the moves taken back. A finished
     * game is kept by Ui_keepFinished, which alone clears the file. */
    if (!p->active || p->game.nstored == 0 || Game_over(&p->game))
        return;
    if (!Ui_setAsideForeign(ui))
        return;
    Ui_session(p, &s);
    if (!Autosave_save(&p->game, &s, err, sizeof err))
        Play_error(p, "the game could not be saved for resuming: %s", err);
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
    char err[400];
    AutosaveResult saved = Autosave_peek(ui->saved_game, sizeof ui->saved_game, err, sizeof err);
    if (saved == AUTOSAVE_DAMAGED)
        snprintf(ui->note, sizeof ui->note, "the saved game cannot be resumed: %.600s", err);
    m->resume = ui->autosave_foreign = saved == AUTOSAVE_FOUND;
    m->row = m->resume ? FIELD_RESUME : FIELD_START;
}

/* Asked on the plain terminal, before the screen is taken over, when the
 * command line chooses a game: one key, y or n. Ctrl-C, Ctrl-D or the end
 * of input answer neither (0), and then nothing is changed. */
static int Ui_askResume(const char *desc)
{
    struct termios old, raw;
    bool tty = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &old) == 0;
    printf("A game in progress was saved: %s.\n"
           "Resume it? y resumes it; n keeps it among the saved games and starts the new one: ",
           desc);
    fflush(stdout);
    if (tty) {
        raw = old;
        /* No ISIG: Ctrl-C must not leave the terminal without echo. */
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    int c;
    do
        c = getchar();
    while (c != EOF && c != CTRL_C && c != CTRL_D && strchr("yYnN", c) == NULL);
    if (tty)
        tcsetattr(STDIN_FILENO, TCSANOW, &old);
    int answer = c == 'y' || c == 'Y' ? 'y' : c == 'n' || c == 'N' ? 'n' : 0;
    printf("%s\n", answer == 'y' ? "y" : answer == 'n' ? "n" : "(no answer)");
    return answer;
}

/* The command line chooses a game (the same line again, from the shell's
 * history, after a dropped link) while another waits to be resumed. False
 * with err when the question got no answer. */
static bool Ui_resumeFirst(Ui *ui, const UiStart *start, bool *resumed, char *err,
                           size_t errlen)
{
    *resumed = false;
    if (!ui->menu.resume || !(start->game_given || start->variant || start->load_file))
        return true;
    int answer = Ui_askResume(ui->saved_game);
    if (answer == 0) {
        snprintf(err, errlen, "no answer: the saved game stays as it was for the next start");
        return false;
    }
    if (answer == 'y') {
        MenuScreen_resume(ui);
        *resumed = ui->screen == SCREEN_GAME;
        return true;
    }
    Ui_setAsideForeign(ui);
    ui->menu.resume = false;
    ui->menu.row = FIELD_START;
    return true;
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
    } else if ((v->rules & VR_CHOSEN_SETUP) && ui->play.player[BLACK] == PLAYER_ENGINE) {
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
    Play_create(&ui->play);
    ui->start = *start;
    Ui_menuFromStart(ui, start);
    MenuScreen_apply(ui);
    if (start->time_base_ms > 0)
        Play_setClock(&ui->play, start->time_base_ms, start->time_inc_ms);
    ui->screen = SCREEN_MENU;
    bool resumed;
    if (!Ui_resumeFirst(ui, start, &resumed, err, errlen))
        return false;
    if (resumed)
        return true;
    if (start->load_file)
        return Ui_loadStart(ui, start->load_file, err, errlen);
    if (start->variant)
        return Ui_variantStart(ui, start, err, errlen);
    return true;
}

/* What the first screen must say: the settings file's problems and where
 * an earlier game went, on the message line of whichever screen it is. */
static void Ui_firstNotes(Ui *ui, const UiStart *start)
{
    char notes[UI_NOTE_MAX] = "";
    bool error = start->notice != NULL && start->notice[0] != '\0';
    /* Cut to the message line's size: the settings file names every line. */
    if (error)
        strncat(notes, start->notice, sizeof notes - 1);
    if (error && ui->note[0] != '\0')
        strncat(notes, "; ", sizeof notes - 1 - strlen(notes));
    strncat(notes, ui->note, sizeof notes - 1 - strlen(notes));
    if (notes[0] == '\0')
        return;
    memcpy(ui->note, notes, sizeof ui->note);
    if (ui->screen == SCREEN_GAME && ui->play.message[0] == '\0')
        (error ? Play_error : Play_say)(&ui->play, "%s", notes);
    else if (ui->screen == SCREEN_GAME)
        Ui_appendMessage(&ui->play, notes);
    if (ui->screen == SCREEN_SETUP) {
        snprintf(ui->setup.message, sizeof ui->setup.message, "%s", notes);
        ui->setup.message_error = error;
    }
}

static bool Ui_tooSmall(const Ui *ui, int rows, int cols, int *need_rows, int *need_cols)
{
    screens[ui->screen]->minSize(ui, need_rows, need_cols);
    return rows < *need_rows || cols < *need_cols;
}

static void Ui_drawTooSmall(int rows, int cols, int need_rows, int need_cols)
{
    char line[120];
    snprintf(line, sizeof line, "Terminal too small: %dx%d, need %dx%d.", cols, rows, need_cols,
             need_rows);
    curs_set(0);
    mvaddnstr(0, 0, line, cols);
    mvaddnstr(rows > 1 ? 1 : 0, 0, "Please enlarge the terminal.", cols);
}

static void Ui_draw(Ui *ui)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    erase();
    if (Ui_tooSmall(ui, rows, cols, &need_rows, &need_cols))
        Ui_drawTooSmall(rows, cols, need_rows, need_cols);
    else
        screens[ui->screen]->draw(ui, rows, cols);
    refresh();
    ui->dirty = false;
}

static bool Ui_gameVisible(const Ui *ui)
{
    return ui->screen == SCREEN_GAME || (ui->screen == SCREEN_HELP && ui->help.back == SCREEN_GAME);
}

/* Keeps the autosave file in step with the game: after every move and end. */
static void Ui_saveIfChanged(Ui *ui, int *saved_plies, int *saved_result)
{
    const Game *g = &ui->play.game;
    if (!ui->play.active || (g->nmoves == *saved_plies && (int)g->status.result == *saved_result))
        return;
    /* Ended here: by the last move, or by a resignation, draw or flag. A
     * finished game loaded from a file is no new game to keep. */
    bool ended = *saved_result == RESULT_NONE && Game_over(g) &&
                 (g->nmoves == *saved_plies || g->nmoves == *saved_plies + 1);
    *saved_plies = g->nmoves;
    *saved_result = (int)g->status.result;
    if (ended)
        Ui_keepFinished(ui);
    else
        Ui_autosave(ui);
}

static void Ui_key(Ui *ui, int key)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    ui->dirty = true;
    if (key == KEY_RESIZE)
        return;
    if (Ui_tooSmall(ui, rows, cols, &need_rows, &need_cols))
        return;
    screens[ui->screen]->key(ui, key);
}

static void Ui_loop(Ui *ui)
{
    unsigned drawn = ui->play.changes - 1;
    int64_t shown_second = -1;
    int saved_plies = ui->play.active ? ui->play.game.nmoves : -1, saved_result = -1;
    ui->dirty = true;
    while (!ui->quit && !caught_signal) {
        int64_t now = Play_nowMs();
        if (Ui_gameVisible(ui) && Play_tick(&ui->play, now))
            ui->dirty = true;
        Ui_saveIfChanged(ui, &saved_plies, &saved_result);
        if (ui->play.clock.base_ms && Ui_gameVisible(ui) && now / 1000 != shown_second) {
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
    Ui_firstNotes(ui, start);
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
    Ui_autosave(ui);
    Play_destroy(&ui->play);
    Ui_restoreTerminal();
    Ui_releaseSignals(old);
    if (caught_signal)
        status = 128 + caught_signal;
    free(ui);
    return status;
}
