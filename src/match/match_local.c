/* The local link of a Match (internal.h): every action goes to the
 * session here. And what only a game at this terminal does, or what the
 * menu and the command line set before a game: each passes to the session
 * the Match owns, so that the screens hold only a read-only view of it. */
#include "match/match.h"

#include <stdlib.h>

#include "core/alloc.h"
#include "match/internal.h"

static unsigned MatchLocal_offers(const Match *m)
{
    (void)m;
    return MATCH_NEW | MATCH_UNDO | MATCH_ENGINE | MATCH_ANALYSIS;
}

static bool MatchLocal_move(Match *m, Move mv)
{
    GameSession *s = m->s;
    return Session_move(s, SEAT_HUMAN, Session_position(s)->side, Session_game(s)->nmoves, mv)
        == MOVE_OK;
}

static bool MatchLocal_moveText(Match *m, const char *text)
{
    return Session_moveText(m->s, Session_position(m->s)->side, text);
}

static bool MatchLocal_mayPlay(const Match *m, char *why, size_t len)
{
    (void)m, (void)why, (void)len;
    return true;
}

static void MatchLocal_resign(Match *m)
{
    Session_resign(m->s, Session_localSide(m->s));
}

static void MatchLocal_request(Match *m, RequestKind kind)
{
    Session_request(m->s, Session_localSide(m->s), kind);
}

static bool MatchLocal_asked(const Match *m)
{
    int side = Session_askedSide(m->s);
    return side >= 0 && Session_seat(m->s, side) == SEAT_HUMAN;
}

static bool MatchLocal_answer(Match *m, bool accept)
{
    int side = Session_askedSide(m->s);
    return side >= 0 && Session_answer(m->s, side, accept);
}

static bool MatchLocal_tick(Match *m, int64_t now_ms)
{
    return Session_tick(m->s, now_ms);
}

static int MatchLocal_engineFd(const Match *m)
{
    return Session_pollFd(m->s);
}

static int MatchLocal_linkFd(const Match *m)
{
    (void)m;
    return -1;
}

static short MatchLocal_linkEvents(const Match *m)
{
    (void)m;
    return 0;
}

static bool MatchLocal_busy(const Match *m)
{
    (void)m;
    return false;
}

static void MatchLocal_keepSaved(Match *m)
{
    Session_keepSaved(m->s);
}

/* The state file, for resuming (a flip, the player leaving). */
static void MatchLocal_keepNow(Match *m)
{
    Session_autosave(m->s);
}

static bool MatchLocal_keepUnfinished(Match *m)
{
    return Session_keepUnfinished(m->s);
}

/* The session is the Match's, freed by Match_free. */
static void MatchLocal_holdsNothing(Match *m)
{
    (void)m;
}

static int MatchLocal_localSide(const Match *m)
{
    return Session_localSide(m->s);
}

static const MatchLink MATCH_LINK_HERE = {
    .offers = MatchLocal_offers,
    .elsewhere = "a game against another player (the menu's Invite or Join line)",
    .move = MatchLocal_move,
    .moveText = MatchLocal_moveText,
    .mayPlay = MatchLocal_mayPlay,
    .resign = MatchLocal_resign,
    .request = MatchLocal_request,
    .asked = MatchLocal_asked,
    .answer = MatchLocal_answer,
    .tick = MatchLocal_tick,
    .engineFd = MatchLocal_engineFd,
    .linkFd = MatchLocal_linkFd,
    .linkEvents = MatchLocal_linkEvents,
    .busy = MatchLocal_busy,
    .keepSaved = MatchLocal_keepSaved,
    .keepNow = MatchLocal_keepNow,
    .keepUnfinished = MatchLocal_keepUnfinished,
    .end = MatchLocal_keepNow,
    .release = MatchLocal_holdsNothing,
    .localSide = MatchLocal_localSide,
};

Match *Match_new(void)
{
    Match *m = Alloc_array(1, sizeof *m);
    m->s = Session_new();
    m->link = &MATCH_LINK_HERE;
    m->remote = NULL;
    return m;
}

void Match_free(Match *m)
{
    if (m == NULL)
        return;
    m->link->release(m);
    Session_free(m->s);
    free(m);
}

bool Match_begin(Match *m, const Position *start)
{
    return Session_begin(m->s, start);
}

void Match_adopt(Match *m, Game *g, const PgnHeader *tags, GameNotes *notes)
{
    Session_adoptRecord(m->s, g, tags, notes);
}

bool Match_resume(Match *m, char *err, size_t errlen)
{
    return Session_resume(m->s, err, errlen);
}

bool Match_resumeApart(Match *m, const char *path, char *err, size_t errlen)
{
    return Session_resumeApart(m->s, path, err, errlen);
}

void Match_choosePlayers(Match *m, SeatKind white, SeatKind black, int level)
{
    Session_choosePlayers(m->s, white, black, level);
}

void Match_setClock(Match *m, int base_ms, int inc_ms)
{
    Session_setClock(m->s, base_ms, inc_ms);
}

bool Match_setLevel(Match *m, int level)
{
    return Match_permits(m, MATCH_ENGINE, "level") && Session_setLevel(m->s, level);
}

bool Match_setPace(Match *m, int ms)
{
    return Match_permits(m, MATCH_ENGINE, "pace") && Session_setPace(m->s, ms);
}

bool Match_undo(Match *m)
{
    return Match_permits(m, MATCH_UNDO, "undo") && Session_undo(m->s);
}

bool Match_redo(Match *m)
{
    return Match_permits(m, MATCH_UNDO, "redo") && Session_redo(m->s);
}

void Match_hint(Match *m)
{
    if (Match_permits(m, MATCH_ENGINE, "hint"))
        Session_hint(m->s);
}

void Match_moveNow(Match *m)
{
    if (Match_permits(m, MATCH_ENGINE, "move"))
        Session_moveNow(m->s);
}

bool Match_setEngines(Match *m, bool white, bool black)
{
    if (!Match_permits(m, MATCH_ENGINE, "engine"))
        return false;
    Session_setEngines(m->s, white, black);
    Session_autosave(m->s);
    return true;
}

uint64_t Match_random(Match *m)
{
    return Session_random(m->s);
}

void Match_setSeed(Match *m, uint64_t seed)
{
    Session_setSeed(m->s, seed);
}

void Match_setStateFileForeign(Match *m, bool foreign)
{
    Session_setStateFileForeign(m->s, foreign);
}

void Match_saveApart(Match *m)
{
    Session_saveApart(m->s);
}

bool Match_setAside(Match *m)
{
    return Session_setAside(m->s);
}
