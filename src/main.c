/* zanzibar: reads the command line and hands over to the perft command,
 * the XBoard protocol, the benchmark or the terminal front end. Nothing
 * else lives here: each layer owns its own work. */
#include <stdio.h>
#include <unistd.h>

#include "cli/benchcmd.h"
#include "cli/netcmd.h"
#include "cli/options.h"
#include "cli/perftcmd.h"
#include "cli/xboard.h"
#include "core/position.h"
#include "net/peer.h"
#include "record/config.h"
#include "ui/netmenu.h"
#include "ui/netplay.h"
#include "ui/ui.h"

static void toUiStart(const Options *o, UiStart *start)
{
    start->variant = o->variant;
    start->fen = o->fen;
    start->load_file = o->load_file;
    start->players_given = o->players_given;
    start->player[WHITE] = o->engine[WHITE] ? PLAYER_ENGINE : PLAYER_HUMAN;
    start->player[BLACK] = o->engine[BLACK] ? PLAYER_ENGINE : PLAYER_HUMAN;
    start->level = o->level;
    start->time_base_ms = o->time_base_ms;
    start->time_inc_ms = o->time_inc_ms;
    start->setup = o->setup;
    start->mono = o->mono;
}

/* The settings file fills in what the command line left open. A bad line
 * is reported and skipped; the game starts all the same. */
static void applySettings(UiStart *start)
{
    Config config;
    char err[600];
    if (!Config_load(&config, err, sizeof err))
        fprintf(stderr, "zanzibar: settings: %s\n", err);
    if (start->level == 0)
        start->level = config.level;
    start->menu_variant = config.variant;
    start->mono = start->mono || config.mono;
}

/* Runs this program again with the arguments the menu chose. */
static int handOver(const char *self, char *const *args)
{
    execv("/proc/self/exe", args);
    execvp(self, args);
    perror("zanzibar: cannot run itself again");
    return 1;
}

/* --invite, --join, --watch: the game's host reached before the terminal
 * is taken over, so that a refusal is read on stderr (status 2). */
static int playBetweenTerminals(const Options *o, UiStart *start)
{
    static NetPlay np;
    char err[600] = "";
    if (!NetCmd_connect(o, &np.client, err, sizeof err)) {
        fprintf(stderr, "zanzibar: %s\n", err[0] ? err : "cannot reach the game");
        return 2;
    }
    snprintf(np.other, sizeof np.other, "%s", o->net_user);
    NetPeer_name(getuid(), np.me, sizeof np.me);
    start->net = &np;
    return Ui_run(start);
}

int main(int argc, char **argv)
{
    Options o;
    int status = Options_parse(&o, argc, argv, stdout, stderr);
    if (status != OPTIONS_CONTINUE)
        return status;
    switch (o.mode) {
    case RUN_PERFT:
        return PerftCmd_run(o.variant, o.fen, o.perft_depth, o.divide);
    case RUN_XBOARD:
        return Xboard_run(stdin, stdout);
    case RUN_BENCH:
        return BenchCmd_run(stdout);
    case RUN_LIST:
        return NetCmd_list(stdout);
    case RUN_PLAY: case RUN_INVITE: case RUN_JOIN: case RUN_WATCH:
        break;
    }
    UiStart start = {0};
    toUiStart(&o, &start);
    applySettings(&start);
    if (o.mode != RUN_PLAY)
        return playBetweenTerminals(&o, &start);
    status = Ui_run(&start);
    char *const *next = NetMenu_handOver();
    if (next != NULL) /* the menu chose a game between terminals: run it afresh */
        return handOver(argv[0], next);
    return status;
}
