/* A game in play without a screen: every move, whoever sends it, passes
 * Session_move; the clocks stop with the game; requests between the sides
 * wait for an answer; the engine plays, hints and judges draw offers. */
#include "session/session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/error.h"
#include "core/notation.h"
#include "core/status.h"
#include "session/internal.h"

#define DEFAULT_LEVEL 5

static void Session_vset(GameSession *s, bool error, const char *fmt, va_list ap)
{
    vsnprintf(s->notice, sizeof s->notice, fmt, ap);
    s->notice_error = error;
    s->notices++;
    s->changes++;
}

/* Adds to what the notice says at this moment (a move, a result). */
void Session_append(GameSession *s, const char *fmt, ...)
{
    va_list ap;
    size_t used = strlen(s->notice);
    if (used > 0 && used + 2 < sizeof s->notice) {
        memcpy(s->notice + used, "; ", 3);
        used += 2;
    }
    va_start(ap, fmt);
    vsnprintf(s->notice + used, sizeof s->notice - used, fmt, ap);
    va_end(ap);
    s->notices++;
    s->changes++;
}

void Session_say(GameSession *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Session_vset(s, false, fmt, ap);
    va_end(ap);
}

void Session_error(GameSession *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Session_vset(s, true, fmt, ap);
    va_end(ap);
}

int64_t Session_nowMs(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

const char *Session_sideName(int side)
{
    return side == WHITE ? "White" : "Black";
}

bool Session_create(GameSession *s)
{
    memset(s, 0, sizeof *s);
    s->seat[WHITE] = SEAT_HUMAN;
    s->seat[BLACK] = SEAT_HUMAN;
    s->level = DEFAULT_LEVEL;
    s->seed = (uint64_t)time(NULL) ^ (uint64_t)Session_nowMs() << 20;
    s->saved_plies = s->saved_result = -1;
    return true;
}

/* Ends any search and forgets its result: the position it was about has gone. */
void Session_stopThinking(GameSession *s)
{
    if (s->thinking == THINK_NONE)
        return;
    Engine_stop(s->engine);
    Engine_wait(s->engine, &s->info);
    s->thinking = THINK_NONE;
    s->changes++;
}

void Session_destroy(GameSession *s)
{
    Session_forgetFile(s);
    Session_stopThinking(s);
    if (s->engine)
        Engine_free(s->engine);
    if (s->active)
        Game_free(&s->game);
    memset(s, 0, sizeof *s);
}

/* Called after every change of the position: legal moves, result. */
void Session_refresh(GameSession *s)
{
    Movegen_legal(&s->game.pos, &s->legal);
    if (!Game_over(&s->game)) {
        GameStatus st = Status_of(&s->game.pos, s->game.hashes, s->game.nmoves);
        if (st.result != RESULT_NONE)
            Game_end(&s->game, st.result, st.reason);
    }
    s->hint = MOVE_NONE;
    s->positions++;
    s->changes++;
}

static void Session_resetClock(GameSession *s)
{
    s->clock.left_ms[WHITE] = s->clock.base_ms;
    s->clock.left_ms[BLACK] = s->clock.base_ms;
    s->clock.turn_start_ms = Session_nowMs();
}

void Session_setClock(GameSession *s, int base_ms, int inc_ms)
{
    s->clock.base_ms = base_ms > 0 ? base_ms : 0;
    s->clock.inc_ms = inc_ms > 0 ? inc_ms : 0;
    Session_resetClock(s);
}

void Session_setLateClocks(GameSession *s, bool late)
{
    s->late_clocks = late;
    s->changes++;
}

bool Session_bothMoved(const GameSession *s)
{
    return s->game.nmoves >= 2;
}

bool Session_clockRuns(const GameSession *s)
{
    return s->clock.base_ms > 0 && s->active && !Game_over(&s->game) && !s->aborted && !s->adjourned
        && !s->clocks_held && s->game.nmoves >= (s->late_clocks ? 2 : 1);
}

bool Session_aborted(const GameSession *s)
{
    return s->aborted;
}

bool Session_setLevel(GameSession *s, int level)
{
    if (level < LEVEL_MIN || level > LEVEL_MAX) {
        Session_error(s, "level must be a number from %d to %d", LEVEL_MIN, LEVEL_MAX);
        return false;
    }
    s->level = level;
    Session_say(s, "engine level %d", level);
    return true;
}

static void Session_newRecord(GameSession *s)
{
    s->v = s->game.pos.v;
    s->games++;
    /* Black at the bottom when only Black is played by a person here. */
    s->flipped = s->seat[WHITE] != SEAT_HUMAN && s->seat[BLACK] == SEAT_HUMAN;
    s->pending.kind = REQUEST_NONE;
    s->aborted = false;
    Session_forgetFile(s);
    s->filed_key = s->autosaved_key = 0;
    /* Saved from the next change on: a loaded game that is already over
     * was not finished here, so it is not kept again. */
    s->saved_plies = s->game.nmoves;
    s->saved_result = -1;
    s->kept_path[0] = '\0';
    s->own_path[0] = '\0'; /* a new game gets a file of its own */
    if (s->engine)
        Engine_clear(s->engine);
    Session_resetClock(s);
    Session_refresh(s);
}

bool Session_begin(GameSession *s, const Position *start)
{
    Session_stopThinking(s);
    if (s->active)
        Game_free(&s->game);
    Game_init(&s->game, start);
    s->active = true;
    Session_newRecord(s);
    return true;
}

void Session_adopt(GameSession *s, Game *g)
{
    Session_stopThinking(s);
    if (s->active)
        Game_free(&s->game);
    s->game = *g;
    memset(g, 0, sizeof *g);
    s->active = true;
    Session_newRecord(s);
}

void Session_forgetFile(GameSession *s)
{
    free(s->tags);
    s->tags = NULL;
    GameNotes_free(&s->notes);
}

uint64_t Session_recordKey(const GameSession *s)
{
    const Game *g = &s->game;
    uint64_t key = g->pos.hash ^ (uint64_t)g->nmoves << 40 ^ (uint64_t)g->nstored << 20
        ^ (uint64_t)g->status.result << 60;
    for (int i = g->nmoves; i < g->nstored; i++) /* the redo moves too */
        key = key * 0x9E3779B97F4A7C15u ^ g->moves[i];
    return key | 1; /* never 0, which means no file took it */
}

const GameNotes *Session_notes(const GameSession *s)
{
    return &s->notes;
}

void Session_addNote(GameSession *s, int ply, NoteKind kind, const char *text)
{
    GameNotes_add(&s->notes, ply, kind, text, strlen(text));
    s->changes++;
}

const PgnHeader *Session_fileTags(const GameSession *s)
{
    return s->tags;
}

bool Session_inProgress(const GameSession *s)
{
    return s->active && s->game.nmoves > 0 && !Game_over(&s->game) && !s->aborted;
}

bool Session_humanToMove(const GameSession *s)
{
    return s->active && !Game_over(&s->game) && !s->aborted
        && s->seat[s->game.pos.side] == SEAT_HUMAN;
}

int Session_localSide(const GameSession *s)
{
    if (s->seat[WHITE] != s->seat[BLACK])
        return s->seat[WHITE] == SEAT_HUMAN ? WHITE : BLACK;
    return s->game.pos.side;
}

Move Session_lastMove(const GameSession *s)
{
    return s->game.nmoves > 0 ? s->game.moves[s->game.nmoves - 1] : MOVE_NONE;
}

int Session_clockLeft(const GameSession *s, int side, int64_t now_ms)
{
    if (s->clock.base_ms == 0)
        return -1;
    int left = s->clock.left_ms[side];
    if (side == s->game.pos.side && Session_clockRuns(s))
        left -= (int)(now_ms - s->clock.turn_start_ms);
    return left > 0 ? left : 0;
}

/* The side to move's clock stops where it stands: with the increment after
 * a move, without it when the game ends on that side's turn. */
static void Session_stopClock(GameSession *s, bool increment)
{
    if (s->clock.base_ms == 0)
        return;
    int64_t now = Session_nowMs();
    int side = s->game.pos.side;
    s->clock.left_ms[side] = Session_clockLeft(s, side, now);
    if (increment)
        s->clock.left_ms[side] += s->clock.inc_ms;
    s->clock.turn_start_ms = now;
}

/* An adjourned game's clocks stand still until it goes on: the time used
 * so far stays used, and the side to move's time starts again from then. */
void Session_adjourn(GameSession *s, bool adjourned)
{
    if (adjourned) {
        Session_stopThinking(s);
        if (!s->adjourned)
            Session_stopClock(s, false);
    }
    s->adjourned = adjourned;
    s->clock.turn_start_ms = Session_nowMs();
    s->changes++;
}

void Session_holdClocks(GameSession *s, bool hold)
{
    if (hold == s->clocks_held)
        return;
    if (hold)
        Session_stopClock(s, false); /* the time used so far stays used */
    s->clocks_held = hold;
    s->clock.turn_start_ms = Session_nowMs();
    s->changes++;
}

/* Every way a game ends that is not a move on the board. */
void Session_end(GameSession *s, GameResult result, GameReason reason)
{
    Session_stopThinking(s);
    Session_stopClock(s, false);
    s->pending.kind = REQUEST_NONE;
    Game_end(&s->game, result, reason);
    Session_refresh(s);
}

void Session_abort(GameSession *s)
{
    if (!s->active || Game_over(&s->game) || s->aborted)
        return;
    Session_stopThinking(s);
    Session_stopClock(s, false);
    s->pending.kind = REQUEST_NONE;
    s->aborted = true;
    s->changes++;
}

void Session_conclude(GameSession *s, GameResult result, GameReason reason)
{
    if (s->active && !Game_over(&s->game))
        Session_end(s, result, reason);
}

void Session_lose(GameSession *s, int loser, GameReason reason)
{
    Session_end(s, loser == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS, reason);
}

/* A loss a player asks for or claims; `how` says it after the side's name. */
static bool Session_concede(GameSession *s, int loser, GameReason reason, const char *how)
{
    if (!s->active || Game_over(&s->game)) {
        Session_error(s, "the game is already over");
        return false;
    }
    Session_lose(s, loser, reason);
    Session_say(s, "%s %s: %s", Session_sideName(loser), how,
                Status_resultText(s->game.status.result));
    return true;
}

bool Session_resign(GameSession *s, int side)
{
    return Session_concede(s, side, REASON_RESIGNATION, "resigns");
}

bool Session_forfeit(GameSession *s, int absent)
{
    return Session_concede(s, absent, REASON_ABANDONED, "left the game");
}

static const char *const verdict_text[] = {
    [MOVE_OK] = "",
    [MOVE_REFUSED_OVER] = "the game is over",
    [MOVE_REFUSED_SIDE] = "it is the other side's move",
    [MOVE_REFUSED_SEAT] = "that side is not played from here",
    [MOVE_REFUSED_STALE] = "the move was meant for another moment of the game",
    [MOVE_REFUSED_ILLEGAL] = "the move is not legal here",
};

static MoveVerdict Session_check(const GameSession *s, SeatKind by, int side, int ply, Move m)
{
    if (!s->active || Game_over(&s->game) || s->aborted)
        return MOVE_REFUSED_OVER;
    if (side != s->game.pos.side)
        return MOVE_REFUSED_SIDE;
    if (s->seat[side] != by)
        return MOVE_REFUSED_SEAT;
    if (ply != s->game.nmoves)
        return MOVE_REFUSED_STALE;
    for (int i = 0; i < s->legal.count; i++)
        if (s->legal.moves[i] == m)
            return MOVE_OK;
    return MOVE_REFUSED_ILLEGAL;
}

/* A move answers a request waiting for the mover: it declines a draw offer,
 * and any request made at another moment of the game is void. */
static const char *Session_moveAnswers(GameSession *s, int mover)
{
    if (s->pending.kind == REQUEST_NONE)
        return "";
    if (s->pending.kind == REQUEST_DRAW && s->pending.from == mover)
        return "";
    s->pending.kind = REQUEST_NONE;
    return " (the offer is declined)";
}

MoveVerdict Session_move(GameSession *s, SeatKind by, int side, int ply, Move m)
{
    MoveVerdict v = Session_check(s, by, side, ply, m);
    if (v != MOVE_OK) {
        Session_error(s, "move refused: %s", verdict_text[v]);
        return v;
    }
    char san[MOVE_TEXT_MAX];
    Position before = s->game.pos;
    Notation_san(&before, m, san);
    /* A hint still being searched is about the position that is going away. */
    if (s->thinking == THINK_HINT)
        Session_stopThinking(s);
    Session_stopClock(s, true);
    if (!Game_play(&s->game, m)) {
        Session_error(s, "%s was refused by the rules core", san);
        return MOVE_REFUSED_ILLEGAL;
    }
    if (s->clock.base_ms > 0) /* kept with the move, for PGN's [%clk] */
        Game_setClock(&s->game, s->game.nmoves - 1, s->clock.left_ms[side]);
    /* What a file said of the move that stood here spoke of another. */
    GameNotes_truncate(&s->notes, s->game.nmoves - 1);
    const char *answered = Session_moveAnswers(s, side);
    Session_refresh(s);
    if (Game_over(&s->game))
        Session_say(s, "%s %s: %s", san, Status_resultText(s->game.status.result),
                    Status_reasonText(s->game.status.reason));
    else
        Session_say(s, "%s played %s%s", Session_sideName(side), san, answered);
    return MOVE_OK;
}

bool Session_moveText(GameSession *s, int side, const char *text)
{
    char err[ERROR_MAX];
    Move m;
    if (!Notation_parse(&s->game.pos, text, &m, err, sizeof err)) {
        Session_error(s, "%s: %s", text, err);
        return false;
    }
    return Session_move(s, s->seat[side], side, s->game.nmoves, m) == MOVE_OK;
}
