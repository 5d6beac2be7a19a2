/* Allocation that ends the program on out-of-memory. The one place the core
 * does I/O: a message on stderr just before exiting, since no caller could
 * carry on without the memory and a silent fallback would hide the cause. */
#include "alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void Alloc_fail(size_t n, size_t size)
{
    fprintf(stderr, "zanzibar: out of memory (%zu x %zu bytes)\n", n, size);
    exit(EXIT_FAILURE);
}

void *Alloc_array(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        Alloc_fail(n, size);
    return p;
}

void *Alloc_grow(void *p, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        Alloc_fail(n, size);
    void *q = realloc(p, n && size ? n * size : 1);
    if (!q)
        Alloc_fail(n, size);
    return q;
}
