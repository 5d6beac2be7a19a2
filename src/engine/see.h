/* Static exchange evaluation: what a capture wins or loses once both sides
 * have finished recapturing on its square, each with its cheapest piece. */
#ifndef ZANZIBAR_ENGINE_SEE_H
#define ZANZIBAR_ENGINE_SEE_H

#include "core/position.h"
#include "engine/evaluate.h"

/* The material balance of m for the side making it, in centipawns; either
 * side may stop recapturing when going on would cost it. */
int See_move(const Position *pos, const EvalTables *et, Move m);

/* Whether m, a capture or promotion, loses material in the exchange; cheap
 * when the victim is worth at least the capturer. */
bool See_loses(const Position *pos, const EvalTables *et, Move m);

#endif
