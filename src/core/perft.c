/* Perft: the number of legal move sequences of a given length, counted with
 * the legal-move counter at the last ply so leaves are never made. */
#include "perft.h"

#include "movegen.h"
#include "notation.h"

uint64_t Perft_count(Position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)Movegen_countLegal(pos);
    MoveList list;
    Movegen_legal(pos, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        Undo u;
        Position_make(pos, list.moves[i], &u);
        nodes += Perft_count(pos, depth - 1);
        Position_unmake(pos, &u);
    }
    return nodes;
}

uint64_t Perft_divide(Position *pos, int depth, PerftDivideFn fn, void *ctx)
{
    if (depth <= 0)
        return 1;
    MoveList list;
    Movegen_legal(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        Undo u;
        char text[MOVE_TEXT_MAX];
        Notation_coord(pos, list.moves[i], text);
        Position_make(pos, list.moves[i], &u);
        uint64_t n = Perft_count(pos, depth - 1);
        Position_unmake(pos, &u);
        fn(ctx, text, n);
        total += n;
    }
    return total;
}
