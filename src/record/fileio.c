/* Whole-file reads and atomic whole-file writes: the only module of the
 * record layer that calls open, write, fsync and rename, so that every
 * saved file is either the old one or the complete new one. */
#define _GNU_SOURCE /* renameat2 and RENAME_NOREPLACE, where the C library has them */
#include "record/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEMP_MARK ".tmp-"
/* A temporary file without a PID (older versions) is taken as abandoned
 * once no save could still be writing it. */
#define TEMP_OLD_SECONDS 600

static bool File_readFully(int fd, char *buf, size_t len, size_t *got)
{
    *got = 0;
    while (*got < len) {
        ssize_t n = read(fd, buf + *got, len - *got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            break;
        *got += (size_t)n;
    }
    return true;
}

/* A NUL byte would silently cut the text short for every parser after us. */
static bool File_checkNoNul(const char *text, size_t len, const char *path, char *err,
                            size_t errlen)
{
    const char *nul = memchr(text, '\0', len);
    if (nul == NULL)
        return true;
    int line = 1;
    for (const char *p = text; p < nul; p++)
        line += *p == '\n';
    snprintf(err, errlen, "%s: line %d: contains a NUL byte; this is not a text file", path, line);
    return false;
}

static bool File_openRegular(const char *path, int *fd, off_t *size, char *err, size_t errlen)
{
    /* O_NONBLOCK: opening a FIFO by mistake must not hang the program. */
    *fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (*fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    const char *why = NULL;
    if (fstat(*fd, &st) != 0)
        why = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "is a folder, not a file";
    else if (!S_ISREG(st.st_mode))
        why = "is not a regular file";
    else if ((unsigned long long)st.st_size > FILE_MAX_BYTES)
        why = "is too large to be a game record (over 16 MB)";
    if (why != NULL) {
        snprintf(err, errlen, "%s: %s", path, why);
        close(*fd);
        return false;
    }
    *size = st.st_size;
    return true;
}

bool File_readText(const char *path, char **text, char *err, size_t errlen)
{
    int fd;
    off_t size;
    if (!File_openRegular(path, &fd, &size, err, errlen))
        return false;
    char *buf = malloc((size_t)size + 1);
    size_t got = 0;
    bool ok = buf != NULL && File_readFully(fd, buf, (size_t)size, &got);
    int saved = errno;
    close(fd);
    if (!ok) {
        snprintf(err, errlen, "%s: %s", path, buf == NULL ? "out of memory" : strerror(saved));
        free(buf);
        return false;
    }
    buf[got] = '\0';
    if (!File_checkNoNul(buf, got, path, err, errlen)) {
        free(buf);
        return false;
    }
    *text = buf;
    return true;
}

static bool File_writeFully(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        data += n;
        len -= (size_t)n;
    }
    return true;
}

/* The rename itself is only durable once the folder entry reaches the disk. */
static void File_syncFolderOf(const char *path)
{
    char *copy = strdup(path);
    if (copy == NULL)
        return;
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(copy);
}

/* The writer's PID is part of the name, so that a later start can tell the
 * leftovers of a killed save from the file of a save still under way. */
static int File_makeTemp(const char *path, char **tmp)
{
    size_t n = strlen(path) + sizeof TEMP_MARK + 24 + sizeof "-XXXXXX";
    *tmp = malloc(n);
    if (*tmp == NULL) {
        errno = ENOMEM;
        return -1;
    }
    snprintf(*tmp, n, "%s" TEMP_MARK "%ld-XXXXXX", path, (long)getpid());
    return mkstemp(*tmp);
}

/* Puts tmp in path's place without ever replacing a file there: the
 * kernel's no-replace rename, or where the file system lacks it a hard
 * link (which fails on an existing name too) and the temporary's unlink. */
static int File_renameNew(const char *tmp, const char *path)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
#endif
    if (link(tmp, path) != 0)
        return -1;
    unlink(tmp);
    return 0;
}

static bool File_write(const char *path, const char *data, size_t len, mode_t mode, bool replace,
                       bool durable, bool *exists, char *err, size_t errlen)
{
    char *tmp = NULL;
    int fd = File_makeTemp(path, &tmp);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create a temporary file: %s", path, strerror(errno));
        free(tmp);
        return false;
    }
    bool ok =
        fchmod(fd, mode) == 0 && File_writeFully(fd, data, len) && (!durable || fsync(fd) == 0);
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && (replace ? rename(tmp, path) : File_renameNew(tmp, path)) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        unlink(tmp);
        if (exists != NULL)
            *exists = saved == EEXIST;
        if (saved == EEXIST)
            snprintf(err, errlen, "%s already exists", path);
        else
            snprintf(err, errlen, "%s: cannot save: %s", path, strerror(saved));
    } else if (durable) {
        File_syncFolderOf(path);
    }
    free(tmp);
    return ok;
}

bool File_writeAtomic(const char *path, const char *data, size_t len, mode_t mode, char *err,
                      size_t errlen)
{
    return File_write(path, data, len, mode, true, true, NULL, err, errlen);
}

bool File_replace(const char *path, const char *data, size_t len, mode_t mode, char *err,
                  size_t errlen)
{
    return File_write(path, data, len, mode, true, false, NULL, err, errlen);
}

void File_sync(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return; /* gone already: nothing to make durable */
    fsync(fd);
    close(fd);
    File_syncFolderOf(path);
}

bool File_writeNew(const char *path, const char *data, size_t len, mode_t mode, bool *exists,
                   char *err, size_t errlen)
{
    *exists = false;
    return File_write(path, data, len, mode, false, true, exists, err, errlen);
}

bool File_exists(const char *path)
{
    struct stat st;
    /* lstat: a dangling symbolic link is there too, and must be reported. */
    return lstat(path, &st) == 0;
}

/* Whether a process of that PID still runs (EPERM: it runs as someone else). */
static bool File_processAlive(long pid)
{
    return pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

/* Whether name is a temporary file of ours that nobody is writing any more:
 * "<base>.tmp-<pid>-XXXXXX" of a dead process, or an old "<base>.tmp-XXXXXX". */
static bool File_isStaleTemp(const char *dir, const char *name)
{
    const char *mark = strstr(name, TEMP_MARK);
    if (mark == NULL || mark == name)
        return false;
    const char *rest = mark + strlen(TEMP_MARK);
    char *end;
    long pid = strtol(rest, &end, 10);
    if (end != rest && *end == '-' && strlen(end + 1) == 6)
        return !File_processAlive(pid);
    if (strlen(rest) != 6 || strchr(rest, '-') != NULL)
        return false;
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return lstat(path, &st) == 0 && time(NULL) - st.st_mtime > TEMP_OLD_SECONDS;
}

int File_removeStaleTemps(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        if (!File_isStaleTemp(dir, e->d_name)
            || snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
            continue;
        removed += unlink(path) == 0;
    }
    closedir(d);
    return removed;
}

bool File_freeName(const char *stem, const char *ext, char *buf, size_t len)
{
    for (int n = 1; n < 1000; n++) {
        int w = n == 1 ? snprintf(buf, len, "%s%s", stem, ext)
                       : snprintf(buf, len, "%s-%d%s", stem, n, ext);
        if (w < 0 || (size_t)w >= len)
            return false;
        struct stat st;
        if (lstat(buf, &st) != 0 && errno == ENOENT)
            return true;
    }
    return false;
}
