/* Tests of the engine as an XBoard program (src/cli/xboard.c): features,
 * variants and their setups, errors, time controls and thinking output,
 * force, undo and playother, analyze mode with MultiPV and excluded moves. */
#include <check.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/error.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "cli/xboard.h"
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

/* The engine said no "move" line in text: why is what it should have waited for. */
static void assert_no_move(const char *text, const char *why)
{
    char mv[32];
    last_move(text, mv, sizeof mv);
    ck_assert_msg(mv[0] == '\0', "%s, got %s", why, mv);
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
    /* XBoard promotes only its Pawn and what it shows as a Lance (picture
     * 18), when it tests legality: the Zanzibars' Prince is shown so, and
     * no piece of Pemba, where only Pawns promote. */
    const char *table = strstr(out, "setup (");
    ck_assert_ptr_nonnull(table);
    ck_assert_int_eq(table[strlen("setup (") + 18], 'I');
    free(out);
    out = Fixture_xboard("protover 2\nvariant zanzibar-xxl\nvariant pemba\nquit\n");
    /* Zanzibar-XXL has Soldiers and Princes: the eight Soldiers win. */
    table = strstr(out, "setup (");
    ck_assert_int_eq(table[strlen("setup (") + 18], 'S');
    table = strstr(table + 1, "setup (");
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
        "Error (unknown option or bad value, Level is 1..10, MultiPV 1..8): option Level=0",
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
    assert_no_move(out, "playother must wait for the opponent");
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

/* ---- analyze mode ------------------------------------------------------------ */

/* Feeds lines one at a time to a protocol state; with a node cap every
 * analysis ends by itself and is waited for after each line. What was
 * said, to be freed. */
static char *xboard_lines(const char *const *lines, uint64_t nodes)
{
    FILE *out = tmpfile();
    ck_assert_ptr_nonnull(out);
    Xboard *xb = Xboard_new(out, 1);
    Xboard_capSearch(xb, nodes, 1);
    for (int i = 0; lines[i]; i++) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", lines[i]);
        ck_assert(Xboard_handleLine(xb, buf));
        if (nodes)
            Xboard_finish(xb);
    }
    Xboard_free(xb);
    return Fixture_readBack(out);
}

/* The first moves of the thinking lines between "pong N" and the next
 * pong (or the end), each followed by a space; their depth in *depth. */
static void first_moves_after(const char *text, int n, char *buf, size_t len, int *depth)
{
    char marker[32];
    snprintf(marker, sizeof marker, "pong %d\n", n);
    const char *p = strstr(text, marker);
    ck_assert_msg(p, "no '%s' in:\n%s", marker, text);
    buf[0] = '\0';
    *depth = 0;
    for (p = strchr(p, '\n') + 1; *p && strncmp(p, "pong ", 5); p = strchr(p, '\n') + 1) {
        int d, score, cs, used = 0;
        unsigned long long nodes;
        char mv[32];
        if (sscanf(p, "%d %d %d %llu %n", &d, &score, &cs, &nodes, &used) == 4 && used
            && sscanf(p + used, "%31s", mv) == 1) {
            if (d != *depth)
                buf[0] = '\0'; /* keep only the deepest iteration's lines */
            *depth = d;
            snprintf(buf + strlen(buf), len - strlen(buf), "%s ", mv);
        }
        if (!strchr(p, '\n'))
            break;
    }
}

START_TEST(test_xboard_analysis_multipv)
{
    static const char *const lines[] = {"protover 2", "variant pemba", "option MultiPV=3", "post",
                                        "ping 1",     "analyze",       "ping 2",           NULL};
    char *out = xboard_lines(lines, 40000);
    static const char *const said[] = {"analyze=1", "exclude=1",
                                       "feature option=\"MultiPV -spin 1 1 8\"", NULL};
    Fixture_assertSays(out, said);
    char moves[256];
    int depth;
    first_moves_after(out, 1, moves, sizeof moves, &depth);
    ck_assert_msg(depth >= 2, "no analysis in:\n%s", out);
    /* three lines of the deepest iteration, each with its own first move */
    char a[16], b[16], c[16], d[16];
    ck_assert_int_eq(sscanf(moves, "%15s %15s %15s %15s", a, b, c, d), 3);
    ck_assert(strcmp(a, b) && strcmp(b, c) && strcmp(a, c));
    assert_no_move(out, "analysis never plays a move");
    free(out);
}
END_TEST

START_TEST(test_xboard_analysis_exclude)
{
    /* ping 1: the best move; ping 2: with it excluded; ping 3: every
     * move excluded; ping 4: the position after a move, all moves again;
     * ping 5: back by undo. */
    static char excl[64];
    static const char *lines[] = {
        "protover 2", "variant pemba", "post",        "ping 1", "analyze",       "ping 2",
        excl,         "ping 3",        "exclude all", "ping 4", "usermove e2e3", "ping 5",
        "undo",       "ping 6",        "exit",        NULL};
    char *out = xboard_lines((const char *const[]){"protover 2", "variant pemba", "post", "ping 1",
                                                   "analyze", "ping 2", NULL},
                             30000);
    char best[256], moves[256];
    int depth;
    first_moves_after(out, 1, best, sizeof best, &depth);
    ck_assert_msg(best[0], "no analysis in:\n%s", out);
    *strchr(best, ' ') = '\0';
    free(out);
    snprintf(excl, sizeof excl, "exclude %.40s", best);
    out = xboard_lines(lines, 30000);
    first_moves_after(out, 2, moves, sizeof moves, &depth);
    ck_assert_msg(moves[0] && !strstr(moves, best), "%s still first after '%s':\n%s", best, excl,
                  out);
    first_moves_after(out, 3, moves, sizeof moves, &depth);
    ck_assert_msg(moves[0] == '\0', "lines with every move excluded:\n%s", out);
    /* after e2e3 Black moves (a rank 9 or 8 piece in XBoard's numbering) */
    first_moves_after(out, 4, moves, sizeof moves, &depth);
    ck_assert_msg(moves[1] == '7' || moves[1] == '8' || moves[1] == '9', "after e2e3:\n%s", out);
    first_moves_after(out, 5, moves, sizeof moves, &depth);
    ck_assert_msg(moves[0] && moves[1] <= '2', "after undo, White's lines:\n%s", out);
    ck_assert_ptr_null(strstr(out, "Error"));
    free(out);
}
END_TEST

START_TEST(test_xboard_analysis_status_and_exit)
{
    FILE *out = tmpfile();
    ck_assert_ptr_nonnull(out);
    Xboard *xb = Xboard_new(out, 1);
    char cmd[][32] = {"protover 2", "variant zanzibar-s", "post", "analyze"};
    for (size_t i = 0; i < sizeof cmd / sizeof cmd[0]; i++)
        Xboard_handleLine(xb, cmd[i]);
    nanosleep(&(struct timespec){0, 300 * 1000 * 1000}, NULL);
    char dot[] = ".", stop[] = "exit", move[] = "usermove f3f5", ping[] = "ping 9";
    Xboard_handleLine(xb, dot);
    Xboard_handleLine(xb, stop);
    long said = ftell(out);
    Xboard_handleLine(xb, move);
    /* No search runs after exit: this returns at once, and the move
     * played afterwards is not analysed. */
    Xboard_finish(xb);
    nanosleep(&(struct timespec){0, 200 * 1000 * 1000}, NULL);
    Xboard_handleLine(xb, ping);
    Xboard_free(xb);
    char *text = Fixture_readBack(out);
    const char *stat = strstr(text, "stat01: ");
    ck_assert_msg(stat, "no status line in:\n%s", text);
    unsigned long long n[5];
    ck_assert_int_eq(
        sscanf(stat, "stat01: %llu %llu %llu %llu %llu", &n[0], &n[1], &n[2], &n[3], &n[4]), 5);
    Position start = Fixture_position(VARIANT_ZANZIBAR_S, NULL);
    ck_assert_int_eq(n[4], (unsigned long long)Movegen_countLegal(&start));
    ck_assert_msg(!has_thinking_line(text + said), "analysis after exit:\n%s", text + said);
    ck_assert_ptr_nonnull(strstr(text + said, "pong 9"));
    free(text);
}
END_TEST

static Suite *xboard_suite(void)
{
    Suite *s = suite_create("xboard");
    TCase *xb = tcase_create("xboard");
    tcase_set_timeout(xb, 300); /* ThreadSanitizer on a busy machine: 5x slower */
    tcase_add_test(xb, test_xboard_features);
    tcase_add_test(xb, test_xboard_variant_setup);
    tcase_add_test(xb, test_xboard_plays_pemba_with_ten_ranks);
    tcase_add_test(xb, test_xboard_errors);
    tcase_add_test(xb, test_xboard_setboard_go_and_result);
    tcase_add_test(xb, test_xboard_speaks_xboard_fen);
    tcase_add_test(xb, test_xboard_force_undo_playother);
    tcase_add_test(xb, test_xboard_time_controls);
    tcase_add_test(xb, test_xboard_analysis_multipv);
    tcase_add_test(xb, test_xboard_analysis_exclude);
    tcase_add_test(xb, test_xboard_analysis_status_and_exit);
    suite_add_tcase(s, xb);
    return s;
}

int main(void)
{
    return TestRunner_run(xboard_suite());
}
