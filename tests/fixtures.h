/* Fixtures shared by the tests above the rules core (engine, judgement,
 * session, front end): a game's position from its name or id and a FEN,
 * a game of moves from there, an engine for each test, and a whole XBoard
 * conversation. */
#ifndef ZANZIBAR_TESTS_FIXTURES_H
#define ZANZIBAR_TESTS_FIXTURES_H

#include <stdio.h>

#include "core/game.h"
#include "core/position.h"
#include "engine/engine.h"

/* The position of the FEN in game id, or its start position when fen is
 * NULL; the test fails if the FEN is refused. */
Position Fixture_position(VariantId id, const char *fen);
/* The same for a game given by name, which must exist. */
Position Fixture_named(const char *variant, const char *fen);
/* The game of the first n moves (SAN or coordinates, as a user types
 * them) from the FEN in the game named variant (its start when fen is
 * NULL); the test fails on a move refused. Game_free it. */
Game Fixture_game(const char *variant, const char *fen, const char *const *moves, int n);
/* Check fixtures: a fresh engine (8 MB of table) in Fixture_engine, and
 * its end. */
extern Engine *Fixture_engine;
void Fixture_newEngine(void);
void Fixture_freeEngine(void);

/* Runs the input through Xboard_run; returns its output (to free). */
/* What was written to the temporary file out, which is closed; to be freed. */
char *Fixture_readBack(FILE *out);
char *Fixture_xboard(const char *input);
/* Asserts that text holds each of the phrases (the list ends with NULL),
 * naming the first one missing. */
void Fixture_assertSays(const char *text, const char *const *phrases);

#endif
