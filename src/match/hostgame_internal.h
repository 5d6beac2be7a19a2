/* What the files of a game host's end share, and only they (hostgame.c:
 * the game and the players' messages; hostgame_keep.c: its record); only
 * src/match includes it (tests/layers.sh). */
#ifndef ZANZIBAR_MATCH_HOSTGAME_INTERNAL_H
#define ZANZIBAR_MATCH_HOSTGAME_INTERNAL_H

#include <stdbool.h>

#include "core/game.h"
#include "match/hostgame.h"
#include "net/host.h"
#include "net/proto.h"
#include "session/session.h"

static inline NetSide HostGame_side(int colour)
{
    return colour == BLACK ? NET_SIDE_BLACK : NET_SIDE_WHITE;
}

static inline NetRequest HostGame_request(RequestKind k)
{
    static const NetRequest reqs[] = {
        [REQUEST_NONE] = NET_REQ_NONE,         [REQUEST_DRAW] = NET_REQ_DRAW,
        [REQUEST_TAKEBACK] = NET_REQ_TAKEBACK, [REQUEST_ADJOURN] = NET_REQ_ADJOURN,
        [REQUEST_REMATCH] = NET_REQ_REMATCH,
    };
    return reqs[k];
}

/* Over, adjourned or aborted: nothing more is played (NetGameOps.over). */
static inline bool HostGame_over(void *game)
{
    const HostGame *g = game;
    return Game_over(Session_game(g->s)) || Session_adjourned(g->s) || Session_aborted(g->s);
}

/* The end of a game in one step: once its record says it is over, the
 * archive takes it, and only then does the record go; when the archive
 * cannot take it yet, it is tried again HOSTGAME_RETRY_MS later. */
void HostGame_settle(HostGame *g, NetHost *h);

#endif
