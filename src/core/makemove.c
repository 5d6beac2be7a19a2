/* Make and unmake: play a move on a position and take it back exactly,
 * updating piece lists, counts, material and the Zobrist hash as it goes.
 * The Undo record holds whatever the move destroyed. */
#include <string.h>

#include "board_edit.h"
#include "position.h"
#include "zobrist.h"

static void Position_saveUndo(const Position *pos, Move m, Undo *u)
{
    u->move = m;
    u->moved = pos->board[MOVE_FROM(m)];
    u->rights = pos->rights;
    u->carpets = pos->carpets;
    u->ep = pos->ep;
    u->halfmove = pos->halfmove;
    u->reversible = pos->reversible;
    u->hash = pos->hash;
}

static void Position_takeCaptured(Position *pos, Move m, Undo *u)
{
    int capsq = MOVE_TO(m);
    if (MOVE_FLAGS(m) & MF_EP)
        capsq = pos->ep + pos->geo->forward[pos->side ^ 1];
    uint8_t cap = pos->board[capsq];
    u->capsq = (int16_t)capsq;
    u->captured = IS_PIECE(cap) ? cap : 0;
    if (u->captured) {
        pos->hash ^= Zobrist_piece(cap, capsq);
        Board_lift(pos, capsq);
    }
}

static void Position_promote(Position *pos, int cell, int type)
{
    uint8_t old = pos->board[cell];
    uint8_t np = PIECE_MAKE(PIECE_COLOR(old), type);
    pos->hash ^= Zobrist_piece(old, cell) ^ Zobrist_piece(np, cell);
    Board_lift(pos, cell);
    Board_drop(pos, cell, np);
}

static void Position_flyCarpet(Position *pos, int to, int slot)
{
    const Geometry *g = pos->geo;
    int from_slot = -1;
    for (int i = 0; i < g->ncarpet_cells; i++)
        if (g->carpet_cell[i] == to)
            from_slot = i;
    int dest = g->carpet_cell[slot];
    uint8_t p = pos->board[to];
    pos->hash ^= Zobrist_piece(p, to) ^ Zobrist_piece(p, dest);
    pos->board[dest] = CELL_EMPTY;
    Board_shift(pos, to, dest);
    pos->board[to] = CELL_WALL;
    pos->carpets ^= (uint16_t)((1u << from_slot) | (1u << slot));
    pos->hash ^= Zobrist_carpet(from_slot) ^ Zobrist_carpet(slot);
}

static void Position_updateRightsAndEp(Position *pos, Move m, int type)
{
    const Geometry *g = pos->geo;
    int us = pos->side;
    if (pos->ep)
        pos->hash ^= Zobrist_ep(pos->ep);
    pos->ep = 0;
    if ((MOVE_FLAGS(m) & MF_DOUBLE) && MOVE_PROMO(m) < 0 && (g->ep_victims >> type & 1)) {
        pos->ep = (int16_t)(MOVE_FROM(m) + g->forward[us]);
        pos->hash ^= Zobrist_ep(pos->ep);
    }
    if (type == g->royal_type && (pos->rights >> us & 1)) {
        int r = pos->rights & ~(1 << us);
        pos->hash ^= Zobrist_rights(pos->rights) ^ Zobrist_rights(r);
        pos->rights = (uint8_t)r;
    }
}

/* Whether no later position can equal one before m: material or rights
 * are lost, or a forward-only piece went forward. A sideways step of a
 * Soldier or an Arabian Nights Pawn resets the fifty-move count but can be
 * undone, so it is not irreversible. */
static bool Position_irreversible(const Position *pos, Move m, const Undo *u, int type)
{
    const Geometry *g = pos->geo;
    return u->captured || MOVE_PROMO(m) >= 0 || u->rights != pos->rights
        || ((g->pawnlike >> type & 1) && g->cell_rank[MOVE_FROM(m)] != g->cell_rank[MOVE_TO(m)]);
}

int Position_moveEnd(const Position *pos, Move m)
{
    return MOVE_FLY(m) >= 0 ? pos->geo->carpet_cell[MOVE_FLY(m)] : MOVE_TO(m);
}

void Position_make(Position *pos, Move m, Undo *u)
{
    const int from = MOVE_FROM(m), to = MOVE_TO(m);
    const uint8_t piece = pos->board[from];
    const int type = PIECE_TYPE(piece);
    Position_saveUndo(pos, m, u);
    Position_takeCaptured(pos, m, u);
    pos->hash ^= Zobrist_piece(piece, from) ^ Zobrist_piece(piece, to);
    Board_shift(pos, from, to);
    if (MOVE_PROMO(m) >= 0)
        Position_promote(pos, to, MOVE_PROMO(m));
    if (MOVE_FLY(m) >= 0)
        Position_flyCarpet(pos, to, MOVE_FLY(m));
    Position_updateRightsAndEp(pos, m, type);
    if (u->captured || MOVE_PROMO(m) >= 0 || (pos->geo->pawnlike >> type & 1))
        pos->halfmove = 0;
    else
        pos->halfmove++;
    if (Position_irreversible(pos, m, u, type))
        pos->reversible = 0;
    else
        pos->reversible++;
    if (pos->side == BLACK)
        pos->fullmove++;
    pos->side ^= 1;
    pos->hash ^= Zobrist_side();
}

static void Position_unflyCarpet(Position *pos, const Undo *u)
{
    const Geometry *g = pos->geo;
    int to = MOVE_TO(u->move);
    int dest = g->carpet_cell[MOVE_FLY(u->move)];
    pos->board[to] = CELL_EMPTY;
    Board_shift(pos, dest, to);
    pos->board[dest] = CELL_WALL;
    pos->carpets = u->carpets;
}

void Position_unmake(Position *pos, const Undo *u)
{
    const Move m = u->move;
    const int from = MOVE_FROM(m), to = MOVE_TO(m);
    pos->side ^= 1;
    if (pos->side == BLACK)
        pos->fullmove--;
    if (MOVE_FLY(m) >= 0)
        Position_unflyCarpet(pos, u);
    if (MOVE_PROMO(m) >= 0) {
        Board_lift(pos, to);
        Board_drop(pos, to, u->moved);
    }
    Board_shift(pos, to, from);
    if (u->captured)
        Board_drop(pos, u->capsq, u->captured);
    pos->rights = u->rights;
    pos->ep = u->ep;
    pos->halfmove = u->halfmove;
    pos->reversible = u->reversible;
    pos->hash = u->hash;
}

void Position_makeNull(Position *pos, Undo *u)
{
    memset(u, 0, sizeof *u);
    u->ep = pos->ep;
    u->halfmove = pos->halfmove;
    u->reversible = pos->reversible;
    u->hash = pos->hash;
    if (pos->ep)
        pos->hash ^= Zobrist_ep(pos->ep);
    pos->ep = 0;
    pos->halfmove++;
    pos->reversible++;
    pos->side ^= 1;
    pos->hash ^= Zobrist_side();
}

void Position_unmakeNull(Position *pos, const Undo *u)
{
    pos->side ^= 1;
    pos->ep = u->ep;
    pos->halfmove = u->halfmove;
    pos->reversible = u->reversible;
    pos->hash = u->hash;
}
