/* Time management: a share of the remaining clock plus most of the
 * increment, minus a margin for the delay between the engine's decision
 * and the stop of its clock, which it measures from the clocks it is given. */
#include "engine/timeman.h"

#include <time.h>

/* The least delay assumed, before any is measured or when it is small. */
#define MIN_OVERHEAD_MS 30
/* Longer delays between two searches of a side are a paused game, not the
 * front end's lag. */
#define MAX_DELAY_MS 1000
#define DELAY_STEP_MS 20
/* Sudden death: the moves assumed still to come, and those whose delays
 * are kept in reserve. A simulated 1+0 game whose every move ran to the
 * hard limit, with 200 ms of delay a move, lasted 64 moves a side with 25
 * and 25 (and a hard limit of four shares, up to a third of the clock);
 * with these it lasts 216, and 239 when each move takes its share
 * (tests/check_judgement.c). Real games at 1+0 with the screen's 100 ms
 * polling went past 170 moves: a reserve of 100 moves flagged in one. */
#define DEFAULT_MOVES_TO_GO 40
#define RESERVE_MOVES 150
#define HARD_TIMES_SOFT 3
#define SAFE_SHARE 8 /* most of the clock one move may take */
#define MIN_THINK_MS 5

int64_t TimeMan_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int TimeMan_atLeast(int ms, int floor)
{
    return ms < floor ? floor : ms;
}

static int TimeMan_atMost(int ms, int ceiling)
{
    return ms > ceiling ? ceiling : ms;
}

void TimeMan_forget(ClockMemory *mem, bool delay_too)
{
    mem->left_ms[0] = mem->left_ms[1] = -1;
    mem->used_ms[0] = mem->used_ms[1] = 0;
    mem->inc_ms[0] = mem->inc_ms[1] = 0;
    if (delay_too)
        mem->delay_ms = 0;
}

/* The side's clock went from left to now over its last turn: what that turn
 * cost beyond the search is the delay. The estimate follows a longer delay
 * quickly (at most doubling, plus DELAY_STEP_MS, a move, so that one spike
 * on a loaded machine, multiplied by the reserve's moves, does not eat the
 * clock) and a shorter one slowly, because one flag costs a whole game. */
static void TimeMan_learn(ClockMemory *mem, const SearchLimits *lim, int side)
{
    int before = mem->left_ms[side], now = lim->time_ms[side];
    if (before < 0 || now <= 0 || now > before + mem->inc_ms[side])
        return; /* a first search, or a new game or period since */
    int delay = before + mem->inc_ms[side] - now - mem->used_ms[side];
    if (delay < 0)
        delay = 0;
    if (delay > MAX_DELAY_MS)
        return;
    if (delay >= mem->delay_ms)
        mem->delay_ms = TimeMan_atMost(delay, mem->delay_ms * 2 + DELAY_STEP_MS);
    else
        mem->delay_ms -= (mem->delay_ms - delay) / 8;
}

static int TimeMan_overhead(const ClockMemory *mem)
{
    int learned = mem ? mem->delay_ms + mem->delay_ms / 4 + 10 : 0;
    return TimeMan_atLeast(learned, MIN_OVERHEAD_MS);
}

/* A clock: keep back the delays of this move and of the next ones (those
 * the increment does not pay for); of the rest spend about 1/40 plus most
 * of the increment, and never more than an eighth in one move (most of it
 * on the last move before a time control), so that even a search that
 * always runs to its hard limit leaves the reserve whole. In the last
 * seconds, with only the reserve left, think a few milliseconds while
 * that stays safe. */
static void TimeMan_clockLimits(TimeMan *tm, const SearchLimits *lim, int side)
{
    int over = tm->overhead_ms;
    int left = lim->time_ms[side], inc = lim->inc_ms[side];
    int togo = lim->movestogo > 0 ? lim->movestogo : DEFAULT_MOVES_TO_GO;
    int future = TimeMan_atMost(lim->movestogo > 0 ? togo : RESERVE_MOVES, RESERVE_MOVES) - 1;
    int reserve = TimeMan_atLeast(over - inc, 0) * future;
    int avail = TimeMan_atLeast(left - over - reserve, 0);
    int share = TimeMan_atMost(lim->movestogo > 0 ? lim->movestogo + 1 : SAFE_SHARE, SAFE_SHARE);
    int most = lim->movestogo == 1 ? avail * 3 / 4 : avail / share;
    int soft = avail / togo + inc * 3 / 4;
    int hard = TimeMan_atMost(soft * HARD_TIMES_SOFT, most);
    int floor = TimeMan_atMost(MIN_THINK_MS, TimeMan_atLeast((left - over) / SAFE_SHARE, 1));
    tm->hard_ms = TimeMan_atLeast(hard, floor);
    tm->soft_ms = TimeMan_atMost(TimeMan_atLeast(soft, floor), tm->hard_ms);
}

void TimeMan_init(TimeMan *tm, const SearchLimits *lim, int side, int cap_ms, ClockMemory *mem)
{
    tm->start_ms = TimeMan_now();
    tm->soft_ms = tm->hard_ms = 0;
    if (mem && lim->time_ms[side] > 0)
        TimeMan_learn(mem, lim, side);
    tm->overhead_ms = TimeMan_overhead(mem);
    if (lim->movetime_ms > 0) {
        int t = TimeMan_atLeast(lim->movetime_ms - tm->overhead_ms / 2, MIN_THINK_MS);
        tm->soft_ms = tm->hard_ms = t;
    } else if (lim->time_ms[side] > 0) {
        TimeMan_clockLimits(tm, lim, side);
    }
    if (cap_ms > 0 && (tm->hard_ms == 0 || tm->hard_ms > cap_ms)) {
        tm->hard_ms = cap_ms;
        if (tm->soft_ms == 0 || tm->soft_ms > cap_ms)
            tm->soft_ms = cap_ms;
    }
}

void TimeMan_done(const TimeMan *tm, const SearchLimits *lim, int side, ClockMemory *mem)
{
    if (!mem)
        return;
    if (lim->time_ms[side] <= 0 || lim->movetime_ms > 0) {
        mem->left_ms[side] = -1;
        return;
    }
    mem->left_ms[side] = lim->time_ms[side];
    mem->inc_ms[side] = lim->inc_ms[side];
    mem->used_ms[side] = TimeMan_elapsed(tm);
}

int TimeMan_elapsed(const TimeMan *tm)
{
    return (int)(TimeMan_now() - tm->start_ms);
}

/* An iteration that runs into the hard limit is thrown away, so one is
 * started only if it can finish: it is predicted to cost the last one's
 * time times the growth from the one before (1.5 to 6 times). Within
 * that, the soft limit (scaled) says when enough is enough: no new
 * iteration after three fifths of it, unless the next one is predicted
 * to end before it. */
bool TimeMan_nextIteration(const TimeMan *tm, int elapsed_ms, int iter_ms, int before_ms,
                           int scale_pct)
{
    if (!tm->soft_ms)
        return true;
    int growth = before_ms > 0 ? iter_ms * 10 / before_ms : 30; /* tenths */
    growth = TimeMan_atMost(TimeMan_atLeast(growth, 15), 60);
    int predicted = iter_ms * growth / 10;
    int soft = TimeMan_atMost(tm->soft_ms * scale_pct / 100, tm->hard_ms);
    if (elapsed_ms + predicted > tm->hard_ms)
        return false;
    return elapsed_ms < soft * 3 / 5 || elapsed_ms + predicted <= soft;
}
