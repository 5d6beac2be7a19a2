/* Iterative deepening over the root moves, with aspiration windows, the
 * weak levels' noise and blunders, and the clock's say over when to stop;
 * the tree below each root move is searched by tree.c. */
#include "engine/search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/mix.h"
#include "core/movegen.h"
#include "engine/tree.h"

#define INF SEARCH_INF
#define ASPIRATION 35

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

/* Moves root move i to place first, the head of the line being searched. */
static void Search_moveTo(Searcher *s, int first, int i)
{
    RootMove r = s->root[i];
    memmove(&s->root[first + 1], &s->root[first], (size_t)(i - first) * sizeof(RootMove));
    s->root[first] = r;
}

/* Quiet root moves from the fourth of a line on are searched a little
 * shallower first (the table's reduction less one), as deeper nodes'
 * late moves are; one that beats alpha is searched again to the full
 * depth. nth: the move's place in its line's order, 0 for the lead. */
static int Search_rootReduction(const Searcher *s, int nth, int depth, bool tactical, bool check)
{
    if (nth < 3 || depth < 3 || tactical || check)
        return 0;
    int d = depth < SEARCH_MAX_PLY ? depth : SEARCH_MAX_PLY - 1;
    int k = nth + 1 < SEARCH_MAX_PLY ? nth + 1 : SEARCH_MAX_PLY - 1;
    int r = s->lmr[d][k] - 1;
    return r < 0 ? 0 : r > depth - 2 ? depth - 2 : r;
}

/* Root move i, the nth of its line (the lead, nth 0, searched with the
 * full window). */
static int Search_searchRootMove(Searcher *s, int i, int nth, int depth, int alpha, int beta,
                                 bool noisy)
{
    Position *pos = &s->pos;
    Undo u;
    s->played[0] = s->root[i].move;
    s->move_key[0] = Order_moveKey(pos, s->root[i].move);
    bool tactical = Order_isTactical(pos, s->root[i].move);
    Tree_make(s, s->root[i].move, &u);
    bool check = Position_inCheck(pos);
    int nd = depth - 1 + (check ? 1 : 0);
    int v;
    if (noisy)
        v = -Tree_search(s, -INF, INF, nd, 1, true, check, false);
    else if (nth == 0)
        v = -Tree_search(s, -beta, -alpha, nd, 1, true, check, false);
    else {
        int r = Search_rootReduction(s, nth, depth, tactical, check);
        v = -Tree_search(s, -alpha - 1, -alpha, nd - r, 1, true, check, true);
        if (v > alpha && r > 0)
            v = -Tree_search(s, -alpha - 1, -alpha, nd, 1, true, check, true);
        if (v > alpha && v < beta)
            v = -Tree_search(s, -beta, -alpha, nd, 1, true, check, false);
    }
    Tree_unmake(s, &u);
    return v;
}

/* One iteration over the root moves from first on (the lines before it
 * are settled) within (alpha, beta). The best move found is moved to
 * place first, so it leads the next iteration too. */
static int Search_searchRoot(Searcher *s, int first, int depth, int alpha, int beta)
{
    bool noisy = s->level.noise_cp > 0;
    int best = -INF, best_key = -INF;
    s->pvlen[0] = 0;
    for (int i = first; i < s->nroot; i++) {
        if (s->root[i].skip)
            continue;
        int v = Search_searchRootMove(s, i, i - first, depth, alpha, beta, noisy);
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
        Tree_updatePv(s, 0, s->root[i].move);
        Search_moveTo(s, first, i);
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
    info->npv = s->lines[0].npv;
    memcpy(info->pv, s->lines[0].pv, (size_t)info->npv * sizeof(Move));
    info->nlines = s->nlines;
    memcpy(info->line, s->lines, (size_t)s->nlines * sizeof s->lines[0]);
    info->best = s->root[0].move;
    info->thinking = true;
    info->delay_ms = s->clocks.delay_ms;
}

/* An aspiration window around the last score, widened on failure. */
static int Search_searchWindow(Searcher *s, int first, int depth, int last)
{
    int delta = ASPIRATION;
    bool narrow = depth >= 4 && s->level.noise_cp == 0 && last > -ENGINE_MATE_BOUND
        && last < ENGINE_MATE_BOUND;
    int alpha = narrow ? last - delta : -INF, beta = narrow ? last + delta : INF;
    for (;;) {
        int v = Search_searchRoot(s, first, depth, alpha, beta);
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

/* Line k as its window search left it: the principal variation found,
 * or only its root move when none was. */
static void Search_keepLine(Searcher *s, int k, int score)
{
    EngineLine *line = &s->lines[k];
    line->score = score;
    line->npv = s->pvlen[0] < ENGINE_MAX_PV ? s->pvlen[0] : ENGINE_MAX_PV;
    memcpy(line->pv, s->pv[0], (size_t)line->npv * sizeof(Move));
    if (line->npv == 0) {
        line->pv[0] = s->root[k].move;
        line->npv = 1;
    }
}

/* A later line that came out better than an earlier one goes before it,
 * with its root move: the lines and root[0..n) stay in step. */
static void Search_sortLines(Searcher *s)
{
    for (int k = 1; k < s->nlines; k++)
        for (int j = k; j > 0 && s->lines[j].score > s->lines[j - 1].score; j--) {
            EngineLine l = s->lines[j];
            s->lines[j] = s->lines[j - 1];
            s->lines[j - 1] = l;
            RootMove r = s->root[j];
            s->root[j] = s->root[j - 1];
            s->root[j - 1] = r;
        }
}

/* MultiPV: line k is the best of the root moves from k on, each searched
 * in a window around its own last score. One line is the plain search. */
static int Search_searchLines(Searcher *s, int depth, int last)
{
    int want = s->lim.multipv > 1 ? s->lim.multipv : 1;
    if (want > ENGINE_MAX_LINES)
        want = ENGINE_MAX_LINES;
    if (want > s->nroot)
        want = s->nroot;
    int v = last;
    for (int k = 0; k < want; k++) {
        int around = k == 0 ? last : k < s->nlines ? s->lines[k].score : v;
        int lv = Search_searchWindow(s, k, depth, around);
        Search_keepLine(s, k, lv);
        if (k == 0)
            v = lv;
        s->nlines = s->nlines > k + 1 ? s->nlines : k + 1;
        if (s->stopped)
            return v;
    }
    s->nlines = want;
    Search_sortLines(s);
    return s->lines[0].score;
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

/* How much of its soft limit the search should use, in percent, after an
 * iteration: more while the best move keeps changing or the score falls
 * below the last search's, less when one move has led for many iterations. */
static int Search_timeScale(Searcher *s, Move best, int score, int *stable)
{
    bool changed = best != s->iter_best;
    s->iter_best = best;
    s->instability = s->instability / 2 + (changed ? 100 : 0);
    *stable = changed ? 0 : *stable + 1;
    int scale = 100 + s->instability;
    if (s->last_side == s->pos.side && s->last_score > -ENGINE_MATE_BOUND
        && s->last_score < ENGINE_MATE_BOUND) {
        int drop = (s->last_score - score) / 2;
        scale = scale * (100 + (drop < -20 ? -20 : drop > 60 ? 60 : drop)) / 100;
    }
    if (*stable >= 6)
        scale = scale * 3 / 4;
    return scale < 50 ? 50 : scale > 250 ? 250 : scale;
}

static void Search_iterate(Searcher *s)
{
    int last = 0, max_depth = Search_maxDepthOf(s), stable = 0;
    int iter_ms = 0, before_ms = 0; /* how long the last two iterations took */
    s->iter_best = MOVE_NONE;
    s->instability = 0;
    s->static_eval[0] = Position_inCheck(&s->pos) ? -INF : Evaluate_position(&s->et, &s->pos);
    for (int depth = 1; depth <= max_depth; depth++) {
        int started = TimeMan_elapsed(&s->tm);
        int v = Search_searchLines(s, depth, last);
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
        int now = TimeMan_elapsed(&s->tm);
        before_ms = iter_ms;
        iter_ms = now - started;
        int scale = Search_timeScale(s, s->root[0].move, v, &stable);
        if (!TimeMan_nextIteration(&s->tm, now, iter_ms, before_ms, scale))
            break;
        if (Tree_outOfNodes(s))
            break;
    }
    s->last_score = last;
    s->last_side = s->pos.side;
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
    s->last_side = -1;
    for (int d = 0; d < SEARCH_MAX_PLY; d++)
        for (int m = 0; m < SEARCH_MAX_PLY; m++) {
            double r = d && m ? 0.8 + log(d) * log(m) / 2.1 : 0;
            s->lmr[d][m] = (int8_t)r;
        }
}

/* The delay learned stays: it belongs to the front end, not to the game. */
void Search_clear(Searcher *s)
{
    s->last_side = -1;
    Order_clear(&s->order);
    TimeMan_forget(&s->clocks, false);
}

void Search_free(Searcher *s)
{
    free(s->hashes);
    s->hashes = NULL;
    s->nhashes = s->cap_hashes = 0;
}

static bool Search_excluded(const Searcher *s, Move m)
{
    for (int i = 0; i < s->lim.nexclude; i++)
        if (s->lim.exclude[i] == m)
            return true;
    return false;
}

/* Root moves in a sensible first order, less those the caller left out;
 * the weak levels may overlook some. */
static void Search_prepareRoot(Searcher *s)
{
    MovePicker *mp = &s->pick[0];
    Movegen_legal(&s->pos, &mp->list);
    const TTEntry *te = TTable_probe(s->tt, s->pos.hash);
    MovePicker_score(mp, &s->pos, &s->et, &s->order, te ? te->move : MOVE_NONE, 0,
                     &ORDER_NO_CONTEXT);
    s->nroot = 0;
    Move m;
    while ((m = MovePicker_next(mp)) != MOVE_NONE)
        if (!Search_excluded(s, m))
            s->root[s->nroot++] = (RootMove){m, -INF, false};
    s->nlines = 0;
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
        s->info.score = Tree_noMoveScore(&s->pos, check, 0);
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
