/* The administrator's tools: who may run them (root or the account, as
 * the kernel says, and not from within a connection), then each command
 * on the store and the server's folders. */
#include "server/admin.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server/gate.h"
#include "server/registry.h"
#include "server/serverhost.h"

#define ADMIN_ERR_MAX 512

typedef struct {
    Gate g; /* the server's folders, store and out, as a gate sees them */
    char **words;
    FILE *err;
} Admin;

static int Admin_fail(const Admin *a, const char *fmt, const char *word)
{
    fprintf(a->err, "zanzibar: --server-admin: ");
    fprintf(a->err, fmt, word);
    fprintf(a->err, "\n");
    return 2;
}

/* Root becomes the account (its groups too); the account stays itself,
 * unless it runs under sshd, where only the gate runs for it. */
static bool Admin_becomeAccount(const struct passwd *pw, char *why, size_t len)
{
    uid_t real = getuid();
    if (real == pw->pw_uid && getenv("SSH_CONNECTION") == NULL)
        return true;
    if (real == pw->pw_uid) {
        snprintf(why, len, "not through ssh: log in to the machine as root, or su to %s",
                 pw->pw_name);
        return false;
    }
    if (real != 0) {
        snprintf(why, len, "only root or the server's account %s may run this", pw->pw_name);
        return false;
    }
    if (initgroups(pw->pw_name, pw->pw_gid) != 0 || setgid(pw->pw_gid) != 0
        || setuid(pw->pw_uid) != 0 || getuid() != pw->pw_uid || geteuid() != pw->pw_uid) {
        snprintf(why, len, "cannot become %s: %s", pw->pw_name, strerror(errno));
        return false;
    }
    return true;
}

static bool Admin_open(Admin *a, const char *account, char *why, size_t len)
{
    struct passwd *pw = getpwnam(account);
    if (pw == NULL || pw->pw_uid == 0) {
        snprintf(why, len, "%s is not an account for the server (see --server-config)", account);
        return false;
    }
    if (!Admin_becomeAccount(pw, why, len))
        return false;
    snprintf(a->g.account, sizeof a->g.account, "%s", pw->pw_name);
    int n = snprintf(a->g.dir, sizeof a->g.dir, "%s/" GATE_DATA_FOLDER, pw->pw_dir);
    struct stat st;
    if (n < 0 || (size_t)n >= sizeof a->g.dir || stat(a->g.dir, &st) != 0) {
        snprintf(why, len, "%s has no server data yet (nobody has connected)", account);
        return false;
    }
    char path[PATHS_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", a->g.dir, STORE_FILE_NAME);
    a->g.store = Store_open(path, why, len);
    return a->g.store != NULL;
}

static void Admin_time(time_t t, char *buf, size_t len)
{
    struct tm tm;
    if (t == 0 || gmtime_r(&t, &tm) == NULL || strftime(buf, len, "%Y-%m-%d %H:%M", &tm) == 0)
        snprintf(buf, len, "never");
}

static void Admin_printKey(const char *fingerprint, time_t added, void *ctx)
{
    Admin *a = ctx;
    char when[32];
    Admin_time(added, when, sizeof when);
    fprintf(a->g.out, "    key %s  added %s\n", fingerprint, when);
}

static void Admin_printName(const StoreName *n, void *ctx)
{
    Admin *a = ctx;
    char seen[32];
    Admin_time(n->last_seen, seen, sizeof seen);
    fprintf(a->g.out, "%-16s last seen %s from %s%s\n", n->name, seen,
            n->last_address[0] ? n->last_address : "-", n->banned ? "  BANNED" : "");
    Store_eachKey(a->g.store, n->name, Admin_printKey, a);
}

static int Admin_names(Admin *a)
{
    return Store_eachName(a->g.store, Admin_printName, a) == STORE_OK ? 0 : 1;
}

typedef struct {
    Admin *a;
    int n;
} AdminGames;

static bool Admin_printGame(void *ctx, const NetPlace *p)
{
    AdminGames *games = ctx;
    if (p->guest_name[0] == '\0')
        fprintf(games->a->g.out, "  %s seeks a game\n", p->inviter_name);
    else
        fprintf(games->a->g.out, "  %s plays %s\n", p->inviter_name, p->guest_name);
    games->n++;
    return true;
}

static int Admin_online(Admin *a)
{
    AdminGames games = {a, 0};
    Gate_printOnline(&a->g);
    fprintf(a->g.out, "Games running:\n");
    Registry_eachGame(a->g.dir, Admin_printGame, &games);
    if (games.n == 0)
        fprintf(a->g.out, "  none\n");
    return 0;
}

/* The name a command names, as stored (its own case). */
static bool Admin_findName(Admin *a, const char *word, char name[STORE_NAME_MAX])
{
    return ServerName_isWellFormed(word)
        && Store_findName(a->g.store, word, name, STORE_NAME_MAX) == STORE_OK;
}

static int Admin_ban(Admin *a)
{
    char name[STORE_NAME_MAX];
    bool ban = strcmp(a->words[0], "ban") == 0;
    if (!Admin_findName(a, a->words[1], name))
        return Admin_fail(a, "no name %s here", a->words[1]);
    if (Store_setBanned(a->g.store, name, ban) != STORE_OK)
        return 1;
    fprintf(a->g.out,
            ban ? "%s is banned: its next connection ends with a message\n" : "%s may play again\n",
            name);
    return 0;
}

static int Admin_revoke(Admin *a)
{
    char name[STORE_NAME_MAX];
    StoreStatus st = Store_revokeKey(a->g.store, a->words[1], name, sizeof name);
    if (st == STORE_NOT_FOUND)
        return Admin_fail(a, "no key %s here (names lists them)", a->words[1]);
    if (st != STORE_OK)
        return 1;
    fprintf(a->g.out, "the key no longer plays as %s\n", name);
    return 0;
}

/* True while name is in a menu or on a board. */
static bool Admin_isConnected(Admin *a, const char *name)
{
    GateOnBoard board[GATE_ON_BOARD_MAX];
    int playing = Gate_onBoard(&a->g, board, GATE_ON_BOARD_MAX);
    return Registry_isOnline(a->g.dir, name) || Gate_isOnBoard(board, playing, name);
}

/* The adjourned games others invited from to are kept under from's name
 * in their folders (ServerHost_savePath): they follow the rename. */
static void Admin_renameAdjourned(const Admin *a, const char *from, const char *to)
{
    char players[PATHS_MAX + 16], old_path[PATHS_MAX + 96], new_path[PATHS_MAX + 96];
    snprintf(players, sizeof players, "%s/players", a->g.dir);
    DIR *d = opendir(players);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;)
        if (ServerName_isWellFormed(e->d_name)
            && ServerHost_savePath(a->g.dir, e->d_name, from, old_path, sizeof old_path)
            && ServerHost_savePath(a->g.dir, e->d_name, to, new_path, sizeof new_path)
            && access(new_path, F_OK) != 0)
            rename(old_path, new_path);
    if (d != NULL)
        closedir(d);
}

static int Admin_rename(Admin *a)
{
    char from[STORE_NAME_MAX], to[NAME_MAX_LEN + 1], why[ADMIN_ERR_MAX];
    char old_dir[PATHS_MAX + 64], new_dir[PATHS_MAX + 64];
    if (!Admin_findName(a, a->words[1], from))
        return Admin_fail(a, "no name %s here", a->words[1]);
    if (!ServerName_check(a->words[2], a->g.account, to, why, sizeof why))
        return Admin_fail(a, "the new name: %s", why);
    if (Admin_isConnected(a, from))
        return Admin_fail(a, "%s is connected now; rename it once it has left", from);
    snprintf(old_dir, sizeof old_dir, "%s/players/%s", a->g.dir, from);
    snprintf(new_dir, sizeof new_dir, "%s/players/%s", a->g.dir, to);
    if (access(new_dir, F_OK) == 0)
        return Admin_fail(a, "a folder players/%s is in the way", to);
    bool moved = rename(old_dir, new_dir) == 0;
    StoreStatus st = Store_rename(a->g.store, from, to);
    if (st != STORE_OK && moved)
        rename(new_dir, old_dir);
    if (st == STORE_TAKEN)
        return Admin_fail(a, "%s is taken", to);
    if (st != STORE_OK)
        return 1;
    Admin_renameAdjourned(a, from, to);
    fprintf(a->g.out, "%s is now %s, with its keys, ratings, games, folder and adjourned games\n",
            from, to);
    return 0;
}

static int Admin_deleteGame(Admin *a)
{
    char *end;
    errno = 0;
    long long id = strtoll(a->words[1], &end, 10);
    if (errno != 0 || *end != '\0' || id <= 0 || a->words[1][0] == '+')
        return Admin_fail(a, "%s is not a game's number", a->words[1]);
    StoreStatus st = Store_deleteGame(a->g.store, id);
    if (st == STORE_NOT_FOUND)
        return Admin_fail(a, "there is no game number %s", a->words[1]);
    if (st != STORE_OK)
        return 1;
    fprintf(a->g.out, "game %lld is no longer in the archive (the ratings stay as they are)\n", id);
    return 0;
}

/* clang-format off */
static const struct {
    const char *word, *args;
    int nargs;
    int (*run)(Admin *a);
} ADMIN_COMMANDS[] = {
    {"names",       "",            0, Admin_names},
    {"online",      "",            0, Admin_online},
    {"ban",         "NAME",        1, Admin_ban},
    {"unban",       "NAME",        1, Admin_ban},
    {"revoke",      "FINGERPRINT", 1, Admin_revoke},
    {"rename",      "NAME NEW",    2, Admin_rename},
    {"delete-game", "NUMBER",      1, Admin_deleteGame},
};
/* clang-format on */
#define ADMIN_NCOMMANDS ((int)(sizeof ADMIN_COMMANDS / sizeof ADMIN_COMMANDS[0]))

static void Admin_usage(FILE *err)
{
    fprintf(err, "zanzibar: --server-admin ACCOUNT takes one of:\n");
    for (int i = 0; i < ADMIN_NCOMMANDS; i++)
        fprintf(err, "  %s %s\n", ADMIN_COMMANDS[i].word, ADMIN_COMMANDS[i].args);
}

int Admin_run(const char *account, int nwords, char **words, FILE *out, FILE *err)
{
    int i = 0;
    while (i < ADMIN_NCOMMANDS && (nwords < 1 || strcmp(words[0], ADMIN_COMMANDS[i].word) != 0))
        i++;
    if (i == ADMIN_NCOMMANDS || nwords != ADMIN_COMMANDS[i].nargs + 1) {
        Admin_usage(err);
        return 2;
    }
    Admin a = {.g = {.out = out, .err = err, .presence_fd = -1}, .words = words, .err = err};
    char why[ADMIN_ERR_MAX];
    if (!Admin_open(&a, account, why, sizeof why)) {
        fprintf(err, "zanzibar: --server-admin: %s\n", why);
        return 2;
    }
    int status = ADMIN_COMMANDS[i].run(&a);
    if (status == 1)
        fprintf(err, "zanzibar: --server-admin: %s\n", Store_error(a.g.store));
    Store_close(a.g.store);
    return status;
}
