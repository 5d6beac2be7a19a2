/* Bracketed paste: the terminal marks pasted text, so that a FEN or a PGN
 * pasted on the game screen sets up or loads a game instead of being read
 * as a storm of keys. */
#ifndef ZANZIBAR_UI_PASTE_H
#define ZANZIBAR_UI_PASTE_H

#include <stdbool.h>

#include "ui/play.h"

/* Asks the terminal to mark pastes, and to stop (before curses ends). */
void Paste_enable(void);
void Paste_disable(void);
/* After KEY_PASTE_BEGIN: the pasted text up to KEY_PASTE_END, whole (line
 * ends as '\n', at most PASTE_MAX bytes; *cut when more was dropped),
 * however long the end mark's parts take to come once its first bytes are
 * in (up to a bound), and up to a pause of a second anywhere else.
 * The caller frees it. */
char *Paste_collect(bool *cut);
/* True when text is one line that is not a game (text for the ':' line). */
bool Paste_isPlainLine(const char *text);
/* Sets up the pasted FEN or loads the first game of the pasted PGN here,
 * or says why it cannot. */
void Paste_apply(Play *p, const char *text);

#endif
