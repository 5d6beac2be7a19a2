/* Time management: turns the search limits into a soft limit (do not start
 * another iteration) and a hard limit (stop now), in milliseconds, and
 * learns how much later than the engine's decision its clock stops. */
#ifndef ZANZIBAR_ENGINE_TIMEMAN_H
#define ZANZIBAR_ENGINE_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

typedef struct {
    int64_t start_ms;
    int soft_ms; /* 0: no time limit */
    int hard_ms;
    int overhead_ms; /* kept back for the delay before the clock stops */
} TimeMan;

/* What one engine remembers between its timed searches: each side's clock
 * and thinking time at its last search, and the delay seen so far between
 * the end of a search and the stop of the clock (the front end's polling,
 * the pipe to a GUI, a loaded machine). */
typedef struct {
    int left_ms[2]; /* the clock given to the side's last search, -1: none */
    int inc_ms[2];
    int used_ms[2]; /* how long that search ran */
    int delay_ms;   /* the learned delay, 0 until one is measured */
} ClockMemory;

int64_t TimeMan_now(void);
void TimeMan_forget(ClockMemory *mem, bool delay_too);
/* side: the side to move; cap_ms: the level's own limit (0 = none); mem
 * (may be NULL) first learns from how the clock moved since the side's
 * last search. */
void TimeMan_init(TimeMan *tm, const SearchLimits *lim, int side, int cap_ms, ClockMemory *mem);
/* After the search: remembers its clock and thinking time for the next one. */
void TimeMan_done(const TimeMan *tm, const SearchLimits *lim, int side, ClockMemory *mem);
int TimeMan_elapsed(const TimeMan *tm);
/* After an iteration that ended at elapsed_ms and took iter_ms (the one
 * before it before_ms, 0 if none): whether to start the next one, whose
 * cost is predicted from theirs. scale_pct stretches or shrinks the soft
 * limit (100: as planned). */
bool TimeMan_nextIteration(const TimeMan *tm, int elapsed_ms, int iter_ms, int before_ms,
                           int scale_pct);

#endif
