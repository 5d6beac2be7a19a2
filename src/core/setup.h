/* Setups: the numbered arrangements of the Zanzibars' free pieces, chosen by
 * Black and mirrored for White, and the Arabian Nights placement phase. */
#ifndef ZANZIBAR_CORE_SETUP_H
#define ZANZIBAR_CORE_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

/* Setup "numbers" that name a way of choosing rather than a setup: a
 * random one, or Black arranges the pieces (between terminals: the guest,
 * on joining, when Black). */
#define SETUP_RANDOM (-1)
#define SETUP_BY_BLACK (-2)

/* The variant's standard start position. */
void Setup_start(Position *pos, const Variant *v);
/* Number of legal arrangements (0 when the game has a fixed array). */
int Setup_count(const Variant *v);
/* The arrangement number n (1-based), as letters along v->setup_squares. */
bool Setup_letters(const Variant *v, int n, char *letters);
/* The number of an arrangement given as letters, or 0 if it is not legal. */
int Setup_number(const Variant *v, const char *letters);
/* The arrangement of the free pieces in pos (read from Black's side), or 0. */
int Setup_numberOf(const Position *pos);
/* The start position with arrangement n for both armies. */
bool Setup_position(Position *pos, const Variant *v, int n);
/* A number in 1..count picked from the caller's seed. */
int Setup_random(const Variant *v, uint64_t seed);
/* The arrangement of the variant's standard start FEN. */
int Setup_default(const Variant *v);

/* Arabian Nights setup phase: pieces are placed one at a time. */
typedef struct {
    Position pos; /* the board so far; pos.side is whose turn it is to place */
    uint8_t left[2][VARIANT_MAX_TYPES];
    int placed;
} SetupPhase;

void SetupPhase_init(SetupPhase *sp, const Variant *v);
bool SetupPhase_done(const SetupPhase *sp);
/* Whether the side to place may put a piece of that type on cell. */
bool SetupPhase_canPlace(const SetupPhase *sp, int type, int cell);
bool SetupPhase_place(SetupPhase *sp, int type, int cell, char *err, size_t errlen);
bool SetupPhase_undo(SetupPhase *sp, int type, int cell);
/* When done: the position where Black makes the first move. */
void SetupPhase_finish(const SetupPhase *sp, Position *out);

#endif
