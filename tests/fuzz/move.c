/* Fuzz target: move text in coordinates and SAN, then make/unmake and
 * Game undo/redo. The first byte picks a game and one of its positions,
 * the rest is words: a move, "<" (undo) or ">" (redo). A move read must be
 * legal, its two texts must read back as it, make/unmake must restore the
 * position and keep the hash equal to one recomputed. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/setup.h"
#include "core/movegen.h"
#include "core/notation.h"

/* Besides each game's start: positions with promotions, carpets, King
 * jumps and en passant close at hand. */
static const struct {
    VariantId id;
    const char *fen;
} positions[] = {
    {VARIANT_PEMBA, "k9/10/1Q8/10/10/10/10/10/10/9K w - - 0 1"},
    {VARIANT_PEMBA, "9k/4P5/10/10/10/10/10/10/10/K9 w - - 0 1"},
    {VARIANT_ARABIAN_NIGHTS,
     "*rkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSDEKR* w - - 0 1"},
    {VARIANT_ARABIAN_NIGHTS, "*4s4*/*9*/G1P7g/*9*/*4*4*/11/*2p6*/*9*/*3S5* b - - 0 25"},
    {VARIANT_ZANZIBAR_S, "5k6/12/12/12/12/12/12/12/12/12/12/5K4R1 w Kk - 0 1"},
    {VARIANT_ZANZIBAR_XL, "5k6/2P9/12/12/12/12/12/12/12/12/12/5K4R1 w - - 0 1"},
};

static bool Move_start(uint8_t byte, Position *pos)
{
    int n = (int)(sizeof positions / sizeof positions[0]);
    int pick = byte % (VARIANT_COUNT + n);
    char err[ERROR_MAX];
    if (pick < VARIANT_COUNT) {
        Setup_start(pos, Variant_get((VariantId)pick));
        return true;
    }
    pick -= VARIANT_COUNT;
    if (!Fen_read(pos, Variant_get(positions[pick].id), positions[pick].fen, err, sizeof err))
        Fuzz_fail("start position %s refused: %s", positions[pick].fen, err);
    return true;
}

static void Move_checkRead(Position *pos, Move m, const char *word)
{
    if (!Movegen_isLegalMove(pos, m))
        Fuzz_fail("'%s' read as an illegal move", word);
    char coord[MOVE_TEXT_MAX], san[MOVE_TEXT_MAX], err[ERROR_MAX];
    Move back;
    Notation_coord(pos, m, coord);
    Notation_san(pos, m, san);
    if (!Notation_parse(pos, coord, &back, err, sizeof err) || back != m)
        Fuzz_fail("'%s': its coordinates %s do not read back (%s)", word, coord, err);
    if (!Notation_parse(pos, san, &back, err, sizeof err) || back != m)
        Fuzz_fail("'%s': its SAN %s does not read back (%s)", word, san, err);
    Position before = *pos;
    Undo u;
    Position_make(pos, m, &u);
    Fuzz_checkHash(pos, "after make");
    Position_unmake(pos, &u);
    if (!Fuzz_samePosition(&before, pos))
        Fuzz_fail("'%s': unmake does not restore the position", word);
}

static void Move_word(Game *g, const char *word)
{
    if (!strcmp(word, "<")) {
        uint64_t hash = g->pos.hash;
        if (Game_undo(g) && (!Game_redo(g) || g->pos.hash != hash))
            Fuzz_fail("undo then redo does not come back");
        Game_undo(g);
        return;
    }
    if (!strcmp(word, ">")) {
        Game_redo(g);
        return;
    }
    Move m;
    char err[ERROR_MAX] = "";
    if (Notation_parse(&g->pos, word, &m, err, sizeof err)) {
        Move_checkRead(&g->pos, m, word);
        if (!Game_over(g) && !Game_play(g, m))
            Fuzz_fail("'%s' was read but the game refuses it", word);
    } else if (!err[0]) {
        Fuzz_fail("'%s' refused without a message", word);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Position start;
    if (size < 1 || !Move_start(data[0], &start))
        return 0;
    Game g;
    Game_init(&g, &start);
    char *text = Fuzz_text(data + 1, size - 1), *save = NULL;
    for (char *w = strtok_r(text, " \n\t", &save); w; w = strtok_r(NULL, " \n\t", &save)) {
        Move_word(&g, w);
        Fuzz_checkGame(&g, w);
    }
    free(text);
    Game_free(&g);
    return 0;
}
