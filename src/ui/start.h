/* The terminal front end's entry point: how the command line hands a game
 * description to the curses screens. */
#ifndef ZANZIBAR_UI_UI_H
#define ZANZIBAR_UI_UI_H

#include <stdbool.h>

#include "core/variant.h"
#include "session/session.h"

/* The players the command line and the menu offer: seats of the session. */
typedef SeatKind PlayerKind;
#define PLAYER_HUMAN SEAT_HUMAN
#define PLAYER_ENGINE SEAT_ENGINE

typedef struct {
    const Variant *variant;      /* NULL: ask in the start menu (or resume) */
    const Variant *menu_variant; /* the game the menu offers first (settings) */
    const char *fen;             /* NULL: the standard start / chosen setup */
    const char *load_file;       /* PGN file to load, or NULL */
    bool players_given;          /* --white/--black were given */
    PlayerKind player[2];        /* White, Black */
    int level;                   /* engine level, 0 = the saved default */
    int time_base_ms;            /* 0 = no clock */
    int time_inc_ms;
    int setup;           /* Zanzibar setup number, 0 = ask, -1 = random */
    bool mono;           /* force the monochrome scheme */
    bool bell;           /* the menu's Bell line starts on (settings: bell = on) */
    const char *notice;  /* problems to show on the first screen, or NULL */
    bool game_given;     /* the command line chose something of a game */
    struct NetPlay *net; /* a game between terminals, joined, or NULL */
} UiStart;

/* Runs the game until the player quits; returns the process exit status. */
int Ui_run(const UiStart *start);

#endif
