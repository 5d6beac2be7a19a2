/* The games that concern an account (see lobby.h): each host is asked for
 * its state like a spectator would, and a private game the account does
 * not play in simply does not answer. Nothing here waits but
 * NetLobby_scan: the menu polls the dials in its own loop. */
#include "net/lobby.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "core/timecontrol.h"
#include "core/variant.h"
#include "net/client.h"
#include "net/conn.h"

/* One game being asked: its place and the client reading the answer. */
typedef struct {
    NetPlace place;
    NetClient client;
    bool open, answered;
} NetLobbyPeek;

struct NetLobby {
    uid_t me;
    int64_t deadline_ms;
    int n; /* games dialled */
    NetLobbyPeek peeks[NET_LOBBY_MAX];
    NetMsg msg; /* a NetMsg holds a whole moves line */
};

/* Dials the game at place and says hello for its state; never waits. */
static void NetLobby_dial(NetLobbyPeek *p)
{
    char err[NET_TEXT_MAX];
    memset(&p->client, 0, sizeof p->client);
    p->client.conn.fd = -1;
    NetSnapshot_init(&p->client.snap);
    int fd = NetPlace_connect(&p->place, err, sizeof err);
    if (fd < 0)
        return;
    NetLimits limits = NET_LIMITS_DEFAULT;
    limits.burst = limits.per_second = INT_MAX;
    NetConn_init(&p->client.conn, fd, &limits, Net_nowMs());
    NetMsg hello;
    NetMsg_init(&hello, NET_MSG_HELLO);
    hello.want = NET_WANT_INFO;
    p->open = NetClient_send(&p->client, &hello);
    if (!p->open)
        NetClient_close(&p->client);
}

/* Reads what the host sent, never waiting; closes the link once it
 * answered or failed. True when it has just answered. */
static bool NetLobby_readPeek(NetLobbyPeek *p, NetMsg *m)
{
    char err[NET_TEXT_MAX];
    NetClientEvent ev;
    while ((ev = NetClient_next(&p->client, m, err, sizeof err)) == NET_CLIENT_MESSAGE)
        if (m->type == NET_MSG_READY) {
            p->answered = true;
            break;
        }
    if (p->answered || ev == NET_CLIENT_ENDED) {
        NetConn_close(&p->client.conn);
        p->open = false;
    }
    return p->answered;
}

NetLobby *NetLobby_start(const char *base, uid_t me, int budget_ms)
{
    NetGameRef refs[NET_LOBBY_MAX];
    char err[NET_TEXT_MAX];
    NetLobby *l = calloc(1, sizeof *l);
    if (l == NULL)
        return NULL;
    l->me = me;
    l->deadline_ms = Net_nowMs() + budget_ms;
    int n = NetPlace_list(base, me, refs, NET_LOBBY_MAX);
    for (int i = 0; i < n; i++)
        if (NetPlace_init(&l->peeks[l->n].place, base, refs[i].inviter, refs[i].guest, err,
                          sizeof err))
            NetLobby_dial(&l->peeks[l->n++]);
    return l;
}

int NetLobby_pending(const NetLobby *l)
{
    int open = 0;
    for (int i = 0; l != NULL && i < l->n; i++)
        open += l->peeks[i].open;
    return open;
}

int NetLobby_pollFds(const NetLobby *l, struct pollfd *fds, int max)
{
    int k = 0;
    for (int i = 0; l != NULL && i < l->n && k < max; i++)
        if (l->peeks[i].open)
            fds[k++] = (struct pollfd){.fd = l->peeks[i].client.conn.fd, .events = POLLIN};
    return k;
}

bool NetLobby_read(NetLobby *l)
{
    bool news = false;
    for (int i = 0; l != NULL && i < l->n; i++)
        if (l->peeks[i].open)
            news |= NetLobby_readPeek(&l->peeks[i], &l->msg);
    if (l != NULL && Net_nowMs() >= l->deadline_ms) /* the budget is spent: no more waiting */
        for (int i = 0; i < l->n; i++)
            if (l->peeks[i].open) {
                NetConn_close(&l->peeks[i].client.conn);
                l->peeks[i].open = false;
            }
    return news;
}

int NetLobby_waitMs(const NetLobby *l)
{
    if (NetLobby_pending(l) == 0)
        return -1;
    int64_t left = l->deadline_ms - Net_nowMs();
    return left < 0 ? 0 : (int)left;
}

void NetLobby_free(NetLobby *l)
{
    for (int i = 0; l != NULL && i < l->n; i++)
        NetClient_close(&l->peeks[i].client);
    free(l);
}

static void NetLobby_clock(const NetSnapshot *s, char *buf, size_t len)
{
    if (s->base_ms > 0)
        TimeControl_write((int)s->base_ms, (int)s->inc_ms, buf, len);
    else
        snprintf(buf, len, "no clock");
}

/* Which kind of game it is for me, and its line; false when it is none of
 * my business (a private game of others never answers in the first place). */
/* Moves as the move list numbers them, not plies: "1. e4 e5" is one move;
 * a game whose start has Black to move (Arabian Nights) opens "1. ... e7". */
static int NetLobby_moves(const NetSnapshot *s)
{
    const char *side = strchr(s->start_fen, ' ');
    const Variant *v = Variant_byName(s->variant);
    bool black_first = side != NULL ? side[1] == 'b' : v != NULL && v->first_side == BLACK;
    return s->nplies == 0 ? 0 : (s->nplies + (black_first ? 2 : 1)) / 2;
}

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
    int moves = NetLobby_moves(s);
    if (s->result[0] != '\0' && s->reason == REASON_ABORTED)
        return false; /* called off: nothing to join, watch or resume */
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
        char ended[NET_WORD_MAX + 16] = "";
        if (s->result[0] != '\0' && strcmp(s->result, "*") != 0)
            snprintf(ended, sizeof ended, ", ended %s", s->result);
        snprintf(g->line, sizeof g->line, "your game with %s: %s, %s, %d move%s played%s", g->user,
                 game, clock, moves, moves == 1 ? "" : "s", ended);
    } else if (!s->private_game) {
        g->kind = NET_LOBBY_WATCHABLE;
        snprintf(g->user, sizeof g->user, "%s", place->inviter_name);
        snprintf(g->line, sizeof g->line, "%s against %s: %s, %s, %d move%s played",
                 s->seat[0].name, s->seat[1].name, game, clock, moves, moves == 1 ? "" : "s");
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

int NetLobby_games(const NetLobby *l, NetLobbyGame *out, int max)
{
    int found = 0;
    for (int i = 0; l != NULL && i < l->n && found < max; i++) {
        const NetLobbyPeek *p = &l->peeks[i];
        if (p->answered && NetLobby_describe(&p->place, &p->client.snap, l->me, &out[found]))
            found++;
    }
    qsort(out, (size_t)found, sizeof *out, NetLobby_compare);
    return found;
}

int NetLobby_scan(const char *base, uid_t me, NetLobbyGame *out, int max, int budget_ms)
{
    struct pollfd fds[NET_LOBBY_MAX];
    NetLobby *l = NetLobby_start(base, me, budget_ms);
    int wait;
    while ((wait = NetLobby_waitMs(l)) > 0) {
        if (poll(fds, (nfds_t)NetLobby_pollFds(l, fds, NET_LOBBY_MAX), wait) < 0 && errno != EINTR)
            break;
        NetLobby_read(l);
    }
    int found = NetLobby_games(l, out, max);
    NetLobby_free(l);
    return found;
}

bool NetLobby_hasMine(const NetLobbyGame *games, int n, const char *guest)
{
    for (int k = 0; k < n; k++)
        if (games[k].invited_by_me && strcmp(games[k].user, guest) == 0)
            return true;
    return false;
}
