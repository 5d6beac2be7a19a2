/* The remote link of a Match: a replica of a game host's game in the
 * screen's session, fed by the host's messages (moves, clocks, requests,
 * chat, presence, results), and the player's moves and requests sent to
 * the host instead of played here. It tells the player what happened
 * through the session's notices, never through a screen. */
#ifndef ZANZIBAR_MATCH_REPLICA_H
#define ZANZIBAR_MATCH_REPLICA_H

#include <stdbool.h>
#include <stddef.h>

#include "net/client.h"
#include "session/session.h"

#define REPLICA_CHAT_MAX 200 /* lines of chat kept, the oldest dropped first */
#define REPLICA_CHAT_LINE (NET_NAME_MAX + NET_TEXT_MAX + 16)

typedef struct Replica {
    NetClient client;         /* joined (welcome and snapshot read) */
    bool linked;              /* false once the link to the host dropped */
    char other[NET_NAME_MAX]; /* the user named on the command line */
    char me[NET_NAME_MAX];
    bool server;        /* a public server's game: it is reached with the gate's verbs */
    bool saved;         /* the finished game is in the saved-games folder */
    bool busy;          /* the last pump left messages for the next one */
    bool arrange_shown; /* the board to arrange the pieces was offered here */
    GameSession *s;     /* the replica, once attached */
    char (*chat)[REPLICA_CHAT_LINE]; /* what was said, oldest first */
    int nchat;
    /* The host's deadline: what deadline_side must do, by deadline_at
     * (this process's clock, Session_nowMs). */
    NetDeadline deadline;
    NetSide deadline_side;
    int64_t deadline_at;
} Replica;

/* Builds the replica in s from the client's first snapshot; false with
 * err when the snapshot is not a game this program knows. */
bool Replica_attach(Replica *r, GameSession *s, char *err, size_t errlen);
/* Sends what waits for the host and takes at most a batch of the messages
 * it has sent; true when something changed. */
bool Replica_pump(Replica *r);
int Replica_fd(const Replica *r);
/* The poll() events to wait for on Replica_fd: POLLOUT too while messages
 * wait to be sent. */
short Replica_events(const Replica *r);
/* The host's messages are left over from the last pump: do not sleep. */
bool Replica_busy(const Replica *r);
/* The side played at this screen, or -1 for a spectator. */
int Replica_side(const Replica *r);
const char *Replica_name(const Replica *r, int side);
bool Replica_connected(const Replica *r, int side);
/* The command that brings the other player in, before the names:
 * "zanzibar --invite" or "zanzibar --join" (on a server: the verb). */
const char *Replica_otherOption(const Replica *r);
/* What the player does, sent to the host (shown once it answers). */
void Replica_move(Replica *r, Move m);
void Replica_request(Replica *r, RequestKind kind);
void Replica_answer(Replica *r, bool yes);
void Replica_resign(Replica *r);
void Replica_claim(Replica *r);
void Replica_abort(Replica *r);
/* The colour that arranges the pieces before play (-1: none); whether the
 * host still waits for this player's arrangement (false once the game is
 * aborted or the link is gone); whether this player should be offered the
 * board to arrange them now (once per arrangement asked, or again after
 * Replica_offerArrangement); sends the arrangement chosen. */
int Replica_arranging(const Replica *r);
bool Replica_awaitsArrangement(const Replica *r);
bool Replica_arrangeDue(Replica *r);
void Replica_offerArrangement(Replica *r);
void Replica_arrange(Replica *r, int setup);
void Replica_say(Replica *r, const char *text);
/* The host's deadline now: its kind (NONE: none), the colour it is for,
 * and the milliseconds left (0 once past). */
NetDeadline Replica_deadline(const Replica *r, int64_t now_ms, int *colour, int64_t *left_ms);
/* The chat kept so far (a line "NAME: TEXT"), 0 the oldest. */
int Replica_chatCount(const Replica *r);
const char *Replica_chatLine(const Replica *r, int i);
/* Says goodbye to the host (the game goes on there) and closes the link. */
void Replica_leave(Replica *r);

#endif
