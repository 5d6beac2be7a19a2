/* Game status: checkmate, stalemate (a loss in Arabian Nights), bare
 * Kings and the bare-Sultan rule, fifty moves and threefold repetition,
 * and what a fallen flag scores when the other side can never mate. */
#include "status.h"

#include "movegen.h"
#include "piece.h"

static GameResult Status_winFor(int side)
{
    return side == WHITE ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
}

static GameStatus Status_noMovesLeft(const Position *pos)
{
    int us = pos->side;
    if (Position_inCheck(pos))
        return (GameStatus){Status_winFor(us ^ 1), REASON_CHECKMATE};
    if (pos->v->rules & VR_STALEMATE_LOSES)
        return (GameStatus){Status_winFor(us ^ 1), REASON_STALEMATE};
    return (GameStatus){RESULT_DRAW, REASON_STALEMATE};
}

/* The bared side always gets one reply (5.4); once it has made it without
 * baring the other Sultan, the side that bared it has won. */
static GameStatus Status_bareRoyals(const Position *pos)
{
    GameStatus none = {RESULT_NONE, REASON_NONE};
    int mover = pos->side ^ 1;
    bool bare_mover = Position_isBare(pos, mover), bare_other = Position_isBare(pos, pos->side);
    if (bare_mover && bare_other)
        return (GameStatus){
            RESULT_DRAW, (pos->v->rules & VR_BARE_SULTAN) ? REASON_BARE_SULTAN : REASON_BARE_KINGS};
    if ((pos->v->rules & VR_BARE_SULTAN) && bare_mover)
        return (GameStatus){Status_winFor(pos->side), REASON_BARE_SULTAN};
    return none;
}

GameStatus Status_of(const Position *pos, const uint64_t *history, int nhistory)
{
    if (Movegen_countLegal(pos) == 0)
        return Status_noMovesLeft(pos);
    if (pos->v->rules & (VR_BARE_SULTAN | VR_BARE_KINGS_DRAW)) {
        GameStatus bare = Status_bareRoyals(pos);
        if (bare.result != RESULT_NONE)
            return bare;
    }
    if (pos->halfmove >= 100)
        return (GameStatus){RESULT_DRAW, REASON_FIFTY_MOVES};
    if (Position_repetitions(pos, history, nhistory) >= 2)
        return (GameStatus){RESULT_DRAW, REASON_REPETITION};
    return (GameStatus){RESULT_NONE, REASON_NONE};
}

/* A piece whose every move keeps the colour of its square (dx + dy even in
 * every atom: Bishop, Elephant, Camel, Crocodile/Archer) and that never
 * promotes. */
static bool Status_colourBound(const PieceKind *k)
{
    if (k->flags & PF_PROMOTES)
        return false;
    for (int i = 0; i < k->natoms; i++) {
        const MoveAtom *a = &k->atoms[i];
        if (a->kind == ATOM_BENT || a->kind == ATOM_DOUBLE || (a->dx + a->dy) % 2 != 0)
            return false;
    }
    return true;
}

static int Status_squareColour(const Position *pos, int cell)
{
    return (Position_file(pos, cell) + Position_rank(pos, cell)) % 2;
}

/* Against a bare King on a full rectangular board, a King with one Knight,
 * or with colour-bound pieces that all stand on one colour, can give no
 * mate: the mated King's neighbours of the other colour (two in a corner,
 * three on an edge, four inside) are left to the mating King, which never
 * covers more than one of them. Only where mate is the one way to win. */
static bool Status_minorOnly(const Position *pos, int side)
{
    int colour = -1, knights = 0;
    for (int i = 0; i < pos->npieces[side]; i++) {
        int cell = pos->plist[side][i];
        const PieceKind *k = Variant_kind(pos->v, PIECE_TYPE(pos->board[cell]));
        if (k->flags & PF_ROYAL)
            continue;
        if (k == Piece_kind(KIND_KNIGHT)) {
            knights++;
            continue;
        }
        if (!Status_colourBound(k))
            return false;
        if (colour >= 0 && colour != Status_squareColour(pos, cell))
            return false;
        colour = Status_squareColour(pos, cell);
    }
    return knights == 0 || (knights == 1 && colour < 0);
}

bool Status_cannotMate(const Position *pos, int side)
{
    if (Position_isBare(pos, side))
        return true;
    bool mate_only = !(pos->v->rules & (VR_STALEMATE_LOSES | VR_BARE_SULTAN | VR_CARPETS));
    return mate_only && Position_isBare(pos, side ^ 1) && Status_minorOnly(pos, side);
}

GameStatus Status_afterFlag(const Position *pos, int flagged)
{
    if (Status_cannotMate(pos, flagged ^ 1))
        return (GameStatus){RESULT_DRAW, REASON_TIME};
    return (GameStatus){Status_winFor(flagged ^ 1), REASON_TIME};
}

const char *Status_reasonText(GameReason reason)
{
    static const char *texts[] = {
        [REASON_NONE] = "",
        [REASON_CHECKMATE] = "checkmate",
        [REASON_STALEMATE] = "stalemate",
        [REASON_REPETITION] = "threefold repetition",
        [REASON_FIFTY_MOVES] = "fifty moves without capture or pawn move",
        [REASON_BARE_KINGS] = "bare Kings",
        [REASON_BARE_SULTAN] = "bare Sultan",
        [REASON_RESIGNATION] = "resignation",
        [REASON_AGREEMENT] = "draw agreed",
        [REASON_TIME] = "time forfeit",
        [REASON_ABANDONED] = "abandoned",
        [REASON_ABORTED] = "aborted",
    };
    return (unsigned)reason < sizeof texts / sizeof texts[0] ? texts[reason] : "";
}

const char *Status_resultText(GameResult result)
{
    switch (result) {
        case RESULT_WHITE_WINS: return "1-0";
        case RESULT_BLACK_WINS: return "0-1";
        case RESULT_DRAW: return "1/2-1/2";
        default: return "*";
    }
}
