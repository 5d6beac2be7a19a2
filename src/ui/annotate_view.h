/* The whole-game review on the game screen ('A', as lichess's computer
 * analysis): the engine scores every position of the game, then the move
 * list marks the moves that gave the most away (?!, ?, ??) and a graph of
 * the score over the game stands under the board. */
#ifndef ZANZIBAR_UI_ANNOTATE_VIEW_H
#define ZANZIBAR_UI_ANNOTATE_VIEW_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "ui/commands.h"
#include "ui/play.h"

/* The command: starts the review of the game shown, or says how far it is. */
UiAction AnnotateView_command(Play *p, int argc, char **argv);
/* What the loop waits on while the review runs (its engine's descriptor). */
int AnnotateView_pollFds(struct pollfd *fds, int max);
/* Takes a finished search and starts the next; true when the screen
 * changed. A review of a game that has since changed is dropped. */
bool AnnotateView_tick(Play *p);
/* The mark of move ply ("?!", "?", "??" or ""), once reviewed. */
const char *AnnotateView_mark(const Play *p, int ply);
/* While the review runs: its progress bar, w columns at most. */
bool AnnotateView_progress(char *buf, int w);
/* The graph of the reviewed game's score in the rectangle given (White's
 * chances up from the middle row, Black's down); false when there is no
 * review of this game to draw, or too little room. */
bool AnnotateView_drawGraph(const Play *p, int y, int x, int w, int h);
/* The rows the graph wants. */
#define ANNOTATE_GRAPH_ROWS 5
/* Ends the review and frees it (at the end of the program). */
void AnnotateView_end(void);

#endif
