/* Game status: whether the game is over, who won and why. */
#ifndef ZANZIBAR_CORE_STATUS_H
#define ZANZIBAR_CORE_STATUS_H

#include <stdint.h>

#include "position.h"

typedef enum {
    RESULT_NONE, /* game goes on */
    RESULT_WHITE_WINS,
    RESULT_BLACK_WINS,
    RESULT_DRAW
} GameResult;

typedef enum {
    REASON_NONE,
    REASON_CHECKMATE,
    REASON_STALEMATE, /* a draw, or a loss in Arabian Nights */
    REASON_REPETITION,
    REASON_FIFTY_MOVES,
    REASON_BARE_KINGS,
    REASON_BARE_SULTAN,
    REASON_RESIGNATION, /* set by the game record, never by Status_of */
    REASON_AGREEMENT,
    REASON_TIME,
    REASON_ABANDONED, /* a player left and did not come back in time */
    REASON_ABORTED,   /* called off before both sides moved: no result (never Game_end's) */
    REASON_COUNT
} GameReason;

typedef struct {
    GameResult result;
    GameReason reason;
} GameStatus;

/* The status of pos; history holds the hashes of the game's positions
 * before pos, oldest first (as Position_repetitions takes them). */
GameStatus Status_of(const Position *pos, const uint64_t *history, int nhistory);
/* That side can never mate, whatever moves follow: it has nothing but its
 * royal piece, or (in the Zanzibars and Pemba, where only mate wins)
 * against a bare King it has one Knight, or colour-bound pieces (Bishop,
 * Elephant, Camel, Crocodile/Archer) all on squares of one colour. A
 * conservative test: false does not mean it can mate. */
bool Status_cannotMate(const Position *pos, int side);
/* What a fallen flag scores: a loss for the flagged side, or a draw when
 * the other side cannot mate (FIDE's rule). Reason REASON_TIME. */
GameStatus Status_afterFlag(const Position *pos, int flagged);
const char *Status_reasonText(GameReason reason);
const char *Status_resultText(GameResult result); /* "1-0", "0-1", "1/2-1/2", "*" */

#endif
