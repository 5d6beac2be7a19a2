/* Calling the player back when the other side has moved: the terminal's
 * bell and a title naming the move, both only when the Bell setting is on
 * (it is off by default). */
#ifndef ZANZIBAR_UI_ATTENTION_H
#define ZANZIBAR_UI_ATTENTION_H

#include "ui/play.h"

/* After each drawing: rings and sets the title for a move of the engine (or
 * of a remote side) not signalled yet; a move from here clears the title. */
void Attention_update(const Play *p);
/* Gives the terminal its own title back, if it was changed. */
void Attention_end(void);

#endif
