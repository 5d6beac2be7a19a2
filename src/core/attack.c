/* Attack detection, done in reverse from the target square: look where
 * each kind of attacker would have to stand. Reads only the board and the
 * compiled tables, so it also answers for trial boards during legality tests.
 * After a move, the same answer for a royal piece comes from looking only
 * where that move can have made a difference. */
#include "position.h"

/* Where the attackers found so far go; the search for them stops once
 * max are known, so a yes-or-no question costs no more than one find. */
typedef struct {
    const uint8_t *board; /* the position's own, or a copy with pieces lifted */
    int16_t *cells;
    int n, max;
} Found;

static bool Position_foundAdd(Found *f, int cell)
{
    f->cells[f->n++] = (int16_t)cell;
    return f->n >= f->max;
}

static bool Position_leapAttackers(const Position *pos, int cell, int by, Found *f)
{
    const Geometry *g = pos->geo;
    const AttackLeap *al = g->attack_leaps[by];
    /* The board alone answers: a type that stands there is present. */
    for (int i = 0, n = g->nattack_leaps[by]; i < n; i++) {
        int from = cell - al[i].off;
        if (!Position_pieceOf(f->board[from], by, al[i].types))
            continue;
        if (al[i].mid && g->hole && from + al[i].mid == g->hole)
            continue;
        if (Position_foundAdd(f, from))
            return true;
    }
    return false;
}

static inline bool Position_bentRidersBehind(const BentReverse *br, int empty, int by, Found *f)
{
    for (int k = 0; k < br->n; k++) {
        int from = empty + br->back[k];
        if (Position_pieceOf(f->board[from], by, br->types[k]) && Position_foundAdd(f, from))
            return true;
    }
    return false;
}

/* One direction: riders meet the first piece, hoppers the second, and bent
 * riders may have turned into this line at any empty cell on the way. */
static inline __attribute__((always_inline)) bool
Position_lineAttackers(const Position *pos, int cell, int by, int d, Found *f)
{
    const Geometry *g = pos->geo;
    const uint32_t present = pos->present[by];
    const uint32_t riders = g->slide_types[by][d] & present;
    const uint32_t hoppers = g->hop_types[by][d] & present;
    const BentReverse *br = &g->bent_reverse[by][d];
    const bool bents = (g->bent_types[by] & present) && br->n;
    if (!riders && !hoppers && !bents)
        return false;
    const int step = g->dir[d];
    int x = cell + step;
    while (f->board[x] == CELL_EMPTY) {
        if (bents && Position_bentRidersBehind(br, x, by, f))
            return true;
        x += step;
    }
    if (f->board[x] == CELL_WALL)
        return false;
    if (Position_pieceOf(f->board[x], by, riders) && Position_foundAdd(f, x))
        return true;
    if (!hoppers)
        return false;
    x += step;
    while (f->board[x] == CELL_EMPTY)
        x += step;
    return Position_pieceOf(f->board[x], by, hoppers) && Position_foundAdd(f, x);
}

static int Position_findAttackers(const Position *pos, const uint8_t *board, int cell, int by,
                                  int16_t *cells, int max)
{
    Found f = {board, cells, 0, max};
    if (Position_leapAttackers(pos, cell, by, &f))
        return f.n;
    for (int d = 0; d < 8; d++)
        if (Position_lineAttackers(pos, cell, by, d, &f))
            break;
    return f.n;
}

bool Position_attacked(const Position *pos, int cell, int by)
{
    int16_t first;
    return Position_findAttackers(pos, pos->board, cell, by, &first, 1) > 0;
}

bool Position_attackedOn(const Position *pos, const uint8_t *board, int cell, int by)
{
    int16_t first;
    return Position_findAttackers(pos, board, cell, by, &first, 1) > 0;
}

int Position_attackersOn(const Position *pos, const uint8_t *board, int cell, int by,
                         int16_t *cells)
{
    return Position_findAttackers(pos, board, cell, by, cells, MAX_PIECES);
}

bool Position_inCheck(const Position *pos)
{
    int k = pos->king[pos->side];
    return k && Position_attacked(pos, k, pos->side ^ 1);
}

/* The direction (index of dir[]) from cell towards x when x is on one of
 * cell's eight lines, else -1. */
static int Position_lineTowards(const Geometry *g, int cell, int x)
{
    static const int8_t index[3][3] = {{7, 3, 6}, {1, -1, 0}, {5, 2, 4}};
    int dx = g->cell_file[x] - g->cell_file[cell], dy = g->cell_rank[x] - g->cell_rank[cell];
    if (dx && dy && dx != dy && dx != -dy)
        return -1;
    return index[(dy > 0) - (dy < 0) + 1][(dx > 0) - (dx < 0) + 1];
}

static bool Position_attackedAlong(const Position *pos, int cell, int by, int d)
{
    int16_t first;
    Found f = {pos->board, &first, 0, 1};
    return d >= 0 && Position_lineAttackers(pos, cell, by, d, &f);
}

/* Whether a piece of side by and that type on from may take on cell other
 * than along a line: by a leap (the hole not looked at) or a bent ride. */
static bool Position_mayLeapOnto(const Geometry *g, int type, int from, int cell, int by)
{
    if (g->bent_types[by] >> type & 1)
        return true;
    int dx = g->cell_file[cell] - g->cell_file[from], dy = g->cell_rank[cell] - g->cell_rank[from];
    if (dx < -BOARD_PAD || dx > BOARD_PAD || dy < -BOARD_PAD || dy > BOARD_PAD)
        return false;
    return g->leap_types_at[by][Geometry_leapSlot(dx, dy)] >> type & 1;
}

/* A move changes the board at from (emptied) and to (filled) only, unless
 * it takes en passant, jumps with the King or flies a carpet, or moves the
 * piece on cell itself. Leaps do not depend on the board between, so the
 * only new attacks can come from the moved piece, or along the line from
 * cell through from (a rider or hopper behind it, or a bent rider whose
 * path from its turn lies on that line) or through to (a new screen). */
bool Position_attackedAfter(const Position *pos, Move m, int cell, int by)
{
    const Geometry *g = pos->geo;
    const int from = MOVE_FROM(m), to = MOVE_TO(m);
    if ((MOVE_FLAGS(m) & (MF_EP | MF_JUMP)) || MOVE_FLY(m) >= 0 || to == cell)
        return Position_attacked(pos, cell, by);
    uint8_t moved = pos->board[to];
    if (PIECE_COLOR(moved) == by && Position_mayLeapOnto(g, PIECE_TYPE(moved), to, cell, by))
        return Position_attacked(pos, cell, by);
    int via_from = Position_lineTowards(g, cell, from), via_to = Position_lineTowards(g, cell, to);
    return Position_attackedAlong(pos, cell, by, via_from)
        || (via_to != via_from && Position_attackedAlong(pos, cell, by, via_to));
}

bool Position_inCheckAfter(const Position *pos, Move m)
{
    int k = pos->king[pos->side];
    return k && Position_attackedAfter(pos, m, k, pos->side ^ 1);
}
