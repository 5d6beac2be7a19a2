/* The game host's process: a poll() loop over the listening socket, its
 * clients and one extra descriptor, that admits clients by their kernel
 * credentials, hands each message to its handler, and leaves the game's
 * rules to a NetGameOps object (the game session, attached later). */
#ifndef ZANZIBAR_NET_HOST_H
#define ZANZIBAR_NET_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "net/chatlog.h"
#include "net/conn.h"
#include "net/peer.h"
#include "net/proto.h"
#include "net/snapshot.h"

typedef struct NetHost NetHost;

/* What the game does with the players' messages. A callback that refuses
 * returns false with why (sent to the client as "rejected" for a move, as
 * "error" otherwise); one that accepts tells everyone the consequences
 * itself through NetHost_broadcast ("move", "clock", "offered", "result",
 * ...), since only the game knows them (a move's SAN, a takeback's plies).
 * The host has already checked that the sender holds the side given.
 * Optional entries may be NULL. */
typedef struct {
    bool (*move)(void *game, NetHost *h, NetSide side, int ply, const char *text, char *why,
                 size_t whylen);
    bool (*offer)(void *game, NetHost *h, NetSide side, NetRequest r, char *why, size_t whylen);
    bool (*answer)(void *game, NetHost *h, NetSide side, NetRequest r, bool yes, char *why,
                   size_t whylen);
    bool (*resign)(void *game, NetHost *h, NetSide side, char *why, size_t whylen);
    bool (*claim)(void *game, NetHost *h, NetSide side, char *why, size_t whylen);
    /* the game state for a (re)joining client; the host fills in the seats */
    void (*snapshot)(void *game, NetSnapshot *out);
    /* true once the game is over or adjourned: the host then ends as soon
     * as no player is connected */
    bool (*over)(void *game);
    /* optional: chat (side NONE for a spectator); false refuses it */
    bool (*say)(void *game, NetHost *h, NetSide side, const char *text, char *why, size_t whylen);
    /* optional: a side's player came or went (clocks, grace, adjourning) */
    void (*presence)(void *game, NetHost *h, NetSide side, bool connected);
    /* optional: milliseconds until tick() is due (-1: none) and the tick */
    int (*timeout)(void *game, int64_t now_ms);
    void (*tick)(void *game, NetHost *h, int64_t now_ms);
    /* optional: the extra descriptor is readable (the engine, a timer) */
    void (*wake)(void *game, NetHost *h, int fd);
    /* optional: a player calls the game off before both sides have moved */
    bool (*abort)(void *game, NetHost *h, NetSide side, char *why, size_t whylen);
    /* optional: the player who arranges the pieces sends the setup's number */
    bool (*arrange)(void *game, NetHost *h, NetSide side, int setup, char *why, size_t whylen);
    /* optional: the host is being stopped (a signal): save the game now */
    void (*shutdown)(void *game, NetHost *h);
    /* optional: false while a game that is over still has to be written
     * where it is kept: the host does not end before (NULL: always true) */
    bool (*settled)(void *game);
    /* optional: a spectator's line was just held back from the players
     * (NetHost_chat holds it): the game writes it into its record, which
     * the host does before it sends the line to the spectators */
    void (*held)(void *game, NetHost *h);
} NetGameOps;

/* The default for per_account: a quarter of the default slots, so that
 * no one account, before hello or after, can lock the players out. */
#define NET_HOST_PER_ACCOUNT 16

typedef struct {
    int listen_fd;              /* from NetPlace_listen; the host closes it */
    NetIdentity inviter, guest; /* NetIdentity_ofAccount, or a server's players;
                                 * a guest with an empty key is an open seat */
    NetIdentify identify;       /* who a new connection is (NetPeer_identify) */
    void *identify_ctx;
    NetSide inviter_side;
    bool private_game;
    int wake_fd; /* -1: none */
    NetLimits limits;
    int max_clients; /* players and spectators together */
    int per_account; /* connections one account may hold, greeted or not */
    int hello_ms;    /* a client must say hello within this */
    const NetGameOps *ops;
    void *game;
    /* a resumed game's record's held lines (NULL: none): NetHost_new
     * holds them again, so that the players read them when it ends */
    const ChatLog *held;
} NetHostConfig;

/* Sensible defaults for everything but the socket, the players and ops;
 * who connects is asked of the kernel (NetPeer_identify). */
NetHostConfig NetHost_defaults(void);
/* NULL when a required callback or the socket is missing, or memory is. */
NetHost *NetHost_new(const NetHostConfig *cfg);
/* Closes every connection and the listening socket (unlinking is
 * NetPlace_remove's job, after this). */
void NetHost_free(NetHost *h);
/* One round of the loop, waiting at most wait_ms (-1: until something
 * happens); false once the host has stopped. */
bool NetHost_step(NetHost *h, int wait_ms);
/* Steps until the host stops: the game is over and no player is
 * connected, NetHost_stop was called, or a caught signal arrived. */
void NetHost_run(NetHost *h);
/* Says bye with why to every client and stops at the end of this round. */
void NetHost_stop(NetHost *h, const char *why);
/* Makes SIGTERM and SIGINT stop the host cleanly (via a pipe that the loop
 * polls) and ignores SIGHUP and SIGPIPE; one host per process. */
bool NetHost_catchSignals(NetHost *h);
/* Sends to every client that has been welcomed / to a side's player. */
void NetHost_broadcast(NetHost *h, const NetMsg *m);
void NetHost_sendSide(NetHost *h, NetSide side, const NetMsg *m);
/* Sends the whole state again to every client (after a takeback or a
 * rematch changed the moves under them). */
void NetHost_resync(NetHost *h);
/* A rematch: the players change colours (each is sent a new welcome). */
void NetHost_swapSides(NetHost *h);
bool NetHost_seated(const NetHost *h, NetSide side);
/* The chat history, whose held lines the game's record keeps. */
const ChatLog *NetHost_chat(const NetHost *h);
int NetHost_clientCount(const NetHost *h);
/* Who the guest is: the configuration's, or whoever took an open seat
 * (an empty key while nobody has). */
const NetIdentity *NetHost_guest(const NetHost *h);

#endif
