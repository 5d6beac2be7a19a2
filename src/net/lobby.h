/* The games between terminals that concern one account, as the --list
 * command and the start menu show them: invitations waiting for it, its
 * own games, and others' games it may watch, each asked of its host. */
#ifndef ZANZIBAR_NET_LOBBY_H
#define ZANZIBAR_NET_LOBBY_H

#include <stdbool.h>
#include <poll.h>
#include <stddef.h>
#include <sys/types.h>

#include "net/place.h"
#include "net/snapshot.h"

#define NET_LOBBY_MAX 64 /* games looked at, at most */
#define NET_LOBBY_LINE 200

typedef enum {
    NET_LOBBY_INVITATION, /* for this account, not begun, its seat free: --join */
    NET_LOBBY_MINE,       /* this account plays in it: --join or --invite again */
    NET_LOBBY_WATCHABLE   /* others' public game: --watch */
} NetLobbyKind;

typedef struct {
    NetLobbyKind kind;
    char user[NET_NAME_MAX];   /* the account to name after --join/--invite/--watch */
    bool invited_by_me;        /* this account hosts it: --invite comes back to it */
    char line[NET_LOBBY_LINE]; /* "alice invites you: Pemba, 10+5, you play Black" */
} NetLobbyGame;

/* A look at the games under base that concern one account, under way:
 * every host is asked at once (hello info) and none is waited for. */
typedef struct NetLobby NetLobby;

/* Dials the hosts of the games under base (NetPlace_list's choice) that
 * concern account me and asks each for its state; a host that has not
 * answered budget_ms from now is given up. Never waits; NULL when out of
 * memory (the functions below take NULL as a look that found nothing). */
NetLobby *NetLobby_start(const char *base, uid_t me, int budget_ms);
/* The hosts still awaited, and their sockets for poll() (POLLIN), at
 * most max of them written to fds. */
int NetLobby_pending(const NetLobby *l);
int NetLobby_pollFds(const NetLobby *l, struct pollfd *fds, int max);
/* The milliseconds left of the budget while hosts are awaited, else -1. */
int NetLobby_waitMs(const NetLobby *l);
/* Takes what the hosts have sent, without waiting, and gives up the rest
 * once the budget is spent; true when a host has just answered. */
bool NetLobby_read(NetLobby *l);
/* The games answered so far that concern the account, described,
 * invitations first; returns how many were written to out (at most max). */
int NetLobby_games(const NetLobby *l, NetLobbyGame *out, int max);
void NetLobby_free(NetLobby *l);

/* The whole look at once, for --list: starts it, waits for the answers
 * budget_ms at most in all, so that hosts that never answer cost that and
 * no more, and writes the games found to out (at most max). */
int NetLobby_scan(const char *base, uid_t me, NetLobbyGame *out, int max, int budget_ms);
/* Whether games (n of them, as found) hold the game this account invited
 * guest to: its host answered the look. */
bool NetLobby_hasMine(const NetLobbyGame *games, int n, const char *guest);

#endif
