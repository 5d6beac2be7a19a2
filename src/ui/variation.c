/* The variation tried on the game screen (see variation.h): its moves from
 * a position of the game, and the hashes of the positions they reach. */
#include "ui/variation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/game.h"
#include "core/notation.h"

static struct {
    bool active;
    int base;           /* the game's ply it starts after */
    uint64_t base_hash; /* the game's position there, to tell it is the same */
    Move moves[VARIATION_MAX];
    char san[VARIATION_MAX][MOVE_TEXT_MAX];
    int count;
    Position last;     /* where its moves lead */
    uint64_t *history; /* what Variation_history hands out */
    int history_cap;
} var;

/* The hash of the game's position after ply moves. */
static uint64_t Variation_gameHash(const Game *g, int ply)
{
    return ply < g->nmoves ? g->hashes[ply] : g->pos.hash;
}

bool Variation_active(const Play *p)
{
    const Game *g = Session_game(p->s);
    return var.active && var.base <= g->nmoves && Variation_gameHash(g, var.base) == var.base_hash;
}

int Variation_base(const Play *p)
{
    (void)p;
    return var.base;
}

Move Variation_lastMove(const Play *p)
{
    (void)p;
    return var.count > 0 ? var.moves[var.count - 1] : MOVE_NONE;
}

const Position *Variation_position(const Play *p)
{
    (void)p;
    return &var.last;
}

/* Its last position, replayed from where it starts in the game. */
static void Variation_replay(const Play *p)
{
    Game_positionAt(Session_game(p->s), var.base, &var.last);
    for (int i = 0; i < var.count; i++) {
        Undo u;
        Position_make(&var.last, var.moves[i], &u);
    }
}

void Variation_play(Play *p, Move m, int base)
{
    if (!Variation_active(p)) {
        var.active = true;
        var.base = base;
        var.base_hash = Variation_gameHash(Session_game(p->s), base);
        var.count = 0;
        Variation_replay(p);
    }
    if (var.count == VARIATION_MAX) {
        Play_error(p, "a variation holds %d moves at most: Esc goes back to the game",
                   VARIATION_MAX);
        return;
    }
    Undo u;
    Notation_san(&var.last, m, var.san[var.count]);
    var.moves[var.count++] = m;
    Position_make(&var.last, m, &u);
    char line[PLAY_MESSAGE_MAX - 80];
    Variation_describe(p, line, sizeof line);
    Play_say(p, "variation: %s (the game is unchanged; Esc returns to it, [ takes one back)", line);
}

void Variation_back(Play *p)
{
    if (!Variation_active(p))
        return;
    if (--var.count == 0) {
        Variation_leave(p, false);
        return;
    }
    Variation_replay(p);
    Play_say(p, "variation: its last move taken back");
}

void Variation_leave(Play *p, bool quiet)
{
    bool was = Variation_active(p);
    var.active = false;
    var.count = 0;
    if (was && !quiet)
        Play_say(p, "variation closed: the board shows the game again");
    p->changes++;
}

void Variation_describe(const Play *p, char *buf, size_t len)
{
    const Game *g = Session_game(p->s);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < var.count && used + 1 < len; i++) {
        int ply = var.base + i;
        char number[24] = "";
        if (Game_moverAt(g, ply) == WHITE)
            snprintf(number, sizeof number, "%d. ", Game_moveNumberAt(g, ply));
        else if (i == 0)
            snprintf(number, sizeof number, "%d... ", Game_moveNumberAt(g, ply));
        int n = snprintf(buf + used, len - used, "%s%s%s", i ? " " : "", number, var.san[i]);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
}

const uint64_t *Variation_history(const Play *p, int ply, int *n)
{
    const Game *g = Session_game(p->s);
    if (!Variation_active(p)) {
        *n = ply;
        return g->hashes;
    }
    int need = var.base + var.count;
    if (need > var.history_cap) {
        var.history_cap = need + 256;
        var.history = Alloc_grow(var.history, (size_t)var.history_cap, sizeof *var.history);
    }
    memcpy(var.history, g->hashes, (size_t)var.base * sizeof *var.history);
    Position pos;
    Game_positionAt(g, var.base, &pos);
    for (int i = 0; i < var.count; i++) {
        Undo u;
        var.history[var.base + i] = pos.hash;
        Position_make(&pos, var.moves[i], &u);
    }
    *n = need;
    return var.history;
}

void Variation_end(void)
{
    free(var.history);
    var.history = NULL;
    var.history_cap = 0;
}
