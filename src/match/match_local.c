/* The Match's side of what only a game at this terminal does, or what the
 * menu and the command line set before a game: each passes to the session
 * the Match owns, so that the screens hold only a read-only view of it. */
#include "match/match.h"

bool Match_begin(Match *m, const Position *start)
{
    return Session_begin(m->s, start);
}

void Match_adopt(Match *m, Game *g, const PgnHeader *tags)
{
    Session_adoptRecord(m->s, g, tags);
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
    return Session_setLevel(m->s, level);
}

bool Match_undo(Match *m)
{
    return Session_undo(m->s);
}

bool Match_redo(Match *m)
{
    return Session_redo(m->s);
}

void Match_hint(Match *m)
{
    Session_hint(m->s);
}

void Match_moveNow(Match *m)
{
    Session_moveNow(m->s);
}

void Match_flip(Match *m)
{
    Session_flip(m->s);
    Session_autosave(m->s);
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
