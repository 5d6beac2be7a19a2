/* XBoard's analyze mode: an endless search of the game's position in the
 * session's own engine (XBoard plays no game meanwhile), its MultiPV
 * lines posted as they are finished, and the root moves XBoard excludes. */
#include "cli/xbanalyze.h"

#include <stdlib.h>
#include <string.h>

#include "cli/xbmove.h"
#include "core/error.h"
#include "core/game.h"
#include "core/level.h"
#include "engine/engine.h"

void XbAnalyze_init(XbAnalysis *a)
{
    memset(a, 0, sizeof *a);
    a->multipv = 1;
}

void XbAnalyze_enter(XbAnalysis *a)
{
    a->on = true;
    a->stale = true;
}

void XbAnalyze_halt(XbAnalysis *a, GameSession *s)
{
    if (!a->running)
        return;
    Engine_stop(Session_engine(s));
    Engine_wait(Session_engine(s), NULL); /* a few milliseconds */
    a->running = false;
    a->stale = true;
}

void XbAnalyze_exit(XbAnalysis *a, GameSession *s)
{
    XbAnalyze_halt(a, s);
    a->on = false;
}

void XbAnalyze_newPosition(XbAnalysis *a)
{
    a->nexcluded = 0;
    a->stale = true;
}

static int XbAnalyze_find(const XbAnalysis *a, Move m)
{
    for (int i = 0; i < a->nexcluded; i++)
        if (a->excluded[i] == m)
            return i;
    return -1;
}

static void XbAnalyze_setOne(XbAnalysis *a, Move m, bool exclude)
{
    int at = XbAnalyze_find(a, m);
    if (exclude && at < 0)
        a->excluded[a->nexcluded++] = m;
    else if (!exclude && at >= 0)
        a->excluded[at] = a->excluded[--a->nexcluded];
}

static void XbAnalyze_setAll(XbAnalysis *a, const Position *pos, bool exclude)
{
    a->nexcluded = 0;
    if (!exclude)
        return;
    MoveList *list = malloc(sizeof *list);
    if (!list)
        return;
    Movegen_legal(pos, list);
    memcpy(a->excluded, list->moves, (size_t)list->count * sizeof(Move));
    a->nexcluded = list->count;
    free(list);
}

void XbAnalyze_exclude(XbAnalysis *a, const Position *pos, const char *arg, bool exclude, FILE *out)
{
    const char *cmd = exclude ? "exclude" : "include";
    if (!strcmp(arg, "all")) {
        XbAnalyze_setAll(a, pos, exclude);
        a->stale = true;
        return;
    }
    char text[XB_WORD_MAX], err[ERROR_MAX];
    Move m;
    if (!XbMove_parse(pos->v, arg, text, sizeof text)
        || !Notation_parse(pos, text, &m, err, sizeof err)) {
        fprintf(out, "Error (not a legal move here): %s %s\n", cmd, arg);
        return;
    }
    XbAnalyze_setOne(a, m, exclude);
    a->stale = true;
}

bool XbAnalyze_setLines(XbAnalysis *a, long n)
{
    if (n < 1 || n > XB_MULTIPV_MAX)
        return false;
    a->multipv = (int)n;
    a->stale = true;
    return true;
}

bool XbAnalyze_resume(XbAnalysis *a, GameSession *s)
{
    if (!a->on || !a->stale)
        return true;
    XbAnalyze_halt(a, s);
    a->stale = false;
    a->posted_depth = 0;
    memset(&a->info, 0, sizeof a->info);
    const Game *g = Session_game(s);
    if (Game_over(g))
        return true; /* nothing to search: the game has ended */
    SearchLimits *lim = calloc(1, sizeof *lim);
    if (!lim)
        return false;
    lim->level = LEVEL_MAX;
    lim->infinite = true;
    lim->nodes = a->node_cap;
    lim->multipv = a->multipv;
    lim->nexclude = a->nexcluded;
    memcpy(lim->exclude, a->excluded, (size_t)a->nexcluded * sizeof(Move));
    a->running = Engine_start(Session_engine(s), &g->pos, g->hashes, g->nmoves, lim);
    free(lim);
    return a->running;
}

static void XbAnalyze_post(const XbAnalysis *a, const Position *pos, FILE *out)
{
    const EngineInfo *info = &a->info;
    for (int k = 0; k < info->nlines; k++)
        XbMove_thinking(out, pos, info->depth, info, info->line[k].score, info->line[k].pv,
                        info->line[k].npv);
}

void XbAnalyze_poll(XbAnalysis *a, GameSession *s, FILE *out)
{
    if (!a->running)
        return;
    Engine *e = Session_engine(s);
    bool ended = !Engine_busy(e);
    if (ended) {
        Engine_wait(e, &a->info);
        a->running = false;
    } else {
        Engine_info(e, &a->info);
    }
    if (a->info.depth > a->posted_depth && a->info.nlines > 0) {
        XbAnalyze_post(a, Session_position(s), out);
        a->posted_depth = a->info.depth;
    }
}

void XbAnalyze_status(const XbAnalysis *a, const GameSession *s, FILE *out)
{
    if (!a->on)
        return;
    MoveList *list = malloc(sizeof *list);
    if (!list)
        return;
    Movegen_legal(Session_position(s), list);
    int total = list->count - a->nexcluded;
    free(list);
    /* The search does not tell how far its iteration has gone through the
     * root moves: the moves left are given as none. */
    fprintf(out, "stat01: %d %llu %d 0 %d\n", a->info.elapsed_ms / 10,
            (unsigned long long)a->info.nodes, a->info.depth, total);
}
