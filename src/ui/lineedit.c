/* The one-line editor behind ':' and the setup-number prompt. Only
 * printable ASCII is kept, so what is typed is what the parsers see. */
#include "ui/lineedit.h"

#include <curses.h>

#define KEY_ESC 27
#define KEY_CTRL_U 21
#define KEY_DEL 127

void LineEdit_open(LineEdit *le)
{
    le->buf[0] = '\0';
    le->len = 0;
    le->active = true;
}

static void LineEdit_erase(LineEdit *le)
{
    if (le->len > 0)
        le->buf[--le->len] = '\0';
}

LineState LineEdit_key(LineEdit *le, int key)
{
    if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        le->active = false;
        return LINE_DONE;
    }
    if (key == KEY_ESC) {
        LineEdit_open(le);
        le->active = false;
        return LINE_CANCELLED;
    }
    if (key == KEY_BACKSPACE || key == KEY_DEL || key == '\b')
        LineEdit_erase(le);
    else if (key == KEY_CTRL_U)
        LineEdit_open(le);
    else if (key >= ' ' && key < KEY_DEL && le->len < LINEEDIT_MAX) {
        le->buf[le->len++] = (char)key;
        le->buf[le->len] = '\0';
    }
    return LINE_EDITING;
}
