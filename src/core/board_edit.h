/* Internal to the core: putting pieces on and off the board while keeping
 * piece lists, counts and material in step. Callers handle the hash. */
#ifndef ZANZIBAR_CORE_BOARD_EDIT_H
#define ZANZIBAR_CORE_BOARD_EDIT_H

#include "position.h"

/* Takes the piece off its cell (the royal cell is left for the caller). */
static inline void Board_lift(Position *pos, int cell)
{
    uint8_t p = pos->board[cell];
    int color = PIECE_COLOR(p), type = PIECE_TYPE(p);
    int i = pos->pindex[cell];
    int last = pos->plist[color][--pos->npieces[color]];
    pos->plist[color][i] = (int16_t)last;
    pos->pindex[last] = (uint8_t)i;
    if (--pos->count[color][type] == 0)
        pos->present[color] &= ~(1u << type);
    if (type != pos->geo->royal_type)
        pos->material[color] -= pos->geo->value[type];
    pos->board[cell] = CELL_EMPTY;
}

static inline void Board_drop(Position *pos, int cell, uint8_t p)
{
    int color = PIECE_COLOR(p), type = PIECE_TYPE(p);
    pos->pindex[cell] = pos->npieces[color];
    pos->plist[color][pos->npieces[color]++] = (int16_t)cell;
    pos->count[color][type]++;
    pos->present[color] |= 1u << type;
    if (type == pos->geo->royal_type)
        pos->king[color] = (int16_t)cell;
    else
        pos->material[color] += pos->geo->value[type];
    pos->board[cell] = p;
}

/* Moves a piece between cells; counts and material stay as they are. */
static inline void Board_shift(Position *pos, int from, int to)
{
    uint8_t p = pos->board[from];
    int color = PIECE_COLOR(p);
    int i = pos->pindex[from];
    pos->plist[color][i] = (int16_t)to;
    pos->pindex[to] = (uint8_t)i;
    pos->board[to] = p;
    pos->board[from] = CELL_EMPTY;
    if (PIECE_TYPE(p) == pos->geo->royal_type)
        pos->king[color] = (int16_t)to;
}

#endif
