/* Perft: counting legal move sequences, the check of move generation. */
#ifndef ZANZIBAR_CORE_PERFT_H
#define ZANZIBAR_CORE_PERFT_H

#include <stdint.h>

#include "position.h"

uint64_t Perft_count(Position *pos, int depth);

typedef void (*PerftDivideFn)(void *ctx, const char *move, uint64_t nodes);
/* Calls fn once per legal root move with its coordinate text and count. */
uint64_t Perft_divide(Position *pos, int depth, PerftDivideFn fn, void *ctx);

#endif
