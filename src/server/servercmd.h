/* The server's command-line entry: --server-config, --server-keys and
 * --server-gate, each with its own fixed arguments, read before the
 * player's options (sshd passes them, not a person). */
#ifndef ZANZIBAR_SERVER_SERVERCMD_H
#define ZANZIBAR_SERVER_SERVERCMD_H

#include <stdbool.h>

#include "match/match.h"

/* True when argv asks for one of the server's modes. */
bool ServerCmd_wanted(int argc, char **argv);

/* Runs that mode. Returns the exit status, or sets *menu and returns 0
 * when the gate has prepared the menu for a player's name (the caller
 * then runs the menu with the server's limits and calls ServerCmd_end). */
int ServerCmd_run(int argc, char **argv, bool *menu);

/* The game between names a board verb joined (invite, join, watch), for
 * the screen to open instead of the menu; NULL for the menu. */
MatchJoined *ServerCmd_board(void);
/* How long a session may sit without a key or a move (the gate's idle
 * limit). */
int ServerCmd_idleMs(void);
/* What every search of the session takes: one of the server's engines. */
const EngineSlots *ServerCmd_engines(void);
/* After the menu chose a game between names (NetMenu_handOver's words):
 * runs the gate again, in this process's place, with those words as the
 * command given after the host, for the key this gate found. Returns
 * only when that cannot be done (the exit status). */
int ServerCmd_handOver(char *const *words);
/* After the menu: lets go of what the gate held. */
void ServerCmd_end(void);

#endif
