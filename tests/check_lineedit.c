/* Tests of the ':' line editor (src/ui/lineedit.c): keys that edit,
 * UTF-8 taken byte by byte and erased by character, scrolling, history. */
#include <check.h>
#include <curses.h>
#include <locale.h>
#include <stdio.h>

#include "ui/lineedit.h"
#include "runner.h"

static LineState typeLine(LineEdit *le, const char *text)
{
    LineState st = LINE_EDITING;
    for (const char *c = text; *c; c++)
        st = LineEdit_key(le, (unsigned char)*c);
    return st;
}

START_TEST(line_editing_keys)
{
    static LineEdit le;
    LineEdit_open(&le);
    ck_assert_int_eq(typeLine(&le, "levek"), LINE_EDITING);
    LineEdit_key(&le, KEY_BACKSPACE);
    typeLine(&le, "l 3");
    ck_assert_str_eq(le.buf, "level 3");
    LineEdit_key(&le, 21); /* Ctrl-U */
    ck_assert_str_eq(le.buf, "");
    LineEdit_key(&le, KEY_LEFT); /* nowhere to go */
    LineEdit_key(&le, KEY_DC);   /* nothing to delete */
    LineEdit_key(&le, KEY_F(5)); /* a key, not a character */
    ck_assert_int_eq(le.len, 0);
    typeLine(&le, "flip");
    ck_assert_int_eq(LineEdit_key(&le, '\n'), LINE_DONE);
    ck_assert(!le.active);
    ck_assert_str_eq(le.buf, "flip");
    LineEdit_open(&le);
    typeLine(&le, "undo");
    ck_assert_int_eq(LineEdit_key(&le, 27), LINE_CANCELLED);
    ck_assert_str_eq(le.buf, "");
}
END_TEST

/* UTF-8 comes byte by byte; the cursor and erasing take whole characters. */
START_TEST(line_editing_utf8)
{
    static LineEdit le;
    ck_assert_ptr_nonnull(setlocale(LC_CTYPE, "C.UTF-8")); /* as the program sets it */
    LineEdit_open(&le);
    typeLine(&le, "na\xc3\xafve \xe2\x82\xac");
    ck_assert_int_eq(LineEdit_columns(&le, 0, le.len), 7);
    LineEdit_key(&le, KEY_BACKSPACE); /* the euro sign, all three bytes */
    LineEdit_key(&le, KEY_BACKSPACE);
    ck_assert_str_eq(le.buf, "na\xc3\xafve");
    LineEdit_key(&le, KEY_LEFT);
    LineEdit_key(&le, KEY_LEFT);
    LineEdit_key(&le, KEY_LEFT); /* before the i with diaeresis */
    ck_assert_int_eq(le.cursor, 2);
    LineEdit_key(&le, KEY_DC);
    ck_assert_str_eq(le.buf, "nave");
    LineEdit_key(&le, KEY_END);
    ck_assert_int_eq(LineEdit_cursorColumn(&le, 80), 4);
    LineEdit_open(&le);
    for (int i = 0; i < LINEEDIT_MAX; i++) /* a character that no longer fits is left out whole */
        LineEdit_key(&le, i == LINEEDIT_MAX - 1 ? 0xc3 : 'x');
    LineEdit_key(&le, 0xa9);
    ck_assert_int_eq(le.len, LINEEDIT_MAX - 1);
}
END_TEST

START_TEST(line_cursor_editing)
{
    static LineEdit le;
    LineEdit_open(&le);
    typeLine(&le, "lvel 3");
    for (int i = 0; i < 5; i++)
        LineEdit_key(&le, KEY_LEFT);
    typeLine(&le, "e");
    ck_assert_str_eq(le.buf, "level 3");
    ck_assert_int_eq(le.cursor, 2);
    LineEdit_key(&le, KEY_END);
    LineEdit_key(&le, KEY_BACKSPACE);
    typeLine(&le, "5");
    ck_assert_str_eq(le.buf, "level 5");
    LineEdit_key(&le, 1); /* Ctrl-A */
    LineEdit_key(&le, KEY_DC);
    ck_assert_str_eq(le.buf, "evel 5");
    LineEdit_key(&le, KEY_RIGHT);
    LineEdit_key(&le, 11); /* Ctrl-K */
    ck_assert_str_eq(le.buf, "e");
    typeLine(&le, "2e4 and more");
    LineEdit_key(&le, 23); /* Ctrl-W */
    ck_assert_str_eq(le.buf, "e2e4 and ");
    LineEdit_key(&le, 23);
    ck_assert_str_eq(le.buf, "e2e4 ");
    LineEdit_key(&le, 2);  /* Ctrl-B */
    LineEdit_key(&le, 21); /* Ctrl-U: what is before the cursor */
    ck_assert_str_eq(le.buf, " ");
    ck_assert_int_eq(le.cursor, 0);
    LineEdit_key(&le, 5); /* Ctrl-E */
    ck_assert_int_eq(le.cursor, 1);
    ck_assert_int_eq(LineEdit_key(&le, '\n'), LINE_DONE);
}
END_TEST

START_TEST(line_scrolls_to_keep_the_cursor_shown)
{
    static LineEdit le;
    LineEdit_open(&le);
    typeLine(&le, "0123456789");
    ck_assert_int_eq(LineEdit_scroll(&le, 20), 0);
    ck_assert_int_eq(LineEdit_scroll(&le, 8), 3); /* cursor in the last column */
    LineEdit_key(&le, KEY_HOME);
    ck_assert_int_eq(LineEdit_scroll(&le, 8), 0);
    for (int i = 0; i < LINEEDIT_MAX + 10; i++)
        LineEdit_key(&le, 'x');
    ck_assert_int_eq(le.len, LINEEDIT_MAX);
    ck_assert_int_eq(le.cursor, LINEEDIT_MAX - 10);
    ck_assert_str_eq(le.buf + le.cursor, "0123456789");
}
END_TEST

START_TEST(line_history)
{
    static LineEdit le;
    LineEdit_open(&le);
    typeLine(&le, "e2e4\n");
    LineEdit_open(&le);
    typeLine(&le, "hint\n");
    LineEdit_open(&le);
    LineEdit_key(&le, KEY_UP);
    ck_assert_str_eq(le.buf, "hint");
    LineEdit_key(&le, KEY_UP);
    ck_assert_str_eq(le.buf, "e2e4");
    LineEdit_key(&le, KEY_UP); /* no older line: stays */
    ck_assert_str_eq(le.buf, "e2e4");
    LineEdit_key(&le, KEY_DOWN);
    LineEdit_key(&le, KEY_DOWN);
    ck_assert_str_eq(le.buf, "");
    for (int i = 0; i < LINEEDIT_HISTORY + 4; i++) {
        char line[16];
        LineEdit_open(&le);
        snprintf(line, sizeof line, "level %d\n", i % 10 + 1);
        typeLine(&le, line);
    }
    ck_assert_int_eq(le.nhistory, LINEEDIT_HISTORY);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lineedit");
    TCase *tc = tcase_create("lineedit");
    tcase_add_test(tc, line_editing_keys);
    tcase_add_test(tc, line_editing_utf8);
    tcase_add_test(tc, line_cursor_editing);
    tcase_add_test(tc, line_scrolls_to_keep_the_cursor_shown);
    tcase_add_test(tc, line_history);
    suite_add_tcase(s, tc);
    return TestRunner_run(s);
}
