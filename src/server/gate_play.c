/* The verbs that open a board: invite NAME, join NAME and watch NAME. A
 * game between two names is served by the game host that every game
 * between terminals has, started as a daemon by the inviter's gate, its
 * socket in the server's private folder, its players told apart by the
 * names their gates wrote down (peers.c), never by what they send. */
#include "server/gate.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/netcmd.h"
#include "core/error.h"
#include "net/daemon.h"
#include "net/place.h"
#include "net/text.h"
#include "server/peers.h"
#include "server/serverhost.h"

#define GATE_JOIN_MS 5000
#define GATE_ERR_MAX 600

/* The game options a verb may carry, and whether each takes a value. */
static const struct {
    const char *option;
    bool value;
} GATE_GAME_OPTIONS[] = {
    {"--variant", true}, {"--time", true},     {"--setup", true},   {"--as-black", false},
    {"--black", false},  {"--private", false}, {"--casual", false},
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
                     "MINUTES+SECONDS, --setup N, --as-black, --private and --casual",
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

static bool GatePlay_runDir(const Gate *g, char *dir, size_t size)
{
    int n = snprintf(dir, size, "%s/" SERVERHOST_RUN_DIR, g->dir);
    return n > 0 && (size_t)n < size;
}

/* Where inviter keeps its adjourned game with guest: in the inviter's
 * own state folder, as any game between terminals. */
static bool GatePlay_savePath(const Gate *g, const char *inviter, const char *guest, char *path,
                              size_t size, char *err, size_t len)
{
    int n = snprintf(path, size, "%s/players/%s/state/zanzibar/net-%s.pgn", g->dir, inviter, guest);
    if (n < 0 || (size_t)n >= size)
        return Error_set(err, len, "the server's folder has too long a name");
    return true;
}

/* Starts the host of inviter's game with guest, a daemon that outlives
 * this connection. */
static bool GatePlay_startHost(Gate *g, const NetPlace *place, const Options *o, char *err,
                               size_t len)
{
    char save[PATHS_MAX + 96];
    NetHostSpec spec;
    if (!GatePlay_savePath(g, place->inviter_name, place->guest_name, save, sizeof save, err, len)
        || !NetCmd_hostSpec(o, save, &spec, err, len))
        return false;
    int lockfd, listen_fd = NetPlace_listen(place, &lockfd, err, len);
    if (listen_fd < 0) {
        NetCmd_freeSpec(&spec);
        return false;
    }
    Store_close(g->store); /* never shared with the daemon */
    g->store = NULL;
    int keep[2] = {listen_fd, lockfd};
    pid_t pid = NetDaemon_start(keep, 2, err, len);
    if (pid == 0)
        ServerHost_run(g->dir, place, listen_fd, lockfd, &spec, g->rated);
    close(listen_fd);
    close(lockfd);
    NetCmd_freeSpec(&spec);
    return pid > 0;
}

static bool GatePlay_running(const NetPlace *p)
{
    struct stat st;
    return lstat(p->sock, &st) == 0 && S_ISSOCK(st.st_mode);
}

static bool GatePlay_connect(const NetPlace *p, NetWant want, Replica *r, char *err, size_t len)
{
    return NetClient_join(&r->client, p, want, GATE_JOIN_MS, err, len);
}

static bool GatePlay_invite(Gate *g, const char *other, Replica *r, char *err, size_t len)
{
    char run[PATHS_MAX];
    NetPlace place;
    Options o;
    if (!GatePlay_options(g, 2, &o, err, len) || !GatePlay_runDir(g, run, sizeof run)
        || !NetPlace_initNamed(&place, run, g->name, other, err, len))
        return false;
    if (GatePlay_running(&place) && GatePlay_connect(&place, NET_WANT_PLAY, r, err, len))
        return true; /* back to the game after a dropped link */
    return GatePlay_startHost(g, &place, &o, err, len)
        && GatePlay_connect(&place, NET_WANT_PLAY, r, err, len);
}

/* other's invitation, the game this name invited other to (back after a
 * dropped link), or the adjourned game other had invited this name to. */
static bool GatePlay_join(Gate *g, const char *other, Replica *r, char *err, size_t len)
{
    char run[PATHS_MAX], save[PATHS_MAX + 96];
    NetPlace theirs, mine;
    Options o;
    if (g->argc > 2)
        return Error_set(err, len, "join takes only a name: the game's options are the inviter's");
    if (!GatePlay_runDir(g, run, sizeof run)
        || !NetPlace_initNamed(&theirs, run, other, g->name, err, len)
        || !NetPlace_initNamed(&mine, run, g->name, other, err, len))
        return false;
    if (GatePlay_running(&theirs))
        return GatePlay_connect(&theirs, NET_WANT_PLAY, r, err, len);
    if (GatePlay_running(&mine))
        return GatePlay_connect(&mine, NET_WANT_PLAY, r, err, len);
    if (!GatePlay_savePath(g, other, g->name, save, sizeof save, err, len))
        return false;
    if (access(save, F_OK) == 0) {
        memset(&o, 0, sizeof o);
        g->rated = true; /* an adjourned game was rated unless it said otherwise */
        return GatePlay_startHost(g, &theirs, &o, err, len)
            && GatePlay_connect(&theirs, NET_WANT_PLAY, r, err, len);
    }
    return Error_set(err, len, "%s has not invited you (invite %s starts a game with them)", other,
                     other);
}

/* The running game other plays in: a socket g.A.B with other as A or B. */
static bool GatePlay_findGame(const char *run, const char *other, NetPlace *p, char *err,
                              size_t len)
{
    DIR *d = opendir(run);
    bool found = false;
    for (struct dirent *e; d != NULL && !found && (e = readdir(d)) != NULL;) {
        char a[NAME_MAX_LEN + 1], b[NAME_MAX_LEN + 1];
        const char *dot = strchr(e->d_name, '.'), *second = dot ? strchr(dot + 1, '.') : NULL;
        if (strncmp(e->d_name, "g.", 2) != 0 || second == NULL || second - dot - 1 > NAME_MAX_LEN
            || strlen(second + 1) > NAME_MAX_LEN)
            continue;
        snprintf(a, sizeof a, "%.*s", (int)(second - dot - 1), dot + 1);
        snprintf(b, sizeof b, "%s", second + 1);
        if (ServerName_isWellFormed(a) && ServerName_isWellFormed(b)
            && (strcmp(a, other) == 0 || strcmp(b, other) == 0))
            found = NetPlace_initNamed(p, run, a, b, err, len) && GatePlay_running(p);
    }
    if (d != NULL)
        closedir(d);
    return found || Error_set(err, len, "%s is not playing a game now", other);
}

static bool GatePlay_watch(Gate *g, const char *other, Replica *r, char *err, size_t len)
{
    char run[PATHS_MAX];
    NetPlace place;
    if (g->argc > 2)
        return Error_set(err, len, "watch takes only a name");
    return GatePlay_runDir(g, run, sizeof run) && GatePlay_findGame(run, other, &place, err, len)
        && GatePlay_connect(&place, NET_WANT_WATCH, r, err, len);
}

int Gate_play(Gate *g, Replica *r)
{
    char err[GATE_ERR_MAX], other[STORE_NAME_MAX];
    const char *verb = g->argv[0];
    if (g->argc < 2)
        return GatePlay_fail(g,
                             strcmp(verb, "watch") == 0 ? "watch needs a player's name"
                                                        : "this needs a player's name");
    if (strcmp(verb, "seek") == 0)
        return GatePlay_fail(g, "seek is not open on this server yet: invite NAME instead");
    memset(r, 0, sizeof *r);
    bool ok = GatePlay_findName(g, g->argv[1], other, sizeof other, err, sizeof err)
        && ServerPeers_register(g->dir, g->name, err, sizeof err);
    if (ok && strcmp(verb, "invite") == 0)
        ok = GatePlay_invite(g, other, r, err, sizeof err);
    else if (ok && strcmp(verb, "join") == 0)
        ok = GatePlay_join(g, other, r, err, sizeof err);
    else if (ok)
        ok = GatePlay_watch(g, other, r, err, sizeof err);
    if (!ok)
        return GatePlay_fail(g, err);
    snprintf(r->other, sizeof r->other, "%s", other);
    snprintf(r->me, sizeof r->me, "%s", g->name);
    return 0;
}
