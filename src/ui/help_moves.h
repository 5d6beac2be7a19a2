/* The help's paragraph on typing moves, with examples taken from the game
 * shown (its start position, squares and pieces), so that no example names
 * a square or a piece the game does not have. Curses-free, for tests. */
#ifndef ZANZIBAR_UI_HELP_MOVES_H
#define ZANZIBAR_UI_HELP_MOVES_H

#include <stddef.h>

#include "core/variant.h"

#define HELP_MOVES_MAX 640

/* Writes the paragraph for game v into buf. */
void HelpMoves_text(const Variant *v, char *buf, size_t len);

#endif
