/* The game session behind a game host (see hostgame.h): each callback
 * checks through the session, tells every client what changed, and saves
 * (the record: hostgame_keep.c). The session decides the rules; this file
 * only speaks for it. */
#include "match/hostgame.h"
#include "match/hostgame_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/fen.h"
#include "core/notation.h"
#include "core/setup.h"
#include "core/status.h"
#include "core/timecontrol.h"
#include "net/text.h"
#include "record/paths.h"
#include "record/record.h"

#define HOSTGAME_FIRST_JOIN_MS 30000 /* the inviter's screen joins at once */

static int HostGame_colour(NetSide side)
{
    return side == NET_SIDE_BLACK ? BLACK : WHITE;
}

static RequestKind HostGame_kind(NetRequest r)
{
    static const RequestKind kinds[] = {
        [NET_REQ_NONE] = REQUEST_NONE,         [NET_REQ_DRAW] = REQUEST_DRAW,
        [NET_REQ_TAKEBACK] = REQUEST_TAKEBACK, [NET_REQ_ADJOURN] = REQUEST_ADJOURN,
        [NET_REQ_REMATCH] = REQUEST_REMATCH,
    };
    return (unsigned)r < sizeof kinds / sizeof kinds[0] ? kinds[r] : REQUEST_NONE;
}

static void HostGame_reset(HostGame *g)
{
    g->away_since[WHITE] = g->away_since[BLACK] = -1;
    g->grace_told[WHITE] = g->grace_told[BLACK] = false;
    g->result_sent = false;
    g->archived = false;
    g->archive_due = -1;
    HostRecord_newKey(g->rec.key); /* a new game: its own key, for the archive */
    g->first_move_due = -1;
    g->started_ms = Session_nowMs();
    g->told_deadline = NET_DEADLINE_NONE;
    g->told_side = NET_SIDE_NONE;
    g->told_due = -1;
}

/* A time the tests shorten: the whole seconds (1 up to the default) of the
 * variable name, or the default when it is not set. */
static bool HostGame_msFromEnv(const char *name, int fallback_ms, int *ms, char *err, size_t errlen)
{
    const char *text = getenv(name);
    char *end;
    *ms = fallback_ms;
    if (text == NULL || text[0] == '\0')
        return true;
    long s = text[0] >= '0' && text[0] <= '9' ? strtol(text, &end, 10) : 0;
    if (s < 1 || s > fallback_ms / 1000 || *end != '\0') {
        char shown[NET_NAME_MAX];
        NetText_cleanName(shown, sizeof shown, text, strlen(text));
        return Error_set(err, errlen, "%s: expected whole seconds from 1 to %d, not '%s'", name,
                         fallback_ms / 1000, shown);
    }
    *ms = (int)s * 1000;
    return true;
}

bool HostGame_graceFromEnv(int *grace_ms, char *err, size_t errlen)
{
    return HostGame_msFromEnv(HOSTGAME_GRACE_ENV, HOSTGAME_GRACE_MS, grace_ms, err, errlen);
}

bool HostGame_firstMoveFromEnv(int *first_move_ms, char *err, size_t errlen)
{
    return HostGame_msFromEnv(HOSTGAME_FIRST_MOVE_ENV, HOSTGAME_FIRST_MOVE_MS, first_move_ms, err,
                              errlen);
}

bool HostGame_init(HostGame *g, const Position *start, int base_ms, int inc_ms)
{
    memset(g, 0, sizeof *g);
    g->match = Match_new();
    g->s = Match_drivenSession(g->match);
    Session_setSeat(g->s, WHITE, SEAT_REMOTE);
    Session_setSeat(g->s, BLACK, SEAT_REMOTE);
    g->grace_ms = HOSTGAME_GRACE_MS;
    g->first_move_ms = HOSTGAME_FIRST_MOVE_MS;
    g->rec.inviter_side = NET_SIDE_WHITE;
    g->archive = HostRecord_archiveHere;
    Session_setLateClocks(g->s, true);
    Session_holdClocks(g->s, true); /* until both players are here */
    Session_setClock(g->s, base_ms, inc_ms);
    Session_begin(g->s, start);
    HostGame_reset(g);
    return true;
}

void HostGame_resume(HostGame *g, Game *saved, const HostRecordInfo *info)
{
    Session_adopt(g->s, saved);
    if (Session_timeControl(g->s, NULL, NULL))
        Session_setClocksLeft(g->s, info->left_ms[WHITE], info->left_ms[BLACK]);
    HostGame_reset(g);
    snprintf(g->rec.key, sizeof g->rec.key, "%s", info->key); /* the same game goes on */
    g->rec.rated = info->rated;
    if (info->pending != NET_REQ_NONE)
        Session_setPending(g->s, HostGame_kind(info->pending), HostGame_colour(info->pending_from));
}

void HostGame_setPlayers(HostGame *g, NetSide inviter_side, const char *inviter, const char *guest)
{
    int inv = HostGame_colour(inviter_side);
    g->rec.inviter_side = inviter_side;
    snprintf(g->rec.names[inv], sizeof g->rec.names[inv], "%s", inviter);
    snprintf(g->rec.names[!inv], sizeof g->rec.names[!inv], "%s", guest);
}

void HostGame_setRated(HostGame *g, bool rated)
{
    g->rec.rated = rated;
}

void HostGame_free(HostGame *g)
{
    Match_free(g->match);
    g->match = NULL;
    g->s = NULL;
}

const Game *HostGame_record(const HostGame *g)
{
    return Session_game(g->s);
}

static void HostGame_tellDeadline(HostGame *g, NetHost *h);

void HostGame_keep(HostGame *g, NetHost *h)
{
    char err[NET_TEXT_MAX];
    HostGame_tellDeadline(g, h); /* a change may have set, moved or ended one */
    if (HostGame_save(g, NetHost_chat(h), err, sizeof err))
        return;
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SAID);
    snprintf(m.name, sizeof m.name, "%s", NET_HOST_SPEAKER);
    snprintf(m.text, sizeof m.text, "the game could not be saved: %.300s", err);
    NetHost_broadcast(h, &m);
}

/* ---- telling the clients */

static void HostGame_fillClock(const HostGame *g, NetMsg *m)
{
    const GameSession *s = g->s;
    int64_t now = Session_nowMs();
    bool clocks = Session_timeControl(s, NULL, NULL);
    m->white_ms = clocks ? Session_clockLeft(s, WHITE, now) : 0;
    m->black_ms = clocks ? Session_clockLeft(s, BLACK, now) : 0;
    bool running = Session_clockRuns(s) && !HostGame_over((void *)g);
    m->side = running ? HostGame_side(Session_position(s)->side) : NET_SIDE_NONE;
}

static void HostGame_sendClock(HostGame *g, NetHost *h)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_CLOCK);
    HostGame_fillClock(g, &m);
    NetHost_broadcast(h, &m);
}

static void HostGame_tell(NetHost *h, const char *fmt, const char *a, const char *b)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SAID);
    snprintf(m.name, sizeof m.name, "%s", NET_HOST_SPEAKER);
    snprintf(m.text, sizeof m.text, fmt, a, b);
    NetHost_broadcast(h, &m);
}

/* The result and how the game ended (REASON_NONE while it is adjourned,
 * REASON_ABORTED, with no result, once it was called off). */
static void HostGame_result(const HostGame *g, char *word, size_t wlen, GameReason *reason)
{
    const Game *game = Session_game(g->s);
    bool over = Game_over(game);
    snprintf(word, wlen, "%s", over ? Status_resultText(game->status.result) : "*");
    *reason = over ? game->status.reason : Session_aborted(g->s) ? REASON_ABORTED : REASON_NONE;
}

/* Once the game has ended or been adjourned: the result to everyone, once. */
static void HostGame_checkEnd(HostGame *g, NetHost *h, const char *why)
{
    if (g->result_sent || !HostGame_over(g))
        return;
    NetMsg m;
    NetMsg_init(&m, NET_MSG_RESULT);
    HostGame_result(g, m.word, sizeof m.word, &m.reason);
    if (why != NULL)
        snprintf(m.text, sizeof m.text, "%s", why);
    g->result_sent = true;
    HostGame_sendClock(g, h);
    NetHost_broadcast(h, &m);
    HostGame_settle(g, h);
}

/* ---- the first moves (lichess's rule) */

/* The side to move has first_move_ms for its first move, from now: White
 * from the moment both players are first here (or Black has arranged the
 * pieces), Black from White's first move; the side that arranges the
 * pieces has as long to arrange them; once both have moved, no time
 * applies but the clocks'. */
static void HostGame_armFirstMove(HostGame *g, int64_t now)
{
    bool due = g->met && !HostGame_over(g) && !Session_bothMoved(g->s);
    g->first_move_due = due ? now + g->first_move_ms : -1;
}

static void HostGame_abortWith(HostGame *g, NetHost *h, const char *text)
{
    char why[NET_TEXT_MAX];
    Session_abort(g->s);
    g->first_move_due = -1;
    snprintf(why, sizeof why, "%.300s: it counts for nobody and is not kept", text);
    HostGame_keep(g, h);
    HostGame_checkEnd(g, h, why);
}

static void HostGame_checkFirstMove(HostGame *g, NetHost *h, int64_t now)
{
    if (g->first_move_due < 0 || now < g->first_move_due || HostGame_over(g))
        return;
    char text[NET_TEXT_MAX];
    bool arranging = g->arranging != NET_SIDE_NONE;
    int late = arranging ? HostGame_colour(g->arranging) : Session_position(g->s)->side;
    /* Said after "game aborted: " on every screen: the abort is not said twice. */
    snprintf(text, sizeof text, "%s (%s) %s within %d s", g->rec.names[late],
             late == WHITE ? "White" : "Black",
             arranging ? "did not arrange the pieces" : "made no first move",
             g->first_move_ms / 1000);
    HostGame_abortWith(g, h, text);
}

/* Both players here for the first time: the game begins. */
static void HostGame_checkMet(HostGame *g, NetHost *h)
{
    if (g->met || !NetHost_seated(h, NET_SIDE_WHITE) || !NetHost_seated(h, NET_SIDE_BLACK))
        return;
    g->met = true;
    Session_holdClocks(g->s, false);
    HostGame_armFirstMove(g, Session_nowMs());
    HostGame_sendClock(g, h);
}

static bool HostGame_abort(void *game, NetHost *h, NetSide side, char *why, size_t whylen)
{
    HostGame *g = game;
    if (HostGame_over(g))
        return Error_set(why, whylen, "the game is already over");
    if (Session_bothMoved(g->s))
        return Error_set(why, whylen,
                         "both sides have moved: the game can no longer be aborted (resign, or "
                         "offer a draw)");
    char text[NET_TEXT_MAX];
    snprintf(text, sizeof text, "%s aborted the game", g->rec.names[HostGame_colour(side)]);
    HostGame_abortWith(g, h, text);
    return true;
}

/* The arranging player's setup: the game starts again from it, and every
 * screen is sent the new start. */
static bool HostGame_arrange(void *game, NetHost *h, NetSide side, int setup, char *why,
                             size_t whylen)
{
    HostGame *g = game;
    const Variant *v = Session_variant(g->s);
    Position start;
    if (HostGame_over(g))
        return Error_set(why, whylen, "the game is over: there is nothing to arrange");
    if (g->arranging == NET_SIDE_NONE)
        return Error_set(why, whylen, "the pieces are arranged already");
    if (side != g->arranging)
        return Error_set(why, whylen, "%s arranges the pieces",
                         g->rec.names[HostGame_colour(g->arranging)]);
    if (!Setup_position(&start, v, setup))
        return Error_set(why, whylen, "%s has no setup %d (1 to %d)", v->title, setup,
                         Setup_count(v));
    Session_begin(g->s, &start);
    g->arranging = NET_SIDE_NONE;
    HostGame_keep(g, h);
    char text[NET_TEXT_MAX];
    snprintf(text, sizeof text, "%s (%s) arranged the pieces: setup %d of %d",
             g->rec.names[HostGame_colour(side)], side == NET_SIDE_BLACK ? "Black" : "White", setup,
             Setup_count(v));
    HostGame_tell(h, "%s%s", text, "");
    HostGame_armFirstMove(g, Session_nowMs());
    NetHost_resync(h); /* the start changed under everyone */
    return true;
}

/* ---- the players' messages */

static bool HostGame_move(void *game, NetHost *h, NetSide side, int ply, const char *text,
                          char *why, size_t whylen)
{
    HostGame *g = game;
    GameSession *s = g->s;
    if (HostGame_over(g))
        return Error_set(why, whylen,
                         Session_adjourned(s) ? "the game is adjourned" : "the game is over");
    if (ply != Session_game(s)->nmoves)
        return Error_set(why, whylen, "stale move: the game is at ply %d, not %d",
                         Session_game(s)->nmoves, ply);
    if (HostGame_colour(side) != Session_position(s)->side)
        return Error_set(why, whylen, "it is not your turn");
    if (!g->met)
        return Error_set(why, whylen, "%s has not come yet: the game begins when they join",
                         g->rec.names[!HostGame_colour(side)]);
    if (g->arranging != NET_SIDE_NONE)
        return Error_set(why, whylen, "%s arranges the pieces first",
                         g->rec.names[HostGame_colour(g->arranging)]);
    char err[ERROR_MAX];
    Move mv;
    if (!Notation_parse(Session_position(s), text, &mv, err, sizeof err))
        return Error_set(why, whylen, "%s: %s", text, err);
    NetMsg m;
    NetMsg_init(&m, NET_MSG_MOVE);
    m.ply = ply;
    Notation_san(Session_position(s), mv, m.move);
    if (Session_move(s, SEAT_REMOTE, HostGame_colour(side), ply, mv) != MOVE_OK)
        return Error_set(why, whylen, "%s", Session_notice(s, NULL));
    HostGame_armFirstMove(g, Session_nowMs());
    HostGame_keep(g, h); /* the record first: what is announced is kept */
    NetHost_broadcast(h, &m);
    HostGame_sendClock(g, h);
    HostGame_checkEnd(g, h, NULL);
    return true;
}

static bool HostGame_awayPastGrace(const HostGame *g, int colour, int64_t now)
{
    return g->away_since[colour] >= 0 && now - g->away_since[colour] >= g->grace_ms;
}

static void HostGame_broadcastRequest(NetHost *h, NetMsgType type, NetRequest r, NetSide side,
                                      bool yes)
{
    NetMsg m;
    NetMsg_init(&m, type);
    m.request = r;
    m.side = side;
    m.yes = yes;
    NetHost_broadcast(h, &m);
}

static bool HostGame_offer(void *game, NetHost *h, NetSide side, NetRequest r, char *why,
                           size_t whylen)
{
    HostGame *g = game;
    GameSession *s = g->s;
    int c = HostGame_colour(side);
    if (r == NET_REQ_ADJOURN && !HostGame_over(g)
        && HostGame_awayPastGrace(g, !c, Session_nowMs())) {
        Session_setAdjourned(s, true); /* nobody is there to ask */
        HostGame_keep(g, h);
        HostGame_checkEnd(g, h, "adjourned while the opponent was away");
        return true;
    }
    if (!Session_request(s, c, HostGame_kind(r)))
        return Error_set(why, whylen, "%s", Session_notice(s, NULL));
    HostGame_keep(g, h);
    HostGame_broadcastRequest(h, NET_MSG_OFFERED, r, side, false);
    return true;
}

/* A rematch: each player takes the other colour, here and at the host. */
static void HostGame_swapColours(HostGame *g, NetHost *h)
{
    char white[sizeof g->rec.names[WHITE]];
    memcpy(white, g->rec.names[WHITE], sizeof white);
    memcpy(g->rec.names[WHITE], g->rec.names[BLACK], sizeof white);
    memcpy(g->rec.names[BLACK], white, sizeof white);
    g->rec.inviter_side = g->rec.inviter_side == NET_SIDE_WHITE ? NET_SIDE_BLACK : NET_SIDE_WHITE;
    NetHost_swapSides(h);
    HostGame_reset(g);
}

static bool HostGame_answer(void *game, NetHost *h, NetSide side, NetRequest r, bool yes, char *why,
                            size_t whylen)
{
    HostGame *g = game;
    GameSession *s = g->s;
    if (r == NET_REQ_NONE || HostGame_request(Session_pending(s).kind) != r)
        return Error_set(why, whylen, "there is no %s request to answer", NetRequest_name(r));
    if (yes && r == NET_REQ_REMATCH && !g->archived)
        return Error_set(why, whylen,
                         "the last game is not archived yet: the host is trying again; answer "
                         "in a moment");
    if (!Session_answer(s, HostGame_colour(side), yes))
        return Error_set(why, whylen, "%s", Session_notice(s, NULL));
    if (yes && r == NET_REQ_REMATCH)
        HostGame_swapColours(g, h); /* a new game, with its own record */
    HostGame_keep(g, h);
    HostGame_broadcastRequest(h, NET_MSG_ANSWERED, r, side, yes);
    if (yes && (r == NET_REQ_TAKEBACK || r == NET_REQ_REMATCH)) {
        HostGame_armFirstMove(g, Session_nowMs()); /* back before both first moves */
        NetHost_resync(h);                         /* the moves changed under everyone */
    }
    HostGame_checkEnd(g, h, NULL);
    return true;
}

static bool HostGame_resign(void *game, NetHost *h, NetSide side, char *why, size_t whylen)
{
    HostGame *g = game;
    if (Session_adjourned(g->s) || !Session_resign(g->s, HostGame_colour(side)))
        return Error_set(why, whylen, "the game is already over");
    HostGame_keep(g, h);
    HostGame_checkEnd(g, h, NULL);
    return true;
}

static bool HostGame_claim(void *game, NetHost *h, NetSide side, char *why, size_t whylen)
{
    HostGame *g = game;
    int other = !HostGame_colour(side);
    int64_t now = Session_nowMs();
    if (HostGame_over(g))
        return Error_set(why, whylen, "the game is already over");
    if (NetHost_seated(h, HostGame_side(other)))
        return Error_set(why, whylen, "%s is connected: there is nothing to claim",
                         g->rec.names[other]);
    if (!HostGame_awayPastGrace(g, other, now)) {
        int64_t left =
            g->away_since[other] < 0 ? g->grace_ms : g->grace_ms - (now - g->away_since[other]);
        return Error_set(why, whylen, "%s may still come back: claim in %d s", g->rec.names[other],
                         (int)((left + 999) / 1000));
    }
    Session_forfeit(g->s, other);
    char text[NET_TEXT_MAX];
    snprintf(text, sizeof text, "%s left the game and did not come back", g->rec.names[other]);
    HostGame_keep(g, h);
    HostGame_checkEnd(g, h, text);
    return true;
}

/* ---- deadlines: what a side must do by when, told to every screen */

typedef struct {
    NetDeadline kind;
    NetSide side;
    int64_t due; /* the host's time; -1 with NONE */
} HostDeadline;

/* The first move (or the arrangement) due, else the return of a player
 * who left a game in play, after which the other may claim it. */
static HostDeadline HostGame_deadline(HostGame *g)
{
    HostDeadline d = {NET_DEADLINE_NONE, NET_SIDE_NONE, -1};
    if (HostGame_over(g))
        return d;
    if (g->first_move_due >= 0) {
        bool arranging = g->arranging != NET_SIDE_NONE;
        int late = arranging ? HostGame_colour(g->arranging) : Session_position(g->s)->side;
        return (HostDeadline){NET_DEADLINE_FIRST_MOVE, HostGame_side(late), g->first_move_due};
    }
    for (int c = WHITE; c <= BLACK; c++)
        if (g->met && g->away_since[c] >= 0)
            return (HostDeadline){NET_DEADLINE_CLAIM, HostGame_side(c),
                                  g->away_since[c] + g->grace_ms};
    return d;
}

static void HostGame_fillDeadline(const HostDeadline *d, int64_t now, NetMsg *m)
{
    NetMsg_init(m, NET_MSG_DEADLINE);
    m->deadline = d->kind;
    m->side = d->side;
    m->due_ms = d->kind == NET_DEADLINE_NONE ? 0 : d->due > now ? d->due - now : 0;
}

/* Tells everyone a deadline that changed (set, moved or gone). */
static void HostGame_tellDeadline(HostGame *g, NetHost *h)
{
    HostDeadline d = HostGame_deadline(g);
    if (d.kind == g->told_deadline && d.side == g->told_side && d.due == g->told_due)
        return;
    g->told_deadline = d.kind, g->told_side = d.side, g->told_due = d.due;
    NetMsg m;
    HostGame_fillDeadline(&d, Session_nowMs(), &m);
    NetHost_broadcast(h, &m);
}

/* ---- the state for a (re)joining client */

static void HostGame_snapshot(void *game, NetSnapshot *out)
{
    HostGame *g = game;
    const GameSession *s = g->s;
    snprintf(out->variant, sizeof out->variant, "%s", Session_variant(s)->name);
    int base_ms, inc_ms;
    Session_timeControl(s, &base_ms, &inc_ms);
    out->base_ms = base_ms;
    out->inc_ms = inc_ms;
    Fen_write(&Session_game(s)->start, out->start_fen, sizeof out->start_fen);
    Position p = Session_game(s)->start;
    for (int i = 0; i < Session_game(s)->nmoves; i++) {
        char san[MOVE_TEXT_MAX];
        Undo u;
        Notation_san(&p, Session_game(s)->moves[i], san);
        NetSnapshot_addMove(out, san, Game_clockAt(Session_game(s), i));
        Position_make(&p, Session_game(s)->moves[i], &u);
    }
    NetMsg m;
    HostGame_fillClock(g, &m);
    out->white_ms = m.white_ms;
    out->black_ms = m.black_ms;
    out->running = m.side;
    out->pending = HostGame_request(Session_pending(s).kind);
    out->pending_from =
        out->pending == NET_REQ_NONE ? NET_SIDE_NONE : HostGame_side(Session_pending(s).from);
    if (HostGame_over(g))
        HostGame_result(g, out->result, sizeof out->result, &out->reason);
    out->arranging = g->arranging;
    HostDeadline d = HostGame_deadline(g);
    NetMsg dm;
    HostGame_fillDeadline(&d, Session_nowMs(), &dm);
    out->deadline = dm.deadline;
    out->deadline_side = dm.side;
    out->deadline_ms = dm.due_ms;
}

/* ---- presence and time */

/* A player who comes back to an adjourned game while its host still runs,
 * with the other player there, is back in the game at once: the clocks,
 * stopped since the adjournment, go on from where they stood. */
static void HostGame_checkBack(HostGame *g, NetHost *h, int colour)
{
    if (!Session_adjourned(g->s) || Game_over(Session_game(g->s)) || Session_aborted(g->s)
        || !NetHost_seated(h, HostGame_side(!colour)))
        return;
    Session_setAdjourned(g->s, false);
    g->result_sent = false;
    g->abandoned = false;
    HostGame_keep(g, h);
    NetHost_resync(h); /* in play again, on every screen */
    HostGame_tell(h, "%s is back: the adjourned game goes on%s", g->rec.names[colour], "");
}

static void HostGame_presence(void *game, NetHost *h, NetSide side, bool connected)
{
    HostGame *g = game;
    int c = HostGame_colour(side);
    g->away_since[c] = connected ? -1 : Session_nowMs();
    g->grace_told[c] = false;
    if (connected)
        g->ever_joined = true;
    /* the host has told everyone; leaving both is judged in tick */
    HostGame_checkMet(g, h);
    if (connected)
        HostGame_checkBack(g, h, c);
    HostGame_tellDeadline(g, h);
}

/* Both players gone (judged after the round, since a player who takes
 * their seat over from another terminal leaves and comes back in one). */
static void HostGame_checkDeserted(HostGame *g, NetHost *h, int64_t now)
{
    if (HostGame_over(g) || NetHost_seated(h, NET_SIDE_WHITE) || NetHost_seated(h, NET_SIDE_BLACK))
        return;
    if (!g->ever_joined && now - g->started_ms < HOSTGAME_FIRST_JOIN_MS)
        return;
    Session_setAdjourned(g->s, true);
    g->abandoned = true;
    g->result_sent = true; /* nobody is left to tell */
    HostGame_keep(g, h);
}

static void HostGame_checkGrace(HostGame *g, NetHost *h, int64_t now)
{
    for (int c = WHITE; c <= BLACK; c++) {
        if (g->grace_told[c] || !HostGame_awayPastGrace(g, c, now) || HostGame_over(g))
            continue;
        g->grace_told[c] = true;
        HostGame_tell(h,
                      "%s has been away too long: %s may :claim the game, :adjourn it, "
                      "or wait",
                      g->rec.names[c], g->rec.names[!c]);
    }
}

static void HostGame_tick(void *game, NetHost *h, int64_t now_ms)
{
    HostGame *g = game;
    if (g->unsynced && g->save_path[0] != '\0') /* what this round announced, to the disk */
        HostRecord_sync(g->save_path);
    g->unsynced = false;
    bool was_over = HostGame_over(g);
    Session_tick(g->s, now_ms);
    if (!was_over && HostGame_over(g)) {
        HostGame_keep(g, h);
        HostGame_checkEnd(g, h, NULL);
    }
    if (g->archive_due >= 0 && now_ms >= g->archive_due)
        HostGame_settle(g, h);
    HostGame_checkFirstMove(g, h, now_ms);
    HostGame_checkGrace(g, h, now_ms);
    HostGame_checkDeserted(g, h, now_ms);
    HostGame_tellDeadline(g, h);
}

static int HostGame_sooner(int a, int64_t b)
{
    if (b < 0)
        b = 0;
    return a < 0 || b < a ? (int)b : a;
}

static int HostGame_timeout(void *game, int64_t now_ms)
{
    HostGame *g = game;
    if (HostGame_over(g))
        return g->archive_due < 0 ? -1 : HostGame_sooner(-1, g->archive_due - now_ms);
    int t = Session_msToFlag(g->s, now_ms);
    for (int c = WHITE; c <= BLACK; c++)
        if (g->away_since[c] >= 0 && !g->grace_told[c])
            t = HostGame_sooner(t, g->away_since[c] + g->grace_ms - now_ms);
    if (!g->ever_joined)
        t = HostGame_sooner(t, g->started_ms + HOSTGAME_FIRST_JOIN_MS - now_ms);
    if (g->first_move_due >= 0)
        t = HostGame_sooner(t, g->first_move_due - now_ms);
    return t;
}

static void HostGame_shutdown(void *game, NetHost *h)
{
    HostGame *g = game;
    if (!HostGame_over(g))
        Session_setAdjourned(g->s, true);
    HostGame_keep(g, h);
    HostGame_checkEnd(g, h, "the game's host was stopped: the game is adjourned");
    HostGame_settle(g, h); /* once more; a record left over is archived by the next host */
}

/* A spectator's line held from the players: in the record before it is sent. */
static void HostGame_held(void *game, NetHost *h)
{
    HostGame_keep(game, h);
}

/* The host may end once a finished game is archived. */
static bool HostGame_settled(void *game)
{
    const HostGame *g = game;
    return g->archived || !Game_over(Session_game(g->s)) || Session_aborted(g->s);
}

const NetGameOps HOSTGAME_OPS = {
    .move = HostGame_move,
    .offer = HostGame_offer,
    .answer = HostGame_answer,
    .resign = HostGame_resign,
    .claim = HostGame_claim,
    .abort = HostGame_abort,
    .arrange = HostGame_arrange,
    .snapshot = HostGame_snapshot,
    .over = HostGame_over,
    .presence = HostGame_presence,
    .timeout = HostGame_timeout,
    .tick = HostGame_tick,
    .shutdown = HostGame_shutdown,
    .settled = HostGame_settled,
    .held = HostGame_held,
};
