/* The game screen's side of a game between terminals: a replica of the
 * host's game in the screen's session, fed by the host's messages (moves,
 * clocks, requests, chat, presence, results), and the player's moves and
 * requests sent to the host instead of played here. */
#ifndef ZANZIBAR_UI_NETPLAY_H
#define ZANZIBAR_UI_NETPLAY_H

#include <stdbool.h>

#include "net/client.h"
#include "ui/play.h"

typedef struct NetPlay {
    NetClient client;         /* joined (welcome and snapshot read) */
    bool linked;              /* false once the link to the host dropped */
    char other[NET_NAME_MAX]; /* the user named on the command line */
    char me[NET_NAME_MAX];
    bool saved; /* the finished game is in the saved-games folder */
    bool busy;  /* the last pump left messages for the next one */
} NetPlay;

/* Builds the replica from the client's first snapshot and links p to np;
 * false with err when the snapshot is not a game this program knows. */
bool NetPlay_attach(Play *p, NetPlay *np, char *err, size_t errlen);
/* Sends what waits for the host and takes at most a batch of the messages
 * it has sent; true when something changed. */
bool NetPlay_pump(Play *p);
int NetPlay_fd(const Play *p);
/* The poll() events to wait for on NetPlay_fd: POLLOUT too while messages
 * wait to be sent. */
short NetPlay_events(const Play *p);
/* The host's messages are left over from the last pump: do not sleep. */
bool NetPlay_busy(const Play *p);
/* The side played at this screen, or -1 for a spectator. */
int NetPlay_side(const Play *p);
const char *NetPlay_name(const Play *p, int side);
bool NetPlay_connected(const Play *p, int side);
/* What the player does, sent to the host (shown once it answers). */
void NetPlay_move(Play *p, Move m);
void NetPlay_request(Play *p, RequestKind kind);
void NetPlay_answer(Play *p, bool yes);
void NetPlay_resign(Play *p);
void NetPlay_claim(Play *p);
void NetPlay_say(Play *p, const char *text);
/* Says goodbye to the host (the game goes on there) and closes the link. */
void NetPlay_leave(Play *p);

#endif
