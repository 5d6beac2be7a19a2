/* Drawing a board of any size with its labels and highlights, and mapping
 * screen positions back to cells (mouse clicks). The board size is always
 * read from the Position, never assumed. */
#ifndef ZANZIBAR_UI_BOARD_VIEW_H
#define ZANZIBAR_UI_BOARD_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/position.h"
#include "ui/colors.h"

/* Highlights of one cell; several may be set at once. */
enum {
    HL_CURSOR = 1 << 0,
    HL_SELECTED = 1 << 1,
    HL_DEST = 1 << 2,    /* a quiet legal destination */
    HL_CAPTURE = 1 << 3, /* a legal capture */
    HL_JUMP = 1 << 4,    /* a King jump */
    HL_FLIGHT = 1 << 5,  /* a carpet may fly there */
    HL_STAY = 1 << 6,    /* the carpet may stay where it landed */
    HL_LAST = 1 << 7,    /* squares of the last move */
    HL_CHECK = 1 << 8,   /* a royal piece in check */
    HL_HINT = 1 << 9,    /* squares of the engine's hint */
    HL_TAKES = 1 << 10   /* a help diagram's capture square: colour only */
};

typedef struct {
    int top, left; /* screen cell of the board's top-left corner, labels included */
    int cw, ch;    /* columns and rows of one square */
    int files, ranks;
    bool flipped; /* Black at the bottom */
} BoardView;

/* The room a board needs with squares cw x ch, labels included. */
int BoardView_width(const Position *pos, int cw);
int BoardView_height(const Position *pos, int ch);
/* Picks the largest squares that fit in max_h x max_w; false when even the
 * smallest do not fit. */
bool BoardView_layout(BoardView *bv, const Position *pos, int max_h, int max_w);
/* Draws the board; glyphs, when not NULL, puts a character on empty cells
 * (0 keeps the default), as the help diagrams do. */
void BoardView_draw(const BoardView *bv, const Position *pos, const uint16_t hl[MAX_CELLS],
                    const char glyphs[MAX_CELLS]);
/* The colour role of the letter on a cell: a piece is a token of its side's
 * colour in the colour schemes, so it reads on every square. */
ColorRole BoardView_glyphRole(const Position *pos, int cell, uint16_t hl, ColorScheme scheme);
/* The cell drawn at screen position (y, x), or -1. */
int BoardView_cellAt(const BoardView *bv, const Position *pos, int y, int x);

#endif
