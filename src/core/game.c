/* The Game: a start position plus the moves played, with undo and redo by
 * replaying from the start, and the hash of every position of the game, so
 * repetitions are counted over the whole game however long it is. */
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "movegen.h"

static void Game_updateStatus(Game *g)
{
    g->status = Status_of(&g->pos, g->hashes, g->nmoves);
}

void Game_init(Game *g, const Position *start)
{
    memset(g, 0, sizeof *g);
    g->start = *start;
    g->pos = g->start;
    g->capacity = 256;
    g->moves = Alloc_array((size_t)g->capacity, sizeof *g->moves);
    g->hashes = Alloc_array((size_t)g->capacity, sizeof *g->hashes);
    g->clock_ms = Alloc_array((size_t)g->capacity, sizeof *g->clock_ms);
    Game_updateStatus(g);
}

void Game_free(Game *g)
{
    free(g->moves);
    free(g->hashes);
    free(g->clock_ms);
    g->moves = NULL;
    g->hashes = NULL;
    g->clock_ms = NULL;
    g->nmoves = g->nstored = g->capacity = 0;
}

static void Game_reserve(Game *g, int n)
{
    if (n <= g->capacity)
        return;
    int cap = g->capacity * 2 > n ? g->capacity * 2 : n;
    g->moves = Alloc_grow(g->moves, (size_t)cap, sizeof *g->moves);
    g->hashes = Alloc_grow(g->hashes, (size_t)cap, sizeof *g->hashes);
    g->clock_ms = Alloc_grow(g->clock_ms, (size_t)cap, sizeof *g->clock_ms);
    g->capacity = cap;
}

bool Game_over(const Game *g)
{
    return g->status.result != RESULT_NONE;
}

static void Game_advance(Game *g, Move m)
{
    Undo u;
    g->hashes[g->nmoves] = g->pos.hash;
    g->moves[g->nmoves++] = m;
    Position_make(&g->pos, m, &u);
    Game_updateStatus(g);
}

/* A legal move is refused only in the made-up case that the position after
 * it has more moves than a MoveList holds (Movegen_fits). */
bool Game_play(Game *g, Move m)
{
    if (Game_over(g) || !Movegen_isLegalMove(&g->pos, m))
        return false;
    Position next = g->pos;
    Undo u;
    Position_make(&next, m, &u);
    if (!Movegen_fits(&next))
        return false;
    Game_reserve(g, g->nmoves + 1);
    g->clock_ms[g->nmoves] = -1;
    Game_advance(g, m);
    g->nstored = g->nmoves;
    return true;
}

static void Game_replay(const Game *g, int plies, Position *out)
{
    *out = g->start;
    for (int i = 0; i < plies; i++) {
        Undo u;
        Position_make(out, g->moves[i], &u);
    }
}

bool Game_undo(Game *g)
{
    if (g->nmoves == 0)
        return false;
    g->nmoves--;
    Game_replay(g, g->nmoves, &g->pos);
    Game_updateStatus(g);
    return true;
}

bool Game_redo(Game *g)
{
    if (g->nmoves >= g->nstored)
        return false;
    Game_advance(g, g->moves[g->nmoves]);
    return true;
}

void Game_positionAt(const Game *g, int ply, Position *out)
{
    if (ply < 0)
        ply = 0;
    if (ply > g->nstored)
        ply = g->nstored;
    Game_replay(g, ply, out);
}

int Game_moverAt(const Game *g, int ply)
{
    return (g->start.side + ply) % 2;
}

int Game_moveNumberAt(const Game *g, int ply)
{
    return g->start.fullmove + (ply + g->start.side) / 2;
}

int Game_moveCount(const Game *g)
{
    return g->nmoves == 0 ? 0 : Game_moveNumberAt(g, g->nmoves - 1) - g->start.fullmove + 1;
}

void Game_setClock(Game *g, int ply, int ms)
{
    if (ply >= 0 && ply < g->nstored)
        g->clock_ms[ply] = ms < 0 ? -1 : ms;
}

int Game_clockAt(const Game *g, int ply)
{
    return ply >= 0 && ply < g->nstored ? g->clock_ms[ply] : -1;
}

int Game_lastClock(const Game *g, int side)
{
    int ply = g->nmoves - 1;
    if (ply >= 0 && Game_moverAt(g, ply) != side)
        ply--;
    return Game_clockAt(g, ply);
}

void Game_end(Game *g, GameResult result, GameReason reason)
{
    g->status.result = result;
    g->status.reason = reason;
}
