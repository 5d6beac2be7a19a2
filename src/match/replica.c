/* The remote link of a Match (see replica.h). The host is the authority:
 * a move is shown when the host sends it back, and whenever the replica
 * disagrees with the host it asks for the whole state again. */
#include "match/replica.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/fen.h"
#include "core/notation.h"
#include "core/status.h"
#include "core/timecontrol.h"
#include "record/paths.h"
#include "record/record.h"

#define REPLICA_BATCH 64 /* the host's messages taken between two looks at the keys */
#define REPLICA_CHAT_LINE (NET_NAME_MAX + NET_TEXT_MAX + 16)

struct Replica {
    NetClient client;         /* joined (welcome and snapshot read) */
    bool linked;              /* false once the link to the host dropped */
    char other[NET_NAME_MAX]; /* the player named to reach the game */
    bool server;              /* a public server's game: it is reached with the gate's verbs */
    bool saved;               /* the finished game is in the saved-games folder */
    bool busy;                /* the last pump left messages for the next one */
    bool arrange_shown;       /* the board to arrange the pieces was offered here */
    GameSession *s;           /* the replica, until Replica_leave */
    char (*chat)[REPLICA_CHAT_LINE]; /* what was said, oldest first */
    int nchat;
    /* The host's deadline: what deadline_side must do, by deadline_at
     * (this process's clock, Session_nowMs). */
    NetDeadline deadline;
    NetSide deadline_side;
    int64_t deadline_at;
};

static void Replica_keepRecord(Replica *r);

int Replica_fd(const Replica *r)
{
    return r->linked ? r->client.conn.fd : -1;
}

short Replica_events(const Replica *r)
{
    bool queued = r->linked && NetClient_wantsWrite(&r->client);
    return (short)(POLLIN | (queued ? POLLOUT : 0));
}

bool Replica_busy(const Replica *r)
{
    return r->linked && r->busy;
}

int Replica_side(const Replica *r)
{
    const NetClient *c = &r->client;
    if (c->role == NET_ROLE_SPECTATOR || c->side == NET_SIDE_NONE)
        return -1;
    return c->side == NET_SIDE_BLACK ? BLACK : WHITE;
}

const char *Replica_name(const Replica *r, int side)
{
    return r->client.snap.seat[side].name;
}

bool Replica_connected(const Replica *r, int side)
{
    return r->client.snap.seat[side].connected;
}

const char *Replica_otherOption(const Replica *r)
{
    /* a guest's other player is the inviter, who comes back with --invite */
    bool guest = r->client.role == NET_ROLE_GUEST;
    if (r->server)
        return guest ? "invite" : "join";
    return guest ? "zanzibar --invite" : "zanzibar --join";
}

static GameResult Replica_result(const char *word)
{
    return strcmp(word, "1-0") == 0    ? RESULT_WHITE_WINS
        : strcmp(word, "0-1") == 0     ? RESULT_BLACK_WINS
        : strcmp(word, "1/2-1/2") == 0 ? RESULT_DRAW
                                       : RESULT_NONE;
}

static RequestKind Replica_kind(NetRequest q)
{
    return q == NET_REQ_DRAW    ? REQUEST_DRAW
        : q == NET_REQ_TAKEBACK ? REQUEST_TAKEBACK
        : q == NET_REQ_ADJOURN  ? REQUEST_ADJOURN
        : q == NET_REQ_REMATCH  ? REQUEST_REMATCH
                                : REQUEST_NONE;
}

static NetRequest Replica_netRequest(RequestKind k)
{
    return k == REQUEST_DRAW    ? NET_REQ_DRAW
        : k == REQUEST_TAKEBACK ? NET_REQ_TAKEBACK
        : k == REQUEST_ADJOURN  ? NET_REQ_ADJOURN
        : k == REQUEST_REMATCH  ? NET_REQ_REMATCH
                                : NET_REQ_NONE;
}

/* The host's clocks (the session keeps the last mover's with that move,
 * for PGN's [%clk]). */
static void Replica_setClocks(Replica *r, int64_t white_ms, int64_t black_ms)
{
    Session_setClocksLeft(r->s, (int)white_ms, (int)black_ms);
}

static void Replica_setDeadline(Replica *r, NetDeadline kind, NetSide side, int64_t left_ms)
{
    r->deadline = kind;
    r->deadline_side = side;
    r->deadline_at = Session_nowMs() + left_ms;
}

NetDeadline Replica_deadline(const Replica *r, int64_t now_ms, int *colour, int64_t *left_ms)
{
    *colour = r->deadline_side == NET_SIDE_BLACK ? BLACK : WHITE;
    *left_ms = r->deadline_at > now_ms ? r->deadline_at - now_ms : 0;
    return r->deadline;
}

/* The replica from the client's snapshot: the game, the seats, the clocks,
 * the request waiting and the result. */
static bool Replica_rebuild(Replica *r, char *err, size_t errlen)
{
    const NetSnapshot *sn = &r->client.snap;
    const Variant *v = Variant_byName(sn->variant);
    GameSession *s = r->s;
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
        Game_setClock(&g, i, sn->clocks[i]); /* for PGN's [%clk], even from a new process */
    }
    GameResult result = Replica_result(sn->result);
    if (result != RESULT_NONE)
        Game_end(&g, result, sn->reason);
    int me = Replica_side(r);
    Session_setSeat(s, WHITE, me == WHITE ? SEAT_HUMAN : SEAT_REMOTE);
    Session_setSeat(s, BLACK, me == BLACK ? SEAT_HUMAN : SEAT_REMOTE);
    Session_setLateClocks(s, true); /* as the host runs them */
    Session_setClock(s, (int)sn->base_ms, (int)sn->inc_ms);
    Session_adopt(s, &g);
    if (result == RESULT_NONE)
        r->saved = false; /* a rematch is a new game to keep */
    bool none = strcmp(sn->result, "*") == 0;
    Session_setAdjourned(s, none && sn->reason != REASON_ABORTED);
    if (none && sn->reason == REASON_ABORTED)
        Session_abort(s);
    Replica_setClocks(r, sn->white_ms, sn->black_ms);
    Session_holdClocks(s, sn->running == NET_SIDE_NONE);
    Session_setPending(s, Replica_kind(sn->pending),
                       sn->pending_from == NET_SIDE_BLACK ? BLACK : WHITE);
    Replica_setDeadline(r, sn->deadline, sn->deadline_side, sn->deadline_ms);
    return true;
}

Replica *Replica_new(GameSession *s, MatchJoined *joined, char *err, size_t errlen)
{
    Replica *r = Alloc_array(1, sizeof *r);
    NetClient_takeOver(&r->client, &joined->client);
    snprintf(r->other, sizeof r->other, "%s", joined->other);
    r->server = joined->server;
    r->s = s;
    r->linked = true;
    if (!Replica_rebuild(r, err, errlen)) {
        Replica_free(r);
        return NULL;
    }
    if (Game_over(Session_game(s))) /* it ended while this player was away */
        Replica_keepRecord(r);
    return r;
}

void Replica_free(Replica *r)
{
    if (r == NULL)
        return;
    NetClient_close(&r->client);
    free(r->chat);
    free(r);
}

/* The command that brings this terminal back into the game. */
static const char *Replica_backOption(const Replica *r)
{
    static const char *const COMMANDS[2][3] = {
        {"zanzibar --invite", "zanzibar --join", "zanzibar --watch"}, {"invite", "join", "watch"}};
    int k = r->client.role == NET_ROLE_INVITER ? 0 : r->client.role == NET_ROLE_GUEST ? 1 : 2;
    return COMMANDS[r->server][k];
}

static void Replica_send(Replica *r, const NetMsg *m)
{
    if (!r->linked)
        Session_error(r->s, "the link to the game is closed: %s %s brings you back",
                      Replica_backOption(r), r->other);
    else if (!NetClient_send(&r->client, m))
        Session_error(r->s, "the message could not be sent to the game's host");
}

static void Replica_sync(Replica *r)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SYNC);
    Replica_send(r, &m);
}

/* ---- what the player does */

void Replica_move(Replica *r, Move m)
{
    NetMsg msg;
    NetMsg_init(&msg, NET_MSG_MOVE);
    msg.ply = Session_game(r->s)->nmoves;
    Notation_san(Session_position(r->s), m, msg.move);
    Replica_send(r, &msg);
}

void Replica_request(Replica *r, RequestKind kind)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_OFFER);
    m.request = Replica_netRequest(kind);
    Replica_send(r, &m);
}

void Replica_answer(Replica *r, bool yes)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_ANSWER);
    m.request = Replica_netRequest(Session_pending(r->s).kind);
    m.yes = yes;
    Replica_send(r, &m);
}

void Replica_resign(Replica *r)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_RESIGN);
    Replica_send(r, &m);
}

void Replica_claim(Replica *r)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_CLAIM);
    Replica_send(r, &m);
}

void Replica_abort(Replica *r)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_ABORT);
    Replica_send(r, &m);
}

int Replica_arranging(const Replica *r)
{
    NetSide a = r->client.snap.arranging;
    if (a == NET_SIDE_NONE || Game_over(Session_game(r->s)) || Session_aborted(r->s))
        return -1; /* a game aborted before the arrangement has none to wait for */
    return a == NET_SIDE_BLACK ? BLACK : WHITE;
}

bool Replica_awaitsArrangement(const Replica *r)
{
    return r->linked && Replica_arranging(r) >= 0 && Replica_arranging(r) == Replica_side(r);
}

bool Replica_arrangeDue(Replica *r)
{
    if (r->arrange_shown || !Replica_awaitsArrangement(r))
        return false;
    r->arrange_shown = true;
    return true;
}

void Replica_offerArrangement(Replica *r)
{
    if (Replica_arranging(r) < 0 || Replica_arranging(r) != Replica_side(r))
        Session_error(r->s, "there are no pieces for you to arrange");
    r->arrange_shown = false;
}

void Replica_arrange(Replica *r, int setup)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_ARRANGED);
    m.setup = setup;
    Replica_send(r, &m);
}

void Replica_say(Replica *r, const char *text)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SAY);
    snprintf(m.text, sizeof m.text, "%s", text);
    Replica_send(r, &m);
}

void Replica_leave(Replica *r)
{
    if (r->s == NULL)
        return;
    if (!Game_over(Session_game(r->s)))
        Replica_keepRecord(r);
    if (r->linked) {
        NetMsg m;
        NetMsg_init(&m, NET_MSG_BYE);
        NetClient_send(&r->client, &m);
    }
    r->linked = false;
    NetClient_close(&r->client);
    r->s = NULL;
    free(r->chat);
    r->chat = NULL;
    r->nchat = 0;
}

int Replica_chatCount(const Replica *r)
{
    return r->nchat;
}

const char *Replica_chatLine(const Replica *r, int i)
{
    return i >= 0 && i < r->nchat ? r->chat[i] : "";
}

/* ---- what the host tells */

/* The game's file name in the saved-games folder: one per finished game,
 * and one per pair of players for the game left unfinished, replaced each
 * time and removed once that game ends. The names come from the host, so
 * only their cleaned words reach the file name. */
static void Replica_recordName(const Replica *r, bool finished, char *name, size_t len)
{
    char white[NET_NAME_MAX], black[NET_NAME_MAX];
    Record_fileWord(Replica_name(r, WHITE), white, sizeof white);
    Record_fileWord(Replica_name(r, BLACK), black, sizeof black);
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
static void Replica_keepRecord(Replica *r)
{
    GameSession *s = r->s;
    bool finished = Game_over(Session_game(s));
    if (Replica_side(r) < 0 || Session_aborted(s) || (finished && r->saved)
        || (!finished && Session_game(s)->nmoves == 0))
        return;
    char name[160], path[1024], err[ERROR_MAX], date[11];
    PgnHeader tags;
    PgnHeader_init(&tags);
    Record_today(date);
    PgnHeader_set(&tags, "Event", "zanzibar game between terminals");
    PgnHeader_set(&tags, "Date", date);
    PgnHeader_set(&tags, "White", Replica_name(r, WHITE));
    PgnHeader_set(&tags, "Black", Replica_name(r, BLACK));
    int base_ms = 0, inc_ms = 0;
    bool clocks = Session_timeControl(s, &base_ms, &inc_ms);
    TimeControl_writePgn(clocks ? base_ms : 0, inc_ms, date, sizeof date);
    PgnHeader_set(&tags, "TimeControl", date);
    Replica_recordName(r, false, name, sizeof name);
    if (finished && Record_savedGamePath(name, path, sizeof path, err, sizeof err))
        unlink(path); /* the unfinished copy is out of date now */
    Replica_recordName(r, finished, name, sizeof name);
    r->saved = finished;
    if (finished && r->client.role == NET_ROLE_INVITER && !r->server)
        return; /* the host, run by this account, has kept it (HostRecord_archiveHere) */
    if (!Record_savedGamePath(name, path, sizeof path, err, sizeof err)
        || !Record_savePgnTags(Session_game(s), &tags, path, err, sizeof err))
        Session_error(s, "the game could not be saved: %s", err);
    else if (finished) /* for the end panel */
        Session_setKeptPath(s, path);
}

static void Replica_onMove(Replica *r, const NetMsg *m)
{
    GameSession *s = r->s;
    int side = Session_position(s)->side;
    Move mv;
    char err[ERROR_MAX];
    if (m->ply != Session_game(s)->nmoves
        || !Notation_parse(Session_position(s), m->move, &mv, err, sizeof err)
        || Session_move(s, Session_seat(s, side), side, m->ply, mv) != MOVE_OK)
        Replica_sync(r); /* out of step: the whole game again */
}

/* An aborted game is kept by nobody: the unfinished copy kept when this
 * player left it goes too. */
static void Replica_onAborted(Replica *r, const NetMsg *m)
{
    char name[160], path[1024], err[ERROR_MAX];
    Session_abort(r->s);
    Replica_recordName(r, false, name, sizeof name);
    if (Replica_side(r) >= 0 && Record_savedGamePath(name, path, sizeof path, err, sizeof err))
        unlink(path);
    Session_say(r->s, "game aborted: %s", m->text[0] ? m->text : "no result, nothing kept");
}

static void Replica_onResult(Replica *r, const NetMsg *m)
{
    GameSession *s = r->s;
    if (m->reason == REASON_ABORTED) {
        Replica_onAborted(r, m);
        return;
    }
    if (strcmp(m->word, "*") == 0) {
        Session_setAdjourned(s, true);
        Replica_keepRecord(r);
        if (r->client.role == NET_ROLE_INVITER || r->server)
            Session_say(s, "the game is adjourned and saved: q leaves; %s %s resumes it later",
                        Replica_backOption(r), r->other);
        else
            Session_say(s,
                        "the game is adjourned and saved: q leaves; it goes on when %s invites "
                        "you again and you run zanzibar --join %s",
                        r->other, r->other);
        return;
    }
    Session_conclude(s, Replica_result(m->word), m->reason);
    Session_say(s, "game over: %s (%s)", m->word,
                m->text[0] ? m->text : Status_reasonText(m->reason));
    Replica_keepRecord(r);
}

/* A player as every screen names them: "bob (Black)". */
static void Replica_who(const Replica *r, int side, char *buf, size_t len)
{
    snprintf(buf, len, "%s (%s)", Replica_name(r, side), side == WHITE ? "White" : "Black");
}

static const char *Replica_article(RequestKind k)
{
    return strchr("aeiou", Session_requestName(k)[0]) ? "an" : "a";
}

/* A rematch offer says who would play White, since the colours change. */
static void Replica_offerRematch(Replica *r, int from, int me)
{
    const char *white = Replica_name(r, BLACK);
    if (me == from)
        Session_say(r->s, "you ask %s for a rematch, with %s playing White: waiting for the answer",
                    Replica_name(r, !from), white);
    else if (me == !from)
        Session_say(r->s, "%s asks you for a rematch, with %s playing White: y accepts, n declines",
                    Replica_name(r, from), white);
    else
        Session_say(r->s, "%s asks %s for a rematch, with %s playing White", Replica_name(r, from),
                    Replica_name(r, !from), white);
}

/* A request reads right to each: the one who made it waits, the other
 * answers, a spectator is told who asked whom. */
static void Replica_onOffered(Replica *r, const NetMsg *m)
{
    GameSession *s = r->s;
    RequestKind k = Replica_kind(m->request);
    int from = m->side == NET_SIDE_BLACK ? BLACK : WHITE, me = Replica_side(r);
    char asker[NET_NAME_MAX + 16], asked[NET_NAME_MAX + 16];
    if (!Session_request(s, from, k))
        return;
    Replica_who(r, from, asker, sizeof asker);
    Replica_who(r, !from, asked, sizeof asked);
    const char *name = Session_requestName(k), *a = Replica_article(k);
    if (k == REQUEST_REMATCH)
        Replica_offerRematch(r, from, me);
    else if (me == from)
        Session_say(s, "you ask %s for %s %s: waiting for the answer", asked, a, name);
    else if (me == !from)
        Session_say(s, "%s asks you for %s %s: y accepts, n declines", asker, a, name);
    else
        Session_say(s, "%s asks %s for %s %s", asker, asked, a, name);
}

/* The same words on every screen, whoever answered; what an accepted
 * request does comes from the host (a result, or the game sent whole). */
static void Replica_onAnswered(Replica *r, const NetMsg *m)
{
    GameSession *s = r->s;
    RequestKind k = Replica_kind(m->request);
    char who[NET_NAME_MAX + 16];
    Replica_who(r, m->side == NET_SIDE_BLACK ? BLACK : WHITE, who, sizeof who);
    Session_setPending(s, REQUEST_NONE, WHITE);
    Session_say(s, "%s %s the %s", who, m->yes ? "accepts" : "declines", Session_requestName(k));
}

static void Replica_onPresence(Replica *r, const NetMsg *m, bool here)
{
    if (m->side != NET_SIDE_NONE)
        r->client.snap.seat[m->side == NET_SIDE_BLACK].connected = here;
    if (m->side == NET_SIDE_NONE)
        Session_say(r->s, "%s %s", m->name, here ? "is watching" : "stopped watching");
    else
        Session_say(r->s, "%s (%s) %s", m->name, m->side == NET_SIDE_BLACK ? "Black" : "White",
                    here ? "is here" : "has left: the game waits for them");
}

static void Replica_keepChat(Replica *r, const char *line)
{
    if (r->chat == NULL)
        r->chat = Alloc_array(MATCH_CHAT_MAX, sizeof *r->chat);
    if (r->nchat == MATCH_CHAT_MAX) {
        memmove(r->chat, r->chat + 1, (MATCH_CHAT_MAX - 1) * sizeof *r->chat);
        r->nchat--;
    }
    snprintf(r->chat[r->nchat++], sizeof *r->chat, "%s", line);
}

/* Every line is kept for the chat's history. A spectator's is marked as
 * one: during play only spectators read it, and the players read it once
 * the game has ended, in the history, under the result on the message
 * line. */
static bool Replica_bySpectator(const NetMsg *m)
{
    return m->side == NET_SIDE_NONE && strcmp(m->name, NET_HOST_SPEAKER) != 0;
}

/* A chat line as the history keeps it: the speaker, then the words with
 * every run of spaces made one, so that padding cannot push words to the
 * start of a row where they would pass for another speaker's line. */
static void Replica_keepSaid(Replica *r, const NetMsg *m)
{
    char line[REPLICA_CHAT_LINE];
    int n =
        snprintf(line, sizeof line, "%s%s: ", m->name, Replica_bySpectator(m) ? " (watching)" : "");
    for (const char *t = m->text; *t != '\0' && n < (int)sizeof line - 1; t++)
        if (!(*t == ' ' && line[n - 1] == ' '))
            line[n++] = *t;
    line[n > 0 && line[n - 1] == ' ' ? n - 1 : n] = '\0';
    Replica_keepChat(r, line);
}

/* The host of a game between accounts of this machine runs as its
 * inviter and keeps the finished game among the inviter's saved games: its
 * word names the file, which the end panel shows. Only a bare name is
 * taken, and only in the saved-games folder. */
static bool Replica_onKept(Replica *r, const NetMsg *m)
{
    size_t n = strlen(NET_HOST_KEPT);
    char path[PATHS_MAX], err[ERROR_MAX];
    if (strcmp(m->name, NET_HOST_SPEAKER) != 0 || r->client.role != NET_ROLE_INVITER || r->server
        || strncmp(m->text, NET_HOST_KEPT, n) != 0)
        return false;
    if (Record_savedGamePath(m->text + n, path, sizeof path, err, sizeof err))
        Session_setKeptPath(r->s, path);
    return true;
}

/* The players read a spectator's line once the game has ended, in the
 * history and under the result; an adjourned game keeps its notice on the
 * message line, and the line goes to the history only. */
static void Replica_onSaid(Replica *r, const NetMsg *m)
{
    if (Replica_onKept(r, m))
        return;
    Replica_keepSaid(r, m);
    bool quiet = Session_adjourned(r->s)
        || (Replica_bySpectator(m) && Replica_side(r) >= 0 && Game_over(Session_game(r->s)));
    if (quiet)
        Session_touch(r->s);
    else
        Session_say(r->s, "%s", Replica_chatLine(r, Replica_chatCount(r) - 1));
}

static void Replica_handle(Replica *r, const NetMsg *m)
{
    GameSession *s = r->s;
    char err[ERROR_MAX];
    switch (m->type) {
        case NET_MSG_MOVE: Replica_onMove(r, m); break;
        case NET_MSG_CLOCK:
            Replica_setClocks(r, m->white_ms, m->black_ms);
            Session_holdClocks(s, m->side == NET_SIDE_NONE); /* as the host runs them */
            break;
        case NET_MSG_OFFERED: Replica_onOffered(r, m); break;
        case NET_MSG_ANSWERED: Replica_onAnswered(r, m); break;
        case NET_MSG_SAID: Replica_onSaid(r, m); break;
        case NET_MSG_DEADLINE:
            Replica_setDeadline(r, m->deadline, m->side, m->due_ms);
            Session_touch(s);
            break;
        case NET_MSG_EARLIER: /* said before this terminal joined: history only */
            Replica_keepSaid(r, m);
            Session_touch(s);
            break;
        case NET_MSG_RESULT: Replica_onResult(r, m); break;
        case NET_MSG_JOINED: Replica_onPresence(r, m, true); break;
        case NET_MSG_LEFT: Replica_onPresence(r, m, false); break;
        case NET_MSG_REJECTED:
            Session_error(s, "move refused by the game's host: %s", m->text);
            break;
        case NET_MSG_ERROR: Session_error(s, "%s", m->text); break;
        case NET_MSG_WELCOME: break; /* a new side (NetClient_next); the snapshot follows */
        case NET_MSG_READY:
            if (!Replica_rebuild(r, err, sizeof err))
                Session_error(s, "%s", err);
            else if (Game_over(Session_game(s)))
                Replica_keepRecord(r);
            break;
        default: break;
    }
}

bool Replica_pump(Replica *r)
{
    if (r->s == NULL || !r->linked)
        return false;
    unsigned before = Session_counters(r->s).changes;
    char err[NET_TEXT_MAX];
    NetMsg *m = malloc(sizeof *m); /* a NetMsg holds a whole moves line */
    if (m == NULL)
        return false;
    NetClient_flush(&r->client);
    NetClientEvent ev = NET_CLIENT_NONE;
    int taken = 0;
    /* a bounded batch: a host that floods must not keep the keys waiting */
    while (taken < REPLICA_BATCH
           && (ev = NetClient_next(&r->client, m, err, sizeof err)) == NET_CLIENT_MESSAGE) {
        Replica_handle(r, m);
        taken++;
    }
    r->busy = taken == REPLICA_BATCH;
    free(m);
    if (ev == NET_CLIENT_ENDED) {
        r->linked = false;
        Session_error(r->s, "%s; %s %s brings you back (q leaves)", err, Replica_backOption(r),
                      r->other);
    }
    return before != Session_counters(r->s).changes;
}
