/* The fuzz targets without libFuzzer: runs each given file (or each file
 * of each given folder) through LLVMFuzzerTestOneInput once. With no
 * arguments it runs the target's committed seeds and regression inputs,
 * tests/fuzz/corpus/NAME and tests/fuzz/regress/NAME under
 * $ZANZIBAR_SRCDIR, NAME coming from the program's name (replay_NAME), so
 * that make check runs every input ever found. */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int Replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    size_t cap = 4096, n = 0, got;
    uint8_t *data = malloc(cap);
    while (data && (got = fread(data + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(data, cap *= 2);
            if (!bigger)
                free(data);
            data = bigger;
        }
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    return 0;
}

static int Replay_byName(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* A folder's files in name order; a missing folder is no error. */
static int Replay_path(const char *path, int *count)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    if (!S_ISDIR(st.st_mode)) {
        ++*count;
        return Replay_file(path);
    }
    struct dirent **names;
    int n = scandir(path, &names, NULL, Replay_byName), failed = 0;
    for (int i = 0; i < n; i++) {
        char child[4096];
        if (names[i]->d_name[0] != '.') {
            snprintf(child, sizeof child, "%s/%s", path, names[i]->d_name);
            failed |= Replay_path(child, count);
        }
        free(names[i]);
    }
    free(n >= 0 ? names : NULL);
    return failed;
}

int main(int argc, char **argv)
{
    int failed = 0, count = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            failed |= Replay_path(argv[i], &count);
    } else {
        const char *src = getenv("ZANZIBAR_SRCDIR"), *base = strrchr(argv[0], '/');
        const char *name = strstr(base ? base + 1 : argv[0], "replay_");
        if (!src || !name) {
            fprintf(stderr, "usage: replay_NAME FILE|FOLDER... (or set ZANZIBAR_SRCDIR)\n");
            return 2;
        }
        name += strlen("replay_");
        static const char *const kinds[] = {"corpus", "regress"};
        for (int k = 0; k < 2; k++) {
            char dir[4096];
            snprintf(dir, sizeof dir, "%s/tests/fuzz/%s/%s", src, kinds[k], name);
            failed |= Replay_path(dir, &count);
        }
    }
    printf("%d inputs run\n", count);
    return failed;
}
