/* Fuzz target: the XBoard protocol loop fed line by line from memory,
 * answers thrown away. Searches are cut to a few hundred nodes with a
 * fixed seed so that a run is short and repeats. After every line the
 * game's record must be consistent. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/xboard.h"

#define XB_FUZZ_NODES 300

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        Fuzz_fail("cannot open /dev/null");
    Xboard *xb = Xboard_new(sink, 1);
    if (!xb)
        Fuzz_fail("no memory for the protocol");
    Xboard_capSearch(xb, XB_FUZZ_NODES, 1);
    char *text = Fuzz_text(data, size), *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        bool go_on = Xboard_handleLine(xb, line);
        Xboard_finish(xb);
        Fuzz_checkGame(Xboard_game(xb), "xboard");
        if (!go_on)
            break;
    }
    free(text);
    Xboard_free(xb);
    return 0;
}
