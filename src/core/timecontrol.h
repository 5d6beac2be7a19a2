/* Time controls as players write them, "M+S": M minutes for each side's
 * whole game and S seconds added after each move. One reader, so that the
 * command line and the menu accept and refuse the same clocks. */
#ifndef ZANZIBAR_CORE_TIMECONTROL_H
#define ZANZIBAR_CORE_TIMECONTROL_H

#include <stdbool.h>

#define TIMECONTROL_MAX_MINUTES (24 * 60)
#define TIMECONTROL_MAX_INCREMENT_S 3600

/* "M+S", or "M" for no increment; M from 1 to TIMECONTROL_MAX_MINUTES, S from
 * 0 to TIMECONTROL_MAX_INCREMENT_S, both whole numbers written in digits.
 * False, with nothing changed, for anything else. */
bool TimeControl_read(const char *text, int *base_ms, int *inc_ms);

#endif
