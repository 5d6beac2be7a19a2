/* Static evaluation: material from each game's piece values, piece-square terms
 * derived from each piece's own movement, slider mobility, King safety,
 * advancement of promoting pieces and the special rules of each game. */
#ifndef ZANZIBAR_ENGINE_EVALUATE_H
#define ZANZIBAR_ENGINE_EVALUATE_H

#include <stdint.h>

#include "core/position.h"

/* Tables built once per search for the variant and board of the root. */
typedef struct {
    const Variant *v;
    int value[VARIANT_MAX_TYPES];         /* centipawns; the royal piece large */
    int16_t pst[2][VARIANT_MAX_TYPES][MAX_CELLS];
    int8_t advance[2][MAX_CELLS];         /* ranks travelled from the home edge */
    int8_t file[MAX_CELLS], rank[MAX_CELLS];
    uint32_t pawnlike;                    /* types that advance to promote */
    uint32_t riders;                      /* types with slide, hop or bent moves */
    int start_material;                   /* both sides' pieces at the start */
    int max_promo_value;
    int pawn_value;
} EvalTables;

void Evaluate_build(EvalTables *et, const Position *pos);
/* The score of pos in centipawns from the side to move's point of view. */
int Evaluate_position(const EvalTables *et, const Position *pos);
/* The value of the piece a move takes (0 for none), promotions included. */
int Evaluate_gain(const EvalTables *et, const Position *pos, Move m);

#endif
