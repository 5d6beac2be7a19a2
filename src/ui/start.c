/* The start-up policy: the question about a saved game when the command
 * line names another, --load, --variant with --fen or a setup, a game
 * between terminals, and the notes the first screen shows. */
#include "ui/start.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <termios.h>
#include <unistd.h>

#include "core/fen.h"
#include "core/setup.h"
#include "record/autosave.h"
#include "record/record.h"
#include "record/savelock.h"
#include "ui/app.h"
#include "ui/menu_screen.h"
#include "ui/nav.h"
#include "ui/setup_screen.h"

#define CTRL_C 3
#define CTRL_D 4
#define START_TAKEOVER_MS 10000 /* how long the other copy has to save and leave */

static bool Start_load(const char *file, char *err, size_t errlen)
{
    char path[1024];
    Position start;
    Game g;
    if (!Record_loadPath(file, path, sizeof path, err, errlen))
        return false;
    /* Any game will do: the record layer replaces it with the file's. */
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&g, &start);
    PgnHeader tags;
    GameNotes notes;
    GameNotes_init(&notes);
    if (!Record_loadPgnNotes(&g, &tags, &notes, path, 0, err, errlen)) {
        Game_free(&g);
        return false;
    }
    Play_adoptNotes(App_play(), &g, &tags, &notes);
    Nav_show(SCREEN_GAME);
    return true;
}

/* A game named on the command line: by FEN, by setup number, or asking. */
static bool Start_variant(const UiStart *start, char *err, size_t errlen)
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
    } else if (start->setup == SETUP_RANDOM && (v->rules & VR_CHOSEN_SETUP)) {
        Nav_setupGame(v, METHOD_RANDOM);
    } else if (start->setup == SETUP_BY_BLACK && (v->rules & VR_CHOSEN_SETUP)) {
        Nav_setupGame(v, METHOD_COUNT); /* Black chooses how */
    } else if ((v->rules & VR_CHOSEN_SETUP) && Session_seat(App_play()->s, BLACK) == SEAT_ENGINE) {
        Nav_setupGame(v, METHOD_ENGINE);
    } else if (v->rules & VR_CHOSEN_SETUP) {
        Nav_setupGame(v, METHOD_COUNT); /* Black chooses how */
    } else {
        Nav_setupGame(v, METHOD_STANDARD);
    }
    return true;
}

/* One key of keys, asked on the plain terminal before the screen is taken
 * over, in small letters. Ctrl-C, Ctrl-D or the end of input answer
 * nothing (0), and then nothing is changed. */
static int Start_askKey(const char *keys)
{
    struct termios old, raw;
    bool tty = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &old) == 0;
    if (tty) {
        raw = old;
        /* No ISIG: Ctrl-C must not leave the terminal without echo. */
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    /* The question's last line shows only now: a Ctrl-C typed as soon as it
       is seen is read as a key, never caught as a signal the loop's handler
       would keep for later while this waits for a key. */
    fflush(stdout);
    int c;
    do
        c = getchar();
    while (c != EOF && c != CTRL_C && c != CTRL_D && (c == 0 || strchr(keys, tolower(c)) == NULL));
    if (tty)
        tcsetattr(STDIN_FILENO, TCSANOW, &old);
    int answer = c == EOF || c == CTRL_C || c == CTRL_D ? 0 : tolower(c);
    if (answer)
        printf("%c\n", answer);
    else
        printf("(no answer)\n");
    return answer;
}

/* Asked when the command line chooses a game: y or n. */
static int Start_askResume(const char *desc)
{
    printf("A game in progress was saved: %s.\n"
           "Resume it? y resumes it; n keeps it among the saved games and starts the new one: ",
           desc);
    return Start_askKey("yn");
}

/* Another copy of the program under this account plays the saved game:
 * take it over (that copy saves it and leaves), or play apart, each game
 * in a file of its own (*own). False with err when there was no answer or
 * the other copy did not let go. */
static bool Start_lockGame(bool *own, char *err, size_t errlen)
{
    pid_t holder;
    char why[300];
    *own = false;
    SaveLockResult r = SaveLock_take(&holder, why, sizeof why);
    if (r == SAVELOCK_ERROR) /* no lock to be had: play on as before, and say so */
        Nav_note("the saved game could not be locked: %s", why);
    if (r == SAVELOCK_TAKEN) /* until the loop can answer a takeover by saving */
        signal(SIGUSR1, SIG_IGN);
    if (r != SAVELOCK_HELD)
        return true;
    printf("Another copy of zanzibar (process %d) is playing the saved game of this account.\n"
           "t takes the game over here (the other copy saves it and leaves); o plays a game of\n"
           "your own here, saved among the saved games under its own name: ",
           (int)holder);
    int answer = Start_askKey("to");
    if (answer == 0) {
        snprintf(err, errlen, "no answer: the other copy keeps its game");
        return false;
    }
    if (answer == 'o') {
        *own = true;
        return true;
    }
    if (!SaveLock_takeOver(holder, START_TAKEOVER_MS, err, errlen))
        return false;
    Nav_note("the game was taken over from process %d, which saved it", (int)holder);
    return true;
}

/* The command line chooses a game (the same line again, from the shell's
 * history, after a dropped link) while another waits to be resumed. False
 * with err when the question got no answer. */
static bool Start_resumeFirst(const UiStart *start, bool *resumed, char *err, size_t errlen)
{
    const GameSession *s = App_play()->s;
    const char *saved = MenuScreen_savedGame();
    *resumed = false;
    if (saved == NULL || !(start->game_given || start->variant || start->load_file))
        return true;
    int answer = Start_askResume(saved);
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
    Match_setAside(App_play()->match);
    Nav_note("%s", Session_notice(s, NULL));
    MenuScreen_forgetSaved();
    return true;
}

/* A game played apart by a copy that has ended comes back to the state
 * file, so that the menu and the resume question offer it. */
static void Start_adoptApart(void)
{
    char name[256], why[400];
    if (!Autosave_adoptApart(name, sizeof name, why, sizeof why))
        Nav_note("the game played apart could not be taken up: %s", why);
    else if (name[0] != '\0')
        Nav_note("the game played apart by another copy (%s) can be resumed", name);
}

bool Start_prepare(const UiStart *start, char *err, size_t errlen)
{
    if (!Play_create(App_play())) {
        snprintf(err, errlen, "cannot create the engine's wake-up pipe");
        return false;
    }
    if (start->net == NULL)
        Match_setPace(App_play()->match, start->pace_ms);
    App_play()->engines = start->engines;
    Match_useEngineSlots(App_play()->match, start->engines);
    bool own = false;
    if (start->net == NULL && !Start_lockGame(&own, err, errlen))
        return false;
    if (start->net == NULL && !own)
        Start_adoptApart();
    MenuScreen_init(start);
    MenuScreen_apply();
    if (own) { /* the state file stays the other copy's */
        Match_saveApart(App_play()->match);
        MenuScreen_forgetSaved();
        Nav_note("another copy plays the saved game: this one's games are saved under names of "
                 "their own");
    }
    if (start->net != NULL) {
        if (!Match_attach(App_play()->match, start->net, err, errlen))
            return false;
        if (start->net_note != NULL && start->net_note[0] != '\0')
            Nav_note("%s", start->net_note);
        Nav_show(SCREEN_GAME);
        return true;
    }
    if (start->time_base_ms > 0)
        Play_setClock(App_play(), start->time_base_ms, start->time_inc_ms);
    Nav_show(SCREEN_MENU);
    bool resumed;
    if (!Start_resumeFirst(start, &resumed, err, errlen))
        return false;
    if (resumed)
        return true;
    if (start->load_file)
        return Start_load(start->load_file, err, errlen);
    if (start->variant)
        return Start_variant(start, err, errlen);
    return true;
}

void Start_firstNotes(const UiStart *start)
{
    Play *p = App_play();
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
