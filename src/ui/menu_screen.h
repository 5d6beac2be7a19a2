/* The start menu: the game, the players, the level, the clock and the
 * setup method, and the line that resumes a saved game. */
#ifndef ZANZIBAR_UI_MENU_SCREEN_H
#define ZANZIBAR_UI_MENU_SCREEN_H

#include "ui/nav.h"
#include "ui/ui.h"

extern const Screen MenuScreen;

/* The menu's first choices, from the command line. */
void MenuScreen_init(const UiStart *start);
/* Copies the menu's players, level and clock into the game in play. */
void MenuScreen_apply(void);

#endif
