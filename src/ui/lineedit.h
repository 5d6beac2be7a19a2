/* A one-line text editor for the ':' command line and number prompts:
 * printable text in (UTF-8), a cursor moved by characters with the arrows and the usual Emacs
 * keys, Enter, Esc, and Up/Down through the lines entered before. */
#ifndef ZANZIBAR_UI_LINEEDIT_H
#define ZANZIBAR_UI_LINEEDIT_H

#include <stdbool.h>

#define LINEEDIT_MAX 200
#define LINEEDIT_HISTORY 16

typedef enum { LINE_EDITING, LINE_DONE, LINE_CANCELLED } LineState;

typedef struct {
    char buf[LINEEDIT_MAX + 1];
    int len;
    int cursor;    /* where typing goes, 0..len */
    bool dropping; /* the character being typed did not fit: its other bytes go too */
    bool active;
    char history[LINEEDIT_HISTORY][LINEEDIT_MAX + 1]; /* oldest first */
    int nhistory;
    int browse; /* history line shown, nhistory when none */
} LineEdit;

/* Opens an empty line; the history is kept. */
void LineEdit_open(LineEdit *le);
/* Feeds one key; DONE leaves the text in buf (and remembers it), CANCELLED
 * empties it. Both close the line. */
LineState LineEdit_key(LineEdit *le, int key);
/* The first byte to show in a field width columns wide, so that the
 * cursor stays inside it however long the line grows (in the terminal's
 * columns: a wide character takes two), and the cursor's column in that
 * field. */
int LineEdit_scroll(const LineEdit *le, int width);
int LineEdit_cursorColumn(const LineEdit *le, int width);
/* The columns the characters of bytes from..to-1 take. */
int LineEdit_columns(const LineEdit *le, int from, int to);

#endif
