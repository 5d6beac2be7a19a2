/* Reading the short algebraic form as players type it: small letters for
 * pieces where that is clear, and a refused move explained by the rule
 * that forbids it rather than a bare "not legal". */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/notation.h"
#include "helpers.h"
#include "runner.h"

/* A b-Pawn on b3 and a Bishop on e2 can both take the Knight on c4. SAN's
 * small letters are files, so "bc4" and "bxc4" are the Pawn's; the Bishop
 * is "Bc4", or "bc4" once no b-Pawn can take there. */
#define PAWN_OR_BISHOP "Ka1 kj10 Pb3 Be2 nc4"

static const MoveCase lower_case[] = {
    {PEMBA, "Ka1 kj10 Nb1", "w - - 0 1", "nc3", "b1c3"},
    {PEMBA, "Ka1 kj10 Nb1 nc3", "w - - 0 1", "nxc3", "b1c3"},
    {PEMBA, PAWN_OR_BISHOP, "w - - 0 1", "bc4", "b3c4"},
    {PEMBA, PAWN_OR_BISHOP, "w - - 0 1", "bxc4", "b3c4"},
    {PEMBA, PAWN_OR_BISHOP, "w - - 0 1", "Bc4", "e2c4"},
    {PEMBA, PAWN_OR_BISHOP, "w - - 0 1", "Bxc4", "e2c4"},
    {PEMBA, PAWN_OR_BISHOP, "w - - 0 1", "b4", "b3b4"},
    {PEMBA, "Ka1 kj10 Be2 nc4", "w - - 0 1", "bc4", "e2c4"},
    {PEMBA, "Ka1 kj10 Be2 nc4", "w - - 0 1", "bxc4", "e2c4"},
    {PEMBA, "Ka1 kj10 Qd1", "w - - 0 1", "qd5", "d1d5"},
    {XL, "Ka1 kl12 Pe11 nd12", "w - - 0 1", "e12=q", "e11e12q"},
    {PEMBA, "Ka1 kj10 Nb1", "w - - 0 1", "ka2", "a1a2"},
};

/* Other programs' and players' habits: long algebraic with 'x' (where the
 * from-file is also a piece letter: e is the Elephant, c the Cannon), a
 * Pawn's letter, a promotion without '='. */
static const MoveCase other_forms[] = {
    {PEMBA, "Ka1 kj10 Ne4 pf6", "w - - 0 1", "e4xf6", "e4f6"},
    {ZS, "Ka1 kl12 Zc6 ne9", "w - - 0 1", "c6xe9", "c6e9"},
    {PEMBA, "Ka1 kj10 Pe9", "w - - 0 1", "e10Q", "e9e10q"},
    {PEMBA, "Ka1 kj10 Pe9 nd10", "w - - 0 1", "exd10N", "e9d10n"},
    {PEMBA, "Ka1 kj10 Pe4 pf5", "w - - 0 1", "Pe4xf5", "e4f5"},
    {PEMBA, "Ka1 kj10 Pe4 pf5", "w - - 0 1", "Pe5", "e4e5"},
    {AN, "Sf1 sf9 Pc7", "w - - 0 1", "c8", "c7c8"},
};

static void assert_reads(const MoveCase *c)
{
    Position pos;
    Move m = MOVE_NONE;
    char err[ERROR_MAX] = "";
    Helper_loadOrStart(&pos, c->variant, c->pieces, c->rest);
    ck_assert_msg(Notation_parse(&pos, c->text, &m, err, sizeof err), "%s: %s", c->text, err);
    ck_assert_msg(m == Helper_findMove(&pos, c->expect), "%s is not %s", c->text, c->expect);
}

START_TEST(lower_case_san)
{
    assert_reads(&lower_case[_i]);
}
END_TEST

START_TEST(other_forms_read)
{
    assert_reads(&other_forms[_i]);
}
END_TEST

/* Two moves read the same blind to case: refused, naming both. */
START_TEST(lower_case_ambiguous)
{
    Position pos;
    Move m = MOVE_NONE;
    char err[ERROR_MAX] = "";
    Helper_load(&pos, PEMBA, "Ka1 kj10 Nb1 Nd1", "w - - 0 1");
    ck_assert(!Notation_parse(&pos, "nc3", &m, err, sizeof err));
    ck_assert_msg(strstr(err, "ambiguous") != NULL, "%s", err);
}
END_TEST

static const MoveCase refusals[] = {
    {PEMBA, NULL, NULL, "Nc6", "no Knight can reach c6"},
    {PEMBA, NULL, NULL, "O-O", "there is no castling in Pemba"},
    {ZS, NULL, NULL, "0-0-0", "there is no castling in Zanzibar-S: a King that has not moved"},
    {PEMBA, NULL, NULL, "nc6", "no Knight can reach c6"},
    {PEMBA, NULL, NULL, "Nc3", "c3 holds your own Pawn"},
    {PEMBA, NULL, NULL, "e6", "no Pawn can reach e6"},
    {PEMBA, "Ka1 kj10 Pb3", "w - - 0 1", "Qe5", "White, to move, has no Queen"},
    {PEMBA, "Ka1 kj10 Nb1", "w - - 0 1", "Nxc3", "there is nothing to take on c3"},
    {PEMBA, "Ka1 kj10 Nb1", "w - - 0 1", "Ye5", "Pemba has no piece written Y"},
    {PEMBA, "ke10 Ke2 Ra1 Rh1", "w - - 0 1", "Rbd1", "did you mean Rad1?"},
    {XL, "Ke1 kl12 re10", "w - - 0 1", "Ke2", "your King would be in check"},
    {XL, "Ke1 kl12 Ne2 re10", "w - - 0 1", "Nc3", "your King would be in check"},
    {XL, "Kf2 kl12 rf10", "w K - 0 1", "Kh3", "the King may not jump while it is in check"},
    {PEMBA, PAWN_OR_BISHOP, "w - - 0 1", "bd4", "neither a Bishop nor a b-file Pawn can reach d4"},
    {PEMBA, "Ka1 kj10 Pb3 Be2", "w - - 0 1", "Bd4", "no Bishop can reach d4"},
    {PEMBA, "Ka1 kj10 Pb3", "w - - 0 1", "bd4", "no Pawn can reach d4"},
    {PEMBA, NULL, NULL, "xyz", "'xyz' is not a legal move here"},
    /* The other side's move: say whose turn it is, not what the mover lacks. */
    {XL, "ka12 rf12 Pg11 Kl1", "b - - 0 1", "gxf12",
     "it is Black's move, and gxf12 would be White's"},
    {PEMBA, "ka10 Pe3 Kj1", "b - - 0 1", "e4", "it is Black's move, and e4 would be White's"},
    /* A Pawn's move that only a Prince can make: the Prince is named. */
    {XL, "Ka1 kl12 If2", "w - - 0 1", "f4", "White, to move, has no Pawn; did you mean If4?"},
    {XL, "Ka1 kl12 Pa3 If2", "w - - 0 1", "f3", "no Pawn can reach f3; did you mean If3?"},
    {XL, NULL, NULL, "gd5", "neither an Eagle nor a g-file Pawn can reach d5"},
    /* A square in capitals. */
    {XL, NULL, NULL, "E4", "e4 holds your own Pawn"},
    {PEMBA, NULL, NULL, "E6", "no Pawn can reach e6"},
    /* A promotion to a piece no Pawn may become. */
    {PEMBA, "Ka1 kh8 Pe9", "w - - 0 1", "e10=K",
     "a King is not a promotion choice; choose one of q"},
    {XL, "Ka1 kh8 Pe11", "w - - 0 1", "e12=I", "a Prince is not a promotion choice"},
    {PEMBA, "Ka1 kh8 Pe9", "w - - 0 1", "e10=Y", "Pemba has no piece written Y"},
    /* What may follow two squares, in the terms of the game played. */
    {XL, NULL, NULL, "e3e4e5",
     "'e5' after e3e4 was not understood: a move is two squares, then the new piece's letter when "
     "it promotes"},
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "b7b8e5",
     "'e5' after b7b8 was not understood: a move is two "
     "squares, then a flight square when it lands on a carpet"},
};

START_TEST(refusal_says_why)
{
    const MoveCase *c = &refusals[_i];
    char err[ERROR_MAX];
    Helper_assertRefused(c->variant, c->pieces, c->rest, c->text, err);
    /* The callers name the move: the reason alone, without it. */
    ck_assert_msg(strstr(err, c->expect) == err, "'%s': '%s', wanted '%s'", c->text, err,
                  c->expect);
}
END_TEST

static Suite *Test_notationSuite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("reading");
    tcase_add_loop_test(tc, lower_case_san, 0, (int)(sizeof lower_case / sizeof lower_case[0]));
    tcase_add_loop_test(tc, other_forms_read, 0, (int)(sizeof other_forms / sizeof other_forms[0]));
    tcase_add_test(tc, lower_case_ambiguous);
    tcase_add_loop_test(tc, refusal_says_why, 0, (int)(sizeof refusals / sizeof refusals[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(Test_notationSuite());
}
