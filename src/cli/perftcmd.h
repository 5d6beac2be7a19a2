/* The --perft command: counts legal move sequences and prints them in the
 * form RULES.md section 8 asks for. */
#ifndef ZANZIBAR_CLI_PERFTCMD_H
#define ZANZIBAR_CLI_PERFTCMD_H

#include <stdbool.h>

#include "core/variant.h"

/* fen may be NULL for the standard start. Returns the exit status. */
int PerftCmd_run(const Variant *v, const char *fen, int depth, bool divide);

#endif
