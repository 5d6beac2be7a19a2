/* A game in play (see match.h): each action goes to the match's link
 * through its ops table (internal.h), after the rules every link shares.
 * Nothing here asks which link a game has. */
#include "match/match.h"

#include <stdio.h>

#include "core/error.h"
#include "match/internal.h"

void Match_useEngineSlots(Match *m, const EngineSlots *slots)
{
    m->slots = slots;
    Session_useEngineSlots(m->s, slots);
}

const GameSession *Match_session(const Match *m)
{
    return m->s;
}

GameSession *Match_drivenSession(Match *m)
{
    return m->s;
}

bool Match_offers(const Match *m, unsigned what)
{
    return (m->link->offers(m) & what) == what;
}

bool Match_permits(Match *m, unsigned what, const char *command)
{
    if (Match_offers(m, what))
        return true;
    Session_error(m->s, "%s is for %s", command, m->link->elsewhere);
    return false;
}

bool Match_move(Match *m, Move mv)
{
    return m->link->move(m, mv);
}

bool Match_moveText(Match *m, const char *text)
{
    return m->link->moveText(m, text);
}

/* Who the player waits for: the other player, by name, or the engine. */
static const char *Match_moverName(const Match *m)
{
    const char *name = Match_name(m, Session_position(m->s)->side);
    return name != NULL ? name : "the engine";
}

bool Match_mayMove(const Match *m, char *why, size_t len)
{
    const GameSession *s = m->s;
    int arranging = Match_arranging(m);
    if (!m->link->mayPlay(m, why, len))
        return false;
    if (Session_aborted(s))
        return Error_set(why, len, "the game was aborted: it is over, with no result");
    if (arranging >= 0 && arranging == Match_localSide(m))
        return Error_set(why, len, "arrange your pieces first (:arrange shows the board)");
    if (arranging >= 0)
        return Error_set(why, len, "%s arranges the pieces first; please wait",
                         Match_name(m, arranging));
    if (!Session_humanToMove(s))
        return Error_set(why, len, "it is %s's move; please wait", Match_moverName(m));
    return true;
}

void Match_resign(Match *m)
{
    m->link->resign(m);
}

void Match_request(Match *m, RequestKind kind)
{
    m->link->request(m, kind);
}

bool Match_asked(const Match *m)
{
    return m->link->asked(m);
}

bool Match_answer(Match *m, bool accept)
{
    return m->link->answer(m, accept);
}

void Match_claim(Match *m)
{
    if (Match_permits(m, MATCH_HOST, "claim"))
        m->link->claim(m);
}

void Match_addNote(Match *m, int ply, NoteKind kind, const char *text)
{
    Session_addNote(m->s, ply, kind, text);
}

MatchDeadline Match_deadline(const Match *m, int64_t now_ms)
{
    MatchDeadline d = {MATCH_DEADLINE_NONE, WHITE, 0};
    if (Match_offers(m, MATCH_HOST))
        m->link->deadline(m, now_ms, &d);
    return d;
}

void Match_abort(Match *m)
{
    if (Match_permits(m, MATCH_HOST, "abort"))
        m->link->abort(m);
}

int Match_arranging(const Match *m)
{
    return Match_offers(m, MATCH_ARRANGE) ? m->link->arranging(m) : -1;
}

bool Match_awaitsArrangement(const Match *m)
{
    return Match_offers(m, MATCH_ARRANGE) && m->link->awaitsArrangement(m);
}

bool Match_arrangeDue(Match *m)
{
    return Match_offers(m, MATCH_ARRANGE) && m->link->arrangeDue(m);
}

void Match_offerArrangement(Match *m)
{
    if (Match_permits(m, MATCH_ARRANGE, "arrange"))
        m->link->offerArrangement(m);
}

void Match_arrange(Match *m, int setup)
{
    if (Match_offers(m, MATCH_ARRANGE))
        m->link->arrange(m, setup);
}

void Match_say(Match *m, const char *text)
{
    if (Match_permits(m, MATCH_CHAT, "say"))
        m->link->say(m, text);
}

bool Match_tick(Match *m, int64_t now_ms)
{
    return m->link->tick(m, now_ms);
}

int Match_engineFd(const Match *m)
{
    return m->link->engineFd(m);
}

int Match_linkFd(const Match *m)
{
    return m->link->linkFd(m);
}

short Match_linkEvents(const Match *m)
{
    return m->link->linkEvents(m);
}

bool Match_busy(const Match *m)
{
    return m->link->busy(m);
}

void Match_keepSaved(Match *m)
{
    m->link->keepSaved(m);
}

bool Match_keepUnfinished(Match *m)
{
    return m->link->keepUnfinished(m);
}

void Match_end(Match *m)
{
    m->link->end(m);
}

void Match_flip(Match *m)
{
    Session_flip(m->s);
    m->link->keepNow(m);
}

int Match_localSide(const Match *m)
{
    return m->link->localSide(m);
}

const char *Match_name(const Match *m, int side)
{
    return Match_offers(m, MATCH_NAMED) ? m->link->name(m, side) : NULL;
}

bool Match_connected(const Match *m, int side)
{
    return !Match_offers(m, MATCH_NAMED) || m->link->connected(m, side);
}

const char *Match_otherOption(const Match *m)
{
    return Match_offers(m, MATCH_NAMED) ? m->link->otherOption(m) : "";
}

int Match_chatCount(const Match *m)
{
    return Match_offers(m, MATCH_CHAT) ? m->link->chatCount(m) : 0;
}

const char *Match_chatLine(const Match *m, int i)
{
    return Match_offers(m, MATCH_CHAT) ? m->link->chatLine(m, i) : "";
}
