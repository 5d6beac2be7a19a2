/* Zobrist keys computed by a pure mixing function (splitmix64), so that the
 * hash needs no global table and no initialisation. */
#ifndef ZANZIBAR_CORE_ZOBRIST_H
#define ZANZIBAR_CORE_ZOBRIST_H

#include <stdint.h>

#include "mix.h"

static inline uint64_t Zobrist_piece(unsigned piece, int cell)
{
    return Mix_splitmix64(((uint64_t)piece << 10) | (unsigned)cell);
}

static inline uint64_t Zobrist_side(void)
{
    return Mix_splitmix64(1ull << 40);
}

static inline uint64_t Zobrist_ep(int cell)
{
    return Mix_splitmix64((2ull << 40) | (unsigned)cell);
}

static inline uint64_t Zobrist_rights(int rights)
{
    return rights ? Mix_splitmix64((3ull << 40) | (unsigned)rights) : 0;
}

static inline uint64_t Zobrist_carpet(int slot)
{
    return Mix_splitmix64((4ull << 40) | (unsigned)slot);
}

#endif
