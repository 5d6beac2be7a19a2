/* The splitmix64 mixer: a pure function that scatters a 64-bit number,
 * behind the Zobrist keys and every seeded choice of the core and engine. */
#ifndef ZANZIBAR_CORE_MIX_H
#define ZANZIBAR_CORE_MIX_H

#include <stdint.h>

static inline uint64_t Mix_splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

#endif
