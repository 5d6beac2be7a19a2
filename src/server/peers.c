/* The names of the gates' processes (see peers.h). An entry holds the
 * name and the process's start time as the kernel keeps it, so an entry
 * left by a killed gate never names a later process that got its id.
 * _GNU_SOURCE is needed for glibc to declare struct ucred. */
#define _GNU_SOURCE 1
#include "server/peers.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "record/paths.h"
#include "server/names.h"

#define PEERS_LINE_MAX 96
#define PEERS_PLAYING "play"
#define PEERS_WATCHING "watch"

static char peers_mine[PATHS_MAX + 32];

/* Field 22 of /proc/PID/stat: when the process started, in clock ticks
 * since boot; 0 when the process is gone. The command's name (field 2)
 * may hold spaces and parentheses, so fields are counted after its last
 * ')'. */
static unsigned long long ServerPeers_startTime(pid_t pid)
{
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return 0;
    text[n] = '\0';
    char *p = strrchr(text, ')');
    for (int field = 2; p != NULL && field < 22; field++)
        p = strchr(p + 1, ' ');
    return p != NULL ? strtoull(p + 1, NULL, 10) : 0;
}

static bool ServerPeers_path(const char *dir, long pid, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/" PEERS_DIR_NAME "/%ld", dir, pid);
    return n > 0 && (size_t)n < len;
}

/* The name written for pid, when its entry is for this very process, and
 * whether it plays (NULL: not asked). */
static bool ServerPeers_readKind(const char *dir, pid_t pid, char name[NAME_MAX_LEN + 1],
                                 bool *playing)
{
    char path[PATHS_MAX + 32], text[PEERS_LINE_MAX];
    if (!ServerPeers_path(dir, pid, path, sizeof path))
        return false;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return false;
    text[n] = '\0';
    char word[PEERS_LINE_MAX], kind[PEERS_LINE_MAX] = "";
    unsigned long long started;
    if (sscanf(text, "%95s %llu %95s", word, &started, kind) < 2 || !ServerName_isWellFormed(word)
        || started == 0 || started != ServerPeers_startTime(pid))
        return false;
    snprintf(name, NAME_MAX_LEN + 1, "%.*s", NAME_MAX_LEN, word);
    if (playing != NULL)
        *playing = strcmp(kind, PEERS_PLAYING) == 0;
    return true;
}

static bool ServerPeers_read(const char *dir, pid_t pid, char name[NAME_MAX_LEN + 1])
{
    return ServerPeers_readKind(dir, pid, name, NULL);
}

static void ServerPeers_sweep(const char *folder)
{
    DIR *d = opendir(folder);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (e->d_name[0] >= '1' && e->d_name[0] <= '9' && *end == '\0'
            && ServerPeers_startTime((pid_t)pid) == 0)
            unlinkat(dirfd(d), e->d_name, 0);
    }
    if (d != NULL)
        closedir(d);
}

static void ServerPeers_forget(void)
{
    if (peers_mine[0] != '\0')
        unlink(peers_mine);
}

bool ServerPeers_register(const char *dir, const char *name, bool playing, char *err, size_t len)
{
    char folder[PATHS_MAX + 16], tmp[PATHS_MAX + 48], line[PEERS_LINE_MAX];
    snprintf(folder, sizeof folder, "%s/" PEERS_DIR_NAME, dir);
    if (!ServerName_isWellFormed(name) || !Paths_makeDirs(folder, err, len))
        return false;
    ServerPeers_sweep(folder);
    pid_t me = getpid();
    unsigned long long started = ServerPeers_startTime(me);
    if (peers_mine[0] == '\0' && !ServerPeers_path(dir, me, peers_mine, sizeof peers_mine))
        return Error_set(err, len, "the server's folder has too long a name");
    snprintf(tmp, sizeof tmp, "%s.new", peers_mine);
    int n = snprintf(line, sizeof line, "%s %llu %s\n", name, started,
                     playing ? PEERS_PLAYING : PEERS_WATCHING);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    bool ok = fd >= 0 && started != 0 && write(fd, line, (size_t)n) == n;
    if (fd >= 0)
        ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, peers_mine) != 0) {
        unlink(tmp);
        return Error_set(err, len, "cannot write down who this connection is: %s", strerror(errno));
    }
    static bool registered;
    if (!registered)
        atexit(ServerPeers_forget);
    registered = true;
    return true;
}

/* name's live entries: all of them (stopping at the first), or its boards
 * of play but this process's. */
static int ServerPeers_count(const char *dir, const char *name, bool play_only)
{
    bool first_only = !play_only;
    char folder[PATHS_MAX + 16], found[NAME_MAX_LEN + 1];
    snprintf(folder, sizeof folder, "%s/" PEERS_DIR_NAME, dir);
    DIR *d = opendir(folder);
    int count = 0;
    for (struct dirent *e; !(first_only && count > 0) && d != NULL && (e = readdir(d)) != NULL;) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        bool playing = false;
        if (e->d_name[0] >= '1' && e->d_name[0] <= '9' && *end == '\0'
            && ServerPeers_readKind(dir, (pid_t)pid, found, &playing) && strcmp(found, name) == 0
            && (!play_only || (playing && pid != (long)getpid())))
            count++;
    }
    if (d != NULL)
        closedir(d);
    return count;
}

bool ServerPeers_isConnected(const char *dir, const char *name)
{
    return ServerPeers_count(dir, name, false) > 0;
}

int ServerPeers_playing(const char *dir, const char *name)
{
    return ServerPeers_count(dir, name, true);
}

bool ServerPeers_identify(int fd, void *ctx, NetIdentity *who, char *err, size_t len)
{
    const char *dir = ctx;
    struct ucred cred;
    socklen_t size = sizeof cred;
    char name[NAME_MAX_LEN + 1];
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &size) != 0 || size != sizeof cred)
        return Error_set(err, len, "cannot tell who is connected: %s", strerror(errno));
    if (cred.uid != getuid())
        return Error_set(err, len, "this game belongs to the public server's players only");
    if (cred.pid <= 0 || !ServerPeers_read(dir, cred.pid, name))
        return Error_set(err, len, "this connection did not come through the server's gate");
    if (!NetIdentity_ofPlayer(name, who))
        return Error_set(err, len, "this connection's name is not a player's name");
    return true;
}
