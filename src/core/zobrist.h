/* Zobrist keys computed by a pure mixing function (splitmix64), so that the
 * hash needs no global table and no initialisation. */
#ifndef ZANZIBAR_CORE_ZOBRIST_H
#define ZANZIBAR_CORE_ZOBRIST_H

#include <stdint.h>

static inline uint64_t Zobrist_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static inline uint64_t Zobrist_piece(unsigned piece, int cell)
{
    return Zobrist_mix(((uint64_t)piece << 10) | (unsigned)cell);
}

static inline uint64_t Zobrist_side(void)
{
    return Zobrist_mix(1ull << 40);
}

static inline uint64_t Zobrist_ep(int cell)
{
    return Zobrist_mix((2ull << 40) | (unsigned)cell);
}

static inline uint64_t Zobrist_rights(int rights)
{
    return rights ? Zobrist_mix((3ull << 40) | (unsigned)rights) : 0;
}

static inline uint64_t Zobrist_carpet(int slot)
{
    return Zobrist_mix((4ull << 40) | (unsigned)slot);
}

#endif
