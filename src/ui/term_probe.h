/* Whether the terminal named by TERM can show the game, asked of terminfo
 * before curses takes the screen. */
#ifndef ZANZIBAR_UI_TERM_PROBE_H
#define ZANZIBAR_UI_TERM_PROBE_H

/* NULL when the terminal on standard output can be drawn on, else why not:
 * unknown to terminfo, or unable to move its cursor (TERM=dumb), where
 * curses would print every screen below the last one. */
const char *TermProbe_problem(void);

#endif
