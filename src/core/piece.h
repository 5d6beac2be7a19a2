/* The piece table: every piece kind of the five games, described as data.
 * Move generation, attack detection and the help diagrams all read these
 * atoms, so what the rules do and what the help shows cannot disagree. */
#ifndef ZANZIBAR_CORE_PIECE_H
#define ZANZIBAR_CORE_PIECE_H

#include <stdbool.h>
#include <stdint.h>

/* How one atom of movement behaves. dx is towards higher files, dy towards
 * the mover's front (so pawn-like atoms mean the same thing for both colours). */
typedef enum {
    ATOM_LEAP,  /* jumps to (dx,dy) and its symmetric images, never blocked */
    ATOM_SLIDE, /* rides along (dx,dy) and images until something is in the way */
    ATOM_HOP,   /* cannon: rides without capturing, captures by hopping one screen */
    ATOM_BENT,  /* one step along (dx,dy), then rides outwards from the start */
    ATOM_DOUBLE /* non-capturing double step straight forward, both squares empty */
} AtomKind;

typedef enum {
    MODE_MOVE = 1,    /* may go to an empty square */
    MODE_CAPTURE = 2, /* may take an enemy piece */
    MODE_BOTH = 3
} AtomMode;

typedef enum {
    SYM_ALL,    /* all eight images (+-dx,+-dy) and (+-dy,+-dx) */
    SYM_MIRROR, /* (dx,dy) and (-dx,dy): left/right only, for pawn-like moves */
    SYM_NONE    /* exactly (dx,dy) */
} AtomSymmetry;

typedef enum {
    DOUBLE_ANYWHERE,  /* from any square */
    DOUBLE_FROM_START /* only from the variant's pawn start rank */
} DoubleCondition;

typedef struct {
    uint8_t kind; /* AtomKind */
    int8_t dx, dy;
    uint8_t mode;     /* AtomMode */
    uint8_t symmetry; /* AtomSymmetry */
    uint8_t cond;     /* DoubleCondition, for ATOM_DOUBLE */
} MoveAtom;

enum {
    PF_ROYAL = 1 << 0,        /* losing it loses the game; may not be left in check */
    PF_EP_VICTIM = 1 << 1,    /* its double step can be taken en passant */
    PF_EP_CAPTURER = 1 << 2,  /* may capture en passant */
    PF_PROMOTES = 1 << 3,     /* promotes on the last rank (Cazaux games) */
    PF_PAWNLIKE = 1 << 4,     /* its moves reset the fifty-move count */
    PF_KING_JUMP = 1 << 5,    /* the Zanzibar King's first-move jump */
    PF_CAMP_GENERAL = 1 << 6, /* Arabian Nights Pawn: becomes a General in the enemy camp */
    PF_CAMP_VIZIER = 1 << 7   /* Arabian Nights General: becomes a Grand Vizier there */
};

typedef enum {
    KIND_KING,
    KIND_QUEEN,
    KIND_ROOK,
    KIND_BISHOP,
    KIND_KNIGHT,
    KIND_CAMEL,
    KIND_GIRAFFE,
    KIND_BUFFALO,
    KIND_ELEPHANT,
    KIND_MACHINE,
    KIND_LION,
    KIND_DUCHESS,
    KIND_CANNON,
    KIND_CROCODILE,
    KIND_ARCHER,
    KIND_SORCERESS,
    KIND_EAGLE,
    KIND_RHINOCEROS,
    KIND_PRINCE,
    KIND_SOLDIER,
    KIND_PAWN_FREE, /* Zanzibar-S/XL Pawn: double step from anywhere */
    KIND_PAWN,      /* Zanzibar-XXL and Pemba Pawn: double step from its start rank */
    KIND_SULTAN,
    KIND_DABBABAH,
    KIND_AN_ELEPHANT,
    KIND_AN_KNIGHT,
    KIND_AN_ROOK,
    KIND_GENERAL,
    KIND_VIZIER,
    KIND_AN_PAWN,
    KIND_COUNT
} PieceKindId;

#define PIECE_MAX_ATOMS 8

typedef struct {
    const char *name; /* "Giraffe" */
    char letter;      /* upper-case letter in FEN and on the board */
    int value;        /* material value on the Rook = 500 scale; see Variant_value */
    unsigned flags;   /* PF_* */
    int natoms;
    MoveAtom atoms[PIECE_MAX_ATOMS];
    const char *help; /* a short description in our own words */
} PieceKind;

const PieceKind *Piece_kind(PieceKindId id);

#endif
