/* The side panel's account of the pieces lost: grouped by kind, most
 * valuable first, and the material balance for the side ahead. */
#include <check.h>

#include "core/error.h"
#include "core/notation.h"
#include "ui/captured.h"
#include "fixtures.h"
#include "runner.h"

/* What each side has lost, grouped by kind (most valuable first), and the
 * material balance on the side ahead. */
START_TEST(captured_grouped_with_the_balance)
{
    static const char *const moves[] = {"f3e4", "c3d1", "b3a4"};
    Game g = Fixture_game("pemba", "9k/3r6/10/10/10/10/p3p5/1Pn2P4/10/K2Q6 w - - 0 1", moves, 3);
    Captured c;
    Captured_of(&g, 0, &c);
    ck_assert_str_eq(c.lost[WHITE], "");
    ck_assert_str_eq(c.lost[BLACK], "");
    Captured_of(&g, g.nmoves, &c);
    ck_assert_str_eq(c.lost[WHITE], "Q");
    ck_assert_str_eq(c.lost[BLACK], "p2");
    const Variant *v = g.pos.v;
    int diff = Variant_value(v, Variant_typeOfLetter(v, 'N'))
        + Variant_value(v, Variant_typeOfLetter(v, 'R'))
        - 2 * Variant_value(v, Variant_typeOfLetter(v, 'P'));
    ck_assert_int_eq(c.ahead, BLACK);
    ck_assert_int_eq(c.pawns, (diff + 50) / 100);
    /* In review, what was lost up to the position shown. */
    Captured_of(&g, 1, &c);
    ck_assert_str_eq(c.lost[WHITE], "");
    ck_assert_str_eq(c.lost[BLACK], "p");
    Game_free(&g);
}
END_TEST

static Suite *Test_capturedSuite(void)
{
    Suite *s = suite_create("captured");
    TCase *tc = tcase_create("lost");
    tcase_add_test(tc, captured_grouped_with_the_balance);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(Test_capturedSuite());
}
