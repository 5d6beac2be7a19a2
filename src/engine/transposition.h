/* The transposition table: a fixed-size hash of search results keyed by the
 * core's Zobrist hash, in buckets of four entries that fit a cache line. */
#ifndef ZANZIBAR_ENGINE_TRANSPOSITION_H
#define ZANZIBAR_ENGINE_TRANSPOSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/position.h"

#define TT_BUCKET 4

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

typedef struct {
    uint32_t key;
    Move move;
    int16_t score;
    int16_t eval;
    uint8_t depth;
    uint8_t bound;
    uint8_t age;
    uint8_t pad;
} TTEntry;

typedef struct {
    void *block;      /* the allocation; buckets lies inside it */
    TTEntry *buckets; /* nbuckets * TT_BUCKET entries, from a cache line's start */
    size_t nbuckets;  /* a power of two */
    uint8_t age;
} TTable;

/* The lower half of the key chooses the bucket. */
static inline TTEntry *TTable_bucketOf(const TTable *tt, uint64_t hash)
{
    return &tt->buckets[(hash & (tt->nbuckets - 1)) * TT_BUCKET];
}

/* Sizes the table to at most mb megabytes (at least one bucket); running
 * out of memory ends the program (core/alloc.h). */
void TTable_init(TTable *tt, size_t mb);
void TTable_free(TTable *tt);
void TTable_clear(TTable *tt);
/* A new search: older entries become the first to be replaced. */
void TTable_newSearch(TTable *tt);
/* Asks the memory for hash's bucket now, so that the probe a node later
 * makes finds it in the cache: a move's first use of its new hash. */
static inline void TTable_prefetch(const TTable *tt, uint64_t hash)
{
    __builtin_prefetch(TTable_bucketOf(tt, hash));
}
/* The entry for hash, or NULL. */
const TTEntry *TTable_probe(const TTable *tt, uint64_t hash);
void TTable_store(TTable *tt, uint64_t hash, Move move, int score, int eval, int depth, int bound);

/* Mate scores are stored relative to the node, not the root. */
int TTable_scoreToTT(int score, int ply);
int TTable_scoreFromTT(int score, int ply);

#endif
