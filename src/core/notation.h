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
/* Reads either form (also "0000"-free): on failure returns false and err
 * explains (no such square, not your piece, illegal, ambiguous...). */
bool Notation_parse(const Position *pos, const char *text, Move *out, char *err, size_t errlen);

#endif
