/* The game in progress on disk: written after every move, read back for a
 * resume. The file is a PGN record preceded by "%zanzibar" escape lines
 * (which PGN readers skip) holding players, level, clocks and redo moves. */
#include "record/autosave.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/fen.h"
#include "core/level.h"
#include "core/notation.h"
#include "core/setup.h"
#include "core/timecontrol.h"
#include "record/escape.h"
#include "record/fileio.h"
#include "record/paths.h"
#include "record/pgn.h"
#include "record/record.h"
#include "record/saved.h"

#define AUTOSAVE_MODE 0600

bool Autosave_path(char *buf, size_t len, char *err, size_t errlen)
{
    return Paths_file(PATHS_STATE, AUTOSAVE_NAME, buf, len, err, errlen);
}

bool Autosave_exists(void)
{
    char path[PATHS_MAX], err[256];
    return Autosave_path(path, sizeof path, err, sizeof err) && File_exists(path);
}

bool Autosave_clear(char *err, size_t errlen)
{
    char path[PATHS_MAX];
    if (!Autosave_path(path, sizeof path, err, errlen))
        return false;
    if (unlink(path) == 0 || errno == ENOENT)
        return true;
    snprintf(err, errlen, "%s: cannot remove: %s", path, strerror(errno));
    return false;
}

/* ---- writing */

/* The moves taken back, in coordinates, so that redo works after a resume. */
static bool Autosave_writeRedo(FILE *f, const Game *g)
{
    if (g->nstored <= g->nmoves)
        return true;
    Position position = g->pos, *pos = &position;
    fputs(ESCAPE_PREFIX "redo", f);
    for (int i = g->nmoves; i < g->nstored; i++) {
        char text[MOVE_TEXT_MAX];
        Undo undo;
        Notation_coord(pos, g->moves[i], text);
        fprintf(f, " %s", text);
        Position_make(pos, g->moves[i], &undo);
    }
    fputc('\n', f);
    return true;
}

static bool Autosave_writeInfo(FILE *f, const Game *g, const AutosaveInfo *s)
{
    bool ok = Escape_printf(f, "version 1")
        && Escape_printf(f, "players %s %s", s->engine[WHITE] ? "engine" : "human",
                         s->engine[BLACK] ? "engine" : "human")
        && Escape_printf(f, "level %d", s->level)
        && Escape_printf(f, "time %d %d", s->base_ms, s->inc_ms)
        && Escape_printf(f, "clocks %d %d", s->clock_ms[WHITE], s->clock_ms[BLACK])
        && Escape_printf(f, "view %s", s->flipped ? "flipped" : "normal");
    for (int i = 0; ok && s->tags != NULL && i < s->tags->ntags; i++)
        ok = Escape_printf(f, "tag %s %s", s->tags->tags[i].name, s->tags->tags[i].value);
    return ok && Autosave_writeRedo(f, g);
}

/* A tag of the record's own file says more than ours do, but not about
 * what the game itself decides or what the session sets (its clock). */
static bool Autosave_fileSays(const PgnTag *tag)
{
    static const char *const ours[] = {"Result", "Variant", "SetUp", "FEN", "TimeControl"};
    if (tag->value[0] == '\0' || strcmp(tag->value, "?") == 0)
        return false;
    for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++)
        if (strcmp(tag->name, ours[i]) == 0)
            return false;
    return true;
}

static void Autosave_infoTags(const AutosaveInfo *s, const char *event, PgnHeader *tags)
{
    char value[64];
    PgnHeader_init(tags);
    PgnHeader_set(tags, "Event", event);
    Record_today(value);
    PgnHeader_set(tags, "Date", value);
    Record_playerName(s->engine[WHITE], s->level, value, sizeof value);
    PgnHeader_set(tags, "White", value);
    Record_playerName(s->engine[BLACK], s->level, value, sizeof value);
    PgnHeader_set(tags, "Black", value);
    TimeControl_writePgn(s->base_ms, s->inc_ms, value, sizeof value);
    PgnHeader_set(tags, "TimeControl", value);
    for (int i = 0; s->tags != NULL && i < s->tags->ntags; i++)
        if (Autosave_fileSays(&s->tags->tags[i]))
            PgnHeader_set(tags, s->tags->tags[i].name, s->tags->tags[i].value);
}

/* apart_pid: for a game played apart (Autosave_keepOwn), 0 otherwise. */
static char *Autosave_autosaveText(const Game *g, const AutosaveInfo *s, long apart_pid,
                                   size_t *len)
{
    PgnHeader *tags = malloc(sizeof *tags);
    char *record = NULL, *text = NULL;
    if (tags != NULL) {
        Autosave_infoTags(s, "Game in progress", tags);
        record = Pgn_writeNotes(g, tags, s->notes);
    }
    FILE *f = record != NULL ? open_memstream(&text, len) : NULL;
    if (f != NULL) {
        bool ok = Autosave_writeInfo(f, g, s)
            && (apart_pid == 0 || Escape_printf(f, "apart %ld", apart_pid))
            && fputs(record, f) >= 0;
        if (fclose(f) != 0 || !ok) {
            free(text);
            text = NULL;
        }
    }
    free(record);
    free(tags);
    return text;
}

bool Autosave_save(const Game *g, const AutosaveInfo *s, char *err, size_t errlen)
{
    char path[PATHS_MAX];
    if (!Autosave_path(path, sizeof path, err, errlen))
        return false;
    size_t len = 0;
    char *text = Autosave_autosaveText(g, s, 0, &len);
    if (text == NULL) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    bool ok = File_writeAtomic(path, text, len, AUTOSAVE_MODE, err, errlen);
    free(text);
    return ok;
}

/* ---- reading the escape lines */

typedef struct {
    AutosaveInfo s;
    PgnHeader *tags; /* where "tag" lines go, or NULL */
    long apart_pid;  /* the copy that played it apart (Autosave_keepOwn), or 0 */
    unsigned seen;   /* bit per line kind read */
    char *redo;      /* the redo moves' text, or NULL */
    char *err;
    size_t errlen;
    int line;
} InfoReader;

static bool Autosave_lineError(InfoReader *r, const char *what)
{
    snprintf(r->err, r->errlen, "line %d: %s", r->line, what);
    return false;
}

/* Exactly `count` whole numbers in min..max, nothing else on the line. */
static bool Autosave_readInts(const char *text, int count, long min, long max, int *out)
{
    for (int i = 0; i < count; i++) {
        char *end;
        errno = 0;
        long n = strtol(text, &end, 10);
        if (end == text || errno != 0 || n < min || n > max)
            return false;
        out[i] = (int)n;
        text = end;
    }
    return text[strspn(text, " \t\r")] == '\0';
}

static bool Autosave_readVersion(InfoReader *r, const char *value)
{
    int version;
    return Autosave_readInts(value, 1, 1, 1, &version)
        || Autosave_lineError(r, "the file was written by another version of the program");
}

static bool Autosave_readPlayer(const char *word, bool *engine)
{
    *engine = strcmp(word, "engine") == 0;
    return *engine || strcmp(word, "human") == 0;
}

static bool Autosave_readPlayers(InfoReader *r, const char *value)
{
    char white[8], black[8], extra[2];
    if (sscanf(value, "%7s %7s %1s", white, black, extra) != 2
        || !Autosave_readPlayer(white, &r->s.engine[WHITE])
        || !Autosave_readPlayer(black, &r->s.engine[BLACK]))
        return Autosave_lineError(r, "players must be two words, each human or engine");
    return true;
}

static bool Autosave_readLevel(InfoReader *r, const char *value)
{
    return Autosave_readInts(value, 1, 0, LEVEL_MAX, &r->s.level)
        || Autosave_lineError(r, "the level must be a whole number from 0 to 10");
}

static bool Autosave_readTime(InfoReader *r, const char *value)
{
    int ms[2];
    if (!Autosave_readInts(value, 2, 0, INT_MAX, ms))
        return Autosave_lineError(r, "time needs the base and the increment in milliseconds");
    r->s.base_ms = ms[0];
    r->s.inc_ms = ms[1];
    return true;
}

static bool Autosave_readClocks(InfoReader *r, const char *value)
{
    /* A clock may stand below zero for the moment between a flag falling
     * and the game ending, so negative times are kept as they were. */
    return Autosave_readInts(value, 2, -INT_MAX, INT_MAX, r->s.clock_ms)
        || Autosave_lineError(r, "clocks needs White's and Black's time left in milliseconds");
}

/* Optional: files written before it was kept show the board as usual. */
static bool Autosave_readView(InfoReader *r, const char *value)
{
    if (strcmp(value, "flipped") != 0 && strcmp(value, "normal") != 0)
        return Autosave_lineError(r, "the view must be normal or flipped");
    r->s.flipped = strcmp(value, "flipped") == 0;
    return true;
}

static bool Autosave_readApart(InfoReader *r, const char *value)
{
    int pid;
    if (!Autosave_readInts(value, 1, 1, INT_MAX, &pid))
        return Autosave_lineError(r, "apart needs the process id of the copy that played it");
    r->apart_pid = pid;
    return true;
}

/* "tag NAME VALUE": a tag of the file the game was loaded from. */
static bool Autosave_readTag(InfoReader *r, const char *value)
{
    size_t n = strcspn(value, " ");
    char name[PGN_NAME_MAX];
    for (size_t i = 0; i < n; i++) /* a name as PGN writes it */
        if (!isalnum((unsigned char)value[i]) && value[i] != '_')
            n = 0;
    if (n == 0 || n >= sizeof name || value[n] != ' ')
        return Autosave_lineError(r, "tag needs a tag's name (letters, digits, _) and its value");
    memcpy(name, value, n);
    name[n] = '\0';
    if (r->tags != NULL)
        PgnHeader_set(r->tags, name, value + n + 1);
    return true;
}

static bool Autosave_readRedo(InfoReader *r, const char *value)
{
    free(r->redo);
    r->redo = strdup(value);
    return r->redo != NULL || Autosave_lineError(r, "out of memory");
}

typedef struct {
    const char *key;
    bool (*read)(InfoReader *r, const char *value);
} SessionLine;

static const SessionLine SESSION_LINES[] = {
    {"version", Autosave_readVersion}, {"players", Autosave_readPlayers},
    {"level", Autosave_readLevel},     {"time", Autosave_readTime},
    {"clocks", Autosave_readClocks},   {"redo", Autosave_readRedo},
    {"view", Autosave_readView},       {"apart", Autosave_readApart},
    {"tag", Autosave_readTag},
};
#define SESSION_LINE_KINDS (sizeof SESSION_LINES / sizeof SESSION_LINES[0])
#define SEEN_REQUIRED 0x1Fu /* all but redo */

static bool Autosave_readInfoLine(InfoReader *r, char *line)
{
    char *value = line + strcspn(line, " ");
    if (*value != '\0')
        *value++ = '\0';
    for (size_t i = 0; i < SESSION_LINE_KINDS; i++) {
        if (strcmp(line, SESSION_LINES[i].key) == 0) {
            r->seen |= 1u << i;
            return SESSION_LINES[i].read(r, value);
        }
    }
    return Autosave_lineError(r, "unknown %zanzibar line");
}

static bool Autosave_readEscape(void *ctx, int line, char *body)
{
    InfoReader *r = ctx;
    r->line = line;
    return body != NULL ? Autosave_readInfoLine(r, body) : Autosave_lineError(r, "out of memory");
}

/* Reads every escape line of the text; the PGN reader skips them. */
static bool Autosave_readInfo(InfoReader *r, const char *text)
{
    bool ok = Escape_each(text, Autosave_readEscape, r);
    if (ok && (r->seen & SEEN_REQUIRED) != SEEN_REQUIRED) {
        r->line = 1;
        ok = Autosave_lineError(r, "the players, level, time or clocks line is missing");
    }
    return ok;
}

/* ---- putting the game back together */

/* The redo moves are replayed and taken back, which leaves them in the
 * game's redo list exactly as they were. */
static bool Autosave_replayRedo(Game *g, char *redo, char *err, size_t errlen)
{
    int played = 0;
    char *save = NULL;
    for (char *word = strtok_r(redo, " \t\r", &save); word != NULL;
         word = strtok_r(NULL, " \t\r", &save)) {
        Move m;
        char why[ERROR_MAX] = "it cannot be played here";
        if (!Notation_parse(&g->pos, word, &m, why, sizeof why) || !Game_play(g, m)) {
            snprintf(err, errlen, "redo move %s: %s", word, why);
            return false;
        }
        played++;
    }
    while (played-- > 0)
        Game_undo(g);
    return true;
}

static bool Autosave_readGame(const char *text, Game *g, GameNotes *notes, InfoReader *r)
{
    Position start; /* any game will do: Pgn_read replaces it */
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(g, &start);
    bool ok = Pgn_readNotes(text, 0, g, NULL, notes, r->err, r->errlen);
    if (ok && r->redo != NULL && !Game_over(g))
        ok = Autosave_replayRedo(g, r->redo, r->err, r->errlen);
    if (!ok)
        Game_free(g);
    return ok;
}

/* Keeps an unreadable file under another name: it may still matter to
 * the player, and it must not be offered again at every start. */
static AutosaveResult Autosave_damaged(const char *path, char *err, size_t errlen)
{
    char why[512], aside[PATHS_MAX + 16];
    snprintf(why, sizeof why, "%s", err);
    /* Kept in the same folder, so its own name is enough. */
    if (File_freeName(path, ".damaged", aside, sizeof aside) && rename(path, aside) == 0)
        snprintf(err, errlen, "%s: %s (the file was kept as %s)", path, why,
                 strrchr(aside, '/') != NULL ? strrchr(aside, '/') + 1 : aside);
    else
        snprintf(err, errlen, "%s: %s", path, why);
    return AUTOSAVE_DAMAGED;
}

/* The game of a state file's text into *g and *s (and the record's own
 * tags and notes, when asked for); false, with err saying what is wrong
 * and *g untouched, when it is not one. */
static bool Autosave_parseRecord(const char *text, Game *g, AutosaveInfo *s, PgnHeader *tags,
                                 GameNotes *notes, char *err, size_t errlen)
{
    InfoReader r = {.redo = NULL, .err = err, .errlen = errlen};
    Game *loaded = malloc(sizeof *loaded);
    r.tags = tags != NULL ? malloc(sizeof *r.tags) : NULL;
    GameNotes read;
    GameNotes_init(&read);
    if (r.tags != NULL)
        PgnHeader_init(r.tags);
    bool ok = loaded != NULL && (tags == NULL || r.tags != NULL) && Autosave_readInfo(&r, text)
        && Autosave_readGame(text, loaded, notes != NULL ? &read : NULL, &r);
    if (loaded == NULL || (tags != NULL && r.tags == NULL))
        snprintf(err, errlen, "out of memory");
    if (ok) {
        Game_free(g);
        *g = *loaded;
        *s = r.s;
        if (tags != NULL)
            *tags = *r.tags;
        if (notes != NULL) {
            GameNotes_free(notes);
            *notes = read;
        }
    } else {
        GameNotes_free(&read);
    }
    free(loaded);
    free(r.tags);
    free(r.redo);
    return ok;
}

static bool Autosave_parse(const char *text, Game *g, AutosaveInfo *s, char *err, size_t errlen)
{
    return Autosave_parseRecord(text, g, s, NULL, NULL, err, errlen);
}

/* The game of path: AUTOSAVE_DAMAGED with err saying what is wrong (not
 * where: the caller says that). */
static AutosaveResult Autosave_read(const char *path, Game *g, AutosaveInfo *s, PgnHeader *tags,
                                    GameNotes *notes, char *err, size_t errlen)
{
    char *text = NULL;
    if (!File_exists(path))
        return AUTOSAVE_NONE;
    if (!File_readText(path, &text, err, errlen)) {
        /* File_readText names the path itself; the caller adds it again. */
        char why[512];
        size_t skip = strncmp(err, path, strlen(path)) == 0 ? strlen(path) + 2 : 0;
        snprintf(why, sizeof why, "%s", skip < strlen(err) ? err + skip : err);
        snprintf(err, errlen, "%s", why);
        return AUTOSAVE_DAMAGED;
    }
    bool ok = Autosave_parseRecord(text, g, s, tags, notes, err, errlen);
    free(text);
    return ok ? AUTOSAVE_FOUND : AUTOSAVE_DAMAGED;
}

AutosaveResult Autosave_loadRecord(const char *path, Game *g, AutosaveInfo *s, PgnHeader *tags,
                                   GameNotes *notes, char *err, size_t errlen)
{
    char state[PATHS_MAX];
    if (path == NULL) {
        if (!Autosave_path(state, sizeof state, err, errlen))
            return AUTOSAVE_NONE;
        AutosaveResult r = Autosave_read(state, g, s, tags, notes, err, errlen);
        return r == AUTOSAVE_DAMAGED ? Autosave_damaged(state, err, errlen) : r;
    }
    AutosaveResult r = Autosave_read(path, g, s, tags, notes, err, errlen);
    if (r == AUTOSAVE_DAMAGED) { /* it stays among the saved games as it is */
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        Error_set(err, errlen, "%s: %s", path, why);
    }
    return r;
}

AutosaveResult Autosave_load(Game *g, AutosaveInfo *s, char *err, size_t errlen)
{
    return Autosave_loadRecord(NULL, g, s, NULL, NULL, err, errlen);
}

AutosaveResult Autosave_loadFile(const char *path, Game *g, AutosaveInfo *s, char *err,
                                 size_t errlen)
{
    return Autosave_loadRecord(path, g, s, NULL, NULL, err, errlen);
}

/* ---- at start-up, and when a game leaves the state folder */

/* A game loaded into scratch space, for the functions that only look. */
static AutosaveResult Autosave_loadScratch(Game *g, AutosaveInfo *s, char *err, size_t errlen)
{
    Position start; /* any game will do: Autosave_load replaces it */
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(g, &start);
    AutosaveResult r = Autosave_load(g, s, err, errlen);
    if (r != AUTOSAVE_FOUND)
        Game_free(g);
    return r;
}

void Autosave_describe(const Game *g, const AutosaveInfo *s, char *buf, size_t len)
{
    char who[2][40];
    for (int side = 0; side < 2; side++) {
        if (s->engine[side])
            snprintf(who[side], sizeof who[side], "the engine (level %d)", s->level);
        else
            snprintf(who[side], sizeof who[side], "a person");
    }
    snprintf(buf, len, "%s, %s against %s, move %d, %s to move", g->start.v->title, who[WHITE],
             who[BLACK], g->pos.fullmove, g->pos.side == WHITE ? "White" : "Black");
}

AutosaveResult Autosave_peek(char *desc, size_t desclen, char *err, size_t errlen)
{
    Game g;
    AutosaveInfo s;
    AutosaveResult r = Autosave_loadScratch(&g, &s, err, errlen);
    if (r == AUTOSAVE_FOUND) {
        Autosave_describe(&g, &s, desc, desclen);
        Game_free(&g);
    }
    return r;
}

/* Saves the game among the saved games, then forgets the state file: in
 * this order, so that a failure leaves the game where it was. */
static bool Autosave_keepThenClear(const Game *g, const AutosaveInfo *s, const char *event,
                                   char *path, size_t len, char *err, size_t errlen)
{
    PgnHeader *tags = malloc(sizeof *tags);
    if (tags == NULL) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    Autosave_infoTags(s, event, tags);
    bool ok = Saved_keep(g, tags, s->notes, path, len, err, errlen) && Autosave_clear(err, errlen);
    free(tags);
    return ok;
}

bool Autosave_setAside(char *path, size_t len, char *err, size_t errlen)
{
    Game g;
    AutosaveInfo s;
    GameNotes notes;
    PgnHeader *tags = malloc(sizeof *tags);
    path[0] = '\0';
    if (tags == NULL)
        return Error_set(err, errlen, "out of memory");
    Position start; /* any game will do: the file says which it is */
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&g, &start);
    GameNotes_init(&notes);
    AutosaveResult r = Autosave_loadRecord(NULL, &g, &s, tags, &notes, err, errlen);
    bool ok = r == AUTOSAVE_NONE; /* a damaged file was moved aside, err says where */
    if (r == AUTOSAVE_FOUND) {
        s.tags = tags; /* the players a loaded file named stay with it */
        s.notes = &notes;
        ok = Autosave_keepThenClear(&g, &s, "Unfinished game", path, len, err, errlen);
    }
    Game_free(&g);
    GameNotes_free(&notes);
    free(tags);
    return ok;
}

bool Autosave_finish(const Game *g, const AutosaveInfo *s, char *path, size_t len, char *err,
                     size_t errlen)
{
    return Autosave_keepThenClear(g, s, "Casual game", path, len, err, errlen);
}

bool Autosave_keepOwn(const Game *g, const AutosaveInfo *s, char *path, size_t len, char *err,
                      size_t errlen)
{
    PgnHeader *tags = malloc(sizeof *tags);
    if (tags == NULL) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    Autosave_infoTags(s, Game_over(g) ? "Casual game" : "Unfinished game", tags);
    bool named = path[0] != '\0'; /* the first save makes the file's name */
    bool ok = !named   ? Saved_keep(g, tags, s->notes, path, len, err, errlen)
        : Game_over(g) ? Record_savePgnNotes(g, tags, s->notes, path, err, errlen)
                       : true;
    free(tags);
    if (!ok || Game_over(g))
        return ok;
    /* Unfinished, it keeps what a resume needs, and whose it is: the next
     * start offers it once this copy has ended (Autosave_adoptApart). */
    size_t n = 0;
    char *text = Autosave_autosaveText(g, s, (long)getpid(), &n);
    if (text == NULL)
        return Error_set(err, errlen, "%s: out of memory", path);
    ok = File_writeAtomic(path, text, n, AUTOSAVE_MODE, err, errlen);
    free(text);
    return ok;
}

/* The process id of the copy that played the file's game apart, or 0
 * when it is no such game (finished, set aside, or not ours). */
static long Autosave_apartPid(const char *text)
{
    char err[ERROR_MAX];
    InfoReader r = {.redo = NULL, .err = err, .errlen = sizeof err};
    bool ours =
        strncmp(text, ESCAPE_PREFIX, strlen(ESCAPE_PREFIX)) == 0 && Autosave_readInfo(&r, text);
    free(r.redo);
    return ours ? r.apart_pid : 0;
}

/* Moves the game of path into the state file: written first, removed then. */
static bool Autosave_moveIn(const char *path, const char *text, char *err, size_t errlen)
{
    char state[PATHS_MAX];
    return Autosave_path(state, sizeof state, err, errlen)
        && File_writeAtomic(state, text, strlen(text), AUTOSAVE_MODE, err, errlen)
        && (unlink(path) == 0 || errno == ENOENT);
}

/* Whether the file's text is a game played apart whose copy has ended
 * (its copy still plays it while that process is alive). */
static bool Autosave_waitsApart(const char *text)
{
    long pid = Autosave_apartPid(text);
    return pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Calls found() with each such game's file and text, newest first, until
 * it returns false. */
static void Autosave_eachApart(bool (*found)(void *ctx, const SavedGame *sg, const char *text),
                               void *ctx)
{
    SavedGame *list = NULL;
    int count = 0;
    char why[ERROR_MAX];
    if (!Saved_list(&list, &count, why, sizeof why))
        return; /* no folder to look in */
    bool more = true;
    for (int i = 0; i < count && more; i++) {
        char *text = NULL;
        if (strcmp(list[i].result, "*") != 0
            || !File_readText(list[i].path, &text, why, sizeof why))
            continue;
        if (Autosave_waitsApart(text))
            more = found(ctx, &list[i], text);
        free(text);
    }
    free(list);
}

typedef struct {
    char *name, *err;
    size_t namelen, errlen;
    bool ok;
} Adoption;

static bool Autosave_adoptOne(void *ctx, const SavedGame *sg, const char *text)
{
    Adoption *a = ctx;
    a->ok = Autosave_moveIn(sg->path, text, a->err, a->errlen);
    if (a->ok)
        snprintf(a->name, a->namelen, "%s", sg->name);
    return false; /* the newest only */
}

bool Autosave_adoptApart(char *name, size_t namelen, char *err, size_t errlen)
{
    Adoption a = {name, err, namelen, errlen, true};
    name[0] = '\0';
    if (!Autosave_exists()) /* else it is offered beside it (Autosave_apartGames) */
        Autosave_eachApart(Autosave_adoptOne, &a);
    return a.ok;
}

typedef struct {
    AutosaveApart *out;
    int max, n;
} ApartList;

static bool Autosave_listOne(void *ctx, const SavedGame *sg, const char *text)
{
    ApartList *l = ctx;
    AutosaveApart *a = &l->out[l->n];
    Game g;
    AutosaveInfo info;
    char err[ERROR_MAX];
    Position start; /* any game will do: the file says which it is */
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&g, &start);
    if (Autosave_parse(text, &g, &info, err, sizeof err)) {
        snprintf(a->path, sizeof a->path, "%s", sg->path);
        snprintf(a->name, sizeof a->name, "%s", sg->name);
        Autosave_describe(&g, &info, a->desc, sizeof a->desc);
        l->n++;
    }
    Game_free(&g);
    return l->n < l->max;
}

int Autosave_apartGames(AutosaveApart *out, int max)
{
    ApartList l = {out, max, 0};
    if (max > 0)
        Autosave_eachApart(Autosave_listOne, &l);
    return l.n;
}
