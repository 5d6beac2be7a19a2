/* The --bench command: runs the engine's benchmark and reports it in two
 * lines that scripts can read ("nodes N", "nps N"). */
#include "cli/benchcmd.h"

#include <stdint.h>

#include "engine/engine.h"

int BenchCmd_run(FILE *out)
{
    BenchResult r;
    Engine_bench(&r);
    if (r.nodes == 0) {
        fprintf(stderr, "zanzibar: the benchmark could not run (out of memory?)\n");
        return 1;
    }
    int ms = r.ms > 0 ? r.ms : 1;
    fprintf(out, "nodes %llu\n", (unsigned long long)r.nodes);
    fprintf(out, "time %d ms\n", r.ms);
    fprintf(out, "nps %llu\n", (unsigned long long)(r.nodes * 1000 / (uint64_t)ms));
    return 0;
}
