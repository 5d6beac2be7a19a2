/* zanzibar --xboard: the XBoard/CECP version 2 engine protocol, so that the
 * built-in engine plays inside XBoard and in engine-versus-engine matches. */
#ifndef ZANZIBAR_CLI_XBOARD_H
#define ZANZIBAR_CLI_XBOARD_H

#include <stdio.h>

/* Reads commands from in until "quit" or end of input, answers on out.
 * Returns the process exit status. */
int Xboard_run(FILE *in, FILE *out);

#endif
