/* Static evaluation: material from each game's piece values (worth more
 * against Pawns in the middle game than in the ending), piece-square terms
 * from each piece's own movement, slider mobility, threatened pieces, King
 * safety from the attacks beside it, advancement of promoting pieces (in full
 * for passed ones) and each game's special rules. */
#ifndef ZANZIBAR_ENGINE_EVALUATE_H
#define ZANZIBAR_ENGINE_EVALUATE_H

#include <stdint.h>

#include "core/position.h"

/* The hand-set or fitted weights of the terms other than material,
 * in centipawns (a square, a flight square, a rank squared...). */
enum {
    EW_LEAPER_PST,    /* per square reached beyond average, leapers */
    EW_RIDER_PST,     /* the same for riders */
    EW_KING_END,      /* the same for the King in the endgame */
    EW_MOBILITY,      /* per square a rider reaches now */
    EW_SHELTER,       /* per own piece beside the King */
    EW_ATTACK,        /* per unit of pressure beside the enemy King */
    EW_ATTACK_CAP,    /* most the pressure can cost */
    EW_JUMP_RIGHT,    /* keeping the King's jump */
    EW_PIECE_COUNT,   /* per piece, where a bare Sultan loses */
    EW_CONFINE,       /* per flight square taken from a nearly bare Sultan */
    EW_TEMPO,         /* for the side to move */
    EW_ADVANCE,       /* times the square of a promoting piece's ranks travelled */
    EW_ADVANCE_END,   /* the same again, in full in the endgame */
    EW_HELD_ADVANCE,  /* percent of both a forward-only one keeps when not passed */
    EW_PAWN_THREAT,   /* per piece a promoting piece attacks */
    EW_LESSER_THREAT, /* per piece a cheaper piece (not a promoting one) attacks */
    EW_HANGING,       /* per piece attacked and not defended */
    EW_KING_OUT,      /* per rank the King stands ahead of where it starts */
    EW_SAFE_CHECK,    /* per enemy piece type with a safe check on the King */
    EW_COUNT
};

typedef struct {
    int w[EW_COUNT];
} EvalWeights;

extern const EvalWeights Evaluate_default_weights;
const char *Evaluate_weight_name(int weight);

/* Capture directions of promoting pieces kept for the threat term. */
#define EVAL_MAX_PAWN_ATTACKS 8

/* Tables built once per search for the variant and board of the root. */
typedef struct {
    const Variant *v;
    int value[VARIANT_MAX_TYPES];            /* centipawns, the ending's; the royal piece large */
    int16_t middle_extra[VARIANT_MAX_TYPES]; /* what the middle game adds to value */
    int16_t pst[2][VARIANT_MAX_TYPES][MAX_CELLS];
    int8_t advance[2][MAX_CELLS]; /* ranks travelled from the home edge */
    int8_t file[MAX_CELLS];
    /* 4 less the distance of a piece from the enemy royal piece when it is
     * at most 3 files and ranks away, else 0: at cell - royal + MAX_CELLS
     * (the padded board gives each such offset one meaning) */
    int8_t near_royal[2 * MAX_CELLS];
    int8_t attack_weight[VARIANT_MAX_TYPES]; /* the value in pawns, 1 to 9 */
    uint32_t pawnlike;                       /* types that advance to promote */
    uint32_t riders;                         /* types with slide, hop or bent moves */
    uint32_t forward_only;                   /* promoting types that never step aside */
    /* Per colour and promoting type: the cells it attacks, as cell + off
     * (one list per type, so a pawn's marks look at its own leaps only) */
    int8_t npawn_attacks[2][VARIANT_MAX_TYPES];
    int16_t pawn_attack_off[2][VARIANT_MAX_TYPES][EVAL_MAX_PAWN_ATTACKS];
    int start_material; /* both sides' pieces at the start */
    int royal_home;     /* the royal piece's ranks from its edge at the start */
    int max_promo_value;
    int pawn_value;
    EvalWeights weights;
} EvalTables;

void Evaluate_build(EvalTables *et, const Position *pos);
void Evaluate_buildWeighted(EvalTables *et, const Position *pos, const EvalWeights *w);
/* The score of pos in centipawns from the side to move's point of view. */
int Evaluate_position(const EvalTables *et, const Position *pos);
/* The value of the piece a move takes (0 for none), promotions included. */
int Evaluate_gain(const EvalTables *et, const Position *pos, Move m);

#endif
