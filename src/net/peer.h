/* Who is on the other end of a Unix socket, in the kernel's word, and what
 * that account may do in a game: the only basis for any access decision
 * (a client's own claims are never asked for). */
#ifndef ZANZIBAR_NET_PEER_H
#define ZANZIBAR_NET_PEER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "net/proto.h"

/* The account of the process at the other end of a connected Unix socket
 * (SO_PEERCRED, or getpeereid on the BSDs). False with a message when the
 * kernel cannot say, including on a system that has neither: such a
 * system refuses every peer rather than trusting one. */
bool NetPeer_uid(int fd, uid_t *uid, char *err, size_t errlen);
/* The account's login name, cleaned for the protocol ("uid N" if none). */
void NetPeer_name(uid_t uid, char *name, size_t len);

typedef struct {
    uid_t peer, inviter, guest;
    const char *peer_name, *inviter_name, *guest_name;
    bool private_game;
    NetWant want;
    bool inviter_seated, guest_seated; /* a live connection holds the seat */
} NetAccessQuery;

/* The role the peer gets: the inviter's account plays the inviter's side
 * (replacing a stale connection of its own), the invited account the
 * guest's; someone who invited themselves gets whichever seat is free.
 * Anyone may watch a game that is not private. Otherwise REFUSED, and why
 * says so in words for the person refused. */
NetRole NetAccess_decide(const NetAccessQuery *q, char *why, size_t whylen);

#endif
