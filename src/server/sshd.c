/* sshd's side of the public server: the configuration block and the key
 * command. sshd runs the key command for keys that have not yet proved
 * themselves, so it reads nothing, decodes nothing and answers at once:
 * the gate learns the key sshd checked from sshd's record of the session. */
#include "server/sshd.h"

#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/sshkey.h"

#define SSHD_ERR_MAX 512

bool ServerSshd_selfPath(char *buf, size_t len, char *err, size_t errlen)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);
    if (n <= 0 || (size_t)n >= len - 1 || buf[0] != '/') {
        snprintf(err, errlen, "cannot tell where this program lives (/proc/self/exe)");
        return false;
    }
    buf[n] = '\0';
    return true;
}

static bool ServerSshd_componentIsSafe(const char *path, bool last, char *err, size_t len)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, len, "cannot read %s", path);
        return false;
    }
    if (last && !S_ISREG(st.st_mode)) {
        snprintf(err, len, "%s is not a regular file", path);
        return false;
    }
    if (st.st_uid != 0) {
        snprintf(err, len, "%s is not owned by root, so sshd will not run it as a key command",
                 path);
        return false;
    }
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        snprintf(err, len,
                 "%s is writable by group or others, so sshd will not run it as a key command",
                 path);
        return false;
    }
    return true;
}

bool ServerSshd_pathIsSafe(const char *path, char *err, size_t len)
{
    char copy[PATH_MAX];
    if (path[0] != '/' || strlen(path) >= sizeof copy) {
        snprintf(err, len, "%s is not an absolute path", path);
        return false;
    }
    if (strpbrk(path, " \t\n\"'%\\") != NULL) {
        snprintf(err, len, "%s holds a space, quote, %% or backslash that sshd would misread",
                 path);
        return false;
    }
    snprintf(copy, sizeof copy, "%s", path);
    bool last = true;
    for (;;) {
        if (!ServerSshd_componentIsSafe(copy, last, err, len))
            return false;
        last = false;
        char *slash = strrchr(copy, '/');
        if (slash == copy) {
            if (copy[1] == '\0')
                return true;
            copy[1] = '\0'; /* the root itself is checked last */
        } else {
            *slash = '\0';
        }
    }
}

static void ServerSshd_printBlock(const char *account, const char *self, FILE *out)
{
    fprintf(out,
            "# zanzibar's public game server: anyone with an SSH key plays as account %s.\n"
            "# Written by \"zanzibar --server-config %s\"; see zanzibar(6).\n"
            "Match User %s\n"
            "    AuthorizedKeysFile none\n"
            "    AuthorizedKeysCommand %s --server-keys %%u %%t %%k\n"
            "    AuthorizedKeysCommandUser %s\n"
            "    ForceCommand %s --server-gate\n"
            "    DisableForwarding yes\n"
            "    PermitTunnel no\n"
            "    PermitUserRC no\n"
            "    PermitTTY yes\n"
            "    PasswordAuthentication no\n"
            "    KbdInteractiveAuthentication no\n"
            "    ExposeAuthInfo yes\n"
            "    ClientAliveInterval %d\n"
            "    ClientAliveCountMax %d\n",
            account, account, account, self, account, self, SSHD_ALIVE_INTERVAL, SSHD_ALIVE_COUNT);
}

/* A shell that refuses logins also refuses the forced command. */
static bool ServerSshd_shellRuns(const struct passwd *pw)
{
    const char *shell = pw->pw_shell;
    if (shell == NULL || shell[0] == '\0')
        return true; /* sshd falls back to /bin/sh */
    const char *base = strrchr(shell, '/');
    base = base != NULL ? base + 1 : shell;
    return strcmp(base, "nologin") != 0 && strcmp(base, "false") != 0;
}

int ServerSshd_config(const char *account, FILE *out, FILE *err)
{
    char self[PATH_MAX], why[SSHD_ERR_MAX];
    struct passwd *pw = getpwnam(account);
    if (pw == NULL) {
        fprintf(err,
                "zanzibar: --server-config: no account named '%s' (create it first, see "
                "zanzibar(6))\n",
                account);
        return 2;
    }
    if (pw->pw_uid == 0) {
        fprintf(err,
                "zanzibar: --server-config: '%s' is root; the server needs an account of "
                "its own\n",
                account);
        return 2;
    }
    if (!ServerSshd_shellRuns(pw)) {
        fprintf(err,
                "zanzibar: --server-config: %s's shell %s refuses every command, the game's "
                "too; give the account /bin/sh (usermod -s /bin/sh %s)\n",
                account, pw->pw_shell, account);
        return 2;
    }
    if (!ServerSshd_selfPath(self, sizeof self, why, sizeof why)
        || !ServerSshd_pathIsSafe(self, why, sizeof why)) {
        fprintf(err,
                "zanzibar: --server-config: %s; install the program (make install) and "
                "run the installed copy\n",
                why);
        return 2;
    }
    ServerSshd_printBlock(account, self, out);
    return 0;
}

/* A word of sshd's own (%t, %k) that goes back to it unchanged: only the
 * characters of key types and base64, so that no line is ever added. */
static bool ServerSshd_isKeyWord(const char *word)
{
    size_t n = strlen(word);
    return n > 0 && n <= SSHKEY_BLOB_MAX
        && strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=@.-")
        == n;
}

bool ServerSshd_keyLine(const char *account, const char *user, const char *type, const char *key,
                        char *line, size_t len)
{
    if (strcmp(user, account) != 0 || !ServerSshd_isKeyWord(type) || !ServerSshd_isKeyWord(key))
        return false;
    int n = snprintf(line, len, "restrict,pty %s %s", type, key);
    return n > 0 && (size_t)n < len;
}

int ServerSshd_keys(const char *user, const char *type, const char *key, FILE *out)
{
    static char line[2 * SSHKEY_BLOB_MAX + 64];
    struct passwd *pw = getpwuid(getuid());
    if (pw == NULL || pw->pw_uid == 0)
        return 0;
    if (ServerSshd_keyLine(pw->pw_name, user, type, key, line, sizeof line))
        fprintf(out, "%s\n", line);
    return 0;
}
