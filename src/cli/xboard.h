/* zanzibar --xboard: the XBoard/CECP version 2 engine protocol, so that the
 * built-in engine plays inside XBoard and in engine-versus-engine matches. */
#ifndef ZANZIBAR_CLI_XBOARD_H
#define ZANZIBAR_CLI_XBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"

/* Reads commands from in until "quit" or end of input, answers on out.
 * Returns the process exit status. */
int Xboard_run(FILE *in, FILE *out);

/* The protocol's state without its input thread, so that lines can come
 * from anywhere (the fuzz target feeds them from memory). */
typedef struct Xboard Xboard;

/* Answers go to out; tt_mb sizes the engine's table. NULL without memory. */
Xboard *Xboard_new(FILE *out, size_t tt_mb);
/* Handles one line (any length; it may be changed in place); false on
 * "quit". Also plays the engine's move if its search has ended. */
bool Xboard_handleLine(Xboard *xb, char *line);
/* Limits every search to nodes (0: no limit) and fixes the random seed,
 * so that a run repeats exactly and stays short. */
void Xboard_capSearch(Xboard *xb, uint64_t nodes, uint64_t seed);
/* Waits for a search in progress and plays its move. */
void Xboard_finish(Xboard *xb);
const Game *Xboard_game(const Xboard *xb);
void Xboard_free(Xboard *xb);

#endif
