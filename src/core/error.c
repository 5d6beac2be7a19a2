/* Error messages of the core: formatting into the caller's buffer. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

bool Error_set(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return false;
}
