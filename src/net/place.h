/* Where a game host and its clients meet: a Unix socket in a folder per
 * inviting account, /tmp/zanzibar-UID/game-GUESTUID, in a place that does
 * not depend on anyone's HOME or XDG variables. Creating, checking,
 * replacing a stale socket, connecting and listing happen here. */
#ifndef ZANZIBAR_NET_PLACE_H
#define ZANZIBAR_NET_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "net/text.h"

#define NET_BASE_DIR "/tmp"
#define NET_PATH_MAX 104 /* the smallest sun_path among the systems we run on */

typedef struct {
    uid_t inviter, guest;
    char inviter_name[NET_NAME_MAX], guest_name[NET_NAME_MAX];
    char dir[NET_PATH_MAX], sock[NET_PATH_MAX], lock[NET_PATH_MAX];
    bool private_dir; /* a public server's: the folder 0700, the socket 0600 */
} NetPlace;

typedef struct {
    uid_t inviter, guest;
} NetGameRef;

/* NET_BASE_DIR, or $ZANZIBAR_NET_DIR when it is an absolute path: a hook
 * for the tests only, so that they keep their sockets in their own folder. */
const char *NetPlace_baseDir(void);
/* The account named user (the name a person types after --join/--invite):
 * false with a message when this machine has no such account. */
bool NetPlace_uidOf(const char *user, uid_t *uid, char *err, size_t errlen);
/* The paths of the game of inviter with guest under base (NET_BASE_DIR,
 * or a test's folder); false when they would be too long. */
bool NetPlace_init(NetPlace *p, const char *base, uid_t inviter, uid_t guest, char *err,
                   size_t errlen);
/* The game of two players of a public server, who all run as this
 * account and are told apart by name: the socket dir/g.INVITER.GUEST in
 * the server's own folder, which is kept private (0700), so that no other
 * account reaches it. An empty guest is a seek, open to anyone:
 * dir/s.INVITER. The names must be plain words (no '/' or '.'); false
 * when they are not or the path would be too long. */
bool NetPlace_initNamed(NetPlace *p, const char *dir, const char *inviter, const char *guest,
                        char *err, size_t errlen);
/* Refuses a folder that is a symbolic link, not a folder, owned by
 * another account than owner, or writable by group or others; checked
 * with lstat and again on the opened folder, so it cannot be swapped
 * between the two. */
bool NetPlace_checkDir(const char *dir, uid_t owner, char *err, size_t errlen);
/* For the host, as the inviter: makes or checks the folder (mode 0755),
 * takes the game's lock (held by the host for its life), replaces a
 * stale socket of a dead host but never a live one, binds and listens.
 * Returns the listening socket and sets *lockfd, or -1 with err. */
int NetPlace_listen(const NetPlace *p, int *lockfd, char *err, size_t errlen);
/* Whether a host holds the game's lock: the kernel's word that it runs,
 * however busy it is. */
bool NetPlace_hostRunning(const NetPlace *p);
/* Whether the host of this account's game with guest (this account
 * inviting) holds its lock: a host too busy to answer the look for games
 * still runs, and its record is its own, never an adjourned game's. */
bool NetPlace_myGameRunning(const char *guest);
/* Unlinks the socket and the lock and closes lockfd (the host's exit). */
void NetPlace_remove(const NetPlace *p, int lockfd);
/* For a client: checks the folder and socket, connects without waiting
 * (a host that never accepts is refused at once), and checks that the
 * host runs as the inviter. Returns the socket, non-blocking, or -1 with
 * err. */
int NetPlace_connect(const NetPlace *p, char *err, size_t errlen);
/* The games whose sockets exist under base, in safe folders only, that
 * concern account me first: every game me invited, and each other
 * account's game with me, found by its name; then at most
 * NET_PLACE_PER_OWNER other games of each account, so that one account's
 * many sockets cannot crowd out the rest. Returns how many were written
 * to refs (at most max). */
#define NET_PLACE_PER_OWNER 4
int NetPlace_list(const char *base, uid_t me, NetGameRef *refs, int max);

#endif
