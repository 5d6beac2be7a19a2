/* A protocol connection's buffers and limits (see conn.h). The host never
 * blocks on a peer: reads take what is there, writes go to a queue that
 * has a ceiling, and a peer past a limit is marked for dropping. */
#include "net/conn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

int64_t Net_nowMs(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void NetConn_init(NetConn *c, int fd, const NetLimits *limits, int64_t now_ms)
{
    memset(c, 0, sizeof *c);
    c->fd = fd;
    c->limits = *limits;
    c->tokens = limits->burst;
    c->refilled_ms = now_ms;
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
}

void NetConn_close(NetConn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    free(c->out);
    c->out = NULL;
    c->outlen = c->outoff = c->outcap = 0;
}

const char *NetConn_stateText(NetConnState s)
{
    switch (s) {
        case NET_CONN_OPEN: return "connected";
        case NET_CONN_CLOSED: return "the other end hung up";
        case NET_CONN_OVERSIZE: return "a line was too long";
        case NET_CONN_FLOOD: return "too many messages too fast";
        case NET_CONN_STALLED: return "it did not read what was sent to it";
        default: return "the connection failed";
    }
}

bool NetConn_read(NetConn *c)
{
    while (c->state == NET_CONN_OPEN) {
        if (c->inlen == sizeof c->in) {
            /* a full buffer without a newline: the line is too long */
            if (memchr(c->in, '\n', c->inlen) == NULL)
                c->state = NET_CONN_OVERSIZE;
            return c->state == NET_CONN_OPEN;
        }
        ssize_t n = read(c->fd, c->in + c->inlen, sizeof c->in - c->inlen);
        if (n > 0) {
            c->inlen += (size_t)n;
            continue;
        }
        if (n == 0)
            c->state = NET_CONN_CLOSED;
        else if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return true;
        else
            c->state = NET_CONN_IOERROR;
    }
    return false;
}

static bool Conn_takeToken(NetConn *c, int64_t now_ms)
{
    if (now_ms > c->refilled_ms) {
        c->tokens += (double)(now_ms - c->refilled_ms) * c->limits.per_second / 1000.0;
        if (c->tokens > c->limits.burst)
            c->tokens = c->limits.burst;
        c->refilled_ms = now_ms;
    }
    if (c->tokens < 1.0)
        return false;
    c->tokens -= 1.0;
    return true;
}

const char *NetConn_nextLine(NetConn *c, int64_t now_ms, size_t *len)
{
    if (c->state != NET_CONN_OPEN && c->state != NET_CONN_CLOSED)
        return NULL;
    char *nl = memchr(c->in, '\n', c->inlen);
    if (nl == NULL)
        return NULL;
    if (!Conn_takeToken(c, now_ms)) {
        c->state = NET_CONN_FLOOD;
        return NULL;
    }
    size_t n = (size_t)(nl - c->in);
    memcpy(c->line, c->in, n);
    c->line[n] = '\0';
    c->inlen -= n + 1;
    memmove(c->in, nl + 1, c->inlen);
    *len = n;
    return c->line;
}

bool NetConn_wantsWrite(const NetConn *c)
{
    return c->outlen > c->outoff;
}

bool NetConn_flush(NetConn *c)
{
    while (c->outlen > c->outoff && c->fd >= 0) {
        ssize_t n = send(c->fd, c->out + c->outoff, c->outlen - c->outoff, MSG_NOSIGNAL);
        if (n > 0) {
            c->outoff += (size_t)n;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            break;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            if (c->state == NET_CONN_OPEN)
                c->state =
                    errno == EPIPE || errno == ECONNRESET ? NET_CONN_CLOSED : NET_CONN_IOERROR;
            return false;
        }
    }
    if (c->outoff == c->outlen)
        c->outoff = c->outlen = 0;
    return true;
}

static bool Conn_room(NetConn *c, size_t len)
{
    if (c->outoff > 0 && c->outoff == c->outlen)
        c->outoff = c->outlen = 0;
    if (c->outlen - c->outoff + len > c->limits.out_max) {
        c->state = NET_CONN_STALLED;
        return false;
    }
    if (c->outoff > 0 && c->outlen + len > c->outcap) {
        memmove(c->out, c->out + c->outoff, c->outlen - c->outoff);
        c->outlen -= c->outoff;
        c->outoff = 0;
    }
    if (c->outlen + len <= c->outcap)
        return true;
    size_t cap = c->outcap ? c->outcap : 1024;
    while (cap < c->outlen + len)
        cap *= 2;
    char *grown = realloc(c->out, cap);
    if (grown == NULL) {
        c->state = NET_CONN_IOERROR;
        return false;
    }
    c->out = grown;
    c->outcap = cap;
    return true;
}

/* A peer that sent too much may still be told why it is dropped. */
static bool Conn_writable(const NetConn *c)
{
    return c->fd >= 0
        && (c->state == NET_CONN_OPEN || c->state == NET_CONN_FLOOD
            || c->state == NET_CONN_OVERSIZE);
}

bool NetConn_sendRaw(NetConn *c, const char *text, size_t len)
{
    if (!Conn_writable(c) || !Conn_room(c, len))
        return false;
    memcpy(c->out + c->outlen, text, len);
    c->outlen += len;
    return NetConn_flush(c);
}

bool NetConn_send(NetConn *c, const NetMsg *m)
{
    char line[NET_LINE_MAX + 1];
    size_t n = NetMsg_format(m, line, sizeof line);
    return n > 0 && NetConn_sendRaw(c, line, n);
}
