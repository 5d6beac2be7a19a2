/* Shared helpers of the rules-core tests: positions built from a list of
 * pieces, and moves and destinations turned into sorted lists of square
 * names, so that every expectation is written as plain text from RULES.md. */
#ifndef ZANZIBAR_TESTS_HELPERS_H
#define ZANZIBAR_TESTS_HELPERS_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"

/* Short names for the games, so test tables stay on one line. */
#define ZS VARIANT_ZANZIBAR_S
#define XL VARIANT_ZANZIBAR_XL
#define XXL VARIANT_ZANZIBAR_XXL
#define PEMBA VARIANT_PEMBA
#define AN VARIANT_ARABIAN_NIGHTS

/* A position of one game, for tables of test cases. */
typedef struct {
    VariantId variant;
    const char *fen;
} FenCase;

#define LIST_MAX 8192

/* Writes the FEN of a position given as "Ke1 ke12 Qf6 ~a4" (letter case is
 * the colour; "~a4" puts an Arabian Nights carpet there, and without any
 * such token the carpets lie on a3 a7 k3 k7) followed by `rest`, the five
 * fields after the placement ("w - - 0 1"). */
void Helper_fen(VariantId id, const char *pieces, const char *rest, char *fen);
/* Helper_fen then Fen_read; the test fails if the FEN is refused. */
void Helper_load(Position *pos, VariantId id, const char *pieces, const char *rest);
/* Fen_read of a whole FEN that must be accepted. */
void Helper_read(Position *pos, VariantId id, const char *fen);
/* A move typed on a position (pieces NULL: the game's start) and what the
 * test expects of it: the move it reads as, or a phrase of its refusal. */
typedef struct {
    VariantId variant;
    const char *pieces, *rest;
    const char *text, *expect;
} MoveCase;

/* Helper_load, or the game's start position when pieces is NULL. */
void Helper_loadOrStart(Position *pos, VariantId id, const char *pieces, const char *rest);
/* Notation_parse must refuse text on that position and leave the position
 * as it was; err (ERROR_MAX bytes) receives the refusal. */
void Helper_assertRefused(VariantId id, const char *pieces, const char *rest, const char *text,
                          char *err);

int Helper_cell(const Position *pos, const char *name);

/* Sorts a space-separated list of words, keeping duplicates (a move listed
 * twice is an error the comparison must show). */
void Helper_sorted(const char *list, char *out);
/* The distinct target squares of the legal moves from `from`, sorted. */
void Helper_legalTargets(Position *pos, const char *from, char *out);
/* The cells Movegen_destinations marks for `piece` (letter, case = colour)
 * standing on `from`, sorted; only cells with one of the `kinds` bits. */
void Helper_destinations(const Position *pos, char piece, const char *from, int kinds, char *out);
/* The coordinate texts of all legal moves from `from` (all squares if NULL), sorted. */
void Helper_legalMoves(Position *pos, const char *from, char *out);

/* The legal move whose coordinate text is `coord`, or MOVE_NONE. */
Move Helper_findMove(Position *pos, const char *coord);
/* Plays space-separated coordinate moves; each must be legal. */
void Helper_play(Position *pos, const char *moves);
/* The hashes of the positions before the current one of the line played
 * by Helper_play since the last Helper_load or Helper_read, oldest first. */
const uint64_t *Helper_history(int *n);

/* Asserts that the sorted `expected` list equals `actual`, naming `what`. */
#define Helper_assertList(actual, expected, what) \
    do { \
        char want_[LIST_MAX]; \
        Helper_sorted((expected), want_); \
        ck_assert_msg(strcmp((actual), want_) == 0, "%s:\n  got  %s\n  want %s", (what), (actual), \
                      want_); \
    } while (0)

#endif
