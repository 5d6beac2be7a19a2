/* The Geometry: a variant's piece table compiled into cell offsets for its
 * board size, so move generation and attack detection only add numbers.
 * Compiled once per variant and shared read-only by all its positions. */
#ifndef ZANZIBAR_CORE_GEOMETRY_H
#define ZANZIBAR_CORE_GEOMETRY_H

#include <stdint.h>

#include "variant.h"

enum { WHITE = 0, BLACK = 1 }; /* the side index of every per-side table */

/* Cells: a padded mailbox so that every ride and leap ends on a wall. */
#define BOARD_PAD 3
#define MAX_FILES 12
#define MAX_RANKS 12
#define MAX_CELLS ((MAX_RANKS + 2 * BOARD_PAD + 1) * (MAX_FILES + BOARD_PAD))
#define MAX_PIECES 64
#define MAX_LEAPS 32
#define MAX_ATTACK_LEAPS 64
/* Leaps reach at most BOARD_PAD files and ranks: the walls cover them. */
#define LEAP_SPAN (2 * BOARD_PAD + 1)

typedef struct {
    int16_t off;  /* cell offset */
    int16_t mid;  /* offset of the middle square for even leaps (hole check), else 0 */
    uint8_t mode; /* AtomMode */
} LeapStep;

typedef struct {
    int16_t step;          /* the first, single step */
    int16_t slide[2];      /* the two directions it may ride on */
    int8_t sdx[2], sdy[2]; /* the same directions as (file, rank) steps */
} BentStep;

/* For attack detection: walking away from a target along one direction,
 * an Eagle or Rhinoceros that rode towards it stands at (empty cell - step). */
typedef struct {
    int n;
    int16_t back[4]; /* offset from the empty cell back to the bent piece */
    uint32_t types[4];
} BentReverse;

/* One piece type's moves for one colour, as cell offsets. */
typedef struct {
    uint8_t nleap, nslide, nhop, nbent;
    LeapStep leap[MAX_LEAPS];
    int16_t slide[8];
    int16_t hop[8];
    BentStep bent[4];
    int16_t dbl; /* forward double step offset, 0 if none */
    uint8_t dbl_anywhere;
} TypeMoves;

typedef struct {
    int16_t off; /* an attacker of that type stands at target - off */
    int16_t mid;
    uint32_t types; /* bit per type capturing with this leap */
} AttackLeap;

/* Tables compiled from the variant and the piece table for this board. */
typedef struct {
    int files, ranks, stride;
    int16_t dir[8]; /* 4 orthogonal then 4 diagonal ride directions */
    TypeMoves moves[2][VARIANT_MAX_TYPES];
    int nattack_leaps[2];
    AttackLeap attack_leaps[2][MAX_ATTACK_LEAPS];
    /* The same by the target's place seen from the attacker, at
     * Geometry_leapSlot(dx, dy): which types may take there by a leap. */
    uint32_t leap_types_at[2][LEAP_SPAN * LEAP_SPAN];
    uint32_t slide_types[2][8]; /* types riding along dir[i] (attacker side) */
    uint32_t hop_types[2][8];
    BentReverse bent_reverse[2][8]; /* by walk direction, as dir[] */
    uint32_t bent_types[2];         /* eagles and rhinoceroses */
    uint32_t ep_victims, ep_capturers, promoters, pawnlike;
    int royal_type;                /* the King or Sultan */
    int general_type, vizier_type; /* Arabian Nights camp promotions, or -1 */
    int npromos;
    int8_t promos[VARIANT_MAX_PROMOS];
    int16_t forward[2];          /* one step towards the enemy */
    int8_t last_rank[2];         /* where Pawns, Soldiers, Princes promote */
    int8_t start_rank[2];        /* where DOUBLE_FROM_START applies, or -1 */
    int8_t cell_file[MAX_CELLS]; /* -1 off the grid */
    int8_t cell_rank[MAX_CELLS];
    int16_t hole; /* 0 when the game has none */
    int ncarpet_cells;
    int16_t carpet_cell[VARIANT_MAX_CARPET_CELLS];
    int16_t value[VARIANT_MAX_TYPES]; /* Variant_value, kept at hand for material */
} Geometry;

/* The variant's Geometry, compiled on first use and never changed after:
 * every position of that game points to it. */
const Geometry *Geometry_of(const Variant *v);
int Geometry_cell(const Geometry *g, int file, int rank);

/* Where a leap of dx files and dy ranks (each within BOARD_PAD) is kept in
 * leap_types_at. */
static inline int Geometry_leapSlot(int dx, int dy)
{
    return (dy + BOARD_PAD) * LEAP_SPAN + dx + BOARD_PAD;
}

#endif
