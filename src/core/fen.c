/* FEN: reads a position field by field into a scratch position, checks
 * every rule of RULES.md section 6, and only then hands it over, so a bad
 * FEN never leaves a half-built position behind. */
#include "fen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "movegen.h"

#define FEN_FIELDS 6

typedef struct {
    char text[FEN_MAX];
    char *field[FEN_FIELDS + 1];
    int nfields;
} FenFields;

static bool Fen_splitFields(FenFields *f, const char *fen, char *err, size_t errlen)
{
    if (strlen(fen) >= sizeof f->text)
        return Error_set(err, errlen, "the FEN is too long (at most %d characters)", FEN_MAX - 1);
    strcpy(f->text, fen);
    f->nfields = 0;
    char *rest = NULL; /* strtok's own would be shared with every thread */
    for (char *tok = strtok_r(f->text, " \t\r\n", &rest); tok;
         tok = strtok_r(NULL, " \t\r\n", &rest)) {
        if (f->nfields == FEN_FIELDS)
            return Error_set(err, errlen,
                             "too many fields: a FEN has six (placement, side, rights, "
                             "en passant, halfmove clock, move number)");
        f->field[f->nfields++] = tok;
    }
    static const char *names[FEN_FIELDS] = {"piece placement",  "side to move",
                                            "King-jump rights", "en passant square",
                                            "halfmove clock",   "move number"};
    if (f->nfields < FEN_FIELDS)
        return Error_set(err, errlen, "the %s field is missing", names[f->nfields]);
    return true;
}

/* What a grid cell of Arabian Nights may hold: 0 never a square (must be
 * '*'), 1 always a square, 2 a carpet place (square when a carpet is there). */
static int Fen_cellNature(const Position *pos, int cell)
{
    if (!(pos->v->rules & VR_CARPETS))
        return 1;
    if (cell == pos->geo->hole)
        return 0;
    if (Position_isCarpetCell(pos, cell))
        return 2;
    int f = pos->geo->cell_file[cell];
    return (f == 0 || f == pos->geo->files - 1) ? 0 : 1;
}

typedef struct {
    Position *pos;
    int rank; /* 0-based board rank being read */
    int file;
    int carpets;
    char *err;
    size_t errlen;
} RankReader;

static bool Fen_readEmptyRun(RankReader *rr, const char **p)
{
    int n = 0;
    while (isdigit((unsigned char)**p))
        n = n * 10 + (*(*p)++ - '0');
    if (n == 0)
        return Error_set(rr->err, rr->errlen, "rank %d: an empty run must be at least 1",
                         rr->rank + 1);
    for (int i = 0; i < n; i++, rr->file++) {
        int cell = Position_cell(rr->pos, rr->file, rr->rank);
        int nature = Fen_cellNature(rr->pos, cell);
        if (nature == 0) {
            char name[4];
            Position_cellName(rr->pos, cell, name);
            return Error_set(rr->err, rr->errlen,
                             "rank %d: %s is not a square and must be written '*'", rr->rank + 1,
                             name);
        }
        if (nature == 2) {
            Position_setCarpet(rr->pos, Position_carpetSlot(rr->pos, cell), true);
            rr->carpets++;
        }
    }
    return true;
}

static bool Fen_readHole(RankReader *rr)
{
    Position *pos = rr->pos;
    char name[4];
    if (!(pos->v->rules & VR_CARPETS))
        return Error_set(rr->err, rr->errlen,
                         "rank %d: '*' marks a missing square, which only "
                         "Arabian Nights has",
                         rr->rank + 1);
    int cell = Position_cell(pos, rr->file, rr->rank);
    if (Fen_cellNature(pos, cell) == 1) {
        Position_cellName(pos, cell, name);
        return Error_set(rr->err, rr->errlen, "rank %d: %s is a square of the board, not '*'",
                         rr->rank + 1, name);
    }
    rr->file++;
    return true;
}

static bool Fen_readPiece(RankReader *rr, char c)
{
    Position *pos = rr->pos;
    int type = Variant_typeOfLetter(pos->v, c);
    if (type < 0)
        return Error_set(rr->err, rr->errlen, "rank %d: '%c' is not a piece of %s", rr->rank + 1, c,
                         pos->v->title);
    int cell = Position_cell(pos, rr->file, rr->rank);
    int nature = Fen_cellNature(pos, cell);
    if (nature == 0) {
        char name[4];
        Position_cellName(pos, cell, name);
        return Error_set(rr->err, rr->errlen,
                         "rank %d: %s is not a square, a piece cannot stand there", rr->rank + 1,
                         name);
    }
    if (nature == 2) {
        Position_setCarpet(pos, Position_carpetSlot(pos, cell), true);
        rr->carpets++;
    }
    int color = isupper((unsigned char)c) ? WHITE : BLACK;
    if (pos->npieces[color] >= MAX_PIECES)
        return Error_set(rr->err, rr->errlen, "too many pieces for one side (at most %d)",
                         MAX_PIECES);
    Position_put(pos, cell, PIECE_MAKE(color, type));
    rr->file++;
    return true;
}

/* The width a rank's text adds up to, counting each run as its number. */
static int Fen_rankWidth(const char *text, size_t len)
{
    int width = 0;
    for (size_t i = 0; i < len;) {
        if (isdigit((unsigned char)text[i])) {
            int n = 0;
            while (i < len && isdigit((unsigned char)text[i]) && n < 1000)
                n = n * 10 + (text[i++] - '0');
            width += n;
        } else {
            width++;
            i++;
        }
    }
    return width;
}

static bool Fen_readRank(RankReader *rr, const char *text, size_t len)
{
    int width = Fen_rankWidth(text, len);
    if (width != rr->pos->geo->files)
        return Error_set(rr->err, rr->errlen,
                         "rank %d adds up to %d squares, but the board is %d wide", rr->rank + 1,
                         width, rr->pos->geo->files);
    const char *p = text, *end = text + len;
    while (p < end) {
        bool ok;
        if (isdigit((unsigned char)*p))
            ok = Fen_readEmptyRun(rr, &p);
        else if (*p == '*')
            ok = Fen_readHole(rr), p++;
        else
            ok = Fen_readPiece(rr, *p), p++;
        if (!ok)
            return false;
    }
    return true;
}

static bool Fen_readPlacement(Position *pos, const char *text, char *err, size_t errlen)
{
    const int ranks = pos->geo->ranks;
    int nranks = 1;
    for (const char *p = text; *p; p++)
        nranks += *p == '/';
    if (nranks != ranks)
        return Error_set(err, errlen, "the placement has %d ranks, %s has %d", nranks,
                         pos->v->title, ranks);
    RankReader rr = {pos, ranks - 1, 0, 0, err, errlen};
    const char *start = text;
    for (int i = 0; i < ranks; i++) {
        const char *slash = strchr(start, '/');
        size_t len = slash ? (size_t)(slash - start) : strlen(start);
        rr.rank = ranks - 1 - i;
        rr.file = 0;
        err[0] = 0;
        if (!Fen_readRank(&rr, start, len))
            return false;
        start += len + 1;
    }
    if ((pos->v->rules & VR_CARPETS) && rr.carpets != 4)
        return Error_set(err, errlen,
                         "Arabian Nights needs exactly four carpets on a3-a7 and k3-k7; "
                         "this FEN has %d",
                         rr.carpets);
    return true;
}

static bool Fen_readSide(Position *pos, const char *text, char *err, size_t errlen)
{
    if (strcmp(text, "w") && strcmp(text, "b"))
        return Error_set(err, errlen, "the side to move must be 'w' or 'b', not '%s'", text);
    Position_setSide(pos, text[0] == 'w' ? WHITE : BLACK);
    return true;
}

static bool Fen_readRights(Position *pos, const char *text, char *err, size_t errlen)
{
    if (strcmp(text, "-") == 0)
        return true;
    if (!(pos->v->rules & VR_KING_JUMP))
        return Error_set(err, errlen, "the rights field must be '-' in %s, which has no King jump",
                         pos->v->title);
    int rights = 0;
    for (const char *p = text; *p; p++) {
        int bit = *p == 'K' ? 1 : *p == 'k' ? 2 : 0;
        if (!bit || (rights & bit))
            return Error_set(err, errlen, "bad rights field '%s': use K, k, Kk or -", text);
        rights |= bit;
    }
    Position_setRights(pos, rights);
    return true;
}

static bool Fen_readEp(Position *pos, const char *text, char *err, size_t errlen)
{
    if (strcmp(text, "-") == 0)
        return true;
    const char *p = text;
    int cell = Position_parseCell(pos, &p);
    if (cell < 0 || *p)
        return Error_set(err, errlen, "the en passant field '%s' is not a square of the board",
                         text);
    if (pos->board[cell] != CELL_EMPTY)
        return Error_set(err, errlen, "the en passant square %s is not empty", text);
    int mover = pos->side ^ 1;
    uint8_t victim = pos->board[cell + pos->geo->forward[mover]];
    if (!IS_PIECE(victim) || PIECE_COLOR(victim) != mover
        || !(pos->geo->ep_victims >> PIECE_TYPE(victim) & 1))
        return Error_set(err, errlen,
                         "en passant square %s: no piece that could have stepped over it "
                         "stands just beyond it",
                         text);
    Position_setEp(pos, cell);
    return true;
}

static bool Fen_readNumber(const char *text, int min, int *out)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (!isdigit((unsigned char)text[0]) || *end || n < min || n > 100000)
        return false;
    *out = (int)n;
    return true;
}

static bool Fen_checkRoyals(const Position *pos, char *err, size_t errlen)
{
    static const char *names[2] = {"White", "Black"};
    const char *royal = Variant_kind(pos->v, pos->geo->royal_type)->name;
    for (int c = 0; c < 2; c++) {
        int n = pos->count[c][pos->geo->royal_type];
        if (n != 1)
            return Error_set(err, errlen, "%s has %s %s; it needs exactly one", names[c],
                             n ? "more than one" : "no", royal);
    }
    if (Position_attacked(pos, pos->king[pos->side ^ 1], pos->side))
        return Error_set(err, errlen, "the side not to move (%s) is in check",
                         names[pos->side ^ 1]);
    return true;
}

static bool Fen_checkPawns(const Position *pos, char *err, size_t errlen)
{
    const Geometry *g = pos->geo;
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < pos->npieces[c]; i++) {
            int cell = pos->plist[c][i], type = PIECE_TYPE(pos->board[cell]);
            const PieceKind *k = Variant_kind(pos->v, type);
            int r = g->cell_rank[cell], depth = pos->v->camp_depth;
            bool bad = ((g->promoters >> type & 1) && r == g->last_rank[c])
                || ((k->flags & PF_CAMP_GENERAL)
                    && (c == WHITE ? r >= g->ranks - depth : r < depth));
            if (bad) {
                char name[4];
                Position_cellName(pos, cell, name);
                return Error_set(err, errlen,
                                 "a %s on %s stands where it would already have promoted", k->name,
                                 name);
            }
        }
    }
    return true;
}

bool Fen_read(Position *pos, const Variant *v, const char *fen, char *err, size_t errlen)
{
    FenFields f;
    char dummy[2];
    if (!err || !errlen) {
        err = dummy;
        errlen = sizeof dummy;
    }
    err[0] = 0;
    if (!fen || !v)
        return Error_set(err, errlen, "no FEN given");
    if (!Fen_splitFields(&f, fen, err, errlen))
        return false;
    Position scratch, *tmp = &scratch;
    Position_init(tmp, v);
    Position_setSide(tmp, WHITE);
    int halfmove = 0, fullmove = 1;
    bool ok = Fen_readPlacement(tmp, f.field[0], err, errlen)
        && Fen_readSide(tmp, f.field[1], err, errlen)
        && Fen_readRights(tmp, f.field[2], err, errlen) && Fen_checkRoyals(tmp, err, errlen)
        && Fen_checkPawns(tmp, err, errlen) && Fen_readEp(tmp, f.field[3], err, errlen);
    if (ok && !Fen_readNumber(f.field[4], 0, &halfmove))
        ok = Error_set(err, errlen, "the halfmove clock '%s' is not a number of 0 or more",
                       f.field[4]);
    if (ok && !Fen_readNumber(f.field[5], 1, &fullmove))
        ok =
            Error_set(err, errlen, "the move number '%s' is not a number of 1 or more", f.field[5]);
    if (ok && !Movegen_fits(tmp))
        ok =
            Error_set(err, errlen,
                      "this position has more moves than zanzibar can list (%d a side)", MAX_MOVES);
    if (ok) {
        tmp->halfmove = halfmove;
        tmp->fullmove = fullmove;
        *pos = *tmp;
    }
    return ok;
}

static size_t Fen_putChar(char *buf, size_t len, size_t at, char c)
{
    if (at + 1 < len)
        buf[at] = c;
    return at + 1;
}

static size_t Fen_putRun(char *buf, size_t len, size_t at, int run)
{
    if (run >= 10)
        at = Fen_putChar(buf, len, at, (char)('0' + run / 10));
    return Fen_putChar(buf, len, at, (char)('0' + run % 10));
}

static size_t Fen_writePlacement(const Position *pos, char *buf, size_t len)
{
    size_t at = 0;
    for (int r = pos->geo->ranks - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < pos->geo->files; f++) {
            uint8_t p = pos->board[Position_cell(pos, f, r)];
            if (p == CELL_EMPTY) {
                run++;
                continue;
            }
            if (run)
                at = Fen_putRun(buf, len, at, run);
            run = 0;
            char c = p == CELL_WALL ? '*' : Variant_letter(pos->v, PIECE_TYPE(p));
            at = Fen_putChar(
                buf, len, at,
                PIECE_COLOR(p) == BLACK && p != CELL_WALL ? (char)tolower((unsigned char)c) : c);
        }
        if (run)
            at = Fen_putRun(buf, len, at, run);
        if (r)
            at = Fen_putChar(buf, len, at, '/');
    }
    if (len)
        buf[at < len ? at : len - 1] = 0;
    return at;
}

void Fen_write(const Position *pos, char *buf, size_t len)
{
    size_t at = Fen_writePlacement(pos, buf, len);
    char rights[3] = "-", ep[4] = "-";
    if (pos->rights) {
        int n = 0;
        if (pos->rights & 1)
            rights[n++] = 'K';
        if (pos->rights & 2)
            rights[n++] = 'k';
        rights[n] = 0;
    }
    if (pos->ep)
        Position_cellName(pos, pos->ep, ep);
    if (at < len)
        snprintf(buf + at, len - at, " %c %s %s %d %d", pos->side == WHITE ? 'w' : 'b', rights, ep,
                 pos->halfmove, pos->fullmove);
}
