/* Fuzz target: the autosave file read at start-up. The input becomes the
 * file; a game read is saved again and must read back the same, with
 * the same session, the same loaded file's tags and the same notes. A
 * damaged file must be kept aside, never lost. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/setup.h"
#include "record/autosave.h"
#include "record/paths.h"
#include "record/pgn.h"

static void Autosave_put(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        Fuzz_fail("cannot write %s", path);
}

/* The same tags, in the same order. */
static void Autosave_sameTags(const PgnHeader *a, const PgnHeader *b)
{
    if (a->ntags != b->ntags)
        Fuzz_fail("%d tags became %d when saved and read back", a->ntags, b->ntags);
    for (int i = 0; i < a->ntags; i++)
        if (strcmp(a->tags[i].name, b->tags[i].name) != 0
            || strcmp(a->tags[i].value, b->tags[i].value) != 0)
            Fuzz_fail("tag %s \"%s\" became %s \"%s\"", a->tags[i].name, a->tags[i].value,
                      b->tags[i].name, b->tags[i].value);
}

/* The same notes: written as PGN with the game, the same text. */
static void Autosave_sameNotes(const Game *g, const GameNotes *a, const GameNotes *b)
{
    char *one = Pgn_writeNotes(g, NULL, a), *two = Pgn_writeNotes(g, NULL, b);
    if (!one || !two || strcmp(one, two) != 0)
        Fuzz_fail("the notes changed when saved and read back:\n%s\n----\n%s", one ? one : "",
                  two ? two : "");
    free(one);
    free(two);
}

static void Autosave_roundTrip(const Game *g, AutosaveInfo *s, const PgnHeader *tags,
                               const GameNotes *notes)
{
    char err[512];
    s->tags = tags;
    s->notes = notes;
    if (!Autosave_save(g, s, err, sizeof err))
        Fuzz_fail("the game read cannot be saved: %s", err);
    s->tags = NULL;
    s->notes = NULL;
    Position start;
    Setup_start(&start, Fuzz_variant(0));
    Game again;
    AutosaveInfo s2;
    PgnHeader tags2;
    GameNotes notes2;
    GameNotes_init(&notes2);
    Game_init(&again, &start);
    if (Autosave_loadRecord(NULL, &again, &s2, &tags2, &notes2, err, sizeof err) != AUTOSAVE_FOUND)
        Fuzz_fail("the game saved does not read back: %s", err);
    Fuzz_checkSameGame(g, &again, "autosave written and read back");
    if (memcmp(s, &s2, sizeof s2) != 0)
        Fuzz_fail("the session changed when saved and read back");
    Autosave_sameTags(tags, &tags2);
    Autosave_sameNotes(g, notes, &notes2);
    GameNotes_free(&notes2);
    Game_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz_folder();
    char path[PATHS_MAX], aside[PATHS_MAX + 16], err[512] = "";
    if (!Autosave_path(path, sizeof path, err, sizeof err))
        Fuzz_fail("no autosave path: %s", err);
    Autosave_put(path, data, size);
    Position start;
    Setup_start(&start, Fuzz_variant(0));
    Game g;
    AutosaveInfo s;
    PgnHeader tags;
    GameNotes notes;
    memset(&s, 0, sizeof s);
    GameNotes_init(&notes);
    Game_init(&g, &start);
    AutosaveResult r = Autosave_loadRecord(NULL, &g, &s, &tags, &notes, err, sizeof err);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    if (r == AUTOSAVE_FOUND) {
        Fuzz_checkGame(&g, "autosave read");
        Autosave_roundTrip(&g, &s, &tags, &notes);
    } else if (r == AUTOSAVE_DAMAGED) {
        if (!err[0])
            Fuzz_fail("a damaged autosave without a message");
        FILE *kept = fopen(aside, "rb");
        if (!kept)
            Fuzz_fail("a damaged autosave was not kept: %s", err);
        fclose(kept);
    } else {
        Fuzz_fail("an autosave file present was not seen");
    }
    remove(aside);
    remove(path);
    Game_free(&g);
    GameNotes_free(&notes);
    return 0;
}
