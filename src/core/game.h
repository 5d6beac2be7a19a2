/* A game in progress: the start position, the moves played, the redo list
 * and how the game ended. No I/O: records and screens build on this. */
#ifndef ZANZIBAR_CORE_GAME_H
#define ZANZIBAR_CORE_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"
#include "status.h"

typedef struct {
    Position start;
    Position pos;     /* the current position */
    Move *moves;      /* moves[0..nmoves) played, then redo moves up to nstored */
    uint64_t *hashes; /* hashes[i]: the position before moves[i], for i < nstored;
                          * hashes[0..nmoves) is the history Status_of and the
                          * engine take for pos */
    int *clock_ms;    /* clock_ms[i]: the mover's time left after moves[i], in ms (PGN's
                       * [%clk]), -1 when not recorded; for i < nstored */
    int nmoves, nstored, capacity;
    GameStatus status; /* includes resignation and agreed draws */
} Game;

void Game_init(Game *g, const Position *start);
void Game_free(Game *g);
/* Plays a legal move, dropping the redo list; false if the game is over or
 * the move is illegal. */
bool Game_play(Game *g, Move m);
bool Game_undo(Game *g);
bool Game_redo(Game *g);
/* The position before move number i (0-based ply) was played. */
void Game_positionAt(const Game *g, int ply, Position *out);
/* Who plays move i (0-based ply), and the number it carries in the record
 * ("12." for both White's and Black's twelfth move). */
int Game_moverAt(const Game *g, int ply);
int Game_moveNumberAt(const Game *g, int ply);
/* How many moves the record holds, counted as players count them (a move
 * is White's and Black's turn together), the one count shown everywhere. */
int Game_moveCount(const Game *g);
/* The mover's time left after move ply (0-based), as a clock kept it:
 * recorded by the session after each move and read from PGN's [%clk]
 * comments; -1 when not recorded. Setting a ply out of the record does
 * nothing. */
void Game_setClock(Game *g, int ply, int ms);
int Game_clockAt(const Game *g, int ply);
/* The time side had left after its last move played, or -1 when that is
 * not recorded (or side has not moved). */
int Game_lastClock(const Game *g, int side);
void Game_end(Game *g, GameResult result, GameReason reason);
bool Game_over(const Game *g);

#endif
