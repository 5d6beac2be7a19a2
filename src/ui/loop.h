/* The terminal front end's loop: takes the terminal over, runs the screens
 * until the player quits, and gives the terminal back on every way out. */
#ifndef ZANZIBAR_UI_LOOP_H
#define ZANZIBAR_UI_LOOP_H

#include "ui/start.h"

/* Runs the game until the player quits; returns the process exit status. */
int Loop_run(const UiStart *start);

#endif
