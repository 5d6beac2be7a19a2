/* Review of the game's earlier positions: which position the board shows,
 * the move that led there, and which commands leave the review. Positions
 * are replayed from the game's start, so nothing of the game is touched. */
#include "ui/review.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"

bool Review_active(const Play *p)
{
    return p->reviewing;
}

int Review_ply(const Play *p)
{
    return p->reviewing ? p->review_ply : p->s.game.nmoves;
}

void Review_leave(Play *p)
{
    if (!p->reviewing)
        return;
    p->reviewing = false;
    Play_say(p, "review closed: the board shows the game as it stands");
}

void Review_go(Play *p, int ply)
{
    int n = p->s.game.nmoves;
    if (n == 0) {
        Play_error(p, "no move has been played yet: nothing to review");
        return;
    }
    ply = ply < 0 ? 0 : ply;
    if (ply >= n) {
        if (!p->reviewing)
            Play_say(p, "this is the position as it stands: [ or PgUp steps back");
        Review_leave(p);
        return;
    }
    p->reviewing = true;
    p->review_ply = ply;
    Play_cancel(p);
    p->message[0] = '\0';
    p->changes++;
}

void Review_step(Play *p, int delta)
{
    Review_go(p, Review_ply(p) + delta);
}

const Position *Review_shown(const Play *p, Position *buf)
{
    if (!p->reviewing)
        return &p->s.game.pos;
    int ply = p->review_ply < p->s.game.nmoves ? p->review_ply : p->s.game.nmoves;
    Game_positionAt(&p->s.game, ply, buf);
    return buf;
}

Move Review_move(const Play *p)
{
    int ply = Review_ply(p);
    return ply > 0 ? p->s.game.moves[ply - 1] : MOVE_NONE;
}

void Review_describe(const Play *p, char *buf, size_t len)
{
    int ply = Review_ply(p), n = p->s.game.nmoves;
    if (ply == 0) {
        snprintf(buf, len, "review: the start, move 0 of %d (Esc returns)", n);
        return;
    }
    const Game *g = &p->s.game;
    snprintf(buf, len, "review: move %d of %d, %d.%s %s (Esc returns)", ply, n,
             Game_moveNumberAt(g, ply - 1), Game_moverAt(g, ply - 1) == BLACK ? ".." : "",
             p->san[ply - 1]);
}

bool Review_keeps(const Command *c)
{
    static const char *const looking[] = {
        "left",     "down", "up",   "right",   "command", "help", "flip",
        "analysis", "quit", "back", "forward", "first",   "last",
    };
    for (size_t i = 0; c && i < sizeof looking / sizeof looking[0]; i++)
        if (strcmp(c->name, looking[i]) == 0)
            return true;
    return false;
}
