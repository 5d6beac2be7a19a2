/* Move ordering: the table move first, then captures by victim and
 * attacker (those that lose the exchange last), killers, and quiet moves
 * by their history and continuation history. */
#ifndef ZANZIBAR_ENGINE_MOVEPICKER_H
#define ZANZIBAR_ENGINE_MOVEPICKER_H

#include <stdbool.h>

#include "core/movegen.h"
#include "engine/evaluate.h"

#define SEARCH_MAX_PLY 64
#define HISTORY_MAX 16384
/* The continuation history is hashed by the earlier move: the pairs a
 * search meets are few next to the 10^8 possible on 12x12 boards with 20
 * types, and a shared slot only blurs two records. */
#define CONT_BITS 20
/* A move's key: no move (the root's parent, a null move). */
#define ORDER_NO_KEY (-1)
/* How many earlier moves a quiet move's record is kept after. */
#define ORDER_CONT_PLIES 2

typedef struct {
    Move killer[SEARCH_MAX_PLY][2];
    int history[2][VARIANT_MAX_TYPES][MAX_CELLS];
    Move counter[2][MAX_CELLS];   /* the quiet refutation of a move to that cell */
    int16_t cont[1 << CONT_BITS]; /* a quiet move's record after the one or two before */
} OrderTables;

/* The keys of the moves made one and two plies before a node. */
typedef struct {
    Move prev;                 /* the move that led here, or MOVE_NONE */
    int key[ORDER_CONT_PLIES]; /* Order_moveKey of it and the one before */
} OrderContext;

/* No moves before (the root, quiescence). */
extern const OrderContext ORDER_NO_CONTEXT;

typedef struct {
    MoveList list;
    int score[MAX_MOVES];
    int next;
    const Position *pos; /* the position scored, for the exchange test */
    const EvalTables *et;
    const OrderTables *ot; /* for the quiet moves' records, read when first reached */
    OrderContext ctx;
} MovePicker;

void Order_clear(OrderTables *ot);
/* Halves the history between searches so that old lessons fade. */
void Order_age(OrderTables *ot);

/* Scores the moves already in mp->list for the position; ctx holds the
 * moves that led here (ORDER_NO_CONTEXT where none count). */
void MovePicker_score(MovePicker *mp, const Position *pos, const EvalTables *et,
                      const OrderTables *ot, Move tt_move, int ply, const OrderContext *ctx);
/* The best remaining move, or MOVE_NONE when all were handed out. */
Move MovePicker_next(MovePicker *mp);
/* Whether the move MovePicker_next gave last is a capture or promotion
 * that loses material in the exchange (ordered after the quiet moves). */
bool MovePicker_lastLoses(const MovePicker *mp);

/* Whether m takes a piece or promotes. */
bool Order_isTactical(const Position *pos, Move m);

/* What the continuation history knows m by, in pos before it is made:
 * the side, the type that moves and where it goes. */
int Order_moveKey(const Position *pos, Move m);
/* A quiet move's history: what it earned in this position's side's
 * searches after any move (it adjusts the move's reduction). */
int Order_history(const OrderTables *ot, const Position *pos, Move m);
/* A quiet move's record, which orders the quiet moves: its history and its
 * continuation history after the moves of ctx. */
int Order_quietScore(const OrderTables *ot, const Position *pos, Move m, const OrderContext *ctx);

/* A quiet move caused a cutoff after ctx's moves: remember it, and punish
 * the quiet moves tried before it. */
void Order_reward(OrderTables *ot, const Position *pos, Move best, int depth, int ply,
                  const OrderContext *ctx, const Move *tried, int ntried);

#endif
