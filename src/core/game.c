/* The Game: a start position plus the moves played, with undo and redo by
 * replaying from the start, so the repetition history is always right. */
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"

bool Game_init(Game *g, const Position *start)
{
    memset(g, 0, sizeof *g);
    g->start = *start;
    g->start.ply = 0;
    g->pos = g->start;
    g->capacity = 256;
    g->moves = malloc(sizeof *g->moves * (size_t)g->capacity);
    if (!g->moves)
        return false;
    g->status = Status_of(&g->pos);
    return true;
}

void Game_free(Game *g)
{
    free(g->moves);
    g->moves = NULL;
    g->nmoves = g->nstored = g->capacity = 0;
}

static bool reserve(Game *g, int n)
{
    if (n <= g->capacity)
        return true;
    int cap = g->capacity * 2 > n ? g->capacity * 2 : n;
    Move *m = realloc(g->moves, sizeof *m * (size_t)cap);
    if (!m)
        return false;
    g->moves = m;
    g->capacity = cap;
    return true;
}

bool Game_over(const Game *g)
{
    return g->status.result != RESULT_NONE;
}

bool Game_play(Game *g, Move m)
{
    if (Game_over(g) || !Movegen_isLegalMove(&g->pos, m) || !reserve(g, g->nmoves + 1))
        return false;
    Undo u;
    Position_make(&g->pos, m, &u);
    g->moves[g->nmoves++] = m;
    g->nstored = g->nmoves;
    g->status = Status_of(&g->pos);
    return true;
}

static void replay(const Game *g, int plies, Position *out)
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
    replay(g, g->nmoves, &g->pos);
    g->status = Status_of(&g->pos);
    return true;
}

bool Game_redo(Game *g)
{
    if (g->nmoves >= g->nstored)
        return false;
    Undo u;
    Position_make(&g->pos, g->moves[g->nmoves++], &u);
    g->status = Status_of(&g->pos);
    return true;
}

void Game_positionAt(const Game *g, int ply, Position *out)
{
    if (ply < 0)
        ply = 0;
    if (ply > g->nstored)
        ply = g->nstored;
    replay(g, ply, out);
}

void Game_end(Game *g, GameResult result, GameReason reason)
{
    g->status.result = result;
    g->status.reason = reason;
}
