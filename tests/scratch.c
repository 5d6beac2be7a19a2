/* The tests' scratch folder (see scratch.h). */
#include "scratch.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

void Scratch_remove(void)
{
    TestRunner_removeTree(scratch_dir);
}
