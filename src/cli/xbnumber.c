/* The numbers XBoard's commands carry (a depth, seconds, the base of a
 * time control), each read whole and within what the engine's time
 * manager can sum. */
#include "cli/xbnumber.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

bool XbNumber_int(const char *s, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (end == s || *end || errno == ERANGE || v < 0 || v > max)
        return false;
    *out = v;
    return true;
}

bool XbNumber_seconds(const char *s, char **end, int *ms)
{
    errno = 0;
    double v = strtod(s, end);
    if (*end == s || errno == ERANGE || !(v >= 0 && v <= XB_MAX_MS / 1000.0))
        return false;
    *ms = (int)(v * 1000);
    return true;
}

bool XbNumber_base(const char *s, char **end, int *ms)
{
    errno = 0;
    double minutes = strtod(s, end);
    if (*end == s || errno == ERANGE || !(minutes >= 0 && minutes <= XB_MAX_MS / 60000.0))
        return false;
    double total = minutes * 60000;
    if (**end == ':') {
        const char *sec = *end + 1;
        errno = 0;
        long seconds = strtol(sec, end, 10);
        if (*end == sec || !isdigit((unsigned char)*sec) || errno == ERANGE
            || seconds > XB_MAX_MS / 1000 || minutes != (long)minutes)
            return false;
        total += seconds * 1000.0;
    }
    if (total > XB_MAX_MS)
        return false;
    *ms = (int)total;
    return true;
}
