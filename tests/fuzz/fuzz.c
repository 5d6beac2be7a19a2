/* The invariants and small helpers the fuzz targets share (fuzz.h). */
#include "fuzz.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/movegen.h"
#include "core/variant.h"

void Fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz invariant broken: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    abort();
}

char *Fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        Fuzz_fail("out of memory for %zu bytes", size);
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

const Variant *Fuzz_variant(uint8_t byte)
{
    return Variant_get((VariantId)(byte % VARIANT_COUNT));
}

void Fuzz_checkHash(const Position *pos, const char *where)
{
    if (pos->hash != Position_computeHash(pos))
        Fuzz_fail("%s: the hash kept differs from the hash recomputed", where);
}

/* The piece lists of a side, as a set: their order may change when a
 * piece leaves the board and comes back, which is no change of position. */
static bool Fuzz_sameLists(const Position *a, const Position *b)
{
    for (int color = 0; color < 2; color++) {
        if (a->npieces[color] != b->npieces[color])
            return false;
        for (int i = 0; i < a->npieces[color]; i++) {
            int cell = a->plist[color][i];
            if (b->plist[color][b->pindex[cell]] != cell || a->pindex[cell] != i)
                return false;
        }
    }
    return true;
}

bool Fuzz_samePosition(const Position *a, const Position *b)
{
    return a->v == b->v && a->geo == b->geo && !memcmp(a->board, b->board, sizeof a->board)
        && a->side == b->side && a->rights == b->rights && a->carpets == b->carpets
        && a->ep == b->ep && a->halfmove == b->halfmove && a->reversible == b->reversible
        && a->fullmove == b->fullmove && a->hash == b->hash
        && !memcmp(a->king, b->king, sizeof a->king) && !memcmp(a->count, b->count, sizeof a->count)
        && !memcmp(a->present, b->present, sizeof a->present)
        && !memcmp(a->material, b->material, sizeof a->material) && Fuzz_sameLists(a, b);
}

void Fuzz_checkGame(const Game *g, const char *where)
{
    if (g->nmoves < 0 || g->nmoves > g->nstored || g->nstored > g->capacity)
        Fuzz_fail("%s: move counts out of order (%d played, %d kept, room %d)", where, g->nmoves,
                  g->nstored, g->capacity);
    Fuzz_checkHash(&g->pos, where);
    Position pos = g->start;
    for (int i = 0; i < g->nmoves; i++) {
        if (!Movegen_isLegalMove(&pos, g->moves[i]))
            Fuzz_fail("%s: move %d of the record is not legal", where, i + 1);
        Undo u;
        Position_make(&pos, g->moves[i], &u);
    }
    if (pos.hash != g->pos.hash)
        Fuzz_fail("%s: replaying the record does not give the current position", where);
}

void Fuzz_checkSameGame(const Game *a, const Game *b, const char *where)
{
    if (a->start.v != b->start.v || a->start.hash != b->start.hash)
        Fuzz_fail("%s: the start positions differ", where);
    if (a->nmoves != b->nmoves || a->nstored != b->nstored)
        Fuzz_fail("%s: %d/%d moves became %d/%d", where, a->nmoves, a->nstored, b->nmoves,
                  b->nstored);
    for (int i = 0; i < a->nstored; i++)
        if (a->moves[i] != b->moves[i])
            Fuzz_fail("%s: move %d differs", where, i + 1);
    if (a->pos.hash != b->pos.hash)
        Fuzz_fail("%s: the current positions differ", where);
}

static char folder[64];

/* Removes path and, if it is a folder, everything in it. */
static void Fuzz_removeTree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char child[512];
            snprintf(child, sizeof child, "%s/%s", path, e->d_name);
            Fuzz_removeTree(child);
        }
        closedir(d);
    }
    remove(path);
}

static void Fuzz_removeFolder(void)
{
    Fuzz_removeTree(folder);
}

const char *Fuzz_folder(void)
{
    static const char *const vars[] = {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                                       "XDG_RUNTIME_DIR"};
    static const char *const names[] = {"home", "config", "data", "state", "run"};
    if (folder[0])
        return folder;
    snprintf(folder, sizeof folder, "/tmp/zanzibar-fuzz-XXXXXX");
    if (!mkdtemp(folder))
        Fuzz_fail("cannot make a temporary folder");
    atexit(Fuzz_removeFolder);
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", folder, names[i]);
        if (mkdir(path, 0700) != 0)
            Fuzz_fail("cannot make %s", path);
        setenv(vars[i], path, 1);
    }
    return folder;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    Fuzz_folder();
    return 0;
}
