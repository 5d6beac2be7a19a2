/* Reading "M+S" time controls: digits only, each part within its range, so
 * that a clock typed in the menu or given with --time cannot overflow. */
#include "core/timecontrol.h"

#include <stddef.h>

/* A whole number of at most 7 digits, within [min, max]; *text moves on. */
static bool TimeControl_number(const char **text, long min, long max, long *out)
{
    const char *p = *text;
    long n = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9' && digits < 8; p++, digits++)
        n = n * 10 + (*p - '0');
    if (digits == 0 || digits > 7 || n < min || n > max)
        return false;
    *text = p;
    *out = n;
    return true;
}

bool TimeControl_read(const char *text, int *base_ms, int *inc_ms)
{
    long minutes, seconds = 0;
    if (text == NULL || !TimeControl_number(&text, 1, TIMECONTROL_MAX_MINUTES, &minutes))
        return false;
    if (*text == '+') {
        text++;
        if (!TimeControl_number(&text, 0, TIMECONTROL_MAX_INCREMENT_S, &seconds))
            return false;
    }
    if (*text != '\0')
        return false;
    *base_ms = (int)(minutes * 60 * 1000);
    *inc_ms = (int)(seconds * 1000);
    return true;
}
