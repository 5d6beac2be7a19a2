/* The remote link of a Match, which alone makes and frees it: a replica
 * of a game host's game in the Match's session, fed by the host's
 * messages (moves, clocks, requests, chat, presence, results), and the
 * player's moves and requests sent to the host instead of played here.
 * It tells the player what happened through the session's notices,
 * never through a screen. */
#ifndef ZANZIBAR_MATCH_REPLICA_H
#define ZANZIBAR_MATCH_REPLICA_H

#include <stdbool.h>
#include <stddef.h>

#include "match/match.h"

typedef struct Replica Replica;

/* A replica in s of the game joined says, taking joined's client over
 * (NetClient_takeOver); NULL with err, the client closed, when the first
 * snapshot is not a game this program knows. */
Replica *Replica_new(GameSession *s, MatchJoined *joined, char *err, size_t errlen);
/* Closes what Replica_leave has not and lets go of r (NULL: nothing). */
void Replica_free(Replica *r);
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
