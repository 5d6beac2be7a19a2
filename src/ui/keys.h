/* Key codes the screens share that curses does not name, defined once so
 * that every screen reads the same key the same way, and the keys taught to
 * curses at start (keys.c). */
#ifndef ZANZIBAR_UI_KEYS_H
#define ZANZIBAR_UI_KEYS_H

#define KEY_ESC 27
#define KEY_DEL 127
/* The erase-backwards key as terminals send it: curses' own code, DEL or
 * Ctrl-H (use after <curses.h>). */
#define KEY_ERASES_BACK(k) ((k) == KEY_BACKSPACE || (k) == KEY_DEL || (k) == '\b')
/* The code a letter gives with Ctrl held. */
#define KEY_CTRL(c) (0x1f & (c))

/* The marks a terminal puts around pasted text (bracketed paste), as
 * Keys_setUp teaches them to curses. */
#define KEY_PASTE_BEGIN (KEY_MAX + 1)
#define KEY_PASTE_END (KEY_MAX + 2)

/* The key as a keyboard names it ("Insert", "F5", "Ctrl-X", "x"), for
 * messages about a key; valid until the next call. */
const char *Keys_name(int key);
/* Teaches curses every common sequence of Home and End and sets the escape
 * delay (after keypad()). */
void Keys_setUp(void);

#endif
