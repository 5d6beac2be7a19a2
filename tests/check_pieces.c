/* Piece movement: for every piece kind of the five games, the exact set of
 * destinations from several squares, on an empty board and among friends and
 * enemies, written out by hand from RULES.md section 2. */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "runner.h"

typedef struct {
    VariantId variant;
    const char *piece; /* letter (case = colour) and square: "Qf6" */
    const char *expected;
} PieceCase;

/* Each royal piece stands where no test piece reaches or is blocked. */
static const char *royals_for(VariantId variant)
{
    switch (variant) {
        case PEMBA: return "Ki6 kg10";
        case AN: return "Sj1 sc9";
        default: return "Kc12 kh10";
    }
}

/* The royal pieces of `royals` minus the one the test piece replaces. */
static void other_royals(VariantId variant, char piece, char *out)
{
    char copy[32], *save = NULL;
    snprintf(copy, sizeof copy, "%s", royals_for(variant));
    out[0] = 0;
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (tok[0] == piece)
            continue;
        strcat(out, " ");
        strcat(out, tok);
    }
}

/* Both the legal moves and Movegen_destinations must give `expected`. */
static void check_piece(VariantId variant, const char *others, const char *piece,
                        const char *expected)
{
    char pieces[512], got[LIST_MAX], what[1024];
    const char *from = piece + 1;
    Position pos;
    snprintf(pieces, sizeof pieces, "%s %s", others, piece);
    Helper_load(&pos, variant, pieces,
                isupper((unsigned char)piece[0]) ? " w - - 0 1" : " b - - 0 1");
    Helper_legalTargets(&pos, from, got);
    snprintf(what, sizeof what, "%s %s, legal moves (%s)", Variant_get(variant)->title, piece,
             pieces);
    Helper_assertList(got, expected, what);
    Helper_destinations(&pos, piece[0], from, ~DEST_JUMP, got);
    snprintf(what, sizeof what, "%s %s, Movegen_destinations (%s)", Variant_get(variant)->title,
             piece, pieces);
    Helper_assertList(got, expected, what);
}

/* --- on an empty board: centre, edge and corner ----------------------- */

static const PieceCase empty_board[] = {
    {XL, "Qf6",
     "a1 a11 a6 b10 b2 b6 c3 c6 c9 d4 d6 d8 e5 e6 e7 f1 f10 f11 f12 f2 f3 f4 f5 f7 f8 "
     "f9 g5 g6 g7 h4 h6 h8 i3 i6 i9 j10 j2 j6 k1 k11 k6 l12 l6"},
    {XL, "Qa8",
     "a1 a10 a11 a12 a2 a3 a4 a5 a6 a7 a9 b7 b8 b9 c10 c6 c8 d11 d5 d8 e12 e4 e8 f3 "
     "f8 g2 g8 h1 h8 i8 j8 k8 l8"},
    {XL, "Ql1",
     "a1 a12 b1 b11 c1 c10 d1 d9 e1 e8 f1 f7 g1 g6 h1 h5 i1 i4 j1 j3 k1 k2 l10 l11 "
     "l12 l2 l3 l4 l5 l6 l7 l8 l9"},
    {XL, "Rf6", "a6 b6 c6 d6 e6 f1 f10 f11 f12 f2 f3 f4 f5 f7 f8 f9 g6 h6 i6 j6 k6 l6"},
    {XL, "Ra8", "a1 a10 a11 a12 a2 a3 a4 a5 a6 a7 a9 b8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8"},
    {XL, "Rl1", "a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l10 l11 l12 l2 l3 l4 l5 l6 l7 l8 l9"},
    {XL, "Bf6", "a1 a11 b10 b2 c3 c9 d4 d8 e5 e7 g5 g7 h4 h8 i3 i9 j10 j2 k1 k11 l12"},
    {XL, "Ba8", "b7 b9 c10 c6 d11 d5 e12 e4 f3 g2 h1"},
    {XL, "Bl1", "a12 b11 c10 d9 e8 f7 g6 h5 i4 j3 k2"},
    {XL, "Nf6", "d5 d7 e4 e8 g4 g8 h5 h7"},
    {XL, "Na8", "b10 b6 c7 c9"},
    {XL, "Nl1", "j2 k3"},
    {XL, "Jf6", "c5 c7 e3 e9 g3 g9 i5 i7"},
    {XL, "Ja8", "b11 b5 d7 d9"},
    {XL, "Jl1", "i2 k4"},
    {XL, "Zf6", "c4 c8 d3 d9 h3 h9 i4 i8"},
    {XL, "Za8", "c11 c5 d10 d6"},
    {XL, "Zl1", "i3 j4"},
    {XL, "Ff6", "c4 c5 c7 c8 d3 d5 d7 d9 e3 e4 e8 e9 g3 g4 g8 g9 h3 h5 h7 h9 i4 i5 i7 i8"},
    {XL, "Fa8", "b10 b11 b5 b6 c11 c5 c7 c9 d10 d6 d7 d9"},
    {XL, "Fl1", "i2 i3 j2 j4 k3 k4"},
    {XL, "Ef6", "d4 d8 e5 e7 g5 g7 h4 h8"},
    {XL, "Ea8", "b7 b9 c10 c6"},
    {XL, "El1", "j3 k2"},
    {XL, "Mf6", "d6 e6 f4 f5 f7 f8 g6 h6"},
    {XL, "Ma8", "a10 a6 a7 a9 b8 c8"},
    {XL, "Ml1", "j1 k1 l2 l3"},
    {XL, "Lf6", "d4 d5 d6 d7 d8 e4 e5 e6 e7 e8 f4 f5 f7 f8 g4 g5 g6 g7 g8 h4 h5 h6 h7 h8"},
    {XL, "La8", "a10 a6 a7 a9 b10 b6 b7 b8 b9 c10 c6 c7 c8 c9"},
    {XL, "Ll1", "j1 j2 j3 k1 k2 k3 l2 l3"},
    {XL, "Df6", "c3 c6 c9 d4 d6 d8 e5 e6 e7 f3 f4 f5 f7 f8 f9 g5 g6 g7 h4 h6 h8 i3 i6 i9"},
    {XL, "Da8", "a10 a11 a5 a6 a7 a9 b7 b8 b9 c10 c6 c8 d11 d5 d8"},
    {XL, "Dl1", "i1 i4 j1 j3 k1 k2 l2 l3 l4"},
    {XL, "Cf6", "a6 b6 c6 d6 e6 f1 f10 f11 f12 f2 f3 f4 f5 f7 f8 f9 g6 h6 i6 j6 k6 l6"},
    {XL, "Ca8", "a1 a10 a11 a12 a2 a3 a4 a5 a6 a7 a9 b8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8"},
    {XL, "Cl1", "a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l10 l11 l12 l2 l3 l4 l5 l6 l7 l8 l9"},
    {XL, "Wf6",
     "a1 a11 a6 b10 b2 b6 c3 c6 c9 d4 d6 d8 e5 e6 e7 f1 f10 f11 f12 f2 f3 f4 f5 f7 f8 "
     "f9 g5 g6 g7 h4 h6 h8 i3 i6 i9 j10 j2 j6 k1 k11 k6 l12 l6"},
    {XL, "Wa8",
     "a1 a10 a11 a12 a2 a3 a4 a5 a6 a7 a9 b7 b8 b9 c10 c6 c8 d11 d5 d8 e12 e4 e8 f3 "
     "f8 g2 g8 h1 h8 i8 j8 k8 l8"},
    {XL, "Wl1",
     "a1 a12 b1 b11 c1 c10 d1 d9 e1 e8 f1 f7 g1 g6 h1 h5 i1 i4 j1 j3 k1 k2 l10 l11 "
     "l12 l2 l3 l4 l5 l6 l7 l8 l9"},
    {XL, "Gf6",
     "a5 a7 b5 b7 c5 c7 d5 d7 e1 e10 e11 e12 e2 e3 e4 e5 e7 e8 e9 g1 g10 g11 g12 g2 "
     "g3 g4 g5 g7 g8 g9 h5 h7 i5 i7 j5 j7 k5 k7 l5 l7"},
    {XL, "Ga8",
     "b1 b10 b11 b12 b2 b3 b4 b5 b6 b7 b9 c7 c9 d7 d9 e7 e9 f7 f9 g7 g9 h7 h9 i7 i9 "
     "j7 j9 k7 k9 l7 l9"},
    {XL, "Gl1", "a2 b2 c2 d2 e2 f2 g2 h2 i2 j2 k10 k11 k12 k2 k3 k4 k5 k6 k7 k8 k9"},
    {XL, "Uf6",
     "a10 a12 a2 b1 b11 b3 b9 c10 c2 c4 c8 d3 d5 d7 d9 e4 e6 e8 f5 f7 g4 g6 g8 h3 h5 "
     "h7 h9 i10 i2 i4 i8 j1 j11 j3 j9 k10 k12 k2 l1 l11"},
    {XL, "Ua8", "a7 a9 b10 b6 b8 c11 c5 c7 c9 d10 d12 d4 d6 e11 e3 e5 f12 f2 f4 g1 g3 h2 i1"},
    {XL, "Ul1", "a11 b10 b12 c11 c9 d10 d8 e7 e9 f6 f8 g5 g7 h4 h6 i3 i5 j2 j4 k1 k3 l2"},
    {XL, "If6", "e5 e6 e7 f5 f7 f8 g5 g6 g7"},
    {XL, "Ia8", "a10 a7 a9 b7 b8 b9"},
    {XL, "Il1", "k1 k2 l2 l3"},
    {ZS, "Vf6", "a1 a11 b10 b2 c3 c9 d4 d8 e5 e7 g5 g7 h4 h8 i3 i9 j10 j2 k1 k11 l12"},
    {ZS, "Va8", "b7 b9 c10 c6 d11 d5 e12 e4 f3 g2 h1"},
    {ZS, "Vl1", "a12 b11 c10 d9 e8 f7 g6 h5 i4 j3 k2"},
    {XXL, "Vf6", "a1 a11 b10 b2 c3 c9 d4 d8 e5 e7 g5 g7 h4 h8 i3 i9 j10 j2 k1 k11 l12"},
    {XL, "Pf6", "f7 f8"},
    {XL, "Pa8", "a10 a9"},
    {XL, "Pl1", "l2 l3"},
    {XXL, "Sf6", "e6 f7 f8 g6"},
    {XXL, "Sa4", "a5 a6 b4"},
    {XXL, "Sl1", "k1 l2 l3"},
    {XXL, "Pf6", "f7"},
    {XXL, "Pa4", "a5 a6"},
    {XXL, "Pl1", "l2"},
    {XL, "pf6", "f4 f5"},
    {XL, "pf2", "f1"},
    {XL, "if6", "e5 e6 e7 f4 f5 f7 g5 g6 g7"},
    {XL, "if2", "e1 e2 e3 f1 f3 g1 g2 g3"},
    {XXL, "sf9", "e9 f7 f8 g9"},
    {XXL, "sf6", "e6 f4 f5 g6"},
    {XXL, "sl12", "k12 l10 l11"},
    {XXL, "pf9", "f7 f8"},
    {XXL, "pf6", "f5"},
    {XXL, "pl12", "l11"},
    {PEMBA, "Qe5",
     "a1 a5 a9 b2 b5 b8 c3 c5 c7 d4 d5 d6 e1 e10 e2 e3 e4 e6 e7 e8 e9 f4 f5 f6 g3 "
     "g5 g7 h2 h5 h8 i1 i5 i9 j10 j5"},
    {PEMBA, "Qa7",
     "a1 a10 a2 a3 a4 a5 a6 a8 a9 b6 b7 b8 c5 c7 c9 d10 d4 d7 e3 e7 f2 f7 g1 g7 h7 "
     "i7 j7"},
    {PEMBA, "Qj1",
     "a1 a10 b1 b9 c1 c8 d1 d7 e1 e6 f1 f5 g1 g4 h1 h3 i1 i2 j10 j2 j3 j4 j5 j6 j7 "
     "j8 j9"},
    {PEMBA, "Je5", "b4 b6 d2 d8 f2 f8 h4 h6"},
    {PEMBA, "Ja7", "b10 b4 d6 d8"},
    {PEMBA, "Jj1", "g2 i4"},
    {PEMBA, "Ze5", "b3 b7 c2 c8 g2 g8 h3 h7"},
    {PEMBA, "Za7", "c10 c4 d5 d9"},
    {PEMBA, "Zj1", "g3 h4"},
    {PEMBA, "Ve5", "a1 a9 b2 b8 c3 c7 d4 d6 f4 f6 g3 g7 h2 h8 i1 i9 j10"},
    {PEMBA, "Va7", "b6 b8 c5 c9 d10 d4 e3 f2 g1"},
    {PEMBA, "Vj1", "a10 b9 c8 d7 e6 f5 g4 h3 i2"},
    {PEMBA, "Me5", "c5 d5 e3 e4 e6 e7 f5 g5"},
    {PEMBA, "Ma7", "a5 a6 a8 a9 b7 c7"},
    {PEMBA, "Mj1", "h1 i1 j2 j3"},
    {PEMBA, "Pe5", "e6"},
    {PEMBA, "Pa7", "a8"},
    {PEMBA, "Pj1", "j2"},
    {PEMBA, "pe8", "e6 e7"},
    {PEMBA, "pe5", "e4"},
    /* Arabian Nights: the hole f5 and files a and k without carpets are
     * not squares; carpets lie on a3 a7 k3 k7. */
    {AN, "Se4", "d3 d4 d5 e3 e5 f3 f4"},
    {AN, "sg6", "f6 f7 g5 g7 h5 h6 h7"},
    {AN, "De5", "c5 e3 e7"},
    {AN, "Df4", "d4 f2 h4"},
    {AN, "Db3", "b1 b5 d3"},
    {AN, "Ee4", "c2 c6 g2"},
    {AN, "Ec4", "e2 e6"},
    {AN, "Kd4", "b3 b5 c2 c6 e2 e6 f3"},
    {AN, "Ke6", "c5 c7 d4 d8 f4 f8 g5 g7"},
    {AN, "Rf2", "b2 c2 d2 e2 f1 f3 f4 g2 h2 i2 j2"},
    {AN, "Rb5", "b1 b2 b3 b4 b6 b7 b8 b9 c5 d5 e5"},
    {AN, "Ra3", "b3 c3 d3 e3 f3 g3 h3 i3 j3 k3"},
    {AN, "Ge4", "d3 d5 f3"},
    {AN, "Gb1", "c2"},
    {AN, "Ve4", "c3 c5 d2 d3 d5 d6 f2 f3 f6 g3 g5"},
    {AN, "Pe4", "d4 e5 f4"},
    {AN, "Pe2", "d2 e3 e4 f2"},
    {AN, "Pf4", "e4 g4"},
    {AN, "pe8", "d8 e6 e7 f8"},
    {AN, "pf6", "e6 g6"},
    /* Kings without the jump right: steps only. */
    {XL, "Kf6", "e5 e6 e7 f5 f7 g5 g6 g7"},
    {XL, "Kl1", "k1 k2 l2"},
    {PEMBA, "Ka1", "a2 b1 b2"},
    {PEMBA, "ke5", "d4 d5 d6 e4 e6 f4 f5 f6"},
};

START_TEST(test_empty_board)
{
    const PieceCase *c = &empty_board[_i];
    char royals[32];
    other_royals(c->variant, c->piece[0], royals);
    check_piece(c->variant, royals, c->piece, c->expected);
}
END_TEST

/* --- among friends and enemies ---------------------------------------- */

/* Around f6: a friend Pawn on f5 and Knights on d6 g7 f3 b2 c7; enemy Pawns
 * on e5 g6 and Knights on f9 f11 b6 i6 h8 h4 i3 c9 a11 e10. So: rides stop
 * before friends and on enemies; hoppers use screens of either colour (f9
 * and g6 are enemy screens, d6 f5 g7 friendly ones) and take only the first
 * enemy beyond; the Eagle's step to g7 and the Rhinoceros' step to f5 are
 * blocked, and their steps onto e5 and g6 capture without riding on. */
#define CROWD "Ka1 kl12 Pf5 Nd6 Ng7 Nf3 Nb2 Nc7 pe5 pg6 nf9 nf11 nb6 ni6 nh8 nh4 ni3 nc9 na11 ne10"

static const PieceCase crowd[] = {
    {XL, "Qf6", "c9 d8 e5 e6 e7 f7 f8 f9 g5 g6 h4"},
    {XL, "Rf6", "e6 f7 f8 f9 g6"},
    {XL, "Bf6", "c9 d8 e5 e7 g5 h4"},
    {XL, "Nf6", "d5 d7 e4 e8 g4 g8 h5 h7"},
    {XL, "Jf6", "c5 e3 e9 g3 g9 i5 i7"},
    {XL, "Zf6", "c4 c8 d3 d9 h3 h9 i4 i8"},
    {XL, "Ff6", "c4 c5 c8 d3 d5 d7 d9 e3 e4 e8 e9 g3 g4 g8 g9 h3 h5 h7 h9 i4 i5 i7 i8"},
    {XL, "Ef6", "d4 d8 e5 e7 g5 h4 h8"},
    {XL, "Mf6", "e6 f4 f7 f8 g6 h6"},
    {XL, "Lf6", "d4 d5 d7 d8 e4 e5 e6 e7 e8 f4 f7 f8 g4 g5 g6 g8 h4 h5 h6 h7 h8"},
    {XL, "Df6", "c3 c6 c9 d4 d8 e5 e6 e7 f4 f7 f8 f9 g5 g6 h4 h6 h8 i3 i6 i9"},
    {XL, "Cf6", "b6 e6 f11 f7 f8 i6"},
    {ZS, "Vf6", "a11 d8 e7 g5 h8 i3"},
    {XXL, "Vf6", "a11 d8 e7 g5 h8 i3"},
    {XL, "Wf6", "a11 b6 d8 e6 e7 f11 f7 f8 g5 h8 i3 i6"},
    {XL, "Gf6", "d7 e10 e5 e7 e8 e9 g1 g2 g3 g4 g5 h5 i5 j5 k5 l5"},
    {XL, "Uf6", "a10 a12 a2 b11 b3 b9 c10 c4 c8 d5 d7 d9 e6 e8 f7 g6 g8 h9 i10 j11 k12"},
    {XL, "If6", "e5 e6 e7 f7 f8 g5 g6"},
    {XL, "Pf6", "f7 f8"},
    {XXL, "Sf6", "e6 f7 f8"},
};

START_TEST(test_crowd)
{
    const PieceCase *c = &crowd[_i];
    check_piece(c->variant, CROWD, c->piece, c->expected);
}
END_TEST

/* Arabian Nights around d4: a friend Pawn on d5 and General on c3; enemy
 * Pawns on e5 f3, Knight b4, General d2, Elephant f6, Dabbabah c6; carpets
 * on a4 a5 k3 k7. Leaps jump pieces (never the hole, f5); the Rook takes
 * and stops, and runs off the board at k4 where no carpet lies. */
#define AN_CROWD "~a4 ~a5 ~k3 ~k7 Pd5 Gc3 pe5 kb4 gd2 ef6 dc6 pf3"

static const PieceCase an_crowd[] = {
    {AN, "Dd4", "b4 d2 d6 f4"},
    {AN, "Ed4", "b2 b6 f2 f6"},
    {AN, "Kd4", "b3 b5 c2 c6 e2 e6 f3"},
    {AN, "Rd4", "b4 c4 d2 d3 e4 f4 g4 h4 i4 j4"},
    {AN, "Gd4", "c5 e3 e5"},
    {AN, "Vd4", "b3 b5 c2 c5 c6 e2 e3 e5 e6 f3"},
    {AN, "Pd4", "c4 e4 e5"},
    {AN, "sd4", "c3 c4 c5 d3 d5 e3 e4"},
};

START_TEST(test_an_crowd)
{
    const PieceCase *c = &an_crowd[_i];
    char others[256];
    snprintf(others, sizeof others, "%s %s", AN_CROWD, c->piece[0] == 's' ? "Sj1" : "Sj1 sj9");
    check_piece(c->variant, others, c->piece, c->expected);
}
END_TEST

/* Pawn-like pieces facing pieces: forward moves never take, diagonal
 * captures only take, a piece on either square stops the double step. */
static const PieceCase pawns_blocked[] = {
    {XL, "Pf6", "e7 f7"}, /* f8 friend: no double step; e7 enemy, g7 friend */
    {XL, "If6", "e5 e6 e7 f5 f7 g5 g6"},
    {XXL, "Sf6", "e6 e7 f7"}, /* never takes sideways: g6 is an enemy */
    {PEMBA, "Pe3", "d4 e4"},  /* e5 friend blocks only the double step */
};

static const char *pawns_blocked_others[] = {
    "Kc12 kh10 Pf8 pe7 Ng7",
    "Kc12 kh10 Nf8 pe7 Ng7",
    "Kc12 kh10 pf8 pe7 Ng7 pg6",
    "Ki6 kg10 Pe5 pd4 Nf4 Pf3",
};

START_TEST(test_pawns_blocked)
{
    const PieceCase *c = &pawns_blocked[_i];
    check_piece(c->variant, pawns_blocked_others[_i], c->piece, c->expected);
}
END_TEST

/* --- what kind of destination the help diagrams are told --------------- */

static void check_kinds(VariantId variant, const char *pieces, char piece, const char *from,
                        int kinds, const char *expected)
{
    Position pos;
    char got[LIST_MAX], what[256];
    Helper_load(&pos, variant, pieces, " w - - 0 1");
    Helper_destinations(&pos, piece, from, kinds, got);
    snprintf(what, sizeof what, "%c%s kinds %#x in %s", piece, from, (unsigned)kinds, pieces);
    Helper_assertList(got, expected, what);
}

START_TEST(test_destination_kinds)
{
    check_kinds(XL, CROWD " Cf6", 'C', "f6", DEST_HOP, "b6 f11 i6");
    check_kinds(XL, CROWD " Cf6", 'C', "f6", DEST_MOVE, "e6 f7 f8");
    check_kinds(XL, CROWD " Cf6", 'C', "f6", DEST_CAPTURE, "");
    check_kinds(XL, CROWD " Gf6", 'G', "f6", DEST_BENT, "d7 e10 e8 e9 g1 g2 g3 g4 h5 i5 j5 k5 l5");
    check_kinds(XL, CROWD " Gf6", 'G', "f6", DEST_CAPTURE, "e10 e5");
    check_kinds(XL, CROWD " Uf6", 'U', "f6", DEST_CAPTURE, "g6");
    check_kinds(XL, CROWD " Pf6", 'P', "f6", DEST_DOUBLE, "f8");
    check_kinds(XL, CROWD " Pf6", 'P', "f6", DEST_MOVE, "f7");
    /* The King's diagram shows all sixteen jumps, whatever its rights. */
    check_kinds(XL, "Kf6 kh10", 'K', "f6", DEST_JUMP,
                "d4 d5 d6 d7 d8 e4 e8 f4 f8 g4 g8 h4 h5 h6 h7 h8");
    /* A piece need not stand on the square it is shown from. */
    check_kinds(XL, "Kc12 kh10 nd7", 'N', "f6", DEST_CAPTURE, "d7");
    check_kinds(XL, "Kc12 kh10 nd7", 'N', "f6", DEST_MOVE, "d5 e4 e8 g4 g8 h5 h7");
}
END_TEST

/* A King never steps into check, though its diagram shows the square. */
START_TEST(test_king_among_pieces)
{
    Position pos;
    char got[LIST_MAX];
    Helper_load(&pos, XL, "kh10 Ne6 pg6 Kf6", " w - - 0 1");
    Helper_legalTargets(&pos, "f6", got);
    Helper_assertList(got, "e5 e7 f7 g5 g6 g7", "King f6 legal moves (f5 is attacked by g6)");
    Helper_destinations(&pos, 'K', "f6", DEST_MOVE | DEST_CAPTURE, got);
    Helper_assertList(got, "e5 e7 f5 f7 g5 g6 g7", "King f6 diagram");
}
END_TEST

/* --- attack detection agrees with move generation ---------------------- */

/* An empty square counts as attacked by White exactly when some White piece
 * could take an enemy placed there. */
static bool can_take(VariantId variant, const char *pieces, const char *target)
{
    char with_enemy[640];
    Position pos;
    MoveList list;
    snprintf(with_enemy, sizeof with_enemy, "%s %c%s", pieces, variant == AN ? 'k' : 'n', target);
    Helper_load(&pos, variant, with_enemy, " w - - 0 1");
    Movegen_pseudo(&pos, &list);
    for (int i = 0; i < list.count; i++)
        if (MOVE_TO(list.moves[i]) == Helper_cell(&pos, target))
            return true;
    return false;
}

static void check_attacks(VariantId variant, const char *others, const char *piece)
{
    char pieces[512];
    Position pos;
    snprintf(pieces, sizeof pieces, "%s %s", others, piece);
    Helper_load(&pos, variant, pieces, " w - - 0 1");
    for (int r = 0; r < pos.geo->ranks; r++) {
        for (int f = 0; f < pos.geo->files; f++) {
            int cell = Position_cell(&pos, f, r);
            if (pos.board[cell] != CELL_EMPTY)
                continue;
            char name[4];
            Position_cellName(&pos, cell, name);
            bool attacked = Position_attacked(&pos, cell, WHITE);
            ck_assert_msg(attacked == can_take(variant, pieces, name),
                          "%s in %s: Position_attacked says %d", name, pieces, attacked);
        }
    }
}

START_TEST(test_attacks_empty_board)
{
    const PieceCase *c = &empty_board[_i];
    char royals[32];
    if (c->piece[0] != (char)toupper((unsigned char)c->piece[0]) || strchr("KS", c->piece[0]))
        return; /* White non-royal pieces only; Black's mirror the same tables */
    other_royals(c->variant, c->piece[0], royals);
    check_attacks(c->variant, royals, c->piece);
}
END_TEST

START_TEST(test_attacks_crowd)
{
    check_attacks(crowd[_i].variant, CROWD, crowd[_i].piece);
}
END_TEST

START_TEST(test_attacks_an_crowd)
{
    if (an_crowd[_i].piece[0] != 's')
        check_attacks(AN, AN_CROWD " Sj1 sj9", an_crowd[_i].piece);
}
END_TEST

static Suite *pieces_suite(void)
{
    Suite *s = suite_create("pieces");
    TCase *tc = tcase_create("movement");
    tcase_add_loop_test(tc, test_empty_board, 0, (int)(sizeof empty_board / sizeof empty_board[0]));
    tcase_add_loop_test(tc, test_crowd, 0, (int)(sizeof crowd / sizeof crowd[0]));
    tcase_add_loop_test(tc, test_an_crowd, 0, (int)(sizeof an_crowd / sizeof an_crowd[0]));
    tcase_add_loop_test(tc, test_pawns_blocked, 0,
                        (int)(sizeof pawns_blocked / sizeof pawns_blocked[0]));
    tcase_add_test(tc, test_destination_kinds);
    tcase_add_test(tc, test_king_among_pieces);
    suite_add_tcase(s, tc);
    tc = tcase_create("attacks");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_attacks_empty_board, 0,
                        (int)(sizeof empty_board / sizeof empty_board[0]));
    tcase_add_loop_test(tc, test_attacks_crowd, 0, (int)(sizeof crowd / sizeof crowd[0]));
    tcase_add_loop_test(tc, test_attacks_an_crowd, 0, (int)(sizeof an_crowd / sizeof an_crowd[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(pieces_suite());
}
