/* The search below the root: PVS with null move, late move reductions
 * and pruning, quiescence over captures at the leaves, and the game rules
 * that end a line (mate, stalemate, repetition, fifty moves, bare Kings
 * and the bare-Sultan rule). */
#include "engine/tree.h"

#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"

#define INF SEARCH_INF
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

static void Tree_reportProgress(Searcher *s)
{
    if (!s->report)
        return;
    s->info.nodes = s->nodes;
    s->info.elapsed_ms = TimeMan_elapsed(&s->tm);
    s->report(s->report_ctx, &s->info, false);
}

static bool Tree_outOfTime(Searcher *s)
{
    return s->tm.hard_ms && TimeMan_elapsed(&s->tm) >= s->tm.hard_ms;
}

bool Tree_outOfNodes(const Searcher *s)
{
    return s->lim.nodes && s->nodes >= s->lim.nodes;
}

/* Polled at every node; the clock is read only every 16 nodes. The clock
 * is obeyed even in the first iteration (the root moves are all legal, so
 * there is always one to play); a node budget only once that iteration is
 * done, so that the smallest levels still see what one move wins. */
static bool Tree_shouldStop(Searcher *s)
{
    if (s->stopped)
        return true;
    if ((s->nodes & TIME_CHECK_MASK) == 0) {
        if (atomic_load_explicit(s->stop, memory_order_relaxed))
            s->stopped = true;
        else if (Tree_outOfTime(s) || (s->may_stop && Tree_outOfNodes(s)))
            s->stopped = true;
        if ((s->nodes & REPORT_MASK) == 0)
            Tree_reportProgress(s);
    }
    return s->stopped;
}

/* ---- rules that end a line ------------------------------------------- */

/* A repetition scores as a draw when the earlier position is inside the
 * search tree (past the root: the side that repeats could as well have
 * avoided it), or when a position from before the root occurs a third
 * time. The count never looks behind a null move, which is no move. */
static bool Tree_isRepetition(const Searcher *s)
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
static bool Tree_ruleScore(const Searcher *s, int ply, int *score)
{
    const Position *pos = &s->pos;
    if (pos->halfmove >= 100 || Tree_isRepetition(s)) {
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

int Tree_noMoveScore(const Position *pos, bool in_check, int ply)
{
    if (in_check || (pos->v->rules & VR_STALEMATE_LOSES))
        return -ENGINE_MATE + ply;
    return 0;
}

/* Make and unmake along the search path, keeping the hash stack (the game's
 * history, then the path) that repetitions are counted on. */
void Tree_make(Searcher *s, Move m, Undo *u)
{
    s->hashes[s->nhashes++] = s->pos.hash;
    Position_make(&s->pos, m, u);
    TTable_prefetch(s->tt, s->pos.hash);
}

void Tree_unmake(Searcher *s, const Undo *u)
{
    Position_unmake(&s->pos, u);
    s->nhashes--;
}

/* After Position_make of m: whether the mover's royal piece is safe. Out
 * of check, only where m changed the board needs looking at. */
static bool Tree_moverSafe(const Position *pos, Move m, bool was_in_check)
{
    int king = pos->king[!pos->side];
    if (!king)
        return true;
    return was_in_check ? !Position_attacked(pos, king, pos->side)
                        : !Position_attackedAfter(pos, m, king, pos->side);
}

/* Zugzwang is unlikely while the side to move has pieces besides its
 * promoting ones. */
static bool Tree_nullMoveSafe(const Searcher *s)
{
    const Position *pos = &s->pos;
    int pieces = 0;
    for (int t = 0; t < pos->v->ntypes; t++)
        if (t != pos->geo->royal_type && !(s->et.pawnlike >> t & 1))
            pieces += pos->count[pos->side][t];
    return pieces >= 2;
}

void Tree_updatePv(Searcher *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int n = ply + 1 < SEARCH_MAX_PLY ? s->pvlen[ply + 1] : 0;
    if (n > SEARCH_MAX_PLY - ply - 1)
        n = SEARCH_MAX_PLY - ply - 1;
    memcpy(&s->pv[ply][1], &s->pv[ply + 1][0], (size_t)n * sizeof(Move));
    s->pvlen[ply] = n + 1;
}

/* ---- quiescence -------------------------------------------------------- */

static bool Tree_isRecapture(const Searcher *s, int ply, Move m)
{
    return ply > 0 && s->played[ply - 1] != MOVE_NONE && MOVE_TO(m) == MOVE_TO(s->played[ply - 1]);
}

static bool Tree_qsearchSkip(const Searcher *s, Move m, int stand, int alpha, int ply, int qdepth)
{
    const Position *pos = &s->pos;
    if (qdepth >= QS_RECAPTURES_ONLY && !Tree_isRecapture(s, ply, m))
        return true;
    int promo = MOVE_PROMO(m);
    if (promo >= 0 && s->et.value[promo] < s->et.max_promo_value)
        return true; /* under-promotions are for the full search */
    int gain = Evaluate_gain(&s->et, pos, m);
    if (promo < 0 && stand + gain + 200 <= alpha)
        return true;
    return MovePicker_lastLoses(&s->pick[ply]); /* the picker's exchange test */
}

static int Tree_qsearch(Searcher *s, int alpha, int beta, int ply, int qdepth, bool in_check);

/* What the side to move gets by making no capture: the static score, or
 * nothing when in check (it must move), or a loss when it is a bare
 * Sultan that can no longer bare the opponent by quiet means. */
static int Tree_standPat(Searcher *s, int ply, bool in_check, bool bare)
{
    if (bare)
        return -ENGINE_MATE + ply + 1;
    return in_check ? -INF : Evaluate_position(&s->et, &s->pos);
}

/* The captures (all moves when in check) from alpha up; returns the best. */
static int Tree_qsearchMoves(Searcher *s, int alpha, int beta, int ply, int qdepth, bool in_check,
                             bool bare, int stand)
{
    Position *pos = &s->pos;
    MovePicker *mp = &s->pick[ply];
    if (in_check)
        Movegen_pseudo(pos, &mp->list);
    else
        Movegen_captures(pos, &mp->list);
    MovePicker_score(mp, pos, &s->et, &s->order, MOVE_NONE, ply, &ORDER_NO_CONTEXT);
    int best = stand, legal = 0;
    Move m;
    while ((m = MovePicker_next(mp)) != MOVE_NONE) {
        if (!in_check && !bare && Tree_qsearchSkip(s, m, stand, alpha, ply, qdepth))
            continue;
        Undo u;
        Tree_make(s, m, &u);
        if (!Tree_moverSafe(pos, m, in_check)) {
            Tree_unmake(s, &u);
            continue;
        }
        legal++;
        s->played[ply] = m;
        int v = -Tree_qsearch(s, -beta, -alpha, ply + 1, qdepth + 1, Position_inCheckAfter(pos, m));
        Tree_unmake(s, &u);
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                Tree_updatePv(s, ply, m);
                if (v >= beta)
                    break;
            }
        }
    }
    return in_check && !legal ? Tree_noMoveScore(pos, true, ply) : best;
}

/* What every node does first. True when the node ends at once, because
 * time is up or a rule (repetition, fifty moves, bare Sultan) decides it. */
static bool Tree_nodeEnds(Searcher *s, int ply, int *score)
{
    s->pvlen[ply] = 0;
    s->nodes++;
    *score = 0;
    if (Tree_shouldStop(s))
        return true;
    return Tree_ruleScore(s, ply, score);
}

/* Whether a table score is a bound that settles the window. */
static bool Tree_ttFits(const TTEntry *te, int ts, int alpha, int beta)
{
    return te->bound == TT_EXACT || (te->bound == TT_LOWER && ts >= beta)
        || (te->bound == TT_UPPER && ts <= alpha);
}

/* The static score, from the table when it holds one (in check: none). */
static int Tree_staticEval(Searcher *s, const TTEntry *te, bool in_check)
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
static int Tree_qsearch(Searcher *s, int alpha, int beta, int ply, int qdepth, bool in_check)
{
    Position *pos = &s->pos;
    int early;
    if (Tree_nodeEnds(s, ply, &early))
        return early;
    if (ply >= SEARCH_MAX_PLY - 1)
        return Evaluate_position(&s->et, pos);
    const TTEntry *te = TTable_probe(s->tt, pos->hash);
    if (te && beta - alpha == 1) {
        int ts = TTable_scoreFromTT(te->score, ply);
        if (Tree_ttFits(te, ts, alpha, beta))
            return ts;
    }
    bool bare = (pos->v->rules & VR_BARE_SULTAN) && Position_isBare(pos, pos->side);
    int raw = bare ? -INF : Tree_staticEval(s, te, in_check);
    int stand = bare ? Tree_standPat(s, ply, in_check, bare) : raw;
    if (stand >= beta) {
        if (!te)
            TTable_store(s->tt, pos->hash, MOVE_NONE, TTable_scoreToTT(stand, ply), raw, 0,
                         TT_LOWER);
        return stand;
    }
    int orig_alpha = alpha;
    int best = Tree_qsearchMoves(s, stand > alpha ? stand : alpha, beta, ply, qdepth, in_check,
                                 bare, stand);
    if (s->stopped)
        return 0;
    if (te && te->depth > 0)
        return best; /* a main-search entry knows more */
    int bound = best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER;
    Move m = s->pvlen[ply] ? s->pv[ply][0] : MOVE_NONE;
    TTable_store(s->tt, pos->hash, m, TTable_scoreToTT(best, ply), raw, 0, bound);
    return best;
}

/* ---- the main search ---------------------------------------------------- */

typedef struct {
    int alpha, beta, depth, ply;
    int raw_eval; /* the static score (-INF in check), as the table keeps it */
    int eval;     /* the same, or the table's score when its bound points past it */
    bool pv_node, in_check, cut_node;
    bool improving; /* the static score is above the side's one two plies before */
} Node;

/* Null move: give the opponent a free move; a search that still fails
 * high says this node would too. Returns a cutoff score or -INF. The
 * further the static score is above beta, the less the proof needs to
 * see: up to three plies more are taken off for the margin. */
static int Tree_nullMove(Searcher *s, const Node *n)
{
    int margin = (n->eval - n->beta) / 200;
    int r = 4 + n->depth / 3 + (margin < 3 ? margin : 3);
    Undo u;
    s->played[n->ply] = MOVE_NONE;
    s->move_key[n->ply] = ORDER_NO_KEY;
    s->hashes[s->nhashes++] = s->pos.hash;
    int floor = s->null_floor;
    s->null_floor = s->nhashes;
    Position_makeNull(&s->pos, &u);
    TTable_prefetch(s->tt, s->pos.hash);
    int v = -Tree_search(s, -n->beta, -n->beta + 1, n->depth - 1 - r, n->ply + 1, false, false,
                         !n->cut_node);
    Position_unmakeNull(&s->pos, &u);
    s->null_floor = floor;
    s->nhashes--;
    if (!s->stopped && v >= n->beta)
        return v >= ENGINE_MATE_BOUND ? n->beta : v;
    return -INF;
}

/* Forward pruning before any move: a static score far above beta (by 80
 * a ply of depth up to 8, a ply less of margin while the side improves),
 * or a null move that still fails high. Returns a cutoff score or -INF. */
static int Tree_pruneEarly(Searcher *s, const Node *n, bool null_ok)
{
    if (n->beta >= ENGINE_MATE_BOUND || n->beta <= -ENGINE_MATE_BOUND)
        return -INF;
    if (n->depth <= 8 && n->eval - 80 * (n->depth - n->improving) >= n->beta)
        return n->eval;
    if (null_ok && n->depth >= 3 && n->eval >= n->beta && Tree_nullMoveSafe(s))
        return Tree_nullMove(s, n);
    return -INF;
}

static bool Tree_isKiller(const Searcher *s, int ply, Move m)
{
    return s->order.killer[ply][0] == m || s->order.killer[ply][1] == m;
}

/* The table's reduction, one ply less in the principal variation and for
 * killers, one more at an expected cut node whose score is not improving,
 * and less or more by the move's history (up to two plies either way; the
 * continuation history, read in too, cost Zanzibar-XXL games). */
static int Tree_reduction(const Searcher *s, const Node *n, int legal, bool killer, int history)
{
    int d = n->depth < SEARCH_MAX_PLY ? n->depth : SEARCH_MAX_PLY - 1;
    int k = legal < SEARCH_MAX_PLY ? legal : SEARCH_MAX_PLY - 1;
    int r = s->lmr[d][k] - n->pv_node - killer + (n->cut_node && !n->improving) - history / 8000;
    return r < 0 ? 0 : r;
}

/* How much less a late move (the fourth and later) is searched: a quiet
 * one by the table, its history and whether it is a killer, down to a
 * one-ply search at least; a quiet check or a losing capture one ply less
 * than a quiet move that late, which may leave it to quiescence. Checks
 * are not extended: on boards full of leapers and hoppers most lines
 * have them, and extending them cost a ply of depth everywhere. */
static int Tree_lateReduction(const Searcher *s, const Node *n, Move m, int legal, bool tactical,
                              bool gives_check, int history)
{
    if (n->depth < 3 || n->in_check || legal <= 3)
        return 0;
    int nd = n->depth - 1;
    if (!tactical && !gives_check) {
        int r = Tree_reduction(s, n, legal, Tree_isKiller(s, n->ply, m), history);
        return r <= nd - 1 ? r : nd > 1 ? nd - 1 : 0;
    }
    if (!gives_check && !MovePicker_lastLoses(&s->pick[n->ply]))
        return 0;
    int r = Tree_reduction(s, n, legal, false, 0) - 1;
    return r > 0 ? r : 0;
}

/* Searches one legal, already made move; returns its score. The first
 * move of a principal variation node gets the full window; the others a
 * null window, reduced when late, searched again when they beat alpha.
 * cut_node flags pass on as expected: the children of an expected cut
 * node are expected all-nodes, and the reverse. */
static int Tree_searchMove(Searcher *s, const Node *n, Move m, int legal, bool tactical,
                           bool gives_check, int history)
{
    int nd = n->depth - 1;
    if (legal == 1 && n->pv_node)
        return -Tree_search(s, -n->beta, -n->alpha, nd, n->ply + 1, true, gives_check, false);
    int r = Tree_lateReduction(s, n, m, legal, tactical, gives_check, history);
    int v = -Tree_search(s, -n->alpha - 1, -n->alpha, nd - r, n->ply + 1, true, gives_check,
                         r > 0 || !n->cut_node);
    if (v > n->alpha && r > 0)
        v = -Tree_search(s, -n->alpha - 1, -n->alpha, nd, n->ply + 1, true, gives_check,
                         !n->cut_node);
    if (n->pv_node && v > n->alpha && v < n->beta)
        v = -Tree_search(s, -n->beta, -n->alpha, nd, n->ply + 1, true, gives_check, false);
    return v;
}

/* Late quiet moves of a node that is not expected to matter (checked
 * once the move is made and found legal; legal counts the moves before):
 * at any depth after 4 + 2 d^2 moves, and at the last two plies those
 * whose static score stays far below alpha. */
static bool Tree_pruneLate(const Node *n, int legal, bool tactical, bool gives_check, int best)
{
    if (n->pv_node || n->in_check || gives_check || tactical || legal < 1
        || best <= -ENGINE_MATE_BOUND)
        return false;
    if (legal + 1 > 4 + 2 * n->depth * n->depth)
        return true;
    return n->depth <= 2 && n->eval + 150 * n->depth <= n->alpha;
}

/* Moves not worth making, decided before they are made (so a check among
 * them is pruned too), outside the principal variation and once a move
 * has been searched: a quiet move after (3 + d^2) / 2 others (twice as
 * many while the side improves) or whose static score stays far below
 * alpha at the last six plies, and a losing capture at the last four. */
static bool Tree_pruneBefore(const Searcher *s, const Node *n, int legal, bool tactical, int best)
{
    if (n->pv_node || n->in_check || legal < 1 || best <= -ENGINE_MATE_BOUND)
        return false;
    if (tactical)
        return n->depth <= 4 && MovePicker_lastLoses(&s->pick[n->ply]);
    int late = (3 + n->depth * n->depth) / (n->improving ? 1 : 2);
    if (legal >= 4 + late)
        return true;
    return n->depth <= 6 && legal > 1 && n->eval + 120 + 100 * n->depth <= n->alpha;
}

static Move Tree_probeTable(Searcher *s, Node *n, int *cut, const TTEntry **entry)
{
    const TTEntry *te = TTable_probe(s->tt, s->pos.hash);
    *cut = -INF;
    *entry = te;
    if (!te)
        return MOVE_NONE;
    int ts = TTable_scoreFromTT(te->score, n->ply);
    if (!n->pv_node && te->depth >= n->depth && Tree_ttFits(te, ts, n->alpha, n->beta))
        *cut = ts;
    return te->move;
}

static void Tree_storeResult(Searcher *s, const Node *n, int best, Move best_move, int orig_alpha)
{
    int bound = best >= n->beta ? TT_LOWER : n->alpha > orig_alpha ? TT_EXACT : TT_UPPER;
    TTable_store(s->tt, s->pos.hash, best_move, TTable_scoreToTT(best, n->ply), n->raw_eval,
                 n->depth, bound);
}

/* The moves that led to the node at ply, as move ordering reads them. */
static OrderContext Tree_orderContext(const Searcher *s, int ply)
{
    OrderContext ctx = ORDER_NO_CONTEXT;
    if (ply > 0) {
        ctx.prev = s->played[ply - 1];
        ctx.key[0] = s->move_key[ply - 1];
    }
    if (ply > 1)
        ctx.key[1] = s->move_key[ply - 2];
    return ctx;
}

/* Every move of a node in order, with late-move pruning and reductions;
 * returns the node's score and stores it in the table. */
static int Tree_searchMoves(Searcher *s, Node *n, Move tt_move)
{
    Position *pos = &s->pos;
    MovePicker *mp = &s->pick[n->ply];
    Movegen_pseudo(pos, &mp->list);
    OrderContext ctx = Tree_orderContext(s, n->ply);
    MovePicker_score(mp, pos, &s->et, &s->order, tt_move, n->ply, &ctx);
    int best = -INF, orig_alpha = n->alpha, legal = 0, nquiets = 0;
    Move best_move = MOVE_NONE, quiets[MAX_QUIETS], m;
    while ((m = MovePicker_next(mp)) != MOVE_NONE) {
        bool tactical = Order_isTactical(pos, m);
        if (Tree_pruneBefore(s, n, legal, tactical, best))
            continue;
        int history = tactical ? 0 : Order_history(&s->order, pos, m);
        Undo u;
        s->played[n->ply] = m;
        s->move_key[n->ply] = Order_moveKey(pos, m);
        Tree_make(s, m, &u);
        if (!Tree_moverSafe(pos, m, n->in_check)) {
            Tree_unmake(s, &u);
            continue;
        }
        bool gives_check = Position_inCheckAfter(pos, m);
        if (Tree_pruneLate(n, legal, tactical, gives_check, best)) {
            Tree_unmake(s, &u);
            continue;
        }
        legal++;
        int v = Tree_searchMove(s, n, m, legal, tactical, gives_check, history);
        Tree_unmake(s, &u);
        if (s->stopped)
            return 0;
        if (v > best)
            best = v;
        if (v > n->alpha) { /* best never exceeds alpha, so v is the new best */
            best_move = m;
            n->alpha = v;
            Tree_updatePv(s, n->ply, m);
            if (v >= n->beta) {
                if (!tactical)
                    Order_reward(&s->order, pos, m, n->depth, n->ply, &ctx, quiets, nquiets);
                break;
            }
        }
        if (!tactical && nquiets < MAX_QUIETS)
            quiets[nquiets++] = m;
    }
    if (!legal)
        return Tree_noMoveScore(pos, n->in_check, n->ply);
    Tree_storeResult(s, n, best, best_move, orig_alpha);
    return best;
}

/* Whether the side to move does better than two plies ago (four when it
 * was in check then). */
static bool Tree_improving(const Searcher *s, int ply)
{
    int now = s->static_eval[ply];
    if (now == -INF || ply < 2)
        return false;
    if (s->static_eval[ply - 2] != -INF)
        return now > s->static_eval[ply - 2];
    return ply >= 4 && s->static_eval[ply - 4] != -INF && now > s->static_eval[ply - 4];
}

/* The node's static score (the table's when it keeps one), and a sharper
 * one for pruning when the table's bound points past it. */
static void Tree_nodeEval(Searcher *s, Node *n, const TTEntry *te)
{
    int raw = Tree_staticEval(s, te, n->in_check);
    n->raw_eval = n->eval = raw;
    s->static_eval[n->ply] = raw;
    n->improving = Tree_improving(s, n->ply);
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
int Tree_search(Searcher *s, int alpha, int beta, int depth, int ply, bool null_ok, bool in_check,
                bool cut_node)
{
    if (depth <= 0)
        return Tree_qsearch(s, alpha, beta, ply, 0, in_check);
    Position *pos = &s->pos;
    int early;
    if (Tree_nodeEnds(s, ply, &early))
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
    Node n = {alpha, beta, depth, ply, 0, 0, pv_node, in_check, cut_node && !pv_node, false};
    int cut;
    const TTEntry *te;
    Move tt_move = Tree_probeTable(s, &n, &cut, &te);
    if (cut != -INF)
        return cut;
    Tree_nodeEval(s, &n, te);
    if (!n.pv_node && !n.in_check) {
        int v = Tree_pruneEarly(s, &n, null_ok);
        if (s->stopped)
            return 0;
        if (v != -INF)
            return v;
    }
    /* No move from the table: this node was not searched before, or not
     * deeply. Searching it a little shallower costs less than the search
     * for a move to start with that it replaces (IIR, not IID). */
    if (tt_move == MOVE_NONE && ((n.pv_node && depth >= 5) || (n.cut_node && depth >= 7)))
        n.depth -= n.pv_node ? 2 : 1;
    return Tree_searchMoves(s, &n, tt_move);
}
