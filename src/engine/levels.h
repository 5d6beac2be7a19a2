/* Playing levels: how deep, how long and how noisily each level searches,
 * from a beginner who misses things to full strength. */
#ifndef ZANZIBAR_ENGINE_LEVELS_H
#define ZANZIBAR_ENGINE_LEVELS_H

#include <stdint.h>

#include "engine/engine.h"

typedef struct {
    int max_depth;     /* 0: no cap */
    uint64_t nodes;    /* node budget per move, 0: none; the same effort on
                         every board and on every machine */
    int noise_cp;      /* random offset added to each root move's score */
    int blunder_pct;   /* chance per move of overlooking part of the moves */
    int cap_ms;        /* most time spent on one move, 0: no cap */
    int default_ms;    /* time per move when the caller gives no limit */
    int draw_slack_cp; /* how much better it may stand, past the opening,
                          and still agree to a draw (blurred by as much) */
} LevelParams;

/* The parameters of a level; 0 and anything out of range mean full strength. */
LevelParams Level_params(int level);
const char *Level_name(int level);

#endif
