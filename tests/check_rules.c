/* The special rules of RULES.md sections 4 and 5, each with cases where it
 * applies and cases where it must not: double steps, en passant, promotion,
 * the King's jump, the Arabian Nights board and pieces, and game status. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/setup.h"
#include "core/status.h"
#include "helpers.h"
#include "runner.h"

/* The legal moves from `from`, in coordinate text, must be `expected`. */
static void assert_moves(Position *pos, const char *from, const char *expected)
{
    char got[LIST_MAX], fen[FEN_MAX], what[FEN_MAX + 64];
    Helper_legalMoves(pos, from, got);
    Fen_write(pos, fen, sizeof fen);
    snprintf(what, sizeof what, "moves from %s in %s", from ? from : "anywhere", fen);
    Helper_assertList(got, expected, what);
}

/* The position must now be the one given as a piece list and the rest. */
static void assert_fen(const Position *pos, const char *pieces, const char *rest)
{
    char got[FEN_MAX], want[FEN_MAX * 2];
    Fen_write(pos, got, sizeof got);
    Helper_fen(pos->v->id, pieces, rest, want);
    ck_assert_str_eq(got, want);
}

static void assert_status(Position *pos, GameResult result, GameReason reason)
{
    char fen[FEN_MAX];
    int n;
    const uint64_t *history = Helper_history(&n);
    GameStatus st = Status_of(pos, history, n);
    Fen_write(pos, fen, sizeof fen);
    ck_assert_msg(st.result == result && st.reason == reason,
                  "status of %s is (%d, %s), expected (%d, %s)", fen, st.result,
                  Status_reasonText(st.reason), result, Status_reasonText(reason));
}

/* --- double steps ------------------------------------------------------ */

START_TEST(test_double_step_anywhere)
{
    Position pos;
    Helper_load(&pos, ZS, "Kc12 kh10 Pe5", " w - - 0 1");
    assert_moves(&pos, "e5", "e5e6 e5e7");
    Helper_play(&pos, "e5e7");
    assert_fen(&pos, "Kc12 kh10 Pe7", " b - e6 0 1");

    Helper_load(&pos, XL, "Kc12 kh10 Ie5", " w - - 0 1");
    Helper_play(&pos, "e5e7");
    assert_fen(&pos, "Kc12 kh10 Ie7", " b - e6 1 1");

    Helper_load(&pos, XXL, "Kc12 kh10 Se5", " w - - 0 1");
    assert_moves(&pos, "e5", "e5d5 e5e6 e5e7 e5f5");
    Helper_play(&pos, "e5e7");
    assert_fen(&pos, "Kc12 kh10 Se7", " b - e6 0 1");

    /* Black's double steps go down the board. */
    Helper_load(&pos, XL, "Kc12 kh10 pe9", " b - - 0 1");
    Helper_play(&pos, "e9e7");
    assert_fen(&pos, "Kc12 kh10 pe7", " w - e8 0 2");
}
END_TEST

START_TEST(test_double_step_from_start_only)
{
    Position pos;
    Helper_load(&pos, XXL, "Kc12 kh10 Pe4 Pg5 pd9 pf8", " w - - 0 1");
    assert_moves(&pos, "e4", "e4e5 e4e6");
    assert_moves(&pos, "g5", "g5g6");
    Helper_play(&pos, "e4e6");
    assert_fen(&pos, "Kc12 kh10 Pe6 Pg5 pd9 pf8", " b - e5 0 1");
    assert_moves(&pos, "d9", "d9d8 d9d7");
    assert_moves(&pos, "f8", "f8f7");

    Helper_load(&pos, PEMBA, "Ki1 ka10 Pe3 Pf4 pd8 pg7", " w - - 0 1");
    assert_moves(&pos, "e3", "e3e4 e3e5");
    assert_moves(&pos, "f4", "f4f5");
    Helper_play(&pos, "e3e5");
    assert_moves(&pos, "d8", "d8d7 d8d6");
    assert_moves(&pos, "g7", "g7g6");

    /* Arabian Nights: from rank 2 (White) or 8 (Black), and no en passant. */
    Helper_load(&pos, AN, "Sj1 sb9 Pe2 Pg3 pd8 ph7", " w - - 0 1");
    assert_moves(&pos, "e2", "e2d2 e2e3 e2e4 e2f2");
    assert_moves(&pos, "g3", "g3f3 g3g4 g3h3");
    Helper_play(&pos, "e2e4");
    assert_fen(&pos, "Sj1 sb9 Pe4 Pg3 pd8 ph7", " b - - 0 1");
    assert_moves(&pos, "d8", "d8c8 d8d7 d8d6 d8e8");
    assert_moves(&pos, "h7", "h7g7 h7h6 h7i7");
}
END_TEST

START_TEST(test_double_step_blocked)
{
    Position pos;
    /* A piece of either colour on the skipped or the target square. */
    Helper_load(&pos, XL, "Kc12 kh10 Pe5 pe6 Pg5 Ng7 Ii5 ni7 Ik5 Nk6", " w - - 0 1");
    assert_moves(&pos, "e5", "");
    assert_moves(&pos, "g5", "g5g6");
    assert_moves(&pos, "i5", "i5h4 i5h5 i5h6 i5i4 i5i6 i5j4 i5j5 i5j6");
    assert_moves(&pos, "k5", "k5j4 k5j5 k5j6 k5k4 k5l4 k5l5 k5l6");
    Helper_load(&pos, PEMBA, "Ki1 ka10 Pe3 ne5 Pg3 Ng4", " w - - 0 1");
    assert_moves(&pos, "e3", "e3e4");
    assert_moves(&pos, "g3", "");
    Helper_load(&pos, AN, "Sj1 sb9 Pe2 ke4 Pg2 Gg3", " w - - 0 1");
    assert_moves(&pos, "e2", "e2d2 e2e3 e2f2");
    assert_moves(&pos, "g2", "g2f2 g2h2");
}
END_TEST

/* --- en passant -------------------------------------------------------- */

START_TEST(test_en_passant_pawns)
{
    Position pos;
    Helper_load(&pos, XL, "Ka1 kl12 Pe8 pd10", " b - - 0 1");
    Helper_play(&pos, "d10d8");
    assert_fen(&pos, "Ka1 kl12 Pe8 pd8", " w - d9 0 2");
    assert_moves(&pos, "e8", "e8d9 e8e9 e8e10");
    Helper_play(&pos, "e8d9");
    assert_fen(&pos, "Ka1 kl12 Pd9", " b - - 0 2");

    /* Only on the very next move. */
    Helper_load(&pos, XL, "Ka1 kl12 Pe8 pd10", " b - - 0 1");
    Helper_play(&pos, "d10d8 a1a2 l12l11");
    assert_moves(&pos, "e8", "e8e9 e8e10");

    /* Pemba: as in chess. */
    Helper_load(&pos, PEMBA, "Ki1 ka10 Pe6 pd8", " b - - 0 1");
    Helper_play(&pos, "d8d6");
    assert_fen(&pos, "Ki1 ka10 Pe6 pd6", " w - d7 0 2");
    assert_moves(&pos, "e6", "e6d7 e6e7");
    Helper_play(&pos, "e6d7");
    assert_fen(&pos, "Ki1 ka10 Pd7", " b - - 0 2");
}
END_TEST

START_TEST(test_en_passant_princes)
{
    Position pos;
    /* A Prince's double step can be taken en passant... */
    Helper_load(&pos, XL, "Ka1 kl12 Pe8 id10", " b - - 0 1");
    Helper_play(&pos, "d10d8");
    assert_fen(&pos, "Ka1 kl12 Pe8 id8", " w - d9 1 2");
    Helper_play(&pos, "e8d9");
    assert_fen(&pos, "Ka1 kl12 Pd9", " b - - 0 2");
    /* ...but a Prince never takes en passant: its step to d9 is a plain move. */
    Helper_load(&pos, XL, "Ka1 kl12 Ie8 pd10", " b - - 0 1");
    Helper_play(&pos, "d10d8");
    assert_moves(&pos, "e8", "e8d7 e8d8 e8d9 e8e7 e8e9 e8e10 e8f7 e8f8 e8f9");
    Helper_play(&pos, "e8d9");
    assert_fen(&pos, "Ka1 kl12 Id9 pd8", " b - - 1 2");
    Helper_load(&pos, ZS, "Ka1 kl12 Ie8 pd10", " b - - 0 1");
    Helper_play(&pos, "d10d8 e8d9");
    assert_fen(&pos, "Ka1 kl12 Id9 pd8", " b - - 1 2");
}
END_TEST

START_TEST(test_en_passant_soldiers)
{
    Position pos;
    /* Zanzibar-XXL: a Soldier takes a Pawn en passant... */
    Helper_load(&pos, XXL, "Ka1 kl12 Se7 pd9", " b - - 0 1");
    Helper_play(&pos, "d9d7");
    assert_fen(&pos, "Ka1 kl12 Se7 pd7", " w - d8 0 2");
    assert_moves(&pos, "e7", "e7d8 e7e8 e7e9 e7f7"); /* never takes sideways */
    Helper_play(&pos, "e7d8");
    assert_fen(&pos, "Ka1 kl12 Sd8", " b - - 0 2");
    /* ...and a Pawn takes a Soldier that stepped two squares from anywhere. */
    Helper_load(&pos, XXL, "Ka1 kl12 Pe8 sd10", " b - - 0 1");
    Helper_play(&pos, "d10d8");
    assert_fen(&pos, "Ka1 kl12 Pe8 sd8", " w - d9 0 2");
    Helper_play(&pos, "e8d9");
    assert_fen(&pos, "Ka1 kl12 Pd9", " b - - 0 2");
    /* A Prince's double step in XXL, taken by a Soldier. */
    Helper_load(&pos, XXL, "Ka1 kl12 Se8 id10", " b - - 0 1");
    Helper_play(&pos, "d10d8 e8d9");
    assert_fen(&pos, "Ka1 kl12 Sd9", " b - - 0 2");
}
END_TEST

START_TEST(test_double_step_promoting_leaves_no_ep)
{
    Position pos;
    Helper_load(&pos, XL, "Ka1 kk9 Pj10", " w - - 0 1");
    assert_moves(&pos, "j10", "j10j11 j10j12q j10j12g j10j12l j10j12d j10j12w j10j12u j10j12f");
    Helper_play(&pos, "j10j12q");
    assert_fen(&pos, "Ka1 kk9 Qj12", " b - - 0 1");
    Helper_load(&pos, XXL, "Ka1 kf9 Ij10", " w - - 0 1");
    Helper_play(&pos, "j10j12u");
    assert_fen(&pos, "Ka1 kf9 Uj12", " b - - 0 1");
}
END_TEST

/* --- promotion ----------------------------------------------------------- */

typedef struct {
    VariantId variant;
    const char *pieces, *rest, *from, *expected;
    int count;
} PromotionCase;

static const PromotionCase promotions[] = {
    {ZS, "Kc1 kh10 Pe11", " w - - 0 1", "e11", "e11e12q e11e12g e11e12l e11e12u e11e12f", 5},
    {ZS, "Kc1 kh10 If11", " w - - 0 1", "f11",
     "f11e10 f11e11 f11f10 f11g10 f11g11 "
     "f11e12q f11e12g f11e12l f11e12u f11e12f f11f12q f11f12g f11f12l f11f12u f11f12f "
     "f11g12q f11g12g f11g12l f11g12u f11g12f",
     20},
    {XL, "Kc1 kh10 Pe11 nd12", " w - - 0 1", "e11",
     "e11e12q e11e12g e11e12l e11e12d e11e12w e11e12u e11e12f "
     "e11d12q e11d12g e11d12l e11d12d e11d12w e11d12u e11d12f",
     14},
    {XL, "Kc12 kh10 pe2", " b - - 0 1", "e2", "e2e1q e2e1g e2e1l e2e1d e2e1w e2e1u e2e1f", 7},
    {XXL, "Kc1 kh10 Se11", " w - - 0 1", "e11",
     "e11d11 e11f11 e11e12q e11e12g e11e12l e11e12d e11e12w e11e12u e11e12f", 9},
    {XXL, "Kc1 kh10 Pe11", " w - - 0 1", "e11",
     "e11e12q e11e12g e11e12l e11e12d e11e12w e11e12u e11e12f", 7},
    {XXL, "Kc1 kh10 Ia11", " w - - 0 1", "a11",
     "a11a10 a11b10 a11b11 a11a12q a11a12g a11a12l a11a12d a11a12w a11a12u a11a12f "
     "a11b12q a11b12g a11b12l a11b12d a11b12w a11b12u a11b12f",
     17},
    {PEMBA, "Ka1 kh8 Pe9", " w - - 0 1", "e9",
     "e9e10q e9e10r e9e10n e9e10b e9e10e e9e10c e9e10j e9e10z e9e10v e9e10m", 10},
    {PEMBA, "Ka1 kh8 pe2", " b - - 0 1", "e2",
     "e2e1q e2e1r e2e1n e2e1b e2e1e e2e1c e2e1j e2e1z e2e1v e2e1m", 10},
};

START_TEST(test_promotion_choices)
{
    const PromotionCase *c = &promotions[_i];
    Position pos;
    MoveList list;
    Helper_load(&pos, c->variant, c->pieces, c->rest);
    assert_moves(&pos, c->from, c->expected);
    Movegen_legal(&pos, &list);
    int n = 0;
    for (int i = 0; i < list.count; i++)
        n += MOVE_FROM(list.moves[i]) == Helper_cell(&pos, c->from);
    ck_assert_int_eq(n, c->count);
}
END_TEST

START_TEST(test_promotion_result)
{
    Position pos;
    Helper_load(&pos, PEMBA, "Ka1 kh8 Pe9", " w - - 0 1");
    Helper_play(&pos, "e9e10z");
    assert_fen(&pos, "Ka1 kh8 Ze10", " b - - 0 1");
    Helper_load(&pos, XL, "Kc12 kh10 Na3 pe2", " b - - 7 9");
    Helper_play(&pos, "e2e1w");
    assert_fen(&pos, "Kc12 kh10 Na3 we1", " w - - 0 10");
}
END_TEST

/* --- the King's jump ----------------------------------------------------- */

START_TEST(test_king_jump_targets)
{
    Position pos;
    const char *steps = "f6e5 f6e6 f6e7 f6f5 f6f7 f6g5 f6g6 f6g7 ";
    const char *jumps = "f6d4 f6d5 f6d6 f6d7 f6d8 f6e4 f6e8 f6f4 f6f8 f6g4 f6g8 f6h4 f6h5 f6h6 "
                        "f6h7 f6h8";
    char all[LIST_MAX];
    snprintf(all, sizeof all, "%s%s", steps, jumps);
    Helper_load(&pos, XL, "Kf6 kl12", " w K - 0 1");
    assert_moves(&pos, "f6", all);
    Helper_load(&pos, XL, "Kf6 kl12", " w k - 0 1");
    assert_moves(&pos, "f6", steps);
    Helper_load(&pos, ZS, "kf7 Kl1", " b k - 0 1");
    assert_moves(&pos, "f7",
                 "f7e6 f7e7 f7e8 f7f6 f7f8 f7g6 f7g7 f7g8 f7d5 f7d6 f7d7 f7d8 f7d9 "
                 "f7e5 f7e9 f7f5 f7f9 f7g5 f7g9 f7h5 f7h6 f7h7 f7h8 f7h9");
    /* Near the edge only the squares on the board; never onto a piece. */
    Helper_load(&pos, XXL, "Kf1 kl12 Pe2 nh3", " w K - 0 1");
    /* The Knight on h3 attacks f2 and g1: no steps there, no f3 or h1 jump
     * across them; h2 and g3 still have a safe square beside their path. */
    assert_moves(&pos, "f1", "f1e1 f1g2 f1d1 f1d2 f1d3 f1e3 f1g3 f1h2");
    /* Pemba has no jump, and no rights to give. */
    Helper_load(&pos, PEMBA, "Ke5 kj10", " w - - 0 1");
    assert_moves(&pos, "e5", "e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6");
}
END_TEST

START_TEST(test_king_jump_not_in_check)
{
    Position pos;
    Helper_load(&pos, XL, "Kf2 kl12 rf10", " w K - 0 1");
    assert_moves(&pos, "f2", "f2e1 f2e2 f2e3 f2g1 f2g2 f2g3");
}
END_TEST

/* A straight or diagonal jump may not pass an attacked square. */
START_TEST(test_king_jump_straight_path)
{
    Position pos;
    Helper_load(&pos, XL, "Kf2 kl12 nh4", " w K - 0 1");
    ck_assert(Position_attacked(&pos, Helper_cell(&pos, "g2"), BLACK));
    ck_assert(!Position_attacked(&pos, Helper_cell(&pos, "h2"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2h2") == MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2d2") != MOVE_NONE);
    /* Diagonal: e3 attacked by a Bishop on h6 (which sees neither f2 nor d4). */
    Helper_load(&pos, XL, "Kf2 kl12 bh6", " w K - 0 1");
    ck_assert(Position_attacked(&pos, Helper_cell(&pos, "e3"), BLACK));
    ck_assert(!Position_attacked(&pos, Helper_cell(&pos, "d4"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2d4") == MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2h4") != MOVE_NONE);
}
END_TEST

/* f2-h3 passes g2 and g3: one of them safe is enough. */
START_TEST(test_king_jump_knight_path)
{
    Position pos;
    Helper_load(&pos, XL, "Kf2 kl12 nh4", " w K - 0 1"); /* attacks g2, not g3 */
    ck_assert(!Position_attacked(&pos, Helper_cell(&pos, "g3"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2h3") != MOVE_NONE);
    Helper_load(&pos, XL, "Kf2 kl12 nh5", " w K - 0 1"); /* attacks g3, not g2 */
    ck_assert(Position_attacked(&pos, Helper_cell(&pos, "g3"), BLACK));
    ck_assert(!Position_attacked(&pos, Helper_cell(&pos, "g2"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2h3") != MOVE_NONE);
    Helper_load(&pos, XL, "Kf2 kl12 nh4 nh5", " w K - 0 1"); /* both */
    ck_assert(!Position_attacked(&pos, Helper_cell(&pos, "h3"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2h3") == MOVE_NONE);
    /* |dy| = 2: f2-g4 passes f3 and g3. */
    Helper_load(&pos, XL, "Kf2 kl12 nh5 nd4", " w K - 0 1"); /* g3 and f3 */
    ck_assert(Position_attacked(&pos, Helper_cell(&pos, "f3"), BLACK));
    ck_assert(!Position_attacked(&pos, Helper_cell(&pos, "g4"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2g4") == MOVE_NONE);
    Helper_load(&pos, XL, "Kf2 kl12 nd4", " w K - 0 1"); /* f3 only */
    ck_assert(!Position_attacked(&pos, Helper_cell(&pos, "g3"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2g4") != MOVE_NONE);
}
END_TEST

START_TEST(test_king_jump_landing_and_pieces_passed)
{
    Position pos;
    Helper_load(&pos, XL, "Kf2 kl12 ng5", " w K - 0 1"); /* h3 attacked, g2 g3 safe */
    ck_assert(Position_attacked(&pos, Helper_cell(&pos, "h3"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2h3") == MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2h1") != MOVE_NONE);
    /* Pieces of either colour on the squares passed do not matter. */
    Helper_load(&pos, XL, "Kf2 kl12 pg2 Ie3 Ig3 pe2", " w K - 0 1");
    ck_assert(Helper_findMove(&pos, "f2h2") != MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2d4") != MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2h3") != MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2d2") != MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2h4") != MOVE_NONE);
}
END_TEST

START_TEST(test_king_jump_rights)
{
    Position pos;
    /* Lost after a step, even when the King comes back. */
    Helper_load(&pos, XL, "Kf2 kf11", " w Kk - 0 1");
    Helper_play(&pos, "f2f3");
    assert_fen(&pos, "Kf3 kf11", " b k - 1 1");
    Helper_play(&pos, "f11d9 f3f2 d9e9");
    assert_fen(&pos, "Kf2 ke9", " w - - 4 3");
    ck_assert(Helper_findMove(&pos, "f2h2") == MOVE_NONE);
    /* Lost after a jump. */
    Helper_load(&pos, XL, "Kf2 kf11", " w Kk - 0 1");
    Helper_play(&pos, "f2h3");
    assert_fen(&pos, "Kh3 kf11", " b k - 1 1");
    Helper_play(&pos, "f11f12");
    assert_moves(&pos, "h3", "h3g2 h3g3 h3g4 h3h2 h3h4 h3i2 h3i3 h3i4");
}
END_TEST

/* The rule judges the squares passed with the King still at home: here it
 * is itself the screen through which the Cannon on a2 hits g2. */
START_TEST(test_king_jump_judged_before_the_jump)
{
    Position pos;
    Helper_load(&pos, XL, "Kf2 kl12 ca2", " w K - 0 1");
    ck_assert(!Position_inCheck(&pos));
    ck_assert(Position_attacked(&pos, Helper_cell(&pos, "g2"), BLACK));
    ck_assert(Helper_findMove(&pos, "f2h2") == MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2h3") != MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2h1") != MOVE_NONE);
    ck_assert(Helper_findMove(&pos, "f2d2") != MOVE_NONE);
}
END_TEST

/* --- pins and checks through screens and bent rides ---------------------- */

START_TEST(test_hopper_screens_and_pins)
{
    Position pos;
    char got[LIST_MAX];
    /* Stepping between a Cannon and the King makes a screen: illegal. */
    Helper_load(&pos, XL, "Ke1 kl12 ce10 Nc4", " w - - 0 1");
    Helper_legalTargets(&pos, "c4", got);
    Helper_assertList(got, "a3 a5 b2 b6 d2 d6", "Knight c4 below a Cannon on e10");
    /* With two screens, neither may leave. */
    Helper_load(&pos, XL, "Ke1 kl12 ce10 Ne5 Ne3", " w - - 0 1");
    assert_moves(&pos, "e5", "");
    assert_moves(&pos, "e3", "");
    /* The same along a diagonal, for the Sorceress. */
    Helper_load(&pos, XL, "Ka1 kl12 wi9 Nc4", " w - - 0 1");
    Helper_legalTargets(&pos, "c4", got);
    Helper_assertList(got, "a3 a5 b6 d2 d6 e3", "Knight c4 below a Sorceress on i9");
}
END_TEST

START_TEST(test_bent_ride_pins)
{
    Position pos;
    /* The Eagle's ride c4-d5-e5-f5-g5-h5 and the Rhinoceros' c4-d4-e5-f6-g7-h8. */
    Helper_load(&pos, XL, "Kh5 kl12 gc4 Nf5", " w - - 0 1");
    ck_assert(!Position_inCheck(&pos));
    assert_moves(&pos, "f5", "");
    Helper_load(&pos, XL, "Kh8 kl12 uc4 Nf6", " w - - 0 1");
    ck_assert(!Position_inCheck(&pos));
    assert_moves(&pos, "f6", "");
    /* With the first step blocked there is no ride and no pin. */
    Helper_load(&pos, XL, "Kh5 kl12 gc4 Nf5 Pd5", " w - - 0 1");
    ck_assert(Helper_findMove(&pos, "f5g7") != MOVE_NONE);
}
END_TEST

START_TEST(test_en_passant_exposing_king)
{
    Position pos;
    Helper_load(&pos, PEMBA, "Ka6 Pd6 pe8 rh6 kj10", " b - - 0 1");
    Helper_play(&pos, "e8e6");
    assert_moves(&pos, "d6", "d6d7");
}
END_TEST

/* --- Arabian Nights: hole, carpets, pawns, promotions ------------------- */

START_TEST(test_an_hole)
{
    Position pos;
    Helper_load(&pos, AN, "Sj1 sc9 Rf2 Rb5 Dg5 Ee4", " w - - 0 1");
    assert_moves(&pos, "f2", "f2b2 f2c2 f2d2 f2e2 f2g2 f2h2 f2i2 f2j2 f2f1 f2f3 f2f4");
    assert_moves(&pos, "b5", "b5b1 b5b2 b5b3 b5b4 b5b6 b5b7 b5b8 b5b9 b5c5 b5d5 b5e5");
    assert_moves(&pos, "g5", "g5i5 g5g3 g5g7");
    assert_moves(&pos, "e4", "e4c2 e4c6 e4g2");
    /* Knight leaps have no middle square: the hole never stops them. */
    Helper_load(&pos, AN, "Sj1 sc9 Ke4 Kg6", " w - - 0 1");
    assert_moves(&pos, "e4", "e4c3 e4c5 e4d2 e4d6 e4f2 e4f6 e4g3 e4g5");
    assert_moves(&pos, "g6", "g6e5 g6e7 g6f4 g6f8 g6h4 g6h8 g6i5 g6i7");
}
END_TEST

/* Black moves first, and the move number goes up after Black's move. */
START_TEST(test_an_move_numbers)
{
    Position pos;
    Setup_start(&pos, Variant_get(AN));
    Helper_play(&pos, "e8e7");
    assert_fen(&pos,
               "sf9 rb9 kc9 ed9 de9 dg9 eh9 ki9 rj9 pb8 gc8 pd8 pe7 vf8 pg8 ph8 gi8 pj8 "
               "Sf1 Rb1 Kc1 Ed1 De1 Dg1 Eh1 Ki1 Rj1 Pb2 Gc2 Pd2 Pe2 Vf2 Pg2 Ph2 Gi2 Pj2",
               "w - - 0 2");
    Helper_play(&pos, "c1d3");
    assert_fen(&pos,
               "sf9 rb9 kc9 ed9 de9 dg9 eh9 ki9 rj9 pb8 gc8 pd8 pe7 vf8 pg8 ph8 gi8 pj8 "
               "Sf1 Rb1 Kd3 Ed1 De1 Dg1 Eh1 Ki1 Rj1 Pb2 Gc2 Pd2 Pe2 Vf2 Pg2 Ph2 Gi2 Pj2",
               "b - - 1 2");
    /* Only the hole stops a leap: a Dabbabah jumps a piece. */
    Helper_load(&pos, AN, "Sj1 sc9 Db3 kc3 Kb4", " w - - 0 1");
    assert_moves(&pos, "b3", "b3b1 b3b5 b3d3");
}
END_TEST

START_TEST(test_an_carpet_rides)
{
    Position pos;
    char got[LIST_MAX];
    /* A Dabbabah leaps a3-a5 although a4 holds no carpet. */
    Helper_load(&pos, AN, "~a3 ~a5 ~k3 ~k7 Sj1 sc9 Da3", " w - - 0 1");
    assert_moves(&pos, "a3", "a3a5 a3a5a4 a3a5a6 a3a5a7 a3a5k4 a3a5k5 a3a5k6 a3c3");
    /* Riders run along file a only over carpets that touch. */
    Helper_load(&pos, AN, "~a3 ~a4 ~a5 ~k7 Sj1 sc9 Ra4", " w - - 0 1");
    Helper_legalTargets(&pos, "a4", got);
    Helper_assertList(got, "a3 a5 b4 c4 d4 e4 f4 g4 h4 i4 j4", "Rook a4 over carpets a3 a4 a5");
    Helper_load(&pos, AN, "~a3 ~a5 ~a6 ~k7 Sj1 sc9 Ra3", " w - - 0 1");
    assert_moves(&pos, "a3", "a3b3 a3c3 a3d3 a3e3 a3f3 a3g3 a3h3 a3i3 a3j3");
}
END_TEST

START_TEST(test_an_carpet_flights)
{
    Position pos;
    /* Carpets on a3 a7 k3 k7: a landing on a7 or k7 may fly to a4-a6, k4-k6. */
    Helper_load(&pos, AN, "Sj1 sc9 Rb7", " w - - 0 1");
    assert_moves(&pos, "b7",
                 "b7a7 b7a7a4 b7a7a5 b7a7a6 b7a7k4 b7a7k5 b7a7k6 "
                 "b7c7 b7d7 b7e7 b7f7 b7g7 b7h7 b7i7 b7j7 "
                 "b7k7 b7k7a4 b7k7a5 b7k7a6 b7k7k4 b7k7k5 b7k7k6 "
                 "b7b8 b7b9 b7b6 b7b5 b7b4 b7b3 b7b2 b7b1");
    Helper_play(&pos, "b7a7k5");
    assert_fen(&pos, "~a3 ~k3 ~k5 ~k7 Sj1 sc9 Rk5", " b - - 1 1");
    /* Standing on a carpet is not enough: only a landing flies it. */
    Helper_play(&pos, "c9c8");
    assert_moves(&pos, "k5", "k5g5 k5h5 k5i5 k5j5");
    /* A capture on a carpet may fly too. */
    Helper_load(&pos, AN, "Sj1 sc9 Rb7 pa7", " w - - 0 1");
    Helper_play(&pos, "b7a7a5");
    assert_fen(&pos, "~a3 ~a5 ~k3 ~k7 Sj1 sc9 Ra5", " b - - 0 1");
}
END_TEST

/* The Rook on j5 does not attack k5 until a carpet lies there. */
START_TEST(test_an_flight_into_check)
{
    Position pos;
    Helper_load(&pos, AN, "Sb4 sf9 rj5", " w - - 0 1");
    assert_moves(&pos, "b4", "b4a3 b4a3a4 b4a3a5 b4a3a6 b4a3k4 b4a3k6 b4b3 b4b5 b4c3 b4c4 b4c5");
}
END_TEST

/* The placement field of the position's FEN must be that of `pieces`. */
static void assert_placement(const Position *pos, const char *pieces)
{
    char got[FEN_MAX], want[FEN_MAX * 2];
    Fen_write(pos, got, sizeof got);
    Helper_fen(pos->v->id, pieces, "", want);
    *strchr(got, ' ') = 0;
    *strchr(want, ' ') = 0;
    ck_assert_str_eq(got, want);
}

START_TEST(test_an_camp_promotions)
{
    Position pos;
    const char *start = "Sj1 sb9 Pc7 Gd7 Ge8 gd3";
    Helper_load(&pos, AN, start, " w - - 0 1");
    assert_moves(&pos, "c7", "c7b7 c7c8");
    Helper_play(&pos, "c7c8");
    assert_placement(&pos, "Sj1 sb9 Gc8 Gd7 Ge8 gd3");
    /* A General entering the camp from outside becomes a Grand Vizier... */
    Helper_load(&pos, AN, start, " w - - 0 1");
    Helper_play(&pos, "d7c8");
    assert_placement(&pos, "Sj1 sb9 Pc7 Vc8 Ge8 gd3");
    /* ...but not when it moves inside the camp... */
    Helper_load(&pos, AN, start, " w - - 0 1");
    Helper_play(&pos, "e8d9");
    assert_placement(&pos, "Sj1 sb9 Pc7 Gd7 Gd9 gd3");
    /* ...and again when it comes back in from outside. */
    Helper_load(&pos, AN, start, " w - - 0 1");
    Helper_play(&pos, "e8f7 b9c9");
    assert_placement(&pos, "Sj1 sc9 Pc7 Gd7 Gf7 gd3");
    Helper_play(&pos, "f7e8");
    assert_placement(&pos, "Sj1 sc9 Pc7 Gd7 Ve8 gd3");
    /* Black's camp is ranks 1 and 2. */
    Helper_load(&pos, AN, start, " b - - 0 1");
    Helper_play(&pos, "d3c2");
    assert_placement(&pos, "Sj1 sb9 Pc7 Gd7 Ge8 vc2");
}
END_TEST

/* --- game status ------------------------------------------------------- */

START_TEST(test_status_stalemate)
{
    Position pos;
    /* Arabian Nights: the side that cannot move loses. The Black Pawn on j3
     * is stuck: j2 and i3 are taken and k3 is no square without a carpet. */
    Helper_load(&pos, AN, "~a4 ~a5 ~a6 ~k6 sb9 Rd8 Rc1 Sf1 pj3 Pj2 Gi3", " b - - 0 40");
    ck_assert(!Position_inCheck(&pos));
    assert_status(&pos, RESULT_WHITE_WINS, REASON_STALEMATE);
    /* The Cazaux games: a draw. */
    Helper_load(&pos, PEMBA, "ka10 Qb8 Kj1", " b - - 0 40");
    assert_status(&pos, RESULT_DRAW, REASON_STALEMATE);
    Helper_load(&pos, XL, "kl12 Qk10 Ka1", " b - - 0 40");
    assert_status(&pos, RESULT_DRAW, REASON_STALEMATE);
    Helper_load(&pos, XL, "Kl12 qk10 ka12 Pa11", " w - - 0 40");
    assert_status(&pos, RESULT_DRAW, REASON_STALEMATE);
}
END_TEST

START_TEST(test_status_checkmate)
{
    Position pos;
    Helper_load(&pos, PEMBA, "ka10 Ra8 Rb7 Kj1", " b - - 0 40");
    assert_status(&pos, RESULT_WHITE_WINS, REASON_CHECKMATE);
    Helper_load(&pos, AN, "sb9 Rb1 Rc2 Sf1", " b - - 0 40");
    assert_status(&pos, RESULT_WHITE_WINS, REASON_CHECKMATE);
    Helper_load(&pos, XXL, "Ka1 ra12 rb11 kl12", " w - - 0 40");
    assert_status(&pos, RESULT_BLACK_WINS, REASON_CHECKMATE);
    /* Check that can be answered is no mate. */
    Helper_load(&pos, PEMBA, "ka10 Ra8 Kj1", " b - - 0 40");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
}
END_TEST

START_TEST(test_status_bare_kings)
{
    Position pos;
    Helper_load(&pos, PEMBA, "ka10 Kj1", " w - - 0 40");
    assert_status(&pos, RESULT_DRAW, REASON_BARE_KINGS);
    Helper_load(&pos, ZS, "kl12 Ka1", " b - - 0 40");
    assert_status(&pos, RESULT_DRAW, REASON_BARE_KINGS);
    /* Only one bare King: the game goes on (no bare-Sultan rule here). */
    Helper_load(&pos, PEMBA, "ka10 Kj1 Nb1", " b - - 0 40");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_load(&pos, XL, "kl12 Ka1 Nb1", " w - - 0 40");
    Helper_play(&pos, "b1c3");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
}
END_TEST

START_TEST(test_status_bare_sultan)
{
    Position pos;
    /* Baring Black, who gets one reply; any reply that keeps White's Rook loses. */
    Helper_load(&pos, AN, "Sf1 Rd4 sf9 pd6", " w - - 0 40");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "d4d6");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "f9e9");
    assert_status(&pos, RESULT_WHITE_WINS, REASON_BARE_SULTAN);
    /* The reply bares White too: a draw. */
    Helper_load(&pos, AN, "Sf1 Re4 sf9 pe8", " w - - 0 40");
    Helper_play(&pos, "e4e8");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "f9e8");
    assert_status(&pos, RESULT_DRAW, REASON_BARE_SULTAN);
    /* Two bare Sultans. */
    Helper_load(&pos, AN, "Sf1 sf9", " b - - 0 40");
    assert_status(&pos, RESULT_DRAW, REASON_BARE_SULTAN);
}
END_TEST

START_TEST(test_status_cannot_mate)
{
    Position pos;
    /* The flag: White's Queen against a bare King. */
    Helper_load(&pos, PEMBA, "Kj1 Qi2 kb10", " w - - 0 1");
    ck_assert(Status_cannotMate(&pos, BLACK));
    ck_assert(!Status_cannotMate(&pos, WHITE));
    ck_assert_int_eq(Status_afterFlag(&pos, WHITE).result, RESULT_DRAW);
    ck_assert_int_eq(Status_afterFlag(&pos, WHITE).reason, REASON_TIME);
    ck_assert_int_eq(Status_afterFlag(&pos, BLACK).result, RESULT_WHITE_WINS);
    /* A lone Knight, or colour-bound pieces on one colour, against a bare King. */
    Helper_load(&pos, ZS, "Ka1 Nb1 kl12", " w - - 0 1");
    ck_assert(Status_cannotMate(&pos, WHITE));
    Helper_load(&pos, XXL, "Kf1 Bb1 Ed1 Jh1 Vj1 Bc2 kl12", " w - - 0 1");
    ck_assert(Status_cannotMate(&pos, WHITE));
    /* Each of these can mate, at least with help. */
    static const char *can[] = {"Ka1 Nb1 Nc1 kl12",  "Ka1 Nb1 Bd1 kl12", "Ka1 Bb1 Bc1 kl12",
                                "Ka1 Mb1 kl12",      "Ka1 Pb4 kl12",     "Ka1 Nb1 kl12 pa10",
                                "Ka1 Bb1 kl12 nk12", "Ka1 Zb1 kl12",     "Ka1 Ib4 kl12"};
    for (size_t i = 0; i < sizeof can / sizeof can[0]; i++) {
        Helper_load(&pos, XL, can[i], " w - - 0 1");
        ck_assert_msg(!Status_cannotMate(&pos, WHITE), "%s", can[i]);
        ck_assert_int_eq(Status_afterFlag(&pos, BLACK).result, RESULT_WHITE_WINS);
    }
    /* Arabian Nights: a bare Sultan cannot win; a General can, by the
     * bare-Sultan rule or by stalemate. */
    Helper_load(&pos, AN, "Sf1 Gd4 sf9", " b - - 0 1");
    ck_assert(Status_cannotMate(&pos, BLACK));
    ck_assert(!Status_cannotMate(&pos, WHITE));
    ck_assert_int_eq(Status_afterFlag(&pos, WHITE).result, RESULT_DRAW);
}
END_TEST

START_TEST(test_status_fifty_moves)
{
    Position pos;
    Helper_load(&pos, XL, "Ka1 kl12 Nb1 nk12", " w - - 98 60");
    Helper_play(&pos, "b1c3");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "k12j10");
    ck_assert_int_eq(pos.halfmove, 100);
    assert_status(&pos, RESULT_DRAW, REASON_FIFTY_MOVES);
    /* A Pawn move or a capture starts the count again. */
    Helper_load(&pos, XL, "Ka1 kl12 Pb2 nk12", " w - - 99 60");
    Helper_play(&pos, "b2b3");
    ck_assert_int_eq(pos.halfmove, 0);
    Helper_load(&pos, PEMBA, "Ka1 kj10 Nb1 nc3", " w - - 99 60");
    Helper_play(&pos, "b1c3");
    ck_assert_int_eq(pos.halfmove, 0);
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    /* A carpet flight alone does not. */
    Helper_load(&pos, AN, "Sj1 sc9 Rb7", " w - - 99 60");
    Helper_play(&pos, "b7a7k5");
    ck_assert_int_eq(pos.halfmove, 100);
    assert_status(&pos, RESULT_DRAW, REASON_FIFTY_MOVES);
}
END_TEST

START_TEST(test_status_repetition)
{
    Position pos;
    Helper_load(&pos, XL, "Ka1 kl12 Nb1 nk12", " w - - 0 1");
    Helper_play(&pos, "b1c3 k12j10 c3b1 j10k12");
    assert_status(&pos, RESULT_NONE, REASON_NONE); /* seen twice */
    Helper_play(&pos, "b1c3 k12j10 c3b1");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "j10k12");
    assert_status(&pos, RESULT_DRAW, REASON_REPETITION); /* three times */
    /* Arabian Nights too, with Black to move first. */
    Helper_load(&pos, AN, "Sj1 sb9 Kc1 kc9", " b - - 0 1");
    Helper_play(&pos, "c9d7 c1d3 d7c9 d3c1 c9d7 c1d3 d7c9");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "d3c1");
    assert_status(&pos, RESULT_DRAW, REASON_REPETITION);
}
END_TEST

/* A sideways step of a Soldier (Zanzibar-XXL) or an Arabian Nights Pawn
 * starts the fifty-move count again but can be undone: the positions before
 * it still count towards a repetition. */
START_TEST(test_status_repetition_sideways)
{
    Position pos;
    Helper_load(&pos, XXL, "Kc12 kh10 Se5 nk12", " w - - 0 1");
    Helper_play(&pos, "e5d5 k12j10 d5e5 j10k12");
    assert_status(&pos, RESULT_NONE, REASON_NONE); /* seen twice */
    Helper_play(&pos, "e5d5 k12j10 d5e5");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "j10k12");
    assert_status(&pos, RESULT_DRAW, REASON_REPETITION);
    Helper_load(&pos, AN, "Sj1 sb9 Kc1 kc9 Pe4", " b - - 0 1");
    Helper_play(&pos, "c9d7 e4f4 d7c9 f4e4 c9d7 e4f4 d7c9");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "f4e4");
    assert_status(&pos, RESULT_DRAW, REASON_REPETITION);
    /* A step forward cannot be undone: what came before it never returns. */
    Helper_load(&pos, AN, "Sj1 sb9 Kc1 kc9 Pe4", " b - - 0 1");
    Helper_play(&pos, "c9d7 e4e5 d7c9 c1d3 c9d7 d3c1 d7c9 c1d3 c9d7 d3c1");
    ck_assert_int_eq(pos.reversible, 8);
}
END_TEST

/* A position with the King's jump right is not the same as one without. */
START_TEST(test_status_repetition_rights)
{
    Position pos;
    Helper_load(&pos, XL, "Kf2 kf11 Nb1 nk12", " w K - 0 1");
    Helper_play(&pos, "f2f3 k12j10 f3f2 j10k12");
    Helper_play(&pos, "b1c3 k12j10 c3b1 j10k12");
    assert_status(&pos, RESULT_NONE, REASON_NONE);
    Helper_play(&pos, "b1c3 k12j10 c3b1 j10k12");
    assert_status(&pos, RESULT_DRAW, REASON_REPETITION);
}
END_TEST

static Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("pawns");
    tcase_add_test(tc, test_double_step_anywhere);
    tcase_add_test(tc, test_double_step_from_start_only);
    tcase_add_test(tc, test_double_step_blocked);
    tcase_add_test(tc, test_en_passant_pawns);
    tcase_add_test(tc, test_en_passant_princes);
    tcase_add_test(tc, test_en_passant_soldiers);
    tcase_add_test(tc, test_double_step_promoting_leaves_no_ep);
    tcase_add_loop_test(tc, test_promotion_choices, 0,
                        (int)(sizeof promotions / sizeof promotions[0]));
    tcase_add_test(tc, test_promotion_result);
    suite_add_tcase(s, tc);
    tc = tcase_create("king jump");
    tcase_add_test(tc, test_king_jump_targets);
    tcase_add_test(tc, test_king_jump_not_in_check);
    tcase_add_test(tc, test_king_jump_straight_path);
    tcase_add_test(tc, test_king_jump_knight_path);
    tcase_add_test(tc, test_king_jump_landing_and_pieces_passed);
    tcase_add_test(tc, test_king_jump_rights);
    tcase_add_test(tc, test_king_jump_judged_before_the_jump);
    suite_add_tcase(s, tc);
    tc = tcase_create("pins");
    tcase_add_test(tc, test_hopper_screens_and_pins);
    tcase_add_test(tc, test_bent_ride_pins);
    tcase_add_test(tc, test_en_passant_exposing_king);
    suite_add_tcase(s, tc);
    tc = tcase_create("arabian nights");
    tcase_add_test(tc, test_an_hole);
    tcase_add_test(tc, test_an_move_numbers);
    tcase_add_test(tc, test_an_carpet_rides);
    tcase_add_test(tc, test_an_carpet_flights);
    tcase_add_test(tc, test_an_flight_into_check);
    tcase_add_test(tc, test_an_camp_promotions);
    suite_add_tcase(s, tc);
    tc = tcase_create("status");
    tcase_add_test(tc, test_status_stalemate);
    tcase_add_test(tc, test_status_checkmate);
    tcase_add_test(tc, test_status_bare_kings);
    tcase_add_test(tc, test_status_bare_sultan);
    tcase_add_test(tc, test_status_cannot_mate);
    tcase_add_test(tc, test_status_fifty_moves);
    tcase_add_test(tc, test_status_repetition);
    tcase_add_test(tc, test_status_repetition_rights);
    tcase_add_test(tc, test_status_repetition_sideways);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(rules_suite());
}
