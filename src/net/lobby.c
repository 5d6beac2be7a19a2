/* The games that concern an account (see lobby.h): each host is asked for
 * its state like a spectator would, and a private game the account does
 * not play in simply does not answer. */
#include "net/lobby.h"

#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/variant.h"
#include "net/client.h"
#include "net/conn.h"

/* The state of the game at place, as its host tells anyone who asks. */
static bool NetLobby_peek(const NetPlace *place, NetClient *c, int wait_ms)
{
    char err[NET_TEXT_MAX];
    memset(c, 0, sizeof *c);
    NetSnapshot_init(&c->snap);
    int fd = NetPlace_connect(place, err, sizeof err);
    if (fd < 0)
        return false;
    NetLimits limits = NET_LIMITS_DEFAULT;
    limits.burst = limits.per_second = INT_MAX;
    NetConn_init(&c->conn, fd, &limits, Net_nowMs());
    NetMsg *m = malloc(sizeof *m); /* a NetMsg holds a whole moves line */
    bool ok = false;
    if (m != NULL) {
        NetMsg_init(m, NET_MSG_HELLO);
        m->want = NET_WANT_INFO;
        NetClient_send(c, m);
        int64_t deadline = Net_nowMs() + wait_ms;
        NetClientEvent ev;
        while (!ok && Net_nowMs() < deadline
               && (ev = NetClient_next(c, m, err, sizeof err)) != NET_CLIENT_ENDED) {
            ok = ev == NET_CLIENT_MESSAGE && m->type == NET_MSG_READY;
            struct pollfd p = {.fd = c->conn.fd, .events = POLLIN};
            if (ev == NET_CLIENT_NONE)
                poll(&p, 1, (int)(deadline - Net_nowMs()));
        }
        free(m);
    }
    if (!ok)
        NetClient_close(c);
    return ok;
}

static void NetLobby_clock(const NetSnapshot *s, char *buf, size_t len)
{
    if (s->base_ms > 0)
        snprintf(buf, len, "%lld+%lld", (long long)(s->base_ms / 60000),
                 (long long)(s->inc_ms / 1000));
    else
        snprintf(buf, len, "no clock");
}

/* Which kind of game it is for me, and its line; false when it is none of
 * my business (a private game of others never answers in the first place). */
static bool NetLobby_describe(const NetPlace *place, const NetSnapshot *s, uid_t me,
                              NetLobbyGame *g)
{
    char clock[48];
    memset(g, 0, sizeof *g);
    NetLobby_clock(s, clock, sizeof clock);
    const Variant *v = Variant_byName(s->variant);
    const char *game = v != NULL ? v->title : s->variant;
    /* the guest's colour: the seat not named after the inviter (both, when
     * inviting oneself: then the inviter took White unless it is taken) */
    int guest = strcmp(s->seat[0].name, place->guest_name) == 0
            && strcmp(s->seat[1].name, place->guest_name) != 0
        ? 0
        : 1;
    const char *colour = guest == 0 ? "White" : "Black";
    if (place->guest == me && !s->seat[guest].connected && s->nplies == 0 && !s->result[0]) {
        g->kind = NET_LOBBY_INVITATION;
        snprintf(g->user, sizeof g->user, "%s", place->inviter_name);
        snprintf(g->line, sizeof g->line, "%s invites you: %s, %s, you play %s",
                 place->inviter_name, game, clock, colour);
    } else if (place->guest == me || place->inviter == me) {
        g->kind = NET_LOBBY_MINE;
        bool guest_me = place->guest == me;
        g->invited_by_me = !guest_me;
        snprintf(g->user, sizeof g->user, "%s", guest_me ? place->inviter_name : place->guest_name);
        snprintf(g->line, sizeof g->line, "your game with %s: %s, %s, %d move%s played", g->user,
                 game, clock, s->nplies, s->nplies == 1 ? "" : "s");
    } else if (!s->private_game) {
        g->kind = NET_LOBBY_WATCHABLE;
        snprintf(g->user, sizeof g->user, "%s", place->inviter_name);
        snprintf(g->line, sizeof g->line, "%s against %s: %s, %s, %d move%s played",
                 s->seat[0].name, s->seat[1].name, game, clock, s->nplies,
                 s->nplies == 1 ? "" : "s");
    } else {
        return false;
    }
    return true;
}

static int NetLobby_rank(NetLobbyKind k)
{
    return k == NET_LOBBY_INVITATION ? 0 : k == NET_LOBBY_MINE ? 1 : 2;
}

static int NetLobby_compare(const void *a, const void *b)
{
    const NetLobbyGame *x = a, *y = b;
    int r = NetLobby_rank(x->kind) - NetLobby_rank(y->kind);
    return r != 0 ? r : strcmp(x->line, y->line);
}

int NetLobby_scan(const char *base, uid_t me, NetLobbyGame *out, int max, int wait_ms)
{
    NetGameRef refs[NET_LOBBY_MAX];
    char err[NET_TEXT_MAX];
    int n = NetPlace_list(base, refs, NET_LOBBY_MAX), found = 0;
    for (int i = 0; i < n && found < max; i++) {
        NetPlace place;
        NetClient c;
        if (!NetPlace_init(&place, base, refs[i].inviter, refs[i].guest, err, sizeof err)
            || !NetLobby_peek(&place, &c, wait_ms))
            continue;
        if (NetLobby_describe(&place, &c.snap, me, &out[found]))
            found++;
        NetClient_close(&c);
    }
    qsort(out, (size_t)found, sizeof *out, NetLobby_compare);
    return found;
}
