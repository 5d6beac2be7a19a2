/* The tests' stand-in for /tmp (see net_testdir.h). */
#include "net_testdir.h"

#include <check.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char base[64];

void makeBase(void)
{
    snprintf(base, sizeof base, "/tmp/zanzibar-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(base));
    chmod(base, 0755);
}

static void removeTree(const char *path)
{
    struct stat st;
    DIR *d = lstat(path, &st) == 0 && S_ISDIR(st.st_mode) ? opendir(path) : NULL;
    if (d != NULL) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char sub[PATH_MAX];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            removeTree(sub);
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

void cleanBase(void)
{
    removeTree(base);
}
