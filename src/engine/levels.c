/* The level table. Low levels are limited by depth and blurred by noise,
 * so that they still see simple captures but misjudge the rest; the top
 * levels differ only in the time and depth they may use. */
#include "engine/levels.h"

static const LevelParams levels[ENGINE_LEVEL_MAX + 1] = {
    /* depth noise blunder cap   default */
    [1] = {1, 300, 35, 200, 100},
    [2] = {1, 120, 15, 300, 150},
    [3] = {2, 80, 8, 400, 250},
    [4] = {3, 50, 4, 600, 400},
    [5] = {4, 30, 2, 800, 600},
    [6] = {5, 15, 0, 1200, 900},
    [7] = {6, 6, 0, 1500, 1000},
    [8] = {8, 0, 0, 2500, 2000},
    [9] = {12, 0, 0, 4000, 3500},
    [10] = {0, 0, 0, 0, 6000},
};

static const char *const names[ENGINE_LEVEL_MAX + 1] = {
    [1] = "beginner", [2] = "novice", [3] = "casual", [4] = "club",
    [5] = "improver", [6] = "strong club", [7] = "expert", [8] = "master",
    [9] = "grandmaster", [10] = "full strength",
};

static int clamp_level(int level)
{
    return (level < ENGINE_LEVEL_MIN || level > ENGINE_LEVEL_MAX) ? ENGINE_LEVEL_MAX : level;
}

LevelParams Level_params(int level)
{
    return levels[clamp_level(level)];
}

const char *Level_name(int level)
{
    return names[clamp_level(level)];
}
