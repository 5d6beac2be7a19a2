/* The tests' scratch folder (see scratch.h). */
#include "scratch.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"

char scratch_dir[256];

void Scratch_make(void)
{
    static const char *const vars[] = {"XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME",
                                       "HOME"};
    static const char *const names[] = {"state", "data", "config", "home"};
    char sub[300];
    TestRunner_tempDir(scratch_dir, sizeof scratch_dir, "scratch");
    for (int i = 0; i < 4; i++) {
        snprintf(sub, sizeof sub, "%s/%s", scratch_dir, names[i]);
        setenv(vars[i], sub, 1);
    }
}

/* A test may leave a folder read-only: it is opened up before emptying.
 * Links are removed, never followed. */
static void Scratch_removeTree(const char *path)
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
        char sub[1024];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        Scratch_removeTree(sub);
    }
    if (d != NULL)
        closedir(d);
    rmdir(path);
}

void Scratch_remove(void)
{
    Scratch_removeTree(scratch_dir);
}
