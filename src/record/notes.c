/* The comments, NAGs and variations of a record's moves, kept per ply as
 * text in the form PGN writes them, so that a file read and saved again
 * says what it said; and how a PGN comment (with its [%clk]) and a
 * variation become notes. */
#include "record/notes.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

#define NOTES_CLOCK_MAX_HOURS 500 /* a [%clk] in ms must fit an int */

void GameNotes_init(GameNotes *n)
{
    memset(n, 0, sizeof *n);
}

static void MoveNote_free(MoveNote *m)
{
    for (int k = 0; k < NOTE_KINDS; k++) {
        free(m->text[k]);
        m->text[k] = NULL;
    }
}

void GameNotes_truncate(GameNotes *n, int ply)
{
    if (ply < 0) {
        free(n->intro);
        n->intro = NULL;
        ply = 0;
    }
    for (int i = ply; i < n->count; i++)
        MoveNote_free(&n->plies[i]);
    if (ply < n->count)
        n->count = ply;
}

void GameNotes_free(GameNotes *n)
{
    GameNotes_truncate(n, -1);
    free(n->plies);
    GameNotes_init(n);
}

static char *GameNotes_dup(const char *text)
{
    if (text == NULL)
        return NULL;
    size_t len = strlen(text) + 1;
    return memcpy(Alloc_array(len, 1), text, len);
}

void GameNotes_copy(GameNotes *dst, const GameNotes *src)
{
    if (dst == src)
        return;
    GameNotes_free(dst);
    dst->intro = GameNotes_dup(src->intro);
    if (src->count == 0)
        return;
    dst->plies = Alloc_array((size_t)src->count, sizeof *dst->plies);
    dst->count = src->count;
    for (int i = 0; i < src->count; i++)
        for (int k = 0; k < NOTE_KINDS; k++)
            dst->plies[i].text[k] = GameNotes_dup(src->plies[i].text[k]);
}

/* The slot ply's text of that kind lives in, growing the list to it. */
static char **GameNotes_slot(GameNotes *n, int ply, NoteKind kind)
{
    if (ply < 0)
        return &n->intro;
    if (ply >= n->count) {
        n->plies = Alloc_grow(n->plies, (size_t)ply + 1, sizeof *n->plies);
        memset(n->plies + n->count, 0, (size_t)(ply + 1 - n->count) * sizeof *n->plies);
        n->count = ply + 1;
    }
    return &n->plies[ply].text[kind];
}

/* text with every run of blanks one space, trimmed, into a new string;
 * NULL when nothing is left. */
static char *GameNotes_squeeze(const char *text, size_t len)
{
    char *out = Alloc_array(len + 1, 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        bool blank = text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r';
        if (!blank)
            out[n++] = text[i];
        else if (n > 0 && out[n - 1] != ' ')
            out[n++] = ' ';
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    if (n == 0) {
        free(out);
        return NULL;
    }
    return out;
}

void GameNotes_add(GameNotes *n, int ply, NoteKind kind, const char *text, size_t len)
{
    if (ply < 0 && kind != NOTE_COMMENT) /* no move yet for a NAG or a variation */
        return;
    char *add = GameNotes_squeeze(text, len);
    if (add == NULL)
        return;

    char **slot = GameNotes_slot(n, ply, kind);
    if (*slot == NULL) {
        *slot = add;
        return;
    }
    size_t old = strlen(*slot), more = strlen(add);
    *slot = Alloc_grow(*slot, old + more + 2, 1);
    (*slot)[old] = ' ';
    memcpy(*slot + old + 1, add, more + 1);
    free(add);
}

const char *GameNotes_get(const GameNotes *n, int ply, NoteKind kind)
{
    if (ply < 0)
        return kind == NOTE_COMMENT ? n->intro : NULL;
    return ply < n->count ? n->plies[ply].text[kind] : NULL;
}

bool GameNotes_empty(const GameNotes *n)
{
    return n->intro == NULL && n->count == 0;
}

/* ---- from PGN text */

/* "H:MM:SS" with an optional fraction of a second, spaces around it; -1
 * when it is something else (another program's mistake is ignored). */
static int GameNotes_clockValue(const char *p, const char *end)
{
    long part[3] = {0, 0, 0};
    int n = 0;
    while (p < end && isspace((unsigned char)*p)) /* a line break too: [%clk wraps */
        p++;
    for (; n < 3 && p < end && isdigit((unsigned char)*p); n++) {
        int digits = 0;
        for (; p < end && isdigit((unsigned char)*p) && digits < 6; p++, digits++)
            part[n] = part[n] * 10 + (*p - '0');
        if (n < 2 && (p >= end || *p++ != ':'))
            return -1;
    }
    long ms = 0;
    if (p < end && *p == '.') { /* tenths, hundredths, thousandths; no finer */
        p++;
        for (long unit = 100; p < end && isdigit((unsigned char)*p); p++, unit /= 10)
            ms += (*p - '0') * unit;
    }
    while (p < end && isspace((unsigned char)*p))
        p++;
    if (n != 3 || p != end || part[1] > 59 || part[2] > 59 || part[0] > NOTES_CLOCK_MAX_HOURS)
        return -1;
    return (int)((part[0] * 3600 + part[1] * 60 + part[2]) * 1000 + ms);
}

int GameNotes_readComment(GameNotes *n, int ply, const char *start, const char *end)
{
    static const char key[] = "[%clk";
    int clock = -1;
    const char *text = start; /* the text not yet given to the notes */
    for (const char *p = start; p + sizeof key - 1 < end; p++) {
        if (memcmp(p, key, sizeof key - 1) != 0)
            continue;
        const char *close = memchr(p, ']', (size_t)(end - p));
        int ms = close != NULL ? GameNotes_clockValue(p + sizeof key - 1, close) : -1;
        if (ms < 0)
            continue;
        if (clock < 0)
            clock = ms;
        if (n != NULL)
            GameNotes_add(n, ply, NOTE_COMMENT, text, (size_t)(p - text));
        text = close + 1;
        p = close;
    }
    if (n != NULL)
        GameNotes_add(n, ply, NOTE_COMMENT, text, (size_t)(end - text));
    return clock;
}

/* The variation's text fit to be written on one line: a ";" comment
 * becomes a {} one (its own '}' a ']'), and "%" escape lines go. */
static size_t GameNotes_variationText(const char *in, const char *end, char *out)
{
    size_t n = 0;
    bool brace = false;
    for (const char *p = in; p < end; p++) {
        bool line_start = p == in || p[-1] == '\n';
        if (!brace && *p == '%' && line_start) {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (!brace && *p == ';') {
            out[n++] = '{';
            for (p++; p < end && *p != '\n'; p++)
                out[n++] = *p == '}' ? ']' : *p;
            out[n++] = '}';
            continue;
        }
        brace = *p == '{' ? true : *p == '}' ? false : brace;
        out[n++] = *p;
    }
    return n;
}

void GameNotes_addVariation(GameNotes *n, int ply, const char *open, const char *end)
{
    size_t room = 2 * (size_t)(end - open) + 3;
    char *text = Alloc_array(room, 1);
    size_t len = GameNotes_variationText(open + 1, end - 1, text + 1);
    size_t from = 1;
    while (from < len + 1 && isspace((unsigned char)text[from]))
        from++;
    while (len + 1 > from && isspace((unsigned char)text[len]))
        len--;
    text[from - 1] = '(';
    text[len + 1] = ')';
    GameNotes_add(n, ply, NOTE_VARIATION, text + from - 1, len - from + 3);
    free(text);
}
