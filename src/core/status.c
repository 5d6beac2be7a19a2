/* Game status: checkmate, stalemate (a loss in Arabian Nights), bare
 * Kings and the bare-Sultan rule, fifty moves and threefold repetition. */
#include "status.h"

#include "movegen.h"

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
