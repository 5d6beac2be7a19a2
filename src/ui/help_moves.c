/* Examples of typed moves for the help's keys page: real moves from the
 * game's start, and the promotion, King jump and carpet forms only where
 * the game has them, written with its own squares and letters. */
#include "ui/help_moves.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/setup.h"

typedef struct {
    char *buf;
    size_t len, used;
} Text;

static void HelpMoves_add(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void HelpMoves_add(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->used += (size_t)n < t->len - t->used ? (size_t)n : t->len - t->used - 1;
}

/* A Pawn's move is the one written without a piece letter. */
static bool HelpMoves_isPawn(const Position *pos, Move m)
{
    char san[MOVE_TEXT_MAX];
    Notation_san(pos, m, san);
    return islower((unsigned char)san[0]);
}

/* The start's longest Pawn move nearest the middle, and a Knight's move
 * (else the first piece move): the moves a player is likely to type first. */
static void HelpMoves_pick(const Position *pos, Move *pawn, Move *piece)
{
    MoveList legal;
    Movegen_legal(pos, &legal);
    int mid = (pos->geo->files - 1) / 2, best = -1;
    bool knight = false;
    *pawn = *piece = MOVE_NONE;
    for (int i = 0; i < legal.count; i++) {
        Move m = legal.moves[i];
        if (!HelpMoves_isPawn(pos, m)) {
            char letter = Variant_letter(pos->v, PIECE_TYPE(pos->board[MOVE_FROM(m)]));
            if (*piece == MOVE_NONE || (letter == 'N' && !knight))
                *piece = m, knight = letter == 'N';
            continue;
        }
        int from = MOVE_FROM(m), to = MOVE_TO(m);
        int score = abs(Position_rank(pos, to) - Position_rank(pos, from)) * 100
            - abs(Position_file(pos, from) - mid);
        if (score > best)
            best = score, *pawn = m;
    }
}

static void HelpMoves_cell(const Position *pos, int file, int rank, char *name)
{
    int cell = Position_cell(pos, file, rank);
    if (Position_isSquare(pos, cell))
        Position_cellName(pos, cell, name);
    else
        name[0] = 0;
}

/* ", f1h3 for a King's jump": two files and two ranks from the King's start. */
static void HelpMoves_jump(const Position *pos, Text *t)
{
    int king = pos->king[WHITE];
    if (!(pos->v->rules & VR_KING_JUMP) || !king)
        return;
    int file = Position_file(pos, king), rank = Position_rank(pos, king);
    char from[4], to[4];
    Position_cellName(pos, king, from);
    HelpMoves_cell(pos, file + 2, rank + 2, to);
    if (!to[0])
        HelpMoves_cell(pos, file - 2, rank + 2, to);
    if (to[0])
        HelpMoves_add(t, ", %s%s for a King's jump", from, to);
}

/* A White Pawn on the pawn example's file promoting, in both forms. */
static void HelpMoves_promotion(const Position *pos, Move pawn, bool san, Text *t)
{
    const Geometry *g = pos->geo;
    if (g->npromos == 0 || pawn == MOVE_NONE)
        return;
    int file = Position_file(pos, MOVE_FROM(pawn)), last = g->last_rank[WHITE];
    char from[4], to[4];
    HelpMoves_cell(pos, file, last - 1, from);
    HelpMoves_cell(pos, file, last, to);
    char letter = Variant_letter(pos->v, g->promos[0]);
    if (!from[0] || !to[0])
        return;
    if (san)
        HelpMoves_add(t, ", %s=%c", to, letter);
    else
        HelpMoves_add(t, ", %s%s%c to promote to %s %s", from, to, tolower((unsigned char)letter),
                      strchr("AEIOU", letter) ? "an" : "a",
                      Variant_kind(pos->v, g->promos[0])->name);
}

/* Landing on the top carpet of the first file and flying it across to
 * the middle one of the last, in both forms. */
static void HelpMoves_carpet(const Position *pos, char letter, bool san, Text *t)
{
    const Geometry *g = pos->geo;
    int land = -1, far = -1, nfar = 0, far_cells[VARIANT_MAX_CARPET_CELLS];
    for (int i = 0; i < g->ncarpet_cells; i++) {
        int c = g->carpet_cell[i];
        if (land < 0 || Position_file(pos, c) < Position_file(pos, land)
            || (Position_file(pos, c) == Position_file(pos, land)
                && Position_rank(pos, c) > Position_rank(pos, land)))
            land = c;
    }
    for (int i = 0; i < g->ncarpet_cells; i++)
        if (land >= 0 && Position_file(pos, g->carpet_cell[i]) != Position_file(pos, land))
            far_cells[nfar++] = g->carpet_cell[i];
    if (nfar == 0)
        return;
    far = far_cells[nfar / 2];
    char from[4], on[4], to[4];
    HelpMoves_cell(pos, Position_file(pos, land) + 1, Position_rank(pos, land), from);
    Position_cellName(pos, land, on);
    Position_cellName(pos, far, to);
    if (san)
        HelpMoves_add(t, ", %c%s>%s", letter, on, to);
    else if (from[0])
        HelpMoves_add(t, ", %s%s%s to land on the carpet at %s and fly it to %s", from, on, to, on,
                      to);
}

/* Where a piece letter is also a file, "bc5" is that file's Pawn taking on
 * the next file when one can: say so, with the pawn example's rank. */
static void HelpMoves_smallLetters(const Position *pos, Move piece, Move pawn, Text *t)
{
    char san[MOVE_TEXT_MAX];
    Notation_san(pos, piece, san);
    san[0] = (char)tolower((unsigned char)san[0]);
    Move back;
    char err[ERROR_MAX];
    if (!Notation_parse(pos, san, &back, err, sizeof err) || back != piece)
        return;
    HelpMoves_add(t, " Piece letters may be small (%s)", san);
    for (int type = 0; type < pos->v->ntypes; type++) {
        char letter = Variant_letter(pos->v, type), small = (char)tolower((unsigned char)letter);
        char to[4];
        HelpMoves_cell(pos, small - 'a' + 1, Position_rank(pos, MOVE_TO(pawn)), to);
        if (type == pos->geo->royal_type || letter == 'P' || !to[0])
            continue;
        HelpMoves_add(t,
                      ", but a small letter that is also a file means the file first: %c%s is "
                      "a %c-file Pawn taking on %s when one can, %c%s the %s",
                      small, to, small, to, letter, to, Variant_kind(pos->v, type)->name);
        break;
    }
    HelpMoves_add(t, ".");
}

void HelpMoves_text(const Variant *v, char *buf, size_t len)
{
    Position pos;
    Setup_start(&pos, v);
    Move pawn, piece;
    HelpMoves_pick(&pos, &pawn, &piece);
    Text t = {buf, len, 0};
    buf[0] = 0;
    if (pawn == MOVE_NONE || piece == MOVE_NONE)
        return;
    char pc[MOVE_TEXT_MAX], ps[MOVE_TEXT_MAX], qc[MOVE_TEXT_MAX], qs[MOVE_TEXT_MAX];
    Notation_coord(&pos, pawn, pc);
    Notation_san(&pos, pawn, ps);
    Notation_coord(&pos, piece, qc);
    Notation_san(&pos, piece, qs);
    HelpMoves_add(&t, "After ':' a move is typed in coordinates, as %s or %s from the start", pc,
                  qc);
    HelpMoves_jump(&pos, &t);
    HelpMoves_promotion(&pos, pawn, false, &t);
    HelpMoves_carpet(&pos, qs[0], false, &t);
    HelpMoves_add(&t, ", or as in the move list: %s, %s", ps, qs);
    HelpMoves_promotion(&pos, pawn, true, &t);
    HelpMoves_carpet(&pos, qs[0], true, &t);
    HelpMoves_add(&t,
                  ", with x before the square of a capture (x may also stand between the "
                  "two squares of coordinates, a Pawn may carry its letter, and the = "
                  "of a promotion may be left out).");
    HelpMoves_smallLetters(&pos, piece, pawn, &t);
}
