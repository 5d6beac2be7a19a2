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
#include <termios.h>
#include <unistd.h>

#include "core/fen.h"
#include "core/setup.h"
#include "record/record.h"
#include "ui/attention.h"
#include "ui/colors.h"
#include "ui/game_screen.h"
#include "ui/help_screen.h"
#include "ui/menu_screen.h"
#include "ui/nav.h"
#include "ui/netplay.h"
#include "ui/saved_screen.h"
#include "ui/setup_screen.h"
#include "ui/small_screen.h"
#include "ui/term_probe.h"

#define IDLE_WAKE_MS 1000 /* the longest the loop sleeps without a reason */
#define ANALYSIS_WAKE_MS 100
#define ESC_DELAY_MS 25
#define CTRL_C 3
#define CTRL_D 4

static volatile sig_atomic_t caught_signal;
static SCREEN *terminal;

static const Screen *const screens[SCREEN_COUNT] = {
    [SCREEN_MENU] = &MenuScreen, [SCREEN_SETUP] = &SetupScreen, [SCREEN_GAME] = &GameScreen,
    [SCREEN_HELP] = &HelpScreen, [SCREEN_SAVED] = &SavedScreen,
};

static void Ui_registerScreens(void)
{
    for (int id = 0; id < SCREEN_COUNT; id++)
        Nav_register((ScreenId)id, screens[id]);
}

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

/* NULL when the terminal is ready, else why it cannot be used. */
static const char *Ui_openTerminal(bool mono)
{
    const char *problem = TermProbe_problem();
    if (problem)
        return problem;
    /* newterm, unlike initscr, reports a bad TERM instead of exiting. */
    terminal = newterm(NULL, stdout, stdin);
    if (!terminal)
        return "cannot use this terminal";
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
    return NULL;
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

static bool Ui_loadStart(const char *file, char *err, size_t errlen)
{
    char path[1024];
    Position start;
    Game g;
    if (!Record_loadPath(file, path, sizeof path, err, errlen))
        return false;
    /* Any game will do: the record layer replaces it with the file's. */
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&g, &start);
    if (!Record_loadPgn(&g, path, 0, err, errlen)) {
        Game_free(&g);
        return false;
    }
    Play_adopt(Nav_play(), &g);
    Nav_show(SCREEN_GAME);
    return true;
}

/* A game named on the command line: by FEN, by setup number, or asking. */
static bool Ui_variantStart(const UiStart *start, char *err, size_t errlen)
{
    const Variant *v = start->variant;
    Position pos;
    if (start->fen) {
        if (!Fen_read(&pos, v, start->fen, err, errlen))
            return false;
        Nav_startGame(&pos);
    } else if (start->setup > 0 && (v->rules & VR_CHOSEN_SETUP)) {
        if (!Setup_position(&pos, v, start->setup)) {
            snprintf(err, errlen, "%s has no setup number %d (1 to %d)", v->title, start->setup,
                     Setup_count(v));
            return false;
        }
        Nav_startGame(&pos);
    } else if (start->setup < 0 && (v->rules & VR_CHOSEN_SETUP)) {
        Nav_setupGame(v, METHOD_RANDOM);
    } else if ((v->rules & VR_CHOSEN_SETUP) && Nav_play()->s.seat[BLACK] == PLAYER_ENGINE) {
        Nav_setupGame(v, METHOD_ENGINE);
    } else if (v->rules & VR_CHOSEN_SETUP) {
        Nav_setupGame(v, METHOD_COUNT); /* Black chooses how */
    } else {
        Nav_setupGame(v, METHOD_STANDARD);
    }
    return true;
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
static bool Ui_resumeFirst(const UiStart *start, bool *resumed, char *err, size_t errlen)
{
    GameSession *s = &Nav_play()->s;
    const char *saved = MenuScreen_savedGame();
    *resumed = false;
    if (saved == NULL || !(start->game_given || start->variant || start->load_file))
        return true;
    int answer = Ui_askResume(saved);
    if (answer == 0) {
        snprintf(err, errlen, "no answer: the saved game stays as it was for the next start");
        return false;
    }
    if (answer == 'y') {
        MenuScreen_resume();
        *resumed = Nav_current() == SCREEN_GAME;
        return true;
    }
    /* The note tells the first screen where the game went. */
    Session_setAside(s);
    Nav_note("%s", s->notice);
    MenuScreen_forgetSaved();
    return true;
}

/* Everything that can fail because of the command line happens before the
 * terminal is taken over, so the message lands on a normal stderr. */
static bool Ui_prepare(const UiStart *start, char *err, size_t errlen)
{
    Ui_registerScreens();
    if (!Play_create(Nav_play())) {
        snprintf(err, errlen, "cannot create the engine's wake-up pipe");
        return false;
    }
    MenuScreen_init(start);
    MenuScreen_apply();
    if (start->net != NULL) {
        if (!NetPlay_attach(Nav_play(), start->net, err, errlen))
            return false;
        Nav_show(SCREEN_GAME);
        return true;
    }
    if (start->time_base_ms > 0)
        Play_setClock(Nav_play(), start->time_base_ms, start->time_inc_ms);
    Nav_show(SCREEN_MENU);
    bool resumed;
    if (!Ui_resumeFirst(start, &resumed, err, errlen))
        return false;
    if (resumed)
        return true;
    if (start->load_file)
        return Ui_loadStart(start->load_file, err, errlen);
    if (start->variant)
        return Ui_variantStart(start, err, errlen);
    return true;
}

/* What the first screen must say: the settings file's problems and where
 * an earlier game went, on the message line of whichever screen it is. */
static void Ui_firstNotes(const UiStart *start)
{
    Play *p = Nav_play();
    char notes[NAV_NOTE_MAX] = "";
    bool error = start->notice != NULL && start->notice[0] != '\0';
    if (error)
        snprintf(notes, sizeof notes, "%s%s", start->notice, Nav_noteText()[0] ? "; " : "");
    size_t used = strlen(notes);
    snprintf(notes + used, sizeof notes - used, "%s", Nav_noteText());
    if (notes[0] == '\0')
        return;
    Nav_note("%s", notes);
    if (Nav_current() == SCREEN_GAME && p->message[0] == '\0')
        (error ? Play_error : Play_say)(p, "%s", notes);
    else if (Nav_current() == SCREEN_GAME) {
        char said[PLAY_MESSAGE_MAX];
        memcpy(said, p->message, sizeof said);
        Play_say(p, "%s; %s", said, notes);
    }
    if (Nav_current() == SCREEN_SETUP)
        SetupScreen_note(error, notes);
}

/* A game accepts only a terminal where its help fits too, so that ? never
 * lands on the too-small screen. */
static bool Ui_tooSmall(int rows, int cols, int *need_rows, int *need_cols)
{
    const Screen *shown = screens[Nav_current()];
    shown->minSize(shown->variant(), need_rows, need_cols);
    for (int id = SCREEN_GAME; Nav_gameVisible() && id <= SCREEN_HELP; id++) {
        int r, c;
        screens[id]->minSize(Nav_play()->s.v, &r, &c);
        *need_rows = r > *need_rows ? r : *need_rows;
        *need_cols = c > *need_cols ? c : *need_cols;
    }
    return rows < *need_rows || cols < *need_cols;
}

static void Ui_draw(void)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    erase();
    if (Ui_tooSmall(rows, cols, &need_rows, &need_cols))
        SmallScreen_draw(rows, cols, need_rows, need_cols);
    else
        screens[Nav_current()]->draw(rows, cols);
    refresh();
}

static void Ui_key(int key)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    Nav_touch();
    bool small = Ui_tooSmall(rows, cols, &need_rows, &need_cols);
    if (!small)
        SmallScreen_leave();
    if (key == KEY_RESIZE)
        return;
    if (small)
        SmallScreen_key(key);
    else
        screens[Nav_current()]->key(key);
}

/* How long the loop may sleep: until the clock shown changes its second or
 * a flag falls; the engine's finished move and keys wake it sooner. */
static int Ui_waitMs(int64_t now)
{
    const Play *p = Nav_play();
    const GameSession *s = &p->s;
    if (!Nav_gameVisible() || (!s->clock.base_ms && s->thinking == THINK_NONE))
        return IDLE_WAKE_MS;
    int step = Play_clockStepMs(p, now);
    int wait = (int)(step - now % step);
    if (s->thinking != THINK_NONE && p->show_analysis && wait > ANALYSIS_WAKE_MS)
        wait = ANALYSIS_WAKE_MS; /* the depth and score shown follow the search */
    int flag = Session_msToFlag(s, now);
    return flag >= 0 && flag + 1 < wait ? flag + 1 : wait;
}

/* Sleeps until a key, the engine's move, a signal or the next clock event.
 * The session moves on only while its game is shown, so its descriptor is
 * watched only then (a finished search would otherwise wake the loop for
 * ever while the menu is up). */
static void Ui_sleep(int64_t now)
{
    int engine_fd = Nav_gameVisible() ? Session_pollFd(&Nav_play()->s) : -1;
    struct pollfd fds[3] = {
        {0, POLLIN, 0}, {engine_fd, POLLIN, 0}, {NetPlay_fd(Nav_play()), POLLIN, 0}};
    poll(fds, 3, Ui_waitMs(now));
}

static void Ui_loop(void)
{
    Play *p = Nav_play();
    unsigned drawn = p->changes - 1;
    int64_t shown_step = -1;
    Nav_touch();
    while (!Nav_quitting() && !caught_signal) {
        int64_t now = Play_nowMs();
        bool dirty = Nav_gameVisible() && Play_tick(p, now);
        if (p->net == NULL) /* a game between terminals is kept by its host */
            Session_keepSaved(&p->s);
        /* What saving said (where a game was kept) shows at once. */
        if (Nav_gameVisible() && p->s.notices != p->notices_seen)
            dirty = Play_tick(p, now) || dirty;
        if (p->s.clock.base_ms && Nav_gameVisible()
            && now / Play_clockStepMs(p, now) != shown_step) {
            shown_step = now / Play_clockStepMs(p, now);
            dirty = true;
        }
        if (Nav_takeDirty() || dirty || drawn != p->changes) {
            drawn = p->changes;
            Ui_draw();
        }
        Attention_update(p);
        int key = getch();
        if (key != ERR)
            Ui_key(key);
        else
            Ui_sleep(now);
    }
}

int Ui_run(const UiStart *start)
{
    char err[320];
    struct sigaction old[NSIGNALS];
    if (!Ui_prepare(start, err, sizeof err)) {
        fprintf(stderr, "zanzibar: %s\n", err);
        Play_destroy(Nav_play());
        return 2;
    }
    Ui_firstNotes(start);
    atexit(Ui_restoreTerminal);
    Ui_catchSignals(old);
    int status = 0;
    const char *unusable = Ui_openTerminal(start->mono);
    if (!unusable) {
        Ui_loop();
    } else {
        fprintf(stderr, "zanzibar: %s (TERM=%s)\n", unusable,
                getenv("TERM") ? getenv("TERM") : "unset");
        status = 2;
    }
    if (Nav_play()->net != NULL)
        NetPlay_leave(Nav_play());
    else
        Session_autosave(&Nav_play()->s);
    Play_destroy(Nav_play());
    Ui_restoreTerminal();
    Attention_end();
    Ui_releaseSignals(old);
    if (caught_signal)
        status = 128 + caught_signal;
    return status;
}
