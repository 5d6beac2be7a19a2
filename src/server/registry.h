/* The server's records of what is in play, all in its private folder:
 * the games' sockets (run/g.A.B for A's game with B, run/s.A for A's
 * seek), the names in a menu (online/), the engine slots (engines/) and a
 * lock per name (names/), under which a gate counts what the name chose
 * and takes a game, so that two connections of one name never both pass
 * a cap. The only reader of these folders' file names. */
#ifndef ZANZIBAR_SERVER_REGISTRY_H
#define ZANZIBAR_SERVER_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "net/place.h"
#include "server/names.h"

/* A socket's file name in run/: g.A.B (a game, *b set) or s.A (a seek, b
 * empty); false for anything else. */
bool Registry_parse(const char *file, char a[NAME_MAX_LEN + 1], char b[NAME_MAX_LEN + 1]);
/* The folder of the games' sockets under dir (the server's data folder). */
bool Registry_runDir(const char *dir, char *buf, size_t size);
/* True while the game at p has a host (it holds the game's lock for its
 * life, so a socket left by a host that was killed does not count). */
bool Registry_gameRunning(const NetPlace *p);
/* Calls visit for each running game and seek under dir, in no order,
 * until it returns false. */
typedef bool (*RegistryVisit)(void *ctx, const NetPlace *p);
void Registry_eachGame(const char *dir, RegistryVisit visit, void *ctx);
/* The running games name plays in or is invited to (as A or B of g.A.B,
 * no seek): how many, the first of them in *first. */
int Registry_gamesOf(const char *dir, const char *name, NetPlace *first);

/* Waits for name's own lock and returns it (a descriptor; -1 when the
 * folder cannot be made), for Registry_unlockName. */
int Registry_lockName(const char *dir, const char *name);
void Registry_unlockName(int fd);

/* The server's engines: at most cap searches at once on the whole
 * server. A process holds one slot, however many of its searches take
 * it, until the last gives it back. */
typedef struct {
    const char *dir;
    int cap;
    int fd;    /* the slot's locked file, while holds > 0 */
    int holds; /* takes not yet given back */
} RegistryEngines;
bool Registry_takeEngine(RegistryEngines *e, char *why, size_t len);
void Registry_giveEngine(RegistryEngines *e);

/* Marks name as in a menu for as long as the descriptor returned is open
 * (-1: it is in a menu elsewhere, or the folder cannot be made); the file
 * is written, so that the other menus hear of it. */
int Registry_beOnline(const char *dir, const char *name);
/* True when name is in a menu now. */
bool Registry_isOnline(const char *dir, const char *name);
/* Calls visit for each name in a menu now, in no order, until it returns
 * false. */
typedef bool (*RegistryVisitName)(void *ctx, const char *name);
void Registry_eachOnline(const char *dir, RegistryVisitName visit, void *ctx);
/* The folder of the names in a menu. */
bool Registry_onlineDir(const char *dir, char *buf, size_t size);

#endif
