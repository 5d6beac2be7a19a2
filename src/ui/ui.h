/* Drawing helpers every screen shares: a line of text in a colour role,
 * clipped to the terminal, and word-wrapping. Nothing else: the loop is in
 * loop.c and the start-up policy in start.c. */
#ifndef ZANZIBAR_UI_UI_H
#define ZANZIBAR_UI_UI_H

/* Text as printf makes it, cut to width columns, with '?' for any
 * character that does not print. */
void Ui_text(int y, int x, int width, int role, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Word-wraps text into lines of width columns (a word wider than that is
 * split between its characters); calls line() for each, returns the count. */
int Ui_wrap(const char *text, int width, void (*line)(void *ctx, const char *s, int n), void *ctx);
/* The same, with every line after the first indent columns narrower (a
 * hanging indent: the caller draws those lines indent columns in). */
int Ui_wrapHanging(const char *text, int width, int indent,
                   void (*line)(void *ctx, const char *s, int n), void *ctx);

#endif
