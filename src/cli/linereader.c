/* Input lines from a descriptor (see linereader.h): a growing buffer of
 * what was read, cut at each newline. Lines of any length are read. */
#include "cli/linereader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"

#define READ_CHUNK 4096

struct LineReader {
    int fd;
    char *buf;
    size_t len, cap;
    bool ended; /* end of input or a read error */
};

LineReader *LineReader_new(int fd)
{
    LineReader *r = calloc(1, sizeof *r);
    if (r)
        r->fd = fd;
    return r;
}

int LineReader_fd(const LineReader *r)
{
    return r->ended ? -1 : r->fd;
}

void LineReader_fill(LineReader *r)
{
    if (r->ended)
        return;
    if (r->cap - r->len < READ_CHUNK) {
        r->cap = r->len + READ_CHUNK * 2;
        r->buf = Alloc_grow(r->buf, r->cap, 1);
    }
    ssize_t n;
    do
        n = read(r->fd, r->buf + r->len, r->cap - r->len);
    while (n < 0 && errno == EINTR);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return;
    if (n <= 0)
        r->ended = true;
    else
        r->len += (size_t)n;
}

static char *LineReader_cut(LineReader *r, size_t n, size_t skip)
{
    size_t end = n;
    while (end > 0 && r->buf[end - 1] == '\r')
        end--;
    char *line = Alloc_array(end + 1, 1);
    memcpy(line, r->buf, end);
    line[end] = '\0';
    memmove(r->buf, r->buf + n + skip, r->len - n - skip);
    r->len -= n + skip;
    return line;
}

char *LineReader_take(LineReader *r, bool *eof)
{
    char *nl = r->len ? memchr(r->buf, '\n', r->len) : NULL;
    *eof = false;
    if (nl)
        return LineReader_cut(r, (size_t)(nl - r->buf), 1);
    if (r->ended && r->len > 0)
        return LineReader_cut(r, r->len, 0);
    *eof = r->ended;
    return NULL;
}

void LineReader_free(LineReader *r)
{
    if (!r)
        return;
    free(r->buf);
    free(r);
}
