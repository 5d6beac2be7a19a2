/* The numbered setups of the Zanzibars (RULES.md section 3), their default
 * and random picks, refused letters, and the Arabian Nights setup phase. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "helpers.h"
#include "runner.h"

/* --- setups -------------------------------------------------------------- */

/* RULES.md section 3, read from White's side: the letters each free square
 * may hold. */
typedef struct {
    VariantId variant;
    int count;
    const char *example; /* the RULES.md section 6 example */
    const char *squares[8];
    const char *allowed[8];
} SetupRule;

static const SetupRule setup_rules[] = {
    {ZS,
     48,
     "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/"
     "CJZVUKQFVZJC w Kk - 0 1",
     {"e1", "h1", "f1", "g1", "f2", "g2"},
     {"UF", "UF", "KQGL", "KQGL", "KQGL", "KQGL"}},
    {XL,
     576,
     "cjzvdkqwvzjc/ernbuglfbnre/ppppimmipppp/4pppp4/12/12/12/12/4PPPP4/PPPPIMMIPPPP/"
     "ERNBUGLFBNRE/CJZVDKQWVZJC w Kk - 0 1",
     {"e1", "h1", "e2", "h2", "f1", "g1", "f2", "g2"},
     {"DWUF", "DWUF", "DWUF", "DWUF", "KQGL", "KQGL", "KQGL", "KQGL"}},
    {XXL,
     20160,
     "cjzvwkqdvzjc/ernbuglfbnre/ssssimmissss/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/"
     "SSSSIMMISSSS/ERNBUGLFBNRE/CJZVWKQDVZJC w Kk - 0 1",
     {"e1", "h1", "e2", "h2", "f1", "g1", "f2", "g2"},
     {"QGLUFDW", "QGLUFDW", "QGLUFDW", "QGLUFDW", "KQGLUFDW", "KQGLUFDW", "KQGLUFDW", "KQGLUFDW"}},
};

static bool is_setup_square(const SetupRule *r, int file, int rank)
{
    for (int i = 0; i < 8 && r->squares[i]; i++)
        if (r->squares[i][0] - 'a' == file && r->squares[i][1] - '1' == rank)
            return true;
    return false;
}

/* Black mirrors White on the same files; the rest is the standard array. */
static void assert_setup_shape(const SetupRule *r, const Position *pos, const Position *std)
{
    const int files = pos->geo->files, ranks = pos->geo->ranks;
    for (int f = 0; f < files; f++) {
        for (int rank = 0; rank < ranks; rank++) {
            uint8_t p = pos->board[Position_cell(pos, f, rank)];
            uint8_t mirror = pos->board[Position_cell(pos, f, ranks - 1 - rank)];
            ck_assert_int_eq(IS_PIECE(p), IS_PIECE(mirror));
            if (IS_PIECE(p)) {
                ck_assert_int_eq(PIECE_TYPE(p), PIECE_TYPE(mirror));
                ck_assert_int_ne(PIECE_COLOR(p), PIECE_COLOR(mirror));
            }
            bool free = is_setup_square(r, f, rank) || is_setup_square(r, f, ranks - 1 - rank);
            if (!free)
                ck_assert_int_eq(p, std->board[Position_cell(pos, f, rank)]);
        }
    }
}

static void assert_setup_squares(const SetupRule *r, const Position *pos, char *letters)
{
    for (int i = 0; i < 8 && r->squares[i]; i++) {
        uint8_t p = pos->board[Helper_cell(pos, r->squares[i])];
        ck_assert(IS_PIECE(p) && PIECE_COLOR(p) == WHITE);
        char c = Variant_letter(pos->v, PIECE_TYPE(p));
        ck_assert_msg(strchr(r->allowed[i], c), "%c on %s", c, r->squares[i]);
        letters[i] = c;
    }
}

static int compare_chars(const void *a, const void *b)
{
    return *(const char *)a - *(const char *)b;
}

/* Setup number n: a legal position of the right shape with rights Kk. */
static void check_setup(const SetupRule *r, const Variant *v, int n, const Position *std,
                        const char *std_letters, char *placement, char *previous)
{
    Position pos, again;
    char fen[FEN_MAX], letters[16] = "", err[ERROR_MAX] = "";
    ck_assert(Setup_position(&pos, v, n));
    Fen_write(&pos, fen, sizeof fen);
    ck_assert_msg(Fen_read(&again, v, fen, err, sizeof err), "setup %d: %s: %s", n, fen, err);
    char back[FEN_MAX];
    Fen_write(&again, back, sizeof back);
    ck_assert_str_eq(back, fen);
    ck_assert_msg(strstr(fen, " w Kk - 0 1") != NULL, "setup %d: %s", n, fen);
    assert_setup_shape(r, &pos, std);
    assert_setup_squares(r, &pos, letters);
    qsort(letters, strlen(letters), 1, compare_chars);
    ck_assert_str_eq(letters, std_letters);
    ck_assert_int_eq(Setup_numberOf(&pos), n);
    char names[VARIANT_MAX_SETUP_SQUARES + 1];
    ck_assert(Setup_letters(v, n, names));
    ck_assert_int_eq(Setup_number(v, names), n);
    /* Documented numbering: alphabetical order of the letters. */
    ck_assert_msg(strcmp(previous, names) < 0, "setup %d (%s) after %s", n, names, previous);
    strcpy(previous, names);
    *strchr(fen, ' ') = 0;
    strcpy(placement, fen);
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

START_TEST(test_setups)
{
    const SetupRule *r = &setup_rules[_i];
    const Variant *v = Variant_get(r->variant);
    static char placements[20160][FEN_MAX];
    Position std;
    char std_letters[16] = "";
    ck_assert_int_eq(Setup_count(v), r->count);
    Helper_read(&std, r->variant, r->example);
    assert_setup_squares(r, &std, std_letters);
    qsort(std_letters, strlen(std_letters), 1, compare_chars);
    /* Every number for the smaller games; a spread sample of the 20160. */
    char previous[VARIANT_MAX_SETUP_SQUARES + 1] = "";
    int step = r->count > 1000 ? 97 : 1, n = 0, k;
    for (k = 1; k <= r->count; k += step)
        check_setup(r, v, k, &std, std_letters, placements[n++], previous);
    if (k - step != r->count)
        check_setup(r, v, r->count, &std, std_letters, placements[n++], previous);
    qsort(placements, (size_t)n, FEN_MAX, compare_strings);
    for (int i = 1; i < n; i++)
        ck_assert_msg(strcmp(placements[i - 1], placements[i]), "two setups give %s",
                      placements[i]);
    Position pos;
    ck_assert(!Setup_position(&pos, v, 0));
    ck_assert(!Setup_position(&pos, v, r->count + 1));
}
END_TEST

START_TEST(test_setup_default)
{
    const SetupRule *r = &setup_rules[_i];
    const Variant *v = Variant_get(r->variant);
    Position pos;
    char fen[FEN_MAX];
    int n = Setup_default(v);
    ck_assert(n >= 1 && n <= r->count);
    ck_assert(Setup_position(&pos, v, n));
    Fen_write(&pos, fen, sizeof fen);
    ck_assert_str_eq(fen, r->example);
}
END_TEST

START_TEST(test_setup_random)
{
    const SetupRule *r = &setup_rules[_i];
    const Variant *v = Variant_get(r->variant);
    int first = Setup_random(v, 0), differs = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        int n = Setup_random(v, seed);
        ck_assert(n >= 1 && n <= r->count);
        ck_assert_int_eq(Setup_random(v, seed), n);
        differs += n != first;
    }
    ck_assert_int_ge(differs, 20);
}
END_TEST

START_TEST(test_setup_letters_refused)
{
    const Variant *zs = Variant_get(ZS);
    char letters[VARIANT_MAX_SETUP_SQUARES + 1];
    ck_assert_int_eq(Setup_number(zs, ""), 0);
    ck_assert_int_eq(Setup_number(zs, "UKQFGLX"), 0);
    ck_assert(Setup_letters(zs, 1, letters));
    ck_assert_str_eq(letters, "FGKULQ"); /* along e1 f1 g1 h1 f2 g2 */
    ck_assert(Setup_letters(zs, 48, letters));
    ck_assert_str_eq(letters, "UQLFKG");
    ck_assert(!Setup_letters(zs, 0, letters));
    ck_assert(!Setup_letters(zs, 49, letters));
    /* A King off f1 g1 f2 g2 is no arrangement. */
    ck_assert(Setup_letters(zs, 1, letters));
    for (int i = 0; letters[i]; i++) {
        if (letters[i] == 'U' || letters[i] == 'F') {
            for (int j = 0; letters[j]; j++) {
                if (letters[j] == 'K') {
                    letters[j] = letters[i];
                    letters[i] = 'K';
                    break;
                }
            }
            break;
        }
    }
    ck_assert_int_eq(Setup_number(zs, letters), 0);
    for (int id = PEMBA; id <= AN; id++) {
        const Variant *v = Variant_get((VariantId)id);
        Position pos;
        Setup_start(&pos, v);
        ck_assert_int_eq(Setup_numberOf(&pos), 0);
        ck_assert_int_eq(Setup_default(v), 0);
        ck_assert_int_eq(Setup_count(v), 0);
        ck_assert_int_eq(Setup_random(v, 7), 0);
        ck_assert(!Setup_position(&pos, v, 1));
    }
}
END_TEST

/* --- the Arabian Nights setup phase ------------------------------------ */

static int AN_type(char letter)
{
    return Variant_typeOfLetter(Variant_get(AN), letter);
}

static void place(SetupPhase *sp, char letter, const char *square)
{
    char err[ERROR_MAX] = "";
    int side = sp->pos.side;
    ck_assert_msg(
        SetupPhase_place(sp, AN_type(letter), Helper_cell(&sp->pos, square), err, sizeof err),
        "%c on %s: %s", letter, square, err);
    ck_assert_int_eq(sp->pos.side, side ^ 1);
}

static void refuse(SetupPhase *sp, char letter, const char *square, const char *phrase)
{
    char err[ERROR_MAX] = "";
    int cell = Helper_cell(&sp->pos, square);
    ck_assert_msg(!SetupPhase_canPlace(sp, AN_type(letter), cell), "%c on %s allowed", letter,
                  square);
    ck_assert(!SetupPhase_place(sp, AN_type(letter), cell, err, sizeof err));
    ck_assert_msg(strstr(err, phrase) != NULL, "%c on %s: '%s', wanted '%s'", letter, square, err,
                  phrase);
}

START_TEST(test_setup_phase_rules)
{
    SetupPhase sp;
    SetupPhase_init(&sp, Variant_get(AN));
    ck_assert_int_eq(sp.pos.side, BLACK);
    ck_assert_int_eq(sp.pos.npieces[WHITE] + sp.pos.npieces[BLACK], 0);
    ck_assert(!SetupPhase_done(&sp));
    refuse(&sp, 'R', "b1", "pieces go inside your own camp (b8-j9)");
    refuse(&sp, 'R', "e5", "own camp");
    refuse(&sp, 'R', "a8", "own camp");
    refuse(&sp, 'P', "c9", "Pawns must go on the front rank");
    place(&sp, 'R', "b9");
    refuse(&sp, 'R', "b8", "own camp (b1-j2)");
    refuse(&sp, 'P', "c1", "Pawns must go on the front rank");
    place(&sp, 'R', "b1");
    refuse(&sp, 'K', "b9", "that square is taken");
    /* Three non-Pawns on the front rank leave just room for six Pawns. */
    place(&sp, 'K', "b8");
    place(&sp, 'K', "c1");
    place(&sp, 'K', "c8");
    place(&sp, 'K', "d1");
    place(&sp, 'E', "d8");
    place(&sp, 'E', "e1");
    refuse(&sp, 'E', "e8", "the front rank must keep room for the Pawns");
    place(&sp, 'E', "e9");
    place(&sp, 'P', "b2");
    place(&sp, 'R', "c9");
    place(&sp, 'R', "f1");
    refuse(&sp, 'R', "f9", "no such piece is left to place");
}
END_TEST

/* The finished position must be legal with Black to move, so no placement
 * may leave White's Sultan attacked. Undo gives the piece and turn back. */
START_TEST(test_setup_phase_check_and_undo)
{
    SetupPhase sp;
    SetupPhase_init(&sp, Variant_get(AN));
    place(&sp, 'R', "c9");
    refuse(&sp, 'S', "c1", "White's Sultan may not be left in check");
    place(&sp, 'S', "d1");
    refuse(&sp, 'R', "d9", "White's Sultan may not be left in check");
    place(&sp, 'P', "d8");
    place(&sp, 'P', "c2");
    ck_assert_int_eq(sp.placed, 4);
    ck_assert(SetupPhase_undo(&sp, AN_type('P'), Helper_cell(&sp.pos, "c2")));
    ck_assert_int_eq(sp.placed, 3);
    ck_assert_int_eq(sp.pos.side, WHITE);
    ck_assert(sp.pos.board[Helper_cell(&sp.pos, "c2")] == CELL_EMPTY);
    ck_assert(!SetupPhase_undo(&sp, AN_type('P'), Helper_cell(&sp.pos, "c2")));
    place(&sp, 'P', "e2");
}
END_TEST

/* The standard array, placed one piece at a time, Black first. */
START_TEST(test_setup_phase_full)
{
    static const char *black[18] = {"rb9", "kc9", "ed9", "de9", "sf9", "dg9", "eh9", "ki9", "rj9",
                                    "pb8", "gc8", "pd8", "pe8", "vf8", "pg8", "ph8", "gi8", "pj8"};
    SetupPhase sp;
    Position pos, again;
    char fen[FEN_MAX], err[ERROR_MAX] = "";
    SetupPhase_init(&sp, Variant_get(AN));
    for (int i = 0; i < 18; i++) {
        /* White's piece goes on the same file, rank 9 -> 1 and 8 -> 2. */
        char letter = (char)(black[i][0] - 'a' + 'A');
        char white[3] = {black[i][1], (char)('9' + '1' - black[i][2]), 0};
        ck_assert(!SetupPhase_done(&sp));
        place(&sp, letter, black[i] + 1);
        ck_assert(!SetupPhase_done(&sp));
        if (i < 17) {
            place(&sp, letter, white);
        } else { /* the last piece: nobody is left to take a turn */
            ck_assert(SetupPhase_place(&sp, AN_type(letter), Helper_cell(&sp.pos, white), err,
                                       sizeof err));
        }
    }
    ck_assert(SetupPhase_done(&sp));
    ck_assert_int_eq(sp.placed, 36);
    SetupPhase_finish(&sp, &pos);
    ck_assert_int_eq(pos.side, BLACK);
    Fen_write(&pos, fen, sizeof fen);
    ck_assert_str_eq(
        fen, "*rkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSDEKR* b - - 0 1");
    ck_assert_msg(Fen_read(&again, pos.v, fen, err, sizeof err), "%s", err);
    ck_assert_int_gt(Movegen_countLegal(&pos), 0);
}
END_TEST

static Suite *setup_suite(void)
{
    Suite *s = suite_create("setup");
    TCase *tc = tcase_create("setups");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_setups, 0, (int)(sizeof setup_rules / sizeof setup_rules[0]));
    tcase_add_loop_test(tc, test_setup_default, 0,
                        (int)(sizeof setup_rules / sizeof setup_rules[0]));
    tcase_add_loop_test(tc, test_setup_random, 0,
                        (int)(sizeof setup_rules / sizeof setup_rules[0]));
    tcase_add_test(tc, test_setup_letters_refused);
    tcase_add_test(tc, test_setup_phase_rules);
    tcase_add_test(tc, test_setup_phase_check_and_undo);
    tcase_add_test(tc, test_setup_phase_full);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(setup_suite());
}
