/* The engine's playing levels as every layer names them: the range a player
 * may choose from and the level a new player starts with. In the core so
 * that records and screens need not include the engine for three numbers. */
#ifndef ZANZIBAR_CORE_LEVEL_H
#define ZANZIBAR_CORE_LEVEL_H

#define LEVEL_MIN 1
#define LEVEL_MAX 10
#define LEVEL_DEFAULT 5

#endif
