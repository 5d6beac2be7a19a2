/* The menu's Join line on the server: what concerns the name in the menu
 * (invitations and seeks, its own games, adjourned ones, finished ones a
 * killed host left unarchived, archived on the way), others' games to
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

#include "core/error.h"
#include "match/hostrecord.h"
#include "server/peers.h"
#include "server/registry.h"
#include "server/serverhost.h"

typedef struct {
    const Gate *g;
    NetMenuLine *out;
    int n, max;
} GateLobby;

/* What a line is to this name: what waits for it (listed first), its own
 * (the list verb shows both), or another's game or name. */
typedef enum { LOBBY_WAITING, LOBBY_OWN, LOBBY_OTHERS } GateLobbyKind;

static void GateLobby_add(GateLobby *l, GateLobbyKind kind, const char *verb, const char *name,
                          const char *fmt, const char *a, const char *b)
{
    if (l->n >= l->max)
        return;
    NetMenuLine *line = &l->out[l->n++];
    snprintf(line->line, sizeof line->line, fmt, a, b);
    snprintf(line->verb, sizeof line->verb, "%s", verb);
    snprintf(line->name, sizeof line->name, "%s", name);
    line->invitation = kind == LOBBY_WAITING;
    line->own = kind == LOBBY_OWN;
}

/* A running game's line: in the first pass, what waits for this name;
 * in the second, the rest. */
static void GateLobby_game(GateLobby *l, const NetPlace *p, bool first)
{
    const char *me = l->g->name, *a = p->inviter_name, *b = p->guest_name;
    bool mine = strcmp(a, me) == 0, for_me = strcmp(b, me) == 0;
    char about[SERVERHOST_ABOUT_MAX + 4] = "", words[SERVERHOST_ABOUT_MAX];
    /* the host removes a game's details once both players have come */
    bool open = (for_me || (b[0] == '\0' && !mine)) && ServerHost_readAbout(p, words, sizeof words);
    if (open)
        snprintf(about, sizeof about, " (%s)", words);
    if (first && b[0] == '\0' && !mine)
        GateLobby_add(l, LOBBY_WAITING, "join", a, "%s seeks a game%s: Enter takes it", a, about);
    else if (first && for_me && open)
        GateLobby_add(l, LOBBY_WAITING, "join", a, "%s invites you%s: Enter joins", a, about);
    else if (!first && for_me && !open)
        GateLobby_add(l, LOBBY_OWN, "join", a, "your game with %s: Enter goes back to it%s", a, "");
    else if (!first && mine && b[0] == '\0')
        GateLobby_add(l, LOBBY_OWN, "seek", "", "your seek: Enter goes back to it%s%s", "", "");
    else if (!first && mine)
        GateLobby_add(l, LOBBY_OWN, "join", b, "your game with %s: Enter goes back to it%s", b, "");
    else if (!first && !for_me && b[0] != '\0')
        GateLobby_add(l, LOBBY_OTHERS, "watch", a, "%s plays %s: Enter watches", a, b);
}

static bool GateLobby_waiting(void *ctx, const NetPlace *p)
{
    GateLobby_game(ctx, p, true);
    return true;
}

static bool GateLobby_others(void *ctx, const NetPlace *p)
{
    GateLobby_game(ctx, p, false);
    return true;
}

/* A record left at path of this name's game with other, its host not
 * running: an adjourned game is resumed by verb; a finished one (its host
 * ended before archiving it) is archived now, shown over with its result,
 * and Enter invites other again. */
static void GateLobby_left(GateLobby *l, const char *path, const char *verb, const char *other,
                           const char *fmt)
{
    HostRecordState state;
    char result[8], err[ERROR_MAX];
    if (access(path, F_OK) != 0)
        return;
    HostRecord_peek(path, &state, result, sizeof result);
    if (state != HOSTRECORD_OVER) {
        GateLobby_add(l, LOBBY_OWN, verb, other, fmt, other, "");
        return;
    }
    ServerHost_settle(l->g->dir, path, err, sizeof err); /* else the next invitation does */
    GateLobby_add(l, LOBBY_OWN, "invite", other,
                  "your last game with %s ended %s: Enter invites again", other, result);
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
            || Registry_gameRunning(&p[0]) || Registry_gameRunning(&p[1]))
            continue;
        if (ServerHost_savePath(l->g->dir, me, other, path, sizeof path))
            GateLobby_left(l, path, "invite", other,
                           "your adjourned game with %s: Enter resumes it%s");
        if (ServerHost_savePath(l->g->dir, other, me, path, sizeof path))
            GateLobby_left(l, path, "join", other,
                           "%s's adjourned game with you: Enter resumes it%s");
    }
    if (d != NULL)
        closedir(d);
}

typedef struct {
    const Gate *g;
    GateOnBoard *out;
    int n, max;
} GateBoards;

static bool GateLobby_onBoard(void *ctx, const NetPlace *p)
{
    GateBoards *b = ctx;
    const char *pair[2] = {p->inviter_name, p->guest_name};
    for (int i = 0; pair[1][0] != '\0' && i < 2 && b->n < b->max; i++)
        if (!Gate_isOnBoard(b->out, b->n, pair[i]) && ServerPeers_isConnected(b->g->dir, pair[i])) {
            GateOnBoard *o = &b->out[b->n++];
            snprintf(o->name, sizeof o->name, "%s", pair[i]);
            snprintf(o->opponent, sizeof o->opponent, "%s", pair[1 - i]);
        }
    return b->n < b->max;
}

int Gate_onBoard(const Gate *g, GateOnBoard *out, int max)
{
    GateBoards b = {g, out, 0, max};
    Registry_eachGame(g->dir, GateLobby_onBoard, &b);
    return b.n;
}

bool Gate_isOnBoard(const GateOnBoard *b, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(b[i].name, name) == 0)
            return true;
    return false;
}

typedef struct {
    GateLobby *l;
    const GateOnBoard *board;
    int playing;
} GateMenus;

static bool GateLobby_inMenu(void *ctx, const char *name)
{
    GateMenus *m = ctx;
    if (strcmp(name, m->l->g->name) != 0 && !Gate_isOnBoard(m->board, m->playing, name))
        GateLobby_add(m->l, LOBBY_OTHERS, "invite", name,
                      "%s is online: Enter invites %s to the game above", name, name);
    return true;
}

static void GateLobby_online(GateLobby *l)
{
    GateOnBoard board[GATE_ON_BOARD_MAX];
    int playing = Gate_onBoard(l->g, board, GATE_ON_BOARD_MAX);
    GateMenus menus = {l, board, playing};
    Registry_eachOnline(l->g->dir, GateLobby_inMenu, &menus);
    for (int i = 0; i < playing; i++)
        if (strcmp(board[i].name, l->g->name) != 0)
            GateLobby_add(l, LOBBY_OTHERS, "invite", board[i].name,
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
    if (!Registry_runDir(g->dir, run, sizeof run)
        || !Registry_onlineDir(g->dir, online, sizeof online)
        || (mkdir(run, 0700) != 0 && errno != EEXIST))
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
    if (!Registry_runDir(l.g->dir, run, sizeof run))
        return 0;
    Registry_eachGame(l.g->dir, GateLobby_waiting, &l);
    Registry_eachGame(l.g->dir, GateLobby_others, &l);
    GateLobby_adjourned(&l, run);
    GateLobby_online(&l);
    return l.n;
}
