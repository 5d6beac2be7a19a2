/* Peer credentials and the access rules (see peer.h). _GNU_SOURCE is
 * needed for glibc to declare struct ucred. */
#define _GNU_SOURCE 1
#include "net/peer.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "config.h"
#include "core/error.h"
#include "net/text.h"

bool NetPeer_uid(int fd, uid_t *uid, char *err, size_t errlen)
{
#if defined(SO_PEERCRED) && defined(__linux__)
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || len != sizeof cred)
        return Error_set(err, errlen, "cannot tell who is connected: %s", strerror(errno));
    if (cred.pid == 0 && cred.uid == (uid_t)-1)
        return Error_set(err, errlen, "cannot tell who is connected: the kernel gave no account");
    *uid = cred.uid;
    return true;
#elif defined(HAVE_GETPEEREID)
    gid_t gid;
    if (getpeereid(fd, uid, &gid) != 0)
        return Error_set(err, errlen, "cannot tell who is connected: %s", strerror(errno));
    return true;
#else
    (void)fd;
    (void)uid;
    return Error_set(err, errlen,
                     "this system cannot tell who is at the other end of a "
                     "socket, so games between terminals are refused");
#endif
}

void NetPeer_name(uid_t uid, char *name, size_t len)
{
    struct passwd pw, *found = NULL;
    char buf[1024];
    if (getpwuid_r(uid, &pw, buf, sizeof buf, &found) == 0 && found != NULL)
        NetText_cleanName(name, len, found->pw_name, strlen(found->pw_name));
    else
        snprintf(name, len, "uid%lu", (unsigned long)uid);
}

NetIdentity NetIdentity_ofAccount(uid_t uid)
{
    NetIdentity who;
    snprintf(who.key, sizeof who.key, "account %lu", (unsigned long)uid);
    NetPeer_name(uid, who.name, sizeof who.name);
    return who;
}

bool NetIdentity_ofPlayer(const char *name, NetIdentity *who)
{
    size_t len = strlen(name);
    NetText_cleanName(who->name, sizeof who->name, name, len);
    if (len == 0 || strcmp(who->name, name) != 0 || len + 8 > sizeof who->key)
        return false;
    snprintf(who->key, sizeof who->key, "player %s", name);
    return true;
}

bool NetIdentity_same(const NetIdentity *a, const NetIdentity *b)
{
    return strcmp(a->key, b->key) == 0;
}

bool NetPeer_identify(int fd, void *ctx, NetIdentity *who, char *err, size_t errlen)
{
    uid_t uid;
    (void)ctx;
    if (!NetPeer_uid(fd, &uid, err, errlen))
        return false;
    *who = NetIdentity_ofAccount(uid);
    return true;
}

static NetRole Access_play(const NetAccessQuery *q, char *why, size_t whylen)
{
    bool inviter = NetIdentity_same(q->peer, q->inviter);
    bool guest = NetIdentity_same(q->peer, q->guest);
    if (inviter && guest) {
        if (!q->inviter_seated)
            return NET_ROLE_INVITER;
        if (!q->guest_seated)
            return NET_ROLE_GUEST;
        Error_set(why, whylen,
                  "both sides of your game against yourself are already "
                  "connected");
        return NET_ROLE_REFUSED;
    }
    if (inviter)
        return NET_ROLE_INVITER;
    if (guest || (q->guest->key[0] == '\0' && !q->guest_seated))
        return NET_ROLE_GUEST; /* the invited, or the first to take an open seat */
    Error_set(why, whylen, "this game is between %s and %s; %s may not play in it%s",
              q->inviter->name, q->guest->name, q->peer->name,
              q->private_game ? " (it is private)" : ", but may watch it");
    return NET_ROLE_REFUSED;
}

NetRole NetAccess_decide(const NetAccessQuery *q, char *why, size_t whylen)
{
    if (q->want == NET_WANT_PLAY)
        return Access_play(q, why, whylen);
    if (!q->private_game || NetIdentity_same(q->peer, q->inviter)
        || NetIdentity_same(q->peer, q->guest))
        return NET_ROLE_SPECTATOR;
    Error_set(why, whylen, "%s made this game private: only %s and %s may see it", q->inviter->name,
              q->inviter->name, q->guest->name);
    return NET_ROLE_REFUSED;
}
