/* Requests between the sides (draw, takeback, adjournment, rematch): one
 * side asks, the other accepts or declines; the engine answers at once.
 * Also the local take-back and replay of moves. */
#include "session/session.h"

#include <string.h>

#include "core/status.h"
#include "session/internal.h"

static const char *const request_name[] = {
    [REQUEST_NONE] = "nothing",      [REQUEST_DRAW] = "draw",
    [REQUEST_TAKEBACK] = "takeback", [REQUEST_ADJOURN] = "adjournment",
    [REQUEST_REMATCH] = "rematch",
};

const char *Session_requestName(RequestKind kind)
{
    return request_name[kind];
}

int Session_askedSide(const GameSession *s)
{
    return s->pending.kind == REQUEST_NONE ? -1 : !s->pending.from;
}

/* The side to move at ply k of the game. */
static int Session_sideAt(const GameSession *s, int ply)
{
    return (s->game.start.side + ply) % 2;
}

/* Takes back to the last position where side was to move, at least one ply. */
static bool Session_takeBackTo(GameSession *s, int side)
{
    int target = s->game.nmoves - 1;
    while (target >= 0 && Session_sideAt(s, target) != side)
        target--;
    if (target < 0)
        return false;
    Session_stopThinking(s);
    while (s->game.nmoves > target)
        Game_undo(&s->game);
    s->clock.turn_start_ms = Session_nowMs();
    s->pending.kind = REQUEST_NONE;
    Session_refresh(s);
    return true;
}

/* An ending decided off the board (a resignation, an agreed draw) is taken
 * back alone: the position it left stays. A flag fallen is not: the clock
 * that ran out has no time left to go on with. */
static bool Session_undoEnding(GameSession *s)
{
    GameReason reason = s->game.status.reason;
    if (reason == REASON_TIME) {
        Session_error(s, "the game was lost on time: a clock that ran out cannot be taken back");
        return false;
    }
    Session_stopThinking(s);
    Game_end(&s->game, RESULT_NONE, REASON_NONE);
    s->clock.turn_start_ms = Session_nowMs();
    Session_refresh(s);
    Session_say(s, "the %s is taken back: the game goes on",
                reason == REASON_RESIGNATION ? "resignation" : "ending");
    Session_forgetKept(s);
    return true;
}

static bool Session_endedOffBoard(const GameSession *s)
{
    GameReason r = s->game.status.reason;
    return Game_over(&s->game)
        && (r == REASON_RESIGNATION || r == REASON_AGREEMENT || r == REASON_TIME
            || r == REASON_ABANDONED);
}

bool Session_endingUndoable(const GameSession *s)
{
    if (!s->active || !Game_over(&s->game) || s->game.status.reason == REASON_TIME)
        return false;
    return Session_endedOffBoard(s) || s->game.nmoves > 0;
}

bool Session_takeBack(GameSession *s, int plies)
{
    if (!s->active || plies < 1 || s->game.nmoves < plies)
        return false;
    return Session_takeBackTo(s, Session_sideAt(s, s->game.nmoves - plies));
}

/* Against the engine one step back would hand the move to the engine, which
 * would replay at once: take back to the last position the person had to
 * play, and say so when the person has not moved yet. */
bool Session_undo(GameSession *s)
{
    if (s->active && Session_endedOffBoard(s))
        return Session_undoEnding(s);
    bool was_over = s->active && Game_over(&s->game);
    if (!s->active || s->game.nmoves == 0) {
        Session_error(s, "nothing to undo: no move has been played");
        return false;
    }
    bool vs_engine = s->seat[WHITE] != s->seat[BLACK]
        && (s->seat[WHITE] == SEAT_ENGINE || s->seat[BLACK] == SEAT_ENGINE);
    int side = vs_engine ? Session_localSide(s) : Session_sideAt(s, s->game.nmoves - 1);
    if (!Session_takeBackTo(s, side)) {
        Session_error(s, "nothing of yours to take back: only the engine has moved");
        return false;
    }
    Session_say(s, "move taken back");
    if (was_over)
        Session_forgetKept(s);
    return true;
}

bool Session_redo(GameSession *s)
{
    Session_stopThinking(s);
    if (!s->active || !Game_redo(&s->game)) {
        Session_error(s, "nothing to redo");
        return false;
    }
    while (s->seat[s->game.pos.side] == SEAT_ENGINE && s->seat[!s->game.pos.side] == SEAT_HUMAN
           && Game_redo(&s->game))
        ;
    s->clock.turn_start_ms = Session_nowMs();
    Session_refresh(s);
    Session_say(s, "move replayed");
    return true;
}

bool Session_engineAcceptsDraw(GameSession *s, int engine_side)
{
    Engine *e = Session_engine(s);
    if (!e || !s->active || Game_over(&s->game))
        return false;
    return Engine_acceptsDraw(e, &s->game.pos, s->game.hashes, s->game.nmoves, engine_side,
                              s->level, s->seed + (uint64_t)s->game.nmoves);
}

/* What an accepted request does. */
static void Session_grant(GameSession *s, Request r)
{
    switch (r.kind) {
        case REQUEST_DRAW:
            Session_end(s, RESULT_DRAW, REASON_AGREEMENT);
            Session_say(s, "draw agreed: 1/2-1/2");
            break;
        case REQUEST_TAKEBACK:
            if (Session_takeBackTo(s, r.from))
                Session_say(s, "takeback accepted: %s's move taken back", Session_sideName(r.from));
            break;
        case REQUEST_ADJOURN:
            Session_adjourn(s, true);
            Session_say(s, "game adjourned: it is saved and can be resumed");
            break;
        case REQUEST_REMATCH: {
            Position start = s->game.start;
            SeatKind white = s->seat[WHITE];
            s->seat[WHITE] = s->seat[BLACK];
            s->seat[BLACK] = white;
            if (Session_begin(s, &start))
                Session_say(s, "rematch: the players change colours");
            break;
        }
        case REQUEST_NONE: break;
    }
}

static bool Session_mayAsk(GameSession *s, RequestKind kind)
{
    bool over = !s->active || Game_over(&s->game) || s->aborted;
    if (kind == REQUEST_REMATCH ? !over : over) {
        Session_error(s,
                      kind == REQUEST_REMATCH ? "a rematch is offered when the game is over"
                                              : "the game is already over");
        return false;
    }
    if (kind == REQUEST_TAKEBACK && s->game.nmoves == 0) {
        Session_error(s, "nothing to take back: no move has been played");
        return false;
    }
    if (s->pending.kind != REQUEST_NONE) {
        Session_error(s, "a %s request is already waiting for an answer",
                      request_name[s->pending.kind]);
        return false;
    }
    return true;
}

bool Session_request(GameSession *s, int side, RequestKind kind)
{
    if (kind == REQUEST_NONE || !Session_mayAsk(s, kind))
        return false;
    Request r = {kind, side, s->game.nmoves};
    if (s->seat[!side] == SEAT_ENGINE) {
        bool accept = kind != REQUEST_DRAW || Session_engineAcceptsDraw(s, !side);
        if (accept)
            Session_grant(s, r);
        else
            Session_say(s, "the engine declines the draw: it wants to play on");
        return accept;
    }
    s->pending = r;
    s->changes++;
    const char *name = request_name[kind];
    Session_say(s, "%s asks for %s %s: %s, do you accept?", Session_sideName(side),
                strchr("aeiou", name[0]) ? "an" : "a", name, Session_sideName(!side));
    return true;
}

bool Session_answer(GameSession *s, int side, bool accept)
{
    Request r = s->pending;
    if (r.kind == REQUEST_NONE || side == r.from) {
        Session_error(s, "there is no request for %s to answer", Session_sideName(side));
        return false;
    }
    s->pending.kind = REQUEST_NONE;
    s->changes++;
    if (accept)
        Session_grant(s, r);
    else
        Session_say(s, "%s declines the %s", Session_sideName(side), request_name[r.kind]);
    return true;
}
