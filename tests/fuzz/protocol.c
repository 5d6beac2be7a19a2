/* libFuzzer target for the game protocol: any bytes, split into lines, go
 * through the parser; what it accepts must format back to a line that
 * parses to the same message, and snapshots fed with it must never break. */
#include "fuzz.h"

#include <string.h>

#include "net/proto.h"
#include "net/snapshot.h"
#include "net/text.h"

static void Fuzz_line(const char *line, size_t len, NetSnapshot *snap)
{
    static NetMsg m, again;
    char err[256], out[NET_LINE_MAX + 1], clean[NET_TEXT_MAX];
    NetText_clean(clean, sizeof clean, line, len);
    if (!NetMsg_parse(line, len, &m, err, sizeof err))
        return;
    NetSnapshot_feed(snap, &m, err, sizeof err);
    size_t n = NetMsg_format(&m, out, sizeof out);
    if (n == 0)
        Fuzz_fail("an accepted line cannot be written back: %.*s", (int)len, line);
    if (!NetMsg_parse(out, n - 1, &again, err, sizeof err))
        Fuzz_fail("a line written back does not parse (%s): %s", err, out);
    char out2[NET_LINE_MAX + 1];
    if (NetMsg_format(&again, out2, sizeof out2) != n || memcmp(out, out2, n) != 0)
        Fuzz_fail("a line read twice is written differently: %s", out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    NetSnapshot snap;
    NetSnapshot_init(&snap);
    const char *s = (const char *)data;
    size_t start = 0;
    for (size_t i = 0; i <= size; i++)
        if (i == size || s[i] == '\n') {
            Fuzz_line(s + start, i - start, &snap);
            start = i + 1;
        }
    NetSnapshot_free(&snap);
    return 0;
}
