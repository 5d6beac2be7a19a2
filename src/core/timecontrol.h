/* Time controls as players write them, "M+S": M minutes for each side's
 * whole game and S seconds added after each move, or "Ns+S" for a game of
 * N seconds. One reader, so that the command line and the menu accept and
 * refuse the same clocks, and one writer for every place that shows one. */
#ifndef ZANZIBAR_CORE_TIMECONTROL_H
#define ZANZIBAR_CORE_TIMECONTROL_H

#include <stdbool.h>
#include <stddef.h>

#define TIMECONTROL_MAX_MINUTES (24 * 60)
#define TIMECONTROL_MAX_INCREMENT_S 3600

/* "M+S", or "M" for no increment, or "Ns+S" / "Ns" with the base in
 * seconds; M from 0 to TIMECONTROL_MAX_MINUTES, N as many seconds, S from
 * 0 to TIMECONTROL_MAX_INCREMENT_S, all whole numbers written in digits
 * (an 's' after S is allowed). A base of 0 needs an increment, and each
 * clock then starts with one increment ("0+2" gives 2 s for the first
 * move). False, with nothing changed, for anything else. */
bool TimeControl_read(const char *text, int *base_ms, int *inc_ms);
/* The form TimeControl_read takes back: "10+5", "30s+1". */
void TimeControl_write(int base_ms, int inc_ms, char *buf, size_t len);

/* PGN's TimeControl tag: "BASE+INCREMENT" or "BASE" in seconds ("600+5"),
 * within the same limits; "-" (no clock), "?" and the forms this program
 * does not play (moves per period "40/7200", sandglass "*60") are false,
 * with nothing changed. The writer gives "-" for no clock (base 0). */
bool TimeControl_readPgn(const char *text, int *base_ms, int *inc_ms);
void TimeControl_writePgn(int base_ms, int inc_ms, char *buf, size_t len);

#endif
