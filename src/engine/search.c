/* The search proper: iterative deepening over the root moves, PVS with
 * null move and late move reductions below, quiescence over captures at
 * the leaves, and the game rules that end a line (mate, stalemate,
 * repetition, fifty moves, bare Kings and the bare-Sultan rule). */
#include "engine/search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/mix.h"
#include "core/movegen.h"
#include "engine/see.h"

#define INF 32000
#define ASPIRATION 35
#define MAX_QUIETS 64
/* The clock is read every 16 nodes: a read costs tens of nanoseconds, a
 * node on a crowded 12x12 board some microseconds (many more in a
 * sanitizer build or on a loaded machine), so that what is left of an
 * overrun is the machine's own scheduling. Progress is reported every
 * 1024 nodes. */
#define TIME_CHECK_MASK 15
#define REPORT_MASK 1023
/* Captures this many plies into quiescence may only retake on the square of
 * the capture before: on crowded boards with hoppers, unrestricted capture
 * chains ran forty plies deep and a first iteration to a million nodes. */
#define QS_RECAPTURES_ONLY 5

/* ---- stopping --------------------------------------------------------- */

static void Search_reportProgress(Searcher *s)
{
    if (!s->report)
        return;
    s->info.nodes = s->nodes;
    s->info.elapsed_ms = TimeMan_elapsed(&s->tm);
    s->report(s->report_ctx, &s->info, false);
}

static bool Search_outOfTime(Searcher *s)
{
    return s->tm.hard_ms && TimeMan_elapsed(&s->tm) >= s->tm.hard_ms;
}

static bool Search_outOfNodes(const Searcher *s)
{
    return s->lim.nodes && s->nodes >= s->lim.nodes;
}

/* Polled at every node; the clock is read only every 16 nodes. The clock
 * is obeyed even in the first iteration (the root moves are all legal, so
 * there is always one to play); a node budget only once that iteration is
 * done, so that the smallest levels still see what one move wins. */
static bool Search_shouldStop(Searcher *s)
{
    if (s->stopped)
        return true;
    if ((s->nodes & TIME_CHECK_MASK) == 0) {
        if (atomic_load_explicit(s->stop, memory_order_relaxed))
            s->stopped = true;
        else if (Search_outOfTime(s) || (s->may_stop && Search_outOfNodes(s)))
            s->stopped = true;
        if ((s->nodes & REPORT_MASK) == 0)
            Search_reportProgress(s);
    }
    return s->stopped;
}

/* ---- rules that end a line ------------------------------------------- */

/* A repetition scores as a draw when the earlier position is inside the
 * search tree (past the root: the side that repeats could as well have
 * avoided it), or when a position from before the root occurs a third
 * time. The count never looks behind a null move, which is no move. */
static bool Search_isRepetition(const Searcher *s)
{
    const Position *pos = &s->pos;
    int floor = s->null_floor, n = s->nhashes;
    int back = pos->reversible < n - floor ? pos->reversible : n - floor;
    int before_root = 0;
    for (int i = 2; i <= back; i += 2) {
        int at = n - i;
        if (s->hashes[at] != pos->hash)
            continue;
        if (at > s->root_n || ++before_root >= 2)
            return true;
    }
    return false;
}

/* Whether the game is decided at this node before any move; *score is
 * then from the side to move's view. */
static bool Search_ruleScore(const Searcher *s, int ply, int *score)
{
    const Position *pos = &s->pos;
    if (pos->halfmove >= 100 || Search_isRepetition(s)) {
        *score = 0;
        return true;
    }
    unsigned rules = pos->v->rules;
    bool us_bare = Position_isBare(pos, pos->side);
    bool them_bare = Position_isBare(pos, !pos->side);
    if ((rules & (VR_BARE_SULTAN | VR_BARE_KINGS_DRAW)) && us_bare && them_bare) {
        *score = 0;
        return true;
    }
    /* The opponent was already bare and used its one reply without baring
     * us: the bare-Sultan rule gives us the game. */
    if ((rules & VR_BARE_SULTAN) && them_bare) {
        *score = ENGINE_MATE - ply;
        return true;
    }
    return false;
}

static int Search_noMoveScore(const Position *pos, bool in_check, int ply)
{
    if (in_check || (pos->v->rules & VR_STALEMATE_LOSES))
        return -ENGINE_MATE + ply;
    return 0;
}

/* Make and unmake along the search path, keeping the hash stack (the game's
 * history, then the path) that repetitions are counted on. */
static void Search_make(Searcher *s, Move m, Undo *u)
{
    s->hashes[s->nhashes++] = s->pos.hash;
    Position_make(&s->pos, m, u);
}

static void Search_unmake(Searcher *s, const Undo *u)
{
    Position_unmake(&s->pos, u);
    s->nhashes--;
}

/* After Position_make: whether the mover's royal piece is safe. */
static bool Search_moverSafe(const Position *pos)
{
    int mover = !pos->side;
    return !pos->king[mover] || !Position_attacked(pos, pos->king[mover], pos->side);
}

/* Zugzwang is unlikely while the side to move has pieces besides its
 * promoting ones. */
static bool Search_nullMoveSafe(const Searcher *s)
{
    const Position *pos = &s->pos;
    int pieces = 0;
    for (int t = 0; t < pos->v->ntypes; t++)
        if (t != pos->geo->royal_type && !(s->et.pawnlike >> t & 1))
            pieces += pos->count[pos->side][t];
    return pieces >= 2;
}

static void Search_updatePv(Searcher *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int n = ply + 1 < SEARCH_MAX_PLY ? s->pvlen[ply + 1] : 0;
    if (n > SEARCH_MAX_PLY - ply - 1)
        n = SEARCH_MAX_PLY - ply - 1;
    memcpy(&s->pv[ply][1], &s->pv[ply + 1][0], (size_t)n * sizeof(Move));
    s->pvlen[ply] = n + 1;
}

/* ---- quiescence -------------------------------------------------------- */

static bool Search_isRecapture(const Searcher *s, int ply, Move m)
{
    return ply > 0 && s->played[ply - 1] != MOVE_NONE && MOVE_TO(m) == MOVE_TO(s->played[ply - 1]);
}

static bool Search_qsearchSkip(const Searcher *s, Move m, int stand, int alpha, int ply, int qdepth)
{
    const Position *pos = &s->pos;
    if (qdepth >= QS_RECAPTURES_ONLY && !Search_isRecapture(s, ply, m))
        return true;
    int promo = MOVE_PROMO(m);
    if (promo >= 0 && s->et.value[promo] < s->et.max_promo_value)
        return true; /* under-promotions are for the full search */
    int gain = Evaluate_gain(&s->et, pos, m);
    if (promo < 0 && stand + gain + 200 <= alpha)
        return true;
    return See_loses(pos, &s->et, m);
}

static int Search_qsearch(Searcher *s, int alpha, int beta, int ply, int qdepth, bool in_check);

/* What the side to move gets by making no capture: the static score, or
 * nothing when in check (it must move), or a loss when it is a bare
 * Sultan that can no longer bare the opponent by quiet means. */
static int Search_standPat(Searcher *s, int ply, bool in_check, bool bare)
{
    if (bare)
        return -ENGINE_MATE + ply + 1;
    return in_check ? -INF : Evaluate_position(&s->et, &s->pos);
}

/* The captures (all moves when in check) from alpha up; returns the best. */
static int Search_qsearchMoves(Searcher *s, int alpha, int beta, int ply, int qdepth, bool in_check,
                               bool bare, int stand)
{
    Position *pos = &s->pos;
    MovePicker *mp = &s->pick[ply];
    if (in_check)
        Movegen_pseudo(pos, &mp->list);
    else
        Movegen_captures(pos, &mp->list);
    MovePicker_score(mp, pos, &s->et, &s->order, MOVE_NONE, ply, MOVE_NONE);
    int best = stand, legal = 0;
    Move m;
    while ((m = MovePicker_next(mp)) != MOVE_NONE) {
        if (!in_check && !bare && Search_qsearchSkip(s, m, stand, alpha, ply, qdepth))
            continue;
        Undo u;
        Search_make(s, m, &u);
        if (!Search_moverSafe(pos)) {
            Search_unmake(s, &u);
            continue;
        }
        legal++;
        s->played[ply] = m;
        int v = -Search_qsearch(s, -beta, -alpha, ply + 1, qdepth + 1, Position_inCheck(pos));
        Search_unmake(s, &u);
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                Search_updatePv(s, ply, m);
                if (v >= beta)
                    break;
            }
        }
    }
    return in_check && !legal ? Search_noMoveScore(pos, true, ply) : best;
}

/* What every node does first. True when the node ends at once, because
 * time is up or a rule (repetition, fifty moves, bare Sultan) decides it. */
static bool Search_nodeEnds(Searcher *s, int ply, int *score)
{
    s->pvlen[ply] = 0;
    s->nodes++;
    *score = 0;
    if (Search_shouldStop(s))
        return true;
    return Search_ruleScore(s, ply, score);
}

/* Whether a table score is a bound that settles the window. */
static bool Search_ttFits(const TTEntry *te, int ts, int alpha, int beta)
{
    return te->bound == TT_EXACT || (te->bound == TT_LOWER && ts >= beta)
        || (te->bound == TT_UPPER && ts <= alpha);
}

/* The static score, from the table when it holds one (in check: none). */
static int Search_staticEval(Searcher *s, const TTEntry *te, bool in_check)
{
    if (in_check)
        return -INF;
    if (te && te->eval != -INF)
        return te->eval;
    return Evaluate_position(&s->et, &s->pos);
}

/* in_check: whether the side to move is in check, known from the parent;
 * qdepth: plies since the main search's horizon. The table is read and
 * written at depth 0, below every main-search entry. */
static int Search_qsearch(Searcher *s, int alpha, int beta, int ply, int qdepth, bool in_check)
{
    Position *pos = &s->pos;
    int early;
    if (Search_nodeEnds(s, ply, &early))
        return early;
    if (ply >= SEARCH_MAX_PLY - 1)
        return Evaluate_position(&s->et, pos);
    const TTEntry *te = TTable_probe(s->tt, pos->hash);
    if (te && beta - alpha == 1) {
        int ts = TTable_scoreFromTT(te->score, ply);
        if (Search_ttFits(te, ts, alpha, beta))
            return ts;
    }
    bool bare = (pos->v->rules & VR_BARE_SULTAN) && Position_isBare(pos, pos->side);
    int raw = bare ? -INF : Search_staticEval(s, te, in_check);
    int stand = bare ? Search_standPat(s, ply, in_check, bare) : raw;
    if (stand >= beta) {
        if (!te)
            TTable_store(s->tt, pos->hash, MOVE_NONE, TTable_scoreToTT(stand, ply), raw, 0,
                         TT_LOWER);
        return stand;
    }
    int orig_alpha = alpha;
    int best = Search_qsearchMoves(s, stand > alpha ? stand : alpha, beta, ply, qdepth, in_check,
                                   bare, stand);
    if (s->stopped)
        return 0;
    int bound = best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER;
    Move m = s->pvlen[ply] ? s->pv[ply][0] : MOVE_NONE;
    TTable_store(s->tt, pos->hash, m, TTable_scoreToTT(best, ply), raw, 0, bound);
    return best;
}

/* ---- the main search ---------------------------------------------------- */

static int Search_search(Searcher *s, int alpha, int beta, int depth, int ply, bool null_ok,
                         bool in_check, bool cut_node);

typedef struct {
    int alpha, beta, depth, ply, eval;
    bool pv_node, in_check, cut_node, improving;
    bool tt_capture; /* the table's move takes a piece */
} Node;

/* Null move: give the opponent a free move; a search that still fails
 * high says this node would too. It is reduced more at depth and the
 * further the score stands above beta. Returns a cutoff score or -INF. */
static int Search_nullMove(Searcher *s, const Node *n)
{
    int r = 3 + n->depth / 3 + ((n->eval - n->beta) / 200 < 3 ? (n->eval - n->beta) / 200 : 3);
    Undo u;
    s->played[n->ply] = MOVE_NONE;
    s->hashes[s->nhashes++] = s->pos.hash;
    int floor = s->null_floor;
    s->null_floor = s->nhashes;
    Position_makeNull(&s->pos, &u);
    int v = -Search_search(s, -n->beta, -n->beta + 1, n->depth - 1 - r, n->ply + 1, false, false,
                           !n->cut_node);
    Position_unmakeNull(&s->pos, &u);
    s->null_floor = floor;
    s->nhashes--;
    if (!s->stopped && v >= n->beta)
        return v >= ENGINE_MATE_BOUND ? n->beta : v;
    return -INF;
}

/* Forward pruning before any move: a static score far above beta (by a
 * margin that shrinks when the score is improving), or a null move that
 * still fails high. Returns a cutoff score or -INF. */
static int Search_pruneEarly(Searcher *s, const Node *n, bool null_ok)
{
    bool mates = n->beta >= ENGINE_MATE_BOUND || n->beta <= -ENGINE_MATE_BOUND;
    if (n->depth <= 6 && !mates && n->eval - 85 * (n->depth - n->improving) >= n->beta
        && n->eval < ENGINE_MATE_BOUND)
        return n->eval;
    if (null_ok && n->depth >= 2 && n->eval >= n->beta && !mates
        && s->static_eval[n->ply] >= n->beta - 20 * n->depth + 120 && Search_nullMoveSafe(s))
        return Search_nullMove(s, n);
    return -INF;
}

static bool Search_isKiller(const Searcher *s, int ply, Move m)
{
    return s->order.killer[ply][0] == m || s->order.killer[ply][1] == m;
}

static int Search_baseReduction(const Searcher *s, int depth, int legal)
{
    int d = depth < SEARCH_MAX_PLY ? depth : SEARCH_MAX_PLY - 1;
    int n = legal < SEARCH_MAX_PLY ? legal : SEARCH_MAX_PLY - 1;
    return s->lmr[d][n];
}

/* What one move is, known before it is made. */
typedef struct {
    bool tactical, capture, quiet_like; /* quiet_like: a quiet move or an under-promotion */
    int gain, see, history;
    bool killer;
} MoveFacts;

/* A check is worth a deeper look unless the checker simply hangs there:
 * on big boards with many long-range pieces, extending every check would
 * let the search drown in spite checks. Called after the move is made. */
static bool Search_extendCheck(const Searcher *s, const Node *n, Move m, int gain)
{
    if (n->ply >= 2 * s->root_depth)
        return false;
    const Position *pos = &s->pos;
    /* The move is made: after a carpet flight the piece is not on MOVE_TO. */
    int to = Position_moveEnd(pos, m);
    int mover = s->et.value[PIECE_TYPE(pos->board[to])];
    return mover <= gain || !Position_attacked(pos, to, pos->side);
}

/* Late move reduction of a made move: the table's, more at expected cut
 * nodes, when the score is not improving and after a capture from the
 * table; less in the principal variation, for killers, checks and moves
 * with a good history. Quiet moves, checks, losing captures and
 * under-promotions are reduced; winning captures are not. */
static int Search_reduction(const Searcher *s, const Node *n, const MoveFacts *f, int legal,
                            bool gives_check)
{
    if (n->depth < 3 || legal <= 1 + n->pv_node)
        return 0;
    if (f->tactical && !(f->quiet_like || f->see < 0))
        return 0;
    int r = Search_baseReduction(s, n->depth, legal);
    r += n->cut_node + !n->improving - n->pv_node - gives_check - n->in_check;
    if (f->tactical)
        return r - 1 > 0 ? r - 1 : 0;
    r += n->tt_capture - f->killer;
    r -= f->history / 6000;
    return r < 0 ? 0 : r;
}

/* Searches one legal, already made move; returns its score. */
static int Search_searchMove(Searcher *s, const Node *n, Move m, int legal, const MoveFacts *f,
                             bool gives_check)
{
    int ext = gives_check && Search_extendCheck(s, n, m, f->gain) ? 1 : 0;
    int nd = n->depth - 1 + ext;
    if (legal == 1 && n->pv_node)
        return -Search_search(s, -n->beta, -n->alpha, nd, n->ply + 1, true, gives_check, false);
    int r = Search_reduction(s, n, f, legal, gives_check);
    if (r > nd - 1)
        r = nd > 1 ? nd - 1 : 0;
    int v;
    if (r > 0) {
        v = -Search_search(s, -n->alpha - 1, -n->alpha, nd - r, n->ply + 1, true, gives_check,
                           true);
        if (v > n->alpha)
            v = -Search_search(s, -n->alpha - 1, -n->alpha, nd, n->ply + 1, true, gives_check,
                               !n->cut_node);
    } else {
        v = -Search_search(s, -n->alpha - 1, -n->alpha, nd, n->ply + 1, true, gives_check,
                           !n->cut_node);
    }
    if (n->pv_node && v > n->alpha && v < n->beta)
        v = -Search_search(s, -n->beta, -n->alpha, nd, n->ply + 1, true, gives_check, false);
    return v;
}

/* How many moves a node at this depth searches before it drops the
 * remaining quiet ones. */
static int Search_lateMoveCount(int depth, bool improving)
{
    return (3 + depth * depth) / (2 - improving);
}

/* Pruning of a move not yet made: futility (the static score plus what
 * the move could win stays below alpha at the reduced depth) and static
 * exchange (the move loses more than the depth can win back). Checks are
 * pruned after they are made, by Search_pruneMade. */
static bool Search_pruneBefore(const Node *n, const MoveFacts *f, int lmr_depth)
{
    if (f->tactical) {
        if (f->capture && lmr_depth < 6 && n->eval + 180 + 200 * lmr_depth + f->gain <= n->alpha)
            return true;
        return n->depth <= 7 && f->see < -200 * n->depth;
    }
    return lmr_depth < 7 && n->eval + 120 + 140 * lmr_depth + f->history / 64 <= n->alpha;
}

/* may_prune: the quiet move's exchange is needed only for pruning. */
static void Search_moveFacts(Searcher *s, const Node *n, Move m, bool may_prune, MoveFacts *f)
{
    const Position *pos = &s->pos;
    f->tactical = Order_isTactical(pos, m);
    int victim = pos->board[MOVE_TO(m)];
    f->capture = f->tactical && (IS_PIECE(victim) || (MOVE_FLAGS(m) & MF_EP));
    int promo = MOVE_PROMO(m);
    f->quiet_like =
        !f->tactical || (!f->capture && promo >= 0 && s->et.value[promo] < s->et.max_promo_value);
    f->gain = f->tactical ? Evaluate_gain(&s->et, pos, m) : 0;
    f->history = f->tactical
        ? 0
        : s->order.history[pos->side][PIECE_TYPE(pos->board[MOVE_FROM(m)])][MOVE_TO(m)];
    f->killer = !f->tactical && Search_isKiller(s, n->ply, m);
    f->see = 0;
    if (f->tactical ? n->depth <= 7 || f->gain < s->et.value[PIECE_TYPE(pos->board[MOVE_FROM(m)])]
                    : may_prune && n->depth <= 8)
        f->see = See_move(pos, &s->et, m);
}

static Move Search_probeTable(Searcher *s, Node *n, int *cut, const TTEntry **entry)
{
    const TTEntry *te = TTable_probe(s->tt, s->pos.hash);
    *cut = -INF;
    *entry = te;
    if (!te)
        return MOVE_NONE;
    int ts = TTable_scoreFromTT(te->score, n->ply);
    if (!n->pv_node && te->depth >= n->depth && Search_ttFits(te, ts, n->alpha, n->beta))
        *cut = ts;
    return te->move;
}

static void Search_storeResult(Searcher *s, const Node *n, int best, Move best_move, int orig_alpha)
{
    int bound = best >= n->beta ? TT_LOWER : n->alpha > orig_alpha ? TT_EXACT : TT_UPPER;
    TTable_store(s->tt, s->pos.hash, best_move, TTable_scoreToTT(best, n->ply),
                 s->static_eval[n->ply], n->depth, bound);
}

/* Whether the move may be pruned: a node with a move in hand (not lost
 * yet), not in check, and not the first move. */
static bool Search_mayPrune(const Node *n, int legal, int best)
{
    return !n->in_check && legal > 0 && best > -ENGINE_MATE_BOUND;
}

/* Every move of a node in order, with pruning and reductions; returns the
 * node's score and stores it in the table. */
static int Search_searchMoves(Searcher *s, Node *n, Move tt_move)
{
    Position *pos = &s->pos;
    MovePicker *mp = &s->pick[n->ply];
    Movegen_pseudo(pos, &mp->list);
    Move prev = n->ply > 0 ? s->played[n->ply - 1] : MOVE_NONE;
    MovePicker_score(mp, pos, &s->et, &s->order, tt_move, n->ply, prev);
    int best = -INF, orig_alpha = n->alpha, legal = 0, nquiets = 0;
    bool skip_quiets = false;
    Move best_move = MOVE_NONE, quiets[MAX_QUIETS], m;
    while ((m = MovePicker_next(mp)) != MOVE_NONE) {
        MoveFacts f;
        bool tactical = Order_isTactical(pos, m);
        if (skip_quiets && !tactical)
            continue;
        bool may_prune = Search_mayPrune(n, legal, best);
        Search_moveFacts(s, n, m, may_prune, &f);
        int lmr_depth = n->depth - 1 - Search_baseReduction(s, n->depth, legal + 1);
        lmr_depth = lmr_depth < 0 ? 0 : lmr_depth;
        Undo u;
        s->played[n->ply] = m;
        Search_make(s, m, &u);
        if (!Search_moverSafe(pos)) {
            Search_unmake(s, &u);
            continue;
        }
        bool gives_check = Position_inCheck(pos);
        if (may_prune) {
            if (!tactical && legal >= Search_lateMoveCount(n->depth, n->improving))
                skip_quiets = true;
            bool prune = skip_quiets && !tactical;
            if (!gives_check)
                prune = prune || Search_pruneBefore(n, &f, lmr_depth);
            else
                prune = prune || (n->depth <= 7 && f.see < -150 * n->depth);
            if (!tactical && !gives_check && f.see < -25 * lmr_depth * lmr_depth)
                prune = true;
            if (prune) {
                Search_unmake(s, &u);
                continue;
            }
        }
        legal++;
        int v = Search_searchMove(s, n, m, legal, &f, gives_check);
        Search_unmake(s, &u);
        if (s->stopped)
            return 0;
        if (v > best)
            best = v;
        if (v > n->alpha) { /* best never exceeds alpha, so v is the new best */
            best_move = m;
            n->alpha = v;
            Search_updatePv(s, n->ply, m);
            if (v >= n->beta) {
                if (!tactical)
                    Order_reward(&s->order, pos, m, n->depth, n->ply, prev, quiets, nquiets);
                break;
            }
        }
        if (!tactical && nquiets < MAX_QUIETS)
            quiets[nquiets++] = m;
    }
    if (!legal)
        return Search_noMoveScore(pos, n->in_check, n->ply);
    Search_storeResult(s, n, best, best_move, orig_alpha);
    return best;
}

/* Whether the side to move does better than two plies ago (four when it
 * was in check then). */
static bool Search_improving(const Searcher *s, int ply)
{
    int now = s->static_eval[ply];
    if (now == -INF || ply < 2)
        return false;
    if (s->static_eval[ply - 2] != -INF)
        return now > s->static_eval[ply - 2];
    return ply >= 4 && s->static_eval[ply - 4] != -INF && now > s->static_eval[ply - 4];
}

/* The node's static score, kept for the plies below, and a sharper one
 * for pruning when the table's bound points past it. */
static void Search_nodeEval(Searcher *s, Node *n, const TTEntry *te)
{
    int raw = Search_staticEval(s, te, n->in_check);
    s->static_eval[n->ply] = raw;
    n->eval = raw;
    n->improving = Search_improving(s, n->ply);
    if (te && raw != -INF) {
        int ts = TTable_scoreFromTT(te->score, n->ply);
        bool mate = ts >= ENGINE_MATE_BOUND || ts <= -ENGINE_MATE_BOUND;
        if (!mate
            && (te->bound == TT_EXACT || (te->bound == TT_LOWER && ts > raw)
                || (te->bound == TT_UPPER && ts < raw)))
            n->eval = ts;
    }
}

/* in_check: whether the side to move is in check, known from the parent;
 * cut_node: a node expected to fail high. */
static int Search_search(Searcher *s, int alpha, int beta, int depth, int ply, bool null_ok,
                         bool in_check, bool cut_node)
{
    if (depth <= 0)
        return Search_qsearch(s, alpha, beta, ply, 0, in_check);
    Position *pos = &s->pos;
    int early;
    if (Search_nodeEnds(s, ply, &early))
        return early;
    if (alpha < -ENGINE_MATE + ply)
        alpha = -ENGINE_MATE + ply;
    if (beta > ENGINE_MATE - ply - 1)
        beta = ENGINE_MATE - ply - 1;
    if (alpha >= beta)
        return alpha;
    if (ply >= SEARCH_MAX_PLY - 1)
        return Evaluate_position(&s->et, pos);
    bool pv_node = beta - alpha > 1;
    Node n = {alpha, beta, depth, ply, 0, pv_node, in_check, cut_node && !pv_node, false, false};
    int cut;
    const TTEntry *te;
    Move tt_move = Search_probeTable(s, &n, &cut, &te);
    if (cut != -INF)
        return cut;
    Search_nodeEval(s, &n, te);
    if (!n.pv_node && !n.in_check) {
        int v = Search_pruneEarly(s, &n, null_ok);
        if (s->stopped)
            return 0;
        if (v != -INF)
            return v;
    }
    /* No move from the table: this node was not searched before, or not
     * deeply; a shallower search costs less and orders the next one. */
    if (tt_move == MOVE_NONE && ((n.pv_node && depth >= 5) || (n.cut_node && depth >= 7)))
        n.depth -= n.pv_node ? 2 : 1;
    n.tt_capture = tt_move != MOVE_NONE && Order_isTactical(pos, tt_move);
    return Search_searchMoves(s, &n, tt_move);
}

/* ---- the root ---------------------------------------------------------- */

/* The weak levels' blur: a fixed offset per move for this search. */
static int Search_noiseOf(const Searcher *s, Move m)
{
    int n = s->level.noise_cp;
    if (n <= 0)
        return 0;
    return (int)(Mix_splitmix64(s->seed ^ ((uint64_t)m * 0x2545F4914F6CDD1Dull))
                 % (uint64_t)(2 * n + 1))
        - n;
}

static void Search_moveToFront(Searcher *s, int i)
{
    RootMove r = s->root[i];
    memmove(&s->root[1], &s->root[0], (size_t)i * sizeof(RootMove));
    s->root[0] = r;
}

static int Search_searchRootMove(Searcher *s, int i, int depth, int alpha, int beta, bool noisy)
{
    Position *pos = &s->pos;
    Undo u;
    s->played[0] = s->root[i].move;
    Search_make(s, s->root[i].move, &u);
    bool check = Position_inCheck(pos);
    int nd = depth - 1 + (check ? 1 : 0);
    int v;
    if (noisy)
        v = -Search_search(s, -INF, INF, nd, 1, true, check, false);
    else if (i == 0)
        v = -Search_search(s, -beta, -alpha, nd, 1, true, check, false);
    else {
        v = -Search_search(s, -alpha - 1, -alpha, nd, 1, true, check, true);
        if (v > alpha && v < beta)
            v = -Search_search(s, -beta, -alpha, nd, 1, true, check, false);
    }
    Search_unmake(s, &u);
    return v;
}

/* One iteration over the root moves within (alpha, beta). The best move
 * found is moved to the front, so it leads the next iteration too. */
static int Search_searchRoot(Searcher *s, int depth, int alpha, int beta)
{
    bool noisy = s->level.noise_cp > 0;
    int best = -INF, best_key = -INF;
    s->pvlen[0] = 0;
    for (int i = 0; i < s->nroot; i++) {
        if (s->root[i].skip)
            continue;
        int v = Search_searchRootMove(s, i, depth, alpha, beta, noisy);
        if (s->stopped)
            break;
        if (!noisy && v <= alpha) {
            /* Only an upper bound: it says nothing of which move is best,
             * so the order (the last iteration's best first) stays. */
            best = v > best ? v : best;
            continue;
        }
        int key = v + Search_noiseOf(s, s->root[i].move);
        if (key <= best_key)
            continue;
        best_key = key;
        best = v;
        s->root[i].score = v;
        Search_updatePv(s, 0, s->root[i].move);
        Search_moveToFront(s, i);
        if (!noisy && v > alpha) {
            alpha = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

static void Search_fillInfo(Searcher *s, int depth, int score)
{
    EngineInfo *info = &s->info;
    info->depth = depth;
    info->score = score;
    info->nodes = s->nodes;
    info->elapsed_ms = TimeMan_elapsed(&s->tm);
    info->npv = s->pvlen[0] < ENGINE_MAX_PV ? s->pvlen[0] : ENGINE_MAX_PV;
    memcpy(info->pv, s->pv[0], (size_t)info->npv * sizeof(Move));
    if (info->npv == 0) {
        info->pv[0] = s->root[0].move;
        info->npv = 1;
    }
    info->best = s->root[0].move;
    info->thinking = true;
}

/* An aspiration window around the last score, widened on failure. */
static int Search_searchWindow(Searcher *s, int depth, int last)
{
    int delta = ASPIRATION;
    bool narrow = depth >= 4 && s->level.noise_cp == 0 && last > -ENGINE_MATE_BOUND
        && last < ENGINE_MATE_BOUND;
    int alpha = narrow ? last - delta : -INF, beta = narrow ? last + delta : INF;
    for (;;) {
        int v = Search_searchRoot(s, depth, alpha, beta);
        if (s->stopped || (v > alpha && v < beta))
            return v;
        if (v <= alpha)
            alpha = alpha - delta < -INF ? -INF : alpha - delta;
        else
            beta = beta + delta > INF ? INF : beta + delta;
        delta *= 2;
        if (delta > 1000)
            alpha = -INF, beta = INF;
    }
}

static int Search_maxDepthOf(const Searcher *s)
{
    int d = SEARCH_MAX_PLY - 8;
    if (s->lim.depth > 0 && s->lim.depth < d)
        d = s->lim.depth;
    if (s->level.max_depth > 0 && s->level.max_depth < d)
        d = s->level.max_depth;
    return d;
}

static bool Search_mateSettled(int score, int depth)
{
    int abs_score = score < 0 ? -score : score;
    return abs_score >= ENGINE_MATE_BOUND && depth > ENGINE_MATE - abs_score + 2;
}

static bool Search_timeLimited(const Searcher *s)
{
    return s->tm.soft_ms > 0 || s->lim.nodes > 0;
}

static void Search_iterate(Searcher *s)
{
    int last = 0, max_depth = Search_maxDepthOf(s);
    s->static_eval[0] = Position_inCheck(&s->pos) ? -INF : Evaluate_position(&s->et, &s->pos);
    for (int depth = 1; depth <= max_depth; depth++) {
        s->root_depth = depth;
        int v = Search_searchWindow(s, depth, last);
        if (s->stopped && depth > 1)
            break; /* keep the last full iteration's move and score */
        last = v;
        Search_fillInfo(s, depth, v);
        s->may_stop = true;
        if (s->report)
            s->report(s->report_ctx, &s->info, true);
        if (s->stopped || Search_mateSettled(v, depth))
            break;
        if (Search_timeLimited(s) && s->nroot == 1)
            break;
        /* The next iteration would most likely not finish in time. */
        if (s->tm.soft_ms && TimeMan_elapsed(&s->tm) >= s->tm.soft_ms * 3 / 5)
            break;
        if (Search_outOfNodes(s))
            break;
    }
}

/* ---- setup --------------------------------------------------------------- */

void Search_init(Searcher *s, TTable *tt, atomic_bool *stop)
{
    s->tt = tt;
    s->stop = stop;
    s->report = NULL;
    s->report_ctx = NULL;
    s->et_valid = false;
    s->hashes = NULL;
    s->nhashes = s->cap_hashes = 0;
    Order_clear(&s->order);
    TimeMan_forget(&s->clocks, true);
    for (int d = 0; d < SEARCH_MAX_PLY; d++)
        for (int m = 0; m < SEARCH_MAX_PLY; m++) {
            double r = d && m ? 0.8 + log(d) * log(m) / 2.1 : 0;
            s->lmr[d][m] = (int8_t)r;
        }
}

/* The delay learned stays: it belongs to the front end, not to the game. */
void Search_clear(Searcher *s)
{
    Order_clear(&s->order);
    TimeMan_forget(&s->clocks, false);
}

void Search_free(Searcher *s)
{
    free(s->hashes);
    s->hashes = NULL;
    s->nhashes = s->cap_hashes = 0;
}

/* Root moves in a sensible first order; the weak levels may overlook some. */
static void Search_prepareRoot(Searcher *s)
{
    MovePicker *mp = &s->pick[0];
    Movegen_legal(&s->pos, &mp->list);
    const TTEntry *te = TTable_probe(s->tt, s->pos.hash);
    MovePicker_score(mp, &s->pos, &s->et, &s->order, te ? te->move : MOVE_NONE, 0, MOVE_NONE);
    s->nroot = 0;
    Move m;
    while ((m = MovePicker_next(mp)) != MOVE_NONE)
        s->root[s->nroot++] = (RootMove){m, -INF, false};
    uint64_t r = Mix_splitmix64(s->seed + 17);
    if (s->nroot > 2 && (int)(r % 100) < s->level.blunder_pct) {
        for (int i = 0; i < s->nroot; i++)
            s->root[i].skip = Mix_splitmix64(r + (uint64_t)i) % 2 == 0;
        s->root[(r >> 32) % (uint64_t)s->nroot].skip = false;
    }
}

static void Search_limitsForLevel(Searcher *s, const SearchLimits *lim)
{
    s->lim = *lim;
    s->level = Level_params(lim->level);
    if (s->level.nodes && (!s->lim.nodes || s->lim.nodes > s->level.nodes))
        s->lim.nodes = s->level.nodes;
    bool given = lim->depth || lim->nodes || lim->movetime_ms || lim->time_ms[0] || lim->time_ms[1]
        || lim->infinite;
    if (!given)
        s->lim.movetime_ms = s->level.default_ms;
    int cap = lim->infinite ? 0 : s->level.cap_ms;
    TimeMan_init(&s->tm, &s->lim, s->pos.side, cap, &s->clocks);
}

/* The game's history, with room for the deepest search path after it. */
static void Search_setHistory(Searcher *s, const uint64_t *history, int nhistory)
{
    int need = nhistory + SEARCH_MAX_PLY + 1;
    if (need > s->cap_hashes) {
        s->hashes = Alloc_grow(s->hashes, (size_t)need, sizeof *s->hashes);
        s->cap_hashes = need;
    }
    if (nhistory > 0)
        memcpy(s->hashes, history, (size_t)nhistory * sizeof *history);
    s->nhashes = nhistory;
    s->root_n = nhistory;
    s->null_floor = 0;
}

Move Search_run(Searcher *s, const Position *pos, const uint64_t *history, int nhistory,
                const SearchLimits *lim, EngineInfo *info)
{
    s->pos = *pos;
    Search_setHistory(s, history, nhistory);
    s->nodes = 0;
    s->stopped = false;
    s->may_stop = false;
    s->seed = lim->seed;
    memset(&s->info, 0, sizeof s->info);
    Search_limitsForLevel(s, lim);
    if (!s->et_valid || s->et.v != pos->v || s->et_carpets != pos->carpets) {
        Evaluate_build(&s->et, pos); /* a few ms on 12x12: only when the board changes */
        s->et_carpets = pos->carpets;
        s->et_valid = true;
    }
    Order_age(&s->order);
    TTable_newSearch(s->tt);
    Search_prepareRoot(s);
    if (s->nroot == 0) {
        bool check = Position_inCheck(&s->pos);
        s->info.score = Search_noMoveScore(&s->pos, check, 0);
    } else {
        Search_iterate(s);
    }
    s->info.nodes = s->nodes;
    s->info.elapsed_ms = TimeMan_elapsed(&s->tm);
    s->info.best = s->nroot ? s->root[0].move : MOVE_NONE;
    s->info.thinking = false;
    TimeMan_done(&s->tm, &s->lim, s->pos.side, &s->clocks);
    if (info)
        *info = s->info;
    return s->info.best;
}
