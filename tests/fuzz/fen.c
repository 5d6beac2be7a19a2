/* Fuzz target: FEN reading in each game. The first byte names the game,
 * the rest is the FEN. A position read must write back to a FEN that
 * reads to the same position and writes back the same, with a hash equal
 * to one recomputed from the board. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "core/fen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const Variant *v = Fuzz_variant(data[0]);
    char *text = Fuzz_text(data + 1, size - 1);
    Position pos, again;
    char err[ERROR_MAX], fen[FEN_MAX], fen2[FEN_MAX];
    if (Fen_read(&pos, v, text, err, sizeof err)) {
        Fuzz_checkHash(&pos, "FEN read");
        Fen_write(&pos, fen, sizeof fen);
        if (!Fen_read(&again, v, fen, err, sizeof err))
            Fuzz_fail("the FEN written, %s, does not read back: %s", fen, err);
        Fuzz_checkHash(&again, "FEN read back");
        Fen_write(&again, fen2, sizeof fen2);
        if (strcmp(fen, fen2) != 0 || pos.hash != again.hash)
            Fuzz_fail("FEN round trip: %s became %s", fen, fen2);
    } else if (!err[0]) {
        Fuzz_fail("a FEN was refused without a message");
    }
    free(text);
    return 0;
}
