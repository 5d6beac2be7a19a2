/* Move text: the coordinate form of RULES.md section 7 and the program's
 * short algebraic form (SAN) used by the board screen and PGN. */
#ifndef ZANZIBAR_CORE_NOTATION_H
#define ZANZIBAR_CORE_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "position.h"

#define MOVE_TEXT_MAX 24

void Notation_coord(const Position *pos, Move m, char *buf);
/* The short algebraic form: piece letter (none for Pawns), from-file or rank
 * only when needed, 'x' for captures, target, "=Q" promotion, ">k5" carpet
 * flight, '+' check, '#' mate. Needs a legal move. */
void Notation_san(const Position *pos, Move m, char *buf);
/* Text that means castling in chess (O-O, 0-0-0, any case): Notation_parse
 * refuses it saying these games have none. */
bool Notation_isCastling(const char *text);
/* Reads either form (long algebraic with 'x' too: e4xf5; SAN with a Pawn's
 * letter, Pe4xf5, and promotions without '=', e10Q); on failure returns
 * false and err explains (no such square, not your piece, illegal,
 * ambiguous, no castling...). */
bool Notation_parse(const Position *pos, const char *text, Move *out, char *err, size_t errlen);

#endif
