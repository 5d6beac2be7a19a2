/* The menu's view of games between terminals (see netmenu.h). The game
 * itself is reached by running the program again with the command-line
 * option, so that the host is started, and every refusal told, exactly as
 * from the shell, before any thread of this screen exists. */
#include "ui/netmenu.h"

#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "net/lobby.h"
#include "ui/nav.h"

#define NETMENU_WAIT_MS 300   /* a host that takes longer is left out */
#define NETMENU_ACCOUNTS 64
#define NETMENU_FIRST_UID 1000 /* accounts of people, not of services */
#define NETMENU_LAST_UID 59999

static NetLobbyGame games[NET_LOBBY_MAX];
static int ngames;
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

void NetMenu_scan(void)
{
    NetLobbyGame all[NET_LOBBY_MAX];
    int n = NetLobby_scan(NetPlace_baseDir(), getuid(), all, NET_LOBBY_MAX, NETMENU_WAIT_MS);
    ngames = 0;
    for (int i = 0; i < n; i++)
        if (all[i].kind == NET_LOBBY_INVITATION)
            games[ngames++] = all[i];
    NetMenu_scanAccounts();
}

int NetMenu_invitations(void)
{
    return ngames;
}

const char *NetMenu_invitation(int i)
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

void NetMenu_join(int i)
{
    if (i < 0 || i >= ngames)
        return;
    snprintf(args[0], sizeof args[0], "zanzibar");
    snprintf(args[1], sizeof args[1], "--join");
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
