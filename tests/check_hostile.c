/* Hostile input: move words with junk after them, and XBoard lines of any
 * length and numbers of any size, each answered with a refusal instead of
 * being half-read (issue 16, items 1 and 2). */
#include <check.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "cli/xboard.h"
#include "core/notation.h"
#include "core/setup.h"
#include "record/autosave.h"
#include "record/paths.h"
#include "helpers.h"
#include "runner.h"

static const MoveCase junk_moves[] = {
    {PEMBA, NULL, NULL, "e3e5e6", "'e6' after e3e5 was not understood"},
    {PEMBA, NULL, NULL, "e3e5x", "'x' after e3e5 was not understood"},
    {PEMBA, NULL, NULL, "e5junk", "'junk' after e5 was not understood"},
    {PEMBA, NULL, NULL, "e3-e5 e6", "was not understood"},
    {XL, NULL, NULL, "e3e4e5", "'e5' after e3e4 was not understood"},
    {AN, "Sj1 sc9 Rb7", "b - - 0 1", "c9c8e5", "'e5' after c9c8 was not understood"},
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "b7b8e5", "'e5' after b7b8 was not understood"},
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "b7b8x", "'x' after b7b8 was not understood"},
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "Rb8junk", "'junk' after Rb8 was not understood"},
    {PEMBA, NULL, NULL, "e3e5++++++++++++++++++++++++++++++++++++++++++++++++++++++++++",
     "too long"},
};

/* A move word followed by anything is refused, saying what was left. */
START_TEST(test_junk_after_move)
{
    const MoveCase *c = &junk_moves[_i];
    char err[ERROR_MAX];
    Helper_assertRefused(c->variant, c->pieces, c->rest, c->text, err);
    ck_assert_msg(strstr(err, c->expect) != NULL, "message for '%s' is '%s', wanted '%s'", c->text,
                  err, c->expect);
}
END_TEST

/* The clean words still read, with their usual trimmings. */
START_TEST(test_clean_moves_still_read)
{
    static const char *const ok[] = {"e3e5", "e3-e5", " e3e5 ", "e5", "e5+", "e5!?"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        Position pos;
        Setup_start(&pos, Variant_get(PEMBA));
        Move m;
        char err[ERROR_MAX];
        ck_assert_msg(Notation_parse(&pos, ok[i], &m, err, sizeof err), "%s: %s", ok[i], err);
    }
}
END_TEST

/* Feeds lines to the protocol, returns everything it answered. */
static char *converse(const char *const *lines, size_t n)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(out);
    Xboard *xb = Xboard_new(out, 1);
    ck_assert_ptr_nonnull(xb);
    for (size_t i = 0; i < n; i++) {
        char *line = strdup(lines[i]);
        ck_assert_ptr_nonnull(line);
        bool go_on = Xboard_handleLine(xb, line);
        free(line);
        if (!go_on)
            break;
    }
    Xboard_finish(xb);
    Xboard_free(xb);
    fclose(out);
    return text;
}

static char *repeat(const char *head, const char *unit, int times)
{
    size_t len = strlen(head) + strlen(unit) * (size_t)times + 1;
    char *s = malloc(len);
    ck_assert_ptr_nonnull(s);
    strcpy(s, head);
    for (int i = 0; i < times; i++)
        strcat(s, unit);
    return s;
}

/* Long words once overran a 64-byte buffer while their ranks were
 * renumbered; now they are refused whole. */
START_TEST(test_xboard_long_lines)
{
    char *move_word = repeat("usermove ", "a1234567", 40);
    char *unknown = repeat("", "b9999", 200);
    char *letters = repeat("usermove e2e4", "x", 500);
    const char *lines[] = {"force", move_word, unknown, letters, "usermove e2e4"};
    char *out = converse(lines, sizeof lines / sizeof lines[0]);
    ck_assert_msg(strstr(out, "Illegal move (the move text is too long to be a move): a1234567"),
                  "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "Error (unknown command): b9999b9999"));
    ck_assert_msg(strstr(out, "Illegal move (the move text is too long to be a move): e2e4xxx"),
                  "%s", out);
    free(move_word);
    free(unknown);
    free(letters);
    free(out);
}
END_TEST

typedef struct {
    const char *line, *answer; /* answer NULL: no error at all */
} NumberCase;

static const NumberCase numbers[] = {
    {"level 0 40000 0", "Error (bad time control): level 0 40000 0"},
    {"level 0 5 1e300", "Error (bad time control): level 0 5 1e300"},
    {"level 0 1:99999999999 0", "Error (bad time control)"},
    {"level 99999999999 5 0", "Error (bad time control)"},
    {"level 0 5 0 junk", "Error (bad time control)"},
    {"level 0 nan 0", "Error (bad time control)"},
    {"st 1e300", "Error (bad time): st 1e300"},
    {"st inf", "Error (bad time)"},
    {"sd 99999999999999999999", "Error (bad depth)"},
    {"time 99999999999999999999", NULL},
    {"otim 99999999999", NULL},
    {"time -1", "Error (bad time): time -1"},
    {"option Level=99999999999999999999", "Error (unknown option"},
    {"level 40 0:30 2.5", NULL},
    {"level 0 1.5 0", NULL},
};

/* Numbers of any size are refused or clamped, never overflowed. */
START_TEST(test_xboard_numbers)
{
    const NumberCase *c = &numbers[_i];
    const char *lines[] = {"force", c->line, "usermove e2e4", "fen"};
    char *out = converse(lines, sizeof lines / sizeof lines[0]);
    if (c->answer)
        ck_assert_msg(strstr(out, c->answer) != NULL, "'%s' answered:\n%s", c->line, out);
    else
        ck_assert_msg(strstr(out, "Error") == NULL, "'%s' answered:\n%s", c->line, out);
    ck_assert_msg(strstr(out, "Illegal") == NULL, "%s", out);
    free(out);
}
END_TEST

/* Junk after a move over XBoard: refused, saying what was left over in
 * the words XBoard sent (its ranks count from 0 on ten-rank boards). */
START_TEST(test_xboard_junk_after_move)
{
    const char *lines[] = {"force", "usermove e2e4e5", "e2e4x", "variant arabian-nights",
                           "force", "usermove b1b2e5"};
    char *out = converse(lines, sizeof lines / sizeof lines[0]);
    ck_assert_msg(strstr(out, "Illegal move ('e5' after e2e4 was not understood"), "%s", out);
    ck_assert_msg(strstr(out, "Error (unknown command): e2e4x"), "%s", out);
    ck_assert_msg(strstr(out, "Illegal move ('e5' after b1b2 was not understood"), "%s", out);
    free(out);
}
END_TEST

/* A FEN longer than we keep is refused, not cut into another position. */
START_TEST(test_xboard_long_fen)
{
    char *fen = repeat("setboard 9k/10/9K/10/10/10/10/10/10/R9 w - - 0 1", " ", 4000);
    const char *lines[] = {fen};
    char *out = converse(lines, 1);
    ck_assert_msg(strstr(out, "tellusererror Illegal position: the FEN is longer than"), "%s", out);
    free(fen);
    free(out);
}
END_TEST

/* An autosave file that is not even text (found by fuzz_autosave) was
 * reported damaged but left in place, where the next save overwrote it. */
START_TEST(test_autosave_binary_kept_aside)
{
    char dir[64], state[80];
    TestRunner_tempDir(dir, sizeof dir, "hostile");
    snprintf(state, sizeof state, "%s/state", dir);
    setenv("XDG_STATE_HOME", state, 1);
    char path[PATHS_MAX], aside[PATHS_MAX + 16], err[512];
    ck_assert(Autosave_path(path, sizeof path, err, sizeof err));
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fwrite("%zanzibar version 1\n\0\0\n", 1, 23, f);
    fclose(f);
    Position start;
    Setup_start(&start, Variant_get(PEMBA));
    Game g;
    AutosaveInfo s;
    Game_init(&g, &start);
    ck_assert_int_eq(Autosave_load(&g, &s, err, sizeof err), AUTOSAVE_DAMAGED);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    ck_assert_msg(access(aside, F_OK) == 0, "not kept aside: %s", err);
    ck_assert_msg(strstr(err, ".damaged") != NULL, "%s", err);
    Game_free(&g);
    remove(aside);
    remove(path);
    char sub[96];
    snprintf(sub, sizeof sub, "%s/zanzibar", state);
    rmdir(sub);
    rmdir(state);
    rmdir(dir);
}
END_TEST

static Suite *hostile_suite(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("input");
    tcase_add_loop_test(tc, test_junk_after_move, 0,
                        (int)(sizeof junk_moves / sizeof junk_moves[0]));
    tcase_add_test(tc, test_clean_moves_still_read);
    tcase_add_test(tc, test_xboard_long_lines);
    tcase_add_loop_test(tc, test_xboard_numbers, 0, (int)(sizeof numbers / sizeof numbers[0]));
    tcase_add_test(tc, test_xboard_junk_after_move);
    tcase_add_test(tc, test_xboard_long_fen);
    tcase_add_test(tc, test_autosave_binary_kept_aside);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(hostile_suite());
}
