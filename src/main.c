/* zanzibar: reads the command line and hands over to the perft command,
 * the XBoard protocol, the benchmark, the public server's modes or the
 * terminal front end. Nothing else lives here: each layer owns its own
 * work. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/benchcmd.h"
#include "cli/netcmd.h"
#include "cli/options.h"
#include "cli/perftcmd.h"
#include "cli/xboard.h"
#include "core/position.h"
#include "record/config.h"
#include "record/record.h"
#include "server/servercmd.h"
#include "ui/netmenu.h"
#include "ui/loop.h"

static void Main_toUiStart(const Options *o, UiStart *start)
{
    start->variant = o->variant;
    start->fen = o->fen;
    start->load_file = o->load_file;
    start->players_given = o->players_given;
    start->player[WHITE] = o->engine[WHITE] ? SEAT_ENGINE : SEAT_HUMAN;
    start->player[BLACK] = o->engine[BLACK] ? SEAT_ENGINE : SEAT_HUMAN;
    start->level = o->level;
    start->time_base_ms = o->time_base_ms;
    start->time_inc_ms = o->time_inc_ms;
    start->setup = o->setup;
    start->mono = o->mono;
    start->game_given = o->variant || o->fen || o->load_file || o->players_given || o->level
        || o->time_base_ms || o->setup;
}

/* The settings file fills in what the command line left open. A bad line
 * is skipped and its message kept for the first screen (stderr would show
 * only after the screen is gone); the game starts all the same. */
static void Main_applySettings(UiStart *start, char *notice, size_t len)
{
    Config config;
    ConfigMessages m;
    Config_read(&config, &m);
    notice[0] = '\0';
    for (int i = 0; i < m.count; i++) {
        size_t used = strlen(notice);
        if (i == 0)
            snprintf(notice, len, "settings file %s: %s", m.path, m.text[0]);
        else
            snprintf(notice + used, len - used, "; %s", m.text[i]);
    }
    if (m.more > 0) {
        size_t used = strlen(notice);
        snprintf(notice + used, len - used, " (and %d more)", m.more);
    }
    start->notice = notice;
    if (start->level == 0)
        start->level = config.level;
    start->menu_variant = config.variant;
    start->mono = start->mono || config.mono;
    start->bell = config.bell;
    start->pace_ms = config.pace_ms;
}

/* Runs this program again with the arguments the menu chose. */
static int Main_handOver(const char *self, char *const *args)
{
    execv("/proc/self/exe", args);
    execvp(self, args);
    perror("zanzibar: cannot run itself again");
    return 1;
}

/* --invite, --join, --watch: the game's host reached before the terminal
 * is taken over, so that a refusal is read on stderr (status 2). */
static int Main_playBetweenTerminals(const Options *o, UiStart *start)
{
    static MatchJoined joined;
    static char said[sizeof((NetHostSpec *)0)->note];
    char err[600] = "";
    if (!NetCmd_connect(o, &joined, said, sizeof said, err, sizeof err)) {
        fprintf(stderr, "zanzibar: %s\n", err[0] ? err : "cannot reach the game");
        return 2;
    }
    start->net = &joined;
    start->net_note = said;
    start->game_given = false; /* a game between terminals is not the local saved game */
    return Loop_run(start);
}

int main(int argc, char **argv)
{
    Options o;
    bool server_menu = false;
    if (ServerCmd_wanted(argc, argv)) {
        int status = ServerCmd_run(argc, argv, &server_menu);
        if (!server_menu)
            return status;
        argc = 1; /* the player's menu, with no options of the player's */
    }
    int status = Options_parse(&o, argc, argv, stdout, stderr);
    if (status != OPTIONS_CONTINUE)
        return status;
    switch (o.mode) {
        case RUN_PERFT: return PerftCmd_run(o.variant, o.fen, o.perft_depth, o.divide);
        case RUN_XBOARD: return Xboard_run(stdin, stdout);
        case RUN_BENCH: return BenchCmd_run(stdout);
        case RUN_LIST: return NetCmd_list(stdout);
        case RUN_PLAY:
        case RUN_INVITE:
        case RUN_JOIN:
        case RUN_WATCH: break;
    }
    UiStart start = {0};
    char notice[PATHS_MAX + CONFIG_MAX_MESSAGES * CONFIG_MESSAGE_MAX];
    Main_toUiStart(&o, &start);
    Main_applySettings(&start, notice, sizeof notice);
    /* Saves killed half-way (SIGKILL, power loss) left these behind. */
    Record_removeStaleTemps();
    if (o.mode != RUN_PLAY)
        return Main_playBetweenTerminals(&o, &start);
    if (server_menu) { /* the menu, or a board of a game between names (invite, join, watch) */
        start.net = ServerCmd_board();
        start.idle_ms = ServerCmd_idleMs();
        start.engines = ServerCmd_engines();
        status = Loop_run(&start);
        if (NetMenu_handOver() != NULL) /* a game between names: the gate opens it */
            return ServerCmd_handOver(NetMenu_handOver());
        ServerCmd_end();
        return status;
    }
    status = Loop_run(&start);
    char *const *next = NetMenu_handOver();
    if (next != NULL) /* the menu chose a game between terminals: run it afresh */
        return Main_handOver(argv[0], next);
    return status;
}
