/* Fuzz target: PGN text with any number of games. Each game read is
 * written back, with its comments, NAGs and variations, and read again:
 * the same start, moves, position and clocks (to the second, rounded up as
 * written); written once more, the text is the same. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/setup.h"
#include "record/pgn.h"

#define PGN_GAMES_TRIED 8

static void Pgn_roundTrip(const char *text, int index)
{
    Position start;
    Setup_start(&start, Fuzz_variant(0));
    Game g, again;
    GameNotes notes, notes_again;
    char err[ERROR_MAX] = "";
    Game_init(&g, &start);
    Game_init(&again, &start);
    GameNotes_init(&notes);
    GameNotes_init(&notes_again);
    PgnHeader tags, tags_again;
    if (Pgn_readNotes(text, index, &g, &tags, &notes, err, sizeof err)) {
        Fuzz_checkGame(&g, "PGN read");
        char *written = Pgn_writeNotes(&g, &tags, &notes);
        if (!written)
            Fuzz_fail("no memory to write the game");
        if (!Pgn_readNotes(written, 0, &again, &tags_again, &notes_again, err, sizeof err))
            Fuzz_fail("game %d written does not read back: %s\n%s", index + 1, err, written);
        char *rewritten = Pgn_writeNotes(&again, &tags_again, &notes_again);
        if (!rewritten || strcmp(rewritten, written) != 0)
            Fuzz_fail("game %d: written again it changed:\n%s\n----\n%s", index + 1, written,
                      rewritten ? rewritten : "(no memory)");
        free(rewritten);
        Fuzz_checkSameGame(&g, &again, "PGN written and read back");
        if (g.status.result != again.status.result)
            Fuzz_fail("game %d: its result changed when written and read back", index + 1);
        for (int i = 0; i < g.nmoves; i++) {
            int was = Game_clockAt(&g, i), now = Game_clockAt(&again, i);
            if ((was < 0) != (now < 0) || (was >= 0 && now != (was + 999) / 1000 * 1000))
                Fuzz_fail("game %d: the clock of ply %d was %d ms, read back as %d", index + 1, i,
                          was, now);
        }
        free(written);
    } else if (!err[0]) {
        Fuzz_fail("game %d refused without a message", index + 1);
    }
    Game_free(&g);
    Game_free(&again);
    GameNotes_free(&notes);
    GameNotes_free(&notes_again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = Fuzz_text(data, size);
    PgnHeader *list = NULL;
    int count = 0;
    char err[ERROR_MAX] = "";
    if (Pgn_list(text, &list, &count, err, sizeof err)) {
        for (int i = 0; i < count && i < PGN_GAMES_TRIED; i++)
            Pgn_roundTrip(text, i);
    } else if (!err[0]) {
        Fuzz_fail("PGN text refused without a message");
    }
    free(list);
    free(text);
    return 0;
}
