/* Drawing helpers every screen shares: clipped text in a colour role and
 * word-wrapping. The screens call these; these call no screen. */
#include "ui/ui.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/colors.h"

void Ui_text(int y, int x, int width, int role, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (x + width > COLS)
        width = COLS - x;
    attrset(Colors_attr((ColorRole)role));
    mvaddnstr(y, x, buf, width);
    attrset(A_NORMAL);
}

int Ui_wrap(const char *text, int width, void (*line)(void *ctx, const char *s, int n), void *ctx)
{
    int count = 0;
    if (width < 8)
        width = 8;
    while (*text) {
        while (*text == ' ')
            text++;
        int n = (int)strlen(text), cut = n;
        if (n > width) {
            cut = width;
            while (cut > 0 && text[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = width; /* a word longer than the line is split */
        }
        line(ctx, text, cut);
        count++;
        text += cut;
    }
    return count;
}
