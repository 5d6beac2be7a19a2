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
    SCORE_UNTESTED = 3 << 26,
    /* Quiet moves wait here, above any record, until the first of them is
     * picked: most nodes cut off before, and their records cost a read
     * of the table each */
    SCORE_QUIET_LATER = 1 << 20
};

const OrderContext ORDER_NO_CONTEXT = {MOVE_NONE, {ORDER_NO_KEY, ORDER_NO_KEY}};

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

int Order_moveKey(const Position *pos, Move m)
{
    int type = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
    return (pos->side * VARIANT_MAX_TYPES + type) * MAX_CELLS + MOVE_TO(m);
}

/* The slot of m's record after the move keyed before, plies earlier:
 * each earlier move has a row of its own at a hashed place, so that the
 * quiet moves of one node read one stretch of the table. The row needs no
 * side: it is the other side's one ply after, the same side's two. */
static int Order_contSlot(int before, int plies, int key)
{
    uint64_t row = (uint64_t)before * ORDER_CONT_PLIES + (uint64_t)plies;
    uint64_t base = (row * 0x9E3779B97F4A7C15ull) >> (64 - CONT_BITS);
    return (int)((base + (uint64_t)(key % (VARIANT_MAX_TYPES * MAX_CELLS)))
                 & ((1u << CONT_BITS) - 1));
}

int Order_history(const OrderTables *ot, const Position *pos, Move m)
{
    return ot->history[pos->side][PIECE_TYPE(pos->board[MOVE_FROM(m)])][MOVE_TO(m)];
}

int Order_quietScore(const OrderTables *ot, const Position *pos, Move m, const OrderContext *ctx)
{
    int score = Order_history(ot, pos, m);
    int key = Order_moveKey(pos, m);
    for (int i = 0; i < ORDER_CONT_PLIES; i++)
        if (ctx->key[i] != ORDER_NO_KEY)
            score += ot->cont[Order_contSlot(ctx->key[i], i, key)];
    return score;
}

void MovePicker_score(MovePicker *mp, const Position *pos, const EvalTables *et,
                      const OrderTables *ot, Move tt_move, int ply, const OrderContext *ctx)
{
    const Move *killer = ot->killer[ply < SEARCH_MAX_PLY ? ply : SEARCH_MAX_PLY - 1];
    Move prev = ctx->prev;
    Move counter = prev != MOVE_NONE ? ot->counter[pos->side][MOVE_TO(prev)] : MOVE_NONE;
    mp->pos = pos;
    mp->et = et;
    mp->ot = ot;
    mp->ctx = *ctx;
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
            s = SCORE_QUIET_LATER;
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

/* The quiet moves not yet handed out get their records. */
static void MovePicker_scoreQuiets(MovePicker *mp)
{
    for (int i = mp->next; i < mp->list.count; i++)
        if (mp->score[i] == SCORE_QUIET_LATER)
            mp->score[i] = Order_quietScore(mp->ot, mp->pos, mp->list.moves[i], &mp->ctx);
}

/* A capture that loses the exchange goes down among the losing ones and
 * stays where it is in the list, so the order is what testing every
 * capture first would give; the test is saved for those never reached. */
Move MovePicker_next(MovePicker *mp)
{
    if (mp->next >= mp->list.count)
        return MOVE_NONE;
    int best = MovePicker_best(mp);
    for (;;) {
        if (mp->score[best] == SCORE_QUIET_LATER)
            MovePicker_scoreQuiets(mp);
        else if (mp->score[best] >= SCORE_UNTESTED && mp->score[best] < SCORE_TT
                 && See_loses(mp->pos, mp->et, mp->list.moves[best]))
            mp->score[best] += SCORE_BAD_CAPTURE - SCORE_GOOD_CAPTURE;
        else
            break;
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

static void Order_contAdd(int16_t *entry, int bonus)
{
    int v = *entry;
    Order_historyAdd(&v, bonus);
    *entry = (int16_t)v;
}

/* A cutoff at depth d is worth about 6d^2 + 229d - 215 (Stockfish's
 * scale): large enough next to HISTORY_MAX that the history moves the
 * reductions, not only the order. */
static int Order_bonus(int depth)
{
    int b = 6 * depth * depth + 229 * depth - 215;
    return b < 16 ? 16 : b > 2000 ? 2000 : b;
}

/* m's history and continuation history move by bonus. */
static void Order_record(OrderTables *ot, const Position *pos, Move m, const OrderContext *ctx,
                         int bonus)
{
    Order_historyAdd(&ot->history[pos->side][PIECE_TYPE(pos->board[MOVE_FROM(m)])][MOVE_TO(m)],
                     bonus);
    int key = Order_moveKey(pos, m);
    for (int i = 0; i < ORDER_CONT_PLIES; i++)
        if (ctx->key[i] != ORDER_NO_KEY)
            Order_contAdd(&ot->cont[Order_contSlot(ctx->key[i], i, key)], bonus);
}

void Order_reward(OrderTables *ot, const Position *pos, Move best, int depth, int ply,
                  const OrderContext *ctx, const Move *tried, int ntried)
{
    if (ctx->prev != MOVE_NONE)
        ot->counter[pos->side][MOVE_TO(ctx->prev)] = best;
    if (ply < SEARCH_MAX_PLY && ot->killer[ply][0] != best) {
        ot->killer[ply][1] = ot->killer[ply][0];
        ot->killer[ply][0] = best;
    }
    int bonus = Order_bonus(depth);
    Order_record(ot, pos, best, ctx, bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != best)
            Order_record(ot, pos, tried[i], ctx, -bonus);
}
