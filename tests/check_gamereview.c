/* Tests of the engine's review of a whole game: the curve from a score to
 * the chance of winning, a hung Queen marked as a blunder and the move
 * that takes it left unmarked, a mate scored by the rules, and a review
 * that never waits. */
#include <check.h>
#include <poll.h>
#include <stdlib.h>

#include "core/game.h"
#include "engine/gamereview.h"
#include "fixtures.h"
#include "runner.h"

#define TEST_NODES 20000

/* Steps the review as the terminal's loop does: asleep in poll() on its
 * descriptor until each search ends. */
static void runToTheEnd(GameReview *r)
{
    while (!GameReview_finished(r)) {
        struct pollfd p = {GameReview_fd(r), POLLIN, 0};
        if (p.fd >= 0)
            poll(&p, 1, 1000);
        GameReview_step(r);
    }
}

START_TEST(test_win_percent_curve)
{
    ck_assert_double_eq_tol(GameReview_winPercent(0), 50.0, 1e-9);
    ck_assert_double_eq_tol(GameReview_winPercent(300) + GameReview_winPercent(-300), 100.0, 1e-9);
    ck_assert(GameReview_winPercent(100) > 50.0 && GameReview_winPercent(100) < 60.0);
    ck_assert(GameReview_winPercent(GAMEREVIEW_SCORE_CAP) > 99.0);
}
END_TEST

/* White's King steps aside and leaves the Queen to the Rook: a blunder;
 * the Rook that takes it played well. */
START_TEST(test_hung_queen_is_a_blunder)
{
    static const char *const moves[] = {"Kg1", "Rxa6"};
    Game g = Fixture_game("pemba", "r4k4/10/10/10/Q9/10/10/10/10/5K4 w - - 0 1", moves, 2);
    GameReview *r = GameReview_new(&g, TEST_NODES, NULL);
    ck_assert_int_eq(GameReview_total(r), 3);
    ck_assert(!GameReview_finished(r));
    runToTheEnd(r);
    ck_assert_int_eq(GameReview_scored(r), 3);
    ck_assert_int_gt(GameReview_score(r, 0), 300);
    ck_assert_int_lt(GameReview_score(r, 1), -300);
    ck_assert_int_eq(GameReview_mark(r, 0), REVIEW_BLUNDER);
    ck_assert_int_eq(GameReview_mark(r, 1), REVIEW_GOOD);
    ck_assert_str_eq(ReviewMark_symbol(GameReview_mark(r, 0)), "??");
    ck_assert_int_eq(ReviewMark_nag(GameReview_mark(r, 0)), 4);
    GameReview_free(r);
    Game_free(&g);
}
END_TEST

/* A mate on the board is scored by the rules, at the cap, for the winner. */
START_TEST(test_mate_is_scored_by_the_rules)
{
    static const char *const moves[] = {"Rb10"};
    Game g = Fixture_game("pemba", "6k3/R9/10/10/10/10/10/10/10/1R4K3 w - - 0 1", moves, 1);
    ck_assert(Game_over(&g));
    GameReview *r = GameReview_new(&g, TEST_NODES, NULL);
    runToTheEnd(r);
    ck_assert_int_eq(GameReview_score(r, 1), GAMEREVIEW_SCORE_CAP);
    GameReview_free(r);
    Game_free(&g);
}
END_TEST

/* A review dropped halfway stops its search and leaks nothing. */
START_TEST(test_review_dropped_halfway)
{
    static const char *const moves[] = {"Kg1", "Rxa6"};
    Game g = Fixture_game("pemba", "r4k4/10/10/10/Q9/10/10/10/10/5K4 w - - 0 1", moves, 2);
    GameReview *r = GameReview_new(&g, 50000000, NULL);
    GameReview_step(r);
    ck_assert(!GameReview_step(r)); /* never waits for a search still running */
    GameReview_free(r);
    Game_free(&g);
}
END_TEST

static Suite *review_suite(void)
{
    Suite *s = suite_create("game review");
    TCase *tc = tcase_create("review");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_win_percent_curve);
    tcase_add_test(tc, test_hung_queen_is_a_blunder);
    tcase_add_test(tc, test_mate_is_scored_by_the_rules);
    tcase_add_test(tc, test_review_dropped_halfway);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(review_suite());
}
