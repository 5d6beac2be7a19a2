/* The command table's handlers for the engine as a player: a hint, a move
 * now, its level, and the pace of a game between engines (the pause a
 * move, which the settings file's pace also sets). */
#include "ui/commands_engine.h"

#include <stdlib.h>

#include "core/level.h"
#include "record/config.h"

UiAction CommandsEngine_hint(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_hint(p);
    return ACTION_NONE;
}

UiAction CommandsEngine_moveNow(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_moveNow(p);
    return ACTION_NONE;
}

UiAction CommandsEngine_level(Play *p, int argc, char **argv)
{
    (void)argc;
    char *end;
    long level = strtol(argv[1], &end, 10);
    if (*end != '\0' || end == argv[1]) {
        Play_error(p, "level: '%s' is not a number (1 to %d)", argv[1], LEVEL_MAX);
        return ACTION_NONE;
    }
    /* Out of range, however far, is refused by Play_setLevel with its message. */
    bool fits = level >= LEVEL_MIN - 1 && level <= LEVEL_MAX + 1;
    Play_setLevel(p, fits ? (int)level : LEVEL_MAX + 1);
    return ACTION_NONE;
}

UiAction CommandsEngine_pace(Play *p, int argc, char **argv)
{
    int ms;
    if (argc == 1) {
        Play_say(p, "a game between engines pauses %g s after each move (pace S changes it)",
                 Session_pace(p->s) / 1000.0);
        return ACTION_NONE;
    }
    if (!Config_readPaceText(argv[1], &ms)) {
        Play_error(p, "pace: '%s' is not a number of seconds from 0 to %d", argv[1],
                   PACE_MAX_MS / 1000);
        return ACTION_NONE;
    }
    if (Match_setPace(p->match, ms))
        Play_say(p, "a game between engines now pauses %g s after each move", ms / 1000.0);
    Play_update(p);
    return ACTION_NONE;
}
