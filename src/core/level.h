/* The engine's playing levels as every layer names them: the range a player
 * may choose from and the level a new player starts with; and the pace of
 * a game between engines, the pause a move its viewer may choose. In the
 * core so that records and screens need not include the engine for a few
 * numbers. */
#ifndef ZANZIBAR_CORE_LEVEL_H
#define ZANZIBAR_CORE_LEVEL_H

#define LEVEL_MIN 1
#define LEVEL_MAX 10
#define LEVEL_DEFAULT 5

#define PACE_MAX_MS 60000
#define PACE_DEFAULT_MS 1000 /* a person can follow a game between engines */

#endif
