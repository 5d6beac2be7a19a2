/* Setups. The Zanzibars: Black arranges the free pieces and White mirrors
 * them; arrangements are numbered 1.. in alphabetical order of the letters
 * read along the variant's setup squares. Arabian Nights: the placement
 * phase, one piece at a time, Black first. */
#include "setup.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "fen.h"
#include "mix.h"

typedef struct {
    const Variant *v;
    int n;                                    /* squares */
    char pool[VARIANT_MAX_SETUP_SQUARES + 1]; /* letters still to place, sorted */
    char letters[VARIANT_MAX_SETUP_SQUARES + 1];
    int wanted;        /* stop at this number (0 = count all) */
    const char *match; /* or stop at these letters */
    int count;
    bool found;
} Enumeration;

/* The free letters are the pieces standing on the setup squares of the
 * standard start FEN, which is itself one legal arrangement. */
static bool Setup_freeLetters(const Variant *v, char *out)
{
    Position pos;
    if (!Fen_read(&pos, v, v->start_fen, NULL, 0))
        return false;
    for (int i = 0; i < v->nsetup_squares; i++) {
        const char *p = v->setup_squares[i];
        int cell = Position_parseCell(&pos, &p);
        out[i] = Variant_letter(v, PIECE_TYPE(pos.board[cell]));
    }
    out[v->nsetup_squares] = 0;
    for (int i = 1; i < v->nsetup_squares; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            char t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return true;
}

static bool Setup_enumerate(Enumeration *e, int square)
{
    if (square == e->n) {
        e->count++;
        if ((e->wanted && e->count == e->wanted) || (e->match && strcmp(e->match, e->letters) == 0))
            return e->found = true;
        return false;
    }
    char last = 0;
    for (int i = 0; i < e->n; i++) {
        char c = e->pool[i];
        if (!c || c == last || !strchr(e->v->setup_allowed[square], c))
            continue;
        last = c;
        e->pool[i] = 0;
        e->letters[square] = c;
        bool stop = Setup_enumerate(e, square + 1);
        e->pool[i] = c;
        if (stop)
            return true;
    }
    return false;
}

static bool Setup_run(Enumeration *e, const Variant *v, int wanted, const char *match)
{
    memset(e, 0, sizeof *e);
    e->v = v;
    e->n = v->nsetup_squares;
    e->wanted = wanted;
    e->match = match;
    if (!(v->rules & VR_CHOSEN_SETUP) || !Setup_freeLetters(v, e->pool))
        return false;
    e->letters[e->n] = 0;
    Setup_enumerate(e, 0);
    return e->found;
}

int Setup_count(const Variant *v)
{
    Enumeration e;
    Setup_run(&e, v, 0, NULL);
    return e.count;
}

bool Setup_letters(const Variant *v, int n, char *letters)
{
    Enumeration e;
    if (n < 1 || !Setup_run(&e, v, n, NULL))
        return false;
    strcpy(letters, e.letters);
    return true;
}

int Setup_number(const Variant *v, const char *letters)
{
    Enumeration e;
    if (!letters || strlen(letters) != (size_t)v->nsetup_squares || !Setup_run(&e, v, 0, letters))
        return 0;
    return e.count;
}

static int Setup_setupCell(const Position *pos, int i, int color)
{
    const char *p = pos->v->setup_squares[i];
    int cell = Position_parseCell(pos, &p);
    if (color == BLACK)
        cell = Position_cell(pos, Position_file(pos, cell),
                             pos->geo->ranks - 1 - Position_rank(pos, cell));
    return cell;
}

int Setup_numberOf(const Position *pos)
{
    const Variant *v = pos->v;
    char letters[VARIANT_MAX_SETUP_SQUARES + 1];
    if (!(v->rules & VR_CHOSEN_SETUP))
        return 0;
    for (int i = 0; i < v->nsetup_squares; i++) {
        uint8_t p = pos->board[Setup_setupCell(pos, i, BLACK)];
        if (!IS_PIECE(p) || PIECE_COLOR(p) != BLACK)
            return 0;
        letters[i] = Variant_letter(v, PIECE_TYPE(p));
    }
    letters[v->nsetup_squares] = 0;
    return Setup_number(v, letters);
}

bool Setup_position(Position *pos, const Variant *v, int n)
{
    char letters[VARIANT_MAX_SETUP_SQUARES + 1];
    if (!Setup_letters(v, n, letters))
        return false;
    Position tmp;
    Setup_start(&tmp, v);
    for (int i = 0; i < v->nsetup_squares; i++) {
        int type = Variant_typeOfLetter(v, letters[i]);
        for (int c = 0; c < 2; c++) {
            int cell = Setup_setupCell(&tmp, i, c);
            Position_remove(&tmp, cell);
            Position_put(&tmp, cell, PIECE_MAKE(c, type));
        }
    }
    *pos = tmp;
    return true;
}

int Setup_random(const Variant *v, uint64_t seed)
{
    int count = Setup_count(v);
    return count ? 1 + (int)(Mix_splitmix64(seed) % (uint64_t)count) : 0;
}

int Setup_default(const Variant *v)
{
    Position pos;
    Setup_start(&pos, v);
    return Setup_numberOf(&pos);
}

/* --- Arabian Nights placement phase ------------------------------------ */

void SetupPhase_init(SetupPhase *sp, const Variant *v)
{
    memset(sp->left, 0, sizeof sp->left);
    Setup_start(&sp->pos, v);
    for (int c = 0; c < 2; c++) {
        while (sp->pos.npieces[c]) {
            int cell = sp->pos.plist[c][0];
            sp->left[c][PIECE_TYPE(sp->pos.board[cell])]++;
            Position_remove(&sp->pos, cell);
        }
    }
    sp->placed = 0;
    Position_setSide(&sp->pos, v->first_side);
}

static int Setup_piecesLeft(const SetupPhase *sp, int side)
{
    int n = 0;
    for (int t = 0; t < sp->pos.v->ntypes; t++)
        n += sp->left[side][t];
    return n;
}

bool SetupPhase_done(const SetupPhase *sp)
{
    return Setup_piecesLeft(sp, WHITE) == 0 && Setup_piecesLeft(sp, BLACK) == 0;
}

static int Setup_campRow(const Position *pos, int side, int depth_from_front)
{
    int depth = pos->v->camp_depth;
    int front = side == WHITE ? depth - 1 : pos->geo->ranks - depth;
    return side == WHITE ? front - depth_from_front : front + depth_from_front;
}

static bool Setup_isPawnType(const Position *pos, int type)
{
    return Variant_kind(pos->v, type)->flags & PF_CAMP_GENERAL;
}

static int Setup_freeFrontSquares(const Position *pos, int side)
{
    int row = Setup_campRow(pos, side, 0), n = 0;
    for (int f = 0; f < pos->geo->files; f++)
        n += pos->board[Position_cell(pos, f, row)] == CELL_EMPTY;
    return n;
}

/* A placement may not give check to White, whose King must be safe when
 * Black makes the first move; pieces only ever add attacks, so checking
 * each placement is enough. */
static bool Setup_leavesWhiteSafe(const SetupPhase *sp, int type, int cell)
{
    Position *pos = (Position *)&sp->pos;
    int side = pos->side;
    pos->board[cell] = PIECE_MAKE(side, type);
    pos->present[side] |= 1u << type;
    int king = type == pos->geo->royal_type && side == WHITE ? cell : pos->king[WHITE];
    bool safe = !king || !Position_attacked(pos, king, BLACK);
    pos->board[cell] = CELL_EMPTY;
    if (!pos->count[side][type])
        pos->present[side] &= ~(1u << type);
    return safe;
}

static bool Setup_whyNot(const SetupPhase *sp, int type, int cell, char *err, size_t errlen)
{
    const Position *pos = &sp->pos;
    int side = pos->side;
    if (SetupPhase_done(sp))
        return Error_set(err, errlen, "every piece is already placed");
    if (type < 0 || type >= pos->v->ntypes || !sp->left[side][type])
        return Error_set(err, errlen, "no such piece is left to place");
    int rank = Position_rank(pos, cell);
    bool in_camp = rank == Setup_campRow(pos, side, 0) || rank == Setup_campRow(pos, side, 1);
    if (!Position_isSquare(pos, cell) || !in_camp || Position_file(pos, cell) == 0
        || Position_file(pos, cell) == pos->geo->files - 1)
        return Error_set(err, errlen, "pieces go inside your own camp (%s)",
                         side == WHITE ? "b1-j2" : "b8-j9");
    if (pos->board[cell] != CELL_EMPTY)
        return Error_set(err, errlen, "that square is taken");
    bool front = rank == Setup_campRow(pos, side, 0);
    if (Setup_isPawnType(pos, type) && !front)
        return Error_set(err, errlen, "Pawns must go on the front rank of the camp");
    int pawns = 0;
    for (int t = 0; t < pos->v->ntypes; t++)
        pawns += Setup_isPawnType(pos, t) ? sp->left[side][t] : 0;
    if (!Setup_isPawnType(pos, type) && front && Setup_freeFrontSquares(pos, side) <= pawns)
        return Error_set(err, errlen, "the front rank must keep room for the Pawns");
    if (!Setup_leavesWhiteSafe(sp, type, cell))
        return Error_set(err, errlen, "White's Sultan may not be left in check");
    return true;
}

bool SetupPhase_canPlace(const SetupPhase *sp, int type, int cell)
{
    char err[ERROR_MAX];
    return Setup_whyNot(sp, type, cell, err, sizeof err);
}

bool SetupPhase_place(SetupPhase *sp, int type, int cell, char *err, size_t errlen)
{
    char dummy[ERROR_MAX];
    if (!err) {
        err = dummy;
        errlen = sizeof dummy;
    }
    if (!Setup_whyNot(sp, type, cell, err, errlen))
        return false;
    int side = sp->pos.side;
    Position_put(&sp->pos, cell, PIECE_MAKE(side, type));
    sp->left[side][type]--;
    sp->placed++;
    if (Setup_piecesLeft(sp, side ^ 1))
        Position_setSide(&sp->pos, side ^ 1);
    return true;
}

bool SetupPhase_undo(SetupPhase *sp, int type, int cell)
{
    uint8_t p = sp->pos.board[cell];
    if (!IS_PIECE(p) || PIECE_TYPE(p) != type)
        return false;
    int side = PIECE_COLOR(p);
    Position_remove(&sp->pos, cell);
    sp->left[side][type]++;
    sp->placed--;
    Position_setSide(&sp->pos, side);
    return true;
}

void SetupPhase_finish(const SetupPhase *sp, Position *out)
{
    *out = sp->pos;
    Position_setSide(out, out->v->first_side);
    out->halfmove = 0;
    out->reversible = 0;
    out->fullmove = 1;
}

void Setup_start(Position *pos, const Variant *v)
{
    char err[ERROR_MAX];
    bool ok = Fen_read(pos, v, v->start_fen, err, sizeof err);
    assert(ok && "the variant table's start FENs are tested");
    (void)ok;
}
