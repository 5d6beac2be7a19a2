/* Move generation: pseudo-legal moves read from the compiled piece table,
 * and the legal filter with its cheap test for moves that cannot expose
 * the King. */
#ifndef ZANZIBAR_CORE_MOVEGEN_H
#define ZANZIBAR_CORE_MOVEGEN_H

#include "position.h"
#include "walk.h"

#define MAX_MOVES 1024

typedef struct {
    int count;
    bool overflow; /* more moves than MAX_MOVES: the rest were dropped */
    Move moves[MAX_MOVES];
} MoveList;

/* Every pseudo-legal move of the side to move (King jumps checked in full). */
void Movegen_pseudo(const Position *pos, MoveList *list);
/* Pseudo-legal captures, en passant and promotions (Cazaux games), for
 * quiescence search. */
void Movegen_captures(const Position *pos, MoveList *list);
/* Every legal move. */
void Movegen_legal(const Position *pos, MoveList *list);
/* The number of legal moves, counted without making most of them. */
int Movegen_countLegal(const Position *pos);
/* Whether a pseudo-legal move leaves the mover's royal piece safe. */
bool Movegen_isLegal(const Position *pos, Move m);
/* Whether m is one of the legal moves (for moves from outside: TT, input). */
bool Movegen_isLegalMove(const Position *pos, Move m);
/* Whether both sides' pseudo-legal moves fit in a MoveList. Fen_read and
 * Game_play keep positions that fail it out of every game, so no list of a
 * game's position is ever cut short. */
bool Movegen_fits(const Position *pos);

/* ORs DestKind bits into dest[cell] for every cell that a piece of that
 * colour and type standing on `from` reaches by its own movement, with the
 * board's other pieces as blockers and screens and ignoring check. Captures
 * are marked where an enemy piece stands; help diagrams place enemies where
 * they want captures shown. The piece need not be on the board. */
void Movegen_destinations(const Position *pos, int color, int type, int from,
                          uint8_t dest[MAX_CELLS]);

#endif
