/* The verbs that open a board: invite NAME, join NAME and watch NAME. A
 * game between two names is served by the game host that every game
 * between terminals has, started as a daemon by the inviter's gate, its
 * socket in the server's private folder, its players told apart by the
 * names their gates wrote down (peers.c), never by what they send. */
#include "server/gate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/netcmd.h"
#include "core/error.h"
#include "net/daemon.h"
#include "net/place.h"
#include "net/text.h"
#include "server/peers.h"
#include "server/registry.h"
#include "server/serverhost.h"

#define GATE_JOIN_MS 5000
#define GATE_ERR_MAX 600

/* The game options a verb may carry, and whether each takes a value. */
static const struct {
    const char *option;
    bool value;
} GATE_GAME_OPTIONS[] = {
    {"--variant", true}, {"--time", true},     {"--setup", true},   {"--as-black", false},
    {"--black", false},  {"--private", false}, {"--casual", false}, {"--new", false},
};
#define GATE_NGAME_OPTIONS ((int)(sizeof GATE_GAME_OPTIONS / sizeof GATE_GAME_OPTIONS[0]))

static int GatePlay_fail(Gate *g, const char *why)
{
    fprintf(g->err, "zanzibar: %s\n", why);
    return 2;
}

/* Which of the game options word is (-1: none); *joined when its value
 * came with it after '='. */
static int GatePlay_option(const char *word, bool *joined)
{
    size_t n = strcspn(word, "=");
    for (int i = 0; i < GATE_NGAME_OPTIONS; i++)
        if (strlen(GATE_GAME_OPTIONS[i].option) == n
            && strncmp(word, GATE_GAME_OPTIONS[i].option, n) == 0) {
            *joined = word[n] == '=';
            return *joined && !GATE_GAME_OPTIONS[i].value ? -1 : i;
        }
    return -1;
}

/* The words after the name, read as the command line reads them, but
 * only the options that describe the game: nothing that names a file. */
static bool GatePlay_options(Gate *g, int first, Options *o, char *err, size_t len)
{
    char *argv[GATE_MAX_WORDS + 3];
    int argc = 0;
    argv[argc++] = (char *)"zanzibar";
    argv[argc++] = (char *)"--invite";
    argv[argc++] = (char *)"opponent";
    g->rated = true;
    for (int i = first; i < g->argc; i++) {
        bool joined = false;
        int k = GatePlay_option(g->argv[i], &joined);
        if (k < 0) {
            snprintf(err, len,
                     "%.40s is not a game option here; they are --variant GAME, --time "
                     "MINUTES+SECONDS, --setup N|random|black, --as-black, --private, --casual "
                     "and --new",
                     g->argv[i]);
            for (char *p = err; *p != '\0'; p++)
                *p = *p >= ' ' && *p < 0x7f ? *p : '?';
            return false;
        }
        if (strcmp(g->argv[i], "--casual") == 0) {
            g->rated = false;
            continue;
        }
        argv[argc++] = g->argv[i];
        if (GATE_GAME_OPTIONS[k].value && !joined && i + 1 < g->argc)
            argv[argc++] = g->argv[++i];
    }
    char *text = NULL;
    size_t size = 0;
    FILE *says = open_memstream(&text, &size);
    int status = says != NULL ? Options_parse(o, argc, argv, says, says) : 2;
    if (says != NULL)
        fclose(says);
    if (status != OPTIONS_CONTINUE) {
        snprintf(err, len, "%s", text != NULL && text[0] ? text : "the game options are wrong");
        err[strcspn(err, "\n")] = '\0';
    }
    free(text);
    return status == OPTIONS_CONTINUE;
}

/* The name as registered, from a word the player typed (in any case). */
static bool GatePlay_findName(Gate *g, const char *word, char *name, size_t size, char *err,
                              size_t len)
{
    char lower[NAME_MAX_LEN + 1];
    size_t n = strlen(word);
    for (size_t i = 0; i < n && i < NAME_MAX_LEN; i++)
        lower[i] = (char)(word[i] >= 'A' && word[i] <= 'Z' ? word[i] - 'A' + 'a' : word[i]);
    lower[n < NAME_MAX_LEN ? n : NAME_MAX_LEN] = '\0';
    StoreStatus st = n <= NAME_MAX_LEN && ServerName_isWellFormed(lower)
        ? Store_findName(g->store, lower, name, size)
        : STORE_NOT_FOUND;
    if (st == STORE_FAILED)
        return Error_set(err, len, "%s", Store_error(g->store));
    if (st != STORE_OK) {
        char shown[NET_NAME_MAX];
        NetText_cleanName(shown, sizeof shown, word, n);
        return Error_set(err, len, "nobody here is called %s (list shows who is online)", shown);
    }
    if (strcmp(name, g->name) == 0)
        return Error_set(err, len, "%s is you: choose another player", name);
    return true;
}

static bool GatePlay_savePath(const Gate *g, const char *inviter, const char *guest, char *path,
                              size_t size, char *err, size_t len)
{
    if (guest[0] == '\0') { /* a seek: kept once someone takes it */
        path[0] = '\0';
        return true;
    }
    return ServerHost_savePath(g->dir, inviter, guest, path, size)
        || Error_set(err, len, "the server's folder has too long a name");
}

/* The game the host starts with: the pair's record (a finished one
 * archived first), which nobody's options change (casual stays casual,
 * rated stays rated), or a new game as the options say. */
static bool GatePlay_spec(Gate *g, const NetPlace *place, const Options *o, NetHostSpec *spec,
                          char *err, size_t len)
{
    char save[PATHS_MAX + 96];
    if (!GatePlay_savePath(g, place->inviter_name, place->guest_name, save, sizeof save, err, len)
        || (save[0] != '\0' && !ServerHost_settle(g->dir, save, err, len))
        || !NetCmd_hostSpec(o, save, spec, err, len))
        return false;
    bool casual_asked = !g->rated; /* --casual given */
    if (!NetCmd_checkRecord(o, place->guest_name, true, spec, err, len)
        || (spec->from_record && casual_asked
            && !NetCmd_refuseChange(spec, "--casual", place->guest_name, true, err, len))) {
        NetCmd_freeSpec(spec);
        return false;
    }
    if (!spec->from_record)
        spec->rated = g->rated;
    if (spec->note[0] != '\0') /* said before the board opens, as before */
        fprintf(g->err, "zanzibar: %s\n", spec->note);
    return true;
}

/* Starts the host of inviter's game with guest, a daemon that outlives
 * this connection. */
static bool GatePlay_startHost(Gate *g, const NetPlace *place, const Options *o, char *err,
                               size_t len)
{
    NetHostSpec spec;
    if (!GatePlay_spec(g, place, o, &spec, err, len))
        return false;
    int lockfd, listen_fd = NetPlace_listen(place, &lockfd, err, len);
    if (listen_fd < 0) {
        NetCmd_freeSpec(&spec);
        return false;
    }
    ServerHost_writeAbout(place, &spec);
    Store_close(g->store); /* never shared with the daemon */
    g->store = NULL;
    int keep[2] = {listen_fd, lockfd};
    pid_t pid = NetDaemon_start(keep, 2, err, len);
    if (pid == 0)
        ServerHost_run(g->dir, place, listen_fd, lockfd, &spec);
    close(listen_fd);
    close(lockfd);
    NetCmd_freeSpec(&spec);
    return pid > 0;
}

static bool GatePlay_connect(const NetPlace *p, NetWant want, MatchJoined *board, char *err,
                             size_t len)
{
    return NetClient_join(&board->client, p, want, GATE_JOIN_MS, err, len);
}

/* A new game for this name: its boards of play (the games it plays, its
 * seeks, its invitations) stay under the cap. Asked under the name's lock
 * (Gate_play), so that two connections never both pass. */
static bool GatePlay_underCap(const Gate *g, char *err, size_t len)
{
    int playing = ServerPeers_playing(g->dir, g->name);
    if (playing >= g->games_cap)
        return Error_set(err, len,
                         "you are already in %d game%s, the most at once here (your seeks and "
                         "invitations count)",
                         playing, playing == 1 ? "" : "s");
    return true;
}

static bool GatePlay_invite(Gate *g, const char *other, MatchJoined *board, char *err, size_t len)
{
    char run[PATHS_MAX];
    NetPlace place;
    Options o;
    if (!GatePlay_options(g, 2, &o, err, len) || !Registry_runDir(g->dir, run, sizeof run)
        || !NetPlace_initNamed(&place, run, g->name, other, err, len))
        return false;
    if (Registry_gameRunning(&place) && GatePlay_connect(&place, NET_WANT_PLAY, board, err, len))
        return true; /* back to the game after a dropped link */
    return GatePlay_underCap(g, err, len) && GatePlay_startHost(g, &place, &o, err, len)
        && GatePlay_connect(&place, NET_WANT_PLAY, board, err, len);
}

/* other's invitation, the game this name invited other to (back after a
 * dropped link), or the adjourned game other had invited this name to. */
static bool GatePlay_join(Gate *g, const char *other, MatchJoined *board, char *err, size_t len)
{
    char run[PATHS_MAX], save[PATHS_MAX + 96];
    NetPlace theirs, mine, seek;
    Options o;
    if (g->argc > 2)
        return Error_set(err, len, "join takes only a name: the game's options are the inviter's");
    if (!Registry_runDir(g->dir, run, sizeof run)
        || !NetPlace_initNamed(&theirs, run, other, g->name, err, len)
        || !NetPlace_initNamed(&mine, run, g->name, other, err, len))
        return false;
    if (Registry_gameRunning(&theirs)) { /* an invitation that waits counts once taken */
        char about[SERVERHOST_ABOUT_MAX];
        bool waits = ServerHost_readAbout(&theirs, about, sizeof about);
        return (!waits || GatePlay_underCap(g, err, len))
            && GatePlay_connect(&theirs, NET_WANT_PLAY, board, err, len);
    }
    if (Registry_gameRunning(&mine))
        return GatePlay_connect(&mine, NET_WANT_PLAY, board, err, len);
    if (!NetPlace_initNamed(&seek, run, other, "", err, len))
        return false;
    if (Registry_gameRunning(&seek))
        return GatePlay_underCap(g, err, len)
            && GatePlay_connect(&seek, NET_WANT_PLAY, board, err, len);
    if (!GatePlay_savePath(g, other, g->name, save, sizeof save, err, len)
        || !ServerHost_settle(g->dir, save, err, len))
        return false;
    if (access(save, F_OK) == 0) {
        if (!GatePlay_underCap(g, err, len))
            return false;
        memset(&o, 0, sizeof o);
        g->rated = true; /* asked nothing: the record says which it is */
        return GatePlay_startHost(g, &theirs, &o, err, len)
            && GatePlay_connect(&theirs, NET_WANT_PLAY, board, err, len);
    }
    return Error_set(err, len, "%s has not invited you and seeks no game (invite %s starts one)",
                     other, other);
}

/* An open challenge: a game whose guest is whoever takes it first. */
static bool GatePlay_seek(Gate *g, MatchJoined *board, char *err, size_t len)
{
    char run[PATHS_MAX];
    NetPlace place;
    Options o;
    if (!GatePlay_options(g, 1, &o, err, len) || !Registry_runDir(g->dir, run, sizeof run)
        || !NetPlace_initNamed(&place, run, g->name, "", err, len))
        return false;
    if (Registry_gameRunning(&place) && GatePlay_connect(&place, NET_WANT_PLAY, board, err, len))
        return true; /* back to the seek after a dropped link */
    return GatePlay_underCap(g, err, len) && GatePlay_startHost(g, &place, &o, err, len)
        && GatePlay_connect(&place, NET_WANT_PLAY, board, err, len);
}

static bool GatePlay_watch(Gate *g, const char *other, MatchJoined *board, char *err, size_t len)
{
    NetPlace place;
    if (g->argc > 2)
        return Error_set(err, len, "watch takes only a name");
    if (Registry_gamesOf(g->dir, other, &place) == 0)
        return Error_set(err, len, "%s is not playing a game now", other);
    return GatePlay_connect(&place, NET_WANT_WATCH, board, err, len);
}

int Gate_play(Gate *g, MatchJoined *board)
{
    char err[GATE_ERR_MAX], other[STORE_NAME_MAX] = NAME_ANYONE;
    const char *verb = g->argv[0];
    bool seek = strcmp(verb, "seek") == 0;
    memset(board, 0, sizeof *board);
    if (!seek && g->argc < 2)
        return GatePlay_fail(g,
                             strcmp(verb, "watch") == 0 ? "watch needs a player's name"
                                                        : "this needs a player's name");
    bool watch = strcmp(verb, "watch") == 0;
    bool ok = seek || GatePlay_findName(g, g->argv[1], other, sizeof other, err, sizeof err);
    /* held until this board has its game, so that what the name chose is
     * counted and taken as one step */
    int lock = ok ? Registry_lockName(g->dir, g->name) : -1;
    ok = ok && (lock >= 0 || Error_set(err, sizeof err, "the server cannot lock your games"));
    ok = ok && ServerPeers_register(g->dir, g->name, !watch, err, sizeof err);
    if (ok && seek)
        ok = GatePlay_seek(g, board, err, sizeof err);
    else if (ok && strcmp(verb, "invite") == 0)
        ok = GatePlay_invite(g, other, board, err, sizeof err);
    else if (ok && strcmp(verb, "join") == 0)
        ok = GatePlay_join(g, other, board, err, sizeof err);
    else if (ok)
        ok = GatePlay_watch(g, other, board, err, sizeof err);
    Registry_unlockName(lock);
    if (!ok)
        return GatePlay_fail(g, err);
    snprintf(board->other, sizeof board->other, "%s", other);
    board->server = true;
    return 0;
}
