/* The menu's Join line on the server: what concerns the name in the menu
 * (invitations and seeks, its own games, adjourned ones), others' games to
 * watch and who else is online, each with the command that opens it. Found
 * from the server's folders alone: the games' sockets (run/), the names'
 * adjourned games (players/NAME/state/) and the menus' locks (online/),
 * which also tell list who is online. */
#include "server/gate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/peers.h"
#include "server/serverhost.h"

typedef struct {
    const Gate *g;
    NetMenuLine *out;
    int n, max;
} GateLobby;

static void GateLobby_add(GateLobby *l, bool first, const char *verb, const char *name,
                          const char *fmt, const char *a, const char *b)
{
    if (l->n >= l->max)
        return;
    NetMenuLine *line = &l->out[l->n++];
    snprintf(line->line, sizeof line->line, fmt, a, b);
    snprintf(line->verb, sizeof line->verb, "%s", verb);
    snprintf(line->name, sizeof line->name, "%s", name);
    line->invitation = first;
}

/* A socket's name: g.A.B (a game, *b set) or s.A (a seek, *b empty). */
static bool GateLobby_parse(const char *file, char a[NAME_MAX_LEN + 1], char b[NAME_MAX_LEN + 1])
{
    const char *dot = strchr(file, '.');
    if (dot == NULL || dot - file != 1 || (file[0] != 'g' && file[0] != 's'))
        return false;
    const char *second = strchr(dot + 1, '.');
    size_t alen = second != NULL ? (size_t)(second - dot - 1) : strlen(dot + 1);
    if ((file[0] == 'g') != (second != NULL) || alen > NAME_MAX_LEN
        || (second != NULL && strlen(second + 1) > NAME_MAX_LEN))
        return false;
    snprintf(a, NAME_MAX_LEN + 1, "%.*s", (int)alen, dot + 1);
    snprintf(b, NAME_MAX_LEN + 1, "%s", second != NULL ? second + 1 : "");
    return ServerName_isWellFormed(a) && (b[0] == '\0' || ServerName_isWellFormed(b));
}

/* One pass over the running games: first what waits for this name, then
 * the rest. */
static void GateLobby_games(GateLobby *l, const char *run, bool first)
{
    const char *me = l->g->name;
    DIR *d = opendir(run);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        char a[NAME_MAX_LEN + 1], b[NAME_MAX_LEN + 1], err[256];
        NetPlace p;
        if (!GateLobby_parse(e->d_name, a, b) || !NetPlace_initNamed(&p, run, a, b, err, sizeof err)
            || !Gate_gameRunning(&p))
            continue;
        bool mine = strcmp(a, me) == 0, for_me = strcmp(b, me) == 0;
        char about[SERVERHOST_ABOUT_MAX + 4] = "", words[SERVERHOST_ABOUT_MAX];
        /* the host removes a game's details once both players have come */
        bool open =
            (for_me || (b[0] == '\0' && !mine)) && ServerHost_readAbout(&p, words, sizeof words);
        if (open)
            snprintf(about, sizeof about, " (%s)", words);
        if (first && b[0] == '\0' && !mine)
            GateLobby_add(l, true, "join", a, "%s seeks a game%s: Enter takes it", a, about);
        else if (first && for_me && open)
            GateLobby_add(l, true, "join", a, "%s invites you%s: Enter joins", a, about);
        else if (!first && for_me && !open)
            GateLobby_add(l, false, "join", a, "your game with %s: Enter goes back to it%s", a, "");
        else if (!first && mine && b[0] == '\0')
            GateLobby_add(l, false, "seek", "", "your seek: Enter goes back to it%s%s", "", "");
        else if (!first && mine)
            GateLobby_add(l, false, "join", b, "your game with %s: Enter goes back to it%s", b, "");
        else if (!first && !for_me && b[0] != '\0')
            GateLobby_add(l, false, "watch", a, "%s plays %s: Enter watches", a, b);
    }
    if (d != NULL)
        closedir(d);
}

/* Adjourned games: this name's own (invite resumes them), and those that
 * others invited it to (join resumes them), unless their host runs. */
static void GateLobby_adjourned(GateLobby *l, const char *run)
{
    const char *me = l->g->name;
    char players[PATHS_MAX + 16], path[PATHS_MAX + 96], err[256];
    snprintf(players, sizeof players, "%s/players", l->g->dir);
    DIR *d = opendir(players);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        const char *other = e->d_name;
        NetPlace p[2];
        if (!ServerName_isWellFormed(other) || strcmp(other, me) == 0
            || !NetPlace_initNamed(&p[0], run, me, other, err, sizeof err)
            || !NetPlace_initNamed(&p[1], run, other, me, err, sizeof err)
            || Gate_gameRunning(&p[0]) || Gate_gameRunning(&p[1]))
            continue;
        if (ServerHost_savePath(l->g->dir, me, other, path, sizeof path) && access(path, F_OK) == 0)
            GateLobby_add(l, false, "invite", other,
                          "your adjourned game with %s: Enter resumes it%s", other, "");
        if (ServerHost_savePath(l->g->dir, other, me, path, sizeof path) && access(path, F_OK) == 0)
            GateLobby_add(l, false, "join", other,
                          "%s's adjourned game with you: Enter resumes it%s", other, "");
    }
    if (d != NULL)
        closedir(d);
}

bool Gate_isOnline(int dirfd, const char *name)
{
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool online = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd);
    return online;
}

int Gate_onBoard(const Gate *g, GateOnBoard *out, int max)
{
    char run[PATHS_MAX + 16];
    snprintf(run, sizeof run, "%s/" SERVERHOST_RUN_DIR, g->dir);
    DIR *d = opendir(run);
    int n = 0;
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        char pair[2][NAME_MAX_LEN + 1], err[256];
        NetPlace p;
        if (!GateLobby_parse(e->d_name, pair[0], pair[1]) || pair[1][0] == '\0'
            || !NetPlace_initNamed(&p, run, pair[0], pair[1], err, sizeof err)
            || !Gate_gameRunning(&p))
            continue;
        for (int i = 0; i < 2 && n < max; i++)
            if (!Gate_isOnBoard(out, n, pair[i]) && ServerPeers_isConnected(g->dir, pair[i])) {
                memcpy(out[n].name, pair[i], sizeof out[n].name); /* the same sizes */
                memcpy(out[n].opponent, pair[1 - i], sizeof out[n].opponent);
                n++;
            }
    }
    if (d != NULL)
        closedir(d);
    return n;
}

int Gate_eachGame(const Gate *g, void (*each)(const char *a, const char *b, void *ctx), void *ctx)
{
    char run[PATHS_MAX + 16];
    snprintf(run, sizeof run, "%s/" SERVERHOST_RUN_DIR, g->dir);
    DIR *d = opendir(run);
    int n = 0;
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        char a[NAME_MAX_LEN + 1], b[NAME_MAX_LEN + 1], err[256];
        NetPlace p;
        if (GateLobby_parse(e->d_name, a, b) && NetPlace_initNamed(&p, run, a, b, err, sizeof err)
            && Gate_gameRunning(&p)) {
            each(a, b, ctx);
            n++;
        }
    }
    if (d != NULL)
        closedir(d);
    return n;
}

bool Gate_isOnBoard(const GateOnBoard *b, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(b[i].name, name) == 0)
            return true;
    return false;
}

static void GateLobby_online(GateLobby *l)
{
    char path[PATHS_MAX + 16];
    GateOnBoard board[GATE_ON_BOARD_MAX];
    int playing = Gate_onBoard(l->g, board, GATE_ON_BOARD_MAX);
    snprintf(path, sizeof path, "%s/online", l->g->dir);
    DIR *d = opendir(path);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;)
        if (ServerName_isWellFormed(e->d_name) && strcmp(e->d_name, l->g->name) != 0
            && !Gate_isOnBoard(board, playing, e->d_name) && Gate_isOnline(dirfd(d), e->d_name))
            GateLobby_add(l, false, "invite", e->d_name,
                          "%s is online: Enter invites %s to the game above", e->d_name, e->d_name);
    if (d != NULL)
        closedir(d);
    for (int i = 0; i < playing; i++)
        if (strcmp(board[i].name, l->g->name) != 0)
            GateLobby_add(l, false, "invite", board[i].name,
                          "%s is online (playing %s): Enter invites them to the game above",
                          board[i].name, board[i].opponent);
}

/* inotify: a game's socket made, removed or renamed (a seek taken) in
 * run/; a menu entered (its presence file written) or left (closed after
 * writing) in online/. Looks at a file (opening it to read, as the lists
 * do) make no event, so that menus never wake each other in turn. */
int Gate_lobbyWatch(const Gate *g)
{
    char run[PATHS_MAX + 16], online[PATHS_MAX + 16];
    snprintf(run, sizeof run, "%s/" SERVERHOST_RUN_DIR, g->dir);
    snprintf(online, sizeof online, "%s/online", g->dir);
    if (mkdir(run, 0700) != 0 && errno != EEXIST)
        return -1;
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0)
        return -1;
    if (inotify_add_watch(fd, run, IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) < 0
        || inotify_add_watch(fd, online, IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int Gate_lobby(void *ctx, NetMenuLine *out, int max)
{
    GateLobby l = {ctx, out, 0, max};
    char run[PATHS_MAX + 16];
    snprintf(run, sizeof run, "%s/" SERVERHOST_RUN_DIR, l.g->dir);
    GateLobby_games(&l, run, true);
    GateLobby_games(&l, run, false);
    GateLobby_adjourned(&l, run);
    GateLobby_online(&l);
    return l.n;
}
