/* What the screens share: the Ui state, and the interface every screen
 * module exports (draw the whole screen; handle one key; the least room it
 * needs), so that ui.c's loop treats them all alike. */
#ifndef ZANZIBAR_UI_SCREEN_H
#define ZANZIBAR_UI_SCREEN_H

#include <stdbool.h>

#include "core/setup.h"
#include "ui/board_view.h"
#include "ui/lineedit.h"
#include "ui/play.h"
#include "ui/ui.h"

typedef enum { SCREEN_MENU, SCREEN_SETUP, SCREEN_GAME, SCREEN_HELP, SCREEN_COUNT } ScreenId;

typedef struct Ui Ui;

typedef struct {
    void (*draw)(Ui *ui, int rows, int cols);
    void (*key)(Ui *ui, int key);
    /* The smallest terminal the screen can be used in. */
    void (*minSize)(const Ui *ui, int *rows, int *cols);
} Screen;

/* The start menu's lines; FIELD_RESUME shows only when a saved game exists. */
typedef enum {
    FIELD_GAME, FIELD_WHITE, FIELD_BLACK, FIELD_LEVEL, FIELD_CLOCK, FIELD_SETUP,
    FIELD_START, FIELD_RESUME, FIELD_COUNT
} MenuField;

/* The start menu's choices, kept between games. */
typedef struct {
    int row;
    int value[FIELD_COUNT];
    bool resume;      /* a saved game in progress can be resumed */
} MenuState;

/* The ways a game's opening array can be chosen. */
typedef enum {
    METHOD_STANDARD,  /* the array of the variant's start FEN */
    METHOD_CURSOR,    /* Black places the free pieces with the cursor */
    METHOD_NUMBER,    /* Black types a setup number */
    METHOD_RANDOM,
    METHOD_ENGINE,    /* the engine plays Black and chooses */
    METHOD_PHASE,     /* Arabian Nights: pieces placed one at a time */
    METHOD_COUNT
} SetupMethod;

#define SETUP_MAX_METHODS 4

typedef enum {
    SETUP_CHOOSE,     /* which way Black arranges the pieces */
    SETUP_PLACE,      /* placing the free pieces with the cursor */
    SETUP_NUMBER,     /* typing a setup number */
    SETUP_PHASE       /* Arabian Nights: pieces placed one by one */
} SetupStage;

typedef struct {
    SetupStage stage;
    int choice;
    const Variant *v;
    Position pos;                 /* the board shown while placing */
    int cursor;
    char letters[VARIANT_MAX_SETUP_SQUARES + 1]; /* placed so far, ' ' for none */
    LineEdit line;
    SetupPhase phase;
    int nplaced;
    int placed_cell[2 * MAX_PIECES], placed_type[2 * MAX_PIECES];
    char message[PLAY_MESSAGE_MAX];
    bool message_error;
} SetupState;

typedef enum { HELP_KEYS, HELP_RULES, HELP_PIECE } HelpPage;

typedef struct {
    int page;         /* 0 keys, 1 rules, 2.. the variant's pieces */
    int scroll;
    ScreenId back;    /* where Esc returns */
    const Variant *v;
    bool from_board;  /* the piece page shows the game's own position */
    int cell;         /* the square the piece stands on, from the board */
} HelpState;

typedef struct {
    BoardView bv;
    LineEdit line;
    bool confirm_quit;
} GameState;

/* Notes name files, whose paths can be long. */
#define UI_NOTE_MAX 800

struct Ui {
    Play play;
    ScreenId screen;
    bool quit;
    bool dirty;
    UiStart start;
    MenuState menu;
    SetupState setup;
    HelpState help;
    GameState game;
    char note[UI_NOTE_MAX]; /* a message for the menu (e.g. why a resume failed) */
    char saved_game[PLAY_MESSAGE_MAX]; /* the saved game in progress, described */
    bool autosave_foreign;  /* the state file holds a game this run has not resumed */
};

extern const Screen MenuScreen, SetupScreen, GameScreen, HelpScreen;

/* A key table of a screen other than the game's (which has the command
 * table): dispatch and the help page both read it. */
typedef struct {
    int keys[6];           /* curses key codes, 0 after the last */
    const char *keynames;  /* how help shows them */
    const char *help;
    void (*fn)(Ui *ui);
} ScreenKey;

/* Runs the entry bound to key; false when none is. */
bool ScreenKeys_run(const ScreenKey *table, int n, Ui *ui, int key);
const ScreenKey *MenuScreen_keys(int *n);
const ScreenKey *HelpScreen_keys(int *n);

/* Switching screens. */
void Ui_show(Ui *ui, ScreenId id);
void Ui_openHelp(Ui *ui, const Variant *v, bool piece_on_cursor);
/* Starts play on pos with the players and clock chosen in the menu. */
void Ui_startGame(Ui *ui, const Position *pos);
/* Records the game in progress so that a lost connection loses nothing. */
void Ui_autosave(Ui *ui);

/* The setup methods offered for v, and their names. */
int SetupScreen_methods(const Variant *v, bool engine_black, SetupMethod out[SETUP_MAX_METHODS]);
const char *SetupScreen_methodName(SetupMethod m);
/* Starts v with that method: at once, or through the setup screen. */
void SetupScreen_begin(Ui *ui, const Variant *v, SetupMethod m);
/* Lets Black choose the method first (a game started from the command line). */
void SetupScreen_ask(Ui *ui, const Variant *v);
/* Takes up the saved game in progress (or says on the menu why not). */
void MenuScreen_resume(Ui *ui);
/* Copies the menu's players, level and clock into the game. */
void MenuScreen_apply(Ui *ui);

/* Small drawing helpers shared by the screens. */
void Ui_text(int y, int x, int width, int role, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Word-wraps text into lines of width; calls line() for each, returns the count. */
int Ui_wrap(const char *text, int width, void (*line)(void *ctx, const char *s, int n), void *ctx);

#endif
