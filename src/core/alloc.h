/* Memory allocation that cannot fail: out of memory ends the program with
 * a message, so callers need no recovery branch they could never test. */
#ifndef ZANZIBAR_CORE_ALLOC_H
#define ZANZIBAR_CORE_ALLOC_H

#include <stddef.h>

/* n zeroed elements of size bytes each. */
void *Alloc_array(size_t n, size_t size);
/* p (from Alloc_array or NULL) resized to n elements; new ones are not zeroed. */
void *Alloc_grow(void *p, size_t n, size_t size);

#endif
