/* Geometry: turns the piece table's atoms into cell offsets for one board,
 * and builds the reverse tables that attack detection walks. Each variant's
 * tables are compiled once, on first use, and only read after that. */
#include "geometry.h"

#include <pthread.h>
#include <string.h>

typedef struct {
    int n;
    int dx[8], dy[8];
} Images;

static void Images_add(Images *im, int dx, int dy)
{
    for (int i = 0; i < im->n; i++)
        if (im->dx[i] == dx && im->dy[i] == dy)
            return;
    im->dx[im->n] = dx;
    im->dy[im->n] = dy;
    im->n++;
}

/* The distinct images of (dx,dy) under the atom's symmetry. */
static Images Images_of(const MoveAtom *a)
{
    Images im = {0};
    int x = a->dx, y = a->dy;
    if (a->symmetry == SYM_NONE) {
        Images_add(&im, x, y);
    } else if (a->symmetry == SYM_MIRROR) {
        Images_add(&im, x, y);
        Images_add(&im, -x, y);
    } else {
        for (int s = 0; s < 2; s++) {
            Images_add(&im, x, y);
            Images_add(&im, -x, y);
            Images_add(&im, x, -y);
            Images_add(&im, -x, -y);
            int t = x;
            x = y;
            y = t;
        }
    }
    return im;
}

int Geometry_cell(const Geometry *g, int file, int rank)
{
    if (file < 0 || rank < 0 || file >= g->files || rank >= g->ranks)
        return -1;
    return (rank + BOARD_PAD) * g->stride + file + BOARD_PAD;
}

static int Geometry_offsetOf(const Geometry *g, int dx, int dy)
{
    return dy * g->stride + dx;
}

static int Geometry_sign(int x)
{
    return (x > 0) - (x < 0);
}

static void Geometry_addLeap(const Geometry *g, TypeMoves *tm, int dx, int dy, int mode)
{
    int off = Geometry_offsetOf(g, dx, dy);
    for (int i = 0; i < tm->nleap; i++) {
        if (tm->leap[i].off == off) {
            tm->leap[i].mode |= (uint8_t)mode;
            return;
        }
    }
    if (tm->nleap >= MAX_LEAPS)
        return;
    LeapStep *ls = &tm->leap[tm->nleap++];
    ls->off = (int16_t)off;
    ls->mid = (dx % 2 == 0 && dy % 2 == 0) ? (int16_t)Geometry_offsetOf(g, dx / 2, dy / 2) : 0;
    ls->mode = (uint8_t)mode;
}

static void Geometry_setBentSlide(const Geometry *g, BentStep *b, int k, int dx, int dy)
{
    b->slide[k] = (int16_t)Geometry_offsetOf(g, dx, dy);
    b->sdx[k] = (int8_t)dx;
    b->sdy[k] = (int8_t)dy;
}

static void Geometry_addBent(const Geometry *g, TypeMoves *tm, int dx, int dy)
{
    BentStep *b = &tm->bent[tm->nbent++];
    b->step = (int16_t)Geometry_offsetOf(g, dx, dy);
    if (dx != 0 && dy != 0) { /* diagonal step, orthogonal rides */
        Geometry_setBentSlide(g, b, 0, dx, 0);
        Geometry_setBentSlide(g, b, 1, 0, dy);
    } else if (dx != 0) { /* sideways step, diagonal rides */
        Geometry_setBentSlide(g, b, 0, dx, 1);
        Geometry_setBentSlide(g, b, 1, dx, -1);
    } else {
        Geometry_setBentSlide(g, b, 0, 1, dy);
        Geometry_setBentSlide(g, b, 1, -1, dy);
    }
}

/* dy in an atom points to the mover's front: Black's front is downwards. */
static void Geometry_compileAtom(const Geometry *g, TypeMoves *tm, const MoveAtom *a, int color)
{
    Images im = Images_of(a);
    for (int i = 0; i < im.n; i++) {
        int dx = im.dx[i], dy = color == WHITE ? im.dy[i] : -im.dy[i];
        switch (a->kind) {
            case ATOM_LEAP: Geometry_addLeap(g, tm, dx, dy, a->mode); break;
            case ATOM_SLIDE: tm->slide[tm->nslide++] = (int16_t)Geometry_offsetOf(g, dx, dy); break;
            case ATOM_HOP: tm->hop[tm->nhop++] = (int16_t)Geometry_offsetOf(g, dx, dy); break;
            case ATOM_BENT: Geometry_addBent(g, tm, dx, dy); break;
            case ATOM_DOUBLE:
                tm->dbl = (int16_t)Geometry_offsetOf(g, 0, Geometry_sign(dy) * 2);
                tm->dbl_anywhere = a->cond == DOUBLE_ANYWHERE;
                break;
        }
    }
}

static int Geometry_dirIndex(const Geometry *g, int off)
{
    for (int i = 0; i < 8; i++)
        if (g->dir[i] == off)
            return i;
    return -1;
}

/* The leap_types_at slot of a leap given as a cell offset. */
static int Geometry_leapSlotOfOffset(const Geometry *g, int off)
{
    for (int dy = -BOARD_PAD; dy <= BOARD_PAD; dy++) {
        int dx = off - dy * g->stride;
        if (dx >= -BOARD_PAD && dx <= BOARD_PAD)
            return Geometry_leapSlot(dx, dy);
    }
    return -1;
}

static void Geometry_addAttackLeap(Geometry *g, int color, const LeapStep *ls, int type)
{
    AttackLeap *list = g->attack_leaps[color];
    int slot = Geometry_leapSlotOfOffset(g, ls->off);
    if (slot >= 0)
        g->leap_types_at[color][slot] |= 1u << type;
    for (int i = 0; i < g->nattack_leaps[color]; i++) {
        if (list[i].off == ls->off) {
            list[i].types |= 1u << type;
            return;
        }
    }
    if (g->nattack_leaps[color] >= MAX_ATTACK_LEAPS)
        return;
    AttackLeap *al = &list[g->nattack_leaps[color]++];
    al->off = ls->off;
    al->mid = ls->mid;
    al->types = 1u << type;
}

static void Geometry_addBentReverse(Geometry *g, int color, const BentStep *b, int type)
{
    for (int k = 0; k < 2; k++) {
        /* Walking from the target against the ride direction. */
        int walk = Geometry_dirIndex(g, -b->slide[k]);
        BentReverse *br = &g->bent_reverse[color][walk];
        int back = -b->step;
        int i;
        for (i = 0; i < br->n && br->back[i] != back; i++)
            ;
        if (i == br->n) {
            br->back[br->n] = (int16_t)back;
            br->types[br->n++] = 0;
        }
        br->types[i] |= 1u << type;
    }
}

static void Geometry_compileAttacks(Geometry *g, int color, int type, const TypeMoves *tm)
{
    for (int i = 0; i < tm->nleap; i++)
        if (tm->leap[i].mode & MODE_CAPTURE)
            Geometry_addAttackLeap(g, color, &tm->leap[i], type);
    for (int i = 0; i < tm->nslide; i++)
        g->slide_types[color][Geometry_dirIndex(g, -tm->slide[i])] |= 1u << type;
    for (int i = 0; i < tm->nhop; i++)
        g->hop_types[color][Geometry_dirIndex(g, -tm->hop[i])] |= 1u << type;
    for (int i = 0; i < tm->nbent; i++) {
        LeapStep first = {tm->bent[i].step, 0, MODE_BOTH};
        Geometry_addAttackLeap(g, color, &first, type);
        Geometry_addBentReverse(g, color, &tm->bent[i], type);
        g->bent_types[color] |= 1u << type;
    }
}

static int Geometry_typeOfKind(const Variant *v, PieceKindId kind)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t] == kind)
            return t;
    return -1;
}

static int Geometry_cellOfName(const Geometry *g, const char *name)
{
    if (!name || !name[0])
        return 0;
    int file = name[0] - 'a';
    int rank = 0;
    for (const char *p = name + 1; *p; p++)
        rank = rank * 10 + (*p - '0');
    int cell = Geometry_cell(g, file, rank - 1);
    return cell < 0 ? 0 : cell;
}

static void Geometry_compileTypes(Geometry *g, const Variant *v)
{
    for (int t = 0; t < v->ntypes; t++) {
        const PieceKind *k = Piece_kind(v->types[t]);
        unsigned bit = 1u << t;
        if (k->flags & PF_ROYAL)
            g->royal_type = t;
        if (k->flags & PF_EP_VICTIM)
            g->ep_victims |= bit;
        if (k->flags & PF_EP_CAPTURER)
            g->ep_capturers |= bit;
        if (k->flags & PF_PROMOTES)
            g->promoters |= bit;
        if (k->flags & PF_PAWNLIKE)
            g->pawnlike |= bit;
        for (int c = 0; c < 2; c++) {
            TypeMoves *tm = &g->moves[c][t];
            for (int a = 0; a < k->natoms; a++)
                Geometry_compileAtom(g, tm, &k->atoms[a], c);
            Geometry_compileAttacks(g, c, t, tm);
        }
    }
}

static void Geometry_compileBoard(Geometry *g, const Variant *v)
{
    memset(g->cell_file, -1, sizeof g->cell_file);
    memset(g->cell_rank, -1, sizeof g->cell_rank);
    for (int r = 0; r < v->ranks; r++) {
        for (int f = 0; f < v->files; f++) {
            int cell = Geometry_cell(g, f, r);
            g->cell_file[cell] = (int8_t)f;
            g->cell_rank[cell] = (int8_t)r;
        }
    }
    g->hole = (int16_t)Geometry_cellOfName(g, v->hole);
    g->ncarpet_cells = v->ncarpet_cells;
    for (int i = 0; i < v->ncarpet_cells; i++)
        g->carpet_cell[i] = (int16_t)Geometry_cellOfName(g, v->carpet_cells[i]);
}

static void Geometry_compile(Geometry *g, const Variant *v)
{
    memset(g, 0, sizeof *g);
    g->files = v->files;
    g->ranks = v->ranks;
    g->stride = v->files + BOARD_PAD;
    const int s = g->stride;
    const int16_t dirs[8] = {1,
                             -1,
                             (int16_t)s,
                             (int16_t)-s,
                             (int16_t)(s + 1),
                             (int16_t)(s - 1),
                             (int16_t)(-s + 1),
                             (int16_t)(-s - 1)};
    memcpy(g->dir, dirs, sizeof dirs);
    g->forward[WHITE] = (int16_t)s;
    g->forward[BLACK] = (int16_t)-s;
    g->last_rank[WHITE] = (int8_t)(v->ranks - 1);
    g->last_rank[BLACK] = 0;
    g->start_rank[WHITE] = (int8_t)(v->pawn_start_rank ? v->pawn_start_rank - 1 : -1);
    g->start_rank[BLACK] = (int8_t)(v->pawn_start_rank ? v->ranks - v->pawn_start_rank : -1);
    g->royal_type = -1;
    Geometry_compileTypes(g, v);
    g->npromos = v->npromos;
    for (int i = 0; i < v->npromos; i++)
        g->promos[i] = (int8_t)Geometry_typeOfKind(v, v->promos[i]);
    g->general_type = Geometry_typeOfKind(v, KIND_GENERAL);
    g->vizier_type = Geometry_typeOfKind(v, KIND_VIZIER);
    for (int t = 0; t < v->ntypes; t++)
        g->value[t] = (int16_t)Variant_value(v, t);
    Geometry_compileBoard(g, v);
}

/* Not mutable state in the sense of the house rules: the tables are a pure
 * function of the constant variant table, written exactly once under
 * pthread_once (which orders the writes before any reader that returns from
 * it, on any thread, the engine's included) and never written again. */
static Geometry geometries[VARIANT_COUNT];
static pthread_once_t geometries_once = PTHREAD_ONCE_INIT;

static void Geometry_compileAll(void)
{
    for (int id = 0; id < VARIANT_COUNT; id++)
        Geometry_compile(&geometries[id], Variant_get((VariantId)id));
}

const Geometry *Geometry_of(const Variant *v)
{
    pthread_once(&geometries_once, Geometry_compileAll);
    return &geometries[v->id];
}
