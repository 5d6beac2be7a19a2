/* Who is on the other end of a connection, and what they may do in a game.
 * Who someone is is a value (NetIdentity), decided by one function when
 * the connection is accepted: today the kernel's word (SO_PEERCRED), and a
 * public server may hand the name its login checked instead; the access
 * rules only compare identities, so they stay the same either way. A
 * client's own claims are never asked for. */
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

#define NET_IDENTITY_KEY_MAX 48

typedef struct {
    char key[NET_IDENTITY_KEY_MAX]; /* what the rules compare, e.g. "account 1000" */
    char name[NET_NAME_MAX];        /* how others see this person */
} NetIdentity;

/* Decides who is at the other end of fd, just accepted; false with a
 * message for the person refused when it cannot be known. */
typedef bool (*NetIdentify)(int fd, void *ctx, NetIdentity *who, char *err, size_t errlen);

/* The identity of an account of this machine, keyed by its uid and shown
 * by its login name. */
NetIdentity NetIdentity_ofAccount(uid_t uid);
/* The identity of a player a login has named (a server's players share
 * one account): keyed by the name, in a space of keys apart from
 * accounts'. False when the name is empty or would be cleaned. */
bool NetIdentity_ofPlayer(const char *name, NetIdentity *who);
bool NetIdentity_same(const NetIdentity *a, const NetIdentity *b);
/* NetIdentify from the kernel: the account of the process at the other
 * end of a Unix socket (NetPeer_uid). ctx is unused. */
bool NetPeer_identify(int fd, void *ctx, NetIdentity *who, char *err, size_t errlen);

typedef struct {
    const NetIdentity *peer, *inviter, *guest;
    bool private_game;
    NetWant want;
    bool inviter_seated, guest_seated; /* a live connection holds the seat */
} NetAccessQuery;

/* The role the peer gets: the inviter's account plays the inviter's side
 * (replacing a stale connection of its own), the invited account the
 * guest's; someone who invited themselves gets whichever seat is free.
 * A guest with an empty key is an open seat (a server's seek): the first
 * other person to ask to play takes it.
 * Anyone may watch a game that is not private. Otherwise REFUSED, and why
 * says so in words for the person refused. */
NetRole NetAccess_decide(const NetAccessQuery *q, char *why, size_t whylen);

#endif
