/* The level table. Low levels are limited by depth and blurred by noise,
 * so that they still see simple captures but misjudge the rest; the middle
 * and upper levels get a node budget about two and a half times the one
 * below, which costs the same on a 10x10 as on a 12x12 board. Level 10 has
 * no budget and, without a clock, up to 15 s a move (no new iteration after
 * 9 s): at about 275 k nodes/s on 12x12 here, 6 s had been no more than
 * level 9's 1.5 M nodes. */
#include "engine/levels.h"

static const LevelParams levels[LEVEL_MAX + 1] = {
    /* depth nodes  noise blunder cap   default draw slack */
    [1] = {1, 2000, 300, 35, 300, 100, 120},   [2] = {1, 4000, 120, 15, 400, 150, 80},
    [3] = {2, 8000, 80, 8, 600, 300, 40},      [4] = {3, 15000, 50, 4, 2000, 2000, 0},
    [5] = {4, 40000, 30, 2, 3000, 3000, 0},    [6] = {5, 100000, 15, 0, 4000, 4000, 0},
    [7] = {6, 250000, 6, 0, 6000, 6000, 0},    [8] = {8, 600000, 0, 0, 8000, 8000, 0},
    [9] = {0, 1500000, 0, 0, 10000, 10000, 0}, [10] = {0, 0, 0, 0, 0, 15000, 0},
};

static const char *const names[LEVEL_MAX + 1] = {
    [1] = "beginner",    [2] = "novice",         [3] = "casual", [4] = "club",
    [5] = "improver",    [6] = "strong club",    [7] = "expert", [8] = "master",
    [9] = "grandmaster", [10] = "full strength",
};

static int Level_clampLevel(int level)
{
    return (level < LEVEL_MIN || level > LEVEL_MAX) ? LEVEL_MAX : level;
}

LevelParams Level_params(int level)
{
    return levels[Level_clampLevel(level)];
}

const char *Level_name(int level)
{
    return names[Level_clampLevel(level)];
}
