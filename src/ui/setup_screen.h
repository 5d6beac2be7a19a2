/* The setup screen: Black's choice of how to arrange the free pieces, the
 * pieces placed with the cursor or picked by number, and the Arabian
 * Nights setup phase. Opened through Nav_setupGame. */
#ifndef ZANZIBAR_UI_SETUP_SCREEN_H
#define ZANZIBAR_UI_SETUP_SCREEN_H

#include <stdbool.h>

#include "ui/nav.h"

extern const Screen SetupScreen;

/* Puts text on the setup screen's message line (notes for the first screen). */
void SetupScreen_note(bool error, const char *text);

#endif
