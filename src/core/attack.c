/* Attack detection, done in reverse from the target square: look where
 * each kind of attacker would have to stand. Reads only the board and the
 * compiled tables, so it also answers for trial boards during legality tests. */
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

static bool Position_ownPieceOf(uint8_t p, int by, uint32_t types)
{
    return IS_PIECE(p) && PIECE_COLOR(p) == by && (types >> PIECE_TYPE(p) & 1);
}

static bool Position_leapAttackers(const Position *pos, int cell, int by, Found *f)
{
    const Geometry *g = pos->geo;
    const uint32_t present = pos->present[by];
    const AttackLeap *al = g->attack_leaps[by];
    for (int i = 0, n = g->nattack_leaps[by]; i < n; i++) {
        if (!(al[i].types & present))
            continue;
        int from = cell - al[i].off;
        if (!Position_ownPieceOf(f->board[from], by, al[i].types))
            continue;
        if (al[i].mid && g->hole && from + al[i].mid == g->hole)
            continue;
        if (Position_foundAdd(f, from))
            return true;
    }
    return false;
}

static bool Position_bentRidersBehind(const BentReverse *br, int empty, int by, Found *f)
{
    for (int k = 0; k < br->n; k++) {
        int from = empty + br->back[k];
        if (Position_ownPieceOf(f->board[from], by, br->types[k]) && Position_foundAdd(f, from))
            return true;
    }
    return false;
}

/* One direction: riders meet the first piece, hoppers the second, and bent
 * riders may have turned into this line at any empty cell on the way. */
static bool Position_lineAttackers(const Position *pos, int cell, int by, int d, Found *f)
{
    const Geometry *g = pos->geo;
    const uint32_t present = pos->present[by];
    const uint32_t riders = g->slide_types[by][d] & present;
    const uint32_t hoppers = g->hop_types[by][d] & present;
    const BentReverse *br = &g->bent_reverse[by][d];
    const bool bents = br->n && (g->bent_types[by] & present);
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
    if (Position_ownPieceOf(f->board[x], by, riders) && Position_foundAdd(f, x))
        return true;
    if (!hoppers)
        return false;
    x += step;
    while (f->board[x] == CELL_EMPTY)
        x += step;
    return Position_ownPieceOf(f->board[x], by, hoppers) && Position_foundAdd(f, x);
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
