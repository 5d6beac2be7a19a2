/* Time management: turns the search limits into a soft limit (do not start
 * another iteration) and a hard limit (stop now), in milliseconds. */
#ifndef ZANZIBAR_ENGINE_TIMEMAN_H
#define ZANZIBAR_ENGINE_TIMEMAN_H

#include <stdint.h>

#include "engine/engine.h"

typedef struct {
    int64_t start_ms;
    int soft_ms;   /* 0: no time limit */
    int hard_ms;
} TimeMan;

int64_t TimeMan_now(void);
/* side: the side to move; cap_ms: the level's own limit (0 = none). */
void TimeMan_init(TimeMan *tm, const SearchLimits *lim, int side, int cap_ms);
int TimeMan_elapsed(const TimeMan *tm);

#endif
