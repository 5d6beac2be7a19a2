/* A game in play and its link (see match.h): each action goes to the
 * session here, or to the host through the replica. This is the only
 * place that asks which link a game has. */
#include "match/match.h"

#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/notation.h"
#include "match/replica.h"

void Match_create(Match *m)
{
    m->s = Session_new();
    m->remote = NULL;
}

void Match_destroy(Match *m)
{
    Session_free(m->s);
    m->s = NULL;
    m->remote = NULL;
}

const GameSession *Match_session(const Match *m)
{
    return m->s;
}

bool Match_attach(Match *m, Replica *r, char *err, size_t errlen)
{
    if (!Replica_attach(r, m->s, err, errlen))
        return false;
    m->remote = r;
    return true;
}

bool Match_remote(const Match *m)
{
    return m->remote != NULL;
}

bool Match_move(Match *m, Move mv)
{
    GameSession *s = m->s;
    if (m->remote) { /* played when the host sends it back */
        Replica_move(m->remote, mv);
        return true;
    }
    return Session_move(s, SEAT_HUMAN, Session_position(s)->side, Session_game(s)->nmoves, mv)
        == MOVE_OK;
}

bool Match_moveText(Match *m, const char *text)
{
    GameSession *s = m->s;
    if (m->remote == NULL)
        return Session_moveText(s, Session_position(s)->side, text);
    char err[ERROR_MAX];
    Move mv;
    if (!Notation_parse(Session_position(s), text, &mv, err, sizeof err)) {
        Session_error(s, "%s: %s", text, err);
        return false;
    }
    Replica_move(m->remote, mv);
    return true;
}

bool Match_mayMove(const Match *m, char *why, size_t len)
{
    const GameSession *s = m->s;
    if (m->remote && Replica_side(m->remote) < 0)
        return Error_set(why, len, "you are watching this game: only its players move");
    if (m->remote && Session_adjourned(s))
        return Error_set(why, len, "the game is adjourned");
    if (Session_aborted(s))
        return Error_set(why, len, "the game was aborted: it is over, with no result");
    if (Match_arranging(m) >= 0 && Match_arranging(m) == Match_localSide(m))
        return Error_set(why, len, "arrange your pieces first (:arrange shows the board)");
    if (Match_arranging(m) >= 0)
        return Error_set(why, len, "%s arranges the pieces first; please wait",
                         Replica_name(m->remote, Match_arranging(m)));
    if (m->remote && !Session_humanToMove(s))
        return Error_set(why, len, "it is %s's move; please wait",
                         Replica_name(m->remote, Session_position(s)->side));
    if (!Session_humanToMove(s))
        return Error_set(why, len, "it is the engine's move; please wait");
    return true;
}

void Match_resign(Match *m)
{
    if (m->remote)
        Replica_resign(m->remote);
    else
        Session_resign(m->s, Session_localSide(m->s));
}

void Match_request(Match *m, RequestKind kind)
{
    if (m->remote)
        Replica_request(m->remote, kind);
    else
        Session_request(m->s, Session_localSide(m->s), kind);
}

bool Match_asked(const Match *m)
{
    int side = Session_askedSide(m->s);
    if (m->remote)
        return side >= 0 && side == Replica_side(m->remote);
    return side >= 0 && Session_seat(m->s, side) == SEAT_HUMAN;
}

bool Match_answer(Match *m, bool accept)
{
    int side = Session_askedSide(m->s);
    if (m->remote == NULL)
        return side >= 0 && Session_answer(m->s, side, accept);
    if (!Match_asked(m))
        return false;
    Replica_answer(m->remote, accept);
    Session_setPending(m->s, REQUEST_NONE, WHITE); /* until the host says what came of it */
    return true;
}

void Match_claim(Match *m)
{
    if (m->remote)
        Replica_claim(m->remote);
    else
        Session_error(m->s, "only a game between terminals can be claimed");
}

void Match_abort(Match *m)
{
    if (m->remote)
        Replica_abort(m->remote);
    else
        Session_error(m->s, "only a game between terminals can be aborted");
}

int Match_arranging(const Match *m)
{
    return m->remote ? Replica_arranging(m->remote) : -1;
}

bool Match_awaitsArrangement(const Match *m)
{
    return m->remote != NULL && Replica_awaitsArrangement(m->remote);
}

bool Match_arrangeDue(Match *m)
{
    return m->remote != NULL && Replica_arrangeDue(m->remote);
}

void Match_offerArrangement(Match *m)
{
    if (m->remote)
        Replica_offerArrangement(m->remote);
    else
        Session_error(m->s, "only a game between terminals waits for Black's arrangement");
}

void Match_arrange(Match *m, int setup)
{
    if (m->remote)
        Replica_arrange(m->remote, setup);
}

void Match_say(Match *m, const char *text)
{
    if (m->remote)
        Replica_say(m->remote, text);
    else
        Session_error(m->s, "nobody else is at this game to read it");
}

bool Match_tick(Match *m, int64_t now_ms)
{
    if (m->remote) /* the host runs the clocks and decides the results */
        return Replica_pump(m->remote);
    return Session_tick(m->s, now_ms);
}

int Match_engineFd(const Match *m)
{
    return m->remote ? -1 : Session_pollFd(m->s);
}

int Match_linkFd(const Match *m)
{
    return m->remote ? Replica_fd(m->remote) : -1;
}

short Match_linkEvents(const Match *m)
{
    return m->remote ? Replica_events(m->remote) : 0;
}

bool Match_busy(const Match *m)
{
    return m->remote && Replica_busy(m->remote);
}

void Match_keepSaved(Match *m)
{
    if (m->remote == NULL) /* a game between terminals is kept by its host */
        Session_keepSaved(m->s);
}

bool Match_keepUnfinished(Match *m)
{
    return m->remote != NULL || Session_keepUnfinished(m->s);
}

void Match_end(Match *m)
{
    if (m->remote) {
        Replica_leave(m->remote);
        m->remote = NULL;
    } else {
        Session_autosave(m->s);
    }
}

int Match_localSide(const Match *m)
{
    return m->remote ? Replica_side(m->remote) : Session_localSide(m->s);
}

const char *Match_name(const Match *m, int side)
{
    return m->remote ? Replica_name(m->remote, side) : NULL;
}

bool Match_connected(const Match *m, int side)
{
    return m->remote ? Replica_connected(m->remote, side) : true;
}

const char *Match_otherOption(const Match *m)
{
    return m->remote ? Replica_otherOption(m->remote) : "";
}

int Match_chatCount(const Match *m)
{
    return m->remote ? Replica_chatCount(m->remote) : 0;
}

const char *Match_chatLine(const Match *m, int i)
{
    return m->remote ? Replica_chatLine(m->remote, i) : "";
}
