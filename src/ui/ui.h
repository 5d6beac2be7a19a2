/* Drawing helpers every screen shares: a line of text in a colour role,
 * clipped to the terminal, and word-wrapping. Nothing else: the loop is in
 * loop.c and the start-up policy in start.c. */
#ifndef ZANZIBAR_UI_UI_H
#define ZANZIBAR_UI_UI_H

#include <stddef.h>

/* Text as printf makes it, cut to width columns (ending with an ellipsis
 * when cut, Ui_clip), with '?' for any character that does not print. */
void Ui_text(int y, int x, int width, int role, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Copies text into out (size bytes) as it fits in width columns, '?' for
 * each character that does not print; text cut short (more than trailing
 * spaces left out) ends with an ellipsis, so that the reader knows. */
void Ui_clip(const char *text, int width, char *out, size_t size);
/* Word-wraps text into lines of width columns (a word wider than that is
 * split between its characters); calls line() for each, returns the count. */
int Ui_wrap(const char *text, int width, void (*line)(void *ctx, const char *s, int n), void *ctx);
/* The same, with every line after the first indent columns narrower (a
 * hanging indent: the caller draws those lines indent columns in). */
int Ui_wrapHanging(const char *text, int width, int indent,
                   void (*line)(void *ctx, const char *s, int n), void *ctx);

#endif
