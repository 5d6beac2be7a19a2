/* Random games judged twice: by the Game's status and by a plain referee
 * written here from RULES.md (4.3 and 5.4), which recounts everything over
 * the whole game at every ply instead of keeping counters. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "core/status.h"
#include "runner.h"

#define MAX_PLIES 1500

/* Everything that makes two positions the same for the repetition rule. */
typedef struct {
    uint8_t board[MAX_CELLS];
    uint8_t side, rights;
    uint16_t carpets;
    int16_t ep;
    uint32_t sum; /* of the board, to skip most comparisons quickly */
} Snapshot;

typedef struct {
    Snapshot snaps[MAX_PLIES + 1]; /* snaps[i]: the position before move i */
    int quiet[MAX_PLIES + 1];      /* plies since a capture, Pawn or Soldier move, promotion */
} Referee;

static uint64_t Rng_next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Dull;
}

/* Games per variant: ZANZIBAR_RANDOM_GAMES, else fewer under sanitizers. */
static int games_per_variant(void)
{
    const char *env = getenv("ZANZIBAR_RANDOM_GAMES");
    if (env && atoi(env) > 0)
        return atoi(env);
#if defined(__SANITIZE_ADDRESS__)
    return 30;
#else
    return 300;
#endif
}

static void snapshot(const Position *pos, Snapshot *s)
{
    memcpy(s->board, pos->board, sizeof s->board);
    s->side = pos->side;
    s->rights = pos->rights;
    s->carpets = pos->carpets;
    s->ep = pos->ep;
    s->sum = 2166136261u;
    for (int c = 0; c < MAX_CELLS; c++)
        s->sum = (s->sum ^ pos->board[c]) * 16777619u;
}

static bool same(const Snapshot *a, const Snapshot *b)
{
    return a->sum == b->sum && a->side == b->side && a->rights == b->rights
        && a->carpets == b->carpets && a->ep == b->ep
        && memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* A capture, a Pawn or Soldier move, or a promotion starts the count again. */
static bool resets_count(const Position *before, Move m)
{
    uint8_t mover = before->board[MOVE_FROM(m)], target = before->board[MOVE_TO(m)];
    const char *name = Variant_kind(before->v, PIECE_TYPE(mover))->name;
    return IS_PIECE(target) || (MOVE_FLAGS(m) & MF_EP) || MOVE_PROMO(m) >= 0
        || strcmp(name, "Pawn") == 0 || strcmp(name, "Soldier") == 0;
}

/* Only the royal piece is left: counted on the board itself. */
static bool bare(const Position *pos, int side)
{
    int pieces = 0, royals = 0;
    for (int c = 0; c < MAX_CELLS; c++) {
        uint8_t p = pos->board[c];
        if (!IS_PIECE(p) || PIECE_COLOR(p) != side)
            continue;
        pieces++;
        royals += (Variant_kind(pos->v, PIECE_TYPE(p))->flags & PF_ROYAL) != 0;
    }
    return pieces == 1 && royals == 1;
}

static GameStatus win(int side, GameReason reason)
{
    return (GameStatus){side == WHITE ? RESULT_WHITE_WINS : RESULT_BLACK_WINS, reason};
}

static GameStatus draw(GameReason reason)
{
    return (GameStatus){RESULT_DRAW, reason};
}

static GameStatus bare_rules(const Position *pos)
{
    unsigned rules = pos->v->rules;
    int mover = pos->side ^ 1;
    bool mover_bare = bare(pos, mover), other_bare = bare(pos, pos->side);
    if ((rules & VR_BARE_SULTAN) && mover_bare && other_bare)
        return draw(REASON_BARE_SULTAN);
    /* The bared side has made its one reply and left the other armed. */
    if ((rules & VR_BARE_SULTAN) && mover_bare)
        return win(pos->side, REASON_BARE_SULTAN);
    if ((rules & VR_BARE_KINGS_DRAW) && mover_bare && other_bare)
        return draw(REASON_BARE_KINGS);
    return (GameStatus){RESULT_NONE, REASON_NONE};
}

/* The status of the position after ply moves, judged from scratch. */
static GameStatus judge(const Referee *r, const Position *pos, int ply, MoveList *list)
{
    Movegen_legal(pos, list);
    if (list->count == 0) {
        if (Position_inCheck(pos))
            return win(pos->side ^ 1, REASON_CHECKMATE);
        if (pos->v->rules & VR_STALEMATE_LOSES)
            return win(pos->side ^ 1, REASON_STALEMATE);
        return draw(REASON_STALEMATE);
    }
    GameStatus b = bare_rules(pos);
    if (b.result != RESULT_NONE)
        return b;
    if (r->quiet[ply] >= 100)
        return draw(REASON_FIFTY_MOVES);
    int seen = 0;
    for (int i = 0; i < ply; i++)
        seen += same(&r->snaps[i], &r->snaps[ply]);
    if (seen >= 2)
        return draw(REASON_REPETITION);
    return (GameStatus){RESULT_NONE, REASON_NONE};
}

/* Random moves; in odd-numbered games now and then the move that takes
 * back the mover's last one, so that repetitions (across sideways steps
 * too) come up often, while the other games run on to the other endings. */
static Move pick(const Game *g, const MoveList *list, uint64_t seed, uint64_t *rng)
{
    if ((seed & 1) && g->nmoves >= 2 && Rng_next(rng) % 6 == 0) {
        Move last = g->moves[g->nmoves - 2];
        for (int i = 0; i < list->count; i++) {
            Move m = list->moves[i];
            if (MOVE_FROM(m) == MOVE_TO(last) && MOVE_TO(m) == MOVE_FROM(last) && MOVE_PROMO(m) < 0
                && MOVE_FLY(m) < 0)
                return m;
        }
    }
    return list->moves[Rng_next(rng) % (uint64_t)list->count];
}

static void start_of(const Variant *v, uint64_t seed, Position *start)
{
    if (Setup_count(v))
        ck_assert(Setup_position(start, v, Setup_random(v, seed)));
    else
        Setup_start(start, v);
}

/* Plays one game; returns its reason for ending (REASON_NONE if cut short). */
static GameReason play_one(Referee *r, const Variant *v, uint64_t seed)
{
    Position start;
    Game g;
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
    start_of(v, seed, &start);
    Game_init(&g, &start);
    snapshot(&g.pos, &r->snaps[0]);
    r->quiet[0] = 0;
    MoveList list;
    Movegen_legal(&g.pos, &list);
    while (!Game_over(&g) && g.nmoves < MAX_PLIES) {
        Move m = pick(&g, &list, seed, &rng);
        int ply = g.nmoves;
        r->quiet[ply + 1] = resets_count(&g.pos, m) ? 0 : r->quiet[ply] + 1;
        ck_assert(Game_play(&g, m));
        snapshot(&g.pos, &r->snaps[ply + 1]);
        GameStatus want = judge(r, &g.pos, ply + 1, &list);
        if (want.result != g.status.result || want.reason != g.status.reason) {
            char fen[FEN_MAX];
            Fen_write(&g.pos, fen, sizeof fen);
            ck_abort_msg("%s seed %llu ply %d (%s): game says %s (%s), referee %s (%s)", v->name,
                         (unsigned long long)seed, ply + 1, fen, Status_resultText(g.status.result),
                         Status_reasonText(g.status.reason), Status_resultText(want.result),
                         Status_reasonText(want.reason));
        }
    }
    GameReason reason = g.status.reason;
    Game_free(&g);
    return reason;
}

START_TEST(test_random_games_judged)
{
    const Variant *v = Variant_get((VariantId)_i);
    static Referee referee;
    int n = games_per_variant(), ended[REASON_COUNT] = {0};
    for (int i = 0; i < n; i++)
        ended[play_one(&referee, v, (uint64_t)i + 1)]++;
    printf("%s: %d games: %d mates, %d stalemates, %d repetitions, %d fifty-move, "
           "%d bare, %d cut at %d plies\n",
           v->name, n, ended[REASON_CHECKMATE], ended[REASON_STALEMATE], ended[REASON_REPETITION],
           ended[REASON_FIFTY_MOVES], ended[REASON_BARE_KINGS] + ended[REASON_BARE_SULTAN],
           ended[REASON_NONE], MAX_PLIES);
    ck_assert_int_gt(ended[REASON_REPETITION], 0);
}
END_TEST

static Suite *referee_suite(void)
{
    Suite *s = suite_create("referee");
    TCase *tc = tcase_create("random games");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_random_games_judged, 0, VARIANT_COUNT);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(referee_suite());
}
