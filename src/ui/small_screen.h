/* The screen shown instead of any other while the terminal is too small:
 * what is needed, how to quit, and the question before leaving a game. */
#ifndef ZANZIBAR_UI_SMALL_SCREEN_H
#define ZANZIBAR_UI_SMALL_SCREEN_H

void SmallScreen_draw(int rows, int cols, int need_rows, int need_cols);
void SmallScreen_key(int key);
/* The terminal grew large enough: a question asked here is dropped. */
void SmallScreen_leave(void);

#endif
