/* Tests of the screen's column counting (src/ui/columns.c) in a UTF-8
 * locale: wide and accented characters, characters cut short, bad bytes
 * and control characters, which must never reach the screen as they are. */
#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/columns.h"
#include "ui/ui.h"
#include "runner.h"

#define ACCENTED "na\xc3\xafve caf\xc3\xa9" /* naive cafe, 10 columns in 12 bytes */
#define WIDE "\xe5\xb0\x86\xe6\xa3\x8b"     /* two ideographs, 4 columns */
#define ESCAPE \
    "\x1b[2Jred\x07\x9b" \
    "1m" /* ESC, BEL, a lone C1 byte */

static int count(const char *s)
{
    return Columns_count(s, (int)strlen(s));
}

START_TEST(columns_of_characters)
{
    int cols;
    ck_assert_int_eq(count(ACCENTED), 10);
    ck_assert_int_eq(count(WIDE), 4);
    ck_assert_int_eq(Columns_char(WIDE, 6, &cols), 3);
    ck_assert_int_eq(cols, 2);
    ck_assert_int_eq(Columns_char(WIDE, 2, &cols), 1); /* cut short: one bad byte */
    ck_assert_int_eq(cols, 1);
    ck_assert_int_eq(count("\xff\xfe"), 2);
    ck_assert_int_eq(count("a\tb"), 3);
}
END_TEST

START_TEST(fitting_stops_between_characters)
{
    ck_assert_int_eq(Columns_fit(ACCENTED, 12, 3), 4); /* "na" and the i */
    ck_assert_int_eq(Columns_fit(WIDE, 6, 3), 3);      /* the second is two columns */
    ck_assert_int_eq(Columns_fit(WIDE, 6, 4), 6);
    ck_assert_int_eq(Columns_fit(WIDE, 6, 1), 0);
    ck_assert_int_eq(Columns_skip(WIDE, 6, 1), 3);
    ck_assert_int_eq(Columns_skip(ACCENTED, 12, 3), 4);
}
END_TEST

START_TEST(unprintable_characters_show_as_one_column)
{
    char out[64];
    Columns_safe(ESCAPE, 80, out, sizeof out);
    ck_assert_str_eq(out, "?[2Jred??1m");
    Columns_safe(WIDE, 3, out, sizeof out);
    ck_assert_str_eq(out, "\xe5\xb0\x86");
    Columns_safe(ACCENTED, 80, out, 4); /* the buffer ends before the i */
    ck_assert_str_eq(out, "na");
    Columns_safe("\xe5\xb0", 80, out, sizeof out); /* cut short */
    ck_assert_str_eq(out, "??");
    Columns_safe("\xc2\x9b", 80, out, sizeof out); /* a C1 control, well formed */
    ck_assert_str_eq(out, "??");
}
END_TEST

typedef struct {
    char rows[8][64];
    int n;
} Rows;

static void collect(void *ctx, const char *s, int n)
{
    Rows *r = ctx;
    ck_assert_int_lt(r->n, 8);
    snprintf(r->rows[r->n++], sizeof r->rows[0], "%.*s", n, s);
}

START_TEST(wrapping_counts_columns)
{
    Rows r = {0};
    /* 10 columns of accented text fit in 10 columns although they are 12 bytes */
    ck_assert_int_eq(Ui_wrap(ACCENTED " ok", 10, collect, &r), 2);
    ck_assert_str_eq(r.rows[0], ACCENTED);
    ck_assert_str_eq(r.rows[1], "ok");
    memset(&r, 0, sizeof r);
    /* a word of five ideographs (10 columns) in 9 is cut after the fourth */
    ck_assert_int_eq(Ui_wrap(WIDE WIDE "\xe5\xb0\x86", 9, collect, &r), 2);
    ck_assert_str_eq(r.rows[0], WIDE WIDE);
    ck_assert_str_eq(r.rows[1], "\xe5\xb0\x86");
}
END_TEST

int main(void)
{
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) {
        fputs("check_columns: this system has no C.UTF-8 locale\n", stderr);
        return EXIT_FAILURE;
    }
    Suite *s = suite_create("columns");
    TCase *tc = tcase_create("columns");
    tcase_add_test(tc, columns_of_characters);
    tcase_add_test(tc, fitting_stops_between_characters);
    tcase_add_test(tc, unprintable_characters_show_as_one_column);
    tcase_add_test(tc, wrapping_counts_columns);
    suite_add_tcase(s, tc);
    return TestRunner_run(s);
}
