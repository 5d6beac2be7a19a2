/* The rules page's picture of a carpet flight in Arabian Nights: a Rook
 * lands on a carpet and every place it may fly to is marked, worked out by
 * the move generator. Curses-free, so that tests can check it. */
#ifndef ZANZIBAR_UI_HELP_FLIGHT_H
#define ZANZIBAR_UI_HELP_FLIGHT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/variant.h"

#define HELP_FLIGHT_MAX 1024

/* The diagram, its lines ending in '\n', then the legend; false (buf
 * empty) for a game without carpets. */
bool HelpFlight_diagram(const Variant *v, char *buf, size_t len);

#endif
