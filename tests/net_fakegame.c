/* The host's test double for the game session (see net_fakegame.h). */
#include "net_fakegame.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"

static NetSide Fake_toMove(const FakeGame *g)
{
    return g->nplies % 2 == 0 ? NET_SIDE_WHITE : NET_SIDE_BLACK;
}

static void Fake_result(NetHost *h, FakeGame *g, const char *result, const char *why)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_RESULT);
    snprintf(m.word, sizeof m.word, "%s", result);
    m.reason = strcmp(result, "*") == 0 ? REASON_NONE : REASON_AGREEMENT;
    snprintf(m.text, sizeof m.text, "%s", why);
    g->over = true;
    NetHost_broadcast(h, &m);
}

static bool Fake_move(void *game, NetHost *h, NetSide side, int ply, const char *text, char *why,
                      size_t whylen)
{
    FakeGame *g = game;
    if (g->over)
        return Error_set(why, whylen, "the game is over");
    if (ply != g->nplies)
        return Error_set(why, whylen, "stale move: the game is at ply %d", g->nplies);
    if (side != Fake_toMove(g))
        return Error_set(why, whylen, "it is not your turn");
    if (strcmp(text, "illegal") == 0 || g->nplies == 64)
        return Error_set(why, whylen, "illegal move %s", text);
    snprintf(g->moves[g->nplies++], MOVE_TEXT_MAX, "%s", text);
    NetMsg m;
    NetMsg_init(&m, NET_MSG_MOVE);
    m.ply = ply;
    snprintf(m.move, sizeof m.move, "%s", text);
    NetHost_broadcast(h, &m);
    return true;
}

static bool Fake_offer(void *game, NetHost *h, NetSide side, NetRequest r, char *why, size_t whylen)
{
    FakeGame *g = game;
    if (g->pending != NET_REQ_NONE)
        return Error_set(why, whylen, "a request is already waiting for an answer");
    g->pending = r, g->pending_from = side;
    NetMsg m;
    NetMsg_init(&m, NET_MSG_OFFERED);
    m.request = r, m.side = side;
    NetHost_broadcast(h, &m);
    return true;
}

static bool Fake_answer(void *game, NetHost *h, NetSide side, NetRequest r, bool yes, char *why,
                        size_t whylen)
{
    FakeGame *g = game;
    if (g->pending != r || g->pending_from == side)
        return Error_set(why, whylen, "there is no %s offer to answer", NetRequest_name(r));
    g->pending = NET_REQ_NONE;
    NetMsg m;
    NetMsg_init(&m, NET_MSG_ANSWERED);
    m.request = r, m.side = side, m.yes = yes;
    NetHost_broadcast(h, &m);
    if (yes && r == NET_REQ_DRAW)
        Fake_result(h, g, "1/2-1/2", "agreed");
    return true;
}

static bool Fake_resign(void *game, NetHost *h, NetSide side, char *why, size_t whylen)
{
    FakeGame *g = game;
    if (g->over)
        return Error_set(why, whylen, "the game is over");
    Fake_result(h, g, side == NET_SIDE_WHITE ? "0-1" : "1-0", "resigned");
    return true;
}

static bool Fake_claim(void *game, NetHost *h, NetSide side, char *why, size_t whylen)
{
    NetSide other = side == NET_SIDE_WHITE ? NET_SIDE_BLACK : NET_SIDE_WHITE;
    if (NetHost_seated(h, other))
        return Error_set(why, whylen, "your opponent is connected");
    Fake_result(h, game, side == NET_SIDE_WHITE ? "1-0" : "0-1", "opponent left");
    return true;
}

static void Fake_snapshot(void *game, NetSnapshot *out)
{
    FakeGame *g = game;
    snprintf(out->variant, sizeof out->variant, "pemba");
    snprintf(out->start_fen, sizeof out->start_fen, "8/8/8/8/8/8/8/8 w - - 0 1");
    for (int i = 0; i < g->nplies; i++)
        NetSnapshot_addMove(out, g->moves[i], -1);
    out->pending = g->pending, out->pending_from = g->pending_from;
}

static bool Fake_over(void *game)
{
    return ((FakeGame *)game)->over;
}

static bool Fake_say(void *game, NetHost *h, NetSide side, const char *text, char *why,
                     size_t whylen)
{
    (void)game, (void)h, (void)side;
    return strcmp(text, "forbidden") != 0 || Error_set(why, whylen, "that word is not allowed");
}

static void Fake_presence(void *game, NetHost *h, NetSide side, bool connected)
{
    (void)h;
    FakeGame *g = game;
    (connected ? g->arrivals : g->departures)[side]++;
}

static void Fake_tick(void *game, NetHost *h, int64_t now_ms)
{
    (void)h, (void)now_ms;
    ((FakeGame *)game)->ticks++;
}

static void Fake_wake(void *game, NetHost *h, int fd)
{
    (void)h;
    char buf[16];
    if (read(fd, buf, sizeof buf) > 0)
        ((FakeGame *)game)->wakes++;
}

static void Fake_shutdown(void *game, NetHost *h)
{
    (void)h;
    ((FakeGame *)game)->shut_down = true;
}

const NetGameOps FAKE_GAME_OPS = {
    .move = Fake_move,
    .offer = Fake_offer,
    .answer = Fake_answer,
    .resign = Fake_resign,
    .claim = Fake_claim,
    .snapshot = Fake_snapshot,
    .over = Fake_over,
    .say = Fake_say,
    .presence = Fake_presence,
    .tick = Fake_tick,
    .wake = Fake_wake,
    .shutdown = Fake_shutdown,
};
