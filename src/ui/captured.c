/* Counting what each side has lost along the game, and the material on the
 * board, which also counts what promotions gained. */
#include "ui/captured.h"

#include <ctype.h>
#include <stdio.h>

/* "Q R2 P3": each kind lost once, with its count after it when more. */
static void Captured_write(const Variant *v, int side, const int count[VARIANT_MAX_TYPES],
                           char *buf, size_t len)
{
    int order[VARIANT_MAX_TYPES], n = 0;
    for (int t = 0; t < v->ntypes; t++)
        if (count[t] > 0)
            order[n++] = t;
    for (int i = 1; i < n; i++) /* most valuable first: few kinds, so a plain insertion */
        for (int j = i; j > 0 && Variant_value(v, order[j]) > Variant_value(v, order[j - 1]); j--) {
            int swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
        }
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && at + 8 < len; i++) {
        char letter = Variant_letter(v, order[i]);
        letter = side == WHITE ? letter : (char)tolower((unsigned char)letter);
        at += (size_t)snprintf(buf + at, len - at, i ? " %c" : "%c", letter);
        if (count[order[i]] > 1)
            at += (size_t)snprintf(buf + at, len - at, "%d", count[order[i]]);
    }
}

static int Captured_material(const Position *pos, int side)
{
    int sum = 0;
    for (int c = 0; c < MAX_CELLS; c++) {
        uint8_t p = pos->board[c];
        if (IS_PIECE(p) && PIECE_COLOR(p) == side)
            sum += Variant_value(pos->v, PIECE_TYPE(p));
    }
    return sum;
}

void Captured_of(const Game *g, int ply, Captured *out)
{
    int count[2][VARIANT_MAX_TYPES] = {{0}};
    Position pos = g->start;
    for (int i = 0; i < ply && i < g->nmoves; i++) {
        Undo u;
        Position_make(&pos, g->moves[i], &u);
        if (IS_PIECE(u.captured))
            count[PIECE_COLOR(u.captured)][PIECE_TYPE(u.captured)]++;
    }
    for (int side = 0; side < 2; side++)
        Captured_write(pos.v, side, count[side], out->lost[side], sizeof out->lost[side]);
    int diff = Captured_material(&pos, WHITE) - Captured_material(&pos, BLACK);
    int pawns = (diff < 0 ? -diff + 50 : diff + 50) / 100;
    out->pawns = pawns;
    out->ahead = pawns == 0 ? -1 : diff > 0 ? WHITE : BLACK;
}
