/* PGN files: where a bare name lives, reading a whole file and handing it to
 * the PGN reader, and writing records atomically so that a save that fails
 * half-way leaves the earlier file as it was. */
#include "record/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record/escape.h"
#include "record/fileio.h"
#include "record/paths.h"

#define PGN_FILE_MODE 0644

static bool Record_checkName(const char *name, char *err, size_t errlen)
{
    if (name != NULL && name[0] != '\0')
        return true;
    snprintf(err, errlen, "no file name given");
    return false;
}

static bool Record_copyPath(const char *name, char *buf, size_t len, char *err, size_t errlen)
{
    if (snprintf(buf, len, "%s", name) < (int)len)
        return true;
    snprintf(err, errlen, "the file name is too long");
    return false;
}

bool Record_savePath(const char *name, char *buf, size_t len, char *err, size_t errlen)
{
    if (!Record_checkName(name, err, errlen))
        return false;
    if (strchr(name, '/') != NULL)
        return Record_copyPath(name, buf, len, err, errlen);
    return Paths_file(PATHS_DATA, name, buf, len, err, errlen);
}

void Record_fileWord(const char *text, char *word, size_t len)
{
    size_t n = 0;
    for (; *text != '\0' && n + 1 < len; text++) {
        char c = *text;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
            || c == '-')
            word[n++] = c;
    }
    if (len > 0)
        word[n] = '\0';
    if (n == 0)
        snprintf(word, len, "%s", RECORD_NO_NAME_WORD);
}

bool Record_savedGamePath(const char *file, char *buf, size_t len, char *err, size_t errlen)
{
    if (file[0] == '\0' || file[0] == '.' || strchr(file, '/') != NULL) {
        snprintf(err, errlen, "'%.40s' is not a plain file name", file);
        return false;
    }
    return Paths_file(PATHS_DATA, file, buf, len, err, errlen);
}

/* name as given (a path, or a file in the current folder), then in the
 * saved-games folder; false if neither exists. Where typed names are
 * confined (the public server), a bare name is looked up in the
 * saved-games folder only: the folder, not the player, picks the path. */
static bool Record_findFile(const char *name, char *buf, size_t len)
{
    bool here = !Paths_typedConfined() || strchr(name, '/') != NULL;
    if (here && (strchr(name, '/') != NULL || File_exists(name)))
        return File_exists(name) && snprintf(buf, len, "%s", name) < (int)len;
    char dir[PATHS_MAX], err[256];
    return Paths_dir(PATHS_DATA, dir, sizeof dir, err, sizeof err)
        && snprintf(buf, len, "%s/%s", dir, name) < (int)len && File_exists(buf);
}

/* The file a name (typed, or a path found before) stands for. */
static bool Record_resolve(const char *name, char *buf, size_t len, char *err, size_t errlen)
{
    if (!Record_checkName(name, err, errlen))
        return false;
    if (Record_findFile(name, buf, len))
        return true;
    /* "t1" finds t1.pgn, as :save t1 writes it. */
    const char *last = strrchr(name, '/');
    char with_ext[PATHS_MAX];
    if (strchr(last != NULL ? last + 1 : name, '.') == NULL
        && snprintf(with_ext, sizeof with_ext, "%s.pgn", name) < (int)sizeof with_ext
        && Record_findFile(with_ext, buf, len))
        return true;
    /* Found in neither place: keep the name as typed for the message. */
    return Record_copyPath(name, buf, len, err, errlen);
}

bool Record_loadPath(const char *name, char *buf, size_t len, char *err, size_t errlen)
{
    return Record_checkName(name, err, errlen) && Paths_typedNameAllowed(name, err, errlen)
        && Record_resolve(name, buf, len, err, errlen);
}

bool Record_findTyped(const char *typed, char *path, size_t len, char *err, size_t errlen)
{
    char name[PATHS_MAX];
    return Paths_userFile(typed, NULL, name, sizeof name, err, errlen)
        && Record_loadPath(name, path, len, err, errlen);
}

void Record_playerName(bool engine, int level, char *buf, size_t len)
{
    if (engine)
        snprintf(buf, len, "%s, level %d", RECORD_ENGINE_NAME, level);
    else
        snprintf(buf, len, "Human");
}

typedef enum { RECORD_NEW, RECORD_REPLACE, RECORD_REPLACE_NOW_SYNC_LATER } RecordWrite;

/* The record's text: the escape lines in front (NULL: none), then the PGN. */
static char *Record_text(const Game *g, const PgnHeader *tags, const GameNotes *notes,
                         const char *front)
{
    char *pgn = Pgn_writeNotes(g, tags, notes);
    if (pgn == NULL || front == NULL || front[0] == '\0')
        return pgn;
    size_t lead = strlen(front), rest = strlen(pgn);
    char *text = malloc(lead + rest + 1);
    if (text != NULL) {
        memcpy(text, front, lead);
        memcpy(text + lead, pgn, rest + 1);
    }
    free(pgn);
    return text;
}

/* Writes g as PGN to file: a new file only, or replacing one (durable at
 * once, or made durable later with Record_sync). */
static bool Record_write(const Game *g, const PgnHeader *tags, const GameNotes *notes,
                         const char *front, const char *file, RecordWrite how, bool *exists,
                         char *err, size_t errlen)
{
    char *text = Record_text(g, tags, notes, front);
    if (text == NULL) {
        snprintf(err, errlen, "%s: out of memory", file);
        return false;
    }
    size_t n = strlen(text);
    bool ok = how == RECORD_NEW ? File_writeNew(file, text, n, PGN_FILE_MODE, exists, err, errlen)
        : how == RECORD_REPLACE ? File_writeAtomic(file, text, n, PGN_FILE_MODE, err, errlen)
                                : File_replace(file, text, n, PGN_FILE_MODE, err, errlen);
    free(text);
    return ok;
}

bool Record_saveAs(const Game *g, const PgnHeader *tags, const GameNotes *notes, const char *typed,
                   bool replace, char *path, size_t len, bool *exists, char *err, size_t errlen)
{
    char name[PATHS_MAX];
    *exists = false;
    if (len > 0)
        path[0] = '\0';
    if (!Paths_userFile(typed, ".pgn", name, sizeof name, err, errlen)
        || !Record_savePath(name, path, len, err, errlen))
        return false;
    return Record_write(g, tags, notes, NULL, path, replace ? RECORD_REPLACE : RECORD_NEW, exists,
                        err, errlen);
}

int Record_removeStaleTemps(void)
{
    static const PathsKind kinds[] = {PATHS_STATE, PATHS_DATA, PATHS_CONFIG};
    char dir[PATHS_MAX], err[256];
    int removed = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (Paths_dir(kinds[i], dir, sizeof dir, err, sizeof err))
            removed += File_removeStaleTemps(dir);
    return removed;
}

void Record_today(char buf[11])
{
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm) == NULL || strftime(buf, 11, "%Y.%m.%d", &tm) == 0)
        strcpy(buf, "????.??.??");
}

bool Record_savePgnNotes(const Game *g, const PgnHeader *tags, const GameNotes *notes,
                         const char *path, char *err, size_t errlen)
{
    char file[PATHS_MAX];
    return Record_savePath(path, file, sizeof file, err, errlen)
        && Record_write(g, tags, notes, NULL, file, RECORD_REPLACE, NULL, err, errlen);
}

bool Record_savePgnTags(const Game *g, const PgnHeader *tags, const char *path, char *err,
                        size_t errlen)
{
    return Record_savePgnNotes(g, tags, NULL, path, err, errlen);
}

bool Record_replacePgnTags(const Game *g, const PgnHeader *tags, const char *front,
                           const char *path, char *err, size_t errlen)
{
    char file[PATHS_MAX];
    return Record_savePath(path, file, sizeof file, err, errlen)
        && Record_write(g, tags, NULL, front, file, RECORD_REPLACE_NOW_SYNC_LATER, NULL, err,
                        errlen);
}

void Record_sync(const char *path)
{
    File_sync(path);
}

bool Record_savePgn(const Game *g, const char *path, char *err, size_t errlen)
{
    PgnHeader *tags = malloc(sizeof *tags);
    if (tags == NULL) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    char today[11];
    Record_today(today);
    PgnHeader_init(tags);
    PgnHeader_set(tags, "Date", today);
    bool ok = Record_savePgnTags(g, tags, path, err, errlen);
    free(tags);
    return ok;
}

/* Whether text is well-formed UTF-8 (no overlong forms, no surrogates). */
static bool Record_isUtf8(const unsigned char *p)
{
    while (*p != '\0') {
        int more = *p < 0x80      ? 0
            : (*p & 0xE0) == 0xC0 ? 1
            : (*p & 0xF0) == 0xE0 ? 2
            : (*p & 0xF8) == 0xF0 ? 3
                                  : -1;
        if (more < 0 || (*p == 0xC0 || *p == 0xC1) || *p > 0xF4)
            return false;
        unsigned long c = more == 0 ? *p : *p & (0x3F >> more);
        for (int i = 1; i <= more; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return false;
            c = c << 6 | (p[i] & 0x3F);
        }
        static const unsigned long least[] = {0, 0x80, 0x800, 0x10000};
        if (c < least[more] || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF)
            return false;
        p += more + 1;
    }
    return true;
}

/* A file that is not UTF-8 was written in Latin-1 (older Windows and
 * XBoard setups): each byte is the code point of its character. */
static char *Record_fromLatin1(char *text)
{
    size_t len = strlen(text), high = 0;
    for (size_t i = 0; i < len; i++)
        high += (unsigned char)text[i] >= 0x80;
    char *out = malloc(len + high + 1);
    if (out == NULL)
        return text;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x80) {
            out[n++] = (char)c;
        } else {
            out[n++] = (char)(0xC0 | c >> 6);
            out[n++] = (char)(0x80 | (c & 0x3F));
        }
    }
    out[n] = '\0';
    free(text);
    return out;
}

/* Finds and reads the file; File_readText names the path in its messages.
 * The callers' paths were found before (Record_loadPath for a typed name,
 * the saved-games list), so the confinement of typed names is not asked
 * again of a full path. */
static char *Record_readRecord(const char *name, char *file, size_t len, char *err, size_t errlen)
{
    char *text = NULL;
    if (!Record_resolve(name, file, len, err, errlen))
        return NULL;
    if (!File_readText(file, &text, err, errlen))
        return NULL;
    return Record_isUtf8((const unsigned char *)text) ? text : Record_fromLatin1(text);
}

/* Parser messages only know the line, so the path goes in front. */
static bool Record_withPath(bool ok, const char *file, char *err, size_t errlen)
{
    if (ok)
        return true;
    char why[512];
    snprintf(why, sizeof why, "%s", err);
    snprintf(err, errlen, "%s: %s", file, why);
    return false;
}

bool Record_loadPgnNotes(Game *g, PgnHeader *tags, GameNotes *notes, const char *path, int index,
                         char *err, size_t errlen)
{
    char file[PATHS_MAX];
    char *text = Record_readRecord(path, file, sizeof file, err, errlen);
    if (text == NULL)
        return false;
    bool ok = Pgn_readNotes(text, index, g, tags, notes, err, errlen);
    free(text);
    return Record_withPath(ok, file, err, errlen);
}

bool Record_loadPgnEscapes(Game *g, PgnHeader *tags, const char *path, EscapeVisit visit, void *ctx,
                           char *err, size_t errlen)
{
    char file[PATHS_MAX];
    char *text = Record_readRecord(path, file, sizeof file, err, errlen);
    if (text == NULL)
        return false;
    bool ok = Escape_each(text, visit, ctx) && Pgn_readNotes(text, 0, g, tags, NULL, err, errlen);
    free(text);
    return Record_withPath(ok, file, err, errlen);
}

bool Record_loadPgnTags(Game *g, PgnHeader *tags, const char *path, int index, char *err,
                        size_t errlen)
{
    return Record_loadPgnNotes(g, tags, NULL, path, index, err, errlen);
}

bool Record_loadPgn(Game *g, const char *path, int index, char *err, size_t errlen)
{
    return Record_loadPgnTags(g, NULL, path, index, err, errlen);
}

bool Record_listPgn(const char *path, PgnHeader **list, int *count, char *err, size_t errlen)
{
    char file[PATHS_MAX];
    char *text = Record_readRecord(path, file, sizeof file, err, errlen);
    if (text == NULL)
        return false;
    bool ok = Pgn_list(text, list, count, err, errlen);
    free(text);
    return Record_withPath(ok, file, err, errlen);
}
