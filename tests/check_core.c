/* Core invariants along many moves: the Zobrist hash against a full
 * recomputation, FEN round trips and exact unmake along random games;
 * move notation both ways; the numbered setups; and the Game record. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/notation.h"
#include "core/setup.h"
#include "core/status.h"
#include "helpers.h"

#define ZS VARIANT_ZANZIBAR_S
#define XL VARIANT_ZANZIBAR_XL
#define XXL VARIANT_ZANZIBAR_XXL
#define PEMBA VARIANT_PEMBA
#define AN VARIANT_ARABIAN_NIGHTS

/* xorshift64*: the test's own generator, so every run plays the same games. */
static uint64_t Rng_next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Dull;
}

/* --- random games: hash, FEN and unmake -------------------------------- */

#define RANDOM_PLIES 400

typedef struct {
    Undo undo;
    uint64_t hash;
    char fen[FEN_MAX];
} Ply;

static void assert_consistent(Position *pos, const char *context)
{
    char fen[FEN_MAX], again[FEN_MAX], err[ERROR_MAX] = "";
    Position copy;
    Fen_write(pos, fen, sizeof fen);
    ck_assert_msg(pos->hash == Position_computeHash(pos), "%s: hash differs from a full "
                  "recomputation at %s", context, fen);
    ck_assert_msg(Fen_read(&copy, pos->v, fen, err, sizeof err), "%s: own FEN %s refused: %s",
                  context, fen, err);
    Fen_write(&copy, again, sizeof again);
    ck_assert_str_eq(again, fen);
    ck_assert_msg(copy.hash == pos->hash, "%s: FEN read back gives another hash at %s", context, fen);
}

static void assert_same_state(const Position *pos, const Ply *ply, const char *context)
{
    char fen[FEN_MAX];
    Fen_write(pos, fen, sizeof fen);
    ck_assert_msg(strcmp(fen, ply->fen) == 0, "%s: unmake gives %s instead of %s", context, fen,
                  ply->fen);
    ck_assert_msg(pos->hash == ply->hash, "%s: unmake does not restore the hash at %s", context, fen);
}

/* Plays random legal moves until the game ends or RANDOM_PLIES, then takes
 * them all back; returns the number of plies played. */
static int random_game(const Position *start, uint64_t seed)
{
    static Ply plies[RANDOM_PLIES];
    Position pos = *start;
    uint64_t rng = seed;
    int n = 0;
    char context[64];
    for (int i = 0; i < RANDOM_PLIES; i++) {
        MoveList list;
        Movegen_legal(&pos, &list);
        snprintf(context, sizeof context, "%s seed %llu ply %d", pos.v->name,
                 (unsigned long long)seed, i);
        if (list.count == 0)
            break;
        Move m = list.moves[Rng_next(&rng) % (uint64_t)list.count];
        Fen_write(&pos, plies[n].fen, sizeof plies[n].fen);
        plies[n].hash = pos.hash;
        Position_make(&pos, m, &plies[n].undo);
        n++;
        assert_consistent(&pos, context);
    }
    int played = n;
    while (n > 0) {
        n--;
        Position_unmake(&pos, &plies[n].undo);
        snprintf(context, sizeof context, "%s seed %llu unmake %d", pos.v->name,
                 (unsigned long long)seed, n);
        assert_same_state(&pos, &plies[n], context);
    }
    ck_assert_int_eq(memcmp(pos.board, start->board, sizeof pos.board), 0);
    return played;
}

START_TEST(test_random_games)
{
    const Variant *v = Variant_get((VariantId)_i);
    int plies = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        Position start;
        if (Setup_count(v))
            ck_assert(Setup_position(&start, v, Setup_random(v, seed)));
        else
            Position_start(&start, v);
        plies += random_game(&start, seed * 0x9E3779B97F4A7C15ull);
    }
    ck_assert_int_ge(plies, 1000);
}
END_TEST

/* Positions rich in special moves: en passant, promotions, jumps, flights. */
static const struct {
    VariantId variant;
    const char *fen;
} busy[] = {
    {XL, "7k4/1P3P6/12/3pP7/12/12/12/12/12/12/5p6/5K6 w Kk d10 0 40"},
    {XXL, "5k6/2S9/12/12/12/3Sp7/12/12/12/12/1s10/6K5 b k d6 0 20"},
    {PEMBA, "4k5/P9/10/10/10/3Pp5/10/10/p9/5K4 b - d4 0 30"},
    {AN, "*4s4*/*9*/G1P7g/*9*/*4*4*/11/*2p6*/*9*/*3S5* b - - 0 25"},
};

START_TEST(test_random_busy)
{
    Position start;
    Helper_read(&start, busy[_i].variant, busy[_i].fen);
    int plies = 0;
    for (uint64_t seed = 1; seed <= 20; seed++)
        plies += random_game(&start, seed);
    ck_assert_int_ge(plies, 1000);
}
END_TEST

static Suite *core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("random games");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_games, 0, VARIANT_COUNT);
    tcase_add_loop_test(tc, test_random_busy, 0, (int)(sizeof busy / sizeof busy[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(core_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
