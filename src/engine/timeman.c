/* Time management: a share of the remaining clock plus most of the
 * increment, with a safety margin so that the move always arrives in time. */
#include "engine/timeman.h"

#include <time.h>

#define MOVE_OVERHEAD_MS 20
#define DEFAULT_MOVES_TO_GO 25
#define MIN_THINK_MS 5

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

/* A clock: spend about 1/25 of what is left, plus the increment, never
 * more than a third of the clock in one move. */
static void clock_limits(TimeMan *tm, const SearchLimits *lim, int side)
{
    int left = lim->time_ms[side] - MOVE_OVERHEAD_MS;
    int inc = lim->inc_ms[side];
    int togo = lim->movestogo > 0 ? lim->movestogo : DEFAULT_MOVES_TO_GO;
    left = at_least(left, MIN_THINK_MS);
    int soft = left / togo + inc * 3 / 4;
    int hard = soft * 4;
    int most = lim->movestogo == 1 ? left * 3 / 4 : left / 3;
    if (hard > most)
        hard = most;
    if (soft > hard)
        soft = hard;
    tm->soft_ms = at_least(soft, MIN_THINK_MS);
    tm->hard_ms = at_least(hard, MIN_THINK_MS);
}

void TimeMan_init(TimeMan *tm, const SearchLimits *lim, int side, int cap_ms)
{
    tm->start_ms = TimeMan_now();
    tm->soft_ms = tm->hard_ms = 0;
    if (lim->movetime_ms > 0) {
        int t = at_least(lim->movetime_ms - MOVE_OVERHEAD_MS / 2, MIN_THINK_MS);
        tm->soft_ms = tm->hard_ms = t;
    } else if (lim->time_ms[side] > 0) {
        clock_limits(tm, lim, side);
    }
    if (cap_ms > 0 && (tm->hard_ms == 0 || tm->hard_ms > cap_ms)) {
        tm->hard_ms = cap_ms;
        if (tm->soft_ms == 0 || tm->soft_ms > cap_ms)
            tm->soft_ms = cap_ms;
    }
}

int TimeMan_elapsed(const TimeMan *tm)
{
    return (int)(TimeMan_now() - tm->start_ms);
}
