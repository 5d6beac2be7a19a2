/* Drawing helpers every screen shares: clipped text in a colour role (cut
 * text ends with an ellipsis) and word-wrapping, both counted in the
 * terminal's columns (columns.c) and never letting a control character
 * reach the screen. The screens call these; these call no screen. */
#include "ui/ui.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/colors.h"
#include "ui/columns.h"

/* The mark that ends text cut short: one column where the locale shows
 * the ellipsis character, three dots elsewhere. */
static const char *Ui_ellipsis(int *cols)
{
    static const char one[] = "\xe2\x80\xa6";
    int width;
    if (Columns_char(one, (int)strlen(one), &width) == (int)strlen(one) && width == 1) {
        *cols = 1;
        return one;
    }
    *cols = 3;
    return "...";
}

void Ui_clip(const char *text, int width, char *out, size_t size)
{
    int n = (int)strlen(text), mark;
    while (n > 0 && text[n - 1] == ' ') /* padding is never cut text */
        n--;
    const char *ellipsis = Ui_ellipsis(&mark);
    if (Columns_count(text, n) <= width || mark >= width || size <= strlen(ellipsis)) {
        Columns_safe(text, width, out, size);
        return;
    }
    Columns_safe(text, width - mark, out, size - strlen(ellipsis));
    strcat(out, ellipsis);
}

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
    Ui_clip(buf, width, shown, sizeof shown);
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
