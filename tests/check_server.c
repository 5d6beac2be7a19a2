/* Tests of the public server: Glicko-2 against the worked example in
 * Glickman's paper, the store (check_store.c), and the pieces around sshd
 * (check_gate.c). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check_server.h"
#include "runner.h"
#include "server/glicko.h"

/* "Example of the Glicko-2 system": a player at 1500, RD 200, volatility
 * 0.06 beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD
 * 300); tau 0.5. The paper gives 1464.06, 151.52 and 0.05999. */
START_TEST(test_glicko_paper_example)
{
    Glicko player = {1500, 200, 0.06};
    GlickoGame games[] = {
        {{1400, 30, 0.06}, 1.0},
        {{1550, 100, 0.06}, 0.0},
        {{1700, 300, 0.06}, 0.0},
    };
    Glicko after = Glicko_update(player, games, 3, 0.5);
    ck_assert_double_eq_tol(after.rating, 1464.06, 0.01);
    ck_assert_double_eq_tol(after.rd, 151.52, 0.01);
    ck_assert_double_eq_tol(after.volatility, 0.05999, 0.00001);
}
END_TEST

START_TEST(test_glicko_one_game_between_newcomers)
{
    Glicko a = Glicko_initial();
    Glicko b = Glicko_initial();
    GlickoGame a_won = {b, 1.0};
    GlickoGame b_lost = {a, 0.0};
    Glicko a2 = Glicko_update(a, &a_won, 1, GLICKO_TAU);
    Glicko b2 = Glicko_update(b, &b_lost, 1, GLICKO_TAU);
    ck_assert(a2.rating > 1500 && b2.rating < 1500);
    ck_assert_double_eq_tol(a2.rating - 1500, 1500 - b2.rating, 1e-9);
    ck_assert(a2.rd < GLICKO_START_RD && a2.rd == b2.rd);
    GlickoGame drawn = {b, 0.5};
    Glicko d = Glicko_update(a, &drawn, 1, GLICKO_TAU);
    ck_assert_double_eq_tol(d.rating, 1500, 1e-9);
}
END_TEST

START_TEST(test_glicko_provisional_shown)
{
    char text[GLICKO_TEXT_MAX];
    Glicko_format(Glicko_initial(), text, sizeof text);
    ck_assert_str_eq(text, "1500?");
    Glicko_format((Glicko){1623.6, 110.0, 0.06}, text, sizeof text);
    ck_assert_str_eq(text, "1624");
    Glicko_format((Glicko){1623.4, 110.01, 0.06}, text, sizeof text);
    ck_assert_str_eq(text, "1623?");
}
END_TEST

/* A long run of wins moves the rating up steadily and brings the
 * deviation below the provisional mark, never to nonsense. */
START_TEST(test_glicko_many_games_stay_finite)
{
    Glicko a = Glicko_initial();
    for (int i = 0; i < 200; i++) {
        GlickoGame g = {{1500, 60, 0.06}, i % 3 == 0 ? 0.0 : 1.0};
        a = Glicko_update(a, &g, 1, GLICKO_TAU);
        ck_assert(isfinite(a.rating) && isfinite(a.rd) && isfinite(a.volatility));
        ck_assert(a.rd > 0 && a.rd <= GLICKO_START_RD);
    }
    ck_assert(!Glicko_isProvisional(a));
    ck_assert(a.rating > 1550 && a.rating < 1750);
}
END_TEST

static Suite *serverSuite(void)
{
    Suite *s = suite_create("server");
    TCase *tc = tcase_create("glicko");
    tcase_add_test(tc, test_glicko_paper_example);
    tcase_add_test(tc, test_glicko_one_game_between_newcomers);
    tcase_add_test(tc, test_glicko_provisional_shown);
    tcase_add_test(tc, test_glicko_many_games_stay_finite);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, CheckStore_case());
    suite_add_tcase(s, CheckGate_case());
    return s;
}

int main(void)
{
    return TestRunner_run(serverSuite());
}
