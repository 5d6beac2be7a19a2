/* The one-line editor behind ':' and the setup-number prompt. Only
 * printable ASCII is kept, so what is typed is what the parsers see. */
#include "ui/lineedit.h"

#include <curses.h>
#include <string.h>

#define KEY_ESC 27
#define KEY_CTRL_U 21
#define KEY_DEL 127

static void LineEdit_set(LineEdit *le, const char *text)
{
    strcpy(le->buf, text);
    le->len = (int)strlen(text);
}

void LineEdit_open(LineEdit *le)
{
    LineEdit_set(le, "");
    le->active = true;
    le->browse = le->nhistory;
}

static void LineEdit_remember(LineEdit *le)
{
    if (le->len == 0 ||
        (le->nhistory > 0 && strcmp(le->history[le->nhistory - 1], le->buf) == 0))
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

static void LineEdit_insert(LineEdit *le, int key)
{
    if (le->len < LINEEDIT_MAX) {
        le->buf[le->len++] = (char)key;
        le->buf[le->len] = '\0';
    }
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
    if (key == KEY_BACKSPACE || key == KEY_DEL || key == '\b') {
        if (le->len > 0)
            le->buf[--le->len] = '\0';
    } else if (key == KEY_CTRL_U) {
        LineEdit_set(le, "");
    } else if (key == KEY_UP || key == KEY_DOWN) {
        LineEdit_browse(le, key == KEY_UP ? -1 : 1);
    } else if (key >= ' ' && key < KEY_DEL) {
        LineEdit_insert(le, key);
    }
    return LINE_EDITING;
}
