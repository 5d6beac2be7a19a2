/* What others read of a session (the record, seats, clocks, requests, the
 * engine's progress, notices and counters) and the few settings made from
 * outside, each through a function that keeps the session consistent. */
#include "session/session.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/level.h"
#include "session/internal.h"

GameSession *Session_new(void)
{
    GameSession *s = Alloc_array(1, sizeof *s);
    Session_create(s);
    return s;
}

void Session_free(GameSession *s)
{
    if (!s)
        return;
    Session_destroy(s);
    free(s);
}

bool Session_hasGame(const GameSession *s)
{
    return s->active;
}

const Variant *Session_variant(const GameSession *s)
{
    return s->v;
}

const Game *Session_game(const GameSession *s)
{
    return &s->game;
}

const Position *Session_position(const GameSession *s)
{
    return &s->game.pos;
}

const MoveList *Session_legal(const GameSession *s)
{
    return &s->legal;
}

SeatKind Session_seat(const GameSession *s, int side)
{
    return s->seat[side];
}

void Session_setSeat(GameSession *s, int side, SeatKind kind)
{
    s->seat[side] = kind;
    s->changes++;
}

void Session_setEngines(GameSession *s, bool white, bool black)
{
    s->seat[WHITE] = white ? SEAT_ENGINE : SEAT_HUMAN;
    s->seat[BLACK] = black ? SEAT_ENGINE : SEAT_HUMAN;
    if (s->thinking == THINK_MOVE && s->seat[s->game.pos.side] != SEAT_ENGINE)
        Session_stopThinking(s);
    s->changes++;
}

void Session_choosePlayers(GameSession *s, SeatKind white, SeatKind black, int level)
{
    s->seat[WHITE] = white;
    s->seat[BLACK] = black;
    s->level = level < LEVEL_MIN ? LEVEL_MIN : level > LEVEL_MAX ? LEVEL_MAX : level;
    s->changes++;
}

int Session_level(const GameSession *s)
{
    return s->level;
}

bool Session_timeControl(const GameSession *s, int *base_ms, int *inc_ms)
{
    if (base_ms)
        *base_ms = s->clock.base_ms;
    if (inc_ms)
        *inc_ms = s->clock.inc_ms;
    return s->clock.base_ms > 0;
}

void Session_setClocksLeft(GameSession *s, int white_ms, int black_ms)
{
    s->clock.left_ms[WHITE] = white_ms;
    s->clock.left_ms[BLACK] = black_ms;
    s->clock.turn_start_ms = Session_nowMs();
    int last = s->game.nmoves - 1; /* its mover's time after it, for PGN's [%clk] */
    if (s->clock.base_ms > 0 && last >= 0)
        Game_setClock(&s->game, last, Game_moverAt(&s->game, last) == WHITE ? white_ms : black_ms);
    s->changes++;
}

Request Session_pending(const GameSession *s)
{
    return s->pending;
}

void Session_setPending(GameSession *s, RequestKind kind, int from)
{
    s->pending.kind = kind;
    s->pending.from = from;
    s->pending.ply = s->game.nmoves;
    s->changes++;
}

bool Session_adjourned(const GameSession *s)
{
    return s->adjourned;
}

void Session_setAdjourned(GameSession *s, bool adjourned)
{
    Session_adjourn(s, adjourned);
}

ThinkKind Session_thinking(const GameSession *s)
{
    return s->thinking;
}

const EngineInfo *Session_progress(const GameSession *s)
{
    return &s->info;
}

Move Session_hintMove(const GameSession *s)
{
    return s->hint;
}

void Session_createEngine(GameSession *s, size_t tt_mb)
{
    Session_stopThinking(s);
    if (s->engine)
        Engine_free(s->engine);
    s->engine = Engine_new(tt_mb);
    Engine_useSlots(s->engine, s->slots);
}

void Session_useEngineSlots(GameSession *s, const EngineSlots *slots)
{
    s->slots = slots;
    if (s->engine)
        Engine_useSlots(s->engine, slots);
}

uint64_t Session_random(GameSession *s)
{
    return s->seed++;
}

void Session_setSeed(GameSession *s, uint64_t seed)
{
    s->seed = seed;
}

bool Session_flipped(const GameSession *s)
{
    return s->flipped;
}

void Session_flip(GameSession *s)
{
    s->flipped = !s->flipped;
    s->changes++;
}

const char *Session_keptPath(const GameSession *s)
{
    return s->kept_path;
}

const char *Session_asidePath(const GameSession *s)
{
    return s->aside_path;
}

void Session_setKeptPath(GameSession *s, const char *path)
{
    snprintf(s->kept_path, sizeof s->kept_path, "%s", path);
    s->changes++;
}

void Session_setStateFileForeign(GameSession *s, bool foreign)
{
    s->autosave_foreign = foreign;
}

void Session_saveApart(GameSession *s)
{
    s->own_file = true;
    s->autosave_foreign = false;
}

const char *Session_notice(const GameSession *s, bool *error)
{
    if (error)
        *error = s->notice_error;
    return s->notice;
}

SessionCounters Session_counters(const GameSession *s)
{
    return (SessionCounters){s->notices, s->games, s->positions, s->changes};
}

void Session_touch(GameSession *s)
{
    s->changes++;
}
