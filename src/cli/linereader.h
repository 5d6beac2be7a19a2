/* A background reader of input lines, so that the protocol loop can wait
 * for a command and for the engine's move at the same time. */
#ifndef ZANZIBAR_CLI_LINEREADER_H
#define ZANZIBAR_CLI_LINEREADER_H

#include <stdbool.h>
#include <stdio.h>

typedef struct LineReader LineReader;

/* Starts reading in; the reader stops by itself after a line that is
 * exactly stop_word, or at end of input. NULL if no thread can be had. */
LineReader *LineReader_start(FILE *in, const char *stop_word);
/* Waits at most timeout_ms (negative: for ever) for the next line.
 * Returns a malloc'd line without its newline (the caller frees it), or
 * NULL on time-out; *eof becomes true once input has ended and all
 * lines were handed out. */
char *LineReader_next(LineReader *r, int timeout_ms, bool *eof);
/* Joins the thread: call only after the stop word or end of input. */
void LineReader_free(LineReader *r);

#endif
