/* A game between terminals at the screen (see netplay.h). The host is the
 * authority: a move is shown when the host sends it back, and whenever the
 * replica disagrees with the host it asks for the whole state again. */
#include "ui/netplay.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/fen.h"
#include "core/status.h"
#include "record/record.h"

#define NETPLAY_BATCH 64 /* the host's messages taken between two looks at the keys */

static void NetPlay_keepRecord(Play *p);

static NetPlay *NetPlay_of(const Play *p)
{
    return p->net;
}

int NetPlay_fd(const Play *p)
{
    return p->net != NULL && p->net->linked ? p->net->client.conn.fd : -1;
}

short NetPlay_events(const Play *p)
{
    bool queued = p->net != NULL && p->net->linked && NetClient_wantsWrite(&p->net->client);
    return (short)(POLLIN | (queued ? POLLOUT : 0));
}

bool NetPlay_busy(const Play *p)
{
    return p->net != NULL && p->net->linked && p->net->busy;
}

int NetPlay_side(const Play *p)
{
    const NetClient *c = &NetPlay_of(p)->client;
    if (c->role == NET_ROLE_SPECTATOR || c->side == NET_SIDE_NONE)
        return -1;
    return c->side == NET_SIDE_BLACK ? BLACK : WHITE;
}

const char *NetPlay_name(const Play *p, int side)
{
    return NetPlay_of(p)->client.snap.seat[side].name;
}

bool NetPlay_connected(const Play *p, int side)
{
    return NetPlay_of(p)->client.snap.seat[side].connected;
}

static GameResult NetPlay_result(const char *word)
{
    return strcmp(word, "1-0") == 0    ? RESULT_WHITE_WINS
        : strcmp(word, "0-1") == 0     ? RESULT_BLACK_WINS
        : strcmp(word, "1/2-1/2") == 0 ? RESULT_DRAW
                                       : RESULT_NONE;
}

static RequestKind NetPlay_kind(NetRequest r)
{
    return r == NET_REQ_DRAW    ? REQUEST_DRAW
        : r == NET_REQ_TAKEBACK ? REQUEST_TAKEBACK
        : r == NET_REQ_ADJOURN  ? REQUEST_ADJOURN
        : r == NET_REQ_REMATCH  ? REQUEST_REMATCH
                                : REQUEST_NONE;
}

static NetRequest NetPlay_netRequest(RequestKind k)
{
    return k == REQUEST_DRAW    ? NET_REQ_DRAW
        : k == REQUEST_TAKEBACK ? NET_REQ_TAKEBACK
        : k == REQUEST_ADJOURN  ? NET_REQ_ADJOURN
        : k == REQUEST_REMATCH  ? NET_REQ_REMATCH
                                : NET_REQ_NONE;
}

static void NetPlay_setClocks(Play *p, int64_t white_ms, int64_t black_ms)
{
    p->s.clock.left_ms[WHITE] = (int)white_ms;
    p->s.clock.left_ms[BLACK] = (int)black_ms;
    p->s.clock.turn_start_ms = Play_nowMs();
    p->changes++;
}

/* The replica from the client's snapshot: the game, the seats, the clocks,
 * the request waiting and the result. */
static bool NetPlay_rebuild(Play *p, char *err, size_t errlen)
{
    const NetSnapshot *sn = &p->net->client.snap;
    const Variant *v = Variant_byName(sn->variant);
    Position start;
    if (v == NULL)
        return Error_set(err, errlen, "the host plays '%s', a game this zanzibar does not know",
                         sn->variant);
    if (!Fen_read(&start, v, sn->start_fen, err, errlen))
        return false;
    Game g;
    Game_init(&g, &start);
    for (int i = 0; i < sn->nplies; i++) {
        Move m;
        if (!Notation_parse(&g.pos, sn->moves[i], &m, err, errlen) || !Game_play(&g, m)) {
            Game_free(&g);
            return Error_set(err, errlen, "the host's move %d (%s) is not legal here", i + 1,
                             sn->moves[i]);
        }
    }
    GameResult result = NetPlay_result(sn->result);
    if (result != RESULT_NONE)
        Game_end(&g, result, sn->reason);
    int me = NetPlay_side(p);
    p->s.seat[WHITE] = me == WHITE ? SEAT_HUMAN : SEAT_REMOTE;
    p->s.seat[BLACK] = me == BLACK ? SEAT_HUMAN : SEAT_REMOTE;
    Session_setClock(&p->s, (int)sn->base_ms, (int)sn->inc_ms);
    Play_adopt(p, &g);
    if (result == RESULT_NONE)
        p->net->saved = false; /* a rematch is a new game to keep */
    p->s.adjourned = strcmp(sn->result, "*") == 0;
    NetPlay_setClocks(p, sn->white_ms, sn->black_ms);
    p->s.pending.kind = NetPlay_kind(sn->pending);
    p->s.pending.from = sn->pending_from == NET_SIDE_BLACK ? BLACK : WHITE;
    p->s.pending.ply = p->s.game.nmoves;
    return true;
}

bool NetPlay_attach(Play *p, NetPlay *np, char *err, size_t errlen)
{
    p->net = np;
    np->linked = true;
    if (!NetPlay_rebuild(p, err, errlen)) {
        np->linked = false;
        NetClient_close(&np->client);
        p->net = NULL;
        return false;
    }
    if (Game_over(&p->s.game)) /* it ended while this player was away */
        NetPlay_keepRecord(p);
    return true;
}

/* The option that brings this terminal back into the game. */
static const char *NetPlay_backOption(const NetPlay *np)
{
    return np->client.role == NET_ROLE_INVITER ? "--invite"
        : np->client.role == NET_ROLE_GUEST    ? "--join"
                                               : "--watch";
}

static void NetPlay_send(Play *p, const NetMsg *m)
{
    NetPlay *np = NetPlay_of(p);
    if (!np->linked)
        Play_error(p, "the link to the game is closed: zanzibar %s %s brings you back",
                   NetPlay_backOption(np), np->other);
    else if (!NetClient_send(&np->client, m))
        Play_error(p, "the message could not be sent to the game's host");
}

static void NetPlay_sync(Play *p)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SYNC);
    NetPlay_send(p, &m);
}

/* ---- what the player does */

void NetPlay_move(Play *p, Move m)
{
    NetMsg msg;
    NetMsg_init(&msg, NET_MSG_MOVE);
    msg.ply = p->s.game.nmoves;
    Notation_san(&p->s.game.pos, m, msg.move);
    NetPlay_send(p, &msg);
    memset(&p->entry, 0, sizeof p->entry);
    p->changes++;
}

void NetPlay_request(Play *p, RequestKind kind)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_OFFER);
    m.request = NetPlay_netRequest(kind);
    NetPlay_send(p, &m);
}

void NetPlay_answer(Play *p, bool yes)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_ANSWER);
    m.request = NetPlay_netRequest(p->s.pending.kind);
    m.yes = yes;
    NetPlay_send(p, &m);
}

void NetPlay_resign(Play *p)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_RESIGN);
    NetPlay_send(p, &m);
}

void NetPlay_claim(Play *p)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_CLAIM);
    NetPlay_send(p, &m);
}

void NetPlay_say(Play *p, const char *text)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SAY);
    snprintf(m.text, sizeof m.text, "%s", text);
    NetPlay_send(p, &m);
}

void NetPlay_leave(Play *p)
{
    NetPlay *np = NetPlay_of(p);
    if (np == NULL)
        return;
    if (!Game_over(&p->s.game))
        NetPlay_keepRecord(p);
    if (np->linked) {
        NetMsg m;
        NetMsg_init(&m, NET_MSG_BYE);
        NetClient_send(&np->client, &m);
    }
    np->linked = false;
    NetClient_close(&np->client);
    p->net = NULL;
}

/* ---- what the host tells */

/* The game's file name in the saved-games folder: one per finished game,
 * and one per pair of players for the game left unfinished, replaced each
 * time and removed once that game ends. The names come from the host, so
 * only their cleaned words reach the file name. */
static void NetPlay_recordName(const Play *p, bool finished, char *name, size_t len)
{
    char white[NET_NAME_MAX], black[NET_NAME_MAX];
    Record_fileWord(NetPlay_name(p, WHITE), white, sizeof white);
    Record_fileWord(NetPlay_name(p, BLACK), black, sizeof black);
    if (!finished) {
        snprintf(name, len, "%s-%s-adjourned.pgn", white, black);
        return;
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    snprintf(name, len, "%s-%s-%04d%02d%02d-%02d%02d%02d.pgn", white, black, tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* The game as it stands, in this player's saved-games folder (a spectator
 * keeps nothing): finished once, or unfinished when the player leaves it
 * or it is adjourned. */
static void NetPlay_keepRecord(Play *p)
{
    NetPlay *np = NetPlay_of(p);
    bool finished = Game_over(&p->s.game);
    if (NetPlay_side(p) < 0 || (finished && np->saved) || (!finished && p->s.game.nmoves == 0))
        return;
    char name[160], path[1024], err[ERROR_MAX], date[11];
    PgnHeader tags;
    PgnHeader_init(&tags);
    Record_today(date);
    PgnHeader_set(&tags, "Event", "zanzibar game between terminals");
    PgnHeader_set(&tags, "Date", date);
    PgnHeader_set(&tags, "White", NetPlay_name(p, WHITE));
    PgnHeader_set(&tags, "Black", NetPlay_name(p, BLACK));
    NetPlay_recordName(p, false, name, sizeof name);
    if (finished && Record_savedGamePath(name, path, sizeof path, err, sizeof err))
        unlink(path); /* the unfinished copy is out of date now */
    NetPlay_recordName(p, finished, name, sizeof name);
    np->saved = finished;
    if (!Record_savedGamePath(name, path, sizeof path, err, sizeof err)
        || !Record_savePgnTags(&p->s.game, &tags, path, err, sizeof err))
        Play_error(p, "the game could not be saved: %s", err);
    else if (finished) /* for the end panel */
        snprintf(p->s.kept_path, sizeof p->s.kept_path, "%s", path);
}

static void NetPlay_onMove(Play *p, const NetMsg *m)
{
    GameSession *s = &p->s;
    int side = s->game.pos.side;
    Move mv;
    char err[ERROR_MAX];
    if (m->ply != s->game.nmoves || !Notation_parse(&s->game.pos, m->move, &mv, err, sizeof err)
        || Session_move(s, s->seat[side], side, m->ply, mv) != MOVE_OK) {
        NetPlay_sync(p); /* out of step: the whole game again */
        return;
    }
    Play_update(p);
}

static void NetPlay_onResult(Play *p, const NetMsg *m)
{
    if (strcmp(m->word, "*") == 0) {
        p->s.adjourned = true;
        NetPlay_keepRecord(p);
        NetPlay *np = NetPlay_of(p);
        bool inviter = np->client.role == NET_ROLE_INVITER;
        if (inviter)
            Play_say(p,
                     "the game is adjourned and saved: q leaves; zanzibar --invite %s resumes "
                     "it later",
                     np->other);
        else
            Play_say(p,
                     "the game is adjourned and saved: q leaves; it goes on when %s invites "
                     "you again and you run zanzibar --join %s",
                     np->other, np->other);
        return;
    }
    Session_conclude(&p->s, NetPlay_result(m->word), m->reason);
    Play_update(p);
    Play_say(p, "game over: %s (%s)", m->word, m->text[0] ? m->text : Status_reasonText(m->reason));
    NetPlay_keepRecord(p);
}

static void NetPlay_onAnswered(Play *p, const NetMsg *m)
{
    RequestKind k = NetPlay_kind(m->request);
    int side = m->side == NET_SIDE_BLACK ? BLACK : WHITE;
    if (m->yes && (k == REQUEST_TAKEBACK || k == REQUEST_REMATCH)) {
        p->s.pending.kind = REQUEST_NONE; /* the host sends the new game whole */
        Play_say(p, "the %s is accepted", Session_requestName(k));
        return;
    }
    if (p->s.pending.kind == k)
        Session_answer(&p->s, side, m->yes);
    else /* this screen answered it and forgot the request already */
        Play_say(p, "%s %s the %s", NetPlay_name(p, side), m->yes ? "accepts" : "declines",
                 Session_requestName(k));
    Play_update(p);
}

static void NetPlay_onPresence(Play *p, const NetMsg *m, bool here)
{
    NetPlay *np = NetPlay_of(p);
    if (m->side != NET_SIDE_NONE)
        np->client.snap.seat[m->side == NET_SIDE_BLACK].connected = here;
    if (m->side == NET_SIDE_NONE)
        Play_say(p, "%s %s", m->name, here ? "is watching" : "stopped watching");
    else
        Play_say(p, "%s (%s) %s", m->name, NetSide_name(m->side),
                 here ? "is here" : "has left: the game waits for them");
}

static void NetPlay_handle(Play *p, const NetMsg *m)
{
    char err[ERROR_MAX];
    switch (m->type) {
        case NET_MSG_MOVE: NetPlay_onMove(p, m); break;
        case NET_MSG_CLOCK: NetPlay_setClocks(p, m->white_ms, m->black_ms); break;
        case NET_MSG_OFFERED:
            Session_request(&p->s, m->side == NET_SIDE_BLACK ? BLACK : WHITE,
                            NetPlay_kind(m->request));
            Play_update(p);
            break;
        case NET_MSG_ANSWERED: NetPlay_onAnswered(p, m); break;
        case NET_MSG_SAID: Play_say(p, "%s: %s", m->name, m->text); break;
        case NET_MSG_RESULT: NetPlay_onResult(p, m); break;
        case NET_MSG_JOINED: NetPlay_onPresence(p, m, true); break;
        case NET_MSG_LEFT: NetPlay_onPresence(p, m, false); break;
        case NET_MSG_REJECTED: Play_error(p, "move refused by the game's host: %s", m->text); break;
        case NET_MSG_ERROR: Play_error(p, "%s", m->text); break;
        case NET_MSG_READY:
            if (!NetPlay_rebuild(p, err, sizeof err))
                Play_error(p, "%s", err);
            else if (Game_over(&p->s.game))
                NetPlay_keepRecord(p);
            break;
        default: break;
    }
}

bool NetPlay_pump(Play *p)
{
    NetPlay *np = NetPlay_of(p);
    if (np == NULL || !np->linked)
        return false;
    unsigned before = p->changes;
    char err[NET_TEXT_MAX];
    NetMsg *m = malloc(sizeof *m); /* a NetMsg holds a whole moves line */
    if (m == NULL)
        return false;
    NetClient_flush(&np->client);
    NetClientEvent ev = NET_CLIENT_NONE;
    int taken = 0;
    /* a bounded batch: a host that floods must not keep the keys waiting */
    while (taken < NETPLAY_BATCH
           && (ev = NetClient_next(&np->client, m, err, sizeof err)) == NET_CLIENT_MESSAGE) {
        NetPlay_handle(p, m);
        taken++;
    }
    free(m);
    np->busy = taken == NETPLAY_BATCH;
    if (ev == NET_CLIENT_ENDED) {
        np->linked = false;
        Play_error(p, "%s; zanzibar %s %s brings you back (q leaves)", err, NetPlay_backOption(np),
                   np->other);
    }
    return before != p->changes;
}
