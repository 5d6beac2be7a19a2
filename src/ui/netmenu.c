/* The menu's view of games between terminals (see netmenu.h). The game
 * itself is reached by running the program again with the command-line
 * option, so that the host is started, and every refusal told, exactly as
 * from the shell, before any thread of this screen exists. */
#include "ui/netmenu.h"

#include <curses.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/fen.h"
#include "core/timecontrol.h"
#include "match/hostgame.h"
#include "net/lobby.h"
#include "net/place.h"
#include "ui/keys.h"
#include "ui/nav.h"

/* For every host's answer in all: the menu shows at once and each game
 * joins its lines as its host answers; later ones are left out. */
#define NETMENU_WAIT_MS 5000
#define NETMENU_ACCOUNTS 64
#define NETMENU_FIRST_UID 1000 /* accounts of people, not of services */
#define NETMENU_LAST_UID 59999

/* A game the menu offers: its line, and the option that reaches it (on a
 * public server: the verb). */
typedef struct {
    char line[NET_LOBBY_LINE];
    char option[NETMENU_VERB + 8];
    char user[NET_NAME_MAX];
} NetMenuGame;

static NetMenuGame games[NET_LOBBY_MAX * 2];
static NetMenuLister server_lister;
static const EngineSlots *server_engines;
static int server_fd = -1;
static void *server_ctx;
static NetLobby *lobby; /* the look under way, while hosts are awaited */
static int ngames, ninvitations;
static char accounts[NETMENU_ACCOUNTS][NET_NAME_MAX];
static int naccounts;
#define NETMENU_ARGS 10
static char args[NETMENU_ARGS][FEN_MAX];
static char *argv_out[NETMENU_ARGS + 1];
static bool chosen;
/* The Invite line's name, and the invitation waiting for its position. */
static char guest[NET_NAME_MAX];
static bool typing;
static struct {
    bool waiting;
    int base_ms, inc_ms;
} invitation;

/* A shell /etc/shells lists: not /usr/sbin/nologin or /bin/false. */
static bool NetMenu_loginShell(const char *shell)
{
    bool found = false;
    const char *s;
    setusershell();
    while (!found && shell != NULL && (s = getusershell()) != NULL)
        found = strcmp(s, shell) == 0;
    endusershell();
    return found;
}

static bool NetMenu_isFolder(const char *path, uid_t owner, bool owned)
{
    struct stat st;
    return path != NULL && stat(path, &st) == 0 && S_ISDIR(st.st_mode)
        && (!owned || st.st_uid == owner);
}

/* Someone who has played here: their own folder in the meeting place. */
static bool NetMenu_hasPlayed(uid_t uid)
{
    NetPlace place;
    char err[ERROR_MAX];
    return NetPlace_init(&place, NetPlace_baseDir(), uid, uid, err, sizeof err)
        && NetMenu_isFolder(place.dir, uid, true);
}

/* An account of a person, not of a service: one who can log in and has a
 * home, or who has played here already. */
static bool NetMenu_person(const struct passwd *pw)
{
    if (pw->pw_uid < NETMENU_FIRST_UID || pw->pw_uid > NETMENU_LAST_UID)
        return false;
    return (NetMenu_loginShell(pw->pw_shell) && NetMenu_isFolder(pw->pw_dir, pw->pw_uid, false))
        || NetMenu_hasPlayed(pw->pw_uid);
}

static void NetMenu_scanAccounts(void)
{
    uid_t me = getuid();
    struct passwd *pw = getpwuid(me);
    naccounts = 0;
    if (pw != NULL)
        snprintf(accounts[naccounts++], NET_NAME_MAX, "%s", pw->pw_name);
    setpwent();
    while (naccounts < NETMENU_ACCOUNTS && (pw = getpwent()) != NULL)
        if (pw->pw_uid != me && NetMenu_person(pw))
            snprintf(accounts[naccounts++], NET_NAME_MAX, "%s", pw->pw_name);
    endpwent();
    if (guest[0] == '\0' && !typing)
        NetMenu_pickAccount(0);
}

static void NetMenu_add(const char *line, const char *option, const char *user)
{
    NetMenuGame *g = &games[ngames++];
    snprintf(g->line, sizeof g->line, "%.*s", NET_LOBBY_LINE - 1, line);
    snprintf(g->option, sizeof g->option, "%s", option);
    snprintf(g->user, sizeof g->user, "%.*s", NET_NAME_MAX - 1, user);
}

/* This account's games left in their records that the look for games did
 * not find: one whose host runs but was too busy to answer is gone back
 * to, an adjourned one is resumed, and inviting again after a finished
 * one keeps it first (HostRecord_settle). */
static void NetMenu_scanLeft(const NetLobbyGame *found, int nfound)
{
    HostGameLeft left[NET_LOBBY_MAX];
    char line[NET_LOBBY_LINE];
    int n = HostGame_left(left, NET_LOBBY_MAX);
    for (int i = 0; i < n; i++) {
        if (NetLobby_hasMine(found, nfound, left[i].guest))
            continue;
        if (NetPlace_myGameRunning(left[i].guest))
            snprintf(line, sizeof line,
                     "go back to your game with %.*s (it runs; its host "
                     "did not answer now)",
                     NET_NAME_MAX - 1, left[i].guest);
        else if (left[i].over)
            snprintf(line, sizeof line, "invite %.*s again (your last game ended %s)",
                     NET_NAME_MAX - 1, left[i].guest, left[i].result);
        else
            snprintf(line, sizeof line, "resume your adjourned game with %.*s", NET_NAME_MAX - 1,
                     left[i].guest);
        NetMenu_add(line, "--invite", left[i].guest);
    }
}

void NetMenu_useServer(NetMenuLister lister, const EngineSlots *engines, void *ctx, int changes_fd)
{
    server_lister = lister;
    server_engines = engines;
    server_ctx = ctx;
    server_fd = changes_fd;
}

bool NetMenu_takeEngine(char *why, size_t len)
{
    return server_engines == NULL || server_engines->take(server_engines->ctx, why, len);
}

void NetMenu_giveEngine(void)
{
    if (server_engines != NULL)
        server_engines->give(server_engines->ctx);
}

bool NetMenu_onServer(void)
{
    return server_lister != NULL;
}

/* The server's lines; the verb is kept where the option would be. */
static void NetMenu_scanServer(void)
{
    static NetMenuLine lines[NET_LOBBY_MAX * 2];
    int n = server_lister(server_ctx, lines, NET_LOBBY_MAX * 2);
    ngames = ninvitations = naccounts = 0;
    for (int i = 0; i < n; i++) {
        ninvitations += lines[i].invitation;
        NetMenu_add(lines[i].line, lines[i].verb, lines[i].name);
    }
}

/* The lines of the games answered so far, and the adjourned games. */
static void NetMenu_fill(void)
{
    static const char *const OPTION[] = {[NET_LOBBY_INVITATION] = "--join",
                                         [NET_LOBBY_MINE] = "--join",
                                         [NET_LOBBY_WATCHABLE] = "--watch"};
    NetLobbyGame found[NET_LOBBY_MAX];
    int n = NetLobby_games(lobby, found, NET_LOBBY_MAX);
    ngames = ninvitations = 0;
    for (int i = 0; i < n; i++) {
        ninvitations += found[i].kind == NET_LOBBY_INVITATION;
        NetMenu_add(found[i].line, found[i].invited_by_me ? "--invite" : OPTION[found[i].kind],
                    found[i].user);
    }
    NetMenu_scanLeft(found, n);
}

/* The look is over once no host is awaited: its lines stay. */
static void NetMenu_settle(void)
{
    if (NetLobby_pending(lobby) == 0) {
        NetLobby_free(lobby);
        lobby = NULL;
    }
}

void NetMenu_scan(void)
{
    NetLobby_free(lobby);
    lobby = NULL;
    if (server_lister != NULL) {
        NetMenu_scanServer();
        return;
    }
    lobby = NetLobby_start(NetPlace_baseDir(), getuid(), NETMENU_WAIT_MS);
    NetMenu_fill();
    NetMenu_settle();
    NetMenu_scanAccounts();
}

int NetMenu_pollFds(struct pollfd *fds, int max)
{
    if (server_lister != NULL) {
        if (server_fd < 0 || max < 1)
            return 0;
        fds[0] = (struct pollfd){.fd = server_fd, .events = POLLIN};
        return 1;
    }
    return NetLobby_pollFds(lobby, fds, max);
}

int NetMenu_waitMs(void)
{
    return server_lister != NULL ? -1 : NetLobby_waitMs(lobby);
}

/* The server said its lines may have changed: take all it said, and list
 * them again once. */
static bool NetMenu_pumpServer(void)
{
    char said[4096];
    bool news = false;
    while (server_fd >= 0 && read(server_fd, said, sizeof said) > 0)
        news = true;
    if (news)
        NetMenu_scanServer();
    return news;
}

bool NetMenu_pump(void)
{
    if (server_lister != NULL)
        return NetMenu_pumpServer();
    if (lobby == NULL)
        return false;
    bool news = NetLobby_read(lobby);
    if (news)
        NetMenu_fill();
    NetMenu_settle();
    return news || lobby == NULL; /* an empty line no longer says "looking" */
}

bool NetMenu_looking(void)
{
    return lobby != NULL;
}

int NetMenu_find(const char *line)
{
    for (int i = 0; i < ngames; i++)
        if (strcmp(games[i].line, line) == 0)
            return i;
    return -1;
}

int NetMenu_games(void)
{
    return ngames;
}

int NetMenu_invitations(void)
{
    return ninvitations;
}

const char *NetMenu_game(int i)
{
    return i >= 0 && i < ngames ? games[i].line : "";
}

int NetMenu_accounts(void)
{
    return naccounts;
}

const char *NetMenu_account(int i)
{
    return i >= 0 && i < naccounts ? accounts[i] : "";
}

static void NetMenu_handTo(int argc)
{
    for (int i = 0; i < argc; i++)
        argv_out[i] = args[i];
    argv_out[argc] = NULL;
    chosen = true;
    Nav_quit();
}

/* "invite NAME --variant GAME [--time M+S]", "join NAME", "watch NAME". */
static void NetMenu_openServer(int i, const Variant *v, int base_ms, int inc_ms)
{
    int argc = 2;
    snprintf(args[0], sizeof args[0], "%s", games[i].option);
    snprintf(args[1], sizeof args[1], "%s", games[i].user);
    if (strcmp(games[i].option, "invite") == 0 && v != NULL) {
        snprintf(args[argc++], sizeof args[0], "--variant");
        snprintf(args[argc++], sizeof args[0], "%s", v->name);
        if (base_ms > 0) {
            snprintf(args[argc++], sizeof args[0], "--time");
            TimeControl_write(base_ms, inc_ms, args[argc++], sizeof args[0]);
        }
    }
    NetMenu_handTo(argc);
}

void NetMenu_open(int i, const Variant *v, int base_ms, int inc_ms)
{
    if (i < 0 || i >= ngames)
        return;
    if (server_lister != NULL) {
        NetMenu_openServer(i, v, base_ms, inc_ms);
        return;
    }
    snprintf(args[0], sizeof args[0], "zanzibar");
    snprintf(args[1], sizeof args[1], "%s", games[i].option);
    snprintf(args[2], sizeof args[2], "%s", games[i].user);
    NetMenu_handTo(3);
}

const char *NetMenu_guest(void)
{
    return guest;
}

bool NetMenu_typing(void)
{
    return typing;
}

void NetMenu_pickAccount(int account)
{
    snprintf(guest, sizeof guest, "%s", NetMenu_account(account));
    typing = false;
}

/* The characters of portable user names. */
static bool NetMenu_nameChar(int key)
{
    return (key >= 'a' && key <= 'z') || (key >= 'A' && key <= 'Z') || (key >= '0' && key <= '9')
        || key == '.' || key == '_' || key == '-';
}

bool NetMenu_typeKey(int key)
{
    size_t len = strlen(guest);
    if (KEY_ERASES_BACK(key)) {
        typing = true;
        if (len > 0)
            guest[len - 1] = '\0';
        return true;
    }
    if (!NetMenu_nameChar(key))
        return false;
    if (!typing)
        guest[0] = '\0', len = 0;
    typing = true;
    if (len + 1 < sizeof guest) {
        guest[len] = (char)key;
        guest[len + 1] = '\0';
    } else {
        Nav_note("a user name has at most %d characters", (int)sizeof guest - 1);
    }
    return true;
}

void NetMenu_endTyping(void)
{
    typing = false;
}

bool NetMenu_prepareInvite(int base_ms, int inc_ms)
{
    char err[NAV_NOTE_MAX - 32];
    uid_t uid;
    invitation.waiting = false;
    if (guest[0] == '\0') {
        Nav_note("type the user name of the person to invite");
        return false;
    }
    if (!NetPlace_uidOf(guest, &uid, err, sizeof err)) {
        Nav_note("cannot invite: %s", err);
        return false;
    }
    invitation.waiting = true;
    invitation.base_ms = base_ms;
    invitation.inc_ms = inc_ms;
    return true;
}

void NetMenu_forgetInvite(void)
{
    invitation.waiting = false;
}

/* "zanzibar --invite USER --variant V --fen START|--setup black [--time
 * M+S]": the start carries the other ways of choosing the array (random,
 * standard...); Black's own choice is made by Black on joining. */
static void NetMenu_invite(const Variant *v, const Position *start)
{
    if (!invitation.waiting)
        return;
    invitation.waiting = false;
    snprintf(args[0], sizeof args[0], "zanzibar");
    snprintf(args[1], sizeof args[1], "--invite");
    snprintf(args[2], sizeof args[2], "%s", guest);
    snprintf(args[3], sizeof args[3], "--variant");
    snprintf(args[4], sizeof args[4], "%s", v->name);
    snprintf(args[5], sizeof args[5], start != NULL ? "--fen" : "--setup");
    if (start != NULL)
        Fen_write(start, args[6], sizeof args[6]);
    else
        snprintf(args[6], sizeof args[6], "black");
    int argc = 7;
    if (invitation.base_ms > 0) {
        snprintf(args[7], sizeof args[7], "--time");
        TimeControl_write(invitation.base_ms, invitation.inc_ms, args[8], sizeof args[8]);
        argc = 9;
    }
    NetMenu_handTo(argc);
}

void NetMenu_inviteFrom(const Position *start)
{
    NetMenu_invite(start->v, start);
}

void NetMenu_inviteArranged(const Variant *v)
{
    NetMenu_invite(v, NULL);
}

char *const *NetMenu_handOver(void)
{
    return chosen ? argv_out : NULL;
}
