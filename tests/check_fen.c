/* FEN as RULES.md section 6: exact round trips for every game's start and
 * for varied positions, and malformed FENs refused with a message naming
 * the fault, leaving the target position untouched. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/setup.h"
#include "helpers.h"
#include "runner.h"

/* The examples of RULES.md section 6, copied from there. */
static const FenCase rules_examples[] = {
    {ZS,
     "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/"
     "CJZVUKQFVZJC w Kk - 0 1"},
    {XL,
     "cjzvdkqwvzjc/ernbuglfbnre/ppppimmipppp/4pppp4/12/12/12/12/4PPPP4/PPPPIMMIPPPP/"
     "ERNBUGLFBNRE/CJZVDKQWVZJC w Kk - 0 1"},
    {XXL,
     "cjzvwkqdvzjc/ernbuglfbnre/ssssimmissss/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/"
     "SSSSIMMISSSS/ERNBUGLFBNRE/CJZVWKQDVZJC w Kk - 0 1"},
    {PEMBA,
     "cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1"},
    {AN, "*rkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSDEKR* b - - 0 1"},
};

static const FenCase varied[] = {
    {XL, "7k4/1P3P6/12/3pP7/12/12/12/12/12/12/5p6/5K6 w Kk d10 0 40"},
    {XXL, "5k6/2S9/12/12/12/3Sp7/12/12/12/12/1s10/6K5 b k d6 0 20"},
    {XXL, "6k5/12/12/12/12/12/3Ip7/12/12/12/12/K11 b - d5 1 17"},
    {PEMBA, "4k5/P9/10/10/10/3Pp5/10/10/p9/5K4 b - d4 0 30"},
    {PEMBA, "r4k4/10/10/10/10/10/10/10/10/4K4R w - - 12 40"},
    {ZS,
     "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/"
     "CJZVUKQFVZJC b K - 3 2"},
    {ZS,
     "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/"
     "CJZVUKQFVZJC w k - 99 1234"},
    {XL, "l11/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1"},
    {AN, "*4s4*/*9*/G1P7g/*9*/*4*4*/11/*2p6*/*9*/*3S5* b - - 0 25"},
    {AN, "*4s4*/*9*/*9R/*10/*4*5/*9k/*9*/*9*/*3S5* w - - 7 31"},
    {AN, "*3s5*/*9*/*9*/10*/5*4*/10*/p9*/*9*/*4S4* b - - 0 1"},
    {AN, "*rkedsdekr*/*pgppvppgp*/*10/*9*/*4*4*/*10/11/*PGPPVPPGP*/*RKEDSDEKR* w - - 2 2"},
};

static void assert_round_trip(VariantId variant, const char *fen)
{
    Position pos;
    char out[FEN_MAX];
    Helper_read(&pos, variant, fen);
    Fen_write(&pos, out, sizeof out);
    ck_assert_str_eq(out, fen);
    ck_assert(pos.hash == Position_computeHash(&pos));
}

START_TEST(test_rules_examples)
{
    assert_round_trip(rules_examples[_i].variant, rules_examples[_i].fen);
    /* The variant table's start position is this example too. */
    Position pos;
    char out[FEN_MAX];
    Setup_start(&pos, Variant_get(rules_examples[_i].variant));
    Fen_write(&pos, out, sizeof out);
    ck_assert_str_eq(out, rules_examples[_i].fen);
}
END_TEST

START_TEST(test_varied_round_trips)
{
    assert_round_trip(varied[_i].variant, varied[_i].fen);
}
END_TEST

/* --- malformed FENs ------------------------------------------------------ */

typedef struct {
    VariantId variant;
    const char *fen;
    const char *phrase; /* must appear in the message */
} BadFen;

#define PEMBA_BODY "ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC"
#define PEMBA_START "cjvzmmzvjc/" PEMBA_BODY
#define XL_START \
    "cjzvdkqwvzjc/ernbuglfbnre/ppppimmipppp/4pppp4/12/12/12/12/4PPPP4/" \
    "PPPPIMMIPPPP/ERNBUGLFBNRE/CJZVDKQWVZJC"
#define AN_TOP "*rkedsdekr*/*pgppvppgp*/11/*9*"
#define AN_BOTTOM "*9*/11/*PGPPVPPGP*/*RKEDSDEKR*"
#define AN_START AN_TOP "/*4*4*/" AN_BOTTOM

static const BadFen bad[] = {
    /* ranks */
    {XL,
     "cjzvdkqwvzjc/ernbuglfbnre/ppppimmipppp/4pppp5/12/12/12/12/4PPPP4/PPPPIMMIPPPP/"
     "ERNBUGLFBNRE/CJZVDKQWVZJC w Kk - 0 1",
     "rank 9 adds up to 13 squares, but the board is 12 wide"},
    {PEMBA,
     "cjvzmmzvjc/ernbqkbnre/pppppppppp/9/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1",
     "rank 7 adds up to 9 squares, but the board is 10 wide"},
    {AN, "*rkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSDEKR** b - - 0 1",
     "rank 1 adds up to 12 squares"},
    {PEMBA, "cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1",
     "the placement has 9 ranks, Pemba has 10"},
    {XL, XL_START "/12 w Kk - 0 1", "the placement has 13 ranks, Zanzibar-XL has 12"},
    {PEMBA, "0cjvzmmzvjc/" PEMBA_BODY " w - - 0 1", "rank 10: an empty run must be at least 1"},
    /* letters */
    {PEMBA,
     "cjvzmmzvjc/ernbqkbnre/ppppgppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1",
     "rank 8: 'g' is not a piece of Pemba"},
    {AN, "*rkedsdeqr*/*pgppvppgp*/11/*9*/*4*4*/" AN_BOTTOM " b - - 0 1",
     "rank 9: 'q' is not a piece of Arabian Nights"},
    {ZS,
     "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/5x6/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/"
     "CJZVUKQFVZJC w Kk - 0 1",
     "rank 7: 'x' is not a piece of Zanzibar-S"},
    /* royal pieces */
    {PEMBA,
     "cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQ1BNRE/CJVZMMZVJC w - - 0 1",
     "White has no King; it needs exactly one"},
    {PEMBA,
     "cjvzmmzvjc/ernkqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1",
     "Black has more than one King"},
    {AN, "*rkedddekr*/*pgppvppgp*/11/*9*/*4*4*/" AN_BOTTOM " b - - 0 1", "Black has no Sultan"},
    {AN, "*rkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSSEKR* b - - 0 1",
     "White has more than one Sultan"},
    {PEMBA, "4k5/10/10/10/4R5/10/10/10/10/K9 w - - 0 1",
     "the side not to move (Black) is in check"},
    {AN, "*4s4*/*9*/11/*9*/*4*4*/*9*/11/*9*/*3rS4* b - - 0 1",
     "the side not to move (White) is in check"},
    /* pieces where they would already have promoted */
    {XL, "P3k7/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1", "a Pawn on a12 stands where it would"},
    {ZS, "4k3I3/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1", "a Prince on i12 stands where"},
    {XXL, "4k7/12/12/12/12/12/12/12/12/12/12/K5s5 w - - 0 1", "a Soldier on g1 stands where"},
    {PEMBA, "4k5/10/10/10/10/10/10/10/10/K3p5 w - - 0 1", "a Pawn on e1 stands where"},
    {AN, "*4s4*/*2P6*/11/*9*/*4*4*/*9*/11/*9*/*3S5* b - - 0 1", "a Pawn on d8 stands where"},
    {AN, "*4s4*/*9*/11/*9*/*4*4*/*9*/11/*p8*/*3S5* w - - 0 1", "a Pawn on b2 stands where"},
    /* missing and extra squares */
    {PEMBA,
     "cjvzmmzvjc/ernbqkbnre/pppppppppp/*9/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1",
     "'*' marks a missing square, which only Arabian Nights has"},
    {AN, AN_TOP "/*4*4*/*9*/10*/*PGPPVPPGP*/*RKEDSDEKR* b - - 0 1",
     "needs exactly four carpets on a3-a7 and k3-k7; this FEN has 3"},
    {AN, "*rkedsdekr*/*pgppvppgp*/11/10*/*4*4*/" AN_BOTTOM " b - - 0 1", "this FEN has 5"},
    {AN, AN_TOP "/*4*4*/*9*/11/*PGPPVPPGP*/1RKEDSDEKR* b - - 0 1",
     "rank 1: a1 is not a square and must be written '*'"},
    {AN, AN_TOP "/*9*/" AN_BOTTOM " b - - 0 1",
     "rank 5: f5 is not a square and must be written '*'"},
    {AN, AN_TOP "/*4*4*/*4*4*/11/*PGPPVPPGP*/*RKEDSDEKR* b - - 0 1",
     "rank 4: f4 is a square of the board, not '*'"},
    {AN, "rrkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/" AN_BOTTOM " b - - 0 1",
     "rank 9: a9 is not a square, a piece cannot stand there"},
    {AN, AN_TOP "/*4p4*/" AN_BOTTOM " b - - 0 1", "rank 5: f5 is not a square, a piece cannot"},
    /* en passant */
    {PEMBA, PEMBA_START " w - e8 0 1", "the en passant square e8 is not empty"},
    {PEMBA, PEMBA_START " w - e7 0 1", "en passant square e7: no piece that could have stepped"},
    {AN, "*4s4*/*9*/11/*9*/*4*4*/*3P5*/11/*9*/*3S5* b - e3 0 1", "en passant square e3: no piece"},
    {XL, "7k4/12/12/12/12/12/12/12/3N8/12/12/K11 b - d3 0 1", "en passant square d3: no piece"},
    {PEMBA, PEMBA_START " w - e11 0 1", "the en passant field 'e11' is not a square of the board"},
    /* other fields */
    {PEMBA, PEMBA_START " x - - 0 1", "the side to move must be 'w' or 'b', not 'x'"},
    {XL, XL_START " w KQ - 0 1", "bad rights field 'KQ'"},
    {XL, XL_START " w KK - 0 1", "bad rights field 'KK'"},
    {PEMBA, PEMBA_START " w K - 0 1", "the rights field must be '-' in Pemba"},
    {AN, AN_START " b k - 0 1", "the rights field must be '-' in Arabian Nights"},
    {PEMBA, PEMBA_START " w - - x 1", "the halfmove clock 'x' is not a number of 0 or more"},
    {PEMBA, PEMBA_START " w - - -1 1", "the halfmove clock '-1' is not a number"},
    {PEMBA, PEMBA_START " w - - 0 0", "the move number '0' is not a number of 1 or more"},
    {PEMBA, PEMBA_START " w - - 0 1a", "the move number '1a' is not a number"},
    {PEMBA, PEMBA_START " w - - 0", "the move number field is missing"},
    {PEMBA, PEMBA_START, "the side to move field is missing"},
    {PEMBA, "", "the piece placement field is missing"},
    {PEMBA, PEMBA_START " w - - 0 1 1", "too many fields"},
};

static void assert_refused(VariantId variant, const char *fen, const char *phrase)
{
    Position pos, before;
    char err[ERROR_MAX] = "";
    Setup_start(&pos, Variant_get(PEMBA));
    memcpy(&before, &pos, sizeof pos);
    ck_assert_msg(!Fen_read(&pos, Variant_get(variant), fen, err, sizeof err), "accepted: %s", fen);
    ck_assert_msg(strstr(err, phrase) != NULL, "message for '%s' is '%s', wanted '%s'", fen, err,
                  phrase);
    ck_assert_msg(memcmp(&pos, &before, sizeof pos) == 0, "a refused FEN changed the position: %s",
                  fen);
}

START_TEST(test_malformed)
{
    assert_refused(bad[_i].variant, bad[_i].fen, bad[_i].phrase);
}
END_TEST

START_TEST(test_overlong)
{
    char fen[FEN_MAX + 64];
    memset(fen, ' ', sizeof fen);
    memcpy(fen, PEMBA_START " w - - 0 1", strlen(PEMBA_START " w - - 0 1"));
    fen[sizeof fen - 1] = 0;
    assert_refused(PEMBA, fen, "the FEN is too long");
}
END_TEST

/* Where a FEN says nothing wrong, the message buffer may be absent. */
START_TEST(test_no_message_buffer)
{
    Position pos;
    ck_assert(!Fen_read(&pos, Variant_get(PEMBA), "junk", NULL, 0));
    ck_assert(Fen_read(&pos, Variant_get(PEMBA), PEMBA_START " w - - 0 1", NULL, 0));
}
END_TEST

/* The engine reads its variant's start FEN in its own thread while the
 * terminal splits command lines and reads FENs: reading one must share
 * no hidden state with anything else (strtok's one pointer for all
 * threads once mixed a FEN's fields with a command's words). A
 * tokenizer left half way through here must find its place again after
 * Fen_read. */
START_TEST(test_no_hidden_state)
{
    char words[] = "one two three";
    Position pos;
    ck_assert_str_eq(strtok(words, " "), "one");
    ck_assert(
        Fen_read(&pos, Variant_get(rules_examples[0].variant), rules_examples[0].fen, NULL, 0));
    const char *next = strtok(NULL, " ");
    ck_assert_msg(next != NULL && strcmp(next, "two") == 0,
                  "Fen_read moved strtok's hidden place (next word '%s')", next ? next : "(none)");
}
END_TEST

static Suite *fen_suite(void)
{
    Suite *s = suite_create("fen");
    TCase *tc = tcase_create("round trips");
    tcase_add_loop_test(tc, test_rules_examples, 0,
                        (int)(sizeof rules_examples / sizeof rules_examples[0]));
    tcase_add_loop_test(tc, test_varied_round_trips, 0, (int)(sizeof varied / sizeof varied[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("malformed");
    tcase_add_loop_test(tc, test_malformed, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_overlong);
    tcase_add_test(tc, test_no_message_buffer);
    suite_add_tcase(s, tc);
    tc = tcase_create("shared state");
    tcase_add_test(tc, test_no_hidden_state);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(fen_suite());
}
