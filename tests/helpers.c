/* Shared helpers of the rules-core tests: FENs from piece lists, sorted
 * lists of squares and moves, and finding moves by their coordinate text.
 * Positions always go through Fen_read, as a user's would. */
#include "helpers.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notation.h"
#include "core/setup.h"

typedef struct {
    int files, ranks;
    char cell[MAX_RANKS][MAX_FILES]; /* 0 empty, '*' no square, else a letter */
} Grid;

static bool parse_square(const char *s, int *file, int *rank)
{
    if (!islower((unsigned char)s[0]) || !isdigit((unsigned char)s[1]))
        return false;
    *file = s[0] - 'a';
    *rank = atoi(s + 1) - 1;
    return true;
}

/* Arabian Nights: files a and k are squares only under a carpet, f5 never. */
static void grid_init(Grid *g, const Variant *v, const char *pieces)
{
    memset(g, 0, sizeof *g);
    g->files = v->files;
    g->ranks = v->ranks;
    if (!(v->rules & VR_CARPETS))
        return;
    for (int r = 0; r < g->ranks; r++)
        g->cell[r][0] = g->cell[r][g->files - 1] = '*';
    g->cell[4][5] = '*';
    const char *carpets = strchr(pieces, '~') ? pieces : "~a3 ~a7 ~k3 ~k7";
    for (const char *p = strchr(carpets, '~'); p; p = strchr(p + 1, '~')) {
        int f, r;
        ck_assert_msg(parse_square(p + 1, &f, &r), "bad carpet in '%s'", pieces);
        g->cell[r][f] = 0;
    }
}

static void grid_put(Grid *g, const char *pieces)
{
    char copy[LIST_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", pieces);
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (tok[0] == '~')
            continue;
        int f, r;
        ck_assert_msg(isalpha((unsigned char)tok[0]) && parse_square(tok + 1, &f, &r)
                          && f < g->files && r < g->ranks,
                      "bad piece '%s'", tok);
        g->cell[r][f] = tok[0];
    }
}

static void grid_write(const Grid *g, char *fen)
{
    int n = 0;
    for (int r = g->ranks - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < g->files; f++) {
            if (!g->cell[r][f]) {
                run++;
                continue;
            }
            if (run)
                n += sprintf(fen + n, "%d", run);
            run = 0;
            fen[n++] = g->cell[r][f];
        }
        if (run)
            n += sprintf(fen + n, "%d", run);
        fen[n++] = r ? '/' : ' ';
    }
    fen[n] = 0;
}

void Helper_fen(VariantId id, const char *pieces, const char *rest, char *fen)
{
    Grid g;
    grid_init(&g, Variant_get(id), pieces);
    grid_put(&g, pieces);
    grid_write(&g, fen);
    while (*rest == ' ')
        rest++;
    strcat(fen, rest);
}

/* The hashes of the positions Helper_play went through since the last
 * Helper_read, for status checks: a test plays one line at a time. */
static uint64_t line_hashes[LIST_MAX];
static int line_length;

const uint64_t *Helper_history(int *n)
{
    *n = line_length;
    return line_hashes;
}

void Helper_read(Position *pos, VariantId id, const char *fen)
{
    char err[ERROR_MAX] = "";
    line_length = 0;
    ck_assert_msg(Fen_read(pos, Variant_get(id), fen, err, sizeof err), "FEN '%s' refused: %s", fen,
                  err);
}

void Helper_load(Position *pos, VariantId id, const char *pieces, const char *rest)
{
    char fen[FEN_MAX * 2];
    Helper_fen(id, pieces, rest, fen);
    Helper_read(pos, id, fen);
}

void Helper_loadOrStart(Position *pos, VariantId id, const char *pieces, const char *rest)
{
    if (pieces)
        Helper_load(pos, id, pieces, rest);
    else
        Setup_start(pos, Variant_get(id));
}

void Helper_assertRefused(VariantId id, const char *pieces, const char *rest, const char *text,
                          char *err)
{
    Position pos, before;
    Move m = MOVE_NONE;
    err[0] = '\0';
    Helper_loadOrStart(&pos, id, pieces, rest);
    memcpy(&before, &pos, sizeof pos);
    ck_assert_msg(!Notation_parse(&pos, text, &m, err, ERROR_MAX), "'%s' accepted", text);
    ck_assert(memcmp(&pos, &before, sizeof pos) == 0);
}

int Helper_cell(const Position *pos, const char *name)
{
    const char *p = name;
    int cell = Position_parseCell(pos, &p);
    ck_assert_msg(cell >= 0 && *p == 0, "'%s' is not a cell", name);
    return cell;
}

static int compare_words(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void Helper_sorted(const char *list, char *out)
{
    char copy[LIST_MAX], *save = NULL;
    char *words[LIST_MAX / 2];
    int n = 0;
    snprintf(copy, sizeof copy, "%s", list);
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        words[n++] = tok;
    qsort(words, (size_t)n, sizeof words[0], compare_words);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (out[0])
            strcat(out, " ");
        strcat(out, words[i]);
    }
}

/* The names of the cells marked in `set`, sorted. */
static void cell_names(const Position *pos, const bool set[MAX_CELLS], char *out)
{
    char all[LIST_MAX] = "";
    for (int cell = 0; cell < MAX_CELLS; cell++) {
        if (!set[cell])
            continue;
        char name[4];
        Position_cellName(pos, cell, name);
        strcat(all, " ");
        strcat(all, name);
    }
    Helper_sorted(all, out);
}

void Helper_legalTargets(Position *pos, const char *from, char *out)
{
    MoveList list;
    bool set[MAX_CELLS] = {false};
    int cell = Helper_cell(pos, from);
    Movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (MOVE_FROM(list.moves[i]) == cell)
            set[MOVE_TO(list.moves[i])] = true;
    cell_names(pos, set, out);
}

void Helper_destinations(const Position *pos, char piece, const char *from, int kinds, char *out)
{
    uint8_t dest[MAX_CELLS] = {0};
    bool set[MAX_CELLS] = {false};
    int type = Variant_typeOfLetter(pos->v, piece);
    int color = isupper((unsigned char)piece) ? WHITE : BLACK;
    ck_assert_int_ge(type, 0);
    Movegen_destinations(pos, color, type, Helper_cell(pos, from), dest);
    for (int cell = 0; cell < MAX_CELLS; cell++)
        set[cell] = (dest[cell] & kinds) != 0;
    cell_names(pos, set, out);
}

void Helper_legalMoves(Position *pos, const char *from, char *out)
{
    MoveList list;
    char all[LIST_MAX] = "";
    int cell = from ? Helper_cell(pos, from) : -1;
    Movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        if (cell >= 0 && MOVE_FROM(list.moves[i]) != cell)
            continue;
        char text[MOVE_TEXT_MAX];
        Notation_coord(pos, list.moves[i], text);
        ck_assert(strlen(all) + strlen(text) + 2 < sizeof all);
        strcat(all, " ");
        strcat(all, text);
    }
    Helper_sorted(all, out);
}

Move Helper_findMove(Position *pos, const char *coord)
{
    MoveList list;
    Movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        char text[MOVE_TEXT_MAX];
        Notation_coord(pos, list.moves[i], text);
        if (strcmp(text, coord) == 0)
            return list.moves[i];
    }
    return MOVE_NONE;
}

void Helper_play(Position *pos, const char *moves)
{
    char copy[LIST_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char fen[FEN_MAX];
        Move m = Helper_findMove(pos, tok);
        Fen_write(pos, fen, sizeof fen);
        ck_assert_msg(m != MOVE_NONE, "%s is not legal in %s", tok, fen);
        ck_assert_int_lt(line_length, LIST_MAX);
        line_hashes[line_length++] = pos->hash;
        Undo u;
        Position_make(pos, m, &u);
    }
}
