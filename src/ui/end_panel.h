/* The end of a game on the game screen: a panel beside the board with the
 * result and why, who won, where the game was kept, and the keys for what
 * comes next; the key line under the board changes with it. */
#ifndef ZANZIBAR_UI_END_PANEL_H
#define ZANZIBAR_UI_END_PANEL_H

#include <stdbool.h>

#include "ui/play.h"

/* Whether the panel stands in the side panel now: the game is over and
 * the board shows its end (not a review of an earlier position). */
bool EndPanel_shown(const Play *p);
/* Draws the panel from row y in w columns and at most h rows; returns the
 * rows it took (the move list goes below them). */
int EndPanel_draw(const Play *p, int y, int x, int w, int h);
/* The key line under the board at the end of a game. */
const char *EndPanel_keyLine(const Play *p);

#endif
