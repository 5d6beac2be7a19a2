/* The help screen: keys and commands, the rules of the game shown, and a
 * page per piece with a diagram of its moves. Opened through Nav_openHelp. */
#ifndef ZANZIBAR_UI_HELP_SCREEN_H
#define ZANZIBAR_UI_HELP_SCREEN_H

#include "ui/nav.h"

extern const Screen HelpScreen;

#endif
