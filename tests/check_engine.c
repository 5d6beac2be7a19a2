/* Tests of the built-in engine: it always answers with a legal move, sees
 * mates and the end of the game, obeys its limits and Engine_stop, keeps
 * its levels apart, and has a fixed benchmark signature (XBoard: check_xboard.c). */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/error.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "engine/evaluate.h"
#include "engine/levels.h"
#include "engine/movepicker.h"
#include "engine/see.h"
#include "engine/timeman.h"
#include "fixtures.h"
#include "runner.h"

/* The node count of Engine_bench: changes with any change to the search
 * or evaluation, and then must be updated here on purpose. */
#define BENCH_NODES 32629ull

static Position *load(VariantId id, const char *fen)
{
    static Position pos;
    pos = Fixture_position(id, fen);
    return &pos;
}

static void coord(const Position *pos, Move m, char *buf)
{
    Notation_coord(pos, m, buf);
}

static SearchLimits depth_limit(int depth)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = LEVEL_MAX;
    lim.depth = depth;
    return lim;
}

/* ---- moves and game ends ---------------------------------------------------- */

START_TEST(test_legal_move_every_game)
{
    Position *pos = load((VariantId)_i, NULL);
    SearchLimits lim = depth_limit(3);
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    ck_assert_msg(Movegen_isLegalMove(pos, m), "variant %d: illegal move", _i);
    ck_assert_int_eq(info.depth, 3);
    ck_assert_int_eq(info.best, m);
    ck_assert(!info.thinking);
}
END_TEST

START_TEST(test_single_legal_move)
{
    /* The King's only move takes the Rook; a2 and b1 are covered by it. */
    Position *pos = load(VARIANT_PEMBA, "10/10/10/10/10/10/10/10/1r8/K8k w - - 0 1");
    ck_assert_int_eq(Movegen_countLegal(pos), 1);
    SearchLimits lim = depth_limit(0);
    lim.movetime_ms = 5000;
    EngineInfo info;
    int64_t t0 = TimeMan_now();
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    char buf[MOVE_TEXT_MAX];
    coord(pos, m, buf);
    ck_assert_str_eq(buf, "a1b2");
    /* Well under the 5 s allowed: the engine did not think about it. */
    ck_assert_msg(TimeMan_now() - t0 < 2500, "one legal move should be played at once");
}
END_TEST

START_TEST(test_mate_in_one)
{
    Position *pos = load(VARIANT_PEMBA, "9k/10/9K/10/10/10/10/10/10/R9 w - - 0 1");
    SearchLimits lim = depth_limit(4);
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    char buf[MOVE_TEXT_MAX];
    coord(pos, m, buf);
    ck_assert_str_eq(buf, "a1a10");
    ck_assert_int_eq(info.score, ENGINE_MATE - 1);
}
END_TEST

START_TEST(test_mate_in_one_big_board)
{
    /* Zanzibar-S: the Queen mates on the back rank next to her King. */
    Position *pos = load(VARIANT_ZANZIBAR_S, "11k/12/10K1/12/12/12/12/12/12/12/12/1Q10 w - - 0 1");
    SearchLimits lim = depth_limit(3);
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    ck_assert_int_eq(info.score, ENGINE_MATE - 1);
    Undo u;
    Position_make(pos, m, &u);
    ck_assert(Position_inCheck(pos));
    ck_assert_int_eq(Movegen_countLegal(pos), 0);
}
END_TEST

START_TEST(test_no_move_positions)
{
    EngineInfo info;
    SearchLimits lim = depth_limit(2);
    /* Checkmated: no move, lost. */
    Position *pos = load(VARIANT_PEMBA, "R8k/10/9K/10/10/10/10/10/10/10 b - - 0 1");
    ck_assert_int_eq(Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info), MOVE_NONE);
    ck_assert_int_eq(info.score, -ENGINE_MATE);
    /* Stalemate in Pemba: a draw. */
    pos = load(VARIANT_PEMBA, "9k/7Q2/10/10/10/10/10/10/10/K9 b - - 0 1");
    ck_assert_int_eq(Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info), MOVE_NONE);
    ck_assert_int_eq(info.score, 0);
    /* Stalemate in Arabian Nights: the side that cannot move loses. */
    pos = load(VARIANT_ARABIAN_NIGHTS, "*s8*/*9*/*1RK6*/*9*/*4*4*/11/11/*9*/*4S4* b - - 0 1");
    ck_assert_int_eq(Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info), MOVE_NONE);
    ck_assert_int_eq(info.score, -ENGINE_MATE);
}
END_TEST

START_TEST(test_avoids_stalemate_when_winning)
{
    /* Pemba: Qh9?? would stalemate; with a Queen up the engine wins instead. */
    Position *pos = load(VARIANT_PEMBA, "9k/10/6Q3/10/10/10/10/10/10/K9 w - - 0 1");
    SearchLimits lim = depth_limit(5);
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    Undo u;
    Position_make(pos, m, &u);
    ck_assert_msg(Movegen_countLegal(pos) > 0 || Position_inCheck(pos),
                  "the engine stalemated a lone King");
    ck_assert_int_gt(info.score, 500);
}
END_TEST

/* Plays the moves (our coordinates) on pos, keeping the hash of each
 * position before a move in history; returns how many. */
static int play_line(Position *pos, const char *const *moves, uint64_t *history)
{
    int n = 0;
    for (; moves[n]; n++) {
        Move m;
        char err[128];
        ck_assert_msg(Notation_parse(pos, moves[n], &m, err, sizeof err), "%s: %s", moves[n], err);
        history[n] = pos->hash;
        Undo u;
        Position_make(pos, m, &u);
    }
    return n;
}

START_TEST(test_repetition_before_root_needs_two)
{
    /* Pemba, Black a Queen down: Kb10 brings back a position seen once in
     * the game. That is not yet a draw, so the score stays lost; scored
     * as a draw it would be 0. */
    Position *pos = load(VARIANT_PEMBA, "k9/10/10/10/10/10/10/10/3Q6/K9 w - - 0 1");
    static const char *const line[] = {"d2e2", "a10b10", "e2d2", "b10a10", "d2e2", NULL};
    uint64_t history[8];
    int n = play_line(pos, line, history);
    SearchLimits lim = depth_limit(5);
    EngineInfo info;
    Engine_search(Fixture_engine, pos, history, n, &lim, &info);
    ck_assert_int_lt(info.score, -500);
}
END_TEST

START_TEST(test_bare_sultan_rule)
{
    /* Arabian Nights: taking Black's last piece wins by the bare-Sultan rule
     * unless Black can bare White in reply; here it cannot. */
    Position *pos =
        load(VARIANT_ARABIAN_NIGHTS, "*s8*/*9*/*1R7*/*1g7*/*4*4*/11/11/*9*/*4S4* w - - 0 1");
    SearchLimits lim = depth_limit(4);
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    char buf[MOVE_TEXT_MAX];
    coord(pos, m, buf);
    ck_assert_str_eq(buf, "c7c6");
    ck_assert_int_gt(info.score, ENGINE_MATE - 1000);
}
END_TEST

/* ---- limits and threads ----------------------------------------------------- */

START_TEST(test_movetime)
{
    Position *pos = load(VARIANT_ZANZIBAR_XXL, NULL);
    SearchLimits lim = depth_limit(0);
    lim.movetime_ms = 300;
    int64_t t0 = TimeMan_now();
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    int64_t spent = TimeMan_now() - t0;
    ck_assert(Movegen_isLegalMove(pos, m));
    /* Unlimited otherwise, so any return shows the limit is kept; the
     * margin absorbs loaded CI machines and sanitizer builds. */
    ck_assert_msg(spent < 300 + 1500, "took %lld ms for a 300 ms move", (long long)spent);
}
END_TEST

START_TEST(test_clock)
{
    Position *pos = load(VARIANT_PEMBA, NULL);
    SearchLimits lim = depth_limit(0);
    lim.time_ms[WHITE] = lim.time_ms[BLACK] = 2000;
    lim.inc_ms[WHITE] = lim.inc_ms[BLACK] = 20;
    int64_t t0 = TimeMan_now();
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, NULL);
    ck_assert(Movegen_isLegalMove(pos, m));
    /* A share of the clock, never the whole of it. */
    ck_assert_int_lt(TimeMan_now() - t0, 2000);
}
END_TEST

START_TEST(test_node_limit)
{
    Position *pos = load(VARIANT_ZANZIBAR_S, NULL);
    SearchLimits lim = depth_limit(0);
    lim.nodes = 20000;
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    ck_assert(Movegen_isLegalMove(pos, m));
    ck_assert_msg(info.nodes < 20000 + 2048, "searched %llu nodes", (unsigned long long)info.nodes);
}
END_TEST

/* A Pemba middlegame thick with mutual attacks by leapers and hoppers:
 * before quiescence kept only recaptures past a few plies, a one-ply
 * search of it ran chains of forty captures and 720,000 nodes. */
START_TEST(test_quiescence_stays_small)
{
    Position *pos = load(VARIANT_PEMBA,
                         "c1v1mmzvjc/1rnbq3r1/1e3kpppp/1pjp3P2/p3pp1Z2/"
                         "4PP4/2J3PJ2/PPPP3P1P/1R1BQKBNR1/C1V1MM1V1C b - - 0 22");
    SearchLimits lim = depth_limit(1);
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    ck_assert(Movegen_isLegalMove(pos, m));
    ck_assert_msg(info.nodes < 20000, "a one-ply search took %llu nodes",
                  (unsigned long long)info.nodes);
}
END_TEST

START_TEST(test_stop_is_prompt)
{
    Position *pos = load(VARIANT_ZANZIBAR_XL, NULL);
    SearchLimits lim = depth_limit(0);
    lim.infinite = true;
    ck_assert(Engine_start(Fixture_engine, pos, NULL, 0, &lim));
    ck_assert(!Engine_start(Fixture_engine, pos, NULL, 0, &lim)); /* one search at a time */
    /* Progress shows while it thinks (waiting as long as a slow, sanitized
     * build needs to get going). */
    EngineInfo info;
    struct timespec nap = {0, 20 * 1000000L};
    for (int i = 0; i < 500; i++) {
        nanosleep(&nap, NULL);
        Engine_info(Fixture_engine, &info);
        if (info.nodes > 0)
            break;
    }
    ck_assert(Engine_busy(Fixture_engine));
    ck_assert(info.thinking);
    ck_assert_int_gt(info.nodes, 0);
    int64_t t0 = TimeMan_now();
    Engine_stop(Fixture_engine);
    EngineInfo done;
    Move m = Engine_wait(Fixture_engine, &done);
    /* The search was told to run forever: returning at all shows the stop
     * works. The bound only catches a stop that waits for the next
     * iteration; it is generous because CI machines are loaded. */
    ck_assert_msg(TimeMan_now() - t0 < 5000, "stop took %lld ms", (long long)(TimeMan_now() - t0));
    ck_assert(!Engine_busy(Fixture_engine));
    ck_assert(Movegen_isLegalMove(pos, m));
    ck_assert(!done.thinking);
}
END_TEST

START_TEST(test_stop_at_once_still_moves)
{
    /* A stop before the first iteration ends still yields a legal move. */
    Position *pos = load(VARIANT_ZANZIBAR_XXL, NULL);
    SearchLimits lim = depth_limit(0);
    lim.infinite = true;
    ck_assert(Engine_start(Fixture_engine, pos, NULL, 0, &lim));
    Engine_stop(Fixture_engine);
    Move m = Engine_wait(Fixture_engine, NULL);
    ck_assert(Movegen_isLegalMove(pos, m));
}
END_TEST

/* ---- levels and choices ------------------------------------------------------- */

START_TEST(test_levels_ordered)
{
    ck_assert_int_ge(LEVEL_MAX - LEVEL_MIN + 1, 8);
    for (int l = LEVEL_MIN + 1; l <= LEVEL_MAX; l++) {
        LevelParams lo = Level_params(l - 1), hi = Level_params(l);
        int dlo = lo.max_depth ? lo.max_depth : 1000, dhi = hi.max_depth ? hi.max_depth : 1000;
        ck_assert_int_ge(dhi, dlo);
        ck_assert_int_le(hi.noise_cp, lo.noise_cp);
        ck_assert_int_le(hi.blunder_pct, lo.blunder_pct);
        uint64_t nlo = lo.nodes ? lo.nodes : UINT64_MAX, nhi = hi.nodes ? hi.nodes : UINT64_MAX;
        ck_assert(nhi >= nlo);
    }
    LevelParams top = Level_params(LEVEL_MAX);
    /* Without a clock full strength must out-think level 9 on every board,
     * so its time per move must exceed the most level 9 may take. */
    ck_assert_int_gt(top.default_ms, Level_params(LEVEL_MAX - 1).cap_ms);
    ck_assert_int_eq(top.noise_cp, 0);
    ck_assert_int_eq(top.max_depth, 0);
    ck_assert_int_eq(Level_params(0).max_depth, 0); /* 0 means full strength */
    ck_assert_int_gt(Level_params(LEVEL_MIN).noise_cp, 0);
}
END_TEST

START_TEST(test_beginner_varies_and_is_quick)
{
    Position *pos = load(VARIANT_PEMBA, NULL);
    Move seen[2] = {MOVE_NONE, MOVE_NONE};
    int distinct = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        SearchLimits lim = depth_limit(0);
        lim.level = LEVEL_MIN;
        lim.seed = seed;
        EngineInfo info;
        Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
        ck_assert(Movegen_isLegalMove(pos, m));
        ck_assert_int_le(info.depth, Level_params(LEVEL_MIN).max_depth);
        if (distinct < 2 && m != seen[0])
            seen[distinct++] = m;
    }
    ck_assert_int_eq(distinct, 2);
}
END_TEST

START_TEST(test_full_strength_is_deterministic)
{
    Position *pos = load(VARIANT_PEMBA, NULL);
    SearchLimits lim = depth_limit(4);
    Engine_clear(Fixture_engine);
    Move a = Engine_search(Fixture_engine, pos, NULL, 0, &lim, NULL);
    lim.seed = 99;
    Engine_clear(Fixture_engine);
    Move b = Engine_search(Fixture_engine, pos, NULL, 0, &lim, NULL);
    ck_assert_int_eq(a, b);
}
END_TEST

START_TEST(test_choose_setup)
{
    const Variant *v = Variant_get((VariantId)_i);
    int count = Setup_count(v);
    int first = Engine_chooseSetup(v, LEVEL_MAX, 1);
    bool varied = false;
    for (uint64_t seed = 1; seed <= 20; seed++)
        for (int level = LEVEL_MIN; level <= LEVEL_MAX; level += 3) {
            int n = Engine_chooseSetup(v, level, seed);
            ck_assert_int_ge(n, 1);
            ck_assert_int_le(n, count);
            Position pos;
            ck_assert(Setup_position(&pos, v, n));
            varied |= n != first;
        }
    ck_assert(varied);
}
END_TEST

START_TEST(test_choose_setup_fixed_games)
{
    ck_assert_int_eq(Engine_chooseSetup(Variant_get(VARIANT_PEMBA), 5, 1), 0);
    ck_assert_int_eq(Engine_chooseSetup(Variant_get(VARIANT_ARABIAN_NIGHTS), 5, 1), 0);
}
END_TEST

START_TEST(test_placement_phase)
{
    SetupPhase sp;
    SetupPhase_init(&sp, Variant_get(VARIANT_ARABIAN_NIGHTS));
    int placed = 0, type, cell;
    char err[ERROR_MAX];
    while (Engine_choosePlacement(&sp, 5, 7, &type, &cell)) {
        ck_assert(SetupPhase_canPlace(&sp, type, cell));
        ck_assert_msg(SetupPhase_place(&sp, type, cell, err, sizeof err), "%s", err);
        ck_assert_int_lt(++placed, 100);
    }
    ck_assert(SetupPhase_done(&sp));
    ck_assert_int_eq(placed, 36);
    Position pos;
    SetupPhase_finish(&sp, &pos);
    SearchLimits lim = depth_limit(2);
    Move m = Engine_search(Fixture_engine, &pos, NULL, 0, &lim, NULL);
    ck_assert(Movegen_isLegalMove(&pos, m));
}
END_TEST

/* ---- exchanges ---------------------------------------------------------------- */

typedef struct {
    VariantId variant;
    const char *fen;
    const char *move;
    int expected; /* centipawns for the side making the move */
    const char *why;
} SeeCase;

/* Pemba: Pawn 100, Rook 750. Zanzibar-S: Pawn 100, Knight 230, Rook 500. */
static const SeeCase see_cases[] = {
    {VARIANT_PEMBA, "9k/10/10/5p4/4p5/10/10/10/4R5/K9 w - - 0 1", "e2e6", -650,
     "a Rook takes a Pawn that a Pawn defends"},
    {VARIANT_PEMBA, "9k/10/10/10/4p5/10/10/10/4R5/K9 w - - 0 1", "e2e6", 100,
     "a Rook takes a loose Pawn"},
    {VARIANT_PEMBA, "4r4k/10/10/10/4p5/10/10/10/4R5/K3R5 w - - 0 1", "e2e6", 100,
     "the second Rook of a battery recaptures through the first"},
    {VARIANT_PEMBA, "4c4k/10/4p5/10/4p5/10/10/10/4R5/K9 w - - 0 1", "e2e6", -650,
     "a Cannon recaptures over a screen"},
    {VARIANT_PEMBA, "4r4k/10/10/10/4p5/10/10/10/4R5/K3C5 w - - 0 1", "e2e6", -650,
     "a Cannon loses its screen when the piece in front of it captures"},
    {VARIANT_PEMBA, "4r4k/10/10/10/4p5/10/10/10/4R5/K3C5 w - - 0 1", "e1e6", 100,
     "a Cannon captures first and the Rook it jumped backs it up"},
    {VARIANT_PEMBA, "10/10/10/4k5/4p5/10/10/10/4R5/K3R5 w - - 0 1", "e2e6", 100,
     "a King may not recapture on a square the enemy still covers"},
    {VARIANT_ZANZIBAR_S, "5g5k/12/12/12/12/4p7/12/12/12/12/4R7/K11 w - - 0 1", "e2e7", -400,
     "an Eagle recaptures after its diagonal step and a ride down the file"},
    {VARIANT_ZANZIBAR_S, "11k/12/12/4l7/12/r3p7/12/3N8/12/12/4R7/1K10 w - - 0 1", "e2e7", -130,
     "Black recaptures with the Rook before the Lion, which the Knight would take"},
};

START_TEST(test_static_exchange)
{
    const SeeCase *c = &see_cases[_i];
    static EvalTables et;
    Position *pos = load(c->variant, c->fen);
    Evaluate_build(&et, pos);
    Move m;
    char err[ERROR_MAX];
    ck_assert_msg(Notation_parse(pos, c->move, &m, err, sizeof err), "%s: %s", c->move, err);
    uint8_t before[MAX_CELLS];
    memcpy(before, pos->board, sizeof before);
    int see = See_move(pos, &et, m);
    ck_assert_msg(see == c->expected, "%s: %s gives %d, expected %d", c->why, c->move, see,
                  c->expected);
    ck_assert_int_eq(See_loses(pos, &et, m), c->expected < 0);
    ck_assert(memcmp(before, pos->board, sizeof before) == 0);
}
END_TEST

/* The key of a move given in coordinates, in pos before it is made. */
static int keyOf(const Position *pos, const char *text, Move *m)
{
    char err[ERROR_MAX];
    ck_assert_msg(Notation_parse(pos, text, m, err, sizeof err), "%s: %s", text, err);
    return Order_moveKey(pos, *m);
}

/* A quiet move that refutes a move learns it after that move only: after
 * another move before it, only its plain history has grown; the quiet
 * move tried before the cutoff loses what the cutoff gains. */
START_TEST(test_continuation_history)
{
    OrderTables *ot = calloc(1, sizeof *ot);
    ck_assert_ptr_nonnull(ot);
    Position *pos = load(VARIANT_PEMBA, NULL);
    Move a, b, best, tried;
    OrderContext after_a = {MOVE_NONE, {keyOf(pos, "e3e5", &a), ORDER_NO_KEY}};
    OrderContext after_b = {MOVE_NONE, {keyOf(pos, "f3f5", &b), ORDER_NO_KEY}};
    pos->side = BLACK;
    keyOf(pos, "e8e6", &best);
    keyOf(pos, "d8d6", &tried);
    Order_reward(ot, pos, best, 6, 1, &after_a, &tried, 1);
    int learnt = Order_quietScore(ot, pos, best, &after_a);
    int elsewhere = Order_quietScore(ot, pos, best, &after_b);
    ck_assert_int_gt(elsewhere, 0);
    ck_assert_int_gt(learnt, elsewhere);
    ck_assert_int_eq(Order_quietScore(ot, pos, tried, &after_a), -learnt);
    ck_assert_int_eq(Order_quietScore(ot, pos, best, &ORDER_NO_CONTEXT), elsewhere);
    free(ot);
}
END_TEST

/* The score with one weight raised by 10 against the default, from the side
 * to move's view. */
static int weightShift(Position *pos, int weight)
{
    static EvalTables plain, weighted;
    Evaluate_build(&plain, pos);
    EvalWeights w = Evaluate_default_weights;
    w.w[weight] += 10;
    Evaluate_buildWeighted(&weighted, pos, &w);
    return Evaluate_position(&weighted, pos) - Evaluate_position(&plain, pos);
}

/* The weights tools/tune_eval fits: the default build is the weighted build with
 * the default weights, and each weight moves the score the way its name says. */
START_TEST(test_evaluation_weights)
{
    static EvalTables plain, weighted;
    Position *pos = load(VARIANT_PEMBA, "4k5/10/2P7/10/10/10/10/10/10/4K5 w - - 0 1");
    Evaluate_build(&plain, pos);
    Evaluate_buildWeighted(&weighted, pos, &Evaluate_default_weights);
    ck_assert_int_eq(Evaluate_position(&weighted, pos), Evaluate_position(&plain, pos));
    ck_assert_int_eq(weightShift(pos, EW_TEMPO), 10);
    ck_assert_int_gt(weightShift(pos, EW_ADVANCE), 0);
    for (int i = 0; i < EW_COUNT; i++)
        ck_assert_str_ne(Evaluate_weight_name(i), "?");
    ck_assert_str_eq(Evaluate_weight_name(EW_COUNT), "?");
}
END_TEST

/* A piece that a cheaper one attacks, or that is attacked and not defended,
 * costs its side; a defended one attacked by a dearer one costs nothing. */
START_TEST(test_threats_cost)
{
    /* Pawns far away on both sides keep the score from being scaled
     * down as drawish. The White Rook on d5 is attacked by the Knight on
     * c7. */
    Position *pos = load(VARIANT_PEMBA, "4k5/10/9p/2n7/10/3R6/10/P9/10/4K5 w - - 0 1");
    ck_assert_int_eq(weightShift(pos, EW_LESSER_THREAT), -10);
    ck_assert_int_eq(weightShift(pos, EW_HANGING), 0);
    /* The White Knight on d5 is attacked by the Rook on d8, and alone. */
    pos = load(VARIANT_PEMBA, "4k5/10/3r5p/10/10/3N6/10/P9/10/4K5 w - - 0 1");
    ck_assert_int_eq(weightShift(pos, EW_HANGING), -10);
    ck_assert_int_eq(weightShift(pos, EW_LESSER_THREAT), 0);
    /* Black to move: the same Knight still costs White. */
    pos = load(VARIANT_PEMBA, "4k5/10/3r5p/10/10/3N6/10/P9/10/4K5 b - - 0 1");
    ck_assert_int_eq(weightShift(pos, EW_HANGING), 10);
    /* A Pawn on c4 defends it. */
    pos = load(VARIANT_PEMBA, "4k5/10/3r5p/10/10/3N6/2P7/P9/10/4K5 w - - 0 1");
    ck_assert_int_eq(weightShift(pos, EW_HANGING), 0);
}
END_TEST

/* A Pemba position where the weight moves the score (the side to move
 * gaining when sign is 1, losing when -1), and one where it does not. */
static void weightCountsOnlyIn(const char *counted, const char *not_counted, int weight, int sign)
{
    int shift = weightShift(load(VARIANT_PEMBA, counted), weight);
    ck_assert_int_eq((shift > 0) - (shift < 0), sign);
    ck_assert_int_eq(weightShift(load(VARIANT_PEMBA, not_counted), weight), 0);
}

/* A King that has walked out of its camp costs its side while pieces are
 * on the board: one on its starting rank or behind costs nothing. */
START_TEST(test_king_out_of_its_camp)
{
    weightCountsOnlyIn("4k5/pppppppppp/10/10/10/4K5/10/10/PPPPPPPPPP/MMEEZZ4 w - - 0 1",
                       "4k5/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/MMEEZK4 w - - 0 1", EW_KING_OUT,
                       -1);
}
END_TEST

/* The white Queen can check from h10, which no black piece guards; a black
 * Knight on g8 guards it, and then the check is not a safe one. */
START_TEST(test_safe_checks)
{
    weightCountsOnlyIn("mm2k5/ppppppp1pp/10/10/7Q2/10/10/10/PPPPPPPPPP/MMEEZK4 w - - 0 1",
                       "mm2k5/ppppppp1pp/6n3/10/7Q2/10/10/10/PPPPPPPPPP/MMEEZK4 w - - 0 1",
                       EW_SAFE_CHECK, 1);
}
END_TEST

/* King pressure counts the squares beside the King that a piece reaches,
 * not how near it stands: a Queen on d7 reaches d9, d10 and f9 beside the
 * Black King; one on h7, as near, reaches none past its own Pawn on g8. */
START_TEST(test_king_pressure_from_attacks)
{
    weightCountsOnlyIn("4k5/10/10/3Q5p/10/10/10/P9/10/4K5 w - - 0 1",
                       "4k5/10/6P3/7Q1p/10/10/10/P9/10/4K5 w - - 0 1", EW_ATTACK, 1);
}
END_TEST

/* A Pawn with no enemy promoting piece ahead of it on its file or the files
 * beside counts its advancement in full, any other one half of it. With only
 * the advancement weights set, the scores are exact: a Pemba Pawn of either
 * colour on its sixth rank is worth 4 * 4 * 2 when passed, one on its third
 * (home) rank 1 * 2. */
static int advancement_only(VariantId game, const char *fen)
{
    static EvalTables et;
    EvalWeights w = {{[EW_ADVANCE] = 2, [EW_HELD_ADVANCE] = 50}};
    Position *pos = load(game, fen);
    Evaluate_buildWeighted(&et, pos, &w);
    return Evaluate_position(&et, pos);
}

/* Only promoting pieces that never step aside or back can be held up. */
static bool held_up_kind(VariantId game, char letter)
{
    static EvalTables et;
    Position *pos = load(game, NULL);
    Evaluate_build(&et, pos);
    int type = Variant_typeOfLetter(pos->v, letter);
    ck_assert_int_ge(type, 0);
    return et.forward_only >> type & 1;
}

START_TEST(test_forward_only_pieces)
{
    ck_assert(held_up_kind(VARIANT_PEMBA, 'P'));
    ck_assert(held_up_kind(VARIANT_ZANZIBAR_S, 'P'));
    ck_assert(!held_up_kind(VARIANT_ZANZIBAR_S, 'I'));
    ck_assert(held_up_kind(VARIANT_ZANZIBAR_XXL, 'P'));
    ck_assert(!held_up_kind(VARIANT_ZANZIBAR_XXL, 'S'));
    ck_assert(!held_up_kind(VARIANT_ZANZIBAR_XXL, 'I'));
    ck_assert(!held_up_kind(VARIANT_ARABIAN_NIGHTS, 'P'));
}
END_TEST

START_TEST(test_passed_pieces_advance_in_full)
{
    /* White's f6 is passed while Black's only Pawn is on j8, not beside it */
    ck_assert_int_eq(advancement_only(VARIANT_PEMBA, "k9/10/9p/10/5P4/10/10/10/10/K9 w - - 0 1"),
                     32 - 2);
    /* g8 stands ahead of f6 and f6 ahead of g8: both count half */
    ck_assert_int_eq(advancement_only(VARIANT_PEMBA, "k9/10/6p3/10/5P4/10/10/10/10/K9 w - - 0 1"),
                     16 - 1);
    /* the same for Black, with Black to move */
    ck_assert_int_eq(advancement_only(VARIANT_PEMBA, "k9/10/10/10/10/5p4/10/9P/10/K9 b - - 0 1"),
                     32 - 2);
    ck_assert_int_eq(advancement_only(VARIANT_PEMBA, "k9/10/10/10/10/5p4/10/6P3/10/K9 b - - 0 1"),
                     16 - 1);
    /* Pawns that have passed each other on files side by side: both in full,
     * Black's g4 being on its seventh rank (5 * 5 * 2) */
    ck_assert_int_eq(advancement_only(VARIANT_PEMBA, "k9/10/10/10/5P4/10/6p3/10/10/K9 w - - 0 1"),
                     32 - 50);
    /* Arabian Nights Pawns step aside, so they walk around: e6 and d7 in full */
    ck_assert_int_eq(advancement_only(VARIANT_ARABIAN_NIGHTS,
                                      "*s8*/*9*/3p7/*3P5*/*4*4*/*9*/11/*9*/*4S4* w - - 0 1"),
                     32 - 2);
}
END_TEST

/* ---- benchmark ------------------------------------------------------------------- */

START_TEST(test_bench_signature)
{
    BenchResult a, b;
    Engine_bench(&a);
    Engine_bench(&b);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert_msg(a.nodes == BENCH_NODES, "bench nodes %llu, expected %llu",
                  (unsigned long long)a.nodes, BENCH_NODES);
}
END_TEST

START_TEST(test_next_iteration_predicted)
{
    TimeMan tm = {.start_ms = 0, .soft_ms = 100, .hard_ms = 300, .overhead_ms = 30};
    /* Early, and the next iteration (twice the last) ends in time. */
    ck_assert(TimeMan_nextIteration(&tm, 50, 40, 20, 100));
    /* Past three fifths of the soft limit, a quick one that fits is still
     * started; a slow one is not. */
    ck_assert(TimeMan_nextIteration(&tm, 70, 10, 5, 100));
    ck_assert(!TimeMan_nextIteration(&tm, 70, 40, 20, 100));
    /* One that would run into the hard limit is not started, however
     * early: its work would be thrown away. */
    ck_assert(!TimeMan_nextIteration(&tm, 50, 60, 10, 250));
    /* An unstable best move stretches the soft limit (scale 200). */
    ck_assert(!TimeMan_nextIteration(&tm, 100, 30, 15, 100));
    ck_assert(TimeMan_nextIteration(&tm, 100, 30, 15, 200));
}
END_TEST

/* ---- MultiPV and root moves left out (analysis) ---------------------------- */

static bool starts_with(const EngineInfo *info, Move m)
{
    for (int k = 0; k < info->nlines; k++)
        if (info->line[k].pv[0] == m)
            return true;
    return false;
}

START_TEST(test_multipv_lines)
{
    Position *pos = load(VARIANT_PEMBA, NULL);
    SearchLimits lim = depth_limit(4);
    lim.multipv = 3;
    EngineInfo info;
    Move m = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    ck_assert_int_eq(info.nlines, 3);
    ck_assert_int_eq(info.line[0].pv[0], m);
    ck_assert_int_eq(info.line[0].score, info.score);
    ck_assert_int_eq(info.pv[0], m);
    for (int k = 0; k < 3; k++) {
        ck_assert(Movegen_isLegalMove(pos, info.line[k].pv[0]));
        for (int j = 0; j < k; j++) {
            ck_assert_int_ne(info.line[j].pv[0], info.line[k].pv[0]);
            ck_assert_int_ge(info.line[j].score, info.line[k].score);
        }
    }
    /* One line is the plain search: the same move and score as without. */
    SearchLimits one = depth_limit(4);
    EngineInfo plain;
    Engine_clear(Fixture_engine);
    Engine_search(Fixture_engine, pos, NULL, 0, &one, &plain);
    ck_assert_int_eq(plain.nlines, 1);
    ck_assert_int_eq(plain.line[0].pv[0], plain.best);
}
END_TEST

START_TEST(test_excluded_root_moves)
{
    Position *pos = load(VARIANT_PEMBA, NULL);
    SearchLimits lim = depth_limit(3);
    lim.multipv = 4;
    EngineInfo info;
    Move best = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    lim.exclude[lim.nexclude++] = best;
    lim.exclude[lim.nexclude++] = info.line[2].pv[0];
    Move next = Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info);
    ck_assert(Movegen_isLegalMove(pos, next));
    ck_assert_int_ne(next, best);
    ck_assert(!starts_with(&info, best));
    ck_assert(!starts_with(&info, lim.exclude[1]));
    /* Every move left out: no move, as when there is none. */
    MoveList list;
    Movegen_legal(pos, &list);
    memcpy(lim.exclude, list.moves, (size_t)list.count * sizeof(Move));
    lim.nexclude = list.count;
    ck_assert_int_eq(Engine_search(Fixture_engine, pos, NULL, 0, &lim, &info), MOVE_NONE);
}
END_TEST

static Suite *engine_suite(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("search");
    tcase_add_checked_fixture(tc, Fixture_newEngine, Fixture_freeEngine);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_legal_move_every_game, 0, VARIANT_COUNT);
    tcase_add_test(tc, test_single_legal_move);
    tcase_add_test(tc, test_mate_in_one);
    tcase_add_test(tc, test_mate_in_one_big_board);
    tcase_add_test(tc, test_no_move_positions);
    tcase_add_test(tc, test_avoids_stalemate_when_winning);
    tcase_add_test(tc, test_bare_sultan_rule);
    tcase_add_test(tc, test_repetition_before_root_needs_two);
    tcase_add_test(tc, test_next_iteration_predicted);
    tcase_add_test(tc, test_movetime);
    tcase_add_test(tc, test_clock);
    tcase_add_test(tc, test_node_limit);
    tcase_add_test(tc, test_stop_is_prompt);
    tcase_add_test(tc, test_stop_at_once_still_moves);
    tcase_add_test(tc, test_quiescence_stays_small);
    tcase_add_test(tc, test_levels_ordered);
    tcase_add_test(tc, test_beginner_varies_and_is_quick);
    tcase_add_test(tc, test_full_strength_is_deterministic);
    tcase_add_test(tc, test_multipv_lines);
    tcase_add_test(tc, test_excluded_root_moves);
    tcase_add_loop_test(tc, test_choose_setup, VARIANT_ZANZIBAR_S, VARIANT_ZANZIBAR_XXL + 1);
    tcase_add_test(tc, test_choose_setup_fixed_games);
    tcase_add_test(tc, test_placement_phase);
    tcase_add_test(tc, test_continuation_history);
    suite_add_tcase(s, tc);
    TCase *see = tcase_create("evaluation");
    tcase_add_loop_test(see, test_static_exchange, 0,
                        (int)(sizeof see_cases / sizeof see_cases[0]));
    tcase_add_test(see, test_evaluation_weights);
    tcase_add_test(see, test_threats_cost);
    tcase_add_test(see, test_king_pressure_from_attacks);
    tcase_add_test(see, test_king_out_of_its_camp);
    tcase_add_test(see, test_safe_checks);
    tcase_add_test(see, test_passed_pieces_advance_in_full);
    tcase_add_test(see, test_forward_only_pieces);
    suite_add_tcase(s, see);

    TCase *bench = tcase_create("bench");
    tcase_set_timeout(bench, 300);
    tcase_add_test(bench, test_bench_signature);
    suite_add_tcase(s, bench);
    return s;
}

int main(void)
{
    return TestRunner_run(engine_suite());
}
