/* The lock on the game in progress: the copy of the program that plays the
 * state file's game holds it, so that a second copy under the same account
 * (a reconnect over SSH while the old process still runs) finds the first
 * instead of overwriting its saved game. An fcntl lock dies with its
 * process, so a crash never leaves a stale one behind. */
#ifndef ZANZIBAR_RECORD_SAVELOCK_H
#define ZANZIBAR_RECORD_SAVELOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef enum {
    SAVELOCK_TAKEN, /* this process holds it now, until it ends */
    SAVELOCK_HELD,  /* another process holds it: *holder says which */
    SAVELOCK_ERROR  /* no lock could be made: err says why */
} SaveLockResult;

/* Takes the lock (next to the state file, its name ending .lock). */
SaveLockResult SaveLock_take(pid_t *holder, char *err, size_t errlen);
/* Asks the holder to save its game and step back (SIGUSR1), then waits up
 * to wait_ms for it to let go, and takes the lock; false with err if the
 * holder did not let go in time. */
bool SaveLock_takeOver(pid_t holder, int wait_ms, char *err, size_t errlen);

#endif
