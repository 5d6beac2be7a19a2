/* Copying text to the clipboard of the player's own terminal with the
 * OSC 52 escape sequence, which travels with the screen over SSH. */
#ifndef ZANZIBAR_UI_CLIPBOARD_H
#define ZANZIBAR_UI_CLIPBOARD_H

#include <stdbool.h>
#include <stddef.h>

/* The OSC 52 sequence that sets the clipboard to text, into a buffer the
 * caller frees; wrapped for tmux's passthrough when tmux is true. */
char *Clipboard_sequence(const char *text, bool tmux);
/* Sends text to the terminal's clipboard: the plain sequence (which tmux
 * takes itself with set-clipboard on) and, inside tmux, the same wrapped
 * for allow-passthrough. False if the terminal could not be written. */
bool Clipboard_copy(const char *text);

#endif
