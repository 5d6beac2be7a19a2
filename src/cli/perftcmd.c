/* The --perft command: prints "MOVE COUNT" per root move with --divide and
 * always a final "nodes N" line on stdout; time and speed go to stderr. */
#include "cli/perftcmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/fen.h"
#include "core/perft.h"

static void PerftCmd_printDivide(void *ctx, const char *move, uint64_t nodes)
{
    fprintf((FILE *)ctx, "%s %llu\n", move, (unsigned long long)nodes);
}

static double PerftCmd_nowSeconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int PerftCmd_run(const Variant *v, const char *fen, int depth, bool divide)
{
    char err[ERROR_MAX];
    Position position, *pos = &position;
    if (!Fen_read(pos, v, fen ? fen : v->start_fen, err, sizeof err)) {
        fprintf(stderr, "zanzibar: bad FEN for %s: %s\n", v->name, err);
        return 2;
    }
    double start = PerftCmd_nowSeconds();
    uint64_t nodes =
        divide ? Perft_divide(pos, depth, PerftCmd_printDivide, stdout) : Perft_count(pos, depth);
    double secs = PerftCmd_nowSeconds() - start;
    printf("nodes %llu\n", (unsigned long long)nodes);
    fflush(stdout);
    fprintf(stderr, "time %.3f s, %.2f M nodes/s\n", secs,
            secs > 0 ? (double)nodes / secs / 1e6 : 0.0);
    return 0;
}
