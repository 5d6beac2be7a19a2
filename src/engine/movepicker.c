/* Move ordering tables and the incremental selection of the next move:
 * a lazy selection sort, since a cutoff usually comes in the first few,
 * and a lazy exchange test, made only on the capture about to be given. */
#include "engine/movepicker.h"

#include <string.h>

#include "engine/see.h"

enum {
    SCORE_TT = 1 << 30,
    SCORE_GOOD_CAPTURE = 1 << 28,
    SCORE_KILLER = 1 << 27,
    SCORE_COUNTER = (1 << 27) - 8,
    SCORE_BAD_CAPTURE = -(1 << 27),
    /* Captures score near SCORE_GOOD_CAPTURE until their exchange is
     * tested, every other move below this */
    SCORE_UNTESTED = 3 << 26
};

void Order_clear(OrderTables *ot)
{
    memset(ot, 0, sizeof *ot);
}

void Order_age(OrderTables *ot)
{
    memset(ot->killer, 0, sizeof ot->killer);
    for (int s = 0; s < 2; s++)
        for (int t = 0; t < VARIANT_MAX_TYPES; t++)
            for (int c = 0; c < MAX_CELLS; c++)
                ot->history[s][t][c] /= 2;
}

bool Order_isTactical(const Position *pos, Move m)
{
    uint8_t victim = pos->board[MOVE_TO(m)];
    return MOVE_PROMO(m) >= 0 || (MOVE_FLAGS(m) & MF_EP)
        || (IS_PIECE(victim) && PIECE_COLOR(victim) != pos->side);
}

/* Most valuable victim first, least valuable attacker among equals; the
 * exchange is tested only when the capture comes first (MovePicker_next). */
static int Order_tacticalScore(const Position *pos, const EvalTables *et, Move m)
{
    int attacker = et->value[PIECE_TYPE(pos->board[MOVE_FROM(m)])];
    return SCORE_GOOD_CAPTURE + Evaluate_gain(et, pos, m) * 8 - attacker / 16;
}

void MovePicker_score(MovePicker *mp, const Position *pos, const EvalTables *et,
                      const OrderTables *ot, Move tt_move, int ply, Move prev)
{
    const Move *killer = ot->killer[ply < SEARCH_MAX_PLY ? ply : SEARCH_MAX_PLY - 1];
    Move counter = prev != MOVE_NONE ? ot->counter[pos->side][MOVE_TO(prev)] : MOVE_NONE;
    mp->pos = pos;
    mp->et = et;
    for (int i = 0; i < mp->list.count; i++) {
        Move m = mp->list.moves[i];
        int s;
        if (m == tt_move)
            s = SCORE_TT;
        else if (Order_isTactical(pos, m))
            s = Order_tacticalScore(pos, et, m);
        else if (m == killer[0])
            s = SCORE_KILLER + 1;
        else if (m == killer[1])
            s = SCORE_KILLER;
        else if (m == counter)
            s = SCORE_COUNTER;
        else
            s = ot->history[pos->side][PIECE_TYPE(pos->board[MOVE_FROM(m)])][MOVE_TO(m)];
        mp->score[i] = s;
    }
    mp->next = 0;
}

bool MovePicker_lastLoses(const MovePicker *mp)
{
    /* Losing captures score near SCORE_BAD_CAPTURE, every quiet move far
     * above half of it (its history is bounded). */
    return mp->next > 0 && mp->score[mp->next - 1] < SCORE_BAD_CAPTURE / 2;
}

static int MovePicker_best(const MovePicker *mp)
{
    int best = mp->next;
    for (int i = mp->next + 1; i < mp->list.count; i++)
        if (mp->score[i] > mp->score[best])
            best = i;
    return best;
}

/* A capture that loses the exchange goes down among the losing ones and
 * stays where it is in the list, so the order is what testing every
 * capture first would give; the test is saved for those never reached. */
Move MovePicker_next(MovePicker *mp)
{
    if (mp->next >= mp->list.count)
        return MOVE_NONE;
    int best = MovePicker_best(mp);
    while (mp->score[best] >= SCORE_UNTESTED && mp->score[best] < SCORE_TT
           && See_loses(mp->pos, mp->et, mp->list.moves[best])) {
        mp->score[best] += SCORE_BAD_CAPTURE - SCORE_GOOD_CAPTURE;
        best = MovePicker_best(mp);
    }
    Move m = mp->list.moves[best];
    int s = mp->score[best];
    mp->list.moves[best] = mp->list.moves[mp->next];
    mp->score[best] = mp->score[mp->next];
    mp->list.moves[mp->next] = m;
    mp->score[mp->next] = s;
    mp->next++;
    return m;
}

/* History with a bound: gains shrink as the entry nears the limit. */
static void Order_historyAdd(int *entry, int bonus)
{
    *entry += bonus - *entry * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

void Order_reward(OrderTables *ot, const Position *pos, Move best, int depth, int ply, Move prev,
                  const Move *tried, int ntried)
{
    if (prev != MOVE_NONE)
        ot->counter[pos->side][MOVE_TO(prev)] = best;
    if (ply < SEARCH_MAX_PLY && ot->killer[ply][0] != best) {
        ot->killer[ply][1] = ot->killer[ply][0];
        ot->killer[ply][0] = best;
    }
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    int side = pos->side;
    Order_historyAdd(&ot->history[side][PIECE_TYPE(pos->board[MOVE_FROM(best)])][MOVE_TO(best)],
                     bonus);
    for (int i = 0; i < ntried; i++) {
        Move m = tried[i];
        if (m == best)
            continue;
        Order_historyAdd(&ot->history[side][PIECE_TYPE(pos->board[MOVE_FROM(m)])][MOVE_TO(m)],
                         -bonus);
    }
}
