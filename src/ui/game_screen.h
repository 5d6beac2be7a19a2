/* The game screen: the board with its highlights, the side panel, the
 * message line and the ':' command line. Opened through Nav_startGame. */
#ifndef ZANZIBAR_UI_GAME_SCREEN_H
#define ZANZIBAR_UI_GAME_SCREEN_H

#include "ui/nav.h"

extern const Screen GameScreen;

#endif
