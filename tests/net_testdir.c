/* The tests' stand-in for /tmp and their extra accounts (see net_testdir.h). */
#include "net_testdir.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"

char base[64];

void makeBase(void)
{
    TestRunner_tempDir(base, sizeof base, "net");
    chmod(base, 0755);
}

void cleanBase(void)
{
    TestRunner_removeTree(base);
}

void NetTestDir_reachable(const char *path, char *copy, size_t len)
{
    const char *slash = strrchr(path, '/');
    int n = snprintf(copy, len, "%s/%s", base, slash != NULL ? slash + 1 : path);
    ck_assert(n > 0 && (size_t)n < len);
    int in = open(path, O_RDONLY), out = open(copy, O_WRONLY | O_CREAT | O_EXCL, 0755);
    ck_assert_msg(in >= 0 && out >= 0, "cannot copy %s to %s", path, copy);
    char buf[65536];
    ssize_t got;
    while ((got = read(in, buf, sizeof buf)) > 0)
        ck_assert_int_eq(write(out, buf, (size_t)got), got);
    ck_assert_int_eq(got, 0);
    close(in);
    ck_assert_int_eq(close(out), 0);
    chmod(copy, 0755);
}

void TestAccount_remove(const char *name)
{
    char cmd[192];
    snprintf(cmd, sizeof cmd, "pkill -KILL -u %.32s 2>/dev/null; userdel %.32s >/dev/null 2>&1",
             name, name);
    if (system(cmd) != 0)
        (void)0; /* already gone */
}

void TestAccount_removeStale(void)
{
    if (geteuid() != 0)
        return;
    char stale[16][32];
    int n = 0;
    struct passwd *pw;
    setpwent();
    while ((pw = getpwent()) != NULL && n < 16) {
        int pid;
        char role, end;
        if (sscanf(pw->pw_name, TEST_ACCOUNT_PREFIX "%c%d%c", &role, &pid, &end) == 2 && role >= 'a'
            && role <= 'z' && pid > 0 && kill(pid, 0) != 0 && errno == ESRCH)
            snprintf(stale[n++], sizeof stale[0], "%s", pw->pw_name);
    }
    endpwent();
    for (int i = 0; i < n; i++)
        TestAccount_remove(stale[i]);
}

uid_t TestAccount_add(char *name, size_t len, char role)
{
    snprintf(name, len, TEST_ACCOUNT_PREFIX "%c%d", role, (int)getpid());
    char cmd[128];
    snprintf(cmd, sizeof cmd, "useradd -M -s /bin/sh %s", name);
    ck_assert_msg(system(cmd) == 0, "useradd %s failed", name);
    struct passwd *pw = getpwnam(name);
    ck_assert_ptr_nonnull(pw);
    return pw->pw_uid;
}
