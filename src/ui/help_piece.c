/* A piece page of the help apart from the screen: every mark comes from
 * the core's Movegen_destinations, every game-specific word from the
 * variant's rule flags, so the page cannot describe another game's rules. */
#include "ui/help_piece.h"

#include <stddef.h>
#include <string.h>

#include "core/setup.h"

/* The diagram's symbols, most specific first, with their legend entries. */
static const struct {
    uint8_t bits, none;
    char glyph;
    const char *legend;
} glyphs[] = {
    {DEST_JUMP, 0, '@', "@ King jump"},
    {DEST_HOP, 0, '^', "^ takes by hopping"},
    {DEST_BENT, 0, '%', "% bent ride"},
    {DEST_DOUBLE, 0, '=', "= double step"},
    {DEST_MOVE | DEST_CAPTURE, 0, '*', "* moves or takes"},
    {DEST_MOVE, DEST_CAPTURE, 'o', "o moves only"},
    {DEST_CAPTURE, DEST_MOVE, 'x', "x takes only"},
};

#define NGLYPHS (sizeof glyphs / sizeof glyphs[0])

/* The square a piece stands on in its diagram: near the middle, on a real
 * square, and on the start rank when its double step needs that. Beside a
 * hole in the middle, the diagram shows how the hole blocks. */
static int HelpPiece_square(const Position *pos, const PieceKind *k)
{
    int file = (pos->geo->files - 1) / 2, rank = (pos->geo->ranks - 1) / 2;
    for (int i = 0; i < k->natoms; i++)
        if (k->atoms[i].kind == ATOM_DOUBLE && k->atoms[i].cond == DOUBLE_FROM_START)
            rank = pos->v->pawn_start_rank - 1;
    int cell = Position_cell(pos, file, rank);
    while (!Position_isSquare(pos, cell) && file > 0)
        cell = Position_cell(pos, --file, rank);
    return cell;
}

static bool HelpPiece_hops(const PieceKind *k)
{
    for (int i = 0; i < k->natoms; i++)
        if (k->atoms[i].kind == ATOM_HOP)
            return true;
    return false;
}

/* A hopper's diagram needs something to hop over: a friendly screen two
 * squares away along each of its hop lines. */
static void HelpPiece_placeScreens(Position *pos, const PieceKind *k, int from, uint8_t screen)
{
    int f = Position_file(pos, from), r = Position_rank(pos, from);
    for (int i = 0; i < k->natoms; i++) {
        if (k->atoms[i].kind != ATOM_HOP)
            continue;
        int dx = k->atoms[i].dx, dy = k->atoms[i].dy;
        int dirs[8][2] = {{dx, dy}, {-dx, dy}, {dx, -dy}, {-dx, -dy},
                          {dy, dx}, {-dy, dx}, {dy, -dx}, {-dy, -dx}};
        for (int d = 0; d < 8; d++) {
            int cell = Position_cell(pos, f + 2 * dirs[d][0], r + 2 * dirs[d][1]);
            if (cell >= 0 && Position_isSquare(pos, cell) && pos->board[cell] == CELL_EMPTY)
                Position_put(pos, cell, screen);
        }
    }
}

int HelpPiece_setUp(Position *pos, const Variant *v, int type)
{
    Setup_start(pos, v);
    for (int c = 0; c < MAX_CELLS; c++)
        if (IS_PIECE(pos->board[c]))
            Position_remove(pos, c);
    Position_setSide(pos, WHITE);
    const PieceKind *k = Variant_kind(v, type);
    int from = HelpPiece_square(pos, k);
    Position_setRights(pos, Variant_pieceNote(v, type) ? 3 : 0);
    Position_put(pos, from, PIECE_MAKE(WHITE, type));
    if (HelpPiece_hops(k))
        HelpPiece_placeScreens(pos, k, from, PIECE_MAKE(WHITE, v->ntypes - 1));
    return from;
}

/* Where the piece takes: each empty square in turn gets an enemy on it. */
static void HelpPiece_captureSquares(Position *pos, int type, int from, uint8_t dest[MAX_CELLS])
{
    uint8_t enemy = PIECE_MAKE(BLACK, pos->v->ntypes - 1), probe[MAX_CELLS];
    for (int c = 0; c < MAX_CELLS; c++) {
        if (c == from || !Position_isSquare(pos, c) || pos->board[c] != CELL_EMPTY)
            continue;
        Position_put(pos, c, enemy);
        memset(probe, 0, sizeof probe);
        Movegen_destinations(pos, WHITE, type, from, probe);
        Position_remove(pos, c);
        dest[c] |= probe[c] & (DEST_CAPTURE | DEST_HOP);
    }
}

void HelpPiece_marks(Position *pos, int type, int from, bool generic, uint8_t dest[MAX_CELLS])
{
    memset(dest, 0, MAX_CELLS);
    Movegen_destinations(pos, PIECE_COLOR(pos->board[from]), type, from, dest);
    if (generic)
        HelpPiece_captureSquares(pos, type, from, dest);
}

char HelpPiece_glyph(uint8_t dest)
{
    for (size_t i = 0; i < NGLYPHS; i++)
        if ((dest & glyphs[i].bits) == glyphs[i].bits && !(dest & glyphs[i].none))
            return glyphs[i].glyph;
    return 0;
}

int HelpPiece_legend(const char cells[MAX_CELLS], const char *entries[HELP_PIECE_MAX_LEGEND])
{
    int n = 0;
    for (size_t i = 0; i < NGLYPHS; i++)
        if (memchr(cells, glyphs[i].glyph, MAX_CELLS))
            entries[n++] = glyphs[i].legend;
    entries[n++] = "<X> the piece";
    return n;
}
