/* Tests of the command line: defaults, game options, games between
 * terminals, FEN and file checks, help and version, and every refusal
 * naming what is wrong. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "core/position.h"
#include "core/setup.h"
#include "record/paths.h"
#include "runner.h"
#include "scratch.h"

typedef struct {
    int status;
    char out[4096], err[4096];
    Options o;
} Run;

static void runOptions(Run *r, const char *args)
{
    char copy[1024], *argv[64];
    int argc = 0;
    memset(r, 0, sizeof *r);
    argv[argc++] = "zanzibar";
    snprintf(copy, sizeof copy, "%s", args);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w != NULL;
         w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    FILE *out = fmemopen(r->out, sizeof r->out, "w"), *err = fmemopen(r->err, sizeof r->err, "w");
    ck_assert(out != NULL && err != NULL);
    r->status = Options_parse(&r->o, argc, argv, out, err);
    fclose(out);
    fclose(err);
}

START_TEST(test_options_defaults)
{
    Run r;
    runOptions(&r, "");
    ck_assert_int_eq(r.status, OPTIONS_CONTINUE);
    ck_assert_int_eq(r.o.mode, RUN_PLAY);
    ck_assert(r.o.variant == NULL && r.o.fen == NULL && r.o.load_file == NULL);
    ck_assert(!r.o.players_given);
    ck_assert_int_eq(r.o.setup, 0);
    ck_assert_int_eq(r.o.time_base_ms, 0);
}
END_TEST

START_TEST(test_options_game)
{
    Run r;
    runOptions(&r,
               "--variant zanzibar-xl --white engine --black human --level 7 --time 10+5 "
               "--setup 3 --mono");
    ck_assert_msg(r.status == OPTIONS_CONTINUE, "%s", r.err);
    ck_assert_str_eq(r.o.variant->name, "zanzibar-xl");
    ck_assert(r.o.players_given && r.o.engine[WHITE] && !r.o.engine[BLACK]);
    ck_assert_int_eq(r.o.level, 7);
    ck_assert_int_eq(r.o.time_base_ms, 600000);
    ck_assert_int_eq(r.o.time_inc_ms, 5000);
    ck_assert_int_eq(r.o.setup, 3);
    ck_assert(r.o.mono);
    runOptions(&r, "--setup random --time 3");
    ck_assert_msg(r.status == OPTIONS_CONTINUE, "%s", r.err);
    ck_assert_int_eq(r.o.setup, -1);
    ck_assert_int_eq(r.o.time_base_ms, 180000);
    ck_assert_int_eq(r.o.time_inc_ms, 0);
    runOptions(&r, "--invite bob --setup black");
    ck_assert_msg(r.status == OPTIONS_CONTINUE, "%s", r.err);
    ck_assert_int_eq(r.o.setup, SETUP_BY_BLACK);
    runOptions(&r, "--variant pemba --setup black");
    ck_assert_int_ne(r.status, OPTIONS_CONTINUE); /* Pemba's array is fixed */
    runOptions(&r, "--variant=pemba --perft 2 --divide");
    ck_assert_msg(r.status == OPTIONS_CONTINUE, "%s", r.err);
    ck_assert_int_eq(r.o.mode, RUN_PERFT);
    ck_assert_int_eq(r.o.perft_depth, 2);
    ck_assert(r.o.divide);
    runOptions(&r, "--xboard");
    ck_assert_int_eq(r.o.mode, RUN_XBOARD);
    runOptions(&r, "--bench");
    ck_assert_int_eq(r.o.mode, RUN_BENCH);
}
END_TEST

/* Games between terminals: --invite takes the game options and, after
 * it, a bare --black; --join, --watch and --list take none. */
START_TEST(test_options_between)
{
    Run r;
    runOptions(&r, "--invite bob --variant pemba --time 10+5 --black --private");
    ck_assert_msg(r.status == OPTIONS_CONTINUE, "%s", r.err);
    ck_assert_int_eq(r.o.mode, RUN_INVITE);
    ck_assert(r.o.as_black && r.o.private_game && !r.o.players_given);
    runOptions(&r, "--invite bob --black");
    ck_assert_msg(r.status == OPTIONS_CONTINUE && r.o.as_black, "%s", r.err);
    runOptions(&r, "--invite bob --as-black");
    ck_assert_msg(r.status == OPTIONS_CONTINUE && r.o.as_black, "%s", r.err);
    runOptions(&r, "--join alice");
    ck_assert_int_eq(r.o.mode, RUN_JOIN);
    runOptions(&r, "--watch alice");
    ck_assert_int_eq(r.o.mode, RUN_WATCH);
    runOptions(&r, "--list");
    ck_assert_int_eq(r.o.mode, RUN_LIST);
    static const char *const bad[][2] = {
        {"--black", "needs a value"},
        {"--private", "only goes with --invite"},
        {"--as-black --variant pemba", "only goes with --invite"},
        {"--invite bob --black engine", "leave out --white and --black"},
        {"--invite bob --level 3", "leave out --level"},
        {"--join alice --variant pemba", "come from the inviter"},
        {"--join alice --watch bob", "cannot be combined"},
        {"--invite", "needs a value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        runOptions(&r, bad[i][0]);
        ck_assert_msg(r.status == 2 && strstr(r.err, bad[i][1]) != NULL, "%s: %s", bad[i][0],
                      r.err);
    }
}
END_TEST

START_TEST(test_options_fen)
{
    Run r;
    char args[512];
    snprintf(args, sizeof args, "--variant pemba --fen %s", "10/10/10/10/10/10/10/10/10/10");
    runOptions(&r, args);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "zanzibar: --fen: not a Pemba position: ") == r.err, "%s", r.err);
    runOptions(&r, "--variant arabian-nights --fen 9/9/9/9/9/9/9/9/9");
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "zanzibar: --fen: not an Arabian Nights position: ") == r.err, "%s",
                  r.err);
}
END_TEST

START_TEST(test_options_help_version)
{
    Run r;
    runOptions(&r, "--help");
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "Usage: zanzibar"));
    ck_assert_str_eq(r.err, "");
    runOptions(&r, "-V");
    ck_assert_int_eq(r.status, 0);
    ck_assert(strncmp(r.out, "zanzibar ", 9) == 0);
}
END_TEST

static const char *const BAD_OPTIONS[][2] = {
    {"--bogus", "unknown or ambiguous option '--bogus'"},
    {"-x", "unknown or ambiguous option '-x'"},
    {"--level", "option '--level' needs a value"},
    {"--level 0", "--level: expected a whole number from 1 to 10, not '0'"},
    {"--level 5x", "--level: expected"},
    {"--variant chess", "--variant: unknown game 'chess'"},
    {"--white robot", "--white: expected human or engine, not 'robot'"},
    {"--black ", "option '--black' needs a value"},
    {"--time 10:5", "--time: expected MINUTES+SECONDS"},
    {"--time 0+0", "--time: expected"},
    {"--time 0", "--time: expected"},
    {"--time 10+", "--time: expected"},
    {"--setup 0", "--setup: expected a setup number"},
    {"--setup 3", "--setup N needs --variant"},
    {"--variant pemba --setup 1", "--setup: pemba has a fixed array"},
    {"--variant zanzibar-s --setup 100000", "--setup: zanzibar-s has setups 1 to"},
    {"--variant zanzibar-s --setup 2 --fen x", "--setup cannot be combined with --fen"},
    {"--fen 10/10", "--fen needs --variant"},
    {"--perft 3", "--perft needs --variant"},
    {"--perft deep --variant pemba", "--perft: expected a depth"},
    {"--divide", "--divide only goes with --perft"},
    {"--xboard --bench", "--bench cannot be combined with --xboard"},
    {"--variant pemba extra", "unexpected argument 'extra'"},
    {"--load /nonexistent/game.pgn", "--load: /nonexistent/game.pgn: "},
    {"--load x.pgn --variant pemba", "--load takes the game from the file"},
};

START_TEST(test_options_rejected)
{
    Run r;
    runOptions(&r, BAD_OPTIONS[_i][0]);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.out, "");
    ck_assert_msg(strncmp(r.err, "zanzibar: ", 10) == 0, "%s", r.err);
    ck_assert_msg(strstr(r.err, BAD_OPTIONS[_i][1]) != NULL, "'%s' lacks '%s'", r.err,
                  BAD_OPTIONS[_i][1]);
    ck_assert_ptr_nonnull(strstr(r.err, "Try 'zanzibar --help'"));
}
END_TEST

START_TEST(test_options_load)
{
    Run r;
    char path[PATHS_MAX], args[PATHS_MAX + 16];
    snprintf(path, sizeof path, "%s/ok.pgn", scratch_dir);
    FILE *f = fopen(path, "w");
    fputs("[Variant \"pemba\"]\n\n1. c4 *\n", f);
    fclose(f);
    snprintf(args, sizeof args, "--load %s", path);
    runOptions(&r, args);
    ck_assert_msg(r.status == OPTIONS_CONTINUE, "%s", r.err);
    ck_assert_str_eq(r.o.load_file, path);
    f = fopen(path, "w");
    fputs("[Variant \"pemba\"\n", f);
    fclose(f);
    runOptions(&r, args);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, ": line 1: "));
}
END_TEST

static Suite *optionsSuite(void)
{
    Suite *s = suite_create("options");
    TCase *options = tcase_create("options");
    tcase_add_checked_fixture(options, Scratch_make, Scratch_remove);
    tcase_set_timeout(options, 60);
    tcase_add_test(options, test_options_defaults);
    tcase_add_test(options, test_options_game);
    tcase_add_test(options, test_options_fen);
    tcase_add_test(options, test_options_between);
    tcase_add_test(options, test_options_help_version);
    tcase_add_loop_test(options, test_options_rejected, 0,
                        (int)(sizeof BAD_OPTIONS / sizeof BAD_OPTIONS[0]));
    tcase_add_test(options, test_options_load);
    suite_add_tcase(s, options);
    return s;
}

int main(void)
{
    return TestRunner_run(optionsSuite());
}
