/* The start menu: the game, the players, the level, the clock and the
 * setup method, and the line that resumes a saved game. */
#ifndef ZANZIBAR_UI_MENU_SCREEN_H
#define ZANZIBAR_UI_MENU_SCREEN_H

#include "ui/nav.h"
#include "ui/start.h"

extern const Screen MenuScreen;

/* The menu's first choices, from the command line. */
void MenuScreen_init(const UiStart *start);
/* Copies the menu's players, level and clock into the game in play. */
void MenuScreen_apply(void);
/* Takes up the saved game in progress (or says on the menu why not). */
void MenuScreen_resume(void);
/* The saved game the menu offers to resume, described, or NULL. */
const char *MenuScreen_savedGame(void);
/* The resume line goes: its game was set aside. */
void MenuScreen_forgetSaved(void);

#endif
