/* The games between terminals that concern one account, as the --list
 * command and the start menu show them: invitations waiting for it, its
 * own games, and others' games it may watch, each asked of its host. */
#ifndef ZANZIBAR_NET_LOBBY_H
#define ZANZIBAR_NET_LOBBY_H

#include <stdbool.h>
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

/* Asks the hosts of the games under base (NetPlace_list's choice) all at
 * once (hello info) and waits for their answers budget_ms at most in all,
 * so that hosts that never answer cost that and no more; describes the
 * games that concern account me, invitations first; returns how many
 * were written to out (at most max). */
int NetLobby_scan(const char *base, uid_t me, NetLobbyGame *out, int max, int budget_ms);

#endif
