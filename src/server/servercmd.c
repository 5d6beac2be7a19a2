/* Reads the server's modes from argv and hands each to its module. */
#include "server/servercmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/admin.h"
#include "server/gate.h"
#include "server/sshd.h"

static Gate gate;
static EngineSlots engines;
static MatchJoined board;
static bool board_open;

bool ServerCmd_wanted(int argc, char **argv)
{
    return argc >= 2 && strncmp(argv[1], "--server-", 9) == 0;
}

static int ServerCmd_usage(const char *option, const char *args)
{
    fprintf(stderr, "zanzibar: %s takes %s\n", option, args);
    return 2;
}

int ServerCmd_run(int argc, char **argv, bool *menu)
{
    const char *option = argv[1];
    *menu = false;
    if (strcmp(option, "--server-config") == 0)
        return argc == 3 ? ServerSshd_config(argv[2], stdout, stderr)
                         : ServerCmd_usage(option, "one account name");
    if (strcmp(option, "--server-keys") == 0)
        return argc == 5 ? ServerSshd_keys(argv[2], argv[3], argv[4], stdout)
                         : ServerCmd_usage(option, "USER TYPE KEY (sshd's %u %t %k)");
    if (strcmp(option, "--server-admin") == 0)
        return argc >= 3 ? Admin_run(argv[2], argc - 3, argv + 3, stdout, stderr)
                         : ServerCmd_usage(option, "the server's account, then a command");
    if (strcmp(option, "--server-gate") == 0) {
        if (argc > 2)
            return ServerCmd_usage(option, "no arguments (sshd gives the key)");
        int status = 0;
        gate.out = stdout;
        gate.err = stderr;
        GateNext next = Gate_run(&gate, &board, &status);
        if (next != GATE_DONE) {
            board_open = next == GATE_BOARD;
            /* the menu a board leads to too: never the lobby of accounts,
             * which looks for other accounts' games in /tmp */
            Gate_engineSlots(&gate, &engines);
            NetMenu_useServer(Gate_lobby, &engines, &gate, Gate_lobbyWatch(&gate));
            *menu = true;
            return 0;
        }
        Gate_close(&gate);
        return status;
    }
    fprintf(stderr,
            "zanzibar: unknown option '%s'; the server's are --server-config, "
            "--server-keys, --server-gate and --server-admin\n",
            option);
    return 2;
}

MatchJoined *ServerCmd_board(void)
{
    return board_open ? &board : NULL;
}

int ServerCmd_idleMs(void)
{
    return gate.idle_ms;
}

const EngineSlots *ServerCmd_engines(void)
{
    return &engines;
}

int ServerCmd_handOver(char *const *words)
{
    char command[GATE_COMMAND_MAX + 1] = "";
    for (int i = 0; words[i] != NULL; i++) {
        size_t used = strlen(command);
        snprintf(command + used, sizeof command - used, "%s%s", i ? " " : "", words[i]);
    }
    Gate_close(&gate);
    /* the key, the address and the settings come from the environment
     * sshd gave, which the gate kept: nothing of them in argv */
    setenv("SSH_ORIGINAL_COMMAND", command, 1);
    char *const argv[] = {(char *)"zanzibar", (char *)"--server-gate", NULL};
    execv("/proc/self/exe", argv);
    perror("zanzibar: cannot run itself again");
    return 1;
}

void ServerCmd_end(void)
{
    Gate_close(&gate);
}
