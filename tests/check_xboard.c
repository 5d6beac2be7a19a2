/* Tests of the engine as an XBoard program (src/cli/xboard.c): features,
 * variants and their setups, errors, time controls and thinking output,
 * force, undo and playother. */
#include <check.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/notation.h"
#include "fixtures.h"
#include "runner.h"

/* The word after the last "move " line, or "" if there is none. */
static void last_move(const char *text, char *buf, size_t len)
{
    buf[0] = '\0';
    for (const char *p = text; (p = strstr(p, "move ")); p += 5)
        if (p == text || p[-1] == '\n')
            sscanf(p + 5, "%31s", buf);
    (void)len;
}

/* Pemba squares from XBoard's numbering (ranks from 0) to ours. */
static void from_xboard_pemba(const char *in, char *out, size_t len)
{
    size_t o = 0;
    for (size_t i = 0; in[i] && o + 4 < len;) {
        out[o++] = in[i++];
        if (isdigit((unsigned char)in[i])) {
            int rank = 0;
            while (isdigit((unsigned char)in[i]))
                rank = rank * 10 + in[i++] - '0';
            o += (size_t)snprintf(out + o, len - o, "%d", rank + 1);
        }
    }
    out[o] = '\0';
}

/* Whether some line reads "depth score centiseconds nodes move...". */
static bool has_thinking_line(const char *text)
{
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        int depth, score, cs, used = 0;
        unsigned long long nodes;
        if (sscanf(p, "%d %d %d %llu %n", &depth, &score, &cs, &nodes, &used) == 4 && used
            && depth >= 1 && isalpha((unsigned char)p[used]))
            return true;
    }
    return false;
}

START_TEST(test_xboard_features)
{
    char *out = Fixture_xboard("xboard\nprotover 2\nping 7\nnopost\nprotover 2\nquit\n");
    ck_assert_ptr_nonnull(strstr(out, "feature "));
    /* The advertised default is full strength, and nopost leaves it alone. */
    const char *first = strstr(out, "feature option=\"Level -spin 10 1 10\"");
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(strstr(first + 1, "feature option=\"Level -spin 10 1 10\""));
    static const char *const said[] = {
        "variants=\"zanzibar-s,zanzibar-xl,zanzibar-xxl,pemba,arabian-nights\"",
        "setboard=1",
        "usermove=1",
        "done=1",
        "pong 7",
        NULL,
    };
    Fixture_assertSays(out, said);
    free(out);
}
END_TEST

START_TEST(test_xboard_variant_setup)
{
    char *out = Fixture_xboard("protover 2\nvariant zanzibar-xl\nvariant arabian-nights\n"
                               "variant 10x10+0_pemba\nvariant shogi\nquit\n");
    static const char *const said[] = {
        "12x12+0_fairy",
        "11x9+0_fairy *rkedsdekr*",
        "10x10+0_fairy cjvzmmzvjc/",
        "piece C& mRcpR",
        /* The Eagle: a plain F step, and an F step that goes on as a slider
         * turned 45 degrees outward; the Rhinoceros the same from a W step. */
        "piece G& FyafsF\n",
        "piece U& WyafsW\n",
        "piece K& WFimDimAimN", /* Zanzibar King jump */
        "piece K& WF\n",        /* Pemba: no jump */
        /* Without 'e' XBoard refuses a Pawn's en-passant capture. */
        "piece P& fmWfceFifmnD\n",
        "Error (unsupported variant): shogi",
        NULL,
    };
    Fixture_assertSays(out, said);
    /* XBoard promotes whatever it shows as a Lance (picture 18). */
    const char *table = strstr(out, "setup (");
    ck_assert_ptr_nonnull(table);
    ck_assert_int_eq(table[strlen("setup (") + 18], '.');
    free(out);
}
END_TEST

START_TEST(test_xboard_plays_pemba_with_ten_ranks)
{
    /* XBoard counts Pemba's ranks from 0: its e2e4 is our e3e5. */
    char *out = Fixture_xboard("xboard\nprotover 2\nvariant pemba\nnew\nst 0.2\n"
                               "usermove e2e4\n");
    ck_assert_ptr_null(strstr(out, "Illegal"));
    char mv[32];
    last_move(out, mv, sizeof mv);
    ck_assert_msg(mv[0], "no move in:\n%s", out);
    /* Replay in our numbering: the reply must be legal after e3e5. */
    Position start = Fixture_position(VARIANT_PEMBA, NULL), *pos = &start;
    char err[ERROR_MAX], ours[32];
    Move m;
    ck_assert(Notation_parse(pos, "e3e5", &m, err, sizeof err));
    Undo u;
    Position_make(pos, m, &u);
    from_xboard_pemba(mv, ours, sizeof ours);
    ck_assert_msg(Notation_parse(pos, ours, &m, err, sizeof err), "%s -> %s: %s", mv, ours, err);
    free(out);
}
END_TEST

START_TEST(test_xboard_errors)
{
    char *out = Fixture_xboard("protover 2\nvariant pemba\nforce\nusermove e2e6\nfrobnicate\n"
                               "setboard 10/10 w - - 0 1\nsd x\nlevel 40 nonsense\n"
                               "option Level=0\noption Hash=3\noption Level=4\nquit\n");
    static const char *const said[] = {
        "Illegal move",
        "Error (unknown command): frobnicate",
        "tellusererror Illegal position",
        "Error (bad depth)",
        "Error (bad time control)",
        "Error (unknown option or bad value, Level is 1..10): option Level=0",
        "option Hash=3",
        NULL,
    };
    Fixture_assertSays(out, said);
    ck_assert_ptr_null(strstr(out, "option Level=4\n"));
    free(out);
}
END_TEST

START_TEST(test_xboard_setboard_go_and_result)
{
    /* Mate in one found with go, then the engine announces the result. */
    char *out = Fixture_xboard("protover 2\nvariant pemba\nforce\n"
                               "setboard 9k/10/9K/10/10/10/10/10/10/R9 w - - 0 1\n"
                               "sd 3\ngo\n");
    char mv[32];
    last_move(out, mv, sizeof mv);
    ck_assert_str_eq(mv, "a0a9");
    ck_assert_ptr_nonnull(strstr(out, "1-0 {"));
    free(out);
}
END_TEST

/* XBoard names the King-jump rights by files, as castling rights: the
 * jump must survive that round trip, and every "variant" must announce
 * the same start, or two engines in one XBoard would disagree on it. */
START_TEST(test_xboard_speaks_xboard_fen)
{
    char *out = Fixture_xboard("protover 2\nvariant zanzibar-s\nvariant zanzibar-s\nforce\n"
                               "setboard 5k6/12/12/12/12/12/12/12/12/12/12/5K4R1 w Ff - 0 1\n"
                               "usermove f1f3\nusermove f12h10\n"
                               "setboard 12/12/12/12/12/12/12/12/12/12/12/12 w Ff - 0 1\nquit\n");
    ck_assert_ptr_null(strstr(out, "Illegal move"));
    ck_assert_ptr_nonnull(strstr(out, "Illegal position: White has no King"));
    const char *first = strstr(out, "setup (");
    ck_assert_ptr_nonnull(first);
    const char *second = strstr(first + 1, "setup (");
    ck_assert_ptr_nonnull(second);
    ck_assert_int_eq(strcspn(first, "\n"), strcspn(second, "\n"));
    ck_assert(strncmp(first, second, strcspn(first, "\n")) == 0);
    free(out);
}
END_TEST

START_TEST(test_xboard_force_undo_playother)
{
    char *out = Fixture_xboard("protover 2\nvariant zanzibar-s\nforce\n"
                               "setboard cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/"
                               "PPPPIPPIPPPP/ERNBMGLMBNRE/CJZVUKQFVZJC w Kk - 0 1\n"
                               "usermove f3f5\nusermove f10f8\nundo\nremove\n"
                               "usermove f10f9\nplayother\nping 3\nquit\n");
    /* undo leaves f3f5 alone, so remove (two moves back) is refused. */
    ck_assert_ptr_nonnull(strstr(out, "Error (command not legal now): remove"));
    ck_assert_ptr_null(strstr(out, "Illegal"));
    ck_assert_ptr_nonnull(strstr(out, "pong 3"));
    char mv[32];
    last_move(out, mv, sizeof mv);
    ck_assert_msg(mv[0] == '\0', "playother must wait for the opponent, got %s", mv);
    free(out);
}
END_TEST

START_TEST(test_xboard_time_controls)
{
    char *out = Fixture_xboard("protover 2\nvariant arabian-nights\nnew\npost\nlevel 40 0:02 0.1\n"
                               "time 200\notim 200\nplayother\ngo\n");
    char mv[32];
    last_move(out, mv, sizeof mv);
    ck_assert_msg(mv[0], "no move in:\n%s", out);
    /* With post, thinking lines "depth score time nodes pv" come first. */
    ck_assert_msg(has_thinking_line(out), "no thinking line in:\n%s", out);
    /* and the delay the clock manager learned, as a comment XBoard ignores */
    ck_assert_msg(strstr(out, "\n# learned delay 0 ms\n"), "no learned delay in:\n%s", out);
    free(out);
}
END_TEST

static Suite *xboard_suite(void)
{
    Suite *s = suite_create("xboard");
    TCase *xb = tcase_create("xboard");
    tcase_set_timeout(xb, 120);
    tcase_add_test(xb, test_xboard_features);
    tcase_add_test(xb, test_xboard_variant_setup);
    tcase_add_test(xb, test_xboard_plays_pemba_with_ten_ranks);
    tcase_add_test(xb, test_xboard_errors);
    tcase_add_test(xb, test_xboard_setboard_go_and_result);
    tcase_add_test(xb, test_xboard_speaks_xboard_fen);
    tcase_add_test(xb, test_xboard_force_undo_playother);
    tcase_add_test(xb, test_xboard_time_controls);
    suite_add_tcase(s, xb);
    return s;
}

int main(void)
{
    return TestRunner_run(xboard_suite());
}
