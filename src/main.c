/* zanzibar: wires the command line to the perft command, the engine's
 * protocols and the terminal front end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/perftcmd.h"
#include "core/variant.h"

int main(int argc, char **argv)
{
    const Variant *v = Variant_get(VARIANT_ZANZIBAR_S);
    const char *fen = NULL;
    int depth = -1;
    int divide = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            v = Variant_byName(argv[++i]);
            if (!v) {
                fprintf(stderr, "zanzibar: unknown variant '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--fen") && i + 1 < argc) {
            fen = argv[++i];
        } else if (!strcmp(argv[i], "--perft") && i + 1 < argc) {
            depth = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--divide")) {
            divide = 1;
        } else {
            fprintf(stderr, "zanzibar: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    if (depth >= 0)
        return PerftCmd_run(v, fen, depth, divide);
    fprintf(stderr, "zanzibar: the game screen is not wired in yet\n");
    return 2;
}
