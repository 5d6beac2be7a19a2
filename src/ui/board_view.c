/* The board on screen: squares of 3x1 up to 11x5 characters, a marker on
 * each side of the glyph so that highlights read even without colour, the
 * Arabian Nights hole filled with '#' and carpets edged with '~'. */
#include "ui/board_view.h"

#include <curses.h>

#include "ui/colors.h"

#define LABEL_WIDTH 3 /* "12 " before each rank */

/* The largest that fits is taken: a wide terminal (200x60) gets squares
 * of 11x5 or 9x4; each keeps about twice as many columns as rows, as a
 * terminal's cells are about twice as tall as wide. */
static const struct {
    int cw, ch;
} sizes[] = {{11, 5}, {9, 4}, {7, 3}, {5, 2}, {3, 1}};

int BoardView_width(const Position *pos, int cw)
{
    return LABEL_WIDTH + pos->geo->files * cw;
}

int BoardView_height(const Position *pos, int ch)
{
    return pos->geo->ranks * ch + 1;
}

bool BoardView_layout(BoardView *bv, const Position *pos, int max_h, int max_w)
{
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (BoardView_width(pos, sizes[i].cw) <= max_w
            && BoardView_height(pos, sizes[i].ch) <= max_h) {
            bv->cw = sizes[i].cw;
            bv->ch = sizes[i].ch;
            bv->files = pos->geo->files;
            bv->ranks = pos->geo->ranks;
            return true;
        }
    }
    return false;
}

/* Screen column and row of a board file and rank, after flipping. */
static int BoardView_column(const BoardView *bv, int file)
{
    return bv->flipped ? bv->files - 1 - file : file;
}

static int BoardView_row(const BoardView *bv, int rank)
{
    return bv->flipped ? rank : bv->ranks - 1 - rank;
}

/* The Arabian Nights board is not checkered; the carpets mark that game. */
static bool BoardView_checkered(const Position *pos)
{
    return !(pos->v->rules & VR_CARPETS);
}

static ColorRole BoardView_squareRole(const Position *pos, int cell)
{
    uint8_t piece = pos->board[cell];
    bool white = IS_PIECE(piece) && PIECE_COLOR(piece) == WHITE;
    if (Position_hasCarpet(pos, cell))
        return white ? ROLE_CARPET_WHITE : ROLE_CARPET;
    if (cell == pos->geo->hole)
        return ROLE_HOLE;
    if (!Position_isSquare(pos, cell))
        return ROLE_OFFBOARD;
    bool light =
        !BoardView_checkered(pos) || (Position_file(pos, cell) + Position_rank(pos, cell)) % 2 == 1;
    if (white)
        return light ? ROLE_LIGHT_WHITE : ROLE_DARK_WHITE;
    return light ? ROLE_LIGHT : ROLE_DARK;
}

static ColorRole BoardView_role(const Position *pos, int cell, uint16_t hl)
{
    static const struct {
        uint16_t flag;
        ColorRole role;
    } order[] = {
        {HL_CURSOR, ROLE_CURSOR}, {HL_SELECTED, ROLE_SELECTED}, {HL_CAPTURE, ROLE_CAPTURE},
        {HL_DEST, ROLE_DEST},     {HL_JUMP, ROLE_JUMP},         {HL_FLIGHT, ROLE_FLIGHT},
        {HL_STAY, ROLE_FLIGHT},   {HL_CHECK, ROLE_CHECK},       {HL_HINT, ROLE_SELECTED},
        {HL_TAKES, ROLE_CAPTURE}, {HL_LAST, ROLE_LAST_MOVE},
    };
    for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++)
        if (hl & order[i].flag)
            return order[i].role;
    return BoardView_squareRole(pos, cell);
}

/* The characters on either side of the glyph: they tell the highlight
 * apart in monochrome and in screen captures. */
static void BoardView_markers(const Position *pos, int cell, uint16_t hl, char *l, char *r)
{
    static const struct {
        uint16_t flag;
        char l, r;
    } order[] = {
        {HL_CURSOR, '[', ']'},  {HL_SELECTED, '<', '>'}, {HL_CHECK, '!', '!'},
        {HL_CAPTURE, '*', '*'}, {HL_STAY, '=', '='},     {HL_HINT, '>', '<'},
        {HL_LAST, '\'', '\''},
    };
    for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {
        /* A carpet's edges outrank the last-move marks: it must never be missed. */
        if (order[i].flag == HL_LAST && Position_hasCarpet(pos, cell))
            break;
        if (hl & order[i].flag) {
            *l = order[i].l;
            *r = order[i].r;
            return;
        }
    }
    *l = *r = Position_hasCarpet(pos, cell) ? '~' : ' ';
}

ColorRole BoardView_glyphRole(const Position *pos, int cell, uint16_t hl, ColorScheme scheme)
{
    uint8_t piece = pos->board[cell];
    if (!IS_PIECE(piece) || scheme == SCHEME_MONO)
        return BoardView_role(pos, cell, hl);
    return PIECE_COLOR(piece) == WHITE ? ROLE_PIECE_WHITE : ROLE_PIECE_BLACK;
}

static char BoardView_glyph(const BoardView *bv, const Position *pos, int cell, uint16_t hl,
                            char glyph)
{
    uint8_t piece = pos->board[cell];
    (void)bv;
    if (IS_PIECE(piece)) {
        char letter = Variant_letter(pos->v, PIECE_TYPE(piece));
        return PIECE_COLOR(piece) == WHITE ? letter : (char)(letter - 'A' + 'a');
    }
    if (cell == pos->geo->hole)
        return '#';
    if (glyph)
        return glyph;
    if (hl & HL_JUMP)
        return '@';
    if (hl & HL_DEST)
        return '+';
    if (hl & HL_FLIGHT)
        return '^';
    /* Without colour every board, Arabian Nights' too, is read by its
     * dotted squares. */
    if (Colors_scheme() == SCHEME_MONO && Position_isSquare(pos, cell)
        && (Position_file(pos, cell) + Position_rank(pos, cell)) % 2 == 0)
        return '.';
    return ' ';
}

static void BoardView_drawCell(const BoardView *bv, const Position *pos, int cell, uint16_t hl,
                               char glyph)
{
    int file = Position_file(pos, cell), rank = Position_rank(pos, cell);
    int y = bv->top + BoardView_row(bv, rank) * bv->ch;
    int x = bv->left + LABEL_WIDTH + BoardView_column(bv, file) * bv->cw;
    bool hole = cell == pos->geo->hole && !(hl & HL_CURSOR); /* the cursor stays visible */
    char l, r;
    BoardView_markers(pos, cell, hl, &l, &r);
    attrset(Colors_attr(BoardView_role(pos, cell, hl)));
    for (int dy = 0; dy < bv->ch; dy++)
        mvhline(y + dy, x, hole ? '#' : ' ', bv->cw);
    int mid = bv->cw / 2, midy = y + bv->ch / 2;
    mvaddch(midy, x + mid - 1, (chtype)(unsigned char)(hole ? '#' : l));
    attrset(Colors_attr(BoardView_glyphRole(pos, cell, hl, Colors_scheme())));
    mvaddch(midy, x + mid, (chtype)(unsigned char)BoardView_glyph(bv, pos, cell, hl, glyph));
    attrset(Colors_attr(BoardView_role(pos, cell, hl)));
    mvaddch(midy, x + mid + 1, (chtype)(unsigned char)(hole ? '#' : r));
}

static void BoardView_drawLabels(const BoardView *bv)
{
    attrset(Colors_attr(ROLE_LABEL));
    for (int rank = 0; rank < bv->ranks; rank++) {
        int y = bv->top + BoardView_row(bv, rank) * bv->ch + bv->ch / 2;
        mvprintw(y, bv->left, "%2d", rank + 1);
    }
    int y = bv->top + bv->ranks * bv->ch;
    for (int file = 0; file < bv->files; file++) {
        int x = bv->left + LABEL_WIDTH + BoardView_column(bv, file) * bv->cw + bv->cw / 2;
        mvaddch(y, x, (chtype)('a' + file));
    }
}

void BoardView_draw(const BoardView *bv, const Position *pos, const uint16_t hl[MAX_CELLS],
                    const char glyphs[MAX_CELLS])
{
    for (int rank = 0; rank < bv->ranks; rank++) {
        for (int file = 0; file < bv->files; file++) {
            int cell = Position_cell(pos, file, rank);
            if (cell >= 0)
                BoardView_drawCell(bv, pos, cell, hl ? hl[cell] : 0, glyphs ? glyphs[cell] : 0);
        }
    }
    BoardView_drawLabels(bv);
    attrset(A_NORMAL);
}

int BoardView_cellAt(const BoardView *bv, const Position *pos, int y, int x)
{
    int col = x - bv->left - LABEL_WIDTH, row = y - bv->top;
    if (col < 0 || row < 0 || col >= bv->files * bv->cw || row >= bv->ranks * bv->ch)
        return -1;
    col /= bv->cw;
    row /= bv->ch;
    int file = bv->flipped ? bv->files - 1 - col : col;
    int rank = bv->flipped ? row : bv->ranks - 1 - row;
    return Position_cell(pos, file, rank);
}
