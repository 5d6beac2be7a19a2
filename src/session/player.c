/* The session in time: the engine as a player (its search, hints, move
 * now), the clocks running out, and the saved game kept in step. */
#include "session/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/level.h"
#include "core/notation.h"
#include "core/setup.h"
#include "core/status.h"
#include "core/timecontrol.h"
#include "record/autosave.h"
#include "record/paths.h"
#include "record/record.h"
#include "record/saved.h"
#include "core/level.h"
#include "session/internal.h"

#define HINT_MS 1000

Engine *Session_engine(GameSession *s)
{
    if (!s->engine) {
        s->engine = Engine_new(ENGINE_DEFAULT_TT_MB);
        Engine_useSlots(s->engine, s->slots);
    }
    return s->engine;
}

static void Session_limits(const GameSession *s, SearchLimits *lim, bool hint)
{
    memset(lim, 0, sizeof *lim);
    lim->level = hint ? LEVEL_MAX : s->level;
    lim->seed = s->seed + (uint64_t)s->game.nmoves;
    if (s->clock.base_ms && !hint) {
        int64_t now = Session_nowMs();
        lim->time_ms[WHITE] = Session_clockLeft(s, WHITE, now);
        lim->time_ms[BLACK] = Session_clockLeft(s, BLACK, now);
        lim->inc_ms[WHITE] = lim->inc_ms[BLACK] = s->clock.inc_ms;
    } else if (hint) {
        lim->movetime_ms = HINT_MS; /* a hint should not keep the player waiting */
    }
    /* Otherwise the level's own time per move applies (engine/levels.c). */
}

static bool Session_search(GameSession *s, ThinkKind kind, const SearchLimits *lim)
{
    Engine *e = Session_engine(s);
    if (!e) {
        Session_error(s, "the engine could not be started (out of memory)");
        return false;
    }
    if (!Engine_start(e, &s->game.pos, s->game.hashes, s->game.nmoves, lim)) {
        const char *why = Engine_refusal(e);
        Session_error(s, "%s", why[0] != '\0' ? why : "the engine could not be started");
        return false;
    }
    memset(&s->info, 0, sizeof s->info);
    s->thinking = kind;
    s->changes++;
    return true;
}

static bool Session_startEngine(GameSession *s, ThinkKind kind)
{
    SearchLimits lim;
    Session_limits(s, &lim, kind == THINK_HINT);
    return Session_search(s, kind, &lim);
}

bool Session_think(GameSession *s, const SearchLimits *lim)
{
    if (s->thinking != THINK_NONE || !s->active || Game_over(&s->game)
        || s->seat[s->game.pos.side] != SEAT_ENGINE) {
        Session_error(s, "the engine cannot move now");
        return false;
    }
    return Session_search(s, THINK_MOVE, lim);
}

void Session_hint(GameSession *s)
{
    if (s->thinking != THINK_NONE) {
        Session_error(s, "the engine is busy; ask again in a moment");
        return;
    }
    if (Session_startEngine(s, THINK_HINT))
        Session_say(s, "looking for a hint...");
}

void Session_moveNow(GameSession *s)
{
    if (s->thinking == THINK_NONE) {
        Session_error(s, "the engine is not thinking now");
        return;
    }
    Engine_stop(s->engine); /* its done pipe wakes the loop, as on time */
    Session_say(s, s->thinking == THINK_HINT ? "the hint comes now" : "the engine plays now");
}

void Session_scoreText(int score, int mover, char *buf, size_t len)
{
    int white = mover == WHITE ? score : -score;
    int size = white < 0 ? -white : white;
    if (size > ENGINE_MATE_BOUND)
        snprintf(buf, len, "#%s%d", white < 0 ? "-" : "", (ENGINE_MATE - size + 1) / 2);
    else
        snprintf(buf, len, "%+.2f", white / 100.0);
}

static void Session_engineDone(GameSession *s)
{
    ThinkKind kind = s->thinking;
    Move best = Engine_wait(s->engine, &s->info);
    s->thinking = THINK_NONE;
    s->changes++;
    if (best == MOVE_NONE) {
        Session_error(s, "the engine found no move");
        return;
    }
    if (kind == THINK_MOVE) {
        Session_move(s, SEAT_ENGINE, s->game.pos.side, s->game.nmoves, best);
        if (s->seat[WHITE] == SEAT_ENGINE && s->seat[BLACK] == SEAT_ENGINE)
            s->paced_until_ms = Session_nowMs() + s->pace_ms;
        return;
    }
    char san[MOVE_TEXT_MAX];
    Notation_san(&s->game.pos, best, san);
    char score[32];
    Session_scoreText(s->info.score, s->game.pos.side, score, sizeof score);
    s->hint = best;
    /* The search's depth and score stay with the move: the line that showed
       them while it thought is gone as soon as it ends. */
    Session_say(s, "hint: %s (depth %d, %s)", san, s->info.depth, score);
}

static bool Session_engineToMove(const GameSession *s)
{
    return s->thinking == THINK_NONE && s->active && !Game_over(&s->game) && !s->adjourned
        && !s->aborted && s->seat[s->game.pos.side] == SEAT_ENGINE;
}

/* Whether the pause between two engines' moves is over; the clock to move
 * starts again when it is, so that the pause costs neither engine time. */
static bool Session_paced(GameSession *s)
{
    bool engines = s->seat[WHITE] == SEAT_ENGINE && s->seat[BLACK] == SEAT_ENGINE;
    if (s->paced_until_ms == 0 || !engines) {
        s->paced_until_ms = 0;
        return true;
    }
    if (Session_nowMs() < s->paced_until_ms)
        return false;
    s->paced_until_ms = 0;
    s->clock.turn_start_ms = Session_nowMs();
    return true;
}

bool Session_setPace(GameSession *s, int ms)
{
    if (ms < 0 || ms > PACE_MAX_MS) {
        Session_error(s, "the pace is a pause of 0 to %d seconds a move", PACE_MAX_MS / 1000);
        return false;
    }
    s->pace_ms = ms;
    if (s->paced_until_ms != 0) /* a pause under way ends by the new pace */
        s->paced_until_ms = Session_nowMs() + ms;
    return true;
}

int Session_pace(const GameSession *s)
{
    return s->pace_ms;
}

int Session_msToPace(const GameSession *s, int64_t now_ms)
{
    if (s->paced_until_ms == 0 || !Session_engineToMove(s))
        return -1;
    return now_ms < s->paced_until_ms ? (int)(s->paced_until_ms - now_ms) : 0;
}

static bool Session_tickEngine(GameSession *s)
{
    if (s->thinking != THINK_NONE) {
        EngineInfo info;
        if (!Engine_busy(s->engine)) {
            Session_engineDone(s);
            /* The other side's clock runs from the move: if the engine
             * plays that side too, its search starts now, not when the
             * caller next ticks (a screen sleeps until its clock's next
             * second: level 10 against itself lost a second a move). */
            if (Session_engineToMove(s) && Session_paced(s))
                Session_startEngine(s, THINK_MOVE);
            return true;
        }
        Engine_info(s->engine, &info);
        bool changed = info.depth != s->info.depth || info.score != s->info.score;
        /* Full strength may think for many seconds: the screen counts them. */
        bool new_second = info.elapsed_ms / 1000 != s->info.elapsed_ms / 1000;
        s->info = info;
        return new_second || changed;
    }
    return Session_engineToMove(s) && Session_paced(s) && Session_startEngine(s, THINK_MOVE);
}

static bool Session_tickClock(GameSession *s, int64_t now_ms)
{
    if (!Session_clockRuns(s))
        return false;
    int side = s->game.pos.side;
    if (Session_clockLeft(s, side, now_ms) > 0)
        return false;
    GameStatus st = Status_afterFlag(&s->game.pos, side);
    Session_end(s, st.result, st.reason);
    s->clock.left_ms[side] = 0;
    if (st.result == RESULT_DRAW)
        Session_say(s, "%s's time is up, but %s cannot mate: %s", Session_sideName(side),
                    Session_sideName(side ^ 1), Status_resultText(st.result));
    else
        Session_say(s, "%s's time is up: %s", Session_sideName(side), Status_resultText(st.result));
    return true;
}

bool Session_tick(GameSession *s, int64_t now_ms)
{
    if (!s->active)
        return false;
    if (!Session_clockRuns(s))
        s->clock.turn_start_ms = now_ms; /* the clock starts when it first runs */
    bool changed = Session_tickClock(s, now_ms);
    return Session_tickEngine(s) || changed;
}

int Session_pollFd(const GameSession *s)
{
    return s->engine ? Engine_doneFd(s->engine) : -1;
}

int Session_msToFlag(const GameSession *s, int64_t now_ms)
{
    if (!Session_clockRuns(s))
        return -1;
    return Session_clockLeft(s, s->game.pos.side, now_ms);
}

static void Session_info(const GameSession *s, AutosaveInfo *info)
{
    int64_t now = Session_nowMs();
    memset(info, 0, sizeof *info);
    info->tags = s->tags;
    info->notes = &s->notes;
    info->engine[WHITE] = s->seat[WHITE] == SEAT_ENGINE;
    info->engine[BLACK] = s->seat[BLACK] == SEAT_ENGINE;
    info->level = s->level;
    info->base_ms = s->clock.base_ms;
    info->inc_ms = s->clock.inc_ms;
    info->flipped = s->flipped;
    if (s->clock.base_ms) {
        info->clock_ms[WHITE] = Session_clockLeft(s, WHITE, now);
        info->clock_ms[BLACK] = Session_clockLeft(s, BLACK, now);
    }
}

/* The file's own name: its folder is always the saved-games folder. */
static const char *Session_baseName(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* Says where an unfinished game went, and keeps the path for the screen. */
static void Session_keptAside(GameSession *s, const char *path)
{
    snprintf(s->aside_path, sizeof s->aside_path, "%s", path);
    Session_append(s, "the earlier unfinished game was kept as %s", path);
}

bool Session_setAside(GameSession *s)
{
    char path[PATHS_MAX], err[400];
    if (!s->autosave_foreign)
        return true;
    if (!Autosave_setAside(path, sizeof path, err, sizeof err)) {
        Session_error(s, "the earlier unfinished game could not be kept: %s", err);
        return false;
    }
    s->autosave_foreign = false;
    if (path[0] != '\0')
        Session_keptAside(s, path);
    return true;
}

/* A second copy's game, in a file of its own (Autosave_keepOwn). */
static bool Session_saveOwn(GameSession *s, const AutosaveInfo *info)
{
    char err[400];
    if (!Autosave_keepOwn(&s->game, info, s->own_path, sizeof s->own_path, err, sizeof err)) {
        Session_error(s, "the game could not be saved: %s", err);
        return false;
    }
    return true;
}

bool Session_autosave(GameSession *s)
{
    char err[160];
    AutosaveInfo info;
    /* A game taken back to its start still has moves to redo, and the old
     * file would otherwise bring back the moves taken back. A finished
     * game is kept by Session_keepFinished, which alone clears the file. */
    if (!s->active || s->game.nstored == 0 || Game_over(&s->game))
        return false;
    if (!Session_setAside(s))
        return false;
    Session_info(s, &info);
    if (s->own_file) {
        if (!Session_saveOwn(s, &info))
            return false;
    } else if (!Autosave_save(&s->game, &info, err, sizeof err)) {
        Session_error(s, "the game could not be saved for resuming: %s", err);
        return false;
    }
    s->autosaved_key = Session_recordKey(s);
    return true;
}

bool Session_keepUnfinished(GameSession *s)
{
    uint64_t key = Session_recordKey(s);
    /* A game as a file already holds it (just loaded, or kept) stays there. */
    if (!Session_inProgress(s) || key == s->filed_key)
        return true;
    s->notice[0] = '\0'; /* the notice says only where the games went */
    /* In the state file, the game in play is then no longer this session's:
     * it leaves by the way of a game not taken up. It is written again only
     * when it changed since: what was chosen for the next game since (the
     * menu's players, level and clock) is no part of it. */
    if (key != s->autosaved_key && !Session_autosave(s))
        return false;
    if (s->own_file) { /* its file is among the saved games already */
        Session_keptAside(s, s->own_path);
        s->filed_key = key;
        return true;
    }
    s->autosave_foreign = true;
    if (!Session_setAside(s))
        return false;
    s->filed_key = key;
    s->autosaved_key = 0;
    return true;
}

/* The file's tags and notes become the game's (tags is copied, notes
 * taken over). */
static void Session_takeFile(GameSession *s, const PgnHeader *tags, GameNotes *notes)
{
    if (tags != NULL) {
        s->tags = Alloc_array(1, sizeof *s->tags);
        *s->tags = *tags;
    }
    if (notes != NULL) {
        s->notes = *notes;
        GameNotes_init(notes);
    }
}

void Session_adoptRecord(GameSession *s, Game *g, const PgnHeader *tags, GameNotes *notes)
{
    int base_ms, inc_ms;
    if (TimeControl_readPgn(PgnHeader_get(tags, "TimeControl"), &base_ms, &inc_ms))
        Session_setClock(s, base_ms, inc_ms);
    Session_adopt(s, g);
    for (int side = WHITE; side <= BLACK; side++) {
        int left = Game_lastClock(&s->game, side);
        if (s->clock.base_ms > 0 && left >= 0)
            s->clock.left_ms[side] = left;
    }
    Session_takeFile(s, tags, notes);
    s->filed_key = Session_recordKey(s);
}

/* A name the file gives a player, unless it is none ("?", "") or one this
 * program writes itself for its seats ("Human", the engine's). */
const char *Session_playerName(const GameSession *s, int side)
{
    const char *name =
        s->tags != NULL ? PgnHeader_get(s->tags, side == WHITE ? "White" : "Black") : NULL;
    bool ours = name == NULL || name[0] == '\0' || strcmp(name, "?") == 0
        || strcmp(name, "Human") == 0
        || strncmp(name, RECORD_ENGINE_NAME, strlen(RECORD_ENGINE_NAME)) == 0;
    return ours ? NULL : name;
}

/* The game of the state file (path NULL) or of a file saved apart. */
static bool Session_resumeFrom(GameSession *s, const char *path, char *err, size_t errlen)
{
    Position start;
    Game g;
    AutosaveInfo info;
    PgnHeader *tags = Alloc_array(1, sizeof *tags);
    GameNotes notes;
    GameNotes_init(&notes);
    /* Any game will do: the file says which it is. */
    Setup_start(&start, s->v ? s->v : Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&g, &start);
    AutosaveResult r = Autosave_loadRecord(path, &g, &info, tags, &notes, err, errlen);
    if (r != AUTOSAVE_FOUND) {
        if (r == AUTOSAVE_NONE && path != NULL)
            Error_set(err, errlen, "%s is no longer there", path);
        Game_free(&g);
        free(tags);
        return false;
    }
    s->seat[WHITE] = info.engine[WHITE] ? SEAT_ENGINE : SEAT_HUMAN;
    s->seat[BLACK] = info.engine[BLACK] ? SEAT_ENGINE : SEAT_HUMAN;
    s->level = info.level > 0 ? info.level : s->level;
    Session_setClock(s, info.base_ms, info.inc_ms);
    Session_adopt(s, &g);
    Session_takeFile(s, tags->ntags > 0 ? tags : NULL, &notes);
    free(tags);
    s->clock.left_ms[WHITE] = info.clock_ms[WHITE];
    s->clock.left_ms[BLACK] = info.clock_ms[BLACK];
    s->autosave_foreign = false;
    s->flipped = info.flipped;
    s->autosaved_key = Session_recordKey(s); /* as its file holds it */
    return true;
}

bool Session_resume(GameSession *s, char *err, size_t errlen)
{
    if (!Session_resumeFrom(s, NULL, err, errlen))
        return false;
    s->own_file = false; /* after a game played apart here: back to the state file */
    s->own_path[0] = '\0';
    return true;
}

bool Session_resumeApart(GameSession *s, const char *path, char *err, size_t errlen)
{
    if (!Session_resumeFrom(s, path, err, errlen))
        return false;
    /* It goes on in its own file, which says at once that this copy plays
     * it; the state file's game stays there for the next start. */
    Session_saveApart(s);
    snprintf(s->own_path, sizeof s->own_path, "%s", path);
    Session_autosave(s);
    return true;
}

/* A game that ended here joins the saved games; the notice says so, and
 * Session_keptPath gives the file, which the screen names once. */
static void Session_keepFinished(GameSession *s)
{
    char path[PATHS_MAX], err[400];
    AutosaveInfo info;
    if (!Session_setAside(s))
        return;
    Session_info(s, &info);
    if (s->own_file) {
        if (!Session_saveOwn(s, &info))
            return;
        snprintf(path, sizeof path, "%s", s->own_path);
    } else if (!Autosave_finish(&s->game, &info, path, sizeof path, err, sizeof err)) {
        Session_error(s, "the finished game could not be saved: %s", err);
        return;
    }
    snprintf(s->kept_path, sizeof s->kept_path, "%s", path);
    Session_append(s, "kept among the saved games");
}

void Session_forgetKept(GameSession *s)
{
    char err[400];
    if (s->kept_path[0] == '\0')
        return;
    if (Saved_forget(s->kept_path, err, sizeof err))
        Session_append(s, "%s is no finished game now and was removed",
                       Session_baseName(s->kept_path));
    else
        Session_append(s, "the finished game's file could not be removed: %s", err);
    s->kept_path[0] = '\0';
}

void Session_keepSaved(GameSession *s)
{
    const Game *g = &s->game;
    if (!s->active || (g->nmoves == s->saved_plies && (int)g->status.result == s->saved_result))
        return;
    /* Ended here: by the last move, or by a resignation, draw or flag. A
     * finished game loaded from a file is no new game to keep. */
    bool ended = s->saved_result == RESULT_NONE && Game_over(g)
        && (g->nmoves == s->saved_plies || g->nmoves == s->saved_plies + 1);
    s->saved_plies = g->nmoves;
    s->saved_result = (int)g->status.result;
    if (ended)
        Session_keepFinished(s);
    else
        Session_autosave(s);
}
