/* The list of saved games that ':load' without a name opens: each game of
 * the saved-games folder on a line, newest first; Enter loads one. */
#ifndef ZANZIBAR_UI_SAVED_SCREEN_H
#define ZANZIBAR_UI_SAVED_SCREEN_H

#include "ui/nav.h"

extern const Screen SavedScreen;

#endif
