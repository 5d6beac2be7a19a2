/* The game screen's side panel (game_panel.c): what the game screen draws
 * beside the board, and what it needs back from it (the move clicked, the
 * deadline counted down). */
#ifndef ZANZIBAR_UI_GAME_PANEL_H
#define ZANZIBAR_UI_GAME_PANEL_H

#include <stdbool.h>

#include "ui/play.h"

/* The rows the panel needs in game v: its promotion chooser's every choice. */
int GamePanel_minRows(const Variant *v);
/* The panel in the rectangle given; the review's graph goes into it unless
 * it stands under the board already. */
void GamePanel_draw(const Play *p, int top, int x, int w, int h, bool graph_under_board);
/* The ply of the move drawn at screen row y, column x of the move list as
 * last drawn, or -1 for none. */
int GamePanel_plyAt(const Play *p, int y, int x);
/* A deadline counted down: whether the second it shows changed since the
 * last call, and the milliseconds until it changes (-1: none runs). */
bool GamePanel_deadlineTicked(const Play *p);
int GamePanel_deadlineWaitMs(const Play *p);

#endif
