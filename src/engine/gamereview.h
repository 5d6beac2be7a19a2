/* The engine's review of a whole game: every position searched in turn
 * with the same node budget, and each move marked by the share of its
 * side's winning chances it gave away (lichess's inaccuracy, mistake and
 * blunder). It never waits: the caller steps it when its descriptor wakes. */
#ifndef ZANZIBAR_ENGINE_GAMEREVIEW_H
#define ZANZIBAR_ENGINE_GAMEREVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "engine/engine.h"

/* A position's search: enough for a sound judgement of each move, little
 * enough that a game of a hundred moves is reviewed in about a minute. */
#define GAMEREVIEW_NODES 120000
/* Scores past this (mates too) count as this much: the win is sure. */
#define GAMEREVIEW_SCORE_CAP 1500

typedef enum { REVIEW_GOOD, REVIEW_INACCURACY, REVIEW_MISTAKE, REVIEW_BLUNDER } ReviewMark;

typedef struct GameReview GameReview;

/* The review of g's moves as played (the redo list left out); g may
 * change or go afterwards; each search takes one of slots (NULL: none
 * needed). Never NULL. */
GameReview *GameReview_new(const Game *g, uint64_t nodes_per_position, const EngineSlots *slots);
void GameReview_free(GameReview *r);
/* Takes a finished search and starts the next; true when a position was
 * scored. Call when GameReview_fd is readable (or at any time). */
bool GameReview_step(GameReview *r);
/* Readable when the running search has ended; -1 once all is done. */
int GameReview_fd(const GameReview *r);
bool GameReview_finished(const GameReview *r);
/* Why the review stopped before its end (no engine slot was free), or "". */
const char *GameReview_refusal(const GameReview *r);
/* Positions scored so far, of GameReview_total (the start and each move's). */
int GameReview_scored(const GameReview *r);
int GameReview_total(const GameReview *r);
/* The score of the position before move ply (ply == moves: the last one),
 * in centipawns from White's side, capped at +-GAMEREVIEW_SCORE_CAP. */
int GameReview_score(const GameReview *r, int ply);
/* The mark of move ply, once both positions around it are scored. */
ReviewMark GameReview_mark(const GameReview *r, int ply);
/* The mover's chance of winning, 0 to 100, at a score from its own side. */
double GameReview_winPercent(int score);
/* "?!", "?", "??" or "" / PGN's NAG for it (6, 2, 4; 0 for none). */
const char *ReviewMark_symbol(ReviewMark m);
int ReviewMark_nag(ReviewMark m);

#endif
