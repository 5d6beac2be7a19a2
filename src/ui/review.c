/* Review of the game's earlier positions: which position the board shows
 * (an earlier one, or a variation tried from it), the move that led there,
 * and which commands leave the review. Positions are replayed from the
 * game's start, so nothing of the game is touched. */
#include "ui/review.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "ui/keys.h"
#include "ui/variation.h"

bool Review_active(const Play *p)
{
    return p->reviewing || Variation_active(p);
}

int Review_ply(const Play *p)
{
    return p->reviewing ? p->review_ply : Session_game(p->s)->nmoves;
}

void Review_leave(Play *p)
{
    if (!Review_active(p))
        return;
    Variation_leave(p, true);
    p->reviewing = false;
    Play_say(p, "review closed: the board shows the game as it stands");
}

void Review_go(Play *p, int ply)
{
    Variation_leave(p, true);
    int n = Session_game(p->s)->nmoves;
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

/* The ply after which move number n by side (-1: whichever moves last in
 * that line) stands, or -1 when the game has no such move. */
static int Review_plyOfMove(const Game *g, int n, int side)
{
    int found = -1;
    for (int ply = 0; ply < g->nmoves; ply++)
        if (Game_moveNumberAt(g, ply) == n && (side < 0 || Game_moverAt(g, ply) == side))
            found = ply + 1;
    return found;
}

void Review_goToMove(Play *p, const char *text)
{
    char *end;
    long n = strtol(text, &end, 10);
    int side = -1;
    if (strcmp(end, ".") == 0 || strcmp(end, "w") == 0)
        side = WHITE;
    else if (strcmp(end, "...") == 0 || strcmp(end, "b") == 0)
        side = BLACK;
    else if (*end != '\0')
        n = -1;
    if (*text < '0' || *text > '9' || n < 0 || n > 100000) {
        Play_error(p, "'%s' is not a move number (goto 12, goto 12. or goto 12...)", text);
        return;
    }
    const Game *g = Session_game(p->s);
    int ply = n < g->start.fullmove ? 0 : Review_plyOfMove(g, (int)n, side);
    if (ply < 0 && g->nmoves == 0)
        Play_error(p, "no move has been played yet: nothing to review");
    else if (ply < 0)
        Play_error(p, "there is no move %s: the list goes from %d to %d", text, g->start.fullmove,
                   Game_moveNumberAt(g, g->nmoves - 1));
    else
        Review_go(p, ply);
}

void Review_step(Play *p, int delta)
{
    Review_go(p, Review_ply(p) + delta);
}

const Position *Review_shown(const Play *p, Position *buf)
{
    if (Variation_active(p)) {
        *buf = *Variation_position(p);
        return buf;
    }
    if (!p->reviewing)
        return Session_position(p->s);
    int ply =
        p->review_ply < Session_game(p->s)->nmoves ? p->review_ply : Session_game(p->s)->nmoves;
    Game_positionAt(Session_game(p->s), ply, buf);
    return buf;
}

Move Review_move(const Play *p)
{
    if (Variation_active(p))
        return Variation_lastMove(p);
    int ply = Review_ply(p);
    return ply > 0 ? Session_game(p->s)->moves[ply - 1] : MOVE_NONE;
}

void Review_describe(const Play *p, char *buf, size_t len)
{
    int ply = Review_ply(p), n = Session_game(p->s)->nmoves;
    if (Variation_active(p)) {
        char line[PLAY_MESSAGE_MAX];
        Variation_describe(p, line, sizeof line);
        snprintf(buf, len, "variation: %s (Esc returns to the game, [ takes one back)", line);
        return;
    }
    if (ply == 0) {
        snprintf(buf, len, "review: the start, move 0 of %d (Esc returns)", n);
        return;
    }
    const Game *g = Session_game(p->s);
    snprintf(buf, len, "review: move %d of %d, %d.%s %s (Esc returns)", ply, n,
             Game_moveNumberAt(g, ply - 1), Game_moverAt(g, ply - 1) == BLACK ? ".." : "",
             p->san[ply - 1]);
}

void Review_walk(Play *p)
{
    if (Session_game(p->s)->nmoves == 0) {
        Play_error(p, "no move has been played yet: the list is empty");
        return;
    }
    p->walking = true;
    Play_cancel(p);
    Play_say(p, "the arrows walk the move list (Tab, Enter or Esc return to the board)");
}

bool Review_walking(const Play *p)
{
    return p->walking && Session_game(p->s)->nmoves > 0;
}

bool Review_walkKey(Play *p, int key)
{
    switch (key) {
        case KEY_LEFT:
        case 'h': Review_step(p, -1); break;
        case KEY_RIGHT:
        case 'l': Review_step(p, 1); break;
        case KEY_UP:
        case 'k': Review_step(p, -2); break;
        case KEY_DOWN:
        case 'j': Review_step(p, 2); break;
        case KEY_HOME: Review_go(p, 0); break;
        case KEY_END: Review_leave(p); break;
        case '\t':
        case '\n':
        case '\r':
        case KEY_ENTER:
        case KEY_ESC:
            p->walking = false;
            Play_say(p, "the arrows move the cursor on the board again");
            break;
        default: p->walking = false; return false;
    }
    p->changes++;
    return true;
}

UiAction Review_cmdWalk(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Review_walk(p);
    return ACTION_NONE;
}

/* The review's entries of the command table. */
UiAction Review_cmdBack(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (Variation_active(p))
        Variation_back(p);
    else
        Review_step(p, -1);
    return ACTION_NONE;
}

UiAction Review_cmdForward(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (Variation_active(p))
        Play_say(p, "the variation ends here: Esc returns to the game, [ takes a move back");
    else
        Review_step(p, 1);
    return ACTION_NONE;
}

UiAction Review_cmdFirst(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Review_go(p, 0);
    return ACTION_NONE;
}

UiAction Review_cmdLast(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Review_leave(p);
    return ACTION_NONE;
}

UiAction Review_cmdGoto(Play *p, int argc, char **argv)
{
    (void)argc;
    Review_goToMove(p, argv[1]);
    return ACTION_NONE;
}

bool Review_keeps(const Command *c)
{
    return c != NULL && c->looks;
}

UiAction Review_cmdKeep(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    char line[PLAY_MESSAGE_MAX], kept[PLAY_MESSAGE_MAX + 2];
    if (!Variation_active(p)) {
        Play_error(p, "no variation to keep: try moves in review or with the analysis first");
        return ACTION_NONE;
    }
    int base = Variation_base(p);
    if (base >= Session_game(p->s)->nmoves) {
        Play_error(p,
                   "this variation starts after the game's last move: there is no move it "
                   "stands beside, so it cannot be kept");
        return ACTION_NONE;
    }
    Variation_describe(p, line, sizeof line);
    snprintf(kept, sizeof kept, "(%s)", line);
    Match_addNote(p->match, base, NOTE_VARIATION, kept);
    Play_say(p, "variation kept: %s is saved with the game beside %s", kept, p->san[base]);
    return ACTION_NONE;
}

/* ---- the variation: where moves go in review and during the analysis */

static bool Review_explores(const Play *p)
{
    return Review_active(p) || p->show_analysis;
}

static const Position *Review_board(const Play *p)
{
    static Position shown;
    return Review_shown(p, &shown);
}

/* The legal moves of the position shown, kept until it changes. */
static const MoveList *Review_legal(const Play *p)
{
    static MoveList legal;
    static uint64_t of_hash;
    static const Variant *of_variant;
    const Position *pos = Review_board(p);
    if (pos->hash != of_hash || pos->v != of_variant || legal.count == 0) {
        Movegen_legal(pos, &legal);
        of_hash = pos->hash;
        of_variant = pos->v;
    }
    return &legal;
}

static void Review_explore(Play *p, Move m)
{
    Variation_play(p, m, Review_ply(p));
    p->changes++;
}

const PlayExplorer REVIEW_EXPLORER = {
    .wanted = Review_explores,
    .board = Review_board,
    .legal = Review_legal,
    .play = Review_explore,
};
