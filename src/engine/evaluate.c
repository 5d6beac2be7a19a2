/* Static evaluation. Every table here is computed from the core's compiled
 * piece movement, so a new piece or board needs no new evaluation code:
 * a piece is worth more on squares from which it reaches more squares. */
#include "engine/evaluate.h"

#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/setup.h"
#include "core/walk.h"

/* The game's phase runs from PHASE_MAX, with all the starting material on
 * the board, down to 0 with none (Evaluate_phase); every term that differs
 * between the middle game and the ending is weighed by it. */
#define PHASE_MAX 256
/* In the middle game a piece is worth more against a Pawn than in the
 * ending, where Pawns promote and a lone piece mates less: Fairy-Stockfish
 * rates a Knight 6.2 Pawns in Pemba's middle game and 4.1 in its ending.
 * The piece table's values are the ending's; these percents of them give
 * the middle game's. */
#define MIDDLE_PAWN_PERCENT 80
#define MIDDLE_PIECE_PERCENT 120
#define ROYAL_ORDER_VALUE 2000
/* An attacker this much cheaper than its victim wins by the trade. */
#define LESSER_MARGIN 50

/* Set by hand. tools/tune_eval fits them to game results or to another
 * engine's scores; its fits of all the weights have so far lost in play
 * (tools/README.md), so these stay. */
const EvalWeights Evaluate_default_weights = {{
    [EW_LEAPER_PST] = 10,   [EW_RIDER_PST] = 4,    [EW_KING_END] = 5,       [EW_MOBILITY] = 2,
    [EW_SHELTER] = 9,       [EW_ATTACK] = 3,       [EW_ATTACK_CAP] = 450,   [EW_JUMP_RIGHT] = 25,
    [EW_PIECE_COUNT] = 12, /* Arabian Nights: every piece delays a bare Sultan */
    [EW_CONFINE] = 20,      [EW_TEMPO] = 12,       [EW_ADVANCE] = 2,        [EW_ADVANCE_END] = 2,
    [EW_HELD_ADVANCE] = 50, [EW_PAWN_THREAT] = 50, [EW_LESSER_THREAT] = 50, [EW_HANGING] = 40,
    [EW_KING_OUT] = 30,     [EW_SAFE_CHECK] = 80,
}};

static const char *const weight_names[EW_COUNT] = {
    [EW_LEAPER_PST] = "leaper_pst",
    [EW_RIDER_PST] = "rider_pst",
    [EW_KING_END] = "king_end",
    [EW_MOBILITY] = "mobility",
    [EW_SHELTER] = "shelter",
    [EW_ATTACK] = "attack",
    [EW_ATTACK_CAP] = "attack_cap",
    [EW_JUMP_RIGHT] = "jump_right",
    [EW_PIECE_COUNT] = "piece_count",
    [EW_CONFINE] = "confine",
    [EW_TEMPO] = "tempo",
    [EW_ADVANCE] = "advance",
    [EW_ADVANCE_END] = "advance_end",
    [EW_HELD_ADVANCE] = "held_advance",
    [EW_PAWN_THREAT] = "pawn_threat",
    [EW_LESSER_THREAT] = "lesser_threat",
    [EW_HANGING] = "hanging",
    [EW_KING_OUT] = "king_out",
    [EW_SAFE_CHECK] = "safe_check",
};

const char *Evaluate_weight_name(int weight)
{
    return weight >= 0 && weight < EW_COUNT ? weight_names[weight] : "?";
}

#define W(et, name) ((et)->weights.w[EW_##name])

/* A term's weight in the middle game, and in the ending. */
static int Evaluate_inMiddle(int term, int phase)
{
    return term * phase / PHASE_MAX;
}

static int Evaluate_inEnd(int term, int phase)
{
    return term * (PHASE_MAX - phase) / PHASE_MAX;
}

static bool Evaluate_hasRides(const TypeMoves *tm)
{
    return tm->nslide || tm->nhop || tm->nbent;
}

static int Evaluate_countDestinations(const Position *empty, int color, int type, int cell)
{
    uint8_t dest[MAX_CELLS];
    memset(dest, 0, sizeof dest);
    Movegen_destinations(empty, color, type, cell, dest);
    int n = 0;
    for (int i = 0; i < MAX_CELLS; i++)
        n += dest[i] != 0;
    return n;
}

/* Fills one type's piece-square table from its reach on an empty board,
 * centred on the average so that material stays the main term. */
static void Evaluate_buildTypePst(EvalTables *et, const Position *empty, int color, int type)
{
    static const int none = -1;
    int mob[MAX_CELLS];
    int sum = 0, n = 0;
    for (int c = 0; c < MAX_CELLS; c++) {
        mob[c] = none;
        if (!Position_isSquare(empty, c) || Position_file(empty, c) < 0)
            continue;
        mob[c] = Evaluate_countDestinations(empty, color, type, c);
        sum += mob[c];
        n++;
    }
    const PieceKind *k = Variant_kind(et->v, type);
    bool royal = k->flags & PF_ROYAL;
    int weight = royal                                       ? W(et, KING_END)
        : (et->pawnlike >> type & 1)                         ? 0
        : Evaluate_hasRides(&empty->geo->moves[color][type]) ? W(et, RIDER_PST)
                                                             : W(et, LEAPER_PST);
    for (int c = 0; c < MAX_CELLS; c++)
        et->pst[color][type][c] =
            (int16_t)(mob[c] == none || !n ? 0 : weight * (mob[c] * n - sum) / n);
}

/* The King's steps between two cells df files and dr ranks apart. */
static int Evaluate_kingSteps(int df, int dr)
{
    df = abs(df), dr = abs(dr);
    return df > dr ? df : dr;
}

static void Evaluate_buildCells(EvalTables *et, const Position *pos)
{
    int ranks = pos->v->ranks;
    for (int c = 0; c < MAX_CELLS; c++) {
        int f = Position_file(pos, c), r = Position_rank(pos, c);
        bool on = f >= 0 && r >= 0;
        et->file[c] = (int8_t)(on ? f : -100);
        et->advance[WHITE][c] = (int8_t)(on ? r : 0);
        et->advance[BLACK][c] = (int8_t)(on ? ranks - 1 - r : 0);
    }
    for (int dr = -3; dr <= 3; dr++)
        for (int df = -3; df <= 3; df++) {
            int d = Evaluate_kingSteps(df, dr);
            et->near_royal[dr * pos->geo->stride + df + MAX_CELLS] = (int8_t)(4 - d);
        }
}

static void Evaluate_buildValues(EvalTables *et, const Position *pos)
{
    const Variant *v = et->v;
    et->pawnlike = 0;
    et->pawn_value = 100;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceKind *k = Variant_kind(v, t);
        et->value[t] = (k->flags & PF_ROYAL) ? ROYAL_ORDER_VALUE : pos->geo->value[t];
        int pawns = et->value[t] / 100;
        et->attack_weight[t] = (int8_t)(pawns < 1 ? 1 : pawns > 9 ? 9 : pawns);
        if (k->flags & (PF_PROMOTES | PF_CAMP_GENERAL))
            et->pawnlike |= 1u << t;
        if (k->flags & PF_PAWNLIKE)
            et->pawn_value = pos->geo->value[t];
        int percent = (et->pawnlike >> t & 1) ? MIDDLE_PAWN_PERCENT : MIDDLE_PIECE_PERCENT;
        et->middle_extra[t] = (int16_t)(pos->geo->value[t] * (percent - 100) / 100);
    }
    et->max_promo_value = 0;
    for (int i = 0; i < pos->geo->npromos; i++) {
        int value = pos->geo->value[pos->geo->promos[i]];
        if (value > et->max_promo_value)
            et->max_promo_value = value;
    }
}

/* A promoting piece that can step aside or back walks around an enemy one
 * ahead of it; one that only goes forward is held up by it. Read off the
 * piece's moves from a square near the middle of the empty board. */
static bool Evaluate_movesOnlyForward(const EvalTables *et, const Position *empty, int type)
{
    int from = Position_cell(empty, empty->v->files / 2, empty->v->ranks / 2 - 1);
    if (from < 0 || !Position_isSquare(empty, from))
        return false;
    uint8_t dest[MAX_CELLS];
    memset(dest, 0, sizeof dest);
    Movegen_destinations(empty, WHITE, type, from, dest);
    for (int c = 0; c < MAX_CELLS; c++)
        if ((dest[c] & DEST_MOVE) && et->advance[WHITE][c] <= et->advance[WHITE][from])
            return false;
    return true;
}

/* The attacks of promoting pieces, read off the geometry's reverse leaps:
 * the first few leaps that any of them has, each filed under the types
 * that have it. */
static void Evaluate_buildPawnAttacks(EvalTables *et, const Geometry *g)
{
    for (int color = 0; color < 2; color++) {
        int n = 0;
        for (int i = 0; i < g->nattack_leaps[color] && n < EVAL_MAX_PAWN_ATTACKS; i++) {
            uint32_t types = g->attack_leaps[color][i].types & et->pawnlike;
            if (!types || g->attack_leaps[color][i].mid)
                continue;
            n++;
            for (int t = 0; t < VARIANT_MAX_TYPES; t++)
                if (types >> t & 1)
                    et->pawn_attack_off[color][t][et->npawn_attacks[color][t]++] =
                        g->attack_leaps[color][i].off;
        }
    }
}

void Evaluate_build(EvalTables *et, const Position *pos)
{
    Evaluate_buildWeighted(et, pos, &Evaluate_default_weights);
}

void Evaluate_buildWeighted(EvalTables *et, const Position *pos, const EvalWeights *w)
{
    memset(et, 0, sizeof *et);
    et->weights = *w;
    et->v = pos->v;
    Evaluate_buildValues(et, pos);
    Evaluate_buildCells(et, pos);
    Evaluate_buildPawnAttacks(et, pos->geo);
    Position empty, *scratch = &empty;
    Setup_start(scratch, pos->v);
    et->start_material = scratch->material[WHITE] + scratch->material[BLACK];
    et->royal_home = scratch->king[WHITE] ? et->advance[WHITE][scratch->king[WHITE]] : 0;
    *scratch = *pos;
    for (int side = 0; side < 2; side++)
        while (scratch->npieces[side])
            Position_remove(scratch, scratch->plist[side][0]);
    for (int t = 0; t < pos->v->ntypes; t++) {
        if (Evaluate_hasRides(&pos->geo->moves[WHITE][t]))
            et->riders |= 1u << t;
        if ((et->pawnlike >> t & 1) && Evaluate_movesOnlyForward(et, scratch, t))
            et->forward_only |= 1u << t;
        for (int color = 0; color < 2; color++)
            Evaluate_buildTypePst(et, scratch, color, t);
    }
}

/* One piece's walk: the squares a rider reaches now (the part of its
 * mobility that the piece-square table cannot know, since it depends on
 * blockers), the squares beside the enemy King it reaches, and for every
 * enemy piece it attacks, the cheapest attacker so far. */
typedef struct {
    int moves;
    int value;       /* of the walking piece */
    uint16_t *least; /* per cell: the cheapest attacker, 0 for none */
    /* per cell, offset by the enemy royal piece: 4 less its distance
     * from it (0 when further than 3) */
    const int8_t *near;
    int zone_hits;   /* squares reached beside the enemy royal piece, or on it */
    uint32_t *reach; /* per cell: the side's types that reach it */
    uint32_t bit;    /* the walking piece's type's */
} PieceWalk;

static void Evaluate_noteAttack(PieceWalk *w, int to, int kind)
{
    w->zone_hits += w->near[to] >= 3;
    w->reach[to] |= w->bit;
    if ((kind & (DEST_CAPTURE | DEST_HOP)) && (!w->least[to] || w->least[to] > w->value))
        w->least[to] = (uint16_t)w->value;
}

static void Evaluate_attackVisit(void *ctx, int to, int kind)
{
    Evaluate_noteAttack(ctx, to, kind);
}

static void Evaluate_rideVisit(void *ctx, int to, int kind)
{
    PieceWalk *w = ctx;
    w->moves++;
    Evaluate_noteAttack(w, to, kind);
}

/* Hops and bent rides count only the cells they may move to. */
static void Evaluate_hopVisit(void *ctx, int to, int kind)
{
    PieceWalk *w = ctx;
    w->moves += kind == DEST_MOVE || kind == (DEST_MOVE | DEST_BENT);
    Evaluate_noteAttack(w, to, kind);
}

/* Walks the piece's captures, and a rider's moves too (w->moves stays 0
 * for other pieces). Inlined into its two callers, the evaluation's
 * inner loop: measured 0.8% fewer instructions (tools/README.md). */
static inline __attribute__((always_inline)) void Evaluate_walkPiece(const EvalTables *et,
                                                                     const Position *pos, int side,
                                                                     int type, int cell,
                                                                     PieceWalk *w)
{
    Walk_piece(pos, side, type, cell, WALK_LEAPS, Evaluate_attackVisit, w);
    if (!(et->riders >> type & 1))
        return;
    Walk_piece(pos, side, type, cell, WALK_RIDES, Evaluate_rideVisit, w);
    Walk_piece(pos, side, type, cell, WALK_HOPS | WALK_BENTS, Evaluate_hopVisit, w);
}

/* The ranks a promoting piece on cell has travelled from its home rank,
 * the second from its edge (the first for a piece behind it: -1). */
static int Evaluate_travelled(const EvalTables *et, int side, int cell)
{
    return et->advance[side][cell] - 1;
}

/* Promoting pieces gain quadratically as they approach the far edge, more
 * so when the board empties and fewer pieces can stop them. */
static int Evaluate_advancement(const EvalTables *et, int side, int cell, int phase)
{
    int adv = Evaluate_travelled(et, side, cell);
    if (adv <= 0)
        return 0;
    int square = adv * adv;
    return square * W(et, ADVANCE) + Evaluate_inEnd(square * W(et, ADVANCE_END), phase);
}

typedef struct {
    int score[2];
    int attack[2];    /* pressure on the enemy King */
    int attackers[2]; /* pieces that reach beside the enemy King */
    int pawns[2];
    /* per side and file (one more, so that the files beside the edge files
     * exist): the furthest enemy promoting piece, in the side's own advance */
    int8_t front[2][MAX_FILES + 2];
    /* per attacking side and cell: the value of the cheapest piece other
     * than a promoting one that attacks the enemy piece there, 0 for none */
    uint16_t least[2][MAX_CELLS];
    uint32_t reach[2][MAX_CELLS];    /* per side and cell: the side's types that reach it */
    uint8_t pawn_hits[2][MAX_CELLS]; /* per side and cell: whether its promoting pieces attack it */
} EvalSums;

/* Marks the cells each side's promoting pieces attack, so that the threat
 * test of a cell is one read. */
static void Evaluate_markPawnHits(const EvalTables *et, const Position *pos, EvalSums *s)
{
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < pos->npieces[side]; i++) {
            int cell = pos->plist[side][i], type = PIECE_TYPE(pos->board[cell]);
            if (!(et->pawnlike >> type & 1))
                continue;
            for (int k = 0; k < et->npawn_attacks[side][type]; k++) {
                int to = cell + et->pawn_attack_off[side][type][k];
                if (to >= 0 && to < MAX_CELLS)
                    s->pawn_hits[side][to] = 1;
            }
        }
}

static void Evaluate_findFronts(const EvalTables *et, const Position *pos, EvalSums *s)
{
    memset(s->front, -1, sizeof s->front);
    for (int enemy = 0; enemy < 2; enemy++)
        for (int i = 0; i < pos->npieces[enemy]; i++) {
            int cell = pos->plist[enemy][i];
            if (!(et->pawnlike >> PIECE_TYPE(pos->board[cell]) & 1))
                continue;
            int8_t *f = &s->front[!enemy][et->file[cell] + 1];
            if (et->advance[!enemy][cell] > *f)
                *f = et->advance[!enemy][cell];
        }
}

/* Passed: no enemy promoting piece stands ahead on its file or the files
 * beside, so none can block or take it on its way. */
static bool Evaluate_isPassed(const EvalTables *et, const EvalSums *s, int side, int cell)
{
    int a = et->advance[side][cell];
    const int8_t *f = &s->front[side][et->file[cell] + 1];
    return f[-1] <= a && f[0] <= a && f[1] <= a;
}

/* Whether an enemy promoting piece attacks the piece on cell: it must
 * give way or be traded down. */
static bool Evaluate_pawnAttacked(const EvalSums *s, int side, int cell)
{
    return s->pawn_hits[!side][cell];
}

static void Evaluate_evalPiece(const EvalTables *et, const Position *pos, int side, int cell,
                               int phase, EvalSums *s)
{
    int type = PIECE_TYPE(pos->board[cell]);
    if (et->pawnlike >> type & 1) { /* not walked: the pawn threat has its own term */
        s->score[side] += et->pst[side][type][cell];
        int adv = Evaluate_advancement(et, side, cell, phase);
        if ((et->forward_only >> type & 1) && !Evaluate_isPassed(et, s, side, cell))
            adv = adv * W(et, HELD_ADVANCE) / 100;
        s->score[side] += adv;
        s->pawns[side]++;
        return;
    }
    int enemy_king = pos->king[!side];
    /* Test positions may lack a royal piece: then no square is beside it. */
    static const int8_t far_from_all[MAX_CELLS];
    const int8_t *near = enemy_king ? &et->near_royal[MAX_CELLS - enemy_king] : far_from_all;
    PieceWalk w = {0, et->value[type], s->least[side], near, 0, s->reach[side], 1u << type};
    if (type == pos->geo->royal_type) { /* its attacks count, its pressure not */
        Evaluate_walkPiece(et, pos, side, type, cell, &w);
        return;
    }
    s->score[side] += et->pst[side][type][cell];
    if (Evaluate_pawnAttacked(s, side, cell))
        s->score[!side] += W(et, PAWN_THREAT);
    Evaluate_walkPiece(et, pos, side, type, cell, &w);
    s->score[side] += W(et, MOBILITY) * w.moves;
    if (enemy_king && w.zone_hits) {
        s->attack[side] += w.zone_hits * et->attack_weight[type];
        s->attackers[side]++;
    }
}

/* What the side's attacked pieces cost it: one a cheaper piece attacks
 * must give way, and one no piece defends is lost unless it moves (a
 * promoting one counts half). With both sides' walks done, so that every
 * attacker is known. */
static int Evaluate_threatsTo(const EvalTables *et, const Position *pos, int side,
                              const EvalSums *s)
{
    const uint16_t *least = s->least[!side];
    int cost = 0;
    for (int i = 0; i < pos->npieces[side]; i++) {
        int cell = pos->plist[side][i], by = least[cell];
        if (!by)
            continue;
        int type = PIECE_TYPE(pos->board[cell]);
        if (type == pos->geo->royal_type)
            continue;
        if (by < et->value[type] - LESSER_MARGIN)
            cost += W(et, LESSER_THREAT);
        /* A promoting piece's guard is already marked: the full test
         * would find it among the leaps, so the answer is the same. */
        else if (!s->pawn_hits[side][cell] && !Position_attacked(pos, cell, side))
            cost += (et->pawnlike >> type & 1) ? W(et, HANGING) / 2 : W(et, HANGING);
    }
    return cost;
}

/* Where a piece of one type would check the King from, found by walking
 * the type's moves from the King's square (they are symmetric but for
 * promoting pieces, which are left out, as are hoppers, whose checks need
 * a screen and bent riders): whether one is an empty square that a piece
 * of the type reaches and no defender guards. */
typedef struct {
    const EvalTables *et;
    const Position *pos;
    const EvalSums *s;
    int side; /* the checking side */
    uint32_t bit;
    bool found;
} SafeCheck;

static void Evaluate_safeCheckVisit(void *ctx, int to, int kind)
{
    SafeCheck *c = ctx;
    if (kind != DEST_MOVE || !(c->s->reach[c->side][to] & c->bit) || c->s->reach[!c->side][to])
        return;
    if (!Evaluate_pawnAttacked(c->s, c->side, to))
        c->found = true;
}

/* The number of the side's piece types that have a safe check on the enemy King. */
static int Evaluate_safeChecks(const EvalTables *et, const Position *pos, const EvalSums *s,
                               int side)
{
    int king = pos->king[!side], n = 0;
    for (int t = 0; t < pos->v->ntypes; t++) {
        if (!pos->count[side][t] || t == pos->geo->royal_type || (et->pawnlike >> t & 1)
            || pos->geo->moves[side][t].nhop || pos->geo->moves[side][t].nbent)
            continue;
        SafeCheck c = {et, pos, s, side, 1u << t, false};
        Walk_piece(pos, side, t, king, WALK_LEAPS | WALK_RIDES, Evaluate_safeCheckVisit, &c);
        n += c.found;
    }
    return n;
}

static int Evaluate_kingSafety(const EvalTables *et, const Position *pos, int side, int phase,
                               const EvalSums *s)
{
    int king = pos->king[side];
    if (!king)
        return 0;
    int shelter = 0;
    for (int i = 0; i < 8; i++) {
        uint8_t p = pos->board[king + pos->geo->dir[i]];
        shelter += IS_PIECE(p) && PIECE_COLOR(p) == side;
    }
    int attackers = s->attackers[!side] < 4 ? s->attackers[!side] : 4;
    int danger = s->attack[!side] * W(et, ATTACK) * attackers / 2
        + Evaluate_safeChecks(et, pos, s, !side) * W(et, SAFE_CHECK);
    if (danger > W(et, ATTACK_CAP))
        danger = W(et, ATTACK_CAP);
    /* A King that walks out while the enemy keeps its pieces gets mated. */
    int out = et->advance[side][king] - et->royal_home;
    int exposed = out > 0 ? out * W(et, KING_OUT) : 0;
    int middle = Evaluate_inMiddle(shelter * W(et, SHELTER) - danger - exposed, phase);
    if (pos->rights >> side & 1)
        middle += Evaluate_inMiddle(W(et, JUMP_RIGHT), phase);
    return middle + Evaluate_inEnd(et->pst[side][pos->geo->royal_type][king], phase);
}

/* Where a side that cannot move loses (Arabian Nights), hemming in a
 * nearly bare Sultan is the way to win: count its free flight squares.
 * Only looked at in such endings, where a few attack tests are cheap. */
static int Evaluate_confinement(const EvalTables *et, const Position *pos, int side)
{
    int them = !side, king = pos->king[them];
    if (!(pos->v->rules & VR_STALEMATE_LOSES) || !king || pos->npieces[them] > 2)
        return 0;
    int free = 0;
    for (int i = 0; i < 8; i++) {
        int c = king + pos->geo->dir[i];
        uint8_t p = pos->board[c];
        if (p != CELL_WALL && (p == CELL_EMPTY || PIECE_COLOR(p) == side)
            && !Position_attacked(pos, c, side))
            free++;
    }
    return W(et, CONFINE) * (8 - free);
}

/* Without promoting pieces a small material edge rarely wins. */
static int Evaluate_scaleDrawish(const EvalTables *et, const Position *pos, const EvalSums *s,
                                 int diff)
{
    int strong = diff > 0 ? WHITE : BLACK;
    int margin = pos->material[strong] - pos->material[!strong];
    if (s->pawns[strong] == 0 && margin < 3 * et->pawn_value)
        return diff / 4;
    return diff;
}

/* From the material on the board, which the position keeps. */
static int Evaluate_phase(const EvalTables *et, const Position *pos)
{
    int total = pos->material[WHITE] + pos->material[BLACK];
    int phase = et->start_material ? total * PHASE_MAX / et->start_material : PHASE_MAX;
    return phase > PHASE_MAX ? PHASE_MAX : phase;
}

/* The side's pieces at their values in this phase: the ending's values
 * (the position's count) and what the middle game adds to them. */
static int Evaluate_material(const EvalTables *et, const Position *pos, int side, int phase)
{
    int extra = 0;
    for (int t = 0; t < pos->v->ntypes; t++)
        extra += pos->count[side][t] * et->middle_extra[t];
    return pos->material[side] + Evaluate_inMiddle(extra, phase);
}

int Evaluate_position(const EvalTables *et, const Position *pos)
{
    const Variant *v = pos->v;
    if ((v->rules & VR_BARE_KINGS_DRAW) && pos->npieces[WHITE] <= 1 && pos->npieces[BLACK] <= 1)
        return 0;
    int phase = Evaluate_phase(et, pos);
    EvalSums s = {
        {Evaluate_material(et, pos, WHITE, phase), Evaluate_material(et, pos, BLACK, phase)},
        {0, 0},
        {0, 0},
        {0, 0},
        {{0}},
        {{0}},
        {{0}},
        {{0}}};
    Evaluate_markPawnHits(et, pos, &s);
    if (et->forward_only) /* only such pieces are ever held up */
        Evaluate_findFronts(et, pos, &s);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < pos->npieces[side]; i++)
            Evaluate_evalPiece(et, pos, side, pos->plist[side][i], phase, &s);
    for (int side = 0; side < 2; side++) {
        s.score[side] += Evaluate_kingSafety(et, pos, side, phase, &s);
        s.score[side] -= Evaluate_threatsTo(et, pos, side, &s);
        if (v->rules & VR_BARE_SULTAN)
            s.score[side] +=
                W(et, PIECE_COUNT) * pos->npieces[side] + Evaluate_confinement(et, pos, side);
    }
    int diff = Evaluate_scaleDrawish(et, pos, &s, s.score[WHITE] - s.score[BLACK]);
    return (pos->side == WHITE ? diff : -diff) + W(et, TEMPO);
}

int Evaluate_gain(const EvalTables *et, const Position *pos, Move m)
{
    int gain = 0;
    uint8_t victim = pos->board[MOVE_TO(m)];
    if (MOVE_FLAGS(m) & MF_EP)
        gain = et->pawn_value;
    else if (IS_PIECE(victim) && PIECE_COLOR(victim) != pos->side)
        gain = et->value[PIECE_TYPE(victim)];
    int promo = MOVE_PROMO(m);
    if (promo >= 0) {
        int mover = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
        gain += et->value[promo] - et->value[mover];
    }
    return gain;
}
