/* The comments, NAGs and variations of a record's moves, kept per ply as
 * text in the form PGN writes them, so that a file read and saved again
 * says what it said. */
#include "record/notes.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

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
