/* The one walk of a piece's own moves from a square: leaps (not over the
 * hole), rides, hops, bent rides and the double step, stopped by walls,
 * the hole and missing carpets as the board marks them. Move generation,
 * the highlighted destinations and help diagrams, and evaluation mobility
 * all walk with it, so the rules of movement are written once. */
#ifndef ZANZIBAR_CORE_WALK_H
#define ZANZIBAR_CORE_WALK_H

#include "position.h"

/* What a destination is: the kind bits a visitor gets. */
typedef enum {
    DEST_MOVE = 1,    /* may go there when it is empty */
    DEST_CAPTURE = 2, /* may take there */
    DEST_HOP = 4,     /* takes there by hopping a screen */
    DEST_JUMP = 8,    /* a King jump (not walked here: it depends on attacks) */
    DEST_BENT = 16,   /* reached by the bent ride of Eagle or Rhinoceros */
    DEST_DOUBLE = 32  /* the double step */
} DestKind;

/* Which parts of the piece's movement to walk. */
enum {
    WALK_LEAPS = 1,
    WALK_RIDES = 2,
    WALK_HOPS = 4,
    WALK_BENTS = 8,
    WALK_DOUBLE = 16,
    WALK_ALL = 31
};

/* Called for every destination with one kind: DEST_MOVE (with DEST_BENT
 * on a bent ride) or DEST_DOUBLE for an empty cell, DEST_CAPTURE (with
 * DEST_BENT) or DEST_HOP for an enemy piece. ctx is the walker's caller's. */
typedef void (*WalkVisit)(void *ctx, int to, int kind);

static inline int Walk_target(const uint8_t *board, int color, int to, int mode)
{
    uint8_t p = board[to];
    if (p == CELL_EMPTY)
        return (mode & MODE_MOVE) ? DEST_MOVE : 0;
    if (Position_pieceOf(p, color ^ 1, ~0u))
        return (mode & MODE_CAPTURE) ? DEST_CAPTURE : 0;
    return 0;
}

static inline __attribute__((always_inline)) void
Walk_ride(const uint8_t *board, int color, int to, int step, int extra, WalkVisit visit, void *ctx)
{
    for (; board[to] == CELL_EMPTY; to += step)
        visit(ctx, to, DEST_MOVE | extra);
    if (Walk_target(board, color, to, MODE_CAPTURE))
        visit(ctx, to, DEST_CAPTURE | extra);
}

static inline __attribute__((always_inline)) void
Walk_hop(const uint8_t *board, int color, int from, int step, WalkVisit visit, void *ctx)
{
    int to = from + step;
    for (; board[to] == CELL_EMPTY; to += step)
        visit(ctx, to, DEST_MOVE);
    if (board[to] == CELL_WALL)
        return;
    for (to += step; board[to] == CELL_EMPTY; to += step)
        ;
    if (Walk_target(board, color, to, MODE_CAPTURE))
        visit(ctx, to, DEST_HOP);
}

static inline __attribute__((always_inline)) void
Walk_bent(const uint8_t *board, int color, int from, const BentStep *b, WalkVisit visit, void *ctx)
{
    int first = from + b->step;
    int kind = Walk_target(board, color, first, MODE_BOTH);
    if (kind == DEST_CAPTURE)
        visit(ctx, first, DEST_CAPTURE);
    if (kind != DEST_MOVE)
        return;
    visit(ctx, first, DEST_MOVE);
    Walk_ride(board, color, first + b->slide[0], b->slide[0], DEST_BENT, visit, ctx);
    Walk_ride(board, color, first + b->slide[1], b->slide[1], DEST_BENT, visit, ctx);
}

/* Every destination of a piece of that colour and type standing on from,
 * with the board's other pieces as blockers and screens, check ignored. */
static inline __attribute__((always_inline)) void Walk_piece(const Position *pos, int color,
                                                             int type, int from, unsigned parts,
                                                             WalkVisit visit, void *ctx)
{
    const Geometry *g = pos->geo;
    const TypeMoves *tm = &g->moves[color][type];
    const uint8_t *board = pos->board;
    /* Counts and the hole are read once: the compiler must assume that the
     * visitor's stores may change byte-sized fields, and read them anew. */
    if (parts & WALK_LEAPS) {
        const int hole = g->hole, n = tm->nleap;
        for (int i = 0; i < n; i++) {
            const LeapStep *ls = &tm->leap[i];
            if (hole && ls->mid && from + ls->mid == hole)
                continue;
            int kind = Walk_target(board, color, from + ls->off, ls->mode);
            if (kind)
                visit(ctx, from + ls->off, kind);
        }
    }
    if (parts & WALK_RIDES)
        for (int i = 0, n = tm->nslide; i < n; i++)
            Walk_ride(board, color, from + tm->slide[i], tm->slide[i], 0, visit, ctx);
    if (parts & WALK_HOPS)
        for (int i = 0, n = tm->nhop; i < n; i++)
            Walk_hop(board, color, from, tm->hop[i], visit, ctx);
    if (parts & WALK_BENTS)
        for (int i = 0, n = tm->nbent; i < n; i++)
            Walk_bent(board, color, from, &tm->bent[i], visit, ctx);
    if ((parts & WALK_DOUBLE) && tm->dbl) {
        int mid = from + g->forward[color], to = from + tm->dbl;
        bool rank_ok = tm->dbl_anywhere || g->cell_rank[from] == g->start_rank[color];
        if (rank_ok && board[mid] == CELL_EMPTY && board[to] == CELL_EMPTY)
            visit(ctx, to, DEST_DOUBLE);
    }
}

#endif
