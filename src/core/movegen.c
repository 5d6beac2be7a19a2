/* Move generation from the compiled piece tables: leaps, rides, hops, bent
 * rides, double steps, promotions, en passant, King jumps and carpet
 * flights; then the legal filter, which only tries the moves that could
 * possibly expose the mover's royal piece. */
#include "movegen.h"

#include <string.h>

#include "walk.h"

typedef enum { GEN_ALL, GEN_CAPTURES } GenMode;

typedef struct {
    const Position *pos;
    MoveList *list;
    GenMode mode;
    int us, them;
    uint32_t promoting; /* types that may change on arrival */
} Gen;

static inline void Movegen_push(Gen *gen, Move m)
{
    if (gen->list->count < MAX_MOVES)
        gen->list->moves[gen->list->count++] = m;
    else
        gen->list->overflow = true;
}

static bool Movegen_onCarpet(const Position *pos, int cell)
{
    int f = pos->geo->cell_file[cell];
    return pos->geo->ncarpet_cells && (f == 0 || f == pos->geo->files - 1);
}

static void Movegen_pushFlights(Gen *gen, Move m)
{
    const Geometry *g = gen->pos->geo;
    Movegen_push(gen, m);
    for (int slot = 0; slot < g->ncarpet_cells; slot++)
        if (!(gen->pos->carpets >> slot & 1))
            Movegen_push(gen, MOVE_WITH_FLY(m, slot));
}

static bool Movegen_inEnemyCamp(const Position *pos, int color, int cell)
{
    int r = pos->geo->cell_rank[cell], depth = pos->v->camp_depth;
    return color == WHITE ? r >= pos->geo->ranks - depth : r < depth;
}

/* Arabian Nights: Pawns entering the camp become Generals, Generals moving
 * into it from outside become Grand Viziers. -1 when nothing changes. */
static int Movegen_campPromotion(const Position *pos, int color, int type, int from, int to)
{
    if (!Movegen_inEnemyCamp(pos, color, to))
        return -1;
    const PieceKind *k = Variant_kind(pos->v, type);
    if (k->flags & PF_CAMP_GENERAL)
        return pos->geo->general_type;
    if ((k->flags & PF_CAMP_VIZIER) && !Movegen_inEnemyCamp(pos, color, from))
        return pos->geo->vizier_type;
    return -1;
}

/* Pushes the promoted forms of m and returns true, or returns false when
 * the piece arrives unchanged. */
static bool Movegen_pushPromotions(Gen *gen, Move m, int type)
{
    const Position *pos = gen->pos;
    const Geometry *g = pos->geo;
    int to = MOVE_TO(m);
    if ((g->promoters >> type & 1) && g->cell_rank[to] == g->last_rank[gen->us]) {
        for (int i = 0; i < g->npromos; i++)
            Movegen_push(gen, MOVE_WITH_PROMO(m, g->promos[i]));
        return true;
    }
    int camp = Movegen_campPromotion(pos, gen->us, type, MOVE_FROM(m), to);
    if (camp < 0)
        return false;
    Movegen_push(gen, MOVE_WITH_PROMO(m, camp));
    return true;
}

/* Every generated move passes here: promotions and carpet flights fan out. */
static inline __attribute__((always_inline)) void Movegen_add(Gen *gen, int from, int to, int type,
                                                              int flags)
{
    Move m = MOVE_WITH_FLAGS(MOVE_MAKE(from, to), flags);
    if ((gen->promoting >> type & 1) && Movegen_pushPromotions(gen, m, type))
        return;
    if (Movegen_onCarpet(gen->pos, to))
        Movegen_pushFlights(gen, m);
    else
        Movegen_push(gen, m);
}

/* Quiet moves wanted in this mode: all of them, or only the promotions
 * that quiescence search must see. */
static inline bool Movegen_wantsQuiet(const Gen *gen, int type, int to)
{
    const Geometry *g = gen->pos->geo;
    return gen->mode == GEN_ALL
        || ((g->promoters >> type & 1) && g->cell_rank[to] == g->last_rank[gen->us]);
}

/* The walker's visitor: one destination of the piece being generated. */
typedef struct {
    Gen *gen;
    int from, type;
} PieceWalk;

static inline void Movegen_genVisit(void *ctx, int to, int kind)
{
    const PieceWalk *w = ctx;
    if (kind & (DEST_CAPTURE | DEST_HOP))
        Movegen_add(w->gen, w->from, to, w->type, 0);
    else if (Movegen_wantsQuiet(w->gen, w->type, to))
        Movegen_add(w->gen, w->from, to, w->type, (kind & DEST_DOUBLE) ? MF_DOUBLE : 0);
}

/* En passant: the capturer's own capture leaps must reach the skipped cell. */
static void Movegen_genEnPassant(Gen *gen, int from, int type)
{
    const Position *pos = gen->pos;
    const TypeMoves *tm = &pos->geo->moves[gen->us][type];
    for (int i = 0; i < tm->nleap; i++) {
        if ((tm->leap[i].mode & MODE_CAPTURE) && from + tm->leap[i].off == pos->ep) {
            Movegen_add(gen, from, pos->ep, type, MF_EP);
            return;
        }
    }
}

/* The visitor for pieces whose quiet moves are never wanted: the walk
 * passes over empty cells without a call. */
static inline void Movegen_captureVisit(void *ctx, int to, int kind)
{
    const PieceWalk *w = ctx;
    if (kind & (DEST_CAPTURE | DEST_HOP))
        Movegen_add(w->gen, w->from, to, w->type, 0);
}

static void Movegen_genPiece(Gen *gen, int from)
{
    const Position *pos = gen->pos;
    int type = PIECE_TYPE(pos->board[from]);
    PieceWalk w = {gen, from, type};
    if (gen->mode == GEN_CAPTURES && !(pos->geo->promoters >> type & 1))
        Walk_piece(pos, gen->us, type, from, WALK_ALL, Movegen_captureVisit, &w);
    else
        Walk_piece(pos, gen->us, type, from, WALK_ALL, Movegen_genVisit, &w);
    if (pos->ep && (pos->geo->ep_capturers >> type & 1))
        Movegen_genEnPassant(gen, from, type);
}

static const int jump_vectors[16][2] = {
    {2, 0}, {-2, 0}, {0, 2},  {0, -2},  {2, 2}, {2, -2}, {-2, 2}, {-2, -2},
    {2, 1}, {2, -1}, {-2, 1}, {-2, -1}, {1, 2}, {-1, 2}, {1, -2}, {-1, -2},
};

typedef struct {
    const Position *pos;
    int king;
    int8_t known[3][3]; /* -1 unknown, else whether that neighbour is attacked */
} NeighbourAttacks;

static bool Movegen_neighbourAttacked(NeighbourAttacks *na, int dx, int dy)
{
    int8_t *k = &na->known[dx + 1][dy + 1];
    if (*k < 0) {
        int cell = na->king + dy * na->pos->geo->stride + dx;
        *k = (int8_t)Position_attacked(na->pos, cell, na->pos->side ^ 1);
    }
    return *k;
}

static int Movegen_sgn(int x)
{
    return (x > 0) - (x < 0);
}

/* The squares a jump passes, judged with the King still at home (4.2). */
static bool Movegen_jumpPathAllowed(NeighbourAttacks *na, int dx, int dy)
{
    int sx = Movegen_sgn(dx), sy = Movegen_sgn(dy);
    if (dx == 0 || dy == 0 || dx == dy || dx == -dy)
        return !Movegen_neighbourAttacked(na, sx, sy);
    if (dx == 2 || dx == -2)
        return !Movegen_neighbourAttacked(na, sx, 0) || !Movegen_neighbourAttacked(na, sx, dy);
    return !Movegen_neighbourAttacked(na, 0, sy) || !Movegen_neighbourAttacked(na, dx, sy);
}

static void Movegen_genKingJumps(Gen *gen)
{
    const Position *pos = gen->pos;
    int king = pos->king[gen->us];
    if (!(pos->v->rules & VR_KING_JUMP) || !(pos->rights >> gen->us & 1) || !king)
        return;
    if (!(Variant_kind(pos->v, pos->geo->royal_type)->flags & PF_KING_JUMP))
        return;
    NeighbourAttacks na = {pos, king, {{-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}}};
    bool checked = false, in_check = false;
    for (int i = 0; i < 16; i++) {
        int dx = jump_vectors[i][0], dy = jump_vectors[i][1];
        int to = king + dy * pos->geo->stride + dx;
        if (pos->board[to] != CELL_EMPTY)
            continue;
        if (!checked) {
            in_check = Position_attacked(pos, king, gen->them);
            checked = true;
        }
        if (in_check)
            return;
        if (Movegen_jumpPathAllowed(&na, dx, dy))
            Movegen_push(gen, MOVE_WITH_FLAGS(MOVE_MAKE(king, to), MF_JUMP));
    }
}

static void Movegen_generate(const Position *pos, MoveList *list, GenMode mode)
{
    Gen gen = {pos, list, mode, pos->side, pos->side ^ 1, 0};
    gen.promoting = pos->geo->promoters;
    if (pos->geo->general_type >= 0)
        gen.promoting |= pos->geo->pawnlike | (1u << pos->geo->general_type);
    list->count = 0;
    list->overflow = false;
    for (int i = 0; i < pos->npieces[gen.us]; i++)
        Movegen_genPiece(&gen, pos->plist[gen.us][i]);
    if (mode == GEN_ALL)
        Movegen_genKingJumps(&gen);
}

void Movegen_pseudo(const Position *pos, MoveList *list)
{
    Movegen_generate(pos, list, GEN_ALL);
}

void Movegen_captures(const Position *pos, MoveList *list)
{
    Movegen_generate(pos, list, GEN_CAPTURES);
}

/* Plays the move on the board alone and asks whether the royal piece is hit. */
/* Plays m on board (a copy of pos's) and takes it back: whether the
 * mover's royal piece is then safe. */
static bool Movegen_trialLegal(const Position *pos, uint8_t *board, Move m)
{
    const int us = pos->side, from = MOVE_FROM(m), to = MOVE_TO(m);
    const uint8_t piece = board[from];
    const int capsq = (MOVE_FLAGS(m) & MF_EP) ? pos->ep + pos->geo->forward[us ^ 1] : to;
    const uint8_t captured = board[capsq], at_to = board[to];
    int end = to, fly = MOVE_FLY(m);
    board[capsq] = CELL_EMPTY;
    board[from] = CELL_EMPTY;
    board[to] = piece;
    if (fly >= 0) {
        end = pos->geo->carpet_cell[fly];
        board[end] = piece;
        board[to] = CELL_WALL;
    }
    int king = PIECE_TYPE(piece) == pos->geo->royal_type ? end : pos->king[us];
    bool legal = !king || !Position_attackedOn(pos, board, king, us ^ 1);
    if (fly >= 0)
        board[end] = CELL_WALL;
    board[to] = at_to;
    board[capsq] = captured;
    board[from] = piece;
    return legal;
}

bool Movegen_isLegal(const Position *pos, Move m)
{
    uint8_t board[MAX_CELLS];
    memcpy(board, pos->board, sizeof board);
    return Movegen_trialLegal(pos, board, m);
}

/* Cells whose change of occupancy could open or close a line onto the King. */
typedef struct {
    uint64_t bits[(MAX_CELLS + 63) / 64];
} CellSet;

static inline void CellSet_add(CellSet *s, int cell)
{
    s->bits[cell >> 6] |= 1ull << (cell & 63);
}

static inline bool CellSet_has(const CellSet *s, int cell)
{
    return s->bits[cell >> 6] >> (cell & 63) & 1;
}

static void Movegen_markLineRays(const Position *pos, int king, int them, CellSet *s)
{
    const Geometry *g = pos->geo;
    for (int d = 0; d < 8; d++) {
        uint32_t liners = (g->slide_types[them][d] | g->hop_types[them][d]) & pos->present[them];
        if (!liners)
            continue;
        bool threat = false;
        for (int x = king + g->dir[d]; g->cell_file[x] >= 0; x += g->dir[d]) {
            uint8_t p = pos->board[x];
            if (IS_PIECE(p) && PIECE_COLOR(p) == them && (liners >> PIECE_TYPE(p) & 1)) {
                threat = true;
                break;
            }
        }
        if (!threat)
            continue;
        for (int x = king + g->dir[d]; g->cell_file[x] >= 0; x += g->dir[d])
            CellSet_add(s, x);
    }
}

/* Does a ride from `from` along (sx,sy) reach the King? How many steps? */
static int Movegen_stepsTo(const Geometry *g, int from, int king, int sx, int sy)
{
    int dx = g->cell_file[king] - g->cell_file[from];
    int dy = g->cell_rank[king] - g->cell_rank[from];
    int n = sx ? dx * sx : dy * sy;
    if (n <= 0 || dx != n * sx || dy != n * sy)
        return 0;
    return n;
}

static void Movegen_markBentPaths(const Position *pos, int king, int them, CellSet *s)
{
    const Geometry *g = pos->geo;
    for (int i = 0; i < pos->npieces[them]; i++) {
        int from = pos->plist[them][i];
        const TypeMoves *tm = &g->moves[them][PIECE_TYPE(pos->board[from])];
        for (int b = 0; b < tm->nbent; b++) {
            int first = from + tm->bent[b].step;
            if (g->cell_file[first] < 0)
                continue;
            for (int k = 0; k < 2; k++) {
                int n = Movegen_stepsTo(g, first, king, tm->bent[b].sdx[k], tm->bent[b].sdy[k]);
                for (int j = 0; j < n; j++)
                    CellSet_add(s, first + j * tm->bent[b].slide[k]);
            }
        }
    }
}

static void Movegen_sensitiveCells(const Position *pos, CellSet *s)
{
    int king = pos->king[pos->side], them = pos->side ^ 1;
    memset(s, 0, sizeof *s);
    Movegen_markLineRays(pos, king, them, s);
    if (pos->geo->bent_types[them] & pos->present[them])
        Movegen_markBentPaths(pos, king, them, s);
}

static bool Movegen_needsTrial(const Position *pos, const CellSet *s, Move m)
{
    int from = MOVE_FROM(m);
    return from == pos->king[pos->side] || (MOVE_FLAGS(m) & MF_EP) || MOVE_FLY(m) >= 0
        || CellSet_has(s, from) || CellSet_has(s, MOVE_TO(m));
}

/* Counts the legal moves of list, and with compact keeps only those. */
static int Movegen_filterLegal(const Position *pos, MoveList *list, bool compact)
{
    int king = pos->king[pos->side];
    if (!king)
        return list->count;
    bool careful = Position_attacked(pos, king, pos->side ^ 1) || pos->geo->ncarpet_cells;
    CellSet s;
    if (!careful)
        Movegen_sensitiveCells(pos, &s);
    uint8_t board[MAX_CELLS]; /* trials play on this copy, so pos stays const */
    memcpy(board, pos->board, sizeof board);
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        bool ok = careful ? Movegen_trialLegal(pos, board, m)
                          : !Movegen_needsTrial(pos, &s, m) || Movegen_trialLegal(pos, board, m);
        if (ok && compact)
            list->moves[n] = m;
        n += ok;
    }
    if (compact)
        list->count = n;
    return n;
}

void Movegen_legal(const Position *pos, MoveList *list)
{
    Movegen_pseudo(pos, list);
    Movegen_filterLegal(pos, list, true);
}

bool Movegen_fits(const Position *pos)
{
    MoveList list;
    Position other = *pos;
    Movegen_pseudo(pos, &list);
    if (list.overflow)
        return false;
    Position_setSide(&other, pos->side ^ 1);
    Movegen_pseudo(&other, &list);
    return !list.overflow;
}

int Movegen_countLegal(const Position *pos)
{
    MoveList list;
    Movegen_pseudo(pos, &list);
    return Movegen_filterLegal(pos, &list, false);
}

bool Movegen_isLegalMove(const Position *pos, Move m)
{
    MoveList list;
    Movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m)
            return true;
    return false;
}

/* --- destinations for help diagrams and highlights ------------------- */

static void Movegen_mark(uint8_t *dest, int cell, int kind)
{
    dest[cell] |= (uint8_t)kind;
}

static void Movegen_markVisit(void *ctx, int to, int kind)
{
    Movegen_mark(ctx, to, kind);
}

static void Movegen_markJumps(const Position *pos, int from, uint8_t *dest)
{
    for (int i = 0; i < 16; i++) {
        int to = from + jump_vectors[i][1] * pos->geo->stride + jump_vectors[i][0];
        if (pos->board[to] == CELL_EMPTY)
            Movegen_mark(dest, to, DEST_JUMP);
    }
}

void Movegen_destinations(const Position *pos, int color, int type, int from,
                          uint8_t dest[MAX_CELLS])
{
    const Geometry *g = pos->geo;
    Walk_piece(pos, color, type, from, WALK_ALL, Movegen_markVisit, dest);
    if ((pos->v->rules & VR_KING_JUMP) && type == g->royal_type
        && (Variant_kind(pos->v, type)->flags & PF_KING_JUMP))
        Movegen_markJumps(pos, from, dest);
}
