/* Move ordering: the table move first, then captures by victim and
 * attacker (those that lose the exchange last), killers, and quiet moves
 * by history. */
#ifndef ZANZIBAR_ENGINE_MOVEPICKER_H
#define ZANZIBAR_ENGINE_MOVEPICKER_H

#include <stdbool.h>

#include "core/movegen.h"
#include "engine/evaluate.h"

#define SEARCH_MAX_PLY 64
#define HISTORY_MAX 16384

typedef struct {
    Move killer[SEARCH_MAX_PLY][2];
    int history[2][VARIANT_MAX_TYPES][MAX_CELLS];
    Move counter[2][MAX_CELLS]; /* the quiet refutation of a move to that cell */
} OrderTables;

typedef struct {
    MoveList list;
    int score[MAX_MOVES];
    int next;
    const Position *pos; /* the position scored, for the exchange test */
    const EvalTables *et;
} MovePicker;

void Order_clear(OrderTables *ot);
/* Halves the history between searches so that old lessons fade. */
void Order_age(OrderTables *ot);

/* Scores the moves already in mp->list for the position; prev is the move
 * that led here (MOVE_NONE at the root or after a null move). */
void MovePicker_score(MovePicker *mp, const Position *pos, const EvalTables *et,
                      const OrderTables *ot, Move tt_move, int ply, Move prev);
/* The best remaining move, or MOVE_NONE when all were handed out. */
Move MovePicker_next(MovePicker *mp);
/* Whether the move MovePicker_next gave last is a capture or promotion
 * that loses material in the exchange (ordered after the quiet moves). */
bool MovePicker_lastLoses(const MovePicker *mp);

/* Whether m takes a piece or promotes. */
bool Order_isTactical(const Position *pos, Move m);

/* A quiet move caused a cutoff after prev: remember it, and punish the
 * quiet moves tried before it. */
void Order_reward(OrderTables *ot, const Position *pos, Move best, int depth, int ply, Move prev,
                  const Move *tried, int ntried);

#endif
