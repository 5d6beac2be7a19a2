/* The menu's view of games between terminals (see netmenu.h). The game
 * itself is reached by running the program again with the command-line
 * option, so that the host is started, and every refusal told, exactly as
 * from the shell, before any thread of this screen exists. */
#include "ui/netmenu.h"

#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "net/hostgame.h"
#include "net/lobby.h"
#include "ui/nav.h"

#define NETMENU_WAIT_MS 300   /* a host that takes longer is left out */
#define NETMENU_ACCOUNTS 64
#define NETMENU_FIRST_UID 1000 /* accounts of people, not of services */
#define NETMENU_LAST_UID 59999

/* A game the menu offers: its line, and the option that reaches it. */
typedef struct {
    char line[NET_LOBBY_LINE];
    const char *option;
    char user[NET_NAME_MAX];
} NetMenuGame;

static NetMenuGame games[NET_LOBBY_MAX * 2];
static int ngames, ninvitations;
static char accounts[NETMENU_ACCOUNTS][NET_NAME_MAX];
static int naccounts;
static char args[8][NET_LOBBY_LINE];
static char *argv_out[9];
static bool chosen;

/* A login shell, not /usr/sbin/nologin or /bin/false. */
static bool NetMenu_person(const struct passwd *pw)
{
    return pw->pw_uid >= NETMENU_FIRST_UID && pw->pw_uid <= NETMENU_LAST_UID
        && pw->pw_shell != NULL && strstr(pw->pw_shell, "nologin") == NULL
        && strstr(pw->pw_shell, "false") == NULL;
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
}

static void NetMenu_add(const char *line, const char *option, const char *user)
{
    NetMenuGame *g = &games[ngames++];
    snprintf(g->line, sizeof g->line, "%.*s", NET_LOBBY_LINE - 1, line);
    g->option = option;
    snprintf(g->user, sizeof g->user, "%.*s", NET_NAME_MAX - 1, user);
}

/* This account's adjourned games whose host is not running. */
static void NetMenu_scanAdjourned(const NetLobbyGame *found, int nfound)
{
    char guests[NET_LOBBY_MAX][NET_NAME_MAX], line[NET_LOBBY_LINE];
    int n = HostGame_adjourned(guests, NET_LOBBY_MAX);
    for (int i = 0; i < n; i++) {
        bool running = false;
        for (int k = 0; k < nfound; k++)
            running |= found[k].invited_by_me && strcmp(found[k].user, guests[i]) == 0;
        snprintf(line, sizeof line, "resume your adjourned game with %.*s", NET_NAME_MAX - 1,
                 guests[i]);
        if (!running)
            NetMenu_add(line, "--invite", guests[i]);
    }
}

void NetMenu_scan(void)
{
    static const char *const OPTION[] = {
        [NET_LOBBY_INVITATION] = "--join", [NET_LOBBY_MINE] = "--join",
        [NET_LOBBY_WATCHABLE] = "--watch" };
    NetLobbyGame found[NET_LOBBY_MAX];
    int n = NetLobby_scan(NetPlace_baseDir(), getuid(), found, NET_LOBBY_MAX, NETMENU_WAIT_MS);
    ngames = ninvitations = 0;
    for (int i = 0; i < n; i++) {
        ninvitations += found[i].kind == NET_LOBBY_INVITATION;
        NetMenu_add(found[i].line, found[i].invited_by_me ? "--invite" : OPTION[found[i].kind],
                    found[i].user);
    }
    NetMenu_scanAdjourned(found, n);
    NetMenu_scanAccounts();
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

void NetMenu_open(int i)
{
    if (i < 0 || i >= ngames)
        return;
    snprintf(args[0], sizeof args[0], "zanzibar");
    snprintf(args[1], sizeof args[1], "%s", games[i].option);
    snprintf(args[2], sizeof args[2], "%s", games[i].user);
    NetMenu_handTo(3);
}

void NetMenu_invite(int account, const Variant *v, int base_min, int inc_s)
{
    if (account < 0 || account >= naccounts)
        return;
    snprintf(args[0], sizeof args[0], "zanzibar");
    snprintf(args[1], sizeof args[1], "--invite");
    snprintf(args[2], sizeof args[2], "%s", accounts[account]);
    snprintf(args[3], sizeof args[3], "--variant");
    snprintf(args[4], sizeof args[4], "%s", v->name);
    int argc = 5;
    if (base_min > 0) {
        snprintf(args[5], sizeof args[5], "--time");
        snprintf(args[6], sizeof args[6], "%d+%d", base_min, inc_s);
        argc = 7;
    }
    NetMenu_handTo(argc);
}

char *const *NetMenu_handOver(void)
{
    return chosen ? argv_out : NULL;
}
