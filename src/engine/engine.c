/* The engine's public face: owns the transposition table and the
 * searcher, runs searches in a background thread so that the caller never
 * waits, and makes the engine's choices outside search (setups, placing,
 * draw offers). */
#include "engine/engine.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/mix.h"
#include "engine/evaluate.h"
#include "engine/levels.h"
#include "engine/search.h"
#include "engine/transposition.h"

struct Engine {
    TTable tt;
    Searcher *searcher;
    atomic_bool stop;
    atomic_bool busy;
    pthread_mutex_t lock; /* guards info */
    EngineInfo info;
    pthread_t thread;
    bool joinable;
    int done_pipe[2];      /* written by the search thread as it ends */
    Position job;          /* the thread's own copy of the position */
    uint64_t *job_history; /* and of the game's history */
    int job_nhistory, job_cap;
    SearchLimits job_limits;
    Move result;
    Searcher *judge; /* judges draw offers; made when first needed */
    TTable judge_tt;
    atomic_bool judge_stop; /* never set: a judgement is short */
    const EngineSlots *slots;
    bool holding; /* a slot, from the start of a search until it is joined */
    char refusal[ENGINE_REFUSAL_MAX];
};

Engine *Engine_new(size_t tt_mb)
{
    Engine *e = Alloc_array(1, sizeof *e);
    e->searcher = Alloc_array(1, sizeof *e->searcher);
    TTable_init(&e->tt, tt_mb ? tt_mb : ENGINE_DEFAULT_TT_MB);
    atomic_init(&e->stop, false);
    atomic_init(&e->busy, false);
    atomic_init(&e->judge_stop, false);
    pthread_mutex_init(&e->lock, NULL);
    Search_init(e->searcher, &e->tt, &e->stop);
    if (pipe(e->done_pipe) != 0)
        e->done_pipe[0] = e->done_pipe[1] = -1;
    for (int i = 0; i < 2 && e->done_pipe[i] >= 0; i++) {
        fcntl(e->done_pipe[i], F_SETFL, fcntl(e->done_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(e->done_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    return e;
}

/* Joins the finished (or stopped) search and empties the done pipe. */
static void Engine_joinThread(Engine *e)
{
    char buf[16];
    if (e->joinable) {
        pthread_join(e->thread, NULL);
        e->joinable = false;
    }
    if (e->holding)
        e->slots->give(e->slots->ctx);
    e->holding = false;
    while (e->done_pipe[0] >= 0 && read(e->done_pipe[0], buf, sizeof buf) > 0)
        ;
}

void Engine_free(Engine *e)
{
    if (!e)
        return;
    Engine_stop(e);
    Engine_joinThread(e);
    TTable_free(&e->tt);
    if (e->judge) {
        TTable_free(&e->judge_tt);
        Search_free(e->judge);
        free(e->judge);
    }
    pthread_mutex_destroy(&e->lock);
    for (int i = 0; i < 2; i++)
        if (e->done_pipe[i] >= 0)
            close(e->done_pipe[i]);
    Search_free(e->searcher);
    free(e->searcher);
    free(e->job_history);
    free(e);
}

void Engine_useSlots(Engine *e, const EngineSlots *slots)
{
    Engine_stop(e);
    Engine_joinThread(e); /* a slot taken goes back to whom it came from */
    e->slots = slots;
}

const char *Engine_refusal(const Engine *e)
{
    return e->refusal;
}

void Engine_clear(Engine *e)
{
    Engine_stop(e);
    Engine_joinThread(e);
    TTable_clear(&e->tt);
    Search_clear(e->searcher);
}

/* The searcher's progress, published for Engine_info under the lock. */
static void Engine_publish(void *ctx, const EngineInfo *info, bool done)
{
    Engine *e = ctx;
    pthread_mutex_lock(&e->lock);
    if (done) {
        e->info = *info;
    } else {
        e->info.nodes = info->nodes;
        e->info.elapsed_ms = info->elapsed_ms;
    }
    e->info.thinking = true;
    pthread_mutex_unlock(&e->lock);
}

static Move Engine_runSearch(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                             const SearchLimits *lim, EngineInfo *out)
{
    EngineInfo final;
    pthread_mutex_lock(&e->lock);
    memset(&e->info, 0, sizeof e->info);
    e->info.thinking = true;
    pthread_mutex_unlock(&e->lock);
    e->searcher->report = Engine_publish;
    e->searcher->report_ctx = e;
    Move m = Search_run(e->searcher, pos, history, nhistory, lim, &final);
    pthread_mutex_lock(&e->lock);
    e->info = final;
    pthread_mutex_unlock(&e->lock);
    if (out)
        *out = final;
    return m;
}

Move Engine_search(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                   const SearchLimits *lim, EngineInfo *info)
{
    Engine_stop(e);
    Engine_joinThread(e);
    atomic_store(&e->stop, false);
    return Engine_runSearch(e, pos, history, nhistory, lim, info);
}

static void *Engine_threadMain(void *arg)
{
    Engine *e = arg;
    e->result = Engine_runSearch(e, &e->job, e->job_history, e->job_nhistory, &e->job_limits, NULL);
    atomic_store(&e->busy, false);
    ssize_t n;
    do
        n = e->done_pipe[1] >= 0 ? write(e->done_pipe[1], "!", 1) : 1;
    while (n < 0 && errno == EINTR);
    return NULL;
}

bool Engine_start(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                  const SearchLimits *lim)
{
    if (atomic_load(&e->busy))
        return false;
    Engine_joinThread(e);
    e->refusal[0] = '\0';
    if (e->slots != NULL && !e->slots->take(e->slots->ctx, e->refusal, sizeof e->refusal))
        return false;
    e->holding = e->slots != NULL;
    e->job = *pos;
    if (nhistory > e->job_cap) {
        e->job_history = Alloc_grow(e->job_history, (size_t)nhistory, sizeof *history);
        e->job_cap = nhistory;
    }
    if (nhistory > 0)
        memcpy(e->job_history, history, (size_t)nhistory * sizeof *history);
    e->job_nhistory = nhistory;
    e->job_limits = *lim;
    e->result = MOVE_NONE;
    atomic_store(&e->stop, false);
    atomic_store(&e->busy, true);
    pthread_mutex_lock(&e->lock);
    memset(&e->info, 0, sizeof e->info);
    e->info.thinking = true;
    pthread_mutex_unlock(&e->lock);
    if (pthread_create(&e->thread, NULL, Engine_threadMain, e) != 0) {
        atomic_store(&e->busy, false);
        Engine_joinThread(e); /* gives the slot back */
        return false;
    }
    e->joinable = true;
    return true;
}

void Engine_info(Engine *e, EngineInfo *info)
{
    pthread_mutex_lock(&e->lock);
    *info = e->info;
    pthread_mutex_unlock(&e->lock);
}

int Engine_doneFd(const Engine *e)
{
    return e->done_pipe[0];
}

bool Engine_busy(Engine *e)
{
    return atomic_load(&e->busy);
}

void Engine_stop(Engine *e)
{
    if (atomic_load(&e->busy))
        atomic_store(&e->stop, true);
}

Move Engine_wait(Engine *e, EngineInfo *info)
{
    Engine_joinThread(e);
    if (info)
        Engine_info(e, info);
    return e->result;
}

/* ---- choices outside search -------------------------------------------- */

/* Whether the setup keeps the King on the back rank, behind the rank of
 * free squares in front of it: the safer shelter that strong players pick. */
static bool Engine_kingSheltered(const Variant *v, const char *letters)
{
    for (int i = 0; i < v->nsetup_squares; i++)
        if (letters[i] == 'K')
            return strcmp(v->setup_squares[i] + 1, "1") == 0;
    return false;
}

#define SETUP_TRIES 24

/* Random setups drawn from the seed; above the beginner levels the first
 * one that shelters the King is taken. Drawing, not listing, because the
 * core numbers up to twenty thousand setups and finds each by counting. */
int Engine_chooseSetup(const Variant *v, int level, uint64_t seed)
{
    int count = v ? Setup_count(v) : 0;
    if (count <= 0)
        return 0;
    uint64_t r = Mix_splitmix64(seed ^ (uint64_t)level * 0x9E37ull);
    int first = 1 + (int)(r % (uint64_t)count);
    if (level > 0 && level < 4)
        return first; /* beginners do not mind */
    char letters[VARIANT_MAX_SETUP_SQUARES + 1];
    for (int i = 0; i < SETUP_TRIES; i++) {
        int n = 1 + (int)(Mix_splitmix64(r + (uint64_t)i) % (uint64_t)count);
        if (Setup_letters(v, n, letters) && Engine_kingSheltered(v, letters))
            return n;
    }
    return first;
}

/* The most valuable piece goes first (the royal piece before all): the
 * evaluation then weighs each square for it against what is already on
 * the board, blurred by the level's noise. */
static int Engine_placementType(const SetupPhase *sp, const EvalTables *et, int side)
{
    int best = -1;
    for (int t = 0; t < sp->pos.v->ntypes; t++)
        if (sp->left[side][t] && (best < 0 || et->value[t] > et->value[best]))
            best = t;
    return best;
}

/* The royal piece stands on the back rank of the camp, near its middle,
 * where the pieces placed after it can shelter it: with few pieces on the
 * board the evaluation alone would call the open centre of the front rank
 * best, where the first enemy move would find it. Per rank forward and
 * per file from the middle, in centipawns. */
#define ROYAL_FORWARD_CP 60
#define ROYAL_OFF_CENTRE_CP 12

static int Engine_royalSafety(const SetupPhase *sp, const EvalTables *et, int side, int cell)
{
    int off = abs(2 * et->file[cell] - sp->pos.v->files + 1) / 2;
    return -ROYAL_FORWARD_CP * et->advance[side][cell] - ROYAL_OFF_CENTRE_CP * off;
}

/* The evaluation, from the placing side's view, once type stands on cell. */
static int Engine_placementEval(const SetupPhase *sp, const EvalTables *et, int type, int cell)
{
    SetupPhase next = *sp;
    int side = sp->pos.side;
    if (!SetupPhase_place(&next, type, cell, NULL, 0))
        return 0;
    int v = Evaluate_position(et, &next.pos);
    return next.pos.side == side ? v : -v;
}

/* Above the lowest level the royal piece gets only a little of the noise:
 * enough to vary between neighbouring squares, never to reach the edge. */
static int Engine_placementNoise(const SetupPhase *sp, int type, int level)
{
    int noise = Level_params(level).noise_cp / 2;
    bool royal = type == sp->pos.geo->royal_type;
    return royal && level != LEVEL_MIN ? noise / 8 : noise;
}

static int Engine_placementScore(const SetupPhase *sp, const EvalTables *et, int type, int cell,
                                 int noise, uint64_t seed)
{
    int side = sp->pos.side;
    int s = Engine_placementEval(sp, et, type, cell);
    if (type == sp->pos.geo->royal_type)
        s += Engine_royalSafety(sp, et, side, cell);
    if (noise > 0)
        s +=
            (int)(Mix_splitmix64(seed ^ (uint64_t)cell * 131u) % (uint64_t)(2 * noise + 1)) - noise;
    return s;
}

bool Engine_choosePlacement(const SetupPhase *sp, int level, uint64_t seed, int *type, int *cell)
{
    if (SetupPhase_done(sp))
        return false;
    EvalTables *et = Alloc_array(1, sizeof *et);
    Evaluate_build(et, &sp->pos);
    int t = Engine_placementType(sp, et, sp->pos.side);
    int noise = t >= 0 ? Engine_placementNoise(sp, t, level) : 0;
    int best_cell = -1, best = 0;
    for (int c = 0; t >= 0 && c < MAX_CELLS; c++) {
        if (!SetupPhase_canPlace(sp, t, c))
            continue;
        int s = Engine_placementScore(sp, et, t, c, noise, seed + (uint64_t)sp->placed);
        if (best_cell < 0 || s > best)
            best_cell = c, best = s;
    }
    free(et);
    if (best_cell < 0)
        return false;
    *type = t;
    *cell = best_cell;
    return true;
}

/* ---- draw offers ----------------------------------------------------------- */

/* The judgement's search: small enough to answer at once (a quarter of a
 * second at the start of a 12x12 game here, much less in an ending), the
 * time only a guard for slow or loaded machines. */
#define DRAW_NODES 60000
#define DRAW_MS 600
#define DRAW_EQUAL_CP 30 /* within this of zero the game is level */
#define DRAW_WORSE_CP \
    100                       /* a Pawn down or worse is clearly worse; White's
                                  first-move edge in the opening is less */
#define DRAW_OPENING_MOVES 20 /* until then a level game is still to be played */
#define JUDGE_TT_MB 1

static Searcher *Engine_judge(Engine *e)
{
    if (e->judge)
        return e->judge;
    e->judge = Alloc_array(1, sizeof *e->judge);
    TTable_init(&e->judge_tt, JUDGE_TT_MB);
    Search_init(e->judge, &e->judge_tt, &e->judge_stop);
    return e->judge;
}

/* The score in centipawns from engine_side's view after a fresh search at
 * full strength. Its own cleared tables: the same position always gets the
 * same answer. */
static int Engine_judgeScore(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                             int engine_side)
{
    Searcher *s = Engine_judge(e);
    TTable_clear(&e->judge_tt);
    Search_clear(s);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = LEVEL_MAX;
    lim.nodes = DRAW_NODES;
    lim.movetime_ms = DRAW_MS;
    EngineInfo info;
    Search_run(s, pos, history, nhistory, &lim, &info);
    return pos->side == engine_side ? info.score : -info.score;
}

bool Engine_acceptsDraw(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                        int engine_side, int level, uint64_t seed)
{
    int score = Engine_judgeScore(e, pos, history, nhistory, engine_side);
    if (score <= -DRAW_WORSE_CP)
        return true;
    if (pos->fullmove <= DRAW_OPENING_MOVES)
        return false;
    int slack = Level_params(level).draw_slack_cp;
    int blur =
        slack ? (int)(Mix_splitmix64(seed ^ 0xD4A3ull) % (uint64_t)(slack + 1)) - slack / 2 : 0;
    return score <= DRAW_EQUAL_CP + slack + blur;
}
