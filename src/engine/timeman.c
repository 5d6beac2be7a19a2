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
#define DEFAULT_MOVES_TO_GO 25
/* Future moves whose delays are kept in reserve. */
#define RESERVE_MOVES 25
#define MIN_THINK_MS 10

int64_t TimeMan_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int at_least(int ms, int floor)
{
    return ms < floor ? floor : ms;
}

static int at_most(int ms, int ceiling)
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
 * at once and a shorter one slowly, because one flag costs a whole game. */
static void TimeMan_learn(ClockMemory *mem, const SearchLimits *lim, int side)
{
    int before = mem->left_ms[side], now = lim->time_ms[side];
    if (before < 0 || now <= 0 || now > before + mem->inc_ms[side])
        return;  /* a first search, or a new game or period since */
    int delay = before + mem->inc_ms[side] - now - mem->used_ms[side];
    if (delay < 0)
        delay = 0;
    if (delay > MAX_DELAY_MS)
        return;
    if (delay >= mem->delay_ms)
        mem->delay_ms = delay;
    else
        mem->delay_ms -= (mem->delay_ms - delay) / 8;
}

static int TimeMan_overhead(const ClockMemory *mem)
{
    int learned = mem ? mem->delay_ms + mem->delay_ms / 4 + 10 : 0;
    return at_least(learned, MIN_OVERHEAD_MS);
}

/* A clock: spend about 1/25 of what is left after the delays of this move
 * and the next ones (those the increment does not pay for), plus most of
 * the increment; never more than a third of the clock in one move, and in
 * the last seconds at least a few milliseconds while that stays safe. */
static void TimeMan_clockLimits(TimeMan *tm, const SearchLimits *lim, int side)
{
    int over = tm->overhead_ms;
    int left = lim->time_ms[side], inc = lim->inc_ms[side];
    int togo = lim->movestogo > 0 ? lim->movestogo : DEFAULT_MOVES_TO_GO;
    int future = at_most(togo, RESERVE_MOVES) - 1;
    int reserve = over + at_least(over - inc, 0) * future;
    int soft = at_least(left - reserve, 0) / togo + inc * 3 / 4;
    int spare = left - over;
    int most = lim->movestogo == 1 ? spare * 3 / 4 : spare / 3;
    most = at_least(most, 1);
    int hard = at_most(soft * 4, most);
    soft = at_most(at_least(soft, MIN_THINK_MS), hard);
    tm->soft_ms = at_least(soft, 1);
    tm->hard_ms = at_least(hard, 1);
}

void TimeMan_init(TimeMan *tm, const SearchLimits *lim, int side, int cap_ms,
                  ClockMemory *mem)
{
    tm->start_ms = TimeMan_now();
    tm->soft_ms = tm->hard_ms = 0;
    if (mem && lim->time_ms[side] > 0)
        TimeMan_learn(mem, lim, side);
    tm->overhead_ms = TimeMan_overhead(mem);
    if (lim->movetime_ms > 0) {
        int t = at_least(lim->movetime_ms - tm->overhead_ms / 2, MIN_THINK_MS);
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
