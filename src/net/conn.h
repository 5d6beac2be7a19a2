/* One end of a protocol connection: a non-blocking socket with a line
 * buffer that refuses over-long lines, a token bucket that refuses floods,
 * and a bounded output queue, so that no peer can stall or swamp the host. */
#ifndef ZANZIBAR_NET_CONN_H
#define ZANZIBAR_NET_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "net/proto.h"

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0 /* the host ignores SIGPIPE where this is missing */
#endif

typedef struct {
    int burst;      /* messages that may arrive at once */
    int per_second; /* and then this many a second */
    size_t out_max; /* bytes queued for a peer that does not read */
} NetLimits;

/* Generous for a person, far below what a flood needs; a peer that leaves
 * 64 kB unread (a whole game's snapshot is a few kB) does not read. */
#define NET_LIMITS_DEFAULT ((NetLimits){.burst = 40, .per_second = 20, .out_max = 64 * 1024})

typedef enum {
    NET_CONN_OPEN = 0,
    NET_CONN_CLOSED,   /* the peer hung up */
    NET_CONN_OVERSIZE, /* a line passed NET_LINE_MAX */
    NET_CONN_FLOOD,    /* messages came faster than the limits */
    NET_CONN_STALLED,  /* the peer does not read: output queue full */
    NET_CONN_IOERROR
} NetConnState;

typedef struct {
    int fd;
    NetLimits limits;
    NetConnState state;
    char in[NET_LINE_MAX];
    size_t inlen;
    char line[NET_LINE_MAX]; /* the line NetConn_nextLine handed out */
    double tokens;
    int64_t refilled_ms;
    char *out;
    size_t outlen, outoff, outcap;
} NetConn;

/* Takes over fd (made non-blocking and close-on-exec). */
void NetConn_init(NetConn *c, int fd, const NetLimits *limits, int64_t now_ms);
/* Closes the socket and frees the queue. */
void NetConn_close(NetConn *c);
/* Reads what the socket has; false once the connection has ended (see
 * state). Call NetConn_nextLine afterwards until it returns NULL. */
bool NetConn_read(NetConn *c);
/* The next whole line without its newline (valid until the next call),
 * or NULL; a line that costs more than the bucket holds sets state to
 * NET_CONN_FLOOD and returns NULL. */
const char *NetConn_nextLine(NetConn *c, int64_t now_ms, size_t *len);
/* Queues text and tries to write; false (state STALLED) when the queue
 * would pass limits.out_max. */
bool NetConn_sendRaw(NetConn *c, const char *text, size_t len);
/* Formats and queues a message; false when it cannot be formatted or sent. */
bool NetConn_send(NetConn *c, const NetMsg *m);
/* Writes as much of the queue as the socket takes; false on an error. */
bool NetConn_flush(NetConn *c);
bool NetConn_wantsWrite(const NetConn *c);
/* What state means, for a message to the user or a log. */
const char *NetConn_stateText(NetConnState s);
/* The monotonic clock in milliseconds. */
int64_t Net_nowMs(void);

#endif
