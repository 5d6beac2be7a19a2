/* Tests of the record layer: PGN round trips for every game, malformed PGN
 * refused with the line named and the game kept, XDG paths, the atomic
 * autosave and its resume, and settings. Options: check_options.c. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "core/status.h"
#include "record/autosave.h"
#include "record/config.h"
#include "record/fileio.h"
#include "record/paths.h"
#include "record/pgn.h"
#include "record/record.h"
#include "runner.h"
#include "scratch.h"

#define ERR_LEN 512

/* ---- helpers */

static uint64_t nextRandom(uint64_t *seed)
{
    *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return *seed >> 33;
}

/* A game of `plies` random legal moves from a random setup of that game. */
static void randomGame(Game *g, VariantId id, int plies, uint64_t seed)
{
    const Variant *v = Variant_get(id);
    Position *start = malloc(sizeof *start);
    ck_assert_ptr_nonnull(start);
    if (Setup_count(v) > 0)
        ck_assert(Setup_position(start, v, Setup_random(v, seed)));
    else
        Setup_start(start, v);
    Game_init(g, start);
    free(start);
    MoveList *list = malloc(sizeof *list);
    ck_assert_ptr_nonnull(list);
    for (int i = 0; i < plies && !Game_over(g); i++) {
        Movegen_legal(&g->pos, list);
        ck_assert(Game_play(g, list->moves[nextRandom(&seed) % (uint64_t)list->count]));
    }
    free(list);
}

static void emptyGame(Game *g, VariantId id)
{
    Position *start = malloc(sizeof *start);
    ck_assert_ptr_nonnull(start);
    Setup_start(start, Variant_get(id));
    Game_init(g, start);
    free(start);
}

static void assertSameGame(const Game *a, const Game *b)
{
    char fa[FEN_MAX], fb[FEN_MAX];
    Fen_write(&a->start, fa, sizeof fa);
    Fen_write(&b->start, fb, sizeof fb);
    ck_assert_str_eq(fa, fb);
    ck_assert_int_eq(a->nmoves, b->nmoves);
    for (int i = 0; i < a->nmoves; i++)
        ck_assert_msg(a->moves[i] == b->moves[i], "move %d differs", i);
    Fen_write(&a->pos, fa, sizeof fa);
    Fen_write(&b->pos, fb, sizeof fb);
    ck_assert_str_eq(fa, fb);
    ck_assert_int_eq(a->status.result, b->status.result);
    ck_assert_int_eq(a->status.reason, b->status.reason);
}

/* ---- PGN text */

START_TEST(test_roundtrip_every_game)
{
    for (int seed = 1; seed <= 3; seed++) {
        Game played, loaded;
        randomGame(&played, (VariantId)_i, 30 + 40 * seed, (uint64_t)(seed * 7919 + _i));
        emptyGame(&loaded, VARIANT_PEMBA);
        char *text = Pgn_write(&played, NULL);
        ck_assert_ptr_nonnull(text);
        char err[ERR_LEN];
        ck_assert_msg(Pgn_read(text, 0, &loaded, NULL, err, sizeof err), "%s\n%s", err, text);
        assertSameGame(&played, &loaded);
        /* Every position along the way, not only the last one. */
        for (int ply = 0; ply <= played.nmoves; ply += 7) {
            Position a, b;
            char fa[FEN_MAX], fb[FEN_MAX];
            Game_positionAt(&played, ply, &a);
            Game_positionAt(&loaded, ply, &b);
            Fen_write(&a, fa, sizeof fa);
            Fen_write(&b, fb, sizeof fb);
            ck_assert_str_eq(fa, fb);
        }
        free(text);
        Game_free(&played);
        Game_free(&loaded);
    }
}
END_TEST

START_TEST(test_roundtrip_files)
{
    Game played, loaded;
    randomGame(&played, (VariantId)_i, 50, 99u + (uint64_t)_i);
    emptyGame(&loaded, VARIANT_ZANZIBAR_S);
    char err[ERR_LEN], path[PATHS_MAX];
    ck_assert_msg(Record_savePgn(&played, "round.pgn", err, sizeof err), "%s", err);
    /* A bare name goes to the saved-games folder. */
    snprintf(path, sizeof path, "%s/data/zanzibar/round.pgn", scratch_dir);
    ck_assert(File_exists(path));
    ck_assert_msg(Record_loadPgn(&loaded, "round.pgn", 0, err, sizeof err), "%s", err);
    assertSameGame(&played, &loaded);
    Game_free(&played);
    Game_free(&loaded);
}
END_TEST

START_TEST(test_tags_written)
{
    Game g;
    randomGame(&g, VARIANT_ZANZIBAR_XL, 6, 5);
    PgnHeader tags;
    PgnHeader_init(&tags);
    PgnHeader_set(&tags, "White", "Ann \"the rook\"");
    PgnHeader_set(&tags, "TimeControl", "600+5");
    PgnHeader_set(&tags, "Annotator", "Bo");
    char *text = Pgn_write(&g, &tags);
    const char *expected[] = {
        "[Event \"Casual game\"]\n",
        "[Site \"?\"]\n",
        "[Date \"????.??.??\"]\n",
        "[Round \"-\"]\n",
        "[White \"Ann \\\"the rook\\\"\"]\n",
        "[Black \"?\"]\n",
        "[Result \"*\"]\n",
        "[Variant \"zanzibar-xl\"]\n",
        "[SetUp \"1\"]\n",
        "[FEN \"",
        "[TimeControl \"600+5\"]\n",
        "[Annotator \"Bo\"]\n",
        "\n1. ",
    };
    const char *at = text;
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        const char *found = strstr(at, expected[i]);
        ck_assert_msg(found != NULL, "missing or out of order: %s\n%s", expected[i], text);
        at = found + strlen(expected[i]);
    }
    PgnHeader back;
    Game loaded;
    char err[ERR_LEN];
    emptyGame(&loaded, VARIANT_PEMBA);
    ck_assert_msg(Pgn_read(text, 0, &loaded, &back, err, sizeof err), "%s", err);
    ck_assert_str_eq(PgnHeader_get(&back, "White"), "Ann \"the rook\"");
    ck_assert_str_eq(PgnHeader_get(&back, "Annotator"), "Bo");
    free(text);
    Game_free(&g);
    Game_free(&loaded);
}
END_TEST

START_TEST(test_black_first_numbering)
{
    Game g;
    randomGame(&g, VARIANT_ARABIAN_NIGHTS, 3, 11);
    char *text = Pgn_write(&g, NULL);
    const char *moves = strstr(text, "\n\n");
    ck_assert_ptr_nonnull(moves);
    ck_assert_msg(strncmp(moves + 2, "1... ", 5) == 0, "%s", moves + 2);
    ck_assert_ptr_nonnull(strstr(moves, " 2. "));
    free(text);
    Game_free(&g);
}
END_TEST

/* Each way a game ends off the board, with the Termination tag that says it. */
static const struct {
    GameResult result;
    GameReason reason;
    const char *termination;
} OFF_BOARD_ENDINGS[] = {
    {RESULT_BLACK_WINS, REASON_RESIGNATION, "normal"},
    {RESULT_WHITE_WINS, REASON_TIME, "time forfeit"},
    {RESULT_BLACK_WINS, REASON_ABANDONED, "abandoned"}, /* won by a claim */
    {RESULT_DRAW, REASON_AGREEMENT, "normal"},
};

static void assertHas(const char *text, const char *fmt, const char *value)
{
    char want[64];
    snprintf(want, sizeof want, fmt, value);
    ck_assert_msg(strstr(text, want), "no '%s' in:\n%s", want, text);
}

START_TEST(test_result_kept)
{
    Game g, loaded;
    char err[ERR_LEN];
    const char *result = Status_resultText(OFF_BOARD_ENDINGS[_i].result);
    randomGame(&g, VARIANT_PEMBA, 10, 3);
    emptyGame(&loaded, VARIANT_PEMBA);
    Game_end(&g, OFF_BOARD_ENDINGS[_i].result, OFF_BOARD_ENDINGS[_i].reason);
    char *text = Pgn_write(&g, NULL);
    assertHas(text, "[Result \"%s\"]", result);
    assertHas(text, "[Termination \"%s\"]", OFF_BOARD_ENDINGS[_i].termination);
    assertHas(text, " %s\n", result);
    ck_assert_msg(Pgn_read(text, 0, &loaded, NULL, err, sizeof err), "%s", err);
    assertSameGame(&g, &loaded);
    free(text);
    Game_free(&g);
    Game_free(&loaded);
}
END_TEST

/* Other programs spell the game as they like; we write our own name back. */
START_TEST(test_variant_spelling_read)
{
    Game g;
    char err[ERR_LEN];
    emptyGame(&g, VARIANT_PEMBA);
    ck_assert_msg(Pgn_read("[Variant \"Maasai Chess\"]\n\n1. e5 *\n", 0, &g, NULL, err, sizeof err),
                  "%s", err);
    ck_assert_int_eq(g.pos.v->id, VARIANT_ZANZIBAR_XXL);
    char *text = Pgn_write(&g, NULL);
    assertHas(text, "[Variant \"%s\"]", "zanzibar-xxl");
    free(text);
    Game_free(&g);
}
END_TEST

static const char TOLERATED[] =
    "% an escape line that readers skip\n"
    "[Event \"First\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Variant \"zanzibar-s\"]\n\n"
    "1. f5 {a comment (with a paren) that\nspans lines} i8 $1 2. g5! Ec9?! ; rest of line\n"
    "(2... Nk9 (2... a9) 3. f6) 3. Ig4 1/2-1/2\n"
    "\n"
    "[Event \"Second\"]\n[Variant \"pemba\"]\n\n1.c4 d7 2.b4 Qa5 3.Rb3 h7 4.bxa5 *\n"
    "[Event \"Third\"]\n[Variant \"arabian-nights\"]\n[Result \"0-1\"]\n\n1... Vd7 2. Dg3\n";

START_TEST(test_tolerant_reading)
{
    PgnHeader *list = NULL;
    int count = 0;
    char err[ERR_LEN];
    ck_assert_msg(Pgn_list(TOLERATED, &list, &count, err, sizeof err), "%s", err);
    ck_assert_int_eq(count, 3);
    ck_assert_str_eq(PgnHeader_get(&list[0], "Event"), "First");
    ck_assert_str_eq(PgnHeader_get(&list[0], "White"), "Ann");
    ck_assert_str_eq(PgnHeader_get(&list[0], "Result"), "1/2-1/2");
    ck_assert_str_eq(PgnHeader_get(&list[1], "Variant"), "pemba");
    ck_assert_int_eq(list[1].line, 11);
    ck_assert_str_eq(PgnHeader_get(&list[2], "Result"), "0-1");
    free(list);

    Game g;
    emptyGame(&g, VARIANT_ZANZIBAR_XL);
    ck_assert_msg(Pgn_read(TOLERATED, 0, &g, NULL, err, sizeof err), "%s", err);
    ck_assert_int_eq(g.nmoves, 5);
    ck_assert_int_eq(g.status.result, RESULT_DRAW);
    ck_assert_int_eq(g.status.reason, REASON_AGREEMENT);
    ck_assert_msg(Pgn_read(TOLERATED, 1, &g, NULL, err, sizeof err), "%s", err);
    ck_assert_str_eq(g.start.v->name, "pemba");
    ck_assert_int_eq(g.nmoves, 7);
    ck_assert_msg(Pgn_read(TOLERATED, 2, &g, NULL, err, sizeof err), "%s", err);
    ck_assert_int_eq(g.nmoves, 2);
    ck_assert_int_eq(g.status.result, RESULT_BLACK_WINS);
    ck_assert(!Pgn_read(TOLERATED, 3, &g, NULL, err, sizeof err));
    ck_assert_str_eq(err, "there is no game number 4: the text holds 3 games");
    ck_assert(!Pgn_read(" \n{only a comment}\n", 0, &g, NULL, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "no game found"));
    Game_free(&g);
}
END_TEST

typedef struct {
    const char *text;
    int line;
    const char *says;
} BadPgn;

#define ZS "[Variant \"zanzibar-s\"]\n\n"
static const BadPgn BAD_PGN[] = {
    {ZS "1. f5 {never closed\ni8 *\n", 3, "never closed with '}'"},
    {ZS "1. f5 ) i8 *\n", 3, "')' without a matching '('"},
    {ZS "1. f5\n(1... i8 2. g5\n", 4, "never closed with ')'"},
    {"[Variant \"zanzibar-s\"\n\n1. f5 *\n", 1, "not closed with ']'"},
    {"[White \"Ann]\n[Variant \"zanzibar-s\"]\n\n1. f5 *\n", 1, "no closing '\"'"},
    {"[Variant \"zanzibar-s\"]\n[ \"Ann\"]\n\n1. f5 *\n", 2, "must start with its name"},
    {"[Variant \"zanzibar-s\"]\n[White Ann]\n\n1. f5 *\n", 2, "must be a string"},
    {"[Event \"x\"]\n[Variant \"chess\"]\n\n1. e4 *\n", 2, "unknown Variant \"chess\""},
    {"[White \"Ann\"]\n\n1. f5 *\n", 1, "no Variant tag"},
    {"[Variant \"pemba\"]\n[SetUp \"1\"]\n[FEN \"10/10 w - - 0 1\"]\n\n*\n", 3, "FEN tag"},
    {"[Variant \"pemba\"]\n[SetUp \"1\"]\n\n1. c4 *\n", 2, "no FEN tag"},
    {"[Variant \"pemba\"]\n[SetUp \"yes\"]\n\n1. c4 *\n", 2, "SetUp must be"},
    {ZS "1. f5 i8\n2. Qxa12 *\n", 4, "2. Qxa12"},
    {ZS "1. f5 zz99 *\n", 3, "1... zz99"},
    {ZS "1. f5 i8 3. g5 *\n", 3, "move number 3 where 2 was expected"},
    {"[Variant \"zanzibar-s\"]\n[Result \"1-0\"]\n\n1. f5 0-1\n", 4, "Result tag says 1-0"},
    {"[Variant \"zanzibar-s\"]\n[Result \"2-0\"]\n\n1. f5 *\n", 2, "is not 1-0"},
    {ZS "1. f5 2-0\n", 3, "neither a move number nor a result"},
    {ZS "1. f5 $ i8 *\n", 3, "'$' must be followed"},
    {ZS "1. f5 @ i8 *\n", 3, "unexpected character '@'"},
    {ZS "1. f5 \"quoted\" *\n", 3, "quoted string may only stand in a tag"},
    {ZS "1. f5 } *\n", 3, "'}' without a matching '{'"},
    {ZS "1. f5 (i8 1-0) *\n", 3, "inside a variation"},
    {ZS "\n\n1. f5 abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz *\n", 5, "too long"},
    {ZS "1. f5 \x01 *\n", 3, "unexpected byte 0x01"},
    /* Threefold repetition ends the game after Black's fourth move. */
    {"[Variant \"pemba\"]\n\n1. Nd4 Nd7 2. Nc2 Nc9 3. Nd4 Nd7 4. Nc2 Nc9\n5. Nd4 *\n", 4,
     "5. Nd4 comes after the end of the game (threefold repetition)"},
    {"[Variant \"pemba\"]\n\n1. Nd4 Nd7 2. Nc2 Nc9 3. Nd4 Nd7 4. Nc2 Nc9 1-0\n", 3,
     "ends the game 1/2-1/2"},
};
#define NBAD ((int)(sizeof BAD_PGN / sizeof BAD_PGN[0]))

START_TEST(test_malformed_rejected)
{
    const BadPgn *bad = &BAD_PGN[_i];
    Game g;
    randomGame(&g, VARIANT_PEMBA, 12, 77);
    char before[FEN_MAX], after[FEN_MAX], err[ERR_LEN], prefix[32];
    Fen_write(&g.pos, before, sizeof before);
    int nmoves = g.nmoves;
    Move first = g.moves[0];
    PgnHeader tags;
    PgnHeader_init(&tags);
    PgnHeader_set(&tags, "Event", "kept");
    ck_assert_msg(!Pgn_read(bad->text, 0, &g, &tags, err, sizeof err), "accepted:\n%s", bad->text);
    snprintf(prefix, sizeof prefix, "line %d: ", bad->line);
    ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "'%s' does not start with '%s'", err,
                  prefix);
    ck_assert_msg(strstr(err, bad->says) != NULL, "'%s' does not say '%s'", err, bad->says);
    Fen_write(&g.pos, after, sizeof after);
    ck_assert_str_eq(before, after);
    ck_assert_int_eq(g.nmoves, nmoves);
    ck_assert(g.moves[0] == first);
    ck_assert_str_eq(PgnHeader_get(&tags, "Event"), "kept");
    Game_free(&g);
}
END_TEST

START_TEST(test_file_errors)
{
    Game g;
    char err[ERR_LEN], path[PATHS_MAX];
    emptyGame(&g, VARIANT_PEMBA);
    ck_assert(!Record_loadPgn(&g, "/nonexistent/x.pgn", 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.pgn"));
    snprintf(path, sizeof path, "%s/nul.pgn", scratch_dir);
    FILE *f = fopen(path, "wb");
    fwrite("[Variant \"pemba\"]\n\n1. c4\0 *\n", 1, 28, f);
    fclose(f);
    ck_assert(!Record_loadPgn(&g, path, 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "line 3: contains a NUL byte"));
    snprintf(path, sizeof path, "%s/bad.pgn", scratch_dir);
    f = fopen(path, "w");
    fputs("[Variant \"pemba\"]\n\n1. c4 {oops\n", f);
    fclose(f);
    ck_assert(!Record_loadPgn(&g, path, 0, err, sizeof err));
    ck_assert_msg(strncmp(err, path, strlen(path)) == 0 && strstr(err, ": line 3: ") != NULL, "%s",
                  err);
    ck_assert(!Record_loadPgn(&g, scratch_dir, 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "folder"));
    /* A FIFO is refused at once instead of waiting for a writer. */
    snprintf(path, sizeof path, "%s/fifo", scratch_dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert(!Record_loadPgn(&g, path, 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "not a regular file"));
    ck_assert_int_eq(g.nmoves, 0);
    Game_free(&g);
}
END_TEST

START_TEST(test_bare_names)
{
    char err[ERR_LEN], path[PATHS_MAX], want[PATHS_MAX];
    ck_assert_int_eq(chdir(scratch_dir), 0);
    ck_assert(Record_savePath("g.pgn", path, sizeof path, err, sizeof err));
    snprintf(want, sizeof want, "%s/data/zanzibar/g.pgn", scratch_dir);
    ck_assert_str_eq(path, want);
    ck_assert(Record_savePath("./g.pgn", path, sizeof path, err, sizeof err));
    ck_assert_str_eq(path, "./g.pgn");
    ck_assert(!Record_savePath("", path, sizeof path, err, sizeof err));
    ck_assert_str_eq(err, "no file name given");
    /* Reading: the current folder first, then the saved-games folder. */
    ck_assert(Record_loadPath("g.pgn", path, sizeof path, err, sizeof err));
    ck_assert_str_eq(path, "g.pgn");
    FILE *f = fopen(want, "w");
    fclose(f);
    ck_assert(Record_loadPath("g.pgn", path, sizeof path, err, sizeof err));
    ck_assert_str_eq(path, want);
    f = fopen("g.pgn", "w");
    fclose(f);
    ck_assert(Record_loadPath("g.pgn", path, sizeof path, err, sizeof err));
    ck_assert_str_eq(path, "g.pgn");
}
END_TEST

/* ---- XDG paths */

START_TEST(test_xdg_absolute_used)
{
    char dir[PATHS_MAX], err[ERR_LEN], want[PATHS_MAX];
    ck_assert(Paths_dir(PATHS_STATE, dir, sizeof dir, err, sizeof err));
    snprintf(want, sizeof want, "%s/state/zanzibar", scratch_dir);
    ck_assert_str_eq(dir, want);
}
END_TEST

START_TEST(test_xdg_relative_ignored)
{
    char dir[PATHS_MAX], err[ERR_LEN], want[PATHS_MAX];
    const char *vars[] = {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"};
    const char *fallbacks[] = {".config", ".local/share", ".local/state"};
    for (int k = 0; k < 3; k++) {
        setenv(vars[k], "relative/place", 1);
        ck_assert(Paths_dir((PathsKind)k, dir, sizeof dir, err, sizeof err));
        snprintf(want, sizeof want, "%s/home/%s/zanzibar", scratch_dir, fallbacks[k]);
        ck_assert_str_eq(dir, want);
        setenv(vars[k], "", 1);
        ck_assert(Paths_dir((PathsKind)k, dir, sizeof dir, err, sizeof err));
        ck_assert_str_eq(dir, want);
        unsetenv(vars[k]);
        ck_assert(Paths_dir((PathsKind)k, dir, sizeof dir, err, sizeof err));
        ck_assert_str_eq(dir, want);
    }
}
END_TEST

START_TEST(test_xdg_dirs_created_private)
{
    char path[PATHS_MAX], err[ERR_LEN], dir[PATHS_MAX];
    unsetenv("XDG_DATA_HOME");
    ck_assert_msg(Paths_file(PATHS_DATA, "g.pgn", path, sizeof path, err, sizeof err), "%s", err);
    snprintf(dir, sizeof dir, "%s/home/.local/share/zanzibar", scratch_dir);
    struct stat st;
    ck_assert_int_eq(stat(dir, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
    ck_assert_int_eq(st.st_mode & 0777, 0700);
    snprintf(dir, sizeof dir, "%s/home/.local", scratch_dir);
    ck_assert_int_eq(stat(dir, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0700);
    /* A file where a folder should be is reported, not ignored. */
    snprintf(dir, sizeof dir, "%s/blocked", scratch_dir);
    FILE *f = fopen(dir, "w");
    fclose(f);
    setenv("XDG_DATA_HOME", dir, 1);
    ck_assert(!Paths_file(PATHS_DATA, "g.pgn", path, sizeof path, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "blocked"));
}
END_TEST

START_TEST(test_no_home)
{
    char dir[PATHS_MAX], err[ERR_LEN];
    unsetenv("XDG_CONFIG_HOME");
    setenv("HOME", "not/absolute", 1);
    /* Falls back to the password database, which always names a folder
     * here; either way the result must be absolute. */
    if (Paths_dir(PATHS_CONFIG, dir, sizeof dir, err, sizeof err))
        ck_assert(dir[0] == '/');
    else
        ck_assert_ptr_nonnull(strstr(err, "XDG_CONFIG_HOME"));
}
END_TEST

/* ---- autosave and resume */

static int countFiles(const char *path)
{
    DIR *d = opendir(path);
    int n = 0;
    ck_assert_ptr_nonnull(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

START_TEST(test_autosave_roundtrip)
{
    Game g, resumed;
    char err[ERR_LEN], dir[PATHS_MAX];
    randomGame(&g, (VariantId)_i, 41, 1234u + (uint64_t)_i);
    int undone = 0;
    while (undone < 3 && Game_undo(&g))
        undone++;
    AutosaveInfo s = {.engine = {false, true},
                      .level = 7,
                      .base_ms = 300000,
                      .inc_ms = 2000,
                      .clock_ms = {123456, 234567},
                      .flipped = true},
                 back;
    ck_assert(!Autosave_exists());
    ck_assert_msg(Autosave_save(&g, &s, err, sizeof err), "%s", err);
    ck_assert(Autosave_exists());
    snprintf(dir, sizeof dir, "%s/state/zanzibar", scratch_dir);
    ck_assert_int_eq(countFiles(dir), 1); /* no temporary file left behind */
    emptyGame(&resumed, VARIANT_PEMBA);
    ck_assert_int_eq(Autosave_load(&resumed, &back, err, sizeof err), AUTOSAVE_FOUND);
    assertSameGame(&g, &resumed);
    ck_assert_int_eq(resumed.nstored, g.nstored);
    for (int i = 0; i < g.nstored; i++)
        ck_assert(resumed.moves[i] == g.moves[i]);
    ck_assert(!back.engine[WHITE] && back.engine[BLACK]);
    ck_assert_int_eq(back.level, 7);
    ck_assert_int_eq(back.base_ms, 300000);
    ck_assert_int_eq(back.inc_ms, 2000);
    ck_assert_int_eq(back.clock_ms[WHITE], 123456);
    ck_assert_int_eq(back.clock_ms[BLACK], 234567);
    ck_assert(back.flipped);
    ck_assert(Autosave_clear(err, sizeof err));
    ck_assert(!Autosave_exists());
    ck_assert_int_eq(Autosave_load(&resumed, &back, err, sizeof err), AUTOSAVE_NONE);
    ck_assert(Autosave_clear(err, sizeof err));
    Game_free(&g);
    Game_free(&resumed);
}
END_TEST

START_TEST(test_autosave_private_and_replaced)
{
    Game g;
    char err[ERR_LEN], path[PATHS_MAX];
    AutosaveInfo s = {.engine = {true, false}, .level = 3};
    randomGame(&g, VARIANT_PEMBA, 5, 1);
    ck_assert(Autosave_save(&g, &s, err, sizeof err));
    Game_free(&g);
    randomGame(&g, VARIANT_PEMBA, 9, 2);
    ck_assert(Autosave_save(&g, &s, err, sizeof err));
    ck_assert(Autosave_path(path, sizeof path, err, sizeof err));
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    Game back;
    AutosaveInfo sb;
    emptyGame(&back, VARIANT_ZANZIBAR_S);
    ck_assert_int_eq(Autosave_load(&back, &sb, err, sizeof err), AUTOSAVE_FOUND);
    ck_assert_int_eq(back.nmoves, g.nmoves);
    ck_assert(sb.engine[WHITE] && !sb.engine[BLACK]);
    Game_free(&g);
    Game_free(&back);
}
END_TEST

static void writeAutosave(const char *text)
{
    char path[PATHS_MAX], err[ERR_LEN];
    ck_assert(Autosave_path(path, sizeof path, err, sizeof err));
    ck_assert(File_writeAtomic(path, text, strlen(text), 0600, err, sizeof err));
}

static const char GOOD_SESSION[] = "%zanzibar version 1\n%zanzibar players human engine\n"
                                   "%zanzibar level 4\n%zanzibar time 0 0\n"
                                   "%zanzibar clocks 0 0\n";

START_TEST(test_autosave_damaged_kept)
{
    const char *cases[][2] = {
        {"%zanzibar version 1\n%zanzibar players human engine\n%zanzibar level 99\n",
         "line 3: the level"},
        {"%zanzibar version 1\n%zanzibar players human robot\n", "line 2: players"},
        {"%zanzibar version 2\n", "line 1: the file was written by another version"},
        {"%zanzibar colour red\n", "line 1: unknown"},
        {"%zanzibar version 1\n", "is missing"},
        {"[Variant \"pemba\"]\n\n1. c4 *\n", "is missing"},
    };
    char err[ERR_LEN], path[PATHS_MAX], aside[PATHS_MAX + 16];
    ck_assert(Autosave_path(path, sizeof path, err, sizeof err));
    snprintf(aside, sizeof aside, "%s.damaged", path);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Game g;
        AutosaveInfo s = {.level = 1, .clock_ms = {5, 5}};
        emptyGame(&g, VARIANT_PEMBA);
        writeAutosave(cases[i][0]);
        ck_assert_int_eq(Autosave_load(&g, &s, err, sizeof err), AUTOSAVE_DAMAGED);
        ck_assert_msg(strstr(err, cases[i][1]) != NULL, "%s", err);
        ck_assert_ptr_nonnull(strstr(err, ".damaged"));
        ck_assert(File_exists(aside));
        ck_assert(!Autosave_exists());
        ck_assert_int_eq(g.nmoves, 0);
        ck_assert_int_eq(s.level, 1);
        Game_free(&g);
    }
    /* A bad record after good session lines names the record's line. */
    char text[512];
    snprintf(text, sizeof text, "%s[Variant \"pemba\"]\n\n1. c4 zz9 *\n", GOOD_SESSION);
    writeAutosave(text);
    Game g;
    AutosaveInfo s;
    emptyGame(&g, VARIANT_PEMBA);
    ck_assert_int_eq(Autosave_load(&g, &s, err, sizeof err), AUTOSAVE_DAMAGED);
    ck_assert_msg(strstr(err, "line 8: 1... zz9") != NULL, "%s", err);
    Game_free(&g);
}
END_TEST

/* ---- settings */

START_TEST(test_config_parse)
{
    Config c;
    char err[ERR_LEN];
    Config_defaults(&c);
    ck_assert(!c.mono && c.variant == NULL);
    ck_assert(Config_parse(&c,
                           "# comment\n\n  colours = mono  # trailing\nlevel=9\n"
                           "variant = pemba\n",
                           err, sizeof err));
    ck_assert(c.mono);
    ck_assert_int_eq(c.level, 9);
    ck_assert_str_eq(c.variant->name, "pemba");
    ck_assert(Config_parse(&c, "colors = auto\nvariant = ask\n", err, sizeof err));
    ck_assert(!c.mono && c.variant == NULL);
}
END_TEST

static const char *const BAD_CONFIG[][2] = {
    {"level = 5\nlevle = 3\n", "line 2: unknown setting 'levle'"},
    {"colours mono\n", "line 1: expected 'key = value'"},
    {"\n\nlevel = 11\n", "line 3: level must be a whole number from 1 to 10, not '11'"},
    {"level = 3x\n", "line 1: level must be"},
    {"colours = purple\n", "line 1: colours must be auto or mono"},
    {"variant = chess\n", "line 1: unknown game 'chess'"},
    {"variant =\n", "line 1: variant needs a value"},
    {"bell = loud\n", "line 1: bell must be on or off, not 'loud'"},
};

START_TEST(test_config_errors)
{
    Config c;
    char err[ERR_LEN];
    Config_defaults(&c);
    ck_assert(!Config_parse(&c, BAD_CONFIG[_i][0], err, sizeof err));
    ck_assert_msg(strncmp(err, BAD_CONFIG[_i][1], strlen(BAD_CONFIG[_i][1])) == 0, "%s", err);
}
END_TEST

START_TEST(test_config_good_lines_kept)
{
    Config c;
    char err[ERR_LEN];
    Config_defaults(&c);
    ck_assert(!Config_parse(&c,
                            "level = 2\nbogus\ncolours = mono\nlevel = 0\nvariant = pemba\n"
                            "x = 1\n",
                            err, sizeof err));
    ck_assert_str_eq(err, "line 2: expected 'key = value', found 'bogus' (and 2 more bad lines)");
    ck_assert_int_eq(c.level, 2);
    ck_assert(c.mono);
    ck_assert_str_eq(c.variant->name, "pemba");
}
END_TEST

START_TEST(test_config_files)
{
    Config c, back;
    char err[ERR_LEN], path[PATHS_MAX];
    ck_assert(Config_load(&c, err, sizeof err)); /* no file yet: defaults */
    c.mono = true;
    c.level = 8;
    c.variant = Variant_get(VARIANT_ZANZIBAR_XXL);
    c.bell = true;
    c.pace_ms = 500;
    ck_assert_msg(Config_save(&c, err, sizeof err), "%s", err);
    ck_assert(Config_load(&back, err, sizeof err));
    ck_assert(back.mono);
    ck_assert(back.bell);
    ck_assert_int_eq(back.level, 8);
    ck_assert_int_eq(back.pace_ms, 500);
    ck_assert_ptr_eq(back.variant, c.variant);
    snprintf(path, sizeof path, "%s/config/zanzibar/config", scratch_dir);
    FILE *f = fopen(path, "a");
    fputs("level = eleven\n", f);
    fclose(f);
    ck_assert(!Config_load(&back, err, sizeof err));
    ck_assert_msg(strncmp(err, path, strlen(path)) == 0 && strstr(err, ": line 14: level") != NULL,
                  "%s", err);
    ck_assert_int_eq(back.level, 8); /* the good lines still count */
}
END_TEST

/* ---- the suite */

static TCase *tmpCase(const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_add_checked_fixture(tc, Scratch_make, Scratch_remove);
    tcase_set_timeout(tc, 60);
    return tc;
}

static Suite *recordSuite(void)
{
    Suite *s = suite_create("record");
    TCase *pgn = tmpCase("pgn");
    tcase_add_loop_test(pgn, test_roundtrip_every_game, 0, VARIANT_COUNT);
    tcase_add_loop_test(pgn, test_roundtrip_files, 0, VARIANT_COUNT);
    tcase_add_test(pgn, test_tags_written);
    tcase_add_test(pgn, test_black_first_numbering);
    tcase_add_loop_test(pgn, test_result_kept, 0,
                        sizeof OFF_BOARD_ENDINGS / sizeof OFF_BOARD_ENDINGS[0]);
    tcase_add_test(pgn, test_tolerant_reading);
    tcase_add_test(pgn, test_variant_spelling_read);
    tcase_add_loop_test(pgn, test_malformed_rejected, 0, NBAD);
    tcase_add_test(pgn, test_file_errors);
    suite_add_tcase(s, pgn);

    TCase *files = tmpCase("files");
    tcase_add_test(files, test_bare_names);
    tcase_add_test(files, test_xdg_absolute_used);
    tcase_add_test(files, test_xdg_relative_ignored);
    tcase_add_test(files, test_xdg_dirs_created_private);
    tcase_add_test(files, test_no_home);
    tcase_add_loop_test(files, test_autosave_roundtrip, 0, VARIANT_COUNT);
    tcase_add_test(files, test_autosave_private_and_replaced);
    tcase_add_test(files, test_autosave_damaged_kept);
    tcase_add_test(files, test_config_parse);
    tcase_add_loop_test(files, test_config_errors, 0,
                        (int)(sizeof BAD_CONFIG / sizeof BAD_CONFIG[0]));
    tcase_add_test(files, test_config_good_lines_kept);
    tcase_add_test(files, test_config_files);
    suite_add_tcase(s, files);

    return s;
}

int main(void)
{
    return TestRunner_run(recordSuite());
}
