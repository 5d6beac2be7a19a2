/* What XBoard needs to show one of our games: the "setup" command with the
 * board size, the piece-to-picture table and the start position, and a
 * "piece" command in Betza notation for every piece, all made from the
 * core's piece table. */
#ifndef ZANZIBAR_CLI_XBSETUP_H
#define ZANZIBAR_CLI_XBSETUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/position.h"

/* Writes the Betza description of a piece kind into buf; king_jump: the
 * game has the Zanzibar King's first-move jump. */
void XbSetup_betza(const PieceKind *k, bool king_jump, char *buf, size_t len);
/* Sends "setup (...) WxH+0_fairy FEN" and the "piece" commands. */
void XbSetup_send(FILE *out, const Position *start);

#endif
