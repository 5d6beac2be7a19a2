/* Key codes the screens share that curses does not name, defined once so
 * that every screen reads the same key the same way. */
#ifndef ZANZIBAR_UI_KEYS_H
#define ZANZIBAR_UI_KEYS_H

#define KEY_ESC 27
/* The code a letter gives with Ctrl held. */
#define KEY_CTRL(c) (0x1f & (c))

#endif
