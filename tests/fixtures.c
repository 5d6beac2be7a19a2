/* Fixtures shared by the tests above the rules core: positions read as a
 * user's would be, and XBoard conversations through temporary files. */
#include "fixtures.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/xboard.h"
#include "core/error.h"
#include "core/fen.h"
#include "core/notation.h"
#include "core/setup.h"
#include "engine/engine.h"

Engine *Fixture_engine;

void Fixture_newEngine(void)
{
    Fixture_engine = Engine_new(8);
    ck_assert_ptr_nonnull(Fixture_engine);
}

void Fixture_freeEngine(void)
{
    Engine_free(Fixture_engine);
}

Position Fixture_position(VariantId id, const char *fen)
{
    Position pos;
    char err[ERROR_MAX];
    const Variant *v = Variant_get(id);
    if (!fen)
        Setup_start(&pos, v);
    else
        ck_assert_msg(Fen_read(&pos, v, fen, err, sizeof err), "FEN refused: %s (%s)", fen, err);
    return pos;
}

Position Fixture_named(const char *variant, const char *fen)
{
    const Variant *v = Variant_byName(variant);
    ck_assert_ptr_nonnull(v);
    return Fixture_position(v->id, fen);
}

Game Fixture_game(const char *variant, const char *fen, const char *const *moves, int n)
{
    Position start = Fixture_named(variant, fen);
    Game g;
    char err[ERROR_MAX];
    Game_init(&g, &start);
    for (int i = 0; i < n; i++) {
        Move m;
        ck_assert_msg(Notation_parse(&g.pos, moves[i], &m, err, sizeof err), "%s: %s", moves[i],
                      err);
        ck_assert_msg(Game_play(&g, m), "%s: not played", moves[i]);
    }
    return g;
}

char *Fixture_readBack(FILE *out)
{
    long size = ftell(out);
    char *text = calloc((size_t)size + 1, 1);
    rewind(out);
    ck_assert_int_eq(fread(text, 1, (size_t)size, out), (size_t)size);
    fclose(out);
    return text;
}

char *Fixture_xboard(const char *input)
{
    FILE *in = tmpfile(), *out = tmpfile();
    ck_assert(in && out);
    fputs(input, in);
    rewind(in);
    ck_assert_int_eq(Xboard_run(in, out), 0);
    fclose(in);
    return Fixture_readBack(out);
}

void Fixture_assertSays(const char *text, const char *const *phrases)
{
    for (int i = 0; phrases[i] != NULL; i++)
        ck_assert_msg(strstr(text, phrases[i]) != NULL, "no '%s' in:\n%s", phrases[i], text);
}
