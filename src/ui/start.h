/* The start-up policy: what the command line hands the terminal front end
 * (UiStart), and what the first screen is (the menu, a resumed game, a
 * loaded file, a game named by --variant, or a game between terminals). */
#ifndef ZANZIBAR_UI_START_H
#define ZANZIBAR_UI_START_H

#include <stdbool.h>
#include <stddef.h>

#include "core/variant.h"
#include "match/match.h"
#include "session/session.h"

typedef struct {
    const Variant *variant;      /* NULL: ask in the start menu (or resume) */
    const Variant *menu_variant; /* the game the menu offers first (settings) */
    const char *fen;             /* NULL: the standard start / chosen setup */
    const char *load_file;       /* PGN file to load, or NULL */
    bool players_given;          /* --white/--black were given */
    SeatKind player[2];          /* White, Black */
    int level;                   /* engine level, 0 = the saved default */
    int time_base_ms;            /* 0 = no clock */
    int time_inc_ms;
    int setup;            /* Zanzibar setup number, 0 = ask, -1 = random */
    bool mono;            /* force the monochrome scheme */
    bool bell;            /* the menu's Bell line starts on (settings: bell = on) */
    int pace_ms;          /* engine against engine: the pause a move (settings: pace) */
    const char *notice;   /* problems to show on the first screen, or NULL */
    bool game_given;      /* the command line chose something of a game */
    MatchJoined *net;     /* a game between terminals, joined, or NULL: the Match takes it */
    const char *net_note; /* with net: what was done before (an adjourned game
                           * resumed or set aside), for the game's screen */
    /* 0: none; else a session that sees no key and no move this long ends
     * (the public server's idle limit) */
    int idle_ms;
    /* what every search takes (the public server's engines), or NULL */
    const EngineSlots *engines;
} UiStart;

/* Everything that can fail because of the command line, done before the
 * terminal is taken over so that the message lands on a normal stderr:
 * false with err when the program must stop. The screens must be
 * registered with the navigator first. */
bool Start_prepare(const UiStart *start, char *err, size_t errlen);
/* Puts the settings file's problems and where an earlier game went on the
 * message line of whichever screen comes first. */
void Start_firstNotes(const UiStart *start);

#endif
