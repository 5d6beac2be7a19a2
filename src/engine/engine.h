/* The built-in engine's in-process interface: think on a copy of a
 * position in a background thread, report progress, stop at once.
 * Depends only on the rules core. */
#ifndef ZANZIBAR_ENGINE_ENGINE_H
#define ZANZIBAR_ENGINE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/level.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/setup.h"

#define ENGINE_MATE 30000
#define ENGINE_MATE_BOUND (ENGINE_MATE - 1000) /* scores beyond it are mates */
#define ENGINE_MAX_PV 64
#define ENGINE_DEFAULT_TT_MB 16
#define ENGINE_MAX_LINES 8 /* MultiPV: the most lines one search keeps */

typedef struct {
    int level;       /* 1 (beginner) .. 10 (full strength); 0 = full strength */
    int depth;       /* 0 = no depth limit */
    uint64_t nodes;  /* 0 = no node limit */
    int movetime_ms; /* fixed time for this move, 0 = none */
    int time_ms[2];  /* clocks (White, Black), 0 = no clock */
    int inc_ms[2];
    int movestogo; /* 0 = sudden death */
    uint64_t seed; /* noise for the weak levels */
    bool infinite; /* analyse until Engine_stop; no default time */
    int multipv;   /* lines to search, best first: 0 or 1 = one, at most ENGINE_MAX_LINES */
    int nexclude;  /* root moves left out of the search (XBoard's "exclude") */
    Move exclude[MAX_MOVES];
} SearchLimits;

/* One line of a MultiPV search: its score from the side to move's view
 * and its principal variation, whose first move is the line's root move. */
typedef struct {
    int score;
    int npv;
    Move pv[ENGINE_MAX_PV];
} EngineLine;

typedef struct {
    int depth;
    int score; /* centipawns, from the side to move's view */
    uint64_t nodes;
    int elapsed_ms;
    int npv;
    Move pv[ENGINE_MAX_PV];
    bool thinking;
    Move best;    /* set when the search has finished */
    int delay_ms; /* the delay learned between a move and the stop of its clock */
    int nlines;   /* MultiPV: line[0] is the score and pv above, then the next best */
    EngineLine line[ENGINE_MAX_LINES];
} EngineInfo;

typedef struct Engine Engine;

/* Searches as a shared resource (the public server's engines): take is
 * asked before every search an Engine starts, and give once it has ended
 * and been waited for; a refusal says why (ENGINE_REFUSAL_MAX). live_games
 * false: no search of a game between people while it is played. */
#define ENGINE_REFUSAL_MAX 240
typedef struct {
    bool (*take)(void *ctx, char *why, size_t len);
    void (*give)(void *ctx);
    void *ctx;
    bool live_games;
} EngineSlots;

/* Never NULL: out of memory ends the program (core/alloc.h). */
Engine *Engine_new(size_t tt_mb);
void Engine_free(Engine *e);
void Engine_clear(Engine *e); /* forget the transposition table (new game) */
/* Every later search of e takes one of slots (NULL: none needed); slots
 * outlives e. */
void Engine_useSlots(Engine *e, const EngineSlots *slots);
/* Why the last Engine_start refused, or "". */
const char *Engine_refusal(const Engine *e);

/* Synchronous search; always returns a legal move when one exists and
 * lim does not exclude them all (then MOVE_NONE).
 * history: the hashes of the game's positions before pos, oldest first
 * (Game.hashes, Game.nmoves), so that the engine sees repetitions; NULL, 0
 * for a position without a game. */
Move Engine_search(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                   const SearchLimits *lim, EngineInfo *info);

/* Asynchronous: returns at once; the search runs in its own thread on a
 * copy of pos and history. Engine_info may be called at any time from the caller's
 * thread; Engine_stop asks the search to end now; Engine_wait joins it and
 * returns the best move. */
bool Engine_start(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                  const SearchLimits *lim);
void Engine_info(Engine *e, EngineInfo *info);
bool Engine_busy(Engine *e);
void Engine_stop(Engine *e);
Move Engine_wait(Engine *e, EngineInfo *info);
/* Readable once a search started by Engine_start has ended (by itself or
 * by Engine_stop), until Engine_wait: poll() it with the terminal or the
 * sockets instead of asking Engine_busy. -1 when the system gave no pipe;
 * Engine_busy then still tells. */
int Engine_doneFd(const Engine *e);

/* A draw offered to the engine, which plays engine_side at level in pos
 * (either side to move): judged from its own side by a short search of
 * its own (about a quarter of a second, never more than 0.6 s; the caller
 * waits, and a search running in e's thread goes on undisturbed). It
 * accepts when it stands clearly worse; it declines when it stands better
 * and, in the first twenty moves, when the game is level. Past the opening
 * the weak levels (1 to 3) accept a little more loosely, blurred by seed.
 * The same position, level and seed get the same answer, unless a slow
 * machine cuts the search short. */
bool Engine_acceptsDraw(Engine *e, const Position *pos, const uint64_t *history, int nhistory,
                        int engine_side, int level, uint64_t seed);

/* The Zanzibars: Black's choice of setup at this level (a setup number). */
int Engine_chooseSetup(const Variant *v, int level, uint64_t seed);

/* Arabian Nights setup phase: where the side to place puts which piece
 * (a type of the variant and a cell). False when nothing is left to place. */
bool Engine_choosePlacement(const SetupPhase *sp, int level, uint64_t seed, int *type, int *cell);

/* Fixed benchmark: searches positions of all five games to a fixed depth. */
typedef struct {
    uint64_t nodes;
    int ms;
} BenchResult;
void Engine_bench(BenchResult *out);

#endif
