/* Reading and writing time controls: "M+S" in minutes, or "Ns+S" in
 * seconds for the fast games; digits only, each part within its range, so
 * that a clock typed in the menu or given with --time cannot overflow. */
#include "core/timecontrol.h"

#include <stddef.h>
#include <stdio.h>

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

/* The base in seconds: minutes, or seconds with an 's' after them. */
static bool TimeControl_base(const char **text, long *seconds)
{
    const char *p = *text;
    long n;
    if (!TimeControl_number(&p, 0, TIMECONTROL_MAX_MINUTES * 60L, &n))
        return false;
    if (*p == 's')
        p++;
    else if (n > TIMECONTROL_MAX_MINUTES)
        return false;
    else
        n *= 60;
    *text = p;
    *seconds = n;
    return true;
}

bool TimeControl_read(const char *text, int *base_ms, int *inc_ms)
{
    long base, inc = 0;
    if (text == NULL || !TimeControl_base(&text, &base))
        return false;
    if (*text == '+') {
        text++;
        if (!TimeControl_number(&text, 0, TIMECONTROL_MAX_INCREMENT_S, &inc))
            return false;
        if (*text == 's')
            text++;
    }
    if (*text != '\0' || (base == 0 && inc == 0))
        return false;
    /* No time at all to start with would lose before the first move: the
     * first increment is given in advance. */
    *base_ms = (int)((base > 0 ? base : inc) * 1000);
    *inc_ms = (int)(inc * 1000);
    return true;
}

void TimeControl_write(int base_ms, int inc_ms, char *buf, size_t len)
{
    int base_s = base_ms / 1000, inc_s = inc_ms / 1000;
    if (base_s % 60 == 0)
        snprintf(buf, len, "%d+%d", base_s / 60, inc_s);
    else
        snprintf(buf, len, "%ds+%d", base_s, inc_s);
}

bool TimeControl_readPgn(const char *text, int *base_ms, int *inc_ms)
{
    long base, inc = 0;
    if (text == NULL || !TimeControl_number(&text, 0, TIMECONTROL_MAX_MINUTES * 60L, &base))
        return false;
    if (*text == '+') {
        text++;
        if (!TimeControl_number(&text, 0, TIMECONTROL_MAX_INCREMENT_S, &inc))
            return false;
    }
    if (*text != '\0' || (base == 0 && inc == 0))
        return false;
    *base_ms = (int)((base > 0 ? base : inc) * 1000);
    *inc_ms = (int)(inc * 1000);
    return true;
}

void TimeControl_writePgn(int base_ms, int inc_ms, char *buf, size_t len)
{
    if (base_ms <= 0)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%d+%d", base_ms / 1000, inc_ms / 1000);
}
