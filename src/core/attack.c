/* Attack detection, done in reverse from the target square: look where
 * each kind of attacker would have to stand. Reads only the board and the
 * compiled tables, so it also answers for trial boards during legality tests. */
#include "position.h"

static bool attacked_by_leap(const Position *pos, int cell, int by)
{
    const Geometry *g = &pos->geo;
    const uint32_t present = pos->present[by];
    const AttackLeap *al = g->attack_leaps[by];
    for (int i = 0, n = g->nattack_leaps[by]; i < n; i++) {
        if (!(al[i].types & present))
            continue;
        int from = cell - al[i].off;
        uint8_t p = pos->board[from];
        if (!IS_PIECE(p) || PIECE_COLOR(p) != by || !(al[i].types >> PIECE_TYPE(p) & 1))
            continue;
        if (al[i].mid && g->hole && from + al[i].mid == g->hole)
            continue;
        return true;
    }
    return false;
}

static bool bent_rider_behind(const Position *pos, const BentReverse *br, int empty, int by)
{
    for (int k = 0; k < br->n; k++) {
        uint8_t p = pos->board[empty + br->back[k]];
        if (IS_PIECE(p) && PIECE_COLOR(p) == by && (br->types[k] >> PIECE_TYPE(p) & 1))
            return true;
    }
    return false;
}

/* One direction: riders meet the first piece, hoppers the second, and bent
 * riders may have turned into this line at any empty cell on the way. */
static bool attacked_along(const Position *pos, int cell, int by, int d)
{
    const Geometry *g = &pos->geo;
    const uint32_t present = pos->present[by];
    const uint32_t riders = g->slide_types[by][d] & present;
    const uint32_t hoppers = g->hop_types[by][d] & present;
    const BentReverse *br = &g->bent_reverse[by][d];
    const bool bents = br->n && (g->bent_types[by] & present);
    if (!riders && !hoppers && !bents)
        return false;
    const int step = g->dir[d];
    int x = cell + step;
    while (pos->board[x] == CELL_EMPTY) {
        if (bents && bent_rider_behind(pos, br, x, by))
            return true;
        x += step;
    }
    uint8_t p = pos->board[x];
    if (p == CELL_WALL)
        return false;
    if (PIECE_COLOR(p) == by && (riders >> PIECE_TYPE(p) & 1))
        return true;
    if (!hoppers)
        return false;
    x += step;
    while (pos->board[x] == CELL_EMPTY)
        x += step;
    p = pos->board[x];
    return IS_PIECE(p) && PIECE_COLOR(p) == by && (hoppers >> PIECE_TYPE(p) & 1);
}

bool Position_attacked(const Position *pos, int cell, int by)
{
    if (attacked_by_leap(pos, cell, by))
        return true;
    for (int d = 0; d < 8; d++)
        if (attacked_along(pos, cell, by, d))
            return true;
    return false;
}

bool Position_inCheck(const Position *pos)
{
    int k = pos->king[pos->side];
    return k && Position_attacked(pos, k, pos->side ^ 1);
}
