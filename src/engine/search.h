/* The search: iterative deepening principal variation search with
 * aspiration windows, a transposition table, null move, late move
 * reductions and pruning, and quiescence over captures. */
#ifndef ZANZIBAR_ENGINE_SEARCH_H
#define ZANZIBAR_ENGINE_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>

#include "engine/engine.h"
#include "engine/evaluate.h"
#include "engine/levels.h"
#include "engine/movepicker.h"
#include "engine/timeman.h"
#include "engine/transposition.h"

/* Called after every finished iteration (done = true) and now and then
 * during one (done = false, only nodes and time are new). */
typedef void (*SearchReportFn)(void *ctx, const EngineInfo *info, bool done);

typedef struct {
    Move move;
    int score; /* the last exact or bound score */
    bool skip; /* overlooked at this move (weak levels) */
} RootMove;

typedef struct {
    Position pos;
    uint64_t *hashes; /* the game's history, then the search path */
    int nhashes, cap_hashes;
    int root_n;     /* hashes before the root position: the game's history */
    int null_floor; /* hashes from here on follow the last null move */
    EvalTables et;
    bool et_valid; /* et was built for et.v with these carpets */
    uint16_t et_carpets;
    OrderTables order;
    MovePicker pick[SEARCH_MAX_PLY];
    Move played[SEARCH_MAX_PLY];     /* the move made at each ply, MOVE_NONE for a null move */
    int move_key[SEARCH_MAX_PLY];    /* Order_moveKey of it, ORDER_NO_KEY for a null move */
    int static_eval[SEARCH_MAX_PLY]; /* each ply's static score, -SEARCH_INF in check */
    Move pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
    int pvlen[SEARCH_MAX_PLY];
    int8_t lmr[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
    RootMove root[MAX_MOVES];
    int nroot;
    EngineLine lines[ENGINE_MAX_LINES]; /* the iteration's lines, best first */
    int nlines;
    TTable *tt;
    atomic_bool *stop;
    TimeMan tm;
    ClockMemory clocks; /* outlives each search: the delay it measures */
    LevelParams level;
    SearchLimits lim;
    uint64_t nodes;
    uint64_t seed;
    bool stopped;
    bool may_stop;   /* false until depth 1 is done: node budgets wait for it */
    Move iter_best;  /* the best move of the last iteration */
    int instability; /* best-move changes, halved each iteration, in percent */
    int last_score;  /* the last search's score, for last_side to move */
    int last_side;   /* -1: no search yet in this game */
    EngineInfo info;
    SearchReportFn report;
    void *report_ctx;
} Searcher;

/* Prepares a searcher that uses tt and honours *stop (both outlive it). */
void Search_init(Searcher *s, TTable *tt, atomic_bool *stop);
/* Forgets killers, history and the clocks of the last game (a new game). */
void Search_clear(Searcher *s);
/* Releases what Search_run allocated. */
void Search_free(Searcher *s);
/* Searches pos within lim; returns the best legal move, or MOVE_NONE when
 * the side to move has none. history: the hashes of the game's positions
 * before pos, oldest first, for repetitions. info receives the final report. */
Move Search_run(Searcher *s, const Position *pos, const uint64_t *history, int nhistory,
                const SearchLimits *lim, EngineInfo *info);

#endif
