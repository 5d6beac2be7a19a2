/* Drawing a carpet flight as text: the board of Arabian Nights with a Rook
 * beside the carpet on a7, the carpet it lands on, and the places the
 * generator lets it fly to. */
#include "ui/help_flight.h"

#include <stdio.h>
#include <string.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"

/* A Rook on b7 beside the carpet at a7; the Sultans out of the way. */
#define HELP_FLIGHT_FEN "*4s4*/*9*/1R9/*9*/*4*4*/*9*/11/*9*/*4S4* w - - 0 1"
#define HELP_FLIGHT_FROM "b7"
#define HELP_FLIGHT_LAND "a7"

/* What a cell shows: the pieces, '*' the landing carpet, '%' a place it may
 * fly to, '~' another carpet, '#' the hole, '.' a square, ' ' no square. */
static char HelpFlight_cell(const Position *pos, int cell, int land, const bool fly[MAX_CELLS])
{
    uint8_t p = pos->board[cell];
    if (cell == land)
        return '*';
    if (fly[cell])
        return '%';
    if (cell == pos->geo->hole)
        return '#';
    if (p == CELL_WALL)
        return ' ';
    if (IS_PIECE(p)) {
        char letter = Variant_letter(pos->v, PIECE_TYPE(p));
        return PIECE_COLOR(p) == WHITE ? letter : (char)(letter - 'A' + 'a');
    }
    return Position_carpetSlot(pos, cell) >= 0 ? '~' : '.';
}

bool HelpFlight_diagram(const Variant *v, char *buf, size_t len)
{
    Position pos;
    char err[128];
    buf[0] = '\0';
    if (!(v->rules & VR_CARPETS) || !Fen_read(&pos, v, HELP_FLIGHT_FEN, err, sizeof err))
        return false;
    const char *at = HELP_FLIGHT_FROM, *on = HELP_FLIGHT_LAND;
    int from = Position_parseCell(&pos, &at), land = Position_parseCell(&pos, &on);
    bool fly[MAX_CELLS] = {false};
    MoveList moves;
    Movegen_legal(&pos, &moves);
    for (int i = 0; i < moves.count; i++) {
        Move m = moves.moves[i];
        if (MOVE_FROM(m) == from && MOVE_TO(m) == land && MOVE_FLY(m) >= 0)
            fly[pos.geo->carpet_cell[MOVE_FLY(m)]] = true;
    }
    size_t n = 0;
    for (int rank = v->ranks - 1; rank >= 0; rank--) {
        n += (size_t)snprintf(buf + n, len - n, "  %d ", rank + 1);
        for (int file = 0; file < v->files && n < len; file++) {
            int cell = Position_cell(&pos, file, rank);
            n += (size_t)snprintf(buf + n, len - n, " %c",
                                  cell < 0 ? ' ' : HelpFlight_cell(&pos, cell, land, fly));
        }
        n += (size_t)snprintf(buf + n, len - n, "\n");
    }
    n += (size_t)snprintf(buf + n, len - n, "    ");
    for (int file = 0; file < v->files && n < len; file++)
        n += (size_t)snprintf(buf + n, len - n, " %c", 'a' + file);
    snprintf(buf + n, len - n,
             "\nThe Rook on b7 moves onto the carpet at a7 (*) and may fly on with it to "
             "any place marked %%: b7a7k5, or Ra7>k5, lands it on k5. ~ marks the other "
             "carpets, # the hole.\n");
    return true;
}
