/* The command line's games between terminals: --invite (start the game's
 * host, detached, then join it), --join, --watch and --list. */
#ifndef ZANZIBAR_CLI_NETCMD_H
#define ZANZIBAR_CLI_NETCMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/options.h"
#include "net/client.h"

/* --invite (starting the game's host first when it is not running),
 * --join or --watch: c joined, welcomed and holding the first snapshot;
 * false with err when there is nothing to join or the join is refused. */
bool NetCmd_connect(const Options *o, NetClient *c, char *err, size_t errlen);
/* --list: the games on this machine that concern this account. */
int NetCmd_list(FILE *out);

#endif
