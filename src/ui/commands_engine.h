/* The command table's handlers for the engine as a player (commands.c
 * holds the table): hint, move now, level N, pace [S]. */
#ifndef ZANZIBAR_UI_COMMANDS_ENGINE_H
#define ZANZIBAR_UI_COMMANDS_ENGINE_H

#include "ui/commands.h"

UiAction CommandsEngine_hint(Play *p, int argc, char **argv);
UiAction CommandsEngine_moveNow(Play *p, int argc, char **argv);
UiAction CommandsEngine_level(Play *p, int argc, char **argv);
UiAction CommandsEngine_pace(Play *p, int argc, char **argv);

#endif
