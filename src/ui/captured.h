/* The pieces each side has lost, grouped by kind, most valuable first, and
 * the material balance, as players of other programs expect to see them. */
#ifndef ZANZIBAR_UI_CAPTURED_H
#define ZANZIBAR_UI_CAPTURED_H

#include "core/game.h"

#define CAPTURED_TEXT_MAX 160

typedef struct {
    char lost[2][CAPTURED_TEXT_MAX]; /* by side: "Q R2 P3" (Black's in small letters) */
    int ahead;                       /* the side ahead in material, or -1 when level */
    int pawns;                       /* by how much, in Pawns of 100 (0 when level) */
} Captured;

/* Up to the ply given (the review's position, or the game's count). */
void Captured_of(const Game *g, int ply, Captured *out);

#endif
