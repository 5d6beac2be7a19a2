/* The analysis: a second engine, apart from the one that plays, so that
 * looking never disturbs a game's search, its hash table or its result.
 * The search runs in the engine's own thread; the loop only reads its
 * progress, so the screen never waits for it. */
#include "ui/analysis_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "ui/review.h"
#include "ui/variation.h"

struct AnalysisView {
    Engine *engine;
    bool started; /* a search was started for pos (none when it has no move) */
    bool running;
    Position pos; /* the position searched */
    int ply;      /* how many moves of the game led to it */
    int lines;    /* lines searched and shown, 1 to ANALYSIS_LINES_MAX */
    EngineInfo info;
};

static void AnalysisView_halt(struct AnalysisView *a)
{
    if (!a->running)
        return;
    Engine_stop(a->engine);
    Engine_wait(a->engine, NULL); /* stopping takes a few milliseconds */
    a->running = false;
}

void AnalysisView_free(struct AnalysisView *a)
{
    if (a == NULL)
        return;
    AnalysisView_halt(a);
    if (a->engine)
        Engine_free(a->engine);
    free(a);
}

void AnalysisView_stop(Play *p)
{
    if (p->analysis == NULL)
        return;
    p->analysis->started = false; /* turned on again, it starts afresh */
    if (p->analysis->running) {
        AnalysisView_halt(p->analysis);
        p->changes++;
    }
}

bool AnalysisView_running(const Play *p)
{
    return p->analysis != NULL && p->analysis->running;
}

static struct AnalysisView *AnalysisView_of(Play *p)
{
    if (p->analysis == NULL) {
        p->analysis = Alloc_array(1, sizeof *p->analysis);
        memset(p->analysis, 0, sizeof *p->analysis);
        p->analysis->engine = Engine_new(ANALYSIS_TT_MB);
        p->analysis->lines = 1;
        Engine_useSlots(p->analysis->engine, p->engines);
    }
    return p->analysis;
}

/* Starts on the position shown, with the game's history up to it, so that
 * repetitions count as in the game. */
static void AnalysisView_start(Play *p, struct AnalysisView *a, const Position *pos, int ply)
{
    SearchLimits lim;
    MoveList legal;
    memset(&lim, 0, sizeof lim);
    lim.infinite = true;
    lim.multipv = a->lines;
    memset(&a->info, 0, sizeof a->info);
    a->pos = *pos;
    a->ply = ply;
    a->started = true;
    Movegen_legal(pos, &legal);
    int nhistory;
    const uint64_t *history = Variation_history(p, ply, &nhistory);
    if (legal.count > 0)
        a->running = Engine_start(a->engine, pos, history, nhistory, &lim);
    if (!a->running && Engine_refusal(a->engine)[0] != '\0') { /* no engine free */
        p->show_analysis = false;
        Play_error(p, "no analysis: %s", Engine_refusal(a->engine));
    }
    p->changes++;
}

bool AnalysisView_allowed(const Play *p)
{
    return Match_offers(p->match, MATCH_ANALYSIS);
}

/* Pauses while the playing engine thinks: the two would share the
 * processor, and the game's engine would play weaker for it. */
static bool AnalysisView_wanted(const Play *p)
{
    return p->show_analysis && Session_hasGame(p->s) && Session_thinking(p->s) == THINK_NONE;
}

bool AnalysisView_tick(Play *p)
{
    if (p->show_analysis && !AnalysisView_allowed(p)) { /* a rematch began */
        p->show_analysis = false;
        Play_say(p, "analysis off: a new game is being played");
    }
    if (!AnalysisView_wanted(p)) {
        bool was = AnalysisView_running(p);
        AnalysisView_stop(p);
        return was;
    }
    struct AnalysisView *a = AnalysisView_of(p);
    Position buf;
    const Position *pos = Review_shown(p, &buf);
    int ply; /* the moves before the position shown, a variation's too */
    Variation_history(p, Review_ply(p), &ply);
    bool same = a->ply == ply && a->pos.hash == pos->hash && a->pos.v == pos->v;
    if (!same || !a->started) {
        AnalysisView_halt(a);
        AnalysisView_start(p, a, pos, ply);
        return true;
    }
    if (!a->running)
        return false;
    EngineInfo info;
    Engine_info(a->engine, &info);
    if (!Engine_busy(a->engine)) {
        Engine_wait(a->engine, &info); /* it ended by itself: a mate, the deepest depth */
        a->running = false;
    }
    bool changed = info.depth != a->info.depth || info.score != a->info.score
        || info.npv != a->info.npv || (info.npv > 0 && info.pv[0] != a->info.pv[0])
        || info.nlines != a->info.nlines;
    for (int i = 1; i < info.nlines && i < a->info.nlines && !changed; i++)
        changed = info.line[i].score != a->info.line[i].score
            || info.line[i].pv[0] != a->info.line[i].pv[0];
    if (info.depth > 0)
        a->info = info;
    return changed;
}

UiAction AnalysisView_command(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (!p->show_analysis && !AnalysisView_allowed(p)) {
        Play_error(p, "%s",
                   p->engines != NULL && !p->engines->live_games
                       ? "no engine on a game in play here, for its players or its "
                         "spectators: analysis opens once it is over"
                       : "no analysis while you play this game: spectators may, and you once "
                         "it is over");
        return ACTION_NONE;
    }
    p->show_analysis = !p->show_analysis;
    if (p->show_analysis)
        Play_say(p, "analysis on: the engine thinks about the position shown (a stops it)");
    else
        Play_say(p, "analysis off");
    AnalysisView_tick(p); /* starts or stops at once */
    return ACTION_NONE;
}

Move AnalysisView_best(const Play *p)
{
    const struct AnalysisView *a = p->analysis;
    if (!p->show_analysis || a == NULL || a->info.npv == 0)
        return MOVE_NONE;
    return a->info.pv[0];
}

static bool AnalysisView_legal(const Position *pos, Move m)
{
    MoveList legal;
    Movegen_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++)
        if (legal.moves[i] == m)
            return true;
    return false;
}

/* A line in SAN, numbered as the move list numbers the game's moves. */
static void AnalysisView_line(const Play *p, const struct AnalysisView *a, const Move *pv, int npv,
                              char *buf, size_t len)
{
    Position pos = a->pos;
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < npv && used + 1 < len; i++) {
        Move m = pv[i];
        char san[MOVE_TEXT_MAX], number[24] = "";
        Undo u;
        if (!AnalysisView_legal(&pos, m))
            break; /* the rest of a line read from the hash table may be stale */
        int ply = a->ply + i;
        if (pos.side == WHITE)
            snprintf(number, sizeof number, "%d. ", Game_moveNumberAt(Session_game(p->s), ply));
        else if (i == 0)
            snprintf(number, sizeof number, "%d... ", Game_moveNumberAt(Session_game(p->s), ply));
        Notation_san(&pos, m, san);
        int n = snprintf(buf + used, len - used, "%s%s%s", i ? " " : "", number, san);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
        Position_make(&pos, m, &u);
    }
}

void AnalysisView_describe(const Play *p, char *head, size_t headlen, char *line, size_t linelen)
{
    const struct AnalysisView *a = p->analysis;
    line[0] = '\0';
    if (Session_thinking(p->s) != THINK_NONE) {
        snprintf(head, headlen, "analysis waits for the engine");
        return;
    }
    if (a == NULL || !a->started) {
        snprintf(head, headlen, "analysis: starting...");
        return;
    }
    if (a->info.depth == 0 && !a->running) {
        snprintf(head, headlen, "analysis: no legal move here");
        return;
    }
    if (a->info.depth == 0) {
        snprintf(head, headlen, "analysis: thinking...");
        return;
    }
    char score[16];
    Session_scoreText(a->info.score, a->pos.side, score, sizeof score); /* White's side */
    long speed = a->info.elapsed_ms > 0 ? (long)(a->info.nodes / (uint64_t)a->info.elapsed_ms) : 0;
    snprintf(head, headlen, "analysis d%d %s %ld kn/s%s", a->info.depth, score, speed,
             a->running ? "" : " (done)");
    if (AnalysisView_lineCount(p) > 1)
        AnalysisView_lineText(p, 0, line, linelen);
    else
        AnalysisView_line(p, a, a->info.pv, a->info.npv, line, linelen);
}

int AnalysisView_lineCount(const Play *p)
{
    const struct AnalysisView *a = p->analysis;
    if (!p->show_analysis || a == NULL || a->info.depth == 0)
        return 0;
    int n = a->info.nlines > 0 ? a->info.nlines : 1;
    return n < a->lines ? n : a->lines;
}

void AnalysisView_lineText(const Play *p, int i, char *buf, size_t len)
{
    const struct AnalysisView *a = p->analysis;
    const EngineLine *l = &a->info.line[i];
    char score[16], moves[256];
    bool first = i == 0 || a->info.nlines == 0;
    Session_scoreText(first ? a->info.score : l->score, a->pos.side, score, sizeof score);
    if (first)
        AnalysisView_line(p, a, a->info.pv, a->info.npv, moves, sizeof moves);
    else
        AnalysisView_line(p, a, l->pv, l->npv, moves, sizeof moves);
    snprintf(buf, len, "%s %s", score, moves);
}

/* The search starts again with the lines chosen. */
static UiAction AnalysisView_setLines(Play *p, int lines)
{
    struct AnalysisView *a = AnalysisView_of(p);
    lines = lines < 1 ? 1 : lines > ANALYSIS_LINES_MAX ? ANALYSIS_LINES_MAX : lines;
    if (lines == a->lines) {
        Play_say(p, "the analysis shows %s %d line%s (+ more, - fewer)",
                 lines == 1 ? "only" : "its most,", lines, lines == 1 ? "" : "s");
        return ACTION_NONE;
    }
    a->lines = lines;
    a->started = false; /* the next tick starts it again */
    Play_say(p, "the analysis shows %d line%s%s", lines, lines == 1 ? "" : "s",
             p->show_analysis ? "" : " once it is on (a)");
    return ACTION_NONE;
}

UiAction AnalysisView_moreLines(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    return AnalysisView_setLines(p, AnalysisView_of(p)->lines + 1);
}

UiAction AnalysisView_fewerLines(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    return AnalysisView_setLines(p, AnalysisView_of(p)->lines - 1);
}
