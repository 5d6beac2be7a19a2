/* The whole state of a game between terminals as the host sends it to a
 * player who (re)joins or a spectator: a "snapshot" line, the game, the
 * start position, the moves in chunks, each move's clock in chunks, the
 * clocks, seats, a pending request,
 * the side yet to arrange its pieces, the result, and "ready". Built here from messages and sent as them. */
#ifndef ZANZIBAR_NET_SNAPSHOT_H
#define ZANZIBAR_NET_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/proto.h"

typedef struct {
    char name[NET_NAME_MAX];
    bool connected;
} NetSeat;

typedef struct {
    char variant[NET_WORD_MAX];
    int64_t base_ms, inc_ms; /* base 0: no clock */
    bool private_game;
    char start_fen[FEN_MAX];
    int nplies;
    char (*moves)[MOVE_TEXT_MAX]; /* nplies moves, owned */
    int *clocks;                  /* the mover's ms left after each, -1: none kept; owned */
    int capacity;
    int64_t white_ms, black_ms;
    NetSide running;    /* whose clock runs, NONE when stopped */
    NetSeat seat[2];    /* [0] White, [1] Black */
    NetRequest pending; /* NONE, or the request waiting for an answer */
    NetSide pending_from;
    NetSide arranging;    /* the side that arranges the pieces before play, or NONE */
    NetDeadline deadline; /* what deadline_side must do, in deadline_ms */
    NetSide deadline_side;
    int64_t deadline_ms;
    char result[NET_WORD_MAX];      /* "" while the game goes on */
    GameReason reason;              /* how it ended (REASON_NONE: adjourned) */
    char result_text[NET_TEXT_MAX]; /* more words on it, or "" */
    /* while reading: how far the snapshot has come */
    int expected_plies, nclocked;
    bool reading, have_game, have_start;
} NetSnapshot;

typedef enum { NET_SNAP_MORE, NET_SNAP_DONE, NET_SNAP_BAD } NetSnapStatus;

void NetSnapshot_init(NetSnapshot *s);
void NetSnapshot_free(NetSnapshot *s);
/* Appends a move's text and the mover's clock after it (ms, -1: none
 * kept); false when it is not one printable word or the game is at
 * NET_PLY_MAX. */
bool NetSnapshot_addMove(NetSnapshot *s, const char *text, int clock_ms);
/* Hands the snapshot to send() as messages, in order; stops and returns
 * false when send() does or a field is out of form. */
bool NetSnapshot_emit(const NetSnapshot *s, bool (*send)(void *ctx, const NetMsg *m), void *ctx);
/* Feeds one received message: a "snapshot" line starts over, "ready"
 * ends; anything out of order or incomplete is refused with err. */
NetSnapStatus NetSnapshot_feed(NetSnapshot *s, const NetMsg *m, char *err, size_t errlen);

#endif
