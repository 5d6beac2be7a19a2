/* Drawing helpers every screen shares: clipped text in a colour role and
 * word-wrapping, both counted in the terminal's columns (columns.c) and
 * never letting a control character reach the screen. The screens call
 * these; these call no screen. */
#include "ui/ui.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/colors.h"
#include "ui/columns.h"

void Ui_text(int y, int x, int width, int role, const char *fmt, ...)
{
    char buf[512], shown[sizeof buf];
    va_list ap;
    if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (x + width > COLS)
        width = COLS - x;
    attrset(Colors_attr((ColorRole)role));
    Columns_safe(buf, width, shown, sizeof shown);
    mvaddstr(y, x, shown);
    attrset(A_NORMAL);
}

int Ui_wrap(const char *text, int width, void (*line)(void *ctx, const char *s, int n), void *ctx)
{
    return Ui_wrapHanging(text, width, 0, line, ctx);
}

int Ui_wrapHanging(const char *text, int width, int indent,
                   void (*line)(void *ctx, const char *s, int n), void *ctx)
{
    int count = 0;
    if (width < 8 + indent)
        width = 8 + indent;
    while (*text) {
        if (count == 1)
            width -= indent;
        while (*text == ' ')
            text++;
        if (!*text)
            break;
        int n = (int)strlen(text), cut = Columns_fit(text, n, width);
        if (cut < n) {
            int fit = cut;
            while (cut > 0 && text[cut] != ' ')
                cut--;
            if (cut == 0) /* a word longer than the line is split between characters */
                cut = fit > 0 ? fit : Columns_char(text, n, NULL);
        }
        line(ctx, text, cut);
        count++;
        text += cut;
    }
    return count;
}
