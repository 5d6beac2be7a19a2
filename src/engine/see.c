/* Static exchange evaluation on a copy of the board: pieces are taken off
 * as they capture, so riders and hoppers behind them, and the screens that
 * hoppers need, come and go just as they would in the real exchange. */
#include "engine/see.h"

#include <string.h>

#define SEE_MAX_SWAPS 32

/* The cheapest piece of side that can take on cell, or 0 if none. */
static int See_cheapestAttacker(const Position *pos, const EvalTables *et, const uint8_t *board,
                                int cell, int side)
{
    int16_t cells[MAX_PIECES];
    int n = Position_attackersOn(pos, board, cell, side, cells);
    int best = 0, best_value = 0;
    for (int i = 0; i < n; i++) {
        int value = et->value[PIECE_TYPE(board[cells[i]])];
        if (!best || value < best_value) {
            best = cells[i];
            best_value = value;
        }
    }
    return best;
}

static int See_maxOf(int a, int b)
{
    return a > b ? a : b;
}

int See_move(const Position *pos, const EvalTables *et, Move m)
{
    uint8_t board[MAX_CELLS];
    memcpy(board, pos->board, sizeof board);
    int target = Position_moveEnd(pos, m);
    int promo = MOVE_PROMO(m);
    int on_target = et->value[promo >= 0 ? promo : PIECE_TYPE(board[MOVE_FROM(m)])];
    int gain[SEE_MAX_SWAPS];
    gain[0] = Evaluate_gain(et, pos, m);
    board[MOVE_FROM(m)] = CELL_EMPTY;
    int side = !pos->side, d = 0;
    while (d + 1 < SEE_MAX_SWAPS) {
        int from = See_cheapestAttacker(pos, et, board, target, side);
        if (!from)
            break;
        d++;
        gain[d] = on_target - gain[d - 1];
        /* Neither side can do better by going on: the answer is known. */
        if (See_maxOf(-gain[d - 1], gain[d]) < 0)
            break;
        on_target = et->value[PIECE_TYPE(board[from])];
        board[from] = CELL_EMPTY;
        side = !side;
    }
    while (d > 0) {
        gain[d - 1] = -See_maxOf(-gain[d - 1], gain[d]);
        d--;
    }
    return gain[0];
}

bool See_loses(const Position *pos, const EvalTables *et, Move m)
{
    int capturer = et->value[PIECE_TYPE(pos->board[MOVE_FROM(m)])];
    if (MOVE_PROMO(m) < 0 && Evaluate_gain(et, pos, m) >= capturer)
        return false;
    return See_move(pos, et, m) < 0;
}
