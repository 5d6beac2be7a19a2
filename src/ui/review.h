/* Review: the game screen showing an earlier position of the game, stepped
 * through move by move without taking anything back. A view state of the
 * Play only: the session and its game are never changed here. */
#ifndef ZANZIBAR_UI_REVIEW_H
#define ZANZIBAR_UI_REVIEW_H

#include <stdbool.h>

#include "ui/commands.h"
#include "ui/play.h"

bool Review_active(const Play *p);
/* Shows the position after ply moves (0: the start); the game's own last
 * position ends the review. */
void Review_go(Play *p, int ply);
/* delta moves later (negative: earlier) than the position shown. */
void Review_step(Play *p, int delta);
/* The position after move number N of the list (both sides' moves of that
 * line; "N." or "Nw" after White's, "N..." or "Nb" after Black's), or a
 * message saying why there is none. */
void Review_goToMove(Play *p, const char *text);
/* Back to the position as it stands, saying so. */
void Review_leave(Play *p);
/* How many moves the position shown comes after (the game's count outside
 * review). */
int Review_ply(const Play *p);
/* The position on the board: the one reviewed (built in buf) or the game's. */
const Position *Review_shown(const Play *p, Position *buf);
/* The move that led to the position shown; MOVE_NONE at the start. */
Move Review_move(const Play *p);
/* The review's marker for the screen, "review: move 12 of 40, 6... Nf3". */
void Review_describe(const Play *p, char *buf, size_t len);
/* Whether the command leaves the review open: those the command table
 * marks as only looking (cursor, flip, help, the review's own keys);
 * every other one returns to the present first. A move tries a variation
 * (REVIEW_EXPLORER). */
bool Review_keeps(const Command *c);
/* The move list walked with the arrows (Tab): Left and Right a move,
 * Up and Down a line of the list, Home and End its ends; Tab, Enter or
 * Esc give the arrows back to the board. */
void Review_walk(Play *p);
bool Review_walking(const Play *p);
/* A key while walking: true when the walk took it; false for any other
 * key, which ends the walk and goes on as usual. */
bool Review_walkKey(Play *p, int key);
/* The command table's handlers of the review: [ ] { } and goto N. */
UiAction Review_cmdBack(Play *p, int argc, char **argv);
UiAction Review_cmdForward(Play *p, int argc, char **argv);
UiAction Review_cmdFirst(Play *p, int argc, char **argv);
UiAction Review_cmdLast(Play *p, int argc, char **argv);
UiAction Review_cmdGoto(Play *p, int argc, char **argv);
UiAction Review_cmdWalk(Play *p, int argc, char **argv);
/* Keeps the variation tried with the game, as a PGN variation beside the
 * game's move it replaces (none from the game's last position). */
UiAction Review_cmdKeep(Play *p, int argc, char **argv);
/* Where moves go in review, in a variation or while the analysis runs: a
 * variation tried from the position shown (variation.h). The game screen
 * gives it to its Play. */
extern const PlayExplorer REVIEW_EXPLORER;

#endif
