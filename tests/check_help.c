/* The help against the rules: every piece page's diagram marks exactly the
 * squares the core's move generation reaches, the legend names only the
 * symbols drawn, the text speaks of jumping only where the piece does, and
 * the keys page's move examples exist in the game shown. */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/setup.h"
#include "ui/help_moves.h"
#include "ui/help_piece.h"
#include "runner.h"

#define QUIET_BITS (DEST_MOVE | DEST_JUMP | DEST_BENT | DEST_DOUBLE)
#define TAKE_BITS (DEST_CAPTURE | DEST_HOP)

/* Whether the side to move has a pseudo-legal move from -> to. */
static bool Test_generates(const Position *pos, int from, int to)
{
    MoveList list;
    Movegen_pseudo(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (MOVE_FROM(list.moves[i]) == from && Position_moveEnd(pos, list.moves[i]) == to)
            return true;
    return false;
}

/* Where the piece goes quietly and where it takes, by move generation:
 * takes are found by putting an enemy on each empty square in turn. */
static void Test_generated(const Position *diagram, int from, bool quiet[MAX_CELLS],
                           bool takes[MAX_CELLS])
{
    Position pos = *diagram;
    uint8_t enemy = PIECE_MAKE(BLACK, pos.v->ntypes - 1);
    for (int c = 0; c < MAX_CELLS; c++) {
        quiet[c] = takes[c] = false;
        if (c == from || !Position_isSquare(&pos, c) || pos.board[c] != CELL_EMPTY)
            continue;
        quiet[c] = Test_generates(&pos, from, c);
        Position_put(&pos, c, enemy);
        takes[c] = Test_generates(&pos, from, c);
        Position_remove(&pos, c);
    }
}

static int Test_distance(const Position *pos, int a, int b)
{
    int dx = abs(Position_file(pos, a) - Position_file(pos, b));
    int dy = abs(Position_rank(pos, a) - Position_rank(pos, b));
    return dx > dy ? dx : dy;
}

/* Whether the piece passes over something to reach `to`: it still gets
 * there with every other square of the box between filled by its own side
 * (a leaper), or it takes there over a piece the diagram already has in
 * that box (a hopper over its screen). */
static bool Test_jumpsTo(const Position *diagram, int from, int to, bool take)
{
    Position pos = *diagram;
    uint8_t friend = PIECE_MAKE(WHITE, pos.v->ntypes - 1);
    int f0 = Position_file(&pos, from), r0 = Position_rank(&pos, from);
    int f1 = Position_file(&pos, to), r1 = Position_rank(&pos, to);
    bool screened = false;
    for (int f = f0 < f1 ? f0 : f1; f <= (f0 > f1 ? f0 : f1); f++)
        for (int r = r0 < r1 ? r0 : r1; r <= (r0 > r1 ? r0 : r1); r++) {
            int c = Position_cell(&pos, f, r);
            if (c == from || c == to || !Position_isSquare(&pos, c))
                continue;
            screened = screened || pos.board[c] != CELL_EMPTY;
            if (pos.board[c] == CELL_EMPTY) {
                ck_assert_int_lt(pos.npieces[WHITE], MAX_PIECES);
                Position_put(&pos, c, friend);
            }
        }
    if (take)
        Position_put(&pos, to, PIECE_MAKE(BLACK, pos.v->ntypes - 1));
    return (take && screened) || Test_generates(&pos, from, to);
}

static bool Test_mentionsJump(const char *text)
{
    for (const char *p = text; *p; p++)
        if (strncasecmp(p, "jump", 4) == 0)
            return true;
    return false;
}

/* Every piece page of one game. */
START_TEST(piece_pages_match_move_generation)
{
    const Variant *v = Variant_get((VariantId)_i);
    for (int type = 0; type < v->ntypes; type++) {
        const PieceKind *k = Variant_kind(v, type);
        Position pos;
        uint8_t dest[MAX_CELLS];
        bool quiet[MAX_CELLS], takes[MAX_CELLS], jumps = false;
        char glyphs[MAX_CELLS];
        int from = HelpPiece_setUp(&pos, v, type);
        Test_generated(&pos, from, quiet, takes);
        HelpPiece_marks(&pos, type, from, true, dest);
        for (int c = 0; c < MAX_CELLS; c++) {
            char name[8];
            Position_cellName(&pos, c, name);
            ck_assert_msg(quiet[c] == ((dest[c] & QUIET_BITS) != 0), "%s %s: %s quiet move %s",
                          v->title, k->name, name,
                          quiet[c] ? "not marked" : "marked but not generated");
            ck_assert_msg(takes[c] == ((dest[c] & TAKE_BITS) != 0), "%s %s: %s capture %s",
                          v->title, k->name, name,
                          takes[c] ? "not marked" : "marked but not generated");
            glyphs[c] = HelpPiece_glyph(dest[c]);
            ck_assert_msg((glyphs[c] != 0) == (quiet[c] || takes[c]), "%s %s: symbol on %s",
                          v->title, k->name, name);
            if ((quiet[c] || takes[c]) && Test_distance(&pos, from, c) > 1)
                jumps = jumps || Test_jumpsTo(&pos, from, c, !quiet[c]);
        }
        const char *legend[HELP_PIECE_MAX_LEGEND];
        int n = HelpPiece_legend(glyphs, legend);
        char text[2048];
        int len = snprintf(text, sizeof text, "%s %s", k->help,
                           Variant_pieceNote(v, type) ? Variant_pieceNote(v, type) : "");
        for (const char *sym = "@^%=*ox"; *sym; sym++) {
            bool drawn = memchr(glyphs, *sym, MAX_CELLS) != NULL, listed = false;
            for (int i = 0; i < n; i++)
                listed = listed || legend[i][0] == *sym;
            ck_assert_msg(drawn == listed, "%s %s: legend %s '%c'", v->title, k->name,
                          listed ? "lists an unused" : "lacks", *sym);
        }
        for (int i = 0; i < n; i++)
            len += snprintf(text + len, sizeof text - (size_t)len, " %s", legend[i]);
        ck_assert_msg(Test_mentionsJump(text) == jumps, "%s %s: the page %s jumping: %s", v->title,
                      k->name, jumps ? "does not mention" : "mentions", text);
    }
}
END_TEST

/* Every square a word of the text names, in order: false when one is off
 * the board. Piece letters, 'x', '=' and '>' may stand between them. */
static bool Test_squaresExist(const Position *pos, const char *word)
{
    for (const char *p = word; *p;) {
        if (islower((unsigned char)*p) && isdigit((unsigned char)p[1])) {
            if (Position_parseCell(pos, &p) < 0)
                return false;
        } else {
            p++;
        }
    }
    return true;
}

/* The keys page's move examples belong to the game shown: each square is
 * on its board, each capital a piece of that game, and the two moves "from
 * the start" are legal there, as typed. */
START_TEST(move_examples_fit_the_game)
{
    const Variant *v = Variant_get(_i);
    Position pos;
    Setup_start(&pos, v);
    char text[HELP_MOVES_MAX], copy[HELP_MOVES_MAX], first[2][16];
    HelpMoves_text(v, text, sizeof text);
    snprintf(copy, sizeof copy, "%s", text);
    for (char *w = strtok(copy, " ,.():"); w; w = strtok(NULL, " ,.():")) {
        ck_assert_msg(Test_squaresExist(&pos, w), "%s: '%s' is off the board", v->title, w);
        bool piece = isupper((unsigned char)w[0]) && islower((unsigned char)w[1])
            && isdigit((unsigned char)w[2]);
        ck_assert_msg(!piece || Variant_typeOfLetter(v, w[0]) >= 0, "%s: no piece %c", v->title,
                      w[0]);
    }
    const char *as = strstr(text, ", as ");
    ck_assert_msg(as && sscanf(as, ", as %15s or %15s from the start", first[0], first[1]) == 2,
                  "%s: no moves from the start in '%s'", v->title, text);
    for (int i = 0; i < 2; i++) {
        Move m;
        char err[ERROR_MAX];
        ck_assert_msg(Notation_parse(&pos, first[i], &m, err, sizeof err), "%s: %s: %s", v->title,
                      first[i], err);
    }
    bool carpets = pos.geo->ncarpet_cells > 0, jump = (v->rules & VR_KING_JUMP) != 0;
    ck_assert(carpets == (strstr(text, "carpet") != NULL));
    ck_assert(jump == (strstr(text, "King's jump") != NULL));
    ck_assert((pos.geo->npromos > 0) == (strstr(text, "to promote") != NULL));
}
END_TEST

static Suite *Test_helpSuite(void)
{
    Suite *s = suite_create("help");
    TCase *tc = tcase_create("piece pages");
    tcase_add_loop_test(tc, piece_pages_match_move_generation, 0, VARIANT_COUNT);
    tcase_add_loop_test(tc, move_examples_fit_the_game, 0, VARIANT_COUNT);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(Test_helpSuite());
}
