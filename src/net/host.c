/* The game host's loop (see host.h): admission by peer credentials, one
 * handler per message type, and one way out for every refusal. The host
 * never waits for a client: a client past a limit is dropped and the game
 * goes on for the others. */
#include "net/host.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/error.h"
#include "net/chatlog.h"
#include "net/peer.h"

enum { WHO_NEW = 1, WHO_PLAYER = 2, WHO_SPECTATOR = 4 };
enum { HOST_FIXED_FDS = 3 }; /* listener, signal pipe, wake fd */
/* The kernel's buffer for what a client has not read yet (the system's
 * default is about 200 kB): past it, the connection's own queue takes
 * over, whose ceiling (NetLimits.out_max) drops a client that does not
 * read. A game's messages are small, and a whole snapshot is a few kB. */
enum { HOST_KERNEL_QUEUE = 32 * 1024 };

typedef struct {
    bool used, greeted;
    NetConn conn;
    NetIdentity who;
    char name[NET_NAME_MAX];
    NetRole role;
    NetSide side;
    int64_t since_ms;
} Client;

struct NetHost {
    NetHostConfig cfg;
    ChatLog chat;
    bool released; /* the game ended and the players read the held lines */
    char inviter_name[NET_NAME_MAX], guest_name[NET_NAME_MAX];
    Client *clients;
    struct pollfd *fds;
    int signal_fd;
    bool stopping;
    char stop_why[NET_TEXT_MAX];
};

/* What a handler's refusal costs the client. */
typedef enum { VERDICT_OK, VERDICT_COMPLAIN, VERDICT_DROP, VERDICT_CLOSE } Verdict;

typedef Verdict (*Handler)(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen);

typedef struct {
    Handler run;
    unsigned who; /* WHO_* bits of the clients that may send it */
} HandlerEntry;

static int host_signal_pipe = -1; /* written by the signal handler only */

NetHostConfig NetHost_defaults(void)
{
    return (NetHostConfig){.listen_fd = -1,
                           .inviter_side = NET_SIDE_WHITE,
                           .wake_fd = -1,
                           .identify = NetPeer_identify,
                           .limits = NET_LIMITS_DEFAULT,
                           .max_clients = 64,
                           .per_account = NET_HOST_PER_ACCOUNT,
                           .hello_ms = 10000};
}

/* A line a resumed game's record held, held again (ChatLogVisit). */
static void Host_holdAgain(void *ctx, const ChatLine *l)
{
    ChatLog_hold(ctx, l);
}

NetHost *NetHost_new(const NetHostConfig *cfg)
{
    const NetGameOps *o = cfg->ops;
    if (o == NULL || !o->move || !o->offer || !o->answer || !o->resign || !o->claim || !o->snapshot
        || !o->over || !cfg->identify || cfg->max_clients < 2 || cfg->per_account < 1
        || cfg->listen_fd < 0)
        return NULL;
    NetHost *h = calloc(1, sizeof *h);
    if (h == NULL)
        return NULL;
    h->cfg = *cfg;
    h->cfg.held = NULL; /* copied now: the caller's may go */
    h->signal_fd = -1;
    ChatLog_init(&h->chat);
    if (cfg->held != NULL)
        ChatLog_eachHeld(cfg->held, Host_holdAgain, &h->chat);
    h->clients = calloc((size_t)cfg->max_clients, sizeof *h->clients);
    h->fds = calloc((size_t)cfg->max_clients + HOST_FIXED_FDS, sizeof *h->fds);
    if (h->clients == NULL || h->fds == NULL) {
        NetHost_free(h);
        return NULL;
    }
    snprintf(h->inviter_name, sizeof h->inviter_name, "%s", cfg->inviter.name);
    snprintf(h->guest_name, sizeof h->guest_name, "%s", cfg->guest.name);
    return h;
}

void NetHost_free(NetHost *h)
{
    if (h == NULL)
        return;
    for (int i = 0; h->clients != NULL && i < h->cfg.max_clients; i++)
        if (h->clients[i].used)
            NetConn_close(&h->clients[i].conn);
    if (h->cfg.listen_fd >= 0)
        close(h->cfg.listen_fd);
    if (h->signal_fd >= 0) {
        close(h->signal_fd);
        close(host_signal_pipe);
        host_signal_pipe = -1;
    }
    free(h->clients);
    free(h->fds);
    free(h);
}

/* ---- sending */

static bool Host_isPlayer(const Client *c)
{
    return c->used && c->greeted && c->role != NET_ROLE_SPECTATOR;
}

/* Sends a line of the chat's history, as a "said" (type NET_MSG_SAID) or
 * as an "earlier" line for someone who has just joined. */
typedef struct {
    NetHost *h;
    Client *to; /* NULL: every player */
    NetMsgType type;
} ChatSend;

static void Host_sendChatLine(void *ctx, const ChatLine *l)
{
    const ChatSend *cs = ctx;
    NetMsg m;
    NetMsg_init(&m, cs->type);
    m.side = l->side;
    snprintf(m.name, sizeof m.name, "%s", l->name);
    snprintf(m.text, sizeof m.text, "%s", l->text);
    if (cs->to != NULL) {
        NetConn_send(&cs->to->conn, &m);
        return;
    }
    for (int i = 0; i < cs->h->cfg.max_clients; i++)
        if (Host_isPlayer(&cs->h->clients[i]))
            NetConn_send(&cs->h->clients[i].conn, &m);
}

void NetHost_broadcast(NetHost *h, const NetMsg *m)
{
    for (int i = 0; i < h->cfg.max_clients; i++)
        if (h->clients[i].used && h->clients[i].greeted)
            NetConn_send(&h->clients[i].conn, m);
    if (m->type != NET_MSG_RESULT || m->reason == REASON_NONE)
        return; /* an adjournment is no end: the game goes on later */
    /* the game has ended: what the spectators said meanwhile reaches the players */
    ChatSend to_players = {h, NULL, NET_MSG_SAID};
    ChatLog_release(&h->chat, Host_sendChatLine, &to_players);
    h->released = true;
}

static Client *Host_player(const NetHost *h, NetSide side)
{
    for (int i = 0; i < h->cfg.max_clients; i++)
        if (Host_isPlayer(&h->clients[i]) && h->clients[i].side == side)
            return &h->clients[i];
    return NULL;
}

void NetHost_sendSide(NetHost *h, NetSide side, const NetMsg *m)
{
    Client *c = Host_player(h, side);
    if (c != NULL)
        NetConn_send(&c->conn, m);
}

static NetSide Host_otherSide(NetSide side)
{
    return side == NET_SIDE_WHITE ? NET_SIDE_BLACK : NET_SIDE_WHITE;
}

/* Each player is welcomed again with its new side, so that the snapshot
 * that follows (NetHost_resync) is read from the right side of the board. */
void NetHost_swapSides(NetHost *h)
{
    h->cfg.inviter_side = Host_otherSide(h->cfg.inviter_side);
    for (int i = 0; i < h->cfg.max_clients; i++) {
        Client *c = &h->clients[i];
        if (!Host_isPlayer(c))
            continue;
        c->side = Host_otherSide(c->side);
        NetMsg m;
        NetMsg_init(&m, NET_MSG_WELCOME);
        m.role = c->role;
        m.side = c->side;
        NetConn_send(&c->conn, &m);
    }
}

bool NetHost_seated(const NetHost *h, NetSide side)
{
    return Host_player(h, side) != NULL;
}

const ChatLog *NetHost_chat(const NetHost *h)
{
    return &h->chat;
}

const NetIdentity *NetHost_guest(const NetHost *h)
{
    return &h->cfg.guest;
}

int NetHost_clientCount(const NetHost *h)
{
    int n = 0;
    for (int i = 0; i < h->cfg.max_clients; i++)
        n += h->clients[i].used;
    return n;
}

static void Host_sendText(Client *c, NetMsgType type, const char *text)
{
    NetMsg m;
    NetMsg_init(&m, type);
    snprintf(m.text, sizeof m.text, "%s", text);
    NetConn_send(&c->conn, &m);
}

static void Host_announce(NetHost *h, const Client *c, NetMsgType type)
{
    NetMsg m;
    NetMsg_init(&m, type);
    m.side = c->role == NET_ROLE_SPECTATOR ? NET_SIDE_NONE : c->side;
    snprintf(m.name, sizeof m.name, "%s", c->name);
    NetHost_broadcast(h, &m);
}

/* The one way a client leaves: told why (a "refused" before it was
 * welcomed, a "bye" after), announced to the others, and forgotten. */
static void Host_drop(NetHost *h, Client *c, const char *why)
{
    if (why != NULL)
        Host_sendText(c, c->greeted ? NET_MSG_BYE : NET_MSG_REFUSED, why);
    bool was_player = Host_isPlayer(c);
    bool was_greeted = c->greeted;
    c->greeted = false;
    NetConn_close(&c->conn);
    c->used = false;
    if (was_greeted)
        Host_announce(h, c, NET_MSG_LEFT);
    if (was_player && h->cfg.ops->presence != NULL)
        h->cfg.ops->presence(h->cfg.game, h, c->side, false);
}

void NetHost_stop(NetHost *h, const char *why)
{
    h->stopping = true;
    snprintf(h->stop_why, sizeof h->stop_why, "%s", why);
}

/* ---- the snapshot for a (re)joining client */

static bool Host_sendOne(void *ctx, const NetMsg *m)
{
    return NetConn_send(&((Client *)ctx)->conn, m);
}

static void Host_sendSnapshot(NetHost *h, Client *c)
{
    NetSnapshot s;
    NetSnapshot_init(&s);
    h->cfg.ops->snapshot(h->cfg.game, &s);
    NetSide guest_side = Host_otherSide(h->cfg.inviter_side);
    NetSeat *inv = &s.seat[h->cfg.inviter_side == NET_SIDE_BLACK];
    NetSeat *gst = &s.seat[guest_side == NET_SIDE_BLACK];
    snprintf(inv->name, sizeof inv->name, "%s", h->inviter_name);
    snprintf(gst->name, sizeof gst->name, "%s", h->guest_name);
    inv->connected = NetHost_seated(h, h->cfg.inviter_side);
    gst->connected = NetHost_seated(h, guest_side);
    s.private_game = h->cfg.private_game;
    if (!NetSnapshot_emit(&s, Host_sendOne, c) && c->conn.state == NET_CONN_OPEN)
        Host_sendText(c, NET_MSG_ERROR, "the host could not send the game");
    NetSnapshot_free(&s);
}

void NetHost_resync(NetHost *h)
{
    for (int i = 0; i < h->cfg.max_clients; i++)
        if (h->clients[i].used && h->clients[i].greeted)
            Host_sendSnapshot(h, &h->clients[i]);
}

/* ---- handlers, one per message a client may send */

static Verdict Host_admit(NetHost *h, Client *c, NetRole role)
{
    NetSide guest_side = Host_otherSide(h->cfg.inviter_side);
    if (role == NET_ROLE_GUEST && h->cfg.guest.key[0] == '\0') { /* an open seat, taken */
        h->cfg.guest = c->who;
        snprintf(h->guest_name, sizeof h->guest_name, "%s", c->who.name);
    }
    c->role = role;
    c->side = role == NET_ROLE_INVITER ? h->cfg.inviter_side
        : role == NET_ROLE_GUEST       ? guest_side
                                       : NET_SIDE_NONE;
    Client *old = c->side != NET_SIDE_NONE ? Host_player(h, c->side) : NULL;
    if (old != NULL)
        Host_drop(h, old, "you joined this game from another terminal");
    NetMsg m;
    NetMsg_init(&m, NET_MSG_WELCOME);
    m.role = role;
    m.side = c->side;
    NetConn_send(&c->conn, &m);
    Host_announce(h, c, NET_MSG_JOINED);
    c->greeted = true;
    Host_sendSnapshot(h, c);
    if (role != NET_ROLE_SPECTATOR && h->cfg.ops->presence != NULL)
        h->cfg.ops->presence(h->cfg.game, h, c->side, true);
    ChatSend to_newcomer = {h, c, NET_MSG_EARLIER};
    ChatLog_replay(&h->chat, role != NET_ROLE_SPECTATOR, Host_sendChatLine, &to_newcomer);
    return VERDICT_OK;
}

static int Host_spectators(const NetHost *h)
{
    int n = 0;
    for (int i = 0; i < h->cfg.max_clients; i++)
        n +=
            h->clients[i].used && h->clients[i].greeted && h->clients[i].role == NET_ROLE_SPECTATOR;
    return n;
}

static Verdict Host_onHello(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    if (m->version != NET_PROTOCOL_VERSION) {
        Error_set(why, whylen,
                  "this game's host speaks protocol version %d and your zanzibar version %d: "
                  "run the same zanzibar as %s",
                  NET_PROTOCOL_VERSION, m->version, h->inviter_name);
        return VERDICT_DROP;
    }
    NetSide guest_side = Host_otherSide(h->cfg.inviter_side);
    NetAccessQuery q = {.peer = &c->who,
                        .inviter = &h->cfg.inviter,
                        .guest = &h->cfg.guest,
                        .private_game = h->cfg.private_game,
                        .want = m->want,
                        .inviter_seated = NetHost_seated(h, h->cfg.inviter_side),
                        .guest_seated = NetHost_seated(h, guest_side)};
    NetRole role = NetAccess_decide(&q, why, whylen);
    if (role == NET_ROLE_REFUSED)
        return VERDICT_DROP;
    if (m->want == NET_WANT_INFO) { /* a look for --list: the state, and goodbye */
        Host_sendSnapshot(h, c);
        Host_sendText(c, NET_MSG_BYE, "that is all");
        return VERDICT_CLOSE;
    }
    if (role == NET_ROLE_SPECTATOR && Host_spectators(h) + 2 >= h->cfg.max_clients) {
        Error_set(why, whylen, "this game has as many spectators as it can serve");
        return VERDICT_DROP;
    }
    return Host_admit(h, c, role);
}

static Verdict Host_complainIf(bool ok)
{
    return ok ? VERDICT_OK : VERDICT_COMPLAIN;
}

static Verdict Host_onMove(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    return Host_complainIf(h->cfg.ops->move(h->cfg.game, h, c->side, m->ply, m->move, why, whylen));
}

static Verdict Host_onOffer(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    return Host_complainIf(h->cfg.ops->offer(h->cfg.game, h, c->side, m->request, why, whylen));
}

static Verdict Host_onAnswer(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    return Host_complainIf(
        h->cfg.ops->answer(h->cfg.game, h, c->side, m->request, m->yes, why, whylen));
}

static Verdict Host_onResign(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    (void)m;
    return Host_complainIf(h->cfg.ops->resign(h->cfg.game, h, c->side, why, whylen));
}

static Verdict Host_onClaim(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    (void)m;
    return Host_complainIf(h->cfg.ops->claim(h->cfg.game, h, c->side, why, whylen));
}

static Verdict Host_onAbort(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    (void)m;
    if (h->cfg.ops->abort == NULL) {
        Error_set(why, whylen, "this game cannot be aborted");
        return VERDICT_COMPLAIN;
    }
    return Host_complainIf(h->cfg.ops->abort(h->cfg.game, h, c->side, why, whylen));
}

static Verdict Host_onArranged(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    if (h->cfg.ops->arrange == NULL) {
        Error_set(why, whylen, "this game's pieces are not arranged by its players");
        return VERDICT_COMPLAIN;
    }
    return Host_complainIf(h->cfg.ops->arrange(h->cfg.game, h, c->side, m->setup, why, whylen));
}

/* Over, and not merely adjourned: the game's end released the held lines.
 * A game that is not over (a rematch) holds spectators' lines again. */
static bool Host_ended(NetHost *h)
{
    bool over = h->cfg.ops->over(h->cfg.game);
    if (!over)
        h->released = false;
    return over && h->released;
}

/* A player's line reaches everyone; a spectator's, while the game is
 * played, only the spectators (the players read it once it has ended). */
static Verdict Host_onSay(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    if (h->cfg.ops->say != NULL && !h->cfg.ops->say(h->cfg.game, h, c->side, m->text, why, whylen))
        return VERDICT_COMPLAIN;
    NetMsg said;
    NetMsg_init(&said, NET_MSG_SAID);
    said.side = c->side;
    snprintf(said.name, sizeof said.name, "%s", c->name);
    snprintf(said.text, sizeof said.text, "%s", m->text);
    bool held = c->role == NET_ROLE_SPECTATOR && !Host_ended(h);
    ChatLog_add(&h->chat, &said, held);
    if (!held) {
        NetHost_broadcast(h, &said);
        return VERDICT_OK;
    }
    if (h->cfg.ops->held != NULL) /* in the game's record before anyone reads it */
        h->cfg.ops->held(h->cfg.game, h);
    for (int i = 0; i < h->cfg.max_clients; i++) {
        Client *o = &h->clients[i];
        if (o->used && o->greeted && o->role == NET_ROLE_SPECTATOR)
            NetConn_send(&o->conn, &said);
    }
    return VERDICT_OK;
}

static Verdict Host_onSync(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    (void)m, (void)why, (void)whylen;
    Host_sendSnapshot(h, c);
    return VERDICT_OK;
}

static Verdict Host_onBye(NetHost *h, Client *c, const NetMsg *m, char *why, size_t whylen)
{
    (void)h, (void)c, (void)m, (void)why, (void)whylen;
    return VERDICT_CLOSE;
}

static const HandlerEntry HANDLERS[NET_MSG_COUNT] = {
    [NET_MSG_HELLO] = {.run = Host_onHello, .who = WHO_NEW},
    [NET_MSG_MOVE] = {.run = Host_onMove, .who = WHO_PLAYER},
    [NET_MSG_OFFER] = {.run = Host_onOffer, .who = WHO_PLAYER},
    [NET_MSG_ANSWER] = {.run = Host_onAnswer, .who = WHO_PLAYER},
    [NET_MSG_RESIGN] = {.run = Host_onResign, .who = WHO_PLAYER},
    [NET_MSG_CLAIM] = {.run = Host_onClaim, .who = WHO_PLAYER},
    [NET_MSG_ABORT] = {.run = Host_onAbort, .who = WHO_PLAYER},
    [NET_MSG_ARRANGED] = {.run = Host_onArranged, .who = WHO_PLAYER},
    [NET_MSG_SAY] = {.run = Host_onSay, .who = WHO_PLAYER | WHO_SPECTATOR},
    [NET_MSG_SYNC] = {.run = Host_onSync, .who = WHO_PLAYER | WHO_SPECTATOR},
    [NET_MSG_BYE] = {.run = Host_onBye, .who = WHO_NEW | WHO_PLAYER | WHO_SPECTATOR},
};

static unsigned Host_who(const Client *c)
{
    return !c->greeted ? WHO_NEW : c->role == NET_ROLE_SPECTATOR ? WHO_SPECTATOR : WHO_PLAYER;
}

/* Parses and runs one line; the single place where refusals are turned
 * into what the client hears. */
static void Host_dispatch(NetHost *h, Client *c, const char *line, size_t len)
{
    char why[NET_TEXT_MAX] = "";
    NetMsg *m = malloc(sizeof *m);
    Verdict v = VERDICT_DROP;
    if (m == NULL) {
        snprintf(why, sizeof why, "the host is out of memory");
    } else if (!NetMsg_parse(line, len, m, why, sizeof why)) {
        v = VERDICT_DROP;
    } else if (HANDLERS[m->type].run == NULL) {
        Error_set(why, sizeof why, "'%s' is not a message a client sends", NetMsg_keyword(m->type));
    } else if (!(HANDLERS[m->type].who & Host_who(c))) {
        v = c->greeted ? VERDICT_COMPLAIN : VERDICT_DROP;
        Error_set(why, sizeof why, c->greeted ? "a %s cannot send '%s'" : "say hello first%.0s%.0s",
                  NetRole_name(c->role), NetMsg_keyword(m->type));
    } else {
        v = HANDLERS[m->type].run(h, c, m, why, sizeof why);
    }
    if (v == VERDICT_COMPLAIN && m->type == NET_MSG_MOVE) {
        NetMsg r;
        NetMsg_init(&r, NET_MSG_REJECTED);
        r.ply = m->ply;
        snprintf(r.text, sizeof r.text, "%s", why[0] ? why : "refused");
        NetConn_send(&c->conn, &r);
    } else if (v == VERDICT_COMPLAIN) {
        Host_sendText(c, NET_MSG_ERROR, why[0] ? why : "refused");
    } else if (v != VERDICT_OK) {
        Host_drop(h, c, v == VERDICT_DROP ? why : NULL);
    }
    free(m);
}

/* ---- admission and the loop */

static int Host_connectionsOf(const NetHost *h, const NetIdentity *who)
{
    int n = 0;
    for (int i = 0; i < h->cfg.max_clients; i++)
        n += h->clients[i].used && NetIdentity_same(&h->clients[i].who, who);
    return n;
}

/* The slot for a new connection of who, or NULL with why: the
 * account is known at accept, so that one account cannot take every slot
 * (before hello or after) and lock the players out. */
static Client *Host_slotFor(NetHost *h, const NetIdentity *who, char *why, size_t whylen)
{
    if (Host_connectionsOf(h, who) >= h->cfg.per_account) {
        Error_set(why, whylen, "your account already has %d connections to this game",
                  h->cfg.per_account);
        return NULL;
    }
    for (int i = 0; i < h->cfg.max_clients; i++)
        if (!h->clients[i].used)
            return &h->clients[i];
    Error_set(why, whylen, "this game has no room for more connections");
    return NULL;
}

/* Refuses a connection that gets no slot, without waiting for it. */
static void Host_refuseAtOnce(int fd, const char *why)
{
    char line[NET_LINE_MAX];
    NetMsg m;
    NetMsg_init(&m, NET_MSG_REFUSED);
    snprintf(m.text, sizeof m.text, "%s", why);
    size_t n = NetMsg_format(&m, line, sizeof line);
    if (n > 0 && send(fd, line, n, MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
        (void)0; /* it is being refused either way */
    close(fd);
}

static void Host_accept(NetHost *h, int64_t now)
{
    for (;;) {
        int fd = accept(h->cfg.listen_fd, NULL, NULL);
        if (fd < 0)
            return; /* EAGAIN, or a client gone before we got to it */
        char why[NET_TEXT_MAX];
        NetIdentity who;
        bool known = h->cfg.identify(fd, h->cfg.identify_ctx, &who, why, sizeof why);
        Client *slot = known ? Host_slotFor(h, &who, why, sizeof why) : NULL;
        if (slot == NULL) {
            Host_refuseAtOnce(fd, why);
            continue;
        }
        memset(slot, 0, sizeof *slot);
        slot->used = true;
        slot->who = who;
        slot->since_ms = now;
        snprintf(slot->name, sizeof slot->name, "%s", who.name);
        int queue = HOST_KERNEL_QUEUE;
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &queue,
                   sizeof queue); /* refused: the default serves */
        NetConn_init(&slot->conn, fd, &h->cfg.limits, now);
    }
}

static void Host_serve(NetHost *h, Client *c, short revents, int64_t now)
{
    if (revents & (POLLIN | POLLHUP | POLLERR))
        NetConn_read(&c->conn);
    size_t len;
    const char *line;
    while (c->used && (line = NetConn_nextLine(&c->conn, now, &len)) != NULL)
        Host_dispatch(h, c, line, len);
    if (c->used && (revents & POLLOUT))
        NetConn_flush(&c->conn);
    if (c->used && c->conn.state != NET_CONN_OPEN)
        Host_drop(h, c, NetConn_stateText(c->conn.state));
    else if (c->used && !c->greeted && now - c->since_ms >= h->cfg.hello_ms)
        Host_drop(h, c, "no hello came in time");
}

static int Host_waitMs(NetHost *h, int wait_ms, int64_t now)
{
    int wait = wait_ms;
    if (h->cfg.ops->timeout != NULL) {
        int t = h->cfg.ops->timeout(h->cfg.game, now);
        if (t >= 0 && (wait < 0 || t < wait))
            wait = t;
    }
    for (int i = 0; i < h->cfg.max_clients; i++) {
        const Client *c = &h->clients[i];
        if (c->used && !c->greeted) {
            int64_t left = c->since_ms + h->cfg.hello_ms - now;
            int t = left < 0 ? 0 : (int)left;
            if (wait < 0 || t < wait)
                wait = t;
        }
    }
    return wait;
}

static int Host_pollSet(NetHost *h)
{
    h->fds[0] = (struct pollfd){.fd = h->cfg.listen_fd, .events = POLLIN};
    h->fds[1] = (struct pollfd){.fd = h->signal_fd, .events = POLLIN};
    h->fds[2] = (struct pollfd){.fd = h->cfg.wake_fd, .events = POLLIN};
    for (int i = 0; i < h->cfg.max_clients; i++) {
        const Client *c = &h->clients[i];
        struct pollfd *p = &h->fds[HOST_FIXED_FDS + i];
        p->fd = c->used ? c->conn.fd : -1;
        p->events = (short)(POLLIN | (c->used && NetConn_wantsWrite(&c->conn) ? POLLOUT : 0));
        p->revents = 0;
    }
    return h->cfg.max_clients + HOST_FIXED_FDS;
}

static bool Host_playersAway(const NetHost *h)
{
    for (int i = 0; i < h->cfg.max_clients; i++)
        if (Host_isPlayer(&h->clients[i]))
            return false;
    return true;
}

static void Host_finish(NetHost *h)
{
    for (int i = 0; i < h->cfg.max_clients; i++)
        if (h->clients[i].used) {
            Client *c = &h->clients[i];
            Host_drop(h, c, h->stop_why);
        }
}

bool NetHost_step(NetHost *h, int wait_ms)
{
    if (h->stopping)
        return false;
    int nfds = Host_pollSet(h);
    int64_t now = Net_nowMs();
    if (poll(h->fds, (nfds_t)nfds, Host_waitMs(h, wait_ms, now)) < 0 && errno != EINTR)
        NetHost_stop(h, "the host failed to wait for its clients");
    now = Net_nowMs();
    if (h->fds[1].revents & POLLIN) {
        if (h->cfg.ops->shutdown != NULL)
            h->cfg.ops->shutdown(h->cfg.game, h);
        NetHost_stop(h, "the game's host was stopped");
    }
    if ((h->fds[2].revents & POLLIN) && h->cfg.ops->wake != NULL)
        h->cfg.ops->wake(h->cfg.game, h, h->cfg.wake_fd);
    for (int i = 0; i < h->cfg.max_clients; i++)
        if (h->clients[i].used)
            Host_serve(h, &h->clients[i], h->fds[HOST_FIXED_FDS + i].revents, now);
    if (h->fds[0].revents & POLLIN)
        Host_accept(h, now);
    if (h->cfg.ops->tick != NULL)
        h->cfg.ops->tick(h->cfg.game, h, now);
    if (!h->stopping && h->cfg.ops->over(h->cfg.game) && Host_playersAway(h)
        && (h->cfg.ops->settled == NULL || h->cfg.ops->settled(h->cfg.game)))
        NetHost_stop(h, "the game has ended and both players have left");
    if (h->stopping)
        Host_finish(h);
    return !h->stopping;
}

void NetHost_run(NetHost *h)
{
    while (NetHost_step(h, -1))
        ;
}

static void Host_onSignal(int sig)
{
    int saved = errno;
    unsigned char b = (unsigned char)sig;
    if (host_signal_pipe >= 0 && write(host_signal_pipe, &b, 1) < 0)
        (void)0; /* the pipe is full: a wake-up is already waiting */
    errno = saved;
}

bool NetHost_catchSignals(NetHost *h)
{
    int p[2];
    if (host_signal_pipe >= 0 || pipe(p) != 0)
        return false;
    for (int i = 0; i < 2; i++) {
        fcntl(p[i], F_SETFL, fcntl(p[i], F_GETFL) | O_NONBLOCK);
        fcntl(p[i], F_SETFD, FD_CLOEXEC);
    }
    h->signal_fd = p[0];
    host_signal_pipe = p[1];
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = Host_onSignal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGPIPE, &sa, NULL);
    return true;
}
