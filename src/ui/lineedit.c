/* The one-line editor behind ':' and the setup-number prompt. Printable
 * text is kept as UTF-8, as the terminal sends it byte by byte; the cursor
 * and the erasing keys step over whole characters; the editing keys are
 * the ones shells have taught people (Ctrl-A, Ctrl-K...). */
#include "ui/lineedit.h"

#include <curses.h>
#include <string.h>

#include "ui/columns.h"
#include "ui/keys.h"

static void LineEdit_set(LineEdit *le, const char *text)
{
    strcpy(le->buf, text);
    le->len = (int)strlen(text);
    le->cursor = le->len;
}

void LineEdit_open(LineEdit *le)
{
    LineEdit_set(le, "");
    le->active = true;
    le->browse = le->nhistory;
}

static void LineEdit_remember(LineEdit *le)
{
    if (le->len == 0 || (le->nhistory > 0 && strcmp(le->history[le->nhistory - 1], le->buf) == 0))
        return;
    if (le->nhistory == LINEEDIT_HISTORY) {
        memmove(le->history[0], le->history[1], sizeof le->history[0] * (LINEEDIT_HISTORY - 1));
        le->nhistory--;
    }
    strcpy(le->history[le->nhistory++], le->buf);
}

/* Up and Down walk the history; past the newest line the line is empty. */
static void LineEdit_browse(LineEdit *le, int delta)
{
    int to = le->browse + delta;
    if (to < 0 || to > le->nhistory)
        return;
    le->browse = to;
    LineEdit_set(le, to == le->nhistory ? "" : le->history[to]);
}

/* A byte that continues a UTF-8 character rather than starting one. */
static bool LineEdit_continues(char c)
{
    return ((unsigned char)c & 0xC0) == 0x80;
}

/* Where the character before / after byte i starts: read from the start,
 * as the screen reads it (columns.c), so that the cursor never lands
 * inside a character, a bad byte being a character of its own. */
static int LineEdit_prevChar(const LineEdit *le, int i)
{
    if (i <= 0)
        return -1;
    int at = 0, next;
    while ((next = at + Columns_char(le->buf + at, le->len - at, NULL)) < i)
        at = next;
    return at;
}

static int LineEdit_nextChar(const LineEdit *le, int i)
{
    if (i >= le->len)
        return le->len + 1;
    return i + Columns_char(le->buf + i, le->len - i, NULL);
}

int LineEdit_columns(const LineEdit *le, int from, int to)
{
    to = to < le->len ? to : le->len;
    return from < to ? Columns_count(le->buf + from, to - from) : 0;
}

static void LineEdit_insert(LineEdit *le, int key)
{
    /* a character's bytes come one by one: its first byte needs room for all */
    int need = (key & 0xE0) == 0xC0 ? 2 : (key & 0xF0) == 0xE0 ? 3 : (key & 0xF8) == 0xF0 ? 4 : 1;
    bool continues = LineEdit_continues((char)key);
    if (!continues)
        le->dropping = le->len + need > LINEEDIT_MAX;
    if (le->dropping || le->len == LINEEDIT_MAX)
        return;
    memmove(le->buf + le->cursor + 1, le->buf + le->cursor, (size_t)(le->len - le->cursor) + 1);
    le->buf[le->cursor++] = (char)key;
    le->len++;
}

/* Removes the characters from..to-1 and leaves the cursor at from. */
static void LineEdit_erase(LineEdit *le, int from, int to)
{
    if (from < 0 || to > le->len || from >= to)
        return;
    memmove(le->buf + from, le->buf + to, (size_t)(le->len - to) + 1);
    le->len -= to - from;
    le->cursor = from;
}

/* Where the word before the cursor starts, spaces before it included. */
static int LineEdit_wordStart(const LineEdit *le)
{
    int i = le->cursor;
    while (i > 0 && le->buf[i - 1] == ' ')
        i--;
    while (i > 0 && le->buf[i - 1] != ' ')
        i--;
    return i;
}

static bool LineEdit_moveCursor(LineEdit *le, int key)
{
    int to;
    if (key == KEY_LEFT || key == KEY_CTRL('b'))
        to = LineEdit_prevChar(le, le->cursor);
    else if (key == KEY_RIGHT || key == KEY_CTRL('f'))
        to = LineEdit_nextChar(le, le->cursor);
    else if (key == KEY_HOME || key == KEY_CTRL('a'))
        to = 0;
    else if (key == KEY_END || key == KEY_CTRL('e'))
        to = le->len;
    else
        return false;
    if (to >= 0 && to <= le->len)
        le->cursor = to;
    return true;
}

static bool LineEdit_delete(LineEdit *le, int key)
{
    if (KEY_ERASES_BACK(key))
        LineEdit_erase(le, LineEdit_prevChar(le, le->cursor), le->cursor);
    else if (key == KEY_DC || key == KEY_CTRL('d'))
        LineEdit_erase(le, le->cursor, LineEdit_nextChar(le, le->cursor));
    else if (key == KEY_CTRL('u'))
        LineEdit_erase(le, 0, le->cursor);
    else if (key == KEY_CTRL('k'))
        LineEdit_erase(le, le->cursor, le->len);
    else if (key == KEY_CTRL('w'))
        LineEdit_erase(le, LineEdit_wordStart(le), le->cursor);
    else
        return false;
    return true;
}

LineState LineEdit_key(LineEdit *le, int key)
{
    if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        LineEdit_remember(le);
        le->active = false;
        return LINE_DONE;
    }
    if (key == KEY_ESC) {
        LineEdit_set(le, "");
        le->active = false;
        return LINE_CANCELLED;
    }
    if (LineEdit_moveCursor(le, key) || LineEdit_delete(le, key))
        return LINE_EDITING;
    if (key == KEY_UP || key == KEY_DOWN)
        LineEdit_browse(le, key == KEY_UP ? -1 : 1);
    else if ((key >= ' ' && key < KEY_DEL) || (key >= 0x80 && key <= 0xF4))
        LineEdit_insert(le, key); /* ASCII, or a byte of a UTF-8 character */
    return LINE_EDITING;
}

int LineEdit_scroll(const LineEdit *le, int width)
{
    /* One column stays free after the text for the cursor at its end. */
    int skip = LineEdit_columns(le, 0, le->cursor) - width + 1;
    if (width < 2 || skip <= 0)
        return 0;
    return Columns_skip(le->buf, le->cursor, skip);
}

int LineEdit_cursorColumn(const LineEdit *le, int width)
{
    return LineEdit_columns(le, LineEdit_scroll(le, width), le->cursor);
}
