/* The client's side of the protocol (see client.h). The host is trusted
 * no more than a client: its lines are parsed and cleaned the same way,
 * but it is never rate-limited, since a long game's snapshot comes at once. */
#include "net/client.h"

#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"

static const NetLimits CLIENT_LIMITS = {
    .burst = INT_MAX, .per_second = INT_MAX, .out_max = 64 * 1024};

NetClientEvent NetClient_next(NetClient *c, NetMsg *m, char *err, size_t errlen)
{
    NetConn_read(&c->conn);
    for (;;) {
        size_t len;
        const char *line = NetConn_nextLine(&c->conn, Net_nowMs(), &len);
        if (line == NULL) {
            if (c->conn.state == NET_CONN_OPEN)
                return NET_CLIENT_NONE;
            Error_set(err, errlen, "the link to the game dropped: %s",
                      NetConn_stateText(c->conn.state));
            return NET_CLIENT_ENDED;
        }
        if (!NetMsg_parse(line, len, m, err, errlen))
            return NET_CLIENT_ENDED;
        if (m->type == NET_MSG_BYE || m->type == NET_MSG_REFUSED) {
            Error_set(err, errlen, "%s", m->text[0] ? m->text : "the game's host said goodbye");
            return NET_CLIENT_ENDED;
        }
        if (m->type == NET_MSG_WELCOME && c->role == m->role)
            c->side = m->side; /* a rematch: the colours changed */
        if (m->type != NET_MSG_SNAPSHOT && !c->snap.reading)
            return NET_CLIENT_MESSAGE;
        NetSnapStatus st = NetSnapshot_feed(&c->snap, m, err, errlen);
        if (st == NET_SNAP_BAD)
            return NET_CLIENT_ENDED;
        if (st == NET_SNAP_DONE)
            return NET_CLIENT_MESSAGE; /* m is the "ready" */
    }
}

/* Waits for the welcome and the whole first snapshot. */
static bool Client_await(NetClient *c, int timeout_ms, char *err, size_t errlen)
{
    int64_t deadline = Net_nowMs() + timeout_ms;
    bool welcomed = false;
    NetMsg m;
    for (;;) {
        NetClientEvent ev = NetClient_next(c, &m, err, errlen);
        if (ev == NET_CLIENT_ENDED)
            return false;
        if (ev == NET_CLIENT_MESSAGE && m.type == NET_MSG_WELCOME
            && m.version != NET_PROTOCOL_VERSION) {
            return Error_set(err, errlen,
                             "the game's host speaks protocol version %d and this zanzibar "
                             "version %d: run the same zanzibar as the inviter",
                             m.version, NET_PROTOCOL_VERSION);
        } else if (ev == NET_CLIENT_MESSAGE && m.type == NET_MSG_WELCOME) {
            welcomed = true;
            c->role = m.role;
            c->side = m.side;
        } else if (ev == NET_CLIENT_MESSAGE && m.type == NET_MSG_READY && welcomed) {
            return true;
        } else if (ev == NET_CLIENT_MESSAGE && !welcomed) {
            return Error_set(err, errlen, "the game's host answered '%s' to hello",
                             NetMsg_keyword(m.type));
        }
        int left = (int)(deadline - Net_nowMs());
        if (left <= 0)
            return Error_set(err, errlen, "the game's host did not answer in time");
        struct pollfd p = {.fd = c->conn.fd, .events = POLLIN};
        if (ev == NET_CLIENT_NONE)
            poll(&p, 1, left);
    }
}

bool NetClient_join(NetClient *c, const NetPlace *p, NetWant want, int timeout_ms, char *err,
                    size_t errlen)
{
    memset(c, 0, sizeof *c);
    NetSnapshot_init(&c->snap);
    int fd = NetPlace_connect(p, err, errlen);
    if (fd < 0) {
        c->conn.fd = -1;
        return false;
    }
    NetConn_init(&c->conn, fd, &CLIENT_LIMITS, Net_nowMs());
    NetMsg hello;
    NetMsg_init(&hello, NET_MSG_HELLO);
    hello.want = want;
    if (!NetConn_send(&c->conn, &hello) || !Client_await(c, timeout_ms, err, errlen)) {
        if (c->conn.state != NET_CONN_OPEN && err != NULL && err[0] == '\0')
            Error_set(err, errlen, "cannot reach the game: %s", NetConn_stateText(c->conn.state));
        NetClient_close(c);
        return false;
    }
    return true;
}

bool NetClient_send(NetClient *c, const NetMsg *m)
{
    return NetConn_send(&c->conn, m);
}

bool NetClient_flush(NetClient *c)
{
    return NetConn_flush(&c->conn);
}

bool NetClient_wantsWrite(const NetClient *c)
{
    return NetConn_wantsWrite(&c->conn);
}

void NetClient_takeOver(NetClient *to, NetClient *from)
{
    *to = *from;
    memset(from, 0, sizeof *from);
    from->conn.fd = -1; /* closed: its socket and its memory are to's now */
}

void NetClient_close(NetClient *c)
{
    NetConn_close(&c->conn);
    NetSnapshot_free(&c->snap);
}
