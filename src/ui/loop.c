/* Loop_run: the terminal's setup and its restoration on every way out
 * (quit, error, SIGINT, SIGTERM, SIGHUP), the main loop that polls keys,
 * the engine and the clocks, the too-small screen, and screen switching. */
#include "ui/loop.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui/app.h"
#include "ui/attention.h"
#include "ui/colors.h"
#include "ui/game_screen.h"
#include "ui/help_screen.h"
#include "ui/keys.h"
#include "ui/menu_screen.h"
#include "ui/nav.h"
#include "ui/paste.h"
#include "ui/saved_screen.h"
#include "ui/setup_screen.h"
#include "ui/small_screen.h"
#include "ui/start.h"
#include "ui/term_probe.h"

#define IDLE_WARN_MS 60000 /* the idle limit is said this long before, at most */

#define SCREEN_FDS 64 /* descriptors a screen may add to the loop's wait */
#define GONE_READS 20 /* readable-but-empty terminal reads that mean it is gone */

static volatile sig_atomic_t caught_signal;
/* The terminal went away without a hangup signal reaching us (SIGHUP
 * ignored, or a wrapper such as runuser that does not pass it on): its
 * reads give EOF or EIO for ever, so the loop must not go on waiting. */
static bool terminal_gone;
static int signal_pipe[2] = {-1, -1}; /* the handlers write, the loop polls */
static SCREEN *terminal;
/* curses' own handler of SIGWINCH, which ours calls first (Loop_onResize). */
static struct sigaction curses_resize;
static bool resize_chained;

static const Screen *const screens[SCREEN_COUNT] = {
    [SCREEN_MENU] = &MenuScreen, [SCREEN_SETUP] = &SetupScreen, [SCREEN_GAME] = &GameScreen,
    [SCREEN_HELP] = &HelpScreen, [SCREEN_SAVED] = &SavedScreen,
};

static void Loop_registerScreens(void)
{
    for (int id = 0; id < SCREEN_COUNT; id++)
        Nav_register((ScreenId)id, screens[id]);
    App_register();
}

/* Only a flag and a byte here: the byte wakes the loop's poll() even when
 * the signal came just before it went to sleep, and it leaves cleanly. */
static void Loop_onSignal(int sig)
{
    int saved = errno;
    caught_signal = sig;
    if (signal_pipe[1] >= 0 && write(signal_pipe[1], "!", 1) < 0)
        (void)0; /* full: the loop is woken already */
    errno = saved;
}

/* SIGUSR1: another copy takes the game over (record/savelock.h). */
static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1};
#define NSIGNALS ((int)(sizeof handled_signals / sizeof handled_signals[0]))

static void Loop_catchSignals(struct sigaction old[NSIGNALS])
{
    struct sigaction sa;
    if (pipe(signal_pipe) != 0)
        signal_pipe[0] = signal_pipe[1] = -1; /* the flag alone still ends the loop */
    for (int i = 0; i < 2 && signal_pipe[i] >= 0; i++) {
        fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = Loop_onSignal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < NSIGNALS; i++)
        sigaction(handled_signals[i], &sa, &old[i]);
}

/* curses learns of a new size from its SIGWINCH handler, and getch()
 * then says KEY_RESIZE; a byte in the signal pipe also wakes the loop,
 * which may be about to sleep with no timeout at all. */
static void Loop_onResize(int sig)
{
    int saved = errno;
    if (curses_resize.sa_flags & SA_SIGINFO)
        curses_resize.sa_sigaction(sig, NULL, NULL);
    else if (curses_resize.sa_handler != SIG_DFL && curses_resize.sa_handler != SIG_IGN)
        curses_resize.sa_handler(sig);
    if (signal_pipe[1] >= 0 && write(signal_pipe[1], "w", 1) < 0)
        (void)0; /* full: the loop is woken already */
    errno = saved;
}

/* After newterm, which installs curses' handler. */
static void Loop_chainResize(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = Loop_onResize;
    sigemptyset(&sa.sa_mask);
    resize_chained = sigaction(SIGWINCH, &sa, &curses_resize) == 0;
}

/* Empties the signal pipe once the loop is awake: a resize leaves bytes
 * that would otherwise keep poll() from sleeping. */
static void Loop_drainSignals(void)
{
    char bytes[64];
    while (signal_pipe[0] >= 0 && read(signal_pipe[0], bytes, sizeof bytes) > 0)
        continue;
}

static void Loop_releaseSignals(const struct sigaction old[NSIGNALS])
{
    for (int i = 0; i < NSIGNALS; i++)
        sigaction(handled_signals[i], &old[i], NULL);
    if (resize_chained)
        sigaction(SIGWINCH, &curses_resize, NULL);
    resize_chained = false;
    for (int i = 0; i < 2; i++) {
        if (signal_pipe[i] >= 0)
            close(signal_pipe[i]);
        signal_pipe[i] = -1;
    }
}

/* Also registered with atexit, so that no path out leaves the terminal raw. */
static void Loop_restoreTerminal(void)
{
    if (!terminal)
        return;
    Paste_disable();
    if (!isendwin())
        endwin();
    delscreen(terminal);
    terminal = NULL;
}

/* NULL when the terminal is ready, else why it cannot be used. */
static const char *Loop_openTerminal(bool mono)
{
    const char *problem = TermProbe_problem();
    if (problem)
        return problem;
    /* The terminal's character set, so that curses reads and writes its
     * UTF-8 (names and chat); only the characters' kind, never numbers. */
    setlocale(LC_CTYPE, "");
    /* newterm, unlike initscr, reports a bad TERM instead of exiting. */
    terminal = newterm(NULL, stdout, stdin);
    if (!terminal)
        return "cannot use this terminal";
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    Keys_setUp();
    Paste_enable();
    timeout(0); /* the loop waits in poll(), never in getch() */
    curs_set(0);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
    mouseinterval(0);
    Colors_init(mono);
    return NULL;
}

/* A game accepts only a terminal where its help fits too, so that ? never
 * lands on the too-small screen. */
static bool Loop_tooSmall(int rows, int cols, int *need_rows, int *need_cols)
{
    const Screen *shown = screens[Nav_current()];
    const Variant *game = App_variant();
    shown->minSize(shown->variant(), need_rows, need_cols);
    for (int id = SCREEN_GAME; game != NULL && id <= SCREEN_HELP; id++) {
        int r, c;
        screens[id]->minSize(game, &r, &c);
        *need_rows = r > *need_rows ? r : *need_rows;
        *need_cols = c > *need_cols ? c : *need_cols;
    }
    return rows < *need_rows || cols < *need_cols;
}

static void Loop_draw(void)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    erase();
    if (Loop_tooSmall(rows, cols, &need_rows, &need_cols))
        SmallScreen_draw(rows, cols, need_rows, need_cols);
    else
        screens[Nav_current()]->draw(rows, cols);
    refresh();
}

/* A paste is read whole and handed over at once, never key by key: a
 * pasted game would otherwise be read as hundreds of commands. */
static void Loop_paste(bool small)
{
    bool cut;
    char *text = Paste_collect(&cut);
    const Screen *shown = screens[Nav_current()];
    if (!small && shown->paste != NULL)
        shown->paste(text);
    else if (!small)
        Nav_note("a paste is read on the game's screen only: nothing was done with it");
    if (cut)
        Nav_note("the paste was longer than the program reads: its end was dropped");
    free(text);
}

static void Loop_key(int key)
{
    int rows, cols, need_rows, need_cols;
    getmaxyx(stdscr, rows, cols);
    Nav_touch();
    bool small = Loop_tooSmall(rows, cols, &need_rows, &need_cols);
    if (!small)
        SmallScreen_leave();
    if (key == KEY_RESIZE)
        return;
    if (key == KEY_PASTE_BEGIN)
        Loop_paste(small);
    else if (small)
        SmallScreen_key(key);
    else
        screens[Nav_current()]->key(key);
}

/* The sooner of two waits in ms, -1 being none. */
static int Loop_sooner(int a, int b)
{
    return a < 0 ? b : b < 0 || a < b ? a : b;
}

/* How long the loop may sleep: until what falls due at a time, the
 * game's (App_waitMs), the screen's own (the menu's look for games
 * gives up on the hosts that have not answered) or the end of idle_left
 * (-1: no limit); -1 when nothing does: a descriptor wakes it. */
static int Loop_waitMs(int64_t now, int idle_left)
{
    const Screen *shown = screens[Nav_current()];
    int screen = shown->waitMs != NULL ? shown->waitMs() : -1;
    return Loop_sooner(Loop_sooner(App_waitMs(now), screen), idle_left);
}

/* Sleeps until a key, the engine's move, the host's message, a signal,
 * what the screen shown waits on (the menu's look for games) or what
 * falls due (Loop_waitMs). True when the terminal was readable. */
static bool Loop_sleep(int64_t now, int idle_left)
{
    const Screen *shown = screens[Nav_current()];
    struct pollfd fds[2 + APP_FDS + SCREEN_FDS] = {{STDIN_FILENO, POLLIN, 0},
                                                   {signal_pipe[0], POLLIN, 0}};
    int n = 2 + App_pollFds(fds + 2);
    n += shown->pollFds != NULL ? shown->pollFds(fds + n, SCREEN_FDS) : 0;
    poll(fds, (nfds_t)n, App_busy() ? 0 : Loop_waitMs(now, idle_left));
    if (fds[1].revents & POLLIN)
        Loop_drainSignals();
    if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL))
        terminal_gone = true;
    return fds[0].revents & POLLIN;
}

/* Counts the times poll() said the terminal was readable and getch() then
 * found nothing: a terminal that is gone reads EOF or EIO for ever. */
static void Loop_countEmptyRead(bool readable, int key)
{
    static int empty_reads;
    empty_reads = key != ERR ? 0 : readable ? empty_reads + 1 : 0;
    if (empty_reads >= GONE_READS)
        terminal_gone = true;
}

/* The public server's limit (UiStart.idle_ms): a session that sees no
 * key and no move for that long ends, said on its screen a while before. */
typedef struct {
    int limit_ms;      /* 0: none */
    int64_t last;      /* the last key or move */
    unsigned position; /* the game's position counter then */
    bool warned;
} LoopIdle;

static bool idle_ended; /* the loop ended for the idle limit */

/* "30 minutes" or "45 seconds". */
static void Loop_duration(int ms, char *buf, size_t len)
{
    int s = (ms + 999) / 1000;
    if (s >= 120)
        snprintf(buf, len, "%d minutes", (s + 59) / 60);
    else
        snprintf(buf, len, "%d second%s", s, s == 1 ? "" : "s");
}

static void Loop_warnIdle(int left_ms)
{
    char left[32], text[160];
    Loop_duration(left_ms, left, sizeof left);
    snprintf(text, sizeof text,
             "nothing happened here for long: this session ends in %s unless you press a key",
             left);
    App_tell(text);
}

/* How long before its end the idle limit is said. */
static int Loop_idleWarnMs(const LoopIdle *idle)
{
    return idle->limit_ms / 4 < IDLE_WARN_MS ? idle->limit_ms / 4 : IDLE_WARN_MS;
}

/* True when the session has been idle for its limit; warns before. */
static bool Loop_idleTooLong(LoopIdle *idle, int64_t now)
{
    unsigned position = App_positions();
    if (idle->limit_ms <= 0)
        return false;
    if (position != idle->position) { /* a move, here or from the other side */
        idle->position = position;
        idle->last = now;
        idle->warned = false;
    }
    int64_t quiet = now - idle->last;
    if (quiet >= idle->limit_ms - Loop_idleWarnMs(idle) && !idle->warned) {
        idle->warned = true;
        Loop_warnIdle((int)(idle->limit_ms - quiet));
        Nav_touch();
    }
    return quiet >= idle->limit_ms;
}

/* The time until the idle limit's next step (the warning, the end), -1
 * for none. */
static int Loop_idleDue(const LoopIdle *idle, int64_t now)
{
    if (idle->limit_ms <= 0)
        return -1;
    int64_t due = idle->last + idle->limit_ms - (idle->warned ? 0 : Loop_idleWarnMs(idle));
    return due > now ? (int)(due - now) : 0;
}

static void Loop_untilQuit(int idle_ms)
{
    LoopIdle idle = {idle_ms, Play_nowMs(), App_positions(), false};
    bool readable = false; /* the terminal, at the last sleep */
    App_begin();
    Nav_touch();
    while (!Nav_quitting() && !caught_signal && !terminal_gone) {
        int64_t now = Play_nowMs();
        if ((idle_ended = Loop_idleTooLong(&idle, now)))
            break;
        bool dirty = App_tick(now);
        const Screen *shown = screens[Nav_current()];
        dirty = (shown->tick != NULL && shown->tick()) || dirty;
        dirty = App_drawDue(now) || dirty;
        if (Nav_takeDirty() || dirty)
            Loop_draw();
        App_attend();
        int key = getch();
        Loop_countEmptyRead(readable, key);
        readable = false;
        if (key != ERR) {
            idle.last = now;
            idle.warned = false;
            Loop_key(key);
        } else {
            readable = Loop_sleep(now, Loop_idleDue(&idle, now));
        }
    }
}

int Loop_run(const UiStart *start)
{
    char err[320];
    struct sigaction old[NSIGNALS];
    Loop_registerScreens();
    if (!Start_prepare(start, err, sizeof err)) {
        fprintf(stderr, "zanzibar: %s\n", err);
        App_discard();
        return 2;
    }
    Start_firstNotes(start);
    atexit(Loop_restoreTerminal);
    Loop_catchSignals(old);
    int status = 0;
    const char *unusable = Loop_openTerminal(start->mono);
    if (!unusable) {
        Loop_chainResize();
        Loop_untilQuit(start->idle_ms);
    } else {
        fprintf(stderr, "zanzibar: %s (TERM=%s)\n", unusable,
                getenv("TERM") ? getenv("TERM") : "unset");
        status = 2;
    }
    App_end();
    Loop_restoreTerminal();
    Attention_end();
    Loop_releaseSignals(old);
    if (caught_signal == SIGUSR1) {
        printf("zanzibar: another copy of the program took this game over; it was saved and "
               "goes on there\n");
        return 0;
    }
    if (idle_ended) {
        char limit[32];
        Loop_duration(start->idle_ms, limit, sizeof limit);
        printf("zanzibar: nothing happened here for %s (no key, no move): the session is "
               "closed. Connect again to go on.\n",
               limit);
    }
    if (caught_signal)
        status = 128 + caught_signal;
    else if (terminal_gone)
        status = 128 + SIGHUP; /* as if the hangup had come */
    return status;
}
