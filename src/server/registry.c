/* The server's records of games in play, names in a menu, engine slots
 * and names' locks (see registry.h): files in the server's private
 * folder, each held by a lock that goes with the process that holds it. */
#include "server/registry.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "record/paths.h"
#include "server/serverhost.h"

#define REGISTRY_PATH_MAX (PATHS_MAX + 64)
#define REGISTRY_ERR_MAX 256

bool Registry_parse(const char *file, char a[NAME_MAX_LEN + 1], char b[NAME_MAX_LEN + 1])
{
    const char *dot = strchr(file, '.');
    if (dot == NULL || dot - file != 1 || (file[0] != 'g' && file[0] != 's'))
        return false;
    const char *second = strchr(dot + 1, '.');
    size_t alen = second != NULL ? (size_t)(second - dot - 1) : strlen(dot + 1);
    if ((file[0] == 'g') != (second != NULL) || alen > NAME_MAX_LEN
        || (second != NULL && strlen(second + 1) > NAME_MAX_LEN))
        return false;
    snprintf(a, NAME_MAX_LEN + 1, "%.*s", (int)alen, dot + 1);
    snprintf(b, NAME_MAX_LEN + 1, "%s", second != NULL ? second + 1 : "");
    return ServerName_isWellFormed(a) && (b[0] == '\0' || ServerName_isWellFormed(b));
}

static bool Registry_sub(const char *dir, const char *sub, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s/%s", dir, sub);
    return n > 0 && (size_t)n < size;
}

bool Registry_runDir(const char *dir, char *buf, size_t size)
{
    return Registry_sub(dir, SERVERHOST_RUN_DIR, buf, size);
}

bool Registry_gameRunning(const NetPlace *p)
{
    struct stat st;
    return lstat(p->sock, &st) == 0 && S_ISSOCK(st.st_mode) && NetPlace_hostRunning(p);
}

void Registry_eachGame(const char *dir, RegistryVisit visit, void *ctx)
{
    char run[REGISTRY_PATH_MAX];
    if (!Registry_runDir(dir, run, sizeof run))
        return;
    DIR *d = opendir(run);
    bool more = true;
    for (struct dirent *e; more && d != NULL && (e = readdir(d)) != NULL;) {
        char a[NAME_MAX_LEN + 1], b[NAME_MAX_LEN + 1], err[REGISTRY_ERR_MAX];
        NetPlace p;
        if (Registry_parse(e->d_name, a, b) && NetPlace_initNamed(&p, run, a, b, err, sizeof err)
            && Registry_gameRunning(&p))
            more = visit(ctx, &p);
    }
    if (d != NULL)
        closedir(d);
}

typedef struct {
    const char *name;
    NetPlace *first;
    int count;
} RegistryGamesOf;

static bool Registry_countGame(void *ctx, const NetPlace *p)
{
    RegistryGamesOf *c = ctx;
    bool game = p->guest_name[0] != '\0'; /* not a seek */
    if (game && (strcmp(p->inviter_name, c->name) == 0 || strcmp(p->guest_name, c->name) == 0)) {
        if (c->count++ == 0)
            *c->first = *p;
    }
    return true;
}

int Registry_gamesOf(const char *dir, const char *name, NetPlace *first)
{
    RegistryGamesOf c = {name, first, 0};
    Registry_eachGame(dir, Registry_countGame, &c);
    return c.count;
}

/* dir/sub/file, the folder made if need be; -1 when it cannot be. */
static int Registry_openIn(const char *dir, const char *sub, const char *file)
{
    char path[REGISTRY_PATH_MAX], err[REGISTRY_ERR_MAX];
    if (!Registry_sub(dir, sub, path, sizeof path) || !Paths_makeDirs(path, err, sizeof err))
        return -1;
    size_t used = strlen(path);
    int n = snprintf(path + used, sizeof path - used, "/%s", file);
    if (n < 0 || (size_t)n >= sizeof path - used)
        return -1;
    return open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
}

int Registry_lockName(const char *dir, const char *name)
{
    int fd = ServerName_isWellFormed(name) ? Registry_openIn(dir, "names", name) : -1;
    while (fd >= 0 && flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    return fd;
}

void Registry_unlockName(int fd)
{
    if (fd >= 0)
        close(fd);
}

bool Registry_takeEngine(RegistryEngines *e, char *why, size_t len)
{
    for (int k = 0; e->holds == 0 && k < e->cap; k++) {
        char file[32];
        snprintf(file, sizeof file, "slot-%d", k);
        int fd = Registry_openIn(e->dir, "engines", file);
        if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
            e->fd = fd;
            e->holds = 1;
            return true;
        }
        if (fd >= 0)
            close(fd);
    }
    if (e->holds > 0) {
        e->holds++;
        return true;
    }
    return Error_set(why, len,
                     "the server's engines are all busy (%d at once): play a person (the Join "
                     "line) or try again later",
                     e->cap);
}

void Registry_giveEngine(RegistryEngines *e)
{
    if (e->holds > 0 && --e->holds == 0)
        close(e->fd);
}

bool Registry_onlineDir(const char *dir, char *buf, size_t size)
{
    return Registry_sub(dir, "online", buf, size);
}

/* list's probe holds a name's lock for an instant, hence the few tries. */
int Registry_beOnline(const char *dir, const char *name)
{
    int fd = ServerName_isWellFormed(name) ? Registry_openIn(dir, "online", name) : -1;
    for (int tries = 0; fd >= 0 && tries < 5; tries++) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
            /* written, so that the other menus' Join lines hear of it */
            if (ftruncate(fd, 0) == 0 && write(fd, "\n", 1) == 1)
                return fd;
            break;
        }
        usleep(20000);
    }
    if (fd >= 0)
        close(fd);
    return -1;
}

/* Whoever is in a menu holds the lock of its name's file in online/. */
static bool Registry_holdsPresence(int dirfd, const char *name)
{
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool online = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd);
    return online;
}

void Registry_eachOnline(const char *dir, RegistryVisitName visit, void *ctx)
{
    char path[REGISTRY_PATH_MAX];
    DIR *d = Registry_onlineDir(dir, path, sizeof path) ? opendir(path) : NULL;
    bool more = true;
    for (struct dirent *e; more && d != NULL && (e = readdir(d)) != NULL;)
        if (ServerName_isWellFormed(e->d_name) && Registry_holdsPresence(dirfd(d), e->d_name))
            more = visit(ctx, e->d_name);
    if (d != NULL)
        closedir(d);
}

bool Registry_isOnline(const char *dir, const char *name)
{
    char path[REGISTRY_PATH_MAX];
    int fd = ServerName_isWellFormed(name) && Registry_onlineDir(dir, path, sizeof path)
        ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        : -1;
    bool online = fd >= 0 && Registry_holdsPresence(fd, name);
    if (fd >= 0)
        close(fd);
    return online;
}
