/* Analysis (the 'a' key): an engine of its own thinks without end about the
 * position on the board, the reviewed one too, and shows the score from
 * White's side, the depth and the best line in the move list's notation;
 * the best move's squares are marked on the board. It starts again when
 * the position shown changes, and stops when turned off. */
#ifndef ZANZIBAR_UI_ANALYSIS_VIEW_H
#define ZANZIBAR_UI_ANALYSIS_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/commands.h"
#include "ui/play.h"

/* The analysing engine's hash table: with the playing engine's, the whole
 * program stays well under 64 MB. */
#define ANALYSIS_TT_MB 8
/* Lines shown at most ('+' and '-' choose how many, as lichess's). */
#define ANALYSIS_LINES_MAX 5

/* Follows the position shown while p->show_analysis is on (starting,
 * restarting or stopping the search) and takes over its progress; true
 * when what the screen shows of it changed. Never waits for the search
 * longer than it takes to stop. */
bool AnalysisView_tick(Play *p);
/* Between terminals a player's own engine would help during play: there
 * the analysis is for spectators, and for the players once the game is
 * over. */
bool AnalysisView_allowed(const Play *p);
/* The command table's entry (the key a): turns the analysis on or off,
 * or says why it may not be had here. */
UiAction AnalysisView_command(Play *p, int argc, char **argv);
/* Stops the search (turned off, or the game is not on the screen). */
void AnalysisView_stop(Play *p);
/* Whether a search runs now (the loop then wakes often to show it). */
bool AnalysisView_running(const Play *p);
/* The best move found for the position shown, or MOVE_NONE. */
Move AnalysisView_best(const Play *p);
/* What the panel shows: head "d14 +0.35 410 kn/s" (or why nothing is
 * shown) and line, the best line with move numbers ("12. Nf3 Nc6 13.
 * Lxe7"; with its score in front when several lines are shown). */
void AnalysisView_describe(const Play *p, char *head, size_t headlen, char *line, size_t linelen);
/* '+' and '-': one line more or fewer (1 to ANALYSIS_LINES_MAX); the
 * search starts again with them. */
UiAction AnalysisView_moreLines(Play *p, int argc, char **argv);
UiAction AnalysisView_fewerLines(Play *p, int argc, char **argv);
/* The lines found so far (up to the number chosen), and line i of them,
 * best first, with its score from White's side: "+0.35 12... Nc6 13. Lxe7". */
int AnalysisView_lineCount(const Play *p);
void AnalysisView_lineText(const Play *p, int i, char *buf, size_t len);
/* Ends the search and frees the engine (Play_destroy). */
void AnalysisView_free(struct AnalysisView *a);

#endif
