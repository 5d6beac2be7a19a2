/* Display columns of the locale's multibyte text (see columns.h). Every
 * character is read with a fresh state, so that a bad byte never changes
 * how the bytes after it are read. */
#include "ui/columns.h"

#include <string.h>
#include <wchar.h>
#include <wctype.h>

#define COLUMNS_UNPRINTABLE '?'

/* The character at s, 0 in *wide for one that is invalid or does not
 * print; its length in bytes. */
static int Columns_read(const char *s, int n, int *cols, wchar_t *wide)
{
    mbstate_t state;
    wchar_t wc = 0;
    memset(&state, 0, sizeof state);
    size_t len = n > 0 ? mbrtowc(&wc, s, (size_t)n, &state) : 0;
    int width = len >= 1 && len <= (size_t)n && iswprint((wint_t)wc) ? wcwidth(wc) : -1;
    *wide = width >= 0 ? wc : 0;
    *cols = width >= 0 ? width : 1;
    return width >= 0 ? (int)len : n > 0;
}

int Columns_char(const char *s, int n, int *cols)
{
    wchar_t wide;
    int width, len = Columns_read(s, n, &width, &wide);
    if (cols)
        *cols = width;
    return len;
}

int Columns_count(const char *s, int n)
{
    int total = 0, cols;
    for (int i = 0; i < n; total += cols)
        i += Columns_char(s + i, n - i, &cols);
    return total;
}

int Columns_fit(const char *s, int n, int width)
{
    int i = 0, used = 0, cols;
    while (i < n) {
        int len = Columns_char(s + i, n - i, &cols);
        if (used + cols > width)
            break;
        used += cols;
        i += len;
    }
    return i;
}

int Columns_skip(const char *s, int n, int skip)
{
    int i = 0, cols;
    while (i < n && skip > 0) {
        i += Columns_char(s + i, n - i, &cols);
        skip -= cols;
    }
    return i;
}

void Columns_safe(const char *s, int width, char *out, size_t size)
{
    int n = (int)strlen(s), cols;
    size_t o = 0;
    wchar_t wide;
    for (int i = 0; i < n;) {
        int len = Columns_read(s + i, n - i, &cols, &wide);
        int copy = wide ? len : 1;
        if (cols > width || o + (size_t)copy >= size)
            break;
        if (wide)
            memcpy(out + o, s + i, (size_t)len);
        else
            out[o] = COLUMNS_UNPRINTABLE;
        o += (size_t)copy;
        width -= cols;
        i += len;
    }
    out[o] = '\0';
}
