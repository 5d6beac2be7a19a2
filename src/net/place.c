/* The meeting place of a game (see place.h). A public server's folder is
 * its own (0700, the socket 0600); between accounts the folder is 0755
 * and the socket 0666: other accounts must reach the socket (Linux asks for write
 * permission to connect) and list the folder (--watch USER and --list find
 * games without knowing whom USER invited); all authorisation is by the
 * kernel's peer credentials, and only the owner can add or remove entries.
 * The folder lives in sticky /tmp and is checked to be the owner's, so its
 * path cannot be swapped between the checks and bind(). */
#include "net/place.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "core/error.h"
#include "net/peer.h"

#define PLACE_DIR_MODE 0755
#define PLACE_SOCK_MODE 0666
#define PLACE_PRIVATE_DIR_MODE 0700
#define PLACE_PRIVATE_SOCK_MODE 0600
#define PLACE_NAMED_PREFIX "g."
#define PLACE_SEEK_PREFIX "s."
#define PLACE_DIR_PREFIX "zanzibar-"
#define PLACE_SOCK_PREFIX "game-"

bool NetPlace_uidOf(const char *user, uid_t *uid, char *err, size_t errlen)
{
    struct passwd pw, *found = NULL;
    char buf[1024], shown[NET_NAME_MAX];
    if (getpwnam_r(user, &pw, buf, sizeof buf, &found) == 0 && found != NULL) {
        *uid = found->pw_uid;
        return true;
    }
    NetText_cleanName(shown, sizeof shown, user, strlen(user));
    return Error_set(err, errlen, "this machine has no user named %s", shown);
}

const char *NetPlace_baseDir(void)
{
    const char *env = getenv("ZANZIBAR_NET_DIR");
    return env != NULL && env[0] == '/' ? env : NET_BASE_DIR;
}

bool NetPlace_init(NetPlace *p, const char *base, uid_t inviter, uid_t guest, char *err,
                   size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->inviter = inviter;
    p->guest = guest;
    NetPeer_name(inviter, p->inviter_name, sizeof p->inviter_name);
    NetPeer_name(guest, p->guest_name, sizeof p->guest_name);
    int a =
        snprintf(p->dir, sizeof p->dir, "%s/" PLACE_DIR_PREFIX "%lu", base, (unsigned long)inviter);
    int b = snprintf(p->sock, sizeof p->sock, "%s/" PLACE_SOCK_PREFIX "%lu", p->dir,
                     (unsigned long)guest);
    int c = snprintf(p->lock, sizeof p->lock, "%s.lock", p->sock);
    if (a < 0 || b < 0 || c < 0 || (size_t)c >= sizeof p->lock)
        return Error_set(err, errlen, "the socket folder %s is too long a path", base);
    return true;
}

bool NetPlace_initNamed(NetPlace *p, const char *dir, const char *inviter, const char *guest,
                        char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->inviter = p->guest = getuid();
    p->private_dir = true;
    const char *names[2] = {inviter, guest};
    bool seek = guest[0] == '\0';
    for (int i = 0; i < (seek ? 1 : 2); i++) {
        size_t n = strlen(names[i]);
        char shown[NET_NAME_MAX];
        NetText_cleanName(shown, sizeof shown, names[i], n);
        if (n == 0 || n >= NET_NAME_MAX || strcmp(shown, names[i]) != 0
            || strpbrk(names[i], "/. ") != NULL)
            return Error_set(err, errlen, "%s is not a player's name", shown);
    }
    snprintf(p->inviter_name, sizeof p->inviter_name, "%s", inviter);
    snprintf(p->guest_name, sizeof p->guest_name, "%s", guest);
    int a = snprintf(p->dir, sizeof p->dir, "%s", dir);
    int b = seek
        ? snprintf(p->sock, sizeof p->sock, "%s/" PLACE_SEEK_PREFIX "%s", dir, inviter)
        : snprintf(p->sock, sizeof p->sock, "%s/" PLACE_NAMED_PREFIX "%s.%s", dir, inviter, guest);
    int c = snprintf(p->lock, sizeof p->lock, "%s.lock", p->sock);
    if (a < 0 || b < 0 || c < 0 || (size_t)a >= sizeof p->dir || (size_t)c >= sizeof p->lock)
        return Error_set(err, errlen, "the socket folder %s is too long a path", dir);
    return true;
}

static bool Place_judge(const char *dir, const struct stat *st, uid_t owner, char *err,
                        size_t errlen)
{
    if (S_ISLNK(st->st_mode))
        return Error_set(err, errlen,
                         "%s is a symbolic link, not a folder: refusing it "
                         "(someone may be redirecting games; remove it)",
                         dir);
    if (!S_ISDIR(st->st_mode))
        return Error_set(err, errlen, "%s is not a folder: refusing it", dir);
    if (st->st_uid != owner) {
        char who[NET_NAME_MAX], want[NET_NAME_MAX];
        NetPeer_name(st->st_uid, who, sizeof who);
        NetPeer_name(owner, want, sizeof want);
        return Error_set(err, errlen, "%s belongs to %s, not to %s: refusing it", dir, who, want);
    }
    if (st->st_mode & (S_IWGRP | S_IWOTH))
        return Error_set(err, errlen,
                         "%s can be written by other accounts (mode %03o): "
                         "refusing it",
                         dir, (unsigned)(st->st_mode & 0777));
    return true;
}

/* Opens and checks the folder; returns its descriptor or -1 with err. */
static int Place_openDir(const char *dir, uid_t owner, char *err, size_t errlen)
{
    struct stat before, after;
    if (lstat(dir, &before) != 0) {
        Error_set(err, errlen, "cannot use %s: %s", dir, strerror(errno));
        return -1;
    }
    if (!Place_judge(dir, &before, owner, err, errlen))
        return -1;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &after) != 0) {
        Error_set(err, errlen, "cannot open %s: %s", dir, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (after.st_dev != before.st_dev || after.st_ino != before.st_ino) {
        close(fd);
        Error_set(err, errlen, "%s was replaced while it was being checked: refusing it", dir);
        return -1;
    }
    if (!Place_judge(dir, &after, owner, err, errlen)) {
        close(fd);
        return -1;
    }
    return fd;
}

bool NetPlace_checkDir(const char *dir, uid_t owner, char *err, size_t errlen)
{
    int fd = Place_openDir(dir, owner, err, errlen);
    if (fd < 0)
        return false;
    close(fd);
    return true;
}

/* The host's side: make the folder if it is missing, then insist on it. */
static bool Place_makeDir(const NetPlace *p, char *err, size_t errlen)
{
    mode_t mode = p->private_dir ? PLACE_PRIVATE_DIR_MODE : PLACE_DIR_MODE;
    if (mkdir(p->dir, mode) != 0 && errno != EEXIST)
        return Error_set(err, errlen, "cannot make %s: %s", p->dir, strerror(errno));
    int fd = Place_openDir(p->dir, p->inviter, err, errlen);
    if (fd < 0)
        return false;
    /* the umask (or an older folder) may have left it closed to guests,
     * or a server's open to others */
    bool ok = fchmod(fd, mode) == 0
        || Error_set(err, errlen, "cannot set the mode of %s: %s", p->dir, strerror(errno));
    close(fd);
    return ok;
}

/* The lock is held for the host's life: a second host for the same game
 * cannot start, and the lock goes with the process however it ends. */
static int Place_lock(const NetPlace *p, char *err, size_t errlen)
{
    for (int attempt = 0; attempt < 3; attempt++) {
        int fd = open(p->lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0) {
            Error_set(err, errlen, "cannot open %s: %s", p->lock, strerror(errno));
            return -1;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            close(fd);
            Error_set(err, errlen, "your game with %s is already running (its host holds %s)",
                      p->guest_name, p->lock);
            return -1;
        }
        /* a host that was ending may have unlinked the file we locked */
        struct stat held, named;
        if (fstat(fd, &held) == 0 && stat(p->lock, &named) == 0 && held.st_ino == named.st_ino
            && held.st_dev == named.st_dev)
            return fd;
        close(fd);
    }
    Error_set(err, errlen, "cannot take the lock %s: it keeps changing", p->lock);
    return -1;
}

static bool Place_address(const char *path, struct sockaddr_un *sa)
{
    memset(sa, 0, sizeof *sa);
    sa->sun_family = AF_UNIX;
    if (strlen(path) >= sizeof sa->sun_path)
        return false;
    strcpy(sa->sun_path, path);
    return true;
}

/* Checks an existing socket file of ours: false with err unless it is
 * absent or a socket nobody answers on (then it is removed). */
static bool Place_clearStale(const NetPlace *p, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(p->sock, &st) != 0)
        return errno == ENOENT
            || Error_set(err, errlen, "cannot use %s: %s", p->sock, strerror(errno));
    if (!S_ISSOCK(st.st_mode) || st.st_uid != p->inviter)
        return Error_set(err, errlen, "%s is not a socket of %s: refusing to replace it", p->sock,
                         p->inviter_name);
    struct sockaddr_un sa;
    Place_address(p->sock, &sa);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return Error_set(err, errlen, "cannot make a socket: %s", strerror(errno));
    int rc = connect(fd, (struct sockaddr *)&sa, sizeof sa), why = errno;
    close(fd);
    if (rc == 0)
        return Error_set(err, errlen, "a live game is already using %s: leaving it alone", p->sock);
    if (why != ECONNREFUSED)
        return Error_set(err, errlen, "cannot tell whether %s is in use: %s", p->sock,
                         strerror(why));
    if (unlink(p->sock) != 0 && errno != ENOENT)
        return Error_set(err, errlen, "cannot remove the stale %s: %s", p->sock, strerror(errno));
    return true;
}

static int Place_bind(const NetPlace *p, char *err, size_t errlen)
{
    struct sockaddr_un sa;
    if (!Place_address(p->sock, &sa)) {
        Error_set(err, errlen, "%s is too long for a socket", p->sock);
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0
        || chmod(p->sock, p->private_dir ? PLACE_PRIVATE_SOCK_MODE : PLACE_SOCK_MODE) != 0
        || listen(fd, 16) != 0) {
        Error_set(err, errlen, "cannot listen on %s: %s", p->sock, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

int NetPlace_listen(const NetPlace *p, int *lockfd, char *err, size_t errlen)
{
    *lockfd = -1;
    if (!Place_makeDir(p, err, errlen))
        return -1;
    int lock = Place_lock(p, err, errlen);
    if (lock < 0)
        return -1;
    int fd = -1;
    if (Place_clearStale(p, err, errlen))
        fd = Place_bind(p, err, errlen);
    if (fd < 0) {
        close(lock);
        return -1;
    }
    *lockfd = lock;
    return fd;
}

bool NetPlace_hostRunning(const NetPlace *p)
{
    int fd = open(p->lock, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    bool held = fd >= 0 && flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    if (fd >= 0)
        close(fd);
    return held;
}

bool NetPlace_myGameRunning(const char *guest)
{
    uid_t uid;
    NetPlace place;
    char err[ERROR_MAX];
    return NetPlace_uidOf(guest, &uid, err, sizeof err)
        && NetPlace_init(&place, NetPlace_baseDir(), getuid(), uid, err, sizeof err)
        && NetPlace_checkDir(place.dir, getuid(), err, sizeof err) && NetPlace_hostRunning(&place);
}

void NetPlace_remove(const NetPlace *p, int lockfd)
{
    unlink(p->sock);
    if (lockfd >= 0) {
        unlink(p->lock);
        close(lockfd);
    }
}

static bool Place_checkSocket(const NetPlace *p, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(p->sock, &st) != 0) {
        if (errno == ENOENT)
            return Error_set(err, errlen, "%s has no game waiting for %s", p->inviter_name,
                             p->guest_name);
        return Error_set(err, errlen, "cannot use %s: %s", p->sock, strerror(errno));
    }
    if (!S_ISSOCK(st.st_mode))
        return Error_set(err, errlen, "%s is not a socket: refusing it", p->sock);
    if (st.st_uid != p->inviter)
        return Error_set(err, errlen, "%s does not belong to %s: refusing it", p->sock,
                         p->inviter_name);
    return true;
}

/* Never waits: a Unix socket's connect() either completes at once or, with
 * the host's queue full (a host that never accepts), fails with EAGAIN. */
static int Place_dial(const NetPlace *p, char *err, size_t errlen)
{
    struct sockaddr_un sa;
    Place_address(p->sock, &sa);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        Error_set(err, errlen, "cannot make a socket: %s", strerror(errno));
        return -1;
    }
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0 && errno != EINPROGRESS) {
        if (errno == ECONNREFUSED)
            Error_set(err, errlen, "the game of %s with %s is no longer running", p->inviter_name,
                      p->guest_name);
        else if (errno == EAGAIN)
            Error_set(err, errlen, "the game at %s does not take connections (nobody answers it)",
                      p->sock);
        else
            Error_set(err, errlen, "cannot connect to %s: %s", p->sock, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

int NetPlace_connect(const NetPlace *p, char *err, size_t errlen)
{
    if (!NetPlace_checkDir(p->dir, p->inviter, err, errlen) || !Place_checkSocket(p, err, errlen))
        return -1;
    int fd = Place_dial(p, err, errlen);
    if (fd < 0)
        return -1;
    uid_t host;
    if (!NetPeer_uid(fd, &host, err, errlen)) {
        close(fd);
        return -1;
    }
    if (host != p->inviter) {
        char who[NET_NAME_MAX];
        NetPeer_name(host, who, sizeof who);
        Error_set(err, errlen, "the game at %s is run by %s, not by %s: refusing it", p->sock, who,
                  p->inviter_name);
        close(fd);
        return -1;
    }
    return fd;
}

/* A name made of the prefix and a decimal number, which goes to *id. */
static bool Place_numbered(const char *name, const char *prefix, uid_t *id)
{
    size_t n = strlen(prefix);
    if (strncmp(name, prefix, n) != 0 || name[n] < '0' || name[n] > '9')
        return false;
    char *end;
    unsigned long v = strtoul(name + n, &end, 10);
    if (*end != '\0' || (uid_t)v != v)
        return false;
    *id = (uid_t)v;
    return true;
}

/* The socket dir/game-GUEST of inviter's, when it is one. */
static bool Place_isGame(const char *dir, uid_t inviter, uid_t guest)
{
    char path[NET_PATH_MAX + 32];
    struct stat st;
    snprintf(path, sizeof path, "%.*s/" PLACE_SOCK_PREFIX "%lu", NET_PATH_MAX, dir,
             (unsigned long)guest);
    return lstat(path, &st) == 0 && S_ISSOCK(st.st_mode) && st.st_uid == inviter;
}

/* An inviter's games. First pass (mine): every game of my own folder, and
 * of another's only the one named for me, looked up by its name so that no
 * number of other sockets can hide it. Second pass: the others' games that
 * are not with me, at most NET_PLACE_PER_OWNER of each account. */
static int Place_listDir(const char *dir, uid_t inviter, uid_t me, bool mine, NetGameRef *refs,
                         int max)
{
    int n = 0;
    if (mine && inviter != me) {
        if (max > 0 && Place_isGame(dir, inviter, me))
            refs[n++] = (NetGameRef){inviter, me};
        return n;
    }
    if (!mine && inviter == me)
        return 0;
    int cap = mine ? max : NET_PLACE_PER_OWNER < max ? NET_PLACE_PER_OWNER : max;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && n < cap && (e = readdir(d)) != NULL) {
        uid_t guest;
        if (Place_numbered(e->d_name, PLACE_SOCK_PREFIX, &guest) && (mine || guest != me)
            && Place_isGame(dir, inviter, guest))
            refs[n++] = (NetGameRef){inviter, guest};
    }
    if (d != NULL)
        closedir(d);
    return n;
}

static int Place_listPass(const char *base, uid_t me, bool mine, NetGameRef *refs, int max)
{
    int n = 0;
    DIR *d = opendir(base);
    struct dirent *e;
    while (d != NULL && n < max && (e = readdir(d)) != NULL) {
        uid_t owner;
        char dir[NET_PATH_MAX + 260], err[256];
        snprintf(dir, sizeof dir, "%.*s/%s", NET_PATH_MAX, base, e->d_name);
        if (Place_numbered(e->d_name, PLACE_DIR_PREFIX, &owner)
            && NetPlace_checkDir(dir, owner, err, sizeof err))
            n += Place_listDir(dir, owner, me, mine, refs + n, max - n);
    }
    if (d != NULL)
        closedir(d);
    return n;
}

int NetPlace_list(const char *base, uid_t me, NetGameRef *refs, int max)
{
    int n = Place_listPass(base, me, true, refs, max);
    return n + Place_listPass(base, me, false, refs + n, max - n);
}
