/* The numbers XBoard's commands carry, read whole and within range. */
#ifndef ZANZIBAR_CLI_XBNUMBER_H
#define ZANZIBAR_CLI_XBNUMBER_H

#include <stdbool.h>

/* Longest clock value taken (about 27 hours): the time manager's sums of
 * times and increments must stay within an int. Longer clocks from
 * "time" and "otim" are clamped; "level" and "st" beyond it are refused. */
#define XB_MAX_MS 100000000

/* A whole decimal number within 0..max; nothing else may follow. */
bool XbNumber_int(const char *s, long max, long *out);
/* Seconds (a decimal fraction) within 0..XB_MAX_MS as milliseconds; *end
 * is where the number stopped. */
bool XbNumber_seconds(const char *s, char **end, int *ms);
/* The base of "level": minutes, or minutes:seconds, within XB_MAX_MS. */
bool XbNumber_base(const char *s, char **end, int *ms);

#endif
