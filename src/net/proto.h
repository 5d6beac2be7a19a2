/* The game protocol between a game host and its players' and spectators'
 * screens: one message per line of at most NET_LINE_MAX bytes, each a
 * keyword and fixed fields (doc/protocol.md). Parsing and formatting are
 * driven by one table, so that both always agree. */
#ifndef ZANZIBAR_NET_PROTO_H
#define ZANZIBAR_NET_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/fen.h"
#include "core/notation.h"
#include "core/status.h"
#include "net/text.h"

/* 2: results carry a keyword for how the game ended; 3: a game may be
 * aborted before both sides have moved, and Black may arrange the pieces
 * of a Zanzibar game on joining; 4: a snapshot carries each move's clock */
#define NET_PROTOCOL_VERSION 4
#define NET_LINE_MAX 512      /* bytes of a line, its newline included */
#define NET_TEXT_MAX 400      /* a chat line or a reason, cleaned */
#define NET_WORD_MAX 32       /* a variant's name or a result */
#define NET_MOVES_PER_LINE 40 /* moves of one "moves" line */
#define NET_PLY_MAX 100000
#define NET_MS_MAX 1000000000000LL  /* about 31 years of clock */
#define NET_HOST_SPEAKER "zanzibar" /* the name on the host's own "said" lines */
/* The host's word to the inviter on this machine once a finished game is
 * kept among the inviter's saved games (the host runs as the inviter):
 * the file's name follows, with no folder. */
#define NET_HOST_KEPT "the game is kept among your saved games as "
#define NET_SETUP_MAX 1000000000 /* above any game's count of setups */

typedef enum {
    NET_MSG_NONE = 0,
    NET_MSG_HELLO,
    NET_MSG_WELCOME,
    NET_MSG_REFUSED,
    NET_MSG_SNAPSHOT,
    NET_MSG_GAME,
    NET_MSG_START,
    NET_MSG_MOVES,
    NET_MSG_SEAT,
    NET_MSG_PENDING,
    NET_MSG_READY,
    NET_MSG_SYNC,
    NET_MSG_MOVE,
    NET_MSG_REJECTED,
    NET_MSG_CLOCK,
    NET_MSG_OFFER,
    NET_MSG_OFFERED,
    NET_MSG_ANSWER,
    NET_MSG_ANSWERED,
    NET_MSG_SAY,
    NET_MSG_SAID,
    NET_MSG_RESIGN,
    NET_MSG_CLAIM,
    NET_MSG_RESULT,
    NET_MSG_JOINED,
    NET_MSG_LEFT,
    NET_MSG_ERROR,
    NET_MSG_BYE,
    NET_MSG_ABORT,
    NET_MSG_ARRANGE,
    NET_MSG_ARRANGED,
    NET_MSG_CLOCKS,
    NET_MSG_EARLIER,
    NET_MSG_DEADLINE,
    NET_MSG_COUNT
} NetMsgType;

/* What a side must do by a time the host keeps (lichess's first-move
 * rule; the grace of a player who left, after which the other may claim). */
typedef enum { NET_DEADLINE_NONE = 0, NET_DEADLINE_FIRST_MOVE, NET_DEADLINE_CLAIM } NetDeadline;
typedef enum { NET_SIDE_NONE = 0, NET_SIDE_WHITE, NET_SIDE_BLACK } NetSide;
typedef enum { NET_WANT_PLAY = 0, NET_WANT_WATCH, NET_WANT_INFO } NetWant;
typedef enum { NET_ROLE_REFUSED = 0, NET_ROLE_INVITER, NET_ROLE_GUEST, NET_ROLE_SPECTATOR } NetRole;
typedef enum {
    NET_REQ_NONE = 0,
    NET_REQ_DRAW,
    NET_REQ_TAKEBACK,
    NET_REQ_ADJOURN,
    NET_REQ_REMATCH
} NetRequest;

/* One message; only the fields its type uses are meaningful (see the
 * table in proto.c and doc/protocol.md). */
typedef struct {
    NetMsgType type;
    int version;
    NetWant want;
    NetRole role;
    NetSide side; /* NONE ("-") for a spectator or a stopped clock */
    int ply;
    int setup; /* a Zanzibar setup's number (Setup_position) */
    int64_t white_ms, black_ms, base_ms, inc_ms;
    NetRequest request;
    NetDeadline deadline;
    int64_t due_ms; /* a deadline's time left */
    bool yes, connected, private_game;
    char word[NET_WORD_MAX]; /* the variant or the result */
    GameReason reason;       /* how the game ended; REASON_NONE: adjourned */
    char name[NET_NAME_MAX];
    char move[MOVE_TEXT_MAX];
    char fen[FEN_MAX];
    char text[NET_TEXT_MAX];
    int nmoves;
    char moves[NET_MOVES_PER_LINE][MOVE_TEXT_MAX];
    int nclocks;
    int clocks[NET_MOVES_PER_LINE]; /* the mover's ms left after each move, -1: none kept */
} NetMsg;

/* Reads one line (without its newline; a final '\r' is allowed). Names and
 * text fields are cleaned, anything else out of form is refused: false,
 * with err saying what is wrong. */
bool NetMsg_parse(const char *line, size_t len, NetMsg *out, char *err, size_t errlen);
/* Writes m as one line with its newline into buf; returns the length, or
 * 0 when a field is out of form or the line would pass NET_LINE_MAX. */
size_t NetMsg_format(const NetMsg *m, char *buf, size_t buflen);
/* Sets *m to an empty message of the given type. */
void NetMsg_init(NetMsg *m, NetMsgType type);
const char *NetMsg_keyword(NetMsgType type);
/* A move as the protocol carries it: one word of printable ASCII, shorter
 * than MOVE_TEXT_MAX. */
bool NetMsg_isMoveText(const char *s, size_t len);
const char *NetSide_name(NetSide side);    /* "white", "black", "-" */
const char *NetRequest_name(NetRequest r); /* "draw", ... */
const char *NetRole_name(NetRole r);       /* "inviter", ... */
/* How a game ended as the protocol says it ("checkmate", "time", ...;
 * "adjourned" for REASON_NONE): one fixed word per ending, never the
 * words a screen shows, so that rewording those changes no saved game. */
const char *NetReason_name(GameReason r);

#endif
