/* zanzibar --bench: the engine's fixed benchmark, for speed figures and
 * as a signature of the search (the node count). */
#ifndef ZANZIBAR_CLI_BENCHCMD_H
#define ZANZIBAR_CLI_BENCHCMD_H

#include <stdio.h>

/* Prints the total node count and nodes per second; returns the exit status. */
int BenchCmd_run(FILE *out);

#endif
