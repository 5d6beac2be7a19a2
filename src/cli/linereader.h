/* Input lines read from a descriptor without a thread of their own: the
 * protocol loop poll()s LineReader_fd together with the engine's done
 * descriptor, so that it waits for a command and for the engine's move
 * at the same time, and never wakes for nothing. */
#ifndef ZANZIBAR_CLI_LINEREADER_H
#define ZANZIBAR_CLI_LINEREADER_H

#include <stdbool.h>

typedef struct LineReader LineReader;

/* Reads from fd (not closed by the reader); NULL without memory. */
LineReader *LineReader_new(int fd);
int LineReader_fd(const LineReader *r);
/* Reads what the descriptor has now (call when poll() says it is
 * readable; it may block otherwise). */
void LineReader_fill(LineReader *r);
/* The next whole line read (malloc'd, without its line end; the caller
 * frees it), or NULL when none is buffered; *eof becomes true once input
 * has ended and every line was handed out (a last line without a newline
 * is handed out too). */
char *LineReader_take(LineReader *r, bool *eof);
void LineReader_free(LineReader *r);

#endif
