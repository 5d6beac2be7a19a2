/* A screen's end of a game between terminals: joining a game through its
 * meeting place (with every check), the welcome and the first snapshot,
 * then the host's live messages one at a time. */
#ifndef ZANZIBAR_NET_CLIENT_H
#define ZANZIBAR_NET_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "net/conn.h"
#include "net/place.h"
#include "net/proto.h"
#include "net/snapshot.h"

typedef struct {
    NetConn conn;
    NetRole role;
    NetSide side;
    NetSnapshot snap; /* the state as last sent whole by the host */
} NetClient;

typedef enum { NET_CLIENT_NONE, NET_CLIENT_MESSAGE, NET_CLIENT_ENDED } NetClientEvent;

/* Connects to the game at p (NetPlace_connect's checks), says hello with
 * want, and waits at most timeout_ms for the welcome and the snapshot.
 * False with err: the host's refusal in its words, or what went wrong. */
bool NetClient_join(NetClient *c, const NetPlace *p, NetWant want, int timeout_ms, char *err,
                    size_t errlen);
/* The next live message, without waiting: MESSAGE with *m, NONE when
 * nothing whole has arrived, ENDED with err when the host said bye or
 * the link dropped. A new snapshot (after "sync") replaces c->snap and
 * comes out as a "ready" message. */
NetClientEvent NetClient_next(NetClient *c, NetMsg *m, char *err, size_t errlen);
/* Queues a message to the host; false when the link is gone. */
bool NetClient_send(NetClient *c, const NetMsg *m);
/* Sends what is queued as far as the socket takes it (call when it is
 * writable); NetClient_wantsWrite says whether anything waits. */
bool NetClient_flush(NetClient *c);
bool NetClient_wantsWrite(const NetClient *c);
void NetClient_close(NetClient *c);
/* Moves from's link and snapshot into to, leaving from closed, so that
 * one owner holds the socket (a Match, from the screen that joined). */
void NetClient_takeOver(NetClient *to, NetClient *from);

#endif
