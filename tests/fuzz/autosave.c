/* Fuzz target: the autosave file read at start-up. The input becomes the
 * file; a game read is saved again and must read back the same, with
 * the same session. A damaged file must be kept aside, never lost. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/setup.h"
#include "record/autosave.h"
#include "record/paths.h"

static void Autosave_put(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        Fuzz_fail("cannot write %s", path);
}

static void Autosave_roundTrip(const Game *g, const AutosaveInfo *s)
{
    char err[512];
    if (!Autosave_save(g, s, err, sizeof err))
        Fuzz_fail("the game read cannot be saved: %s", err);
    Position start;
    Setup_start(&start, Fuzz_variant(0));
    Game again;
    AutosaveInfo s2;
    Game_init(&again, &start);
    if (Autosave_load(&again, &s2, err, sizeof err) != AUTOSAVE_FOUND)
        Fuzz_fail("the game saved does not read back: %s", err);
    Fuzz_checkSameGame(g, &again, "autosave written and read back");
    if (memcmp(s, &s2, sizeof s2) != 0)
        Fuzz_fail("the session changed when saved and read back");
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
    memset(&s, 0, sizeof s);
    Game_init(&g, &start);
    AutosaveResult r = Autosave_load(&g, &s, err, sizeof err);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    if (r == AUTOSAVE_FOUND) {
        Fuzz_checkGame(&g, "autosave read");
        Autosave_roundTrip(&g, &s);
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
    return 0;
}
