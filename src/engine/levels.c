/* The level table. Low levels are limited by depth and blurred by noise,
 * so that they still see simple captures but misjudge the rest; the top
 * levels differ only in the time and depth they may use. */
#include "engine/levels.h"

static const LevelParams levels[ENGINE_LEVEL_MAX + 1] = {
    /* depth noise blunder cap   default */
    [1] = {1, 300, 35, 200, 100},
    [2] = {1, 160, 20, 300, 150},
    [3] = {2, 100, 12, 400, 250},
    [4] = {2, 50, 6, 600, 400},
    [5] = {3, 30, 3, 800, 600},
    [6] = {4, 18, 0, 1200, 900},
    [7] = {5, 8, 0, 2000, 1500},
    [8] = {7, 0, 0, 3000, 2500},
    [9] = {10, 0, 0, 0, 4000},
    [10] = {0, 0, 0, 0, 5000},
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
