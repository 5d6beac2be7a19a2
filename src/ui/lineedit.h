/* A one-line text editor for the ':' command line and number prompts:
 * printable ASCII in, Backspace, Ctrl-U, Enter and Esc. */
#ifndef ZANZIBAR_UI_LINEEDIT_H
#define ZANZIBAR_UI_LINEEDIT_H

#include <stdbool.h>

#define LINEEDIT_MAX 200

typedef enum { LINE_EDITING, LINE_DONE, LINE_CANCELLED } LineState;

typedef struct {
    char buf[LINEEDIT_MAX + 1];
    int len;
    bool active;
} LineEdit;

void LineEdit_open(LineEdit *le);
/* Feeds one key; DONE leaves the text in buf, CANCELLED empties it. Both close
 * the line. */
LineState LineEdit_key(LineEdit *le, int key);

#endif
