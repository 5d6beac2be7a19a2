/* The search below the root, for the root's iterations in search.c: the
 * tree search itself and the steps along its path that the root shares. */
#ifndef ZANZIBAR_ENGINE_TREE_H
#define ZANZIBAR_ENGINE_TREE_H

#include "engine/search.h"

#define SEARCH_INF 32000

/* The score of the position in s->pos within (alpha, beta), searched
 * depth plies deep at ply plies from the root. in_check: the side to
 * move is in check; cut_node: a node expected to fail high; null_ok: a
 * null move may be tried. */
int Tree_search(Searcher *s, int alpha, int beta, int depth, int ply, bool null_ok, bool in_check,
                bool cut_node);
/* Makes and unmakes a move along the path, keeping the hash stack. */
void Tree_make(Searcher *s, Move m, Undo *u);
void Tree_unmake(Searcher *s, const Undo *u);
/* m leads the principal variation at ply, followed by the one below. */
void Tree_updatePv(Searcher *s, int ply, Move m);
/* The score of a position without legal moves. */
int Tree_noMoveScore(const Position *pos, bool in_check, int ply);
/* Whether the node budget is spent. */
bool Tree_outOfNodes(const Searcher *s);

#endif
