/* "%zanzibar" escape lines (see escape.h): writing one whole line, and
 * finding each in a record's text. */
#include "record/escape.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool Escape_printf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text == NULL)
        return false;
    va_start(ap, fmt);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    va_end(ap);
    for (char *c = text; *c != '\0'; c++)
        if ((unsigned char)*c < ' ')
            *c = ' ';
    bool ok = fputs(ESCAPE_PREFIX, f) >= 0 && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    free(text);
    return ok;
}

bool Escape_each(const char *text, EscapeVisit visit, void *ctx)
{
    size_t prefix = strlen(ESCAPE_PREFIX);
    int line = 1;
    for (const char *p = text; *p != '\0'; line++) {
        size_t len = strcspn(p, "\n");
        if (len >= prefix && strncmp(p, ESCAPE_PREFIX, prefix) == 0) {
            char *body = strndup(p + prefix, len - prefix);
            bool ok = visit(ctx, line, body);
            free(body);
            if (!ok)
                return false;
        }
        p += len + (p[len] == '\n');
    }
    return true;
}
