/* Core invariants along random games (the Zobrist hash against a full
 * recomputation, FEN round trips, exact unmake, the move generators agreeing);
 * move notation both ways; and the Game record. The setups: check_setup.c. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/notation.h"
#include "core/setup.h"
#include "core/status.h"
#include "core/timecontrol.h"
#include "helpers.h"
#include "runner.h"

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

/* Material summed afresh from the board, with this game's piece values. */
static int recount_material(const Position *pos, int color)
{
    int sum = 0;
    for (int i = 0; i < pos->npieces[color]; i++) {
        int type = PIECE_TYPE(pos->board[pos->plist[color][i]]);
        if (type != pos->geo->royal_type)
            sum += Variant_value(pos->v, type);
    }
    return sum;
}

static void assert_consistent(Position *pos, const char *context)
{
    char fen[FEN_MAX], again[FEN_MAX], err[ERROR_MAX] = "";
    Position copy;
    Fen_write(pos, fen, sizeof fen);
    ck_assert_msg(pos->hash == Position_computeHash(pos),
                  "%s: hash differs from a full "
                  "recomputation at %s",
                  context, fen);
    ck_assert_msg(Fen_read(&copy, pos->v, fen, err, sizeof err), "%s: own FEN %s refused: %s",
                  context, fen, err);
    Fen_write(&copy, again, sizeof again);
    ck_assert_str_eq(again, fen);
    ck_assert_msg(copy.hash == pos->hash, "%s: FEN read back gives another hash at %s", context,
                  fen);
    for (int color = 0; color < 2; color++)
        ck_assert_msg(pos->material[color] == recount_material(pos, color),
                      "%s: material %d kept for side %d, %d on the board at %s", context,
                      pos->material[color], color, recount_material(pos, color), fen);
}

static void assert_same_state(const Position *pos, const Ply *ply, const char *context)
{
    char fen[FEN_MAX];
    Fen_write(pos, fen, sizeof fen);
    ck_assert_msg(strcmp(fen, ply->fen) == 0, "%s: unmake gives %s instead of %s", context, fen,
                  ply->fen);
    ck_assert_msg(pos->hash == ply->hash, "%s: unmake does not restore the hash at %s", context,
                  fen);
}

static int compare_moves(const void *a, const void *b)
{
    Move x = *(const Move *)a, y = *(const Move *)b;
    return (x > y) - (x < y);
}

/* Movegen_captures gives exactly the pseudo-legal captures, en passant
 * moves and (in the Cazaux games, where the player chooses) promotions. */
static void assert_captures(const Position *pos, const char *context)
{
    static MoveList all, caps, want;
    Movegen_pseudo(pos, &all);
    Movegen_captures(pos, &caps);
    want.count = 0;
    for (int i = 0; i < all.count; i++) {
        Move m = all.moves[i];
        if (IS_PIECE(pos->board[MOVE_TO(m)]) || (MOVE_FLAGS(m) & MF_EP)
            || (MOVE_PROMO(m) >= 0 && pos->geo->npromos > 0))
            want.moves[want.count++] = m;
    }
    qsort(caps.moves, (size_t)caps.count, sizeof(Move), compare_moves);
    qsort(want.moves, (size_t)want.count, sizeof(Move), compare_moves);
    ck_assert_msg(caps.count == want.count
                      && memcmp(caps.moves, want.moves, sizeof(Move) * (size_t)want.count) == 0,
                  "%s: Movegen_captures gives %d moves, %d expected", context, caps.count,
                  want.count);
}

/* Position_attackersOn names, for every enemy piece, exactly the pieces
 * that have a pseudo-legal capture of it: the exchange evaluation relies
 * on attack detection and move generation agreeing. */
static void assert_attackers(const Position *pos, const char *context)
{
    static MoveList all;
    static uint8_t want[MAX_CELLS][MAX_CELLS];
    memset(want, 0, sizeof want);
    Movegen_pseudo(pos, &all);
    for (int i = 0; i < all.count; i++)
        if (IS_PIECE(pos->board[MOVE_TO(all.moves[i])]))
            want[MOVE_TO(all.moves[i])][MOVE_FROM(all.moves[i])] = 1;
    for (int i = 0; i < pos->npieces[!pos->side]; i++) {
        int target = pos->plist[!pos->side][i];
        int16_t cells[MAX_PIECES];
        uint8_t got[MAX_CELLS] = {0};
        int n = Position_attackersOn(pos, pos->board, target, pos->side, cells);
        for (int k = 0; k < n; k++)
            got[cells[k]] = 1;
        ck_assert_msg(memcmp(got, want[target], sizeof got) == 0,
                      "%s: attackers of cell %d differ from the captures", context, target);
    }
}

/* Position_attackedAfter and Position_inCheckAfter, which look only where
 * a move changed the board, agree with the full detection after every
 * pseudo-legal move: on the mover's royal piece when it was not in check
 * before, and on the other's. Returns how many of those answers were yes,
 * so that a test can see both answers were tried. */
static int assert_attacked_after(const Position *pos, const char *context)
{
    static MoveList all;
    const int us = pos->side, them = !pos->side;
    const bool in_check = Position_inCheck(pos);
    Position after = *pos;
    int yes = 0;
    Movegen_pseudo(pos, &all);
    /* Failures only are reported: a passing ck_assert costs a write to the
     * parent process, and this compares thousands of answers a game. */
    for (int i = 0; i < all.count; i++) {
        Move m = all.moves[i];
        Undo u;
        Position_make(&after, m, &u);
        int king = after.king[us];
        if (king && !in_check) {
            bool full = Position_attacked(&after, king, them);
            if (Position_attackedAfter(&after, m, king, them) != full)
                ck_abort_msg("%s: Position_attackedAfter differs after move %d", context, i);
            yes += full;
        }
        bool check = Position_inCheck(&after);
        if (Position_inCheckAfter(&after, m) != check)
            ck_abort_msg("%s: Position_inCheckAfter differs after move %d", context, i);
        yes += check;
        Position_unmake(&after, &u);
    }
    return yes;
}

/* A null move passes the turn: the hash stays exact and comes back. */
static void assert_null_move(Position *pos, const char *context)
{
    char before[FEN_MAX], after[FEN_MAX];
    uint64_t hash = pos->hash;
    Undo u;
    Fen_write(pos, before, sizeof before);
    Position_makeNull(pos, &u);
    ck_assert_msg(pos->hash == Position_computeHash(pos), "%s: hash after a null move", context);
    ck_assert_int_eq(pos->ep, 0);
    Position_unmakeNull(pos, &u);
    Fen_write(pos, after, sizeof after);
    ck_assert_str_eq(after, before);
    ck_assert_msg(pos->hash == hash, "%s: hash after undoing a null move", context);
}

/* Plays random legal moves until the game ends or RANDOM_PLIES, then takes
 * them all back; returns the number of plies played, and adds to *attacks
 * the yes answers of assert_attacked_after. */
static int random_game(const Position *start, uint64_t seed, int *attacks)
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
        ck_assert_int_eq(Movegen_countLegal(&pos), list.count);
        assert_captures(&pos, context);
        assert_null_move(&pos, context);
        assert_attackers(&pos, context);
        *attacks += assert_attacked_after(&pos, context);
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
    int plies = 0, attacks = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        Position start;
        if (Setup_count(v))
            ck_assert(Setup_position(&start, v, Setup_random(v, seed)));
        else
            Setup_start(&start, v);
        plies += random_game(&start, seed * 0x9E3779B97F4A7C15ull, &attacks);
    }
    ck_assert_int_ge(plies, 1000);
    ck_assert_int_ge(attacks, 100);
}
END_TEST

/* Positions rich in special moves: en passant, promotions, jumps, flights. */
static const FenCase busy[] = {
    {XL, "7k4/1P3P6/12/3pP7/12/12/12/12/12/12/5p6/5K6 w Kk d10 0 40"},
    {XXL, "5k6/2S9/12/12/12/3Sp7/12/12/12/12/1s10/6K5 b k d6 0 20"},
    {PEMBA, "4k5/P9/10/10/10/3Pp5/10/10/p9/5K4 b - d4 0 30"},
    {AN, "*4s4*/*9*/G1P7g/*9*/*4*4*/11/*2p6*/*9*/*3S5* b - - 0 25"},
};

START_TEST(test_random_busy)
{
    Position start;
    Helper_read(&start, busy[_i].variant, busy[_i].fen);
    int plies = 0, attacks = 0;
    for (uint64_t seed = 1; seed <= 20; seed++)
        plies += random_game(&start, seed, &attacks);
    ck_assert_int_ge(plies, 1000);
    ck_assert_int_ge(attacks, 100);
}
END_TEST

/* --- piece values --------------------------------------------------------- */

/* Only the royal piece is priceless, and promoting always gains material:
 * the search leaves out promotions to anything but the best choice. */
START_TEST(test_values)
{
    const Variant *v = Variant_get((VariantId)_i);
    Position pos;
    Setup_start(&pos, v);
    for (int t = 0; t < v->ntypes; t++) {
        int value = Variant_value(v, t);
        if (t == pos.geo->royal_type) {
            ck_assert_int_eq(value, 0);
            continue;
        }
        ck_assert_msg(value > 0 && value < 2000, "%s %s: value %d", v->name,
                      Variant_kind(v, t)->name, value);
        if (!(pos.geo->promoters >> t & 1))
            continue;
        for (int i = 0; i < pos.geo->npromos; i++)
            ck_assert_msg(Variant_value(v, pos.geo->promos[i]) > value,
                          "%s: promoting a %s to a %s loses material", v->name,
                          Variant_kind(v, t)->name, Variant_kind(v, pos.geo->promos[i])->name);
    }
    ck_assert_int_eq(pos.material[WHITE], recount_material(&pos, WHITE));
}
END_TEST

/* --- notation ------------------------------------------------------------ */

static const FenCase notation_positions[] = {
    {ZS,
     "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/"
     "CJZVUKQFVZJC w Kk - 0 1"},
    {XL, "7k4/1P3P6/12/3pP7/12/12/12/12/12/12/5p6/5K6 w Kk d10 0 40"},
    {XXL, "5k6/2S9/12/12/12/3Sp7/12/12/12/12/1s10/6K5 b k d6 0 20"},
    {PEMBA,
     "cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1"},
    {PEMBA, "4k5/P9/10/10/10/3Pp5/10/10/p9/5K4 b - d4 0 30"},
    {PEMBA, "8k1/10/10/10/10/Q9/10/10/10/Q3Q4K w - - 0 1"},
    {AN, "*rkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSDEKR* b - - 0 1"},
    {AN, "*4s4*/*9*/G1P7g/*9*/*4*4*/11/*2p6*/*9*/*3S5* b - - 0 25"},
    {AN, "*4s4*/*9*/G1P7g/*9*/*4*4*/11/*2p6*/*9*/*3S5* w - - 0 25"},
};

/* Every legal move's coordinate text and SAN read back as that move. */
START_TEST(test_notation_round_trip)
{
    Position pos;
    MoveList list;
    Helper_read(&pos, notation_positions[_i].variant, notation_positions[_i].fen);
    Movegen_legal(&pos, &list);
    ck_assert_int_gt(list.count, 0);
    for (int i = 0; i < list.count; i++) {
        char coord[MOVE_TEXT_MAX], san[MOVE_TEXT_MAX], err[ERROR_MAX] = "";
        Move back = MOVE_NONE;
        Notation_coord(&pos, list.moves[i], coord);
        ck_assert_msg(Notation_parse(&pos, coord, &back, err, sizeof err) && back == list.moves[i],
                      "%s does not read back (%s)", coord, err);
        Notation_san(&pos, list.moves[i], san);
        back = MOVE_NONE;
        ck_assert_msg(Notation_parse(&pos, san, &back, err, sizeof err) && back == list.moves[i],
                      "SAN %s of %s does not read back (%s)", san, coord, err);
    }
}
END_TEST

typedef struct {
    VariantId variant;
    const char *pieces, *rest, *coord, *san;
} SanCase;

static const SanCase sans[] = {
    /* disambiguation by file, by rank, by both */
    {PEMBA, "ke10 Ke2 Ra1 Rh1", "w - - 0 1", "a1d1", "Rad1"},
    {PEMBA, "ke10 Ke2 Ra1 Rh1", "w - - 0 1", "h1d1", "Rhd1"},
    {PEMBA, "ke10 Ke2 Ra1 Ra6", "w - - 0 1", "a1a3", "R1a3"},
    {PEMBA, "ke10 Ke2 Ra1 Ra6", "w - - 0 1", "a6a3", "R6a3"},
    {PEMBA, "ki10 Kj1 Qa1 Qa5 Qe1", "w - - 0 1", "a1e5", "Qa1e5"},
    {PEMBA, "ki10 Kj1 Qa1 Qa5 Qe1", "w - - 0 1", "a5e5", "Q5e5"},
    {PEMBA, "ki10 Kj1 Qa1 Qa5 Qe1", "w - - 0 1", "e1e5", "Qee5"},
    /* captures and Pawns */
    {PEMBA, "ke10 Ke1 pd7 Pe6 Nc5", "w - - 0 1", "e6d7", "exd7"},
    {PEMBA, "ke10 Ke1 pd7 Pe6 Nc5", "w - - 0 1", "c5d7", "Nxd7"},
    {PEMBA, "ke10 Ke1 pd7 Pe6 Nc5", "w - - 0 1", "e6e7", "e7"},
    {PEMBA, "ke10 Ke1 pd8 Pe5", "b - - 0 1", "d8d6", "d6"},
    {PEMBA, "ke10 Ke1 pd6 Pe6", "w - d7 0 1", "e6d7", "exd7"},
    /* promotions, with check */
    {XL, "Ka1 kl12 Pe11 nd12", "w - - 0 1", "e11e12q", "e12=Q+"},
    {XL, "Ka1 kl12 Pe11 nd12", "w - - 0 1", "e11d12q", "exd12=Q+"},
    {XL, "Ka1 kl12 Pe11 nd12", "w - - 0 1", "e11e12l", "e12=L"},
    {XL, "Ka1 kl12 Pe11 nd12", "w - - 0 1", "e11d12l", "exd12=L"},
    {XXL, "Ka1 kl12 Ie11", "w - - 0 1", "e11f12u", "If12=U"},
    /* check and mate */
    {PEMBA, "ka10 Rh9 Rg1 Kj1", "w - - 0 1", "g1g10", "Rg10#"},
    {PEMBA, "ka10 Rh9 Rg1 Kj1", "w - - 0 1", "h9h10", "Rh10+"},
    /* King jump */
    {XL, "Kf2 kl12", "w K - 0 1", "f2h3", "Kh3"},
    /* Arabian Nights: flights and automatic promotions */
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "b7a7k5", "Ra7>k5"},
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "b7a7", "Ra7"},
    {AN, "Sj1 sc9 Rb7 pa7", "w - - 0 1", "b7a7a5", "Rxa7>a5"},
    {AN, "Sj1 sb9 Pc7 Gd7 Ge8 gd3", "w - - 0 1", "c7c8", "c8=G+"},
    {AN, "Sj1 sb9 Pc7 Gd7 Ge8 gd3", "w - - 0 1", "d7c8", "Gc8=V+"},
    {AN, "Sj1 sb9 Pc7 Gd7 Ge8 gd3", "w - - 0 1", "e8d9", "Gd9"},
    /* Pawns stepping sideways can share a target: the file tells them apart. */
    {AN, "Sj1 sc9 Pd4 Pf4 Pe3", "w - - 0 1", "d4e4", "de4"},
    {AN, "Sj1 sc9 Pd4 Pf4 Pe3", "w - - 0 1", "f4e4", "fe4"},
    {AN, "Sj1 sc9 Pd4 Pf4 Pe3", "w - - 0 1", "e3e4", "ee4"},
};

START_TEST(test_san)
{
    const SanCase *c = &sans[_i];
    Position pos;
    char san[MOVE_TEXT_MAX], err[ERROR_MAX] = "";
    Move back = MOVE_NONE;
    Helper_load(&pos, c->variant, c->pieces, c->rest);
    Move m = Helper_findMove(&pos, c->coord);
    ck_assert_msg(m != MOVE_NONE, "%s is not legal", c->coord);
    Notation_san(&pos, m, san);
    ck_assert_str_eq(san, c->san);
    ck_assert_msg(Notation_parse(&pos, c->san, &back, err, sizeof err), "%s: %s", c->san, err);
    ck_assert(back == m);
}
END_TEST

/* Other spellings we accept: automatic promotions may be left out, the
 * check sign and a hyphen are ignored. */
START_TEST(test_parse_variants)
{
    Position pos;
    Move m = MOVE_NONE;
    char err[ERROR_MAX] = "";
    Helper_load(&pos, AN, "Sj1 sb9 Pc7 Gd7 Ge8 gd3", "w - - 0 1");
    ck_assert_msg(Notation_parse(&pos, "c8", &m, err, sizeof err), "%s", err);
    ck_assert(m == Helper_findMove(&pos, "c7c8"));
    ck_assert_msg(Notation_parse(&pos, "Gc8", &m, err, sizeof err), "%s", err);
    ck_assert(m == Helper_findMove(&pos, "d7c8"));
    Setup_start(&pos, Variant_get(PEMBA));
    ck_assert_msg(Notation_parse(&pos, "e3-e5", &m, err, sizeof err), "%s", err);
    ck_assert(m == Helper_findMove(&pos, "e3e5"));
    Helper_load(&pos, XL, "Ka1 kl12 Pe11 nd12", "w - - 0 1");
    ck_assert_msg(Notation_parse(&pos, "e11e12q", &m, err, sizeof err), "%s", err);
    ck_assert(m == Helper_findMove(&pos, "e11e12q"));
    ck_assert(MOVE_PROMO(m) == Variant_typeOfLetter(pos.v, 'Q'));
}
END_TEST

typedef struct {
    VariantId variant;
    const char *pieces, *rest, *text, *phrase;
} BadMove;

#define PEMBA_START_PIECES NULL

static const BadMove bad_moves[] = {
    {PEMBA, PEMBA_START_PIECES, NULL, "e5e6", "there is no piece on e5"},
    {PEMBA, PEMBA_START_PIECES, NULL, "e8e7", "the piece on e8 is Black's, and it is White's move"},
    {PEMBA, PEMBA_START_PIECES, NULL, "c2c4", "the Knight on c2 cannot move to c4"},
    {PEMBA, PEMBA_START_PIECES, NULL, "e3e4q", "e3e4 is not a promotion"},
    {PEMBA, PEMBA_START_PIECES, NULL, "xyz", "'xyz' is not a legal move here"},
    {PEMBA, PEMBA_START_PIECES, NULL, "Qe5", "no Queen can reach e5"},
    {PEMBA, PEMBA_START_PIECES, NULL, "  ", "no move given"},
    {XL, "Ke1 kl12 Ne2 re10", "w - - 0 1", "e2c3", "e2c3 would leave your King in check"},
    {XL, "Kc1 kh10 Pe11", "w - - 0 1", "e11e12",
     "this move promotes: add the new piece, one of q, g, l, d, w, u, f"},
    {ZS, "Kc1 kh10 Pe11", "w - - 0 1", "e11e12", "one of q, g, l, u, f"},
    {PEMBA, "Ka1 kh8 Pe9", "w - - 0 1", "e9e10k",
     "a King is not a promotion choice; choose one of q, r, n, b, e, c, j, z, v, m"},
    {PEMBA, "ke10 Ke2 Ra1 Rh1", "w - - 0 1", "Rd1", "'Rd1' is ambiguous"},
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "b7c7k5", "only a move that lands on a carpet can fly it"},
    {AN, "Sj1 sc9 Rb7", "w - - 0 1", "b7a7a3", "a carpet can only fly to a free carpet place"},
    {PEMBA, "ka10 Qb8 Kj1", "b - - 0 1", "a10a9", "there is no legal move: the game is over"},
};

/* A refused King jump is explained by the rule that forbids it (these
 * once fell through to the generic "cannot move to" message). */
static const BadMove bad_jumps[] = {
    {XL, "Kf2 kl12 rf10", "w K - 0 1", "f2h3", "the King may not jump while it is in check"},
    {XL, "Kf2 kl12", "w - - 0 1", "f2h3", "the King has already moved, so it may no longer jump"},
    {XL, "Kf2 kl12 nh4 nh5", "w K - 0 1", "f2h3", "may not jump across an attacked square"},
};

static void assert_parse_error(const BadMove *c)
{
    char err[ERROR_MAX];
    Helper_assertRefused(c->variant, c->pieces, c->rest, c->text, err);
    ck_assert_msg(strstr(err, c->phrase) != NULL, "message for '%s' is '%s', wanted '%s'", c->text,
                  err, c->phrase);
}

START_TEST(test_parse_errors)
{
    assert_parse_error(&bad_moves[_i]);
}
END_TEST

START_TEST(test_parse_errors_king_jump)
{
    assert_parse_error(&bad_jumps[_i]);
}
END_TEST

/* --- the Game record ----------------------------------------------------- */

START_TEST(test_game_play_undo_redo)
{
    Position start, pos;
    Game g;
    char fen[FEN_MAX], start_fen[FEN_MAX];
    Helper_load(&start, PEMBA, "ka10 Rh9 Rg1 Kj1", "w - - 0 1");
    Fen_write(&start, start_fen, sizeof start_fen);
    Game_init(&g, &start);
    ck_assert_int_eq(g.status.result, RESULT_NONE);
    ck_assert(!Game_undo(&g));
    ck_assert(!Game_redo(&g));
    ck_assert(!Game_play(&g, MOVE_MAKE(Helper_cell(&start, "g1"), Helper_cell(&start, "h2"))));
    ck_assert(Game_play(&g, Helper_findMove(&start, "h9h8")));
    ck_assert(Game_play(&g, Helper_findMove(&g.pos, "a10b10")));
    ck_assert_int_eq(g.nmoves, 2);
    /* Undo twice, redo once, then a new move drops the redo list. */
    ck_assert(Game_undo(&g));
    ck_assert(Game_undo(&g));
    Fen_write(&g.pos, fen, sizeof fen);
    ck_assert_str_eq(fen, start_fen);
    ck_assert(Game_redo(&g));
    ck_assert_int_eq(g.nmoves, 1);
    ck_assert_int_eq(g.nstored, 2);
    ck_assert(Game_play(&g, Helper_findMove(&g.pos, "a10a9")));
    ck_assert_int_eq(g.nstored, 2);
    ck_assert(!Game_redo(&g));
    Game_positionAt(&g, 0, &pos);
    Fen_write(&pos, fen, sizeof fen);
    ck_assert_str_eq(fen, start_fen);
    Game_positionAt(&g, 1, &pos);
    Fen_write(&pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "k9/10/7R2/10/10/10/10/10/10/6R2K b - - 1 1");
    Game_free(&g);
}
END_TEST

START_TEST(test_game_mate)
{
    Position start;
    Game g;
    Helper_load(&start, PEMBA, "ka10 Rh9 Rg1 Kj1", "w - - 0 1");
    Game_init(&g, &start);
    ck_assert(Game_play(&g, Helper_findMove(&start, "g1g10")));
    ck_assert_int_eq(g.status.result, RESULT_WHITE_WINS);
    ck_assert_int_eq(g.status.reason, REASON_CHECKMATE);
    ck_assert(Game_over(&g));
    ck_assert(Game_undo(&g));
    ck_assert(!Game_over(&g));
    ck_assert(Game_redo(&g));
    ck_assert(Game_over(&g));
    ck_assert_int_eq(g.status.reason, REASON_CHECKMATE);
    Game_free(&g);
    /* A resignation ends the game too. */
    Game_init(&g, &start);
    Game_end(&g, RESULT_BLACK_WINS, REASON_RESIGNATION);
    ck_assert(Game_over(&g));
    ck_assert(!Game_play(&g, Helper_findMove(&start, "g1g10")));
    Game_free(&g);
}
END_TEST

/* Hundreds of moves: the move list grows and replays stay exact. */
START_TEST(test_game_long)
{
    Position start;
    Game g;
    uint64_t rng = 12345;
    Setup_start(&start, Variant_get(XXL));
    Game_init(&g, &start);
    int played = 0;
    while (played < 600 && !Game_over(&g)) {
        MoveList list;
        Movegen_legal(&g.pos, &list);
        ck_assert(Game_play(&g, list.moves[Rng_next(&rng) % (uint64_t)list.count]));
        played++;
    }
    ck_assert_int_gt(played, 256);
    char fen[FEN_MAX], replayed[FEN_MAX];
    Position pos;
    Fen_write(&g.pos, fen, sizeof fen);
    Game_positionAt(&g, g.nmoves, &pos);
    Fen_write(&pos, replayed, sizeof replayed);
    ck_assert_str_eq(fen, replayed);
    Game_free(&g);
}
END_TEST

/* A quiet move of a piece that can go back: no capture, promotion or flag,
 * not a forward-only piece, not the royal piece (it may lose its jump). */
static Move shuttle_move(const Position *pos)
{
    MoveList list;
    Movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        int type = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
        if (pos->board[MOVE_TO(m)] == CELL_EMPTY && MOVE_PROMO(m) < 0 && !MOVE_FLAGS(m)
            && MOVE_FLY(m) < 0 && type != pos->geo->royal_type && !(pos->geo->pawnlike >> type & 1))
            return m;
    }
    return MOVE_NONE;
}

/* Six hundred plies and more: the whole game's history is kept, so a
 * repetition after that many moves is still seen. */
START_TEST(test_game_repetition_after_600)
{
    Position start;
    Game g;
    uint64_t rng = 99;
    Setup_start(&start, Variant_get(XL));
    Game_init(&g, &start);
    while (g.nmoves < 600) {
        MoveList list;
        Movegen_legal(&g.pos, &list);
        ck_assert_int_gt(list.count, 0);
        int first = (int)(Rng_next(&rng) % (uint64_t)list.count), k = 0;
        while (k < list.count) {
            ck_assert(Game_play(&g, list.moves[(first + k) % list.count]));
            if (!Game_over(&g))
                break;
            ck_assert(Game_undo(&g));
            k++;
        }
        ck_assert_int_lt(k, list.count);
    }
    for (int round = 0; round < 2; round++) {
        Move a = shuttle_move(&g.pos);
        ck_assert(Game_play(&g, a));
        Move b = shuttle_move(&g.pos);
        ck_assert(Game_play(&g, b));
        ck_assert(Game_play(&g, MOVE_MAKE(MOVE_TO(a), MOVE_FROM(a))));
        ck_assert(!Game_over(&g) || round == 1);
        ck_assert(Game_play(&g, MOVE_MAKE(MOVE_TO(b), MOVE_FROM(b))));
    }
    ck_assert_int_gt(g.nmoves, 600);
    ck_assert_int_eq(g.status.result, RESULT_DRAW);
    ck_assert_int_eq(g.status.reason, REASON_REPETITION);
    Game_free(&g);
}
END_TEST

/* A game's name is read whatever its case and its joins, and by the other
 * names players know it by; the canonical name stays the one written. */
START_TEST(test_variant_names)
{
    static const struct {
        const char *name;
        VariantId id;
    } known[] = {
        {"Pemba", VARIANT_PEMBA},
        {"PEMBA", VARIANT_PEMBA},
        {"Maasai", VARIANT_ZANZIBAR_XXL},
        {"Maasai Chess", VARIANT_ZANZIBAR_XXL},
        {"ZanzibarXXL", VARIANT_ZANZIBAR_XXL},
        {"Zanzibar XL", VARIANT_ZANZIBAR_XL},
        {"zanzibar_xl", VARIANT_ZANZIBAR_XL},
        {"Zanzibar-S", VARIANT_ZANZIBAR_S},
        {"Arabian-Nights", VARIANT_ARABIAN_NIGHTS},
        {"arabian nights", VARIANT_ARABIAN_NIGHTS},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        const Variant *v = Variant_byName(known[i].name);
        ck_assert_msg(v && v->id == known[i].id, "'%s' not read", known[i].name);
    }
    static const char *const unknown[] = {"",       "-",      "chess", "zanzibar", "zanzibar xxxl",
                                          "pembas", "arabian"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        ck_assert_msg(Variant_byName(unknown[i]) == NULL, "'%s' accepted", unknown[i]);
    for (int id = 0; id < VARIANT_COUNT; id++)
        ck_assert_ptr_eq(Variant_byName(Variant_get(id)->name), Variant_get(id));
}
END_TEST

/* Positions are copied freely (the engine's, the screens', the Game's): the
 * variant's tables are shared, not part of each copy. */
START_TEST(test_position_size)
{
    printf("sizeof(Position) = %zu bytes, sizeof(Game) = %zu bytes\n", sizeof(Position),
           sizeof(Game));
    ck_assert_uint_le(sizeof(Position), 2048);
    Position a, b;
    Setup_start(&a, Variant_get(PEMBA));
    Setup_start(&b, Variant_get(PEMBA));
    ck_assert_ptr_eq(a.geo, b.geo);
}
END_TEST

/* The clocks the menu and --time accept, and the ones they refuse. */
START_TEST(test_time_control)
{
    int base = -1, inc = -1;
    ck_assert(TimeControl_read("10+5", &base, &inc));
    ck_assert_int_eq(base, 600000);
    ck_assert_int_eq(inc, 5000);
    ck_assert(TimeControl_read("7", &base, &inc));
    ck_assert_int_eq(base, 420000);
    ck_assert_int_eq(inc, 0);
    ck_assert(TimeControl_read("1440+3600", &base, &inc));
    /* Games of seconds, and none at the start: the first increment given. */
    ck_assert(TimeControl_read("30s+1", &base, &inc));
    ck_assert_int_eq(base, 30000);
    ck_assert_int_eq(inc, 1000);
    ck_assert(TimeControl_read("0+2", &base, &inc));
    ck_assert_int_eq(base, 2000);
    ck_assert_int_eq(inc, 2000);
    ck_assert(TimeControl_read("90s", &base, &inc));
    ck_assert_int_eq(base, 90000);
    ck_assert_int_eq(inc, 0);
    static const char *const written[] = {"10+5", "30s+1", "90s+0", "2s+2", "1440+3600"};
    for (size_t i = 0; i < sizeof written / sizeof written[0]; i++) {
        char back[32];
        ck_assert(TimeControl_read(written[i], &base, &inc));
        TimeControl_write(base, inc, back, sizeof back);
        ck_assert_str_eq(back, written[i]);
    }
    static const char *const bad[] = {"",       "0+0",         "0",      "0s",  "1441", "5+3601",
                                      "5+",     "+5",          "5+x",    " 5",  "5 +3", "-5",
                                      "5+-1",   "99999999999", "5+3+1",  "5.5", "s+1",  "30ss",
                                      "86401s", "30s+1ss",     "10+5 s", "5m+3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        base = inc = 123;
        ck_assert_msg(!TimeControl_read(bad[i], &base, &inc), "'%s' accepted", bad[i]);
        ck_assert_int_eq(base, 123);
        ck_assert_int_eq(inc, 123);
    }
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
    tc = tcase_create("values");
    tcase_add_loop_test(tc, test_values, 0, VARIANT_COUNT);
    suite_add_tcase(s, tc);
    tc = tcase_create("notation");
    tcase_add_loop_test(tc, test_notation_round_trip, 0,
                        (int)(sizeof notation_positions / sizeof notation_positions[0]));
    tcase_add_loop_test(tc, test_san, 0, (int)(sizeof sans / sizeof sans[0]));
    tcase_add_test(tc, test_parse_variants);
    tcase_add_loop_test(tc, test_parse_errors, 0, (int)(sizeof bad_moves / sizeof bad_moves[0]));
    tcase_add_loop_test(tc, test_parse_errors_king_jump, 0,
                        (int)(sizeof bad_jumps / sizeof bad_jumps[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("game");
    tcase_add_test(tc, test_game_play_undo_redo);
    tcase_add_test(tc, test_game_mate);
    tcase_add_test(tc, test_game_long);
    tcase_add_test(tc, test_game_repetition_after_600);
    tcase_add_test(tc, test_position_size);
    tcase_add_test(tc, test_variant_names);
    tcase_add_test(tc, test_time_control);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(core_suite());
}
