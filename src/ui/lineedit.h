/* A one-line text editor for the ':' command line and number prompts:
 * printable ASCII in, a cursor moved with the arrows and the usual Emacs
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
    int cursor; /* where typing goes, 0..len */
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
/* The first character to show in a field width columns wide, so that the
 * cursor stays inside it however long the line grows. */
int LineEdit_scroll(const LineEdit *le, int width);

#endif
