/* How the screens reach each other without calling into each other: each
 * screen is a table of hooks (draw, key, least size, key list, enter), and
 * screens ask the navigator to show, open or start something. Also the
 * game's hooks (ui/app.c owns the game in play) and the note line. */
#ifndef ZANZIBAR_UI_NAV_H
#define ZANZIBAR_UI_NAV_H

#include <poll.h>
#include <stdbool.h>

#include "core/position.h"
#include "ui/play.h"
#include "ui/setupmethod.h"

typedef enum {
    SCREEN_MENU,
    SCREEN_SETUP,
    SCREEN_GAME,
    SCREEN_HELP,
    SCREEN_SAVED, /* the saved games, to choose one to load */
    SCREEN_COUNT
} ScreenId;

/* What a screen is opened with; each screen reads the fields it needs. */
typedef struct {
    const Variant *v;
    SetupMethod method; /* setup: how Black arranges; METHOD_COUNT asks first */
    ScreenId back;      /* help: where Esc returns */
    int cell;           /* help: the piece's square on the game's board, or -1 */
    bool ask_quit;      /* game: ask whether to quit the game in progress */
} NavArgs;

/* A key of a screen other than the game's (which has the command table):
 * dispatch and the help page both read it. */
typedef struct {
    int keys[6];          /* curses key codes, 0 after the last */
    const char *keynames; /* how help shows them */
    const char *help;
    void (*fn)(void);
} ScreenKey;

typedef struct {
    void (*draw)(int rows, int cols);
    void (*key)(int key);
    /* The smallest terminal the screen can be used in, showing game v. */
    void (*minSize)(const Variant *v, int *rows, int *cols);
    /* The game the screen shows now (for its least size). */
    const Variant *(*variant)(void);
    /* Called when the screen is opened through the navigator. */
    void (*enter)(const NavArgs *args);
    const ScreenKey *keys; /* NULL for the game screen */
    int nkeys;
    /* What the screen waits on besides the keys (the menu's look for
     * games between terminals): at most max descriptors written to fds,
     * which the loop polls while the screen is shown; NULL for none. */
    int (*pollFds)(struct pollfd *fds, int max);
    /* The ms until something it waits for falls due (the menu's look
     * for games gives up on hosts that have not answered), -1 for
     * nothing; the loop sleeps no longer. NULL for none. */
    int (*waitMs)(void);
    /* Takes what they brought, after each wait: true when the screen
     * changed. NULL for none. */
    bool (*tick)(void);
    /* Text the terminal marked as pasted (bracketed paste); NULL: the
     * screen takes none. */
    void (*paste)(const char *text);
} Screen;

/* What the navigator asks of the game in play, which ui/app.c owns. */
typedef struct {
    /* Starts play on pos: false, with the note line saying why, when the
     * game on the board could not be kept first. */
    bool (*start)(const Position *pos);
    /* Sends the arrangement chosen for a game between terminals. */
    void (*arrange)(const Position *pos);
    /* A line on the game's message line. */
    void (*say)(const char *text);
    const Variant *(*variant)(void);
} NavGame;

/* loop.c registers the screens once, before anything is shown, and app.c
 * the game's hooks. */
void Nav_register(ScreenId id, const Screen *screen);
void Nav_registerGame(const NavGame *hooks);
const Screen *Nav_screen(ScreenId id);

ScreenId Nav_current(void);
/* The game is on the screen, or its help opened from it: its clocks run. */
bool Nav_gameVisible(void);
void Nav_show(ScreenId id);
/* Help on v: its keys page from the game, its rules elsewhere; cell >= 0
 * opens the page of the piece on that square of the game's board. */
void Nav_openHelp(const Variant *v, int cell);
/* Starts play on pos with the players and clock chosen. */
void Nav_startGame(const Position *pos);
/* Starts v with a setup method: at once, or through the setup screen. */
void Nav_setupGame(const Variant *v, SetupMethod method);
/* The same, but the position chosen goes to done instead of a game here
 * (the menu's invitation hands it to the guest's game). */
void Nav_setupFor(const Variant *v, SetupMethod method, void (*done)(const Position *pos));
/* The setup screen's chosen position: to where Nav_setupFor said, or
 * Nav_startGame. */
void Nav_setupDone(const Position *pos);
/* Between terminals, the player who arranges the pieces of the game in
 * play is shown the setup screen (Black chooses how); the arrangement goes
 * to the game's host, and Esc comes back to the game. */
void Nav_arrangeGame(const Variant *v);
/* The setup screen, or the help opened from it, arranges the pieces of
 * the game in play: its host's messages are still taken while it is shown. */
bool Nav_arrangingGame(void);
/* The host no longer waits for that arrangement (the game was aborted, the
 * link is gone): back to the game, whose message line says why. */
void Nav_arrangementEnded(void);
/* The setup screen is left without a choice: back to the game for an
 * arrangement between terminals, else to the menu. */
void Nav_setupLeft(void);
/* The list of saved games, over the game in play. */
void Nav_openSaved(void);
/* Shows the game screen with the quit question over the game it concerns. */
void Nav_askQuit(void);
void Nav_quit(void);
bool Nav_quitting(void);
/* Asks for a full redraw on the next pass of the loop. */
void Nav_touch(void);
bool Nav_takeDirty(void);

/* Notes name files, whose paths can be long. */
#define NAV_NOTE_MAX 800

/* A note for the menu and the help (why a resume failed, a stray key). */
void Nav_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *Nav_noteText(void);

/* Runs the entry bound to key; false when none is. */
bool ScreenKeys_run(const ScreenKey *table, int n, int key);

#endif
