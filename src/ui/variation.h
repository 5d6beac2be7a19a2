/* A variation: moves tried from a position of the game (in review, or
 * while the analysis runs) that never change the game. It checks that its
 * starting position is still the game's, so that a move of the other
 * side, a takeback or a new game closes it. review.c decides when moves go
 * here and shows its position; the session is never touched. */
#ifndef ZANZIBAR_UI_VARIATION_H
#define ZANZIBAR_UI_VARIATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ui/play.h"

#define VARIATION_MAX 64 /* moves in one variation */

bool Variation_active(const Play *p);
/* The game's ply it starts after (while active). */
int Variation_base(const Play *p);
/* Its last move (while active). */
Move Variation_lastMove(const Play *p);
/* Its last position (while active). */
const Position *Variation_position(const Play *p);
/* Plays m, legal where the board stands, in the variation, opening one
 * after the game's ply base when none is open; says so. */
void Variation_play(Play *p, Move m, int base);
/* Takes its last move back; the first one closes it. */
void Variation_back(Play *p);
/* Closes it (nothing said when quiet). */
void Variation_leave(Play *p, bool quiet);
/* Its moves in the move list's notation: "12... Nc6 13. Lxe7". */
void Variation_describe(const Play *p, char *buf, size_t len);
/* The history of the position the board shows, oldest first: the game's
 * hashes before the variation, then the variation's own (the analysis
 * must see the repetitions its moves made); *n its length. */
const uint64_t *Variation_history(const Play *p, int ply, int *n);
/* Frees what it kept (at the end of the program). */
void Variation_end(void);

#endif
