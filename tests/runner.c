/* The main() body shared by every Check program, and its scratch folder. */
#include "runner.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RUNNER_TMP "/tmp"

static char run_dir[64];

void TestRunner_removeTree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        unlink(path);
        return;
    }
    chmod(path, 0700);
    DIR *d = opendir(path);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        TestRunner_removeTree(sub);
    }
    if (d != NULL)
        closedir(d);
    rmdir(path);
}

/* Ends every process that holds a file under dir open: the daemons a
 * failed test left (a game's host holds its lock file there; it is in a
 * session of its own, out of reach of Check's end of the test). */
static void TestRunner_killHolders(const char *dir)
{
    size_t len = strlen(dir);
    DIR *procs = opendir("/proc");
    struct dirent *p;
    while (procs != NULL && (p = readdir(procs)) != NULL) {
        int pid = atoi(p->d_name);
        char fds[64];
        snprintf(fds, sizeof fds, "/proc/%d/fd", pid);
        DIR *d = pid > 0 && pid != getpid() ? opendir(fds) : NULL;
        struct dirent *e;
        while (d != NULL && (e = readdir(d)) != NULL) {
            char link[sizeof fds + 256], target[4096];
            snprintf(link, sizeof link, "%s/%s", fds, e->d_name);
            ssize_t n = readlink(link, target, sizeof target - 1);
            if (n > (ssize_t)len && strncmp(target, dir, len) == 0 && target[len] == '/') {
                kill(pid, SIGKILL);
                break;
            }
        }
        if (d != NULL)
            closedir(d);
    }
    if (procs != NULL)
        closedir(procs);
}

/* A folder of ours named for a process that no longer exists was left by
 * a run that was killed (Check kills its whole process group on Ctrl-C). */
static void TestRunner_removeStale(void)
{
    DIR *d = opendir(RUNNER_TMP);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        int pid;
        struct stat st;
        char path[512];
        if (strncmp(e->d_name, TEST_RUNNER_PREFIX, strlen(TEST_RUNNER_PREFIX)) != 0
            || sscanf(e->d_name + strlen(TEST_RUNNER_PREFIX), "%d-", &pid) != 1 || pid <= 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", RUNNER_TMP, e->d_name);
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid()
            && kill(pid, 0) != 0 && errno == ESRCH) {
            TestRunner_killHolders(path);
            TestRunner_removeTree(path);
        }
    }
    if (d != NULL)
        closedir(d);
}

static void TestRunner_makeFolders(void)
{
    static const char *const vars[] = {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                                       "XDG_RUNTIME_DIR"};
    static const char *const names[] = {"home", "config", "data", "state", "run"};
    snprintf(run_dir, sizeof run_dir, RUNNER_TMP "/" TEST_RUNNER_PREFIX "%d-XXXXXX", (int)getpid());
    if (mkdtemp(run_dir) == NULL || chmod(run_dir, 0755) != 0) {
        perror(run_dir);
        exit(EXIT_FAILURE);
    }
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", run_dir, names[i]);
        if (mkdir(path, 0700) != 0) {
            perror(path);
            exit(EXIT_FAILURE);
        }
        setenv(vars[i], path, 1);
    }
}

const char *TestRunner_folder(void)
{
    return run_dir;
}

void TestRunner_tempDir(char *path, size_t len, const char *name)
{
    int n = snprintf(path, len, "%s/%s-XXXXXX", run_dir, name);
    ck_assert_msg(n > 0 && (size_t)n < len, "the test folder's name is too long");
    ck_assert_msg(mkdtemp(path) != NULL, "cannot make %s", path);
}

int TestRunner_run(Suite *s)
{
    TestRunner_removeStale();
    TestRunner_makeFolders();
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    TestRunner_killHolders(run_dir);
    TestRunner_removeTree(run_dir);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
