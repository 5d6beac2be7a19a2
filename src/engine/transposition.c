/* The transposition table: allocation, probing and the replacement policy
 * (same position first, then the shallowest or stalest entry of the bucket). */
#include "engine/transposition.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "engine/engine.h"

/* A bucket is one cache line, and starts on one: a probe reads one line. */
#define TT_LINE 64
_Static_assert(TT_BUCKET * sizeof(TTEntry) == TT_LINE, "a bucket fills one cache line");

void TTable_init(TTable *tt, size_t mb)
{
    size_t bytes = (mb ? mb : 1) << 20;
    size_t n = 1;
    while (n * 2 * TT_BUCKET * sizeof(TTEntry) <= bytes)
        n *= 2;
    /* One spare line to start on a line: calloc's zeroed pages, unlike an
     * aligned allocation's, are only touched as the search fills them. */
    tt->block = Alloc_array(n * TT_BUCKET + TT_LINE / sizeof(TTEntry), sizeof(TTEntry));
    uintptr_t at = (uintptr_t)tt->block;
    tt->buckets = (TTEntry *)((at + TT_LINE - 1) / TT_LINE * TT_LINE);
    tt->nbuckets = n;
    tt->age = 0;
}

void TTable_free(TTable *tt)
{
    free(tt->block);
    tt->block = NULL;
    tt->buckets = NULL;
    tt->nbuckets = 0;
}

void TTable_clear(TTable *tt)
{
    memset(tt->buckets, 0, tt->nbuckets * TT_BUCKET * sizeof(TTEntry));
    tt->age = 0;
}

void TTable_newSearch(TTable *tt)
{
    tt->age++;
}

/* The upper half of the key checks the entry; the lower half chose the bucket. */
static uint32_t TTable_checkOf(uint64_t hash)
{
    return (uint32_t)(hash >> 32);
}

const TTEntry *TTable_probe(const TTable *tt, uint64_t hash)
{
    const TTEntry *b = TTable_bucketOf(tt, hash);
    uint32_t key = TTable_checkOf(hash);
    for (int i = 0; i < TT_BUCKET; i++)
        if (b[i].bound != TT_NONE && b[i].key == key)
            return &b[i];
    return NULL;
}

/* How much an entry is worth keeping: deep results of this search first. */
static int TTable_keepWorth(const TTable *tt, const TTEntry *e)
{
    int stale = (uint8_t)(tt->age - e->age);
    return e->depth - 8 * stale;
}

void TTable_store(TTable *tt, uint64_t hash, Move move, int score, int eval, int depth, int bound)
{
    TTEntry *b = TTable_bucketOf(tt, hash);
    uint32_t key = TTable_checkOf(hash);
    TTEntry *victim = &b[0];
    for (int i = 0; i < TT_BUCKET; i++) {
        if (b[i].key == key || b[i].bound == TT_NONE) {
            victim = &b[i];
            break;
        }
        if (TTable_keepWorth(tt, &b[i]) < TTable_keepWorth(tt, victim))
            victim = &b[i];
    }
    /* A shallower result for the same position keeps the older best move
     * unless it brings one of its own. */
    if (victim->key == key && move == MOVE_NONE)
        move = victim->move;
    if (victim->key == key && bound != TT_EXACT && depth + 2 < victim->depth
        && victim->age == tt->age)
        return;
    victim->key = key;
    victim->move = move;
    victim->score = (int16_t)score;
    victim->eval = (int16_t)eval;
    victim->depth = (uint8_t)(depth < 0 ? 0 : depth);
    victim->bound = (uint8_t)bound;
    victim->age = tt->age;
}

int TTable_scoreToTT(int score, int ply)
{
    if (score > ENGINE_MATE_BOUND)
        return score + ply;
    if (score < -ENGINE_MATE_BOUND)
        return score - ply;
    return score;
}

int TTable_scoreFromTT(int score, int ply)
{
    if (score > ENGINE_MATE_BOUND)
        return score - ply;
    if (score < -ENGINE_MATE_BOUND)
        return score + ply;
    return score;
}
