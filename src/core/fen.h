/* FEN reading and writing exactly as RULES.md section 6, with messages that
 * say which rank, which character or which rule is wrong. */
#ifndef ZANZIBAR_CORE_FEN_H
#define ZANZIBAR_CORE_FEN_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "position.h"

#define FEN_MAX 256

/* On failure *pos is untouched and err says why. */
bool Fen_read(Position *pos, const Variant *v, const char *fen, char *err, size_t errlen);
void Fen_write(const Position *pos, char *buf, size_t len);

#endif
