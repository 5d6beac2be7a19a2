/* The double fork of a daemon (see daemon.h). The middle process exits at
 * once and is reaped here, so that no zombie is left with the caller, and
 * the daemon's pid comes back through a pipe. */
#include "net/daemon.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/error.h"

enum { DAEMON_FD_LIMIT = 65536 };

static bool Daemon_kept(int fd, const int *keep, int nkeep)
{
    for (int i = 0; i < nkeep; i++)
        if (keep[i] == fd)
            return true;
    return false;
}

/* The daemon must not hold the inviter's terminal open, nor any file the
 * caller had open: only what it was told to keep survives. */
static void Daemon_detach(const int *keep, int nkeep)
{
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        for (int fd = 0; fd < 3; fd++)
            if (!Daemon_kept(fd, keep, nkeep))
                dup2(null, fd);
        if (null > 2)
            close(null);
    }
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > DAEMON_FD_LIMIT)
        max = DAEMON_FD_LIMIT;
    for (int fd = 3; fd < max; fd++)
        if (!Daemon_kept(fd, keep, nkeep))
            close(fd);
    if (chdir("/") != 0)
        (void)0; /* / always exists; nothing better to do */
}

pid_t NetDaemon_start(const int *keep, int nkeep, char *err, size_t errlen)
{
    int p[2];
    if (pipe(p) != 0) {
        Error_set(err, errlen, "cannot start the game's host: %s", strerror(errno));
        return -1;
    }
    pid_t middle = fork();
    if (middle < 0) {
        Error_set(err, errlen, "cannot start the game's host: %s", strerror(errno));
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (middle == 0) {
        close(p[0]);
        setsid();
        /* before the second fork, so that no hang-up can reach the daemon
         * between its birth and its caller's first look at it */
        signal(SIGHUP, SIG_IGN);
        pid_t daemon = fork();
        if (daemon != 0) {
            if (daemon < 0 || write(p[1], &daemon, sizeof daemon) != sizeof daemon)
                _exit(1);
            _exit(0);
        }
        close(p[1]);
        Daemon_detach(keep, nkeep);
        return 0;
    }
    close(p[1]);
    pid_t daemon = -1;
    ssize_t got;
    do
        got = read(p[0], &daemon, sizeof daemon);
    while (got < 0 && errno == EINTR);
    close(p[0]);
    int status;
    while (waitpid(middle, &status, 0) < 0 && errno == EINTR)
        ;
    if (got != sizeof daemon || daemon <= 0) {
        Error_set(err, errlen, "cannot start the game's host: the second fork failed");
        return -1;
    }
    return daemon;
}
