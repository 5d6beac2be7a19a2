/* Tests of the engine's judgement outside the choice of a move: draw
 * offers judged from its own side, a clock that never falls, and the
 * Arabian Nights placements. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "engine/timeman.h"
#include "ui/commands.h"
#include "ui/play.h"
#include "fixtures.h"
#include "runner.h"

/* ---- draw offers --------------------------------------------------------- */

typedef struct {
    VariantId variant;
    const char *fen;
    int winner; /* the side that stands clearly better */
    const char *what;
} DrawCase;

/* The first is the issue's: after Kj2, Black has a Queen against a bare King. */
static const DrawCase decided[] = {
    {VARIANT_PEMBA, "4k5/10/10/10/q9/10/10/10/9K/10 b - - 1 1", BLACK, "Queen against bare King"},
    {VARIANT_ZANZIBAR_S, "11k/12/12/12/12/12/12/12/2R9/12/12/K11 w - - 0 30", WHITE, "a Rook up"},
    {VARIANT_ZANZIBAR_XL, "11k/5p4r1/12/12/12/12/12/12/12/12/12/K11 b - - 0 50", BLACK,
     "a Rook and a Pawn up"},
    {VARIANT_ARABIAN_NIGHTS, "*4s4*/*9*/11/*9*/*4*4*/*9*/11/*1R7*/*4S4* w - - 0 25", WHITE,
     "a Rook up against a bare Sultan"},
};

START_TEST(test_draw_declined_by_the_better_side)
{
    const DrawCase *c = &decided[_i];
    Position pos = Fixture_position(c->variant, c->fen);
    for (int level = LEVEL_MIN; level <= LEVEL_MAX; level++)
        ck_assert_msg(!Engine_acceptsDraw(Fixture_engine, &pos, NULL, 0, c->winner, level, 1),
                      "%s: accepted at level %d", c->what, level);
}
END_TEST

START_TEST(test_draw_accepted_by_the_worse_side)
{
    const DrawCase *c = &decided[_i];
    Position pos = Fixture_position(c->variant, c->fen);
    for (int level = LEVEL_MIN; level <= LEVEL_MAX; level++)
        ck_assert_msg(Engine_acceptsDraw(Fixture_engine, &pos, NULL, 0, !c->winner, level, 1),
                      "%s: declined at level %d", c->what, level);
}
END_TEST

/* At move 1 nothing is decided: every level plays on, either colour. */
START_TEST(test_draw_declined_at_the_start)
{
    Position pos = Fixture_position((VariantId)_i, NULL);
    for (int level = LEVEL_MIN; level <= LEVEL_MAX; level++)
        for (int side = WHITE; side <= BLACK; side++)
            ck_assert_msg(
                !Engine_acceptsDraw(Fixture_engine, &pos, NULL, 0, side, level, (uint64_t)level),
                "%s: level %d accepts at move 1 as %s", pos.v->name, level,
                side == WHITE ? "White" : "Black");
}
END_TEST

/* Past the opening a level game is a fair draw; a Pawn more is worth
 * playing on for all but the weakest levels. */
START_TEST(test_draw_later_in_the_game)
{
    Position level = Fixture_position(VARIANT_PEMBA, "k9/8r1/10/10/10/10/10/10/1R8/K9 w - - 0 40");
    ck_assert(Engine_acceptsDraw(Fixture_engine, &level, NULL, 0, BLACK, LEVEL_MAX, 1));
    ck_assert(Engine_acceptsDraw(Fixture_engine, &level, NULL, 0, WHITE, 5, 1));
    Position pawn = Fixture_position(VARIANT_ZANZIBAR_S,
                                     "11k/5p4r1/12/12/12/12/12/12/12/12/1R10/K11 w - - 0 40");
    for (int lv = 4; lv <= LEVEL_MAX; lv++)
        ck_assert_msg(!Engine_acceptsDraw(Fixture_engine, &pawn, NULL, 0, BLACK, lv, 1), "level %d",
                      lv);
    ck_assert(Engine_acceptsDraw(Fixture_engine, &pawn, NULL, 0, WHITE, LEVEL_MAX, 1));
}
END_TEST

/* The judgement has its own tables and leaves a search in progress alone. */
START_TEST(test_draw_judged_beside_a_search)
{
    Position pos = Fixture_position(VARIANT_PEMBA, decided[0].fen);
    Position other = Fixture_position(VARIANT_ZANZIBAR_XXL, NULL);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = LEVEL_MAX;
    lim.infinite = true;
    ck_assert(Engine_start(Fixture_engine, &other, NULL, 0, &lim));
    ck_assert(!Engine_acceptsDraw(Fixture_engine, &pos, NULL, 0, BLACK, LEVEL_MAX, 1));
    ck_assert(Engine_acceptsDraw(Fixture_engine, &pos, NULL, 0, WHITE, LEVEL_MAX, 1));
    ck_assert(Engine_busy(Fixture_engine));
    Engine_stop(Fixture_engine);
    ck_assert(Movegen_isLegalMove(&other, Engine_wait(Fixture_engine, NULL)));
}
END_TEST

/* XBoard's draw: "offer draw" accepts; the engine plays Black here. */
START_TEST(test_draw_over_xboard)
{
    char *won = Fixture_xboard("xboard\nprotover 2\nvariant pemba\nforce\n"
                               "setboard 4k5/10/10/10/q9/10/10/10/10/9K w - - 0 1\nplayother\n"
                               "draw\nquit\n");
    ck_assert_ptr_nonnull(strstr(won, "draw=1"));
    ck_assert_ptr_null(strstr(won, "offer draw"));
    char *lost = Fixture_xboard("xboard\nprotover 2\nvariant pemba\nforce\n"
                                "setboard 4K5/10/10/10/Q9/10/10/10/10/9k w - - 0 1\nplayother\n"
                                "draw\nquit\n");
    ck_assert_ptr_nonnull(strstr(lost, "offer draw"));
    free(won);
    free(lost);
}
END_TEST

static Play play;

static void playFrom(const char *variant, const char *fen)
{
    Position pos = Fixture_named(variant, fen);
    Play_create(&play);
    ck_assert(Play_begin(&play, &pos));
    /* Level 1: quick replies; the judgement is the same at every level here. */
    Match_choosePlayers(play.match, Session_seat(play.s, WHITE), SEAT_ENGINE, 1);
}

static void tickUntilIdle(void)
{
    int64_t start = Play_nowMs();
    do {
        Play_tick(&play, Play_nowMs());
        usleep(20000);
    } while (Session_thinking(play.s) != THINK_NONE && Play_nowMs() - start < 10000);
    ck_assert_int_eq(Session_thinking(play.s), THINK_NONE);
}

/* The free draw: a hint searched the player's side, and the offer
 * was judged by that search's score. */
START_TEST(test_draw_after_a_hint_in_a_lost_game)
{
    playFrom("pemba", "4k5/10/10/10/q9/10/10/10/10/9K w - - 0 1");
    Commands_execute(&play, "j1j2");
    tickUntilIdle();
    ck_assert_int_eq(Session_game(play.s)->nmoves, 2);
    Play_hint(&play);
    tickUntilIdle();
    ck_assert_uint_ne(Session_hintMove(play.s), MOVE_NONE);
    Commands_execute(&play, "draw");
    ck_assert_msg(!Game_over(Session_game(play.s)), "%s", play.message);
    ck_assert_ptr_nonnull(strstr(play.message, "declines"));
    Play_destroy(&play);
}
END_TEST

START_TEST(test_draw_at_move_one_against_the_engine)
{
    playFrom("zanzibar-s", NULL);
    Commands_execute(&play, "draw");
    ck_assert_msg(!Game_over(Session_game(play.s)), "%s", play.message);
    Play_destroy(&play);
}
END_TEST

/* ---- the clock ------------------------------------------------------------- */

/* What the engine would be given and take at a clock of left_ms. */
static TimeMan plan(int left_ms, int inc_ms, ClockMemory *mem)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time_ms[WHITE] = lim.time_ms[BLACK] = left_ms;
    lim.inc_ms[WHITE] = lim.inc_ms[BLACK] = inc_ms;
    TimeMan tm;
    TimeMan_init(&tm, &lim, WHITE, 0, mem);
    return tm;
}

/* A whole game on a simulated clock in which every move takes the hard
 * limit and then delay_ms more before the clock stops, as a slow screen
 * would; returns the moves played before the clock fell (or moves). */
static int simulated_game(int base_ms, int inc_ms, int delay_ms, int moves)
{
    ClockMemory mem;
    TimeMan_forget(&mem, true);
    int left = base_ms > 0 ? base_ms : inc_ms;
    for (int n = 0; n < moves; n++) {
        TimeMan tm = plan(left, inc_ms, &mem);
        mem.left_ms[WHITE] = left;
        mem.inc_ms[WHITE] = inc_ms;
        mem.used_ms[WHITE] = tm.hard_ms;
        left -= tm.hard_ms + delay_ms;
        if (left <= 0)
            return n;
        left += inc_ms;
    }
    return moves;
}

/* Every clock of the menu, --time's 1+0 and 60+0, and XBoard's 0+1, with a
 * quick front end and with one that notices a move 200 ms late: 200 moves
 * a side, longer than nearly every game, even if every move ran to its
 * hard limit. */
START_TEST(test_clock_never_falls_in_simulated_games)
{
    static const int controls[][2] = {{1, 0},  {3, 2},   {5, 0},  {10, 5}, {15, 10},
                                      {30, 0}, {60, 30}, {60, 0}, {0, 1}};
    static const int delays[] = {0, 20, 100, 200};
    for (size_t c = 0; c < sizeof controls / sizeof controls[0]; c++)
        for (size_t d = 0; d < sizeof delays / sizeof delays[0]; d++) {
            int moves =
                simulated_game(controls[c][0] * 60000, controls[c][1] * 1000, delays[d], 200);
            ck_assert_msg(moves == 200, "%d+%d with %d ms of delay fell after %d moves",
                          controls[c][0], controls[c][1], delays[d], moves);
        }
}
END_TEST

START_TEST(test_clock_learns_the_delay)
{
    ClockMemory mem;
    TimeMan_forget(&mem, true);
    TimeMan first = plan(60000, 0, &mem);
    int left = 60000;
    for (int n = 0; n < 5; n++) {
        TimeMan tm = plan(left, 0, &mem);
        mem.left_ms[WHITE] = left;
        mem.inc_ms[WHITE] = 0;
        mem.used_ms[WHITE] = tm.soft_ms;
        left -= tm.soft_ms + 150;
    }
    TimeMan later = plan(left, 0, &mem);
    ck_assert_int_ge(later.overhead_ms, 150);
    ck_assert_int_lt(first.overhead_ms, 150);
    /* A new game (the clock back up) teaches nothing false. */
    TimeMan fresh = plan(60000, 0, &mem);
    ck_assert_int_eq(fresh.overhead_ms, later.overhead_ms);
}
END_TEST

/* Real searches at tiny clocks on heavy boards: the hard limit is obeyed
 * in the first iteration and in quiescence. A search that missed it would
 * overshoot by hundreds of milliseconds here; the margin only absorbs a
 * busy machine taking the CPU away (the least of five tries counts). */
#define HARD_LIMIT_SLACK_MS 25

/* The CPU time this thread has used, in ms: what the search spends, which
 * a busy machine does not add to as it adds to the wall clock. */
static int64_t thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

START_TEST(test_clock_hard_limit_at_tiny_times)
{
    static const char *heavy = "c1v1mmzvjc/1rnbq3r1/1e3kpppp/1pjp3P2/p3pp1Z2/"
                               "2PP1P1p2/PP1N1B1PP1/E1B1NP2RE/R4K2Q1/C1VJMMZV1C w - - 0 20";
    static const int lefts[] = {1, 3, 10, 30, 60, 100, 200, 400, 1000};
    Position boards[3] = {Fixture_position(VARIANT_ZANZIBAR_XXL, NULL),
                          Fixture_position(VARIANT_PEMBA, heavy),
                          Fixture_position(VARIANT_ARABIAN_NIGHTS, NULL)};
    for (int b = 0; b < 3; b++) {
        SearchLimits lim;
        memset(&lim, 0, sizeof lim);
        lim.level = LEVEL_MAX;
        lim.depth = 1;
        Engine_search(Fixture_engine, &boards[b], NULL, 0, &lim,
                      NULL); /* builds the board's tables */
        for (size_t i = 0; i < sizeof lefts / sizeof lefts[0]; i++) {
            int hard = plan(lefts[i], 0, NULL).hard_ms, over = 1000;
            /* The least of five tries: a busy machine may take the CPU away. */
            for (int t = 0; t < 5 && over > HARD_LIMIT_SLACK_MS; t++) {
                Engine_clear(Fixture_engine);
                memset(&lim, 0, sizeof lim);
                lim.level = LEVEL_MAX;
                lim.time_ms[WHITE] = lim.time_ms[BLACK] = lefts[i];
                int64_t t0 = thread_cpu_ms();
                Move m = Engine_search(Fixture_engine, &boards[b], NULL, 0, &lim, NULL);
                ck_assert(Movegen_isLegalMove(&boards[b], m));
                int spent = (int)(thread_cpu_ms() - t0);
                over = spent - hard < over ? spent - hard : over;
            }
            ck_assert_msg(over <= HARD_LIMIT_SLACK_MS,
                          "%s at %d ms left: %d ms past the hard limit of %d ms", boards[b].v->name,
                          lefts[i], over, hard);
        }
    }
}
END_TEST

/* ---- Arabian Nights placements ---------------------------------------------- */

/* Places every piece as the engine chooses; the final position's FEN and
 * each Sultan's cell. */
static void place_all(int level, uint64_t seed, char *fen, size_t len, int sultan[2])
{
    SetupPhase sp;
    SetupPhase_init(&sp, Variant_get(VARIANT_ARABIAN_NIGHTS));
    int type, cell, n = 0;
    char err[ERROR_MAX];
    while (Engine_choosePlacement(&sp, level, seed, &type, &cell)) {
        if (type == sp.pos.geo->royal_type)
            sultan[sp.pos.side] = cell;
        ck_assert_msg(SetupPhase_place(&sp, type, cell, err, sizeof err), "%s", err);
        ck_assert_int_lt(++n, 100);
    }
    Position pos;
    SetupPhase_finish(&sp, &pos);
    Fen_write(&pos, fen, len);
}

/* Above the lowest level the Sultan stands in the middle of its back
 * rank, never on an edge of the camp or on its front rank. */
START_TEST(test_placement_keeps_the_sultan_safe)
{
    char fen[FEN_MAX];
    Position pos = Fixture_position(VARIANT_ARABIAN_NIGHTS, NULL);
    for (int level = LEVEL_MIN + 1; level <= LEVEL_MAX; level++)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            int sultan[2] = {0, 0};
            place_all(level, seed, fen, sizeof fen, sultan);
            for (int side = WHITE; side <= BLACK; side++) {
                int file = Position_file(&pos, sultan[side]);
                int rank = Position_rank(&pos, sultan[side]);
                ck_assert_msg(file >= 3 && file <= 7 && rank == (side == WHITE ? 0 : 8),
                              "level %d seed %llu: %s's Sultan on %c%d", level,
                              (unsigned long long)seed, side == WHITE ? "White" : "Black",
                              'a' + file, rank + 1);
            }
        }
}
END_TEST

START_TEST(test_placement_follows_the_seed)
{
    char a[FEN_MAX], b[FEN_MAX];
    int sultan[2];
    for (int level = LEVEL_MIN; level <= LEVEL_MAX; level += 3) {
        place_all(level, 42, a, sizeof a, sultan);
        place_all(level, 42, b, sizeof b, sultan);
        ck_assert_str_eq(a, b);
    }
    /* Full strength has no noise; the beginner does not stay the same. */
    place_all(LEVEL_MAX, 1, a, sizeof a, sultan);
    place_all(LEVEL_MAX, 2, b, sizeof b, sultan);
    ck_assert_str_eq(a, b);
    place_all(LEVEL_MIN, 1, a, sizeof a, sultan);
    place_all(LEVEL_MIN, 2, b, sizeof b, sultan);
    ck_assert_str_ne(a, b);
}
END_TEST

static Suite *judgement_suite(void)
{
    Suite *s = suite_create("judgement");
    TCase *draw = tcase_create("draw");
    tcase_add_checked_fixture(draw, Fixture_newEngine, Fixture_freeEngine);
    tcase_set_timeout(draw, 60);
    int ncases = (int)(sizeof decided / sizeof decided[0]);
    tcase_add_loop_test(draw, test_draw_declined_by_the_better_side, 0, ncases);
    tcase_add_loop_test(draw, test_draw_accepted_by_the_worse_side, 0, ncases);
    tcase_add_loop_test(draw, test_draw_declined_at_the_start, 0, VARIANT_COUNT);
    tcase_add_test(draw, test_draw_later_in_the_game);
    tcase_add_test(draw, test_draw_judged_beside_a_search);
    tcase_add_test(draw, test_draw_over_xboard);
    tcase_add_test(draw, test_draw_after_a_hint_in_a_lost_game);
    tcase_add_test(draw, test_draw_at_move_one_against_the_engine);
    suite_add_tcase(s, draw);
    TCase *clock = tcase_create("clock");
    tcase_add_checked_fixture(clock, Fixture_newEngine, Fixture_freeEngine);
    tcase_set_timeout(clock, 60);
    tcase_add_test(clock, test_clock_never_falls_in_simulated_games);
    tcase_add_test(clock, test_clock_learns_the_delay);
    tcase_add_test(clock, test_clock_hard_limit_at_tiny_times);
    suite_add_tcase(s, clock);
    TCase *place = tcase_create("placement");
    tcase_add_test(place, test_placement_keeps_the_sultan_safe);
    tcase_add_test(place, test_placement_follows_the_seed);
    suite_add_tcase(s, place);
    return s;
}

int main(void)
{
    return TestRunner_run(judgement_suite());
}
