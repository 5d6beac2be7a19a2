/* Position basics: set-up, cells and their names, piece lists, Zobrist
 * hashing and repetition counting. Keys come from a pure mixing function
 * rather than a global table, so positions share no mutable state. */
#include "position.h"

#include <assert.h>
#include <string.h>

#include "board_edit.h"
#include "geometry.h"
#include "zobrist.h"

void Position_init(Position *pos, const Variant *v)
{
    memset(pos, 0, sizeof *pos);
    pos->v = v;
    pos->geo = Geometry_of(v);
    memset(pos->board, CELL_WALL, sizeof pos->board);
    for (int r = 0; r < v->ranks; r++)
        for (int f = 0; f < v->files; f++)
            pos->board[Geometry_cell(pos->geo, f, r)] = CELL_EMPTY;
    if (v->rules & VR_CARPETS) {
        for (int i = 0; i < pos->geo->ncarpet_cells; i++)
            pos->board[pos->geo->carpet_cell[i]] = CELL_WALL;
        /* Files a and k hold no squares except where a carpet lies. */
        for (int r = 0; r < v->ranks; r++) {
            pos->board[Geometry_cell(pos->geo, 0, r)] = CELL_WALL;
            pos->board[Geometry_cell(pos->geo, v->files - 1, r)] = CELL_WALL;
        }
        pos->board[pos->geo->hole] = CELL_WALL;
    }
    pos->side = (uint8_t)v->first_side;
    pos->fullmove = 1;
    pos->hash = Position_computeHash(pos);
}

int Position_cell(const Position *pos, int file, int rank)
{
    return Geometry_cell(pos->geo, file, rank);
}

int Position_file(const Position *pos, int cell)
{
    return (cell >= 0 && cell < MAX_CELLS) ? pos->geo->cell_file[cell] : -1;
}

int Position_rank(const Position *pos, int cell)
{
    return (cell >= 0 && cell < MAX_CELLS) ? pos->geo->cell_rank[cell] : -1;
}

bool Position_isSquare(const Position *pos, int cell)
{
    return cell > 0 && cell < MAX_CELLS && pos->board[cell] != CELL_WALL;
}

int Position_carpetSlot(const Position *pos, int cell)
{
    for (int i = 0; i < pos->geo->ncarpet_cells; i++)
        if (pos->geo->carpet_cell[i] == cell)
            return i;
    return -1;
}

bool Position_isCarpetCell(const Position *pos, int cell)
{
    return Position_carpetSlot(pos, cell) >= 0;
}

bool Position_hasCarpet(const Position *pos, int cell)
{
    int slot = Position_carpetSlot(pos, cell);
    return slot >= 0 && (pos->carpets >> slot & 1);
}

void Position_cellName(const Position *pos, int cell, char *buf)
{
    int f = Position_file(pos, cell), r = Position_rank(pos, cell);
    if (f < 0) {
        strcpy(buf, "??");
        return;
    }
    buf[0] = (char)('a' + f);
    r += 1;
    if (r >= 10) {
        buf[1] = (char)('0' + r / 10);
        buf[2] = (char)('0' + r % 10);
        buf[3] = 0;
    } else {
        buf[1] = (char)('0' + r);
        buf[2] = 0;
    }
}

int Position_parseCell(const Position *pos, const char **text)
{
    const char *p = *text;
    if (*p < 'a' || *p > 'z')
        return -1;
    int file = *p++ - 'a';
    if (*p < '1' || *p > '9')
        return -1;
    int rank = *p++ - '0';
    /* A second digit belongs to the rank only if the board is that tall,
     * so "e1e2" reads as e1 then e2 while "e11e12" reads as e11, e12. */
    if (*p >= '0' && *p <= '9' && rank * 10 + (*p - '0') <= pos->geo->ranks)
        rank = rank * 10 + (*p++ - '0');
    int cell = Geometry_cell(pos->geo, file, rank - 1);
    if (cell < 0)
        return -1;
    *text = p;
    return cell;
}

void Position_put(Position *pos, int cell, uint8_t piece)
{
    int color = PIECE_COLOR(piece), type = PIECE_TYPE(piece);
    if (IS_PIECE(pos->board[cell]))
        Position_remove(pos, cell);
    /* Fen_read refuses more than MAX_PIECES a side and unknown letters, and
     * the setups place the variant's own army: no input reaches this. */
    assert(pos->npieces[color] < MAX_PIECES && type >= 0 && type < pos->v->ntypes);
    Board_drop(pos, cell, piece);
    pos->hash ^= Zobrist_piece(piece, cell);
}

void Position_remove(Position *pos, int cell)
{
    uint8_t piece = pos->board[cell];
    if (!IS_PIECE(piece))
        return;
    int color = PIECE_COLOR(piece);
    Board_lift(pos, cell);
    if (pos->king[color] == cell)
        pos->king[color] = 0;
    pos->hash ^= Zobrist_piece(piece, cell);
}

void Position_setCarpet(Position *pos, int slot, bool present)
{
    int cell = pos->geo->carpet_cell[slot];
    bool has = pos->carpets >> slot & 1;
    if (has == present)
        return;
    if (!present)
        Position_remove(pos, cell);
    pos->carpets ^= (uint16_t)(1u << slot);
    pos->board[cell] = present ? CELL_EMPTY : CELL_WALL;
    pos->hash ^= Zobrist_carpet(slot);
}

void Position_setSide(Position *pos, int side)
{
    if (pos->side != side)
        pos->hash ^= Zobrist_side();
    pos->side = (uint8_t)side;
}

void Position_setEp(Position *pos, int cell)
{
    if (pos->ep)
        pos->hash ^= Zobrist_ep(pos->ep);
    pos->ep = (int16_t)cell;
    if (pos->ep)
        pos->hash ^= Zobrist_ep(pos->ep);
}

void Position_setRights(Position *pos, int rights)
{
    pos->hash ^= Zobrist_rights(pos->rights) ^ Zobrist_rights(rights);
    pos->rights = (uint8_t)rights;
}

uint64_t Position_computeHash(const Position *pos)
{
    uint64_t h = Zobrist_rights(pos->rights);
    for (int cell = 0; cell < MAX_CELLS; cell++)
        if (IS_PIECE(pos->board[cell]))
            h ^= Zobrist_piece(pos->board[cell], cell);
    for (int slot = 0; slot < pos->geo->ncarpet_cells; slot++)
        if (pos->carpets >> slot & 1)
            h ^= Zobrist_carpet(slot);
    if (pos->side == BLACK)
        h ^= Zobrist_side();
    if (pos->ep)
        h ^= Zobrist_ep(pos->ep);
    return h;
}

bool Position_isBare(const Position *pos, int side)
{
    return pos->npieces[side] == 1 && pos->king[side] != 0;
}

int Position_repetitions(const Position *pos, const uint64_t *history, int n)
{
    int back = pos->reversible < n ? pos->reversible : n;
    int reps = 0;
    for (int i = 2; i <= back; i += 2)
        if (history[n - i] == pos->hash)
            reps++;
    return reps;
}
