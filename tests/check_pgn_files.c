/* Other programs' PGN files read and written back (tests/data: written by
 * hand the way lichess, pychess, cutechess and XBoard write them): the
 * moves, clocks, every tag, comments, NAGs and variations survive, a
 * Latin-1 file comes back as UTF-8, and the standard start needs no FEN;
 * XBoard's Pemba (ranks from 0, a game XBoard 4.9.1 saved) and its
 * promotions without the new piece. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "record/notes.h"
#include "record/pgn.h"
#include "record/record.h"
#include "runner.h"

#define ERR_LEN 512

static const char *const FILES[] = {"lichess.pgn", "pychess.pgn", "cutechess.pgn",
                                    "xboard-latin1.pgn", "xboard-pemba.pgn"};
#define NFILES (sizeof FILES / sizeof FILES[0])

typedef struct {
    Game game;
    PgnHeader tags;
    GameNotes notes;
} Record;

static void dataPath(const char *name, char *buf, size_t len)
{
    const char *src = getenv("ZANZIBAR_SRCDIR");
    snprintf(buf, len, "%s/tests/data/%s", src != NULL ? src : ".", name);
}

static void recordInit(Record *r)
{
    Position start;
    Position_init(&start, Variant_get(VARIANT_PEMBA));
    Game_init(&r->game, &start);
    GameNotes_init(&r->notes);
}

static void recordFree(Record *r)
{
    Game_free(&r->game);
    GameNotes_free(&r->notes);
}

static void loadData(const char *name, Record *r)
{
    char path[1024], err[ERR_LEN];
    dataPath(name, path, sizeof path);
    recordInit(r);
    ck_assert_msg(Record_loadPgnNotes(&r->game, &r->tags, &r->notes, path, 0, err, sizeof err),
                  "%s: %s", name, err);
}

static void readText(const char *text, Record *r)
{
    char err[ERR_LEN];
    recordInit(r);
    ck_assert_msg(Pgn_readNotes(text, 0, &r->game, &r->tags, &r->notes, err, sizeof err), "%s\n%s",
                  err, text);
}

static void assertSameText(const char *a, const char *b, const char *what, int ply)
{
    ck_assert_msg((a == NULL) == (b == NULL) && (a == NULL || strcmp(a, b) == 0),
                  "%s of ply %d: '%s' became '%s'", what, ply, a ? a : "(none)", b ? b : "(none)");
}

/* Everything the first record says, the second says the same way. */
static void assertSame(const Record *a, const Record *b)
{
    ck_assert_int_eq(a->game.nmoves, b->game.nmoves);
    for (int i = 0; i < a->game.nmoves; i++) {
        ck_assert_uint_eq(a->game.moves[i], b->game.moves[i]);
        ck_assert_int_eq(Game_clockAt(&a->game, i), Game_clockAt(&b->game, i));
    }
    static const char *const kinds[NOTE_KINDS] = {"comment", "NAG", "variation"};
    assertSameText(a->notes.intro, b->notes.intro, "intro", -1);
    for (int i = 0; i < a->game.nmoves; i++)
        for (int k = 0; k < NOTE_KINDS; k++)
            assertSameText(GameNotes_get(&a->notes, i, k), GameNotes_get(&b->notes, i, k), kinds[k],
                           i);
    for (int i = 0; i < a->tags.ntags; i++) {
        const PgnTag *t = &a->tags.tags[i];
        /* Computed from the game: the variant's own spelling, no FEN for
         * the standard start. */
        if (strcmp(t->name, "SetUp") == 0 || strcmp(t->name, "FEN") == 0
            || strcmp(t->name, "Variant") == 0)
            continue;
        const char *back = PgnHeader_get(&b->tags, t->name);
        ck_assert_msg(back != NULL && strcmp(back, t->value) == 0, "tag %s \"%s\" became \"%s\"",
                      t->name, t->value, back ? back : "(none)");
    }
}

START_TEST(test_file_round_trip)
{
    Record first, second;
    loadData(FILES[_i], &first);
    char *text = Pgn_writeNotes(&first.game, &first.tags, &first.notes);
    ck_assert_ptr_nonnull(text);
    readText(text, &second);
    assertSame(&first, &second);
    /* Written again, the text is the same: nothing drifts. */
    char *again = Pgn_writeNotes(&second.game, &second.tags, &second.notes);
    ck_assert_str_eq(text, again);
    free(again);
    free(text);
    recordFree(&first);
    recordFree(&second);
}
END_TEST

static char *writeData(const char *name)
{
    Record r;
    loadData(name, &r);
    char *text = Pgn_writeNotes(&r.game, &r.tags, &r.notes);
    recordFree(&r);
    ck_assert_ptr_nonnull(text);
    return text;
}

/* part is in text, read with its line breaks as spaces (lines wrap). */
static void assertHas(const char *text, const char *part)
{
    size_t len = strlen(text) + 1;
    char *flat = malloc(len);
    ck_assert_ptr_nonnull(flat);
    for (size_t i = 0; i < len; i++)
        flat[i] = text[i] == '\n' ? ' ' : text[i];
    ck_assert_msg(strstr(flat, part) != NULL, "'%s' missing from:\n%s", part, text);
    free(flat);
}

START_TEST(test_lichess_annotations)
{
    char *text = writeData("lichess.pgn");
    assertHas(text, "[WhiteElo \"1874\"]");
    assertHas(text, "[Opening \"Pemba: Wing Pawn Opening\"]");
    assertHas(text, "[Annotator \"lichess.org\"]");
    assertHas(text, "[Site \"https://lichess.org/AbCdEfGh\"]");
    assertHas(text, "b5 {[%eval 0.17] [%clk 0:03:00]}");
    /* A move's "?!" is NAG 6; the comments after a move become one. */
    assertHas(text, "Jj4 $6 {[%eval -0.36] Inaccuracy. Nb4 was best. [%clk 0:02:58]} (2. Nb4");
    /* The clock whose comment a line break split. */
    assertHas(text, "i4 {[%eval -0.41] [%clk 0:02:55]}");
    assertHas(text, "Eh7 $2 {Mistake.} (3... Zb7 4. Eh4)");
    /* A game from the standard start has no SetUp and FEN. */
    ck_assert_ptr_null(strstr(text, "[SetUp"));
    ck_assert_ptr_null(strstr(text, "[FEN"));
    free(text);
}
END_TEST

START_TEST(test_pychess_and_cutechess)
{
    char *text = writeData("pychess.pgn");
    assertHas(text, "{A friendly game at the club} 1. b5");
    assertHas(text, "Jj4 $1 {[%clk 0:04:57]}");
    assertHas(text, "i4 {Attacking the Elephant [%clk 0:04:54]}");
    assertHas(text, "[WhiteClock \"0:04:54.000\"]");
    free(text);
    text = writeData("cutechess.pgn");
    assertHas(text, "b5 {+0.12/9 0.51s}");
    assertHas(text, "[GameDuration \"00:00:42\"]");
    /* Its FEN is the standard start: not written again. */
    ck_assert_ptr_null(strstr(text, "[FEN"));
    free(text);
}
END_TEST

START_TEST(test_latin1_read_as_latin1)
{
    char *text = writeData("xboard-latin1.pgn");
    assertHas(text, "[White \"J\xc3\xb6rg\"]");
    assertHas(text, "[Annotator \"G\xc3\xa9rard\"]");
    assertHas(text, "Pemba: J\xc3\xb6rg against the engine");
    free(text);
    /* A UTF-8 file stays as it is. */
    char path[1024], err[ERR_LEN];
    snprintf(path, sizeof path, "%s/utf8.pgn", TestRunner_folder());
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("[White \"J\xc3\xb6rg\"]\n[Variant \"pemba\"]\n\n1. b5 *\n", f);
    fclose(f);
    Record r;
    recordInit(&r);
    ck_assert_msg(Record_loadPgnNotes(&r.game, &r.tags, &r.notes, path, 0, err, sizeof err), "%s",
                  err);
    ck_assert_str_eq(PgnHeader_get(&r.tags, "White"), "J\xc3\xb6rg");
    recordFree(&r);
}
END_TEST

START_TEST(test_xboard_ranks_from_zero)
{
    /* XBoard's "1. Ze3 Ze6 2. Zf3" is our Ze4 Ze7 Zf4. */
    char *text = writeData("xboard-pemba.pgn");
    assertHas(text, "1. Ze4 {+0.07/10} 1... Ze7 {-0.12/11 0.8} 2. Zf4");
    assertHas(text, "22. Kg1");
    free(text);
    /* A game that reads as it stands is not renumbered. */
    Record r;
    readText("[Variant \"pemba\"]\n\n1. e4 e7 *\n", &r);
    ck_assert_int_eq(r.game.nmoves, 2);
    recordFree(&r);
}
END_TEST

START_TEST(test_xboard_promotion_without_piece)
{
    /* XBoard wrote a Soldier's promotion it did not know as "Sb12". */
    Record r;
    readText("[Variant \"zanzibar-xxl\"]\n[SetUp \"1\"]\n"
             "[FEN \"12/1S10/12/12/12/12/12/12/12/12/k11/11K w - - 0 1\"]\n\n1. Sb12 *\n",
             &r);
    ck_assert_int_eq(r.game.nmoves, 1);
    char *text = Pgn_writeNotes(&r.game, &r.tags, &r.notes);
    assertHas(text, "1. Sb12=Q");
    free(text);
    recordFree(&r);
}
END_TEST

/* Promotions with XBoard's legality testing on, as XBoard 4.9.1 wrote them
 * (tools/xboard-check.sh --checks): the Prince, shown with the Lance's
 * picture, and the Zanzibar-XXL Soldier. */
START_TEST(test_xboard_promotions)
{
    static const struct {
        const char *move, *variant;
    } games[] = {{"1. Id12=L", "zanzibar-s"}, {"1. Sb12=Q+", "zanzibar-xxl"}};
    for (int i = 0; i < 2; i++) {
        Record r;
        char path[1024], err[ERR_LEN];
        dataPath("xboard-promotions.pgn", path, sizeof path);
        recordInit(&r);
        ck_assert_msg(Record_loadPgnNotes(&r.game, &r.tags, &r.notes, path, i, err, sizeof err),
                      "%s", err);
        ck_assert_str_eq(r.game.start.v->name, games[i].variant);
        char *text = Pgn_writeNotes(&r.game, &r.tags, &r.notes);
        assertHas(text, games[i].move);
        free(text);
        recordFree(&r);
    }
}
END_TEST

static Suite *pgnFilesSuite(void)
{
    Suite *s = suite_create("pgn_files");
    TCase *tc = tcase_create("round_trip");
    tcase_add_loop_test(tc, test_file_round_trip, 0, (int)NFILES);
    tcase_add_test(tc, test_lichess_annotations);
    tcase_add_test(tc, test_pychess_and_cutechess);
    tcase_add_test(tc, test_latin1_read_as_latin1);
    tcase_add_test(tc, test_xboard_ranks_from_zero);
    tcase_add_test(tc, test_xboard_promotion_without_piece);
    tcase_add_test(tc, test_xboard_promotions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(pgnFilesSuite());
}
