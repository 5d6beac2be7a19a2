/* Error messages of the core: every reader that can refuse its input
 * reports why through a caller-supplied buffer. */
#ifndef ZANZIBAR_CORE_ERROR_H
#define ZANZIBAR_CORE_ERROR_H

#include <stdbool.h>
#include <stddef.h>

#define ERROR_MAX 160 /* room for any message: callers' buffers are this long */

/* Formats the message into err (when given) and returns false, so that a
 * refusal reads `return Error_set(err, errlen, "...", ...);`. */
bool Error_set(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
