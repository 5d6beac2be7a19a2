/* The saved-games folder: naming kept games so that a person can tell them
 * apart in a file manager, and reading every file's first game for the list
 * a front end offers. */
#include "record/saved.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/position.h"
#include "core/setup.h"
#include "core/status.h"
#include "core/timecontrol.h"
#include "core/variant.h"
#include "record/fileio.h"
#include "record/record.h"

#define SLUG_MAX 24

/* Lower-case letters and digits, runs of anything else as one '-'. */
static void Saved_slug(const char *text, char *buf, size_t len)
{
    size_t n = 0;
    for (const char *p = text; *p != '\0' && n + 1 < len && n < SLUG_MAX; p++) {
        if (isalnum((unsigned char)*p))
            buf[n++] = (char)tolower((unsigned char)*p);
        else if (n > 0 && buf[n - 1] != '-')
            buf[n++] = '-';
    }
    while (n > 0 && buf[n - 1] == '-')
        n--;
    buf[n] = '\0';
    if (n == 0)
        snprintf(buf, len, "unknown");
}

/* "zanzibar engine, level 5" reads better in a file name as "engine-5". */
static void Saved_playerSlug(const PgnHeader *tags, const char *tag, char *buf, size_t len)
{
    const char *who = tags != NULL ? PgnHeader_get(tags, tag) : NULL;
    size_t engine = strlen(RECORD_ENGINE_NAME);
    if (who != NULL && strncmp(who, RECORD_ENGINE_NAME, engine) == 0) {
        const char *level = strpbrk(who + engine, "0123456789");
        snprintf(buf, len, "engine%s%s", level ? "-" : "", level ? level : "");
        Saved_slug(buf, buf, len);
        return;
    }
    Saved_slug(who != NULL ? who : "?", buf, len);
}

static bool Saved_stem(const Game *g, const PgnHeader *tags, char *buf, size_t len, char *err,
                       size_t errlen)
{
    char dir[PATHS_MAX], when[32], white[SLUG_MAX + 1], black[SLUG_MAX + 1];
    if (!Paths_file(PATHS_DATA, "", dir, sizeof dir, err, errlen))
        return false;
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm) == NULL || strftime(when, sizeof when, "%Y-%m-%d-%H%M", &tm) == 0)
        snprintf(when, sizeof when, "undated");
    Saved_playerSlug(tags, "White", white, sizeof white);
    Saved_playerSlug(tags, "Black", black, sizeof black);
    int n = snprintf(buf, len, "%s%s-%s-%s-vs-%s", dir, when, g->start.v->name, white, black);
    if (n >= 0 && (size_t)n < len)
        return true;
    snprintf(err, errlen, "the path of the saved-games folder is too long");
    return false;
}

bool Saved_keep(const Game *g, const PgnHeader *tags, const GameNotes *notes, char *path,
                size_t len, char *err, size_t errlen)
{
    char stem[PATHS_MAX];
    if (!Saved_stem(g, tags, stem, sizeof stem, err, errlen))
        return false;
    if (!File_freeName(stem, ".pgn", path, len)) {
        snprintf(err, errlen, "%s.pgn: no free name for the game", stem);
        return false;
    }
    return Record_savePgnNotes(g, tags, notes, path, err, errlen);
}

/* ---- the list */

bool Saved_forget(const char *path, char *err, size_t errlen)
{
    if (unlink(path) != 0 && errno != ENOENT) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

static void Saved_tag(const PgnHeader *h, const char *name, char *buf, size_t len)
{
    const char *value = PgnHeader_get(h, name);
    snprintf(buf, len, "%s", value != NULL && value[0] != '\0' ? value : "?");
}

static void Saved_clock(const PgnHeader *h, char *buf, size_t len)
{
    const char *tag = PgnHeader_get(h, "TimeControl");
    int base_ms, inc_ms;
    buf[0] = '\0';
    if (tag != NULL && TimeControl_readPgn(tag, &base_ms, &inc_ms) && base_ms + inc_ms > 0)
        TimeControl_write(base_ms, inc_ms, buf, len);
}

/* Reads the file's first game; false when it is not a game record. */
static bool Saved_describe(SavedGame *s)
{
    char err[256];
    Position start;
    Game g;
    PgnHeader *tags = malloc(sizeof *tags);
    if (tags == NULL)
        return false;
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&g, &start);
    bool ok = Record_loadPgnTags(&g, tags, s->path, 0, err, sizeof err);
    if (ok) {
        snprintf(s->variant, sizeof s->variant, "%s", g.start.v->title);
        Saved_tag(tags, "White", s->white, sizeof s->white);
        Saved_tag(tags, "Black", s->black, sizeof s->black);
        Saved_tag(tags, "Date", s->date, sizeof s->date);
        snprintf(s->result, sizeof s->result, "%s", Status_resultText(g.status.result));
        s->moves = Game_moveCount(&g);
        Saved_clock(tags, s->clock, sizeof s->clock);
    }
    Game_free(&g);
    free(tags);
    return ok;
}

static bool Saved_isPgn(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && n > 4 && strcmp(name + n - 4, ".pgn") == 0;
}

static bool Saved_add(SavedGame **list, int *count, int *cap, const char *dir, const char *name)
{
    if (*count == *cap) {
        int grown_cap = *cap ? *cap * 2 : 16;
        SavedGame *grown = realloc(*list, (size_t)grown_cap * sizeof *grown);
        if (grown == NULL)
            return false;
        *list = grown;
        *cap = grown_cap;
    }
    SavedGame *s = &(*list)[*count];
    struct stat st;
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    if (snprintf(s->path, sizeof s->path, "%s/%s", dir, name) >= (int)sizeof s->path
        || stat(s->path, &st) != 0 || !S_ISREG(st.st_mode))
        return true;
    s->modified = st.st_mtime;
    *count += Saved_describe(s);
    return true;
}

static int Saved_newerFirst(const void *a, const void *b)
{
    const SavedGame *x = a, *y = b;
    if (x->modified != y->modified)
        return x->modified < y->modified ? 1 : -1;
    return strcmp(y->name, x->name);
}

bool Saved_list(SavedGame **list, int *count, char *err, size_t errlen)
{
    char dir[PATHS_MAX];
    int cap = 0;
    *list = NULL;
    *count = 0;
    if (!Paths_dir(PATHS_DATA, dir, sizeof dir, err, errlen))
        return false;
    DIR *d = opendir(dir);
    if (d == NULL) {
        if (errno == ENOENT)
            return true;
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return false;
    }
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d)) != NULL)
        if (Saved_isPgn(e->d_name))
            ok = Saved_add(list, count, &cap, dir, e->d_name);
    closedir(d);
    if (!ok) {
        free(*list);
        *list = NULL;
        *count = 0;
        snprintf(err, errlen, "%s: out of memory", dir);
        return false;
    }
    if (*count > 1) /* an empty folder leaves *list NULL, which qsort may not take */
        qsort(*list, (size_t)*count, sizeof **list, Saved_newerFirst);
    return true;
}
