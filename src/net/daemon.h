/* Detaching the game host from the inviter's terminal, as a tmux server
 * does: it must outlive the terminal, the inviter's process and SIGHUP. */
#ifndef ZANZIBAR_NET_DAEMON_H
#define ZANZIBAR_NET_DAEMON_H

#include <stddef.h>
#include <sys/types.h>

/* Forks twice with a new session in between (the daemon can never get a
 * controlling terminal), points its stdin, stdout and stderr at /dev/null,
 * closes every other descriptor but the nkeep in keep, ignores SIGHUP and
 * moves it to /.
 * Returns the daemon's pid in the calling process (once the daemon is
 * running), 0 in the daemon, and -1 with err when it could not be made. */
pid_t NetDaemon_start(const int *keep, int nkeep, char *err, size_t errlen);

#endif
