/* The lock file's descriptor stays open for the process's life: closing it
 * would drop the lock. It is opened close-on-exec, and fcntl locks are not
 * inherited over fork, so a game host started from here never holds it. */
#include "record/savelock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "record/autosave.h"
#include "record/paths.h"

#define SAVELOCK_STEP_MS 50

static int lock_fd = -1; /* the one lock of this process, once taken */

static bool SaveLock_path(char *buf, size_t len, char *err, size_t errlen)
{
    if (!Autosave_path(buf, len, err, errlen))
        return false;
    size_t n = strlen(buf);
    const char *ext = ".pgn";
    if (n < 4 || strcmp(buf + n - 4, ext) != 0 || n + 2 > len) {
        snprintf(err, errlen, "unexpected state file name %s", buf);
        return false;
    }
    strcpy(buf + n - 4, ".lock");
    return true;
}

SaveLockResult SaveLock_take(pid_t *holder, char *err, size_t errlen)
{
    char path[PATHS_MAX];
    *holder = 0;
    if (lock_fd >= 0)
        return SAVELOCK_TAKEN;
    if (!SaveLock_path(path, sizeof path, err, errlen))
        return SAVELOCK_ERROR;
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return SAVELOCK_ERROR;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fd, F_SETLK, &fl) == 0) {
        lock_fd = fd;
        return SAVELOCK_TAKEN;
    }
    int why = errno;
    struct flock who = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    bool known = fcntl(fd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK;
    close(fd);
    if ((why == EAGAIN || why == EACCES) && known) {
        *holder = who.l_pid;
        return SAVELOCK_HELD;
    }
    if (why == EAGAIN || why == EACCES) /* let go between the two calls */
        return SaveLock_take(holder, err, errlen);
    snprintf(err, errlen, "%s: %s", path, strerror(why));
    return SAVELOCK_ERROR;
}

bool SaveLock_takeOver(pid_t holder, int wait_ms, char *err, size_t errlen)
{
    pid_t now_holder = holder;
    if (holder > 0 && kill(holder, SIGUSR1) != 0 && errno != ESRCH) {
        snprintf(err, errlen, "cannot tell process %d: %s", (int)holder, strerror(errno));
        return false;
    }
    for (int waited = 0; waited <= wait_ms; waited += SAVELOCK_STEP_MS) {
        SaveLockResult r = SaveLock_take(&now_holder, err, errlen);
        if (r != SAVELOCK_HELD)
            return r == SAVELOCK_TAKEN;
        struct timespec step = {0, SAVELOCK_STEP_MS * 1000000L};
        nanosleep(&step, NULL);
    }
    snprintf(err, errlen, "process %d did not let the game go within %d s", (int)now_holder,
             wait_ms / 1000);
    return false;
}
