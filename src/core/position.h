/* A position of one of the five games: the board, side to move, rights,
 * en passant square, clocks and hash, with a pointer to its variant's
 * shared, read-only Geometry. A Position is a plain value: copy it freely. */
#ifndef ZANZIBAR_CORE_POSITION_H
#define ZANZIBAR_CORE_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "geometry.h"
#include "variant.h"

/* Board contents: 0 empty, CELL_WALL not a square, else a piece code. */
#define CELL_EMPTY 0
#define CELL_WALL 0xFF
#define PIECE_MAKE(color, type) ((uint8_t)(((color) << 5) | ((type) + 1)))
#define PIECE_TYPE(p) (((p)&31) - 1)
#define PIECE_COLOR(p) ((p) >> 5)
#define IS_PIECE(p) ((p) != CELL_EMPTY && (p) != CELL_WALL)

/* Whether p is a piece of that colour and one of those types (a bit per
 * type). One comparison, as attack detection and the walker ask it on
 * every cell: only that colour's codes leave a type index below 31. */
static inline bool Position_pieceOf(uint8_t p, int color, uint32_t types)
{
    unsigned type = (unsigned)p - ((unsigned)color << 5) - 1u;
    return type < 31 && (types >> type & 1);
}

/* A move packed in 32 bits: from, to, promotion type + 1, flags, and the
 * carpet slot + 1 that a flight goes to. */
typedef uint32_t Move;
#define MOVE_NONE 0u
enum { MF_DOUBLE = 1, MF_EP = 2, MF_JUMP = 4 };
#define MOVE_MAKE(from, to) ((Move)(from) | ((Move)(to) << 9))
#define MOVE_FROM(m) ((int)((m)&511))
#define MOVE_TO(m) ((int)(((m) >> 9) & 511))
#define MOVE_PROMO(m) ((int)(((m) >> 18) & 31) - 1) /* type, or -1 */
#define MOVE_FLAGS(m) ((int)(((m) >> 23) & 15))
#define MOVE_FLY(m) ((int)(((m) >> 27) & 15) - 1) /* carpet slot, or -1 */
#define MOVE_WITH_PROMO(m, type) ((m) | ((Move)((type) + 1) << 18))
#define MOVE_WITH_FLAGS(m, f) ((m) | ((Move)(f) << 23))
#define MOVE_WITH_FLY(m, slot) ((m) | ((Move)((slot) + 1) << 27))

typedef struct {
    Move move;
    uint8_t captured; /* piece code taken, or 0 */
    uint8_t moved;    /* the mover's code before promotion */
    uint8_t rights;
    uint16_t carpets;
    int16_t capsq;
    int16_t ep;
    int halfmove, reversible;
    uint64_t hash;
} Undo;

typedef struct Position {
    const Variant *v;
    const Geometry *geo; /* Geometry_of(v), shared */
    uint8_t board[MAX_CELLS];
    uint8_t side;     /* to move */
    uint8_t rights;   /* bit 0: White's King may jump, bit 1: Black's */
    uint16_t carpets; /* bit per carpet cell slot holding a carpet */
    int16_t ep;       /* skipped cell of the last double step, or 0 */
    int halfmove;     /* the fifty-move count */
    int reversible;   /* plies since the last move that cannot be undone */
    int fullmove;
    uint64_t hash;
    int16_t king[2]; /* cell, or 0 when a side has no royal piece */
    uint8_t npieces[2];
    int16_t plist[2][MAX_PIECES];
    uint8_t pindex[MAX_CELLS];
    uint8_t count[2][VARIANT_MAX_TYPES];
    uint32_t present[2]; /* bit per type with at least one piece */
    int material[2];     /* sum of non-royal piece values */
} Position;

/* An empty board of that variant (no pieces; carpets at no place). */
void Position_init(Position *pos, const Variant *v);

int Position_cell(const Position *pos, int file, int rank); /* -1 outside the grid */
int Position_file(const Position *pos, int cell);
int Position_rank(const Position *pos, int cell);
bool Position_isSquare(const Position *pos, int cell);
bool Position_isCarpetCell(const Position *pos, int cell); /* a3-a7 or k3-k7 */
int Position_carpetSlot(const Position *pos, int cell);    /* -1 if not a carpet cell */
bool Position_hasCarpet(const Position *pos, int cell);
/* Writes "e4" into buf (at least 4 bytes). */
void Position_cellName(const Position *pos, int cell, char *buf);
/* Parses "e4" at *text, advancing it; -1 if it names no grid cell. */
int Position_parseCell(const Position *pos, const char **text);

/* Board editing for set-up code; keeps lists, counts and hash right. */
void Position_put(Position *pos, int cell, uint8_t piece);
void Position_remove(Position *pos, int cell);
void Position_setCarpet(Position *pos, int slot, bool present);
void Position_setSide(Position *pos, int side);
void Position_setEp(Position *pos, int cell);
void Position_setRights(Position *pos, int rights);
uint64_t Position_computeHash(const Position *pos);

bool Position_attacked(const Position *pos, int cell, int by);
/* The same, read from board: pos's own or a trial copy of it. */
bool Position_attackedOn(const Position *pos, const uint8_t *board, int cell, int by);
/* Every piece of side by that could take on cell (pins and checks not
 * considered), read from board: the position's own board or a copy of it
 * with pieces taken off, as an exchange on one square needs. Their cells go
 * into cells (room for MAX_PIECES); returns how many. A bent rider that
 * reaches the cell two ways is listed twice. */
int Position_attackersOn(const Position *pos, const uint8_t *board, int cell, int by,
                         int16_t *cells);
bool Position_inCheck(const Position *pos);
/* Position_attacked and Position_inCheck for pos just after m, given that
 * side by did not attack cell before m (a royal piece of either side: the
 * mover's was not in check; the other's never is where the mover is to
 * move). Cheaper: they look only where m changed the board. */
bool Position_attackedAfter(const Position *pos, Move m, int cell, int by);
bool Position_inCheckAfter(const Position *pos, Move m);
/* That side has nothing left but its royal piece. */
bool Position_isBare(const Position *pos, int side);
/* How many times the current position occurred before, given history: the
 * hashes of the positions before pos, oldest first (history[n - 1] is the
 * one just before). Looks back over every earlier position that can equal
 * this one: all since the last move that cannot be undone, not only since
 * the last reset of the fifty-move count. */
int Position_repetitions(const Position *pos, const uint64_t *history, int n);

/* Where the moving piece ends up: the target, or where its carpet flew. */
int Position_moveEnd(const Position *pos, Move m);
void Position_make(Position *pos, Move m, Undo *u);
void Position_unmake(Position *pos, const Undo *u);
void Position_makeNull(Position *pos, Undo *u);
void Position_unmakeNull(Position *pos, const Undo *u);

#endif
