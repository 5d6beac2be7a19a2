/* The five games as data: board size, armies, setups, promotion choices and
 * which special rules apply. Everything variant-specific lives in this table
 * so that no other module needs to know which game it is playing. */
#ifndef ZANZIBAR_CORE_VARIANT_H
#define ZANZIBAR_CORE_VARIANT_H

#include "piece.h"

typedef enum {
    VARIANT_ZANZIBAR_S,
    VARIANT_ZANZIBAR_XL,
    VARIANT_ZANZIBAR_XXL,
    VARIANT_PEMBA,
    VARIANT_ARABIAN_NIGHTS,
    VARIANT_COUNT
} VariantId;

enum {
    VR_KING_JUMP = 1 << 0,       /* the King's first-move jump (4.2) */
    VR_CARPETS = 1 << 1,         /* Arabian Nights flying carpets and hole */
    VR_STALEMATE_LOSES = 1 << 2, /* a side with no legal move loses */
    VR_BARE_SULTAN = 1 << 3,     /* the bare-Sultan rule of 5.4 */
    VR_CHOSEN_SETUP = 1 << 4,    /* Black arranges the free pieces (3) */
    VR_SETUP_PHASE = 1 << 5,     /* optional piece-by-piece placement (5.5) */
    VR_BARE_KINGS_DRAW = 1 << 6  /* King against King is a draw */
};

#define VARIANT_MAX_TYPES 20
#define VARIANT_MAX_PROMOS 10
#define VARIANT_MAX_SETUP_SQUARES 8
#define VARIANT_MAX_CARPET_CELLS 10

typedef struct {
    VariantId id;
    const char *name;    /* command line and PGN Variant tag: "zanzibar-xl" */
    const char *title;   /* "Zanzibar-XL" */
    const char *summary; /* one line for the start menu */
    int files, ranks;
    int first_side; /* 0 White, 1 Black */
    unsigned rules; /* VR_* */
    int ntypes;
    PieceKindId types[VARIANT_MAX_TYPES]; /* the variant's type index -> kind */
    int npromos;
    PieceKindId promos[VARIANT_MAX_PROMOS];
    int pawn_start_rank; /* 1-based, from the mover's side: where DOUBLE_FROM_START applies */
    int camp_depth;      /* Arabian Nights: ranks in each camp */
    const char *start_fen;
    /* Zanzibar setups: the free squares (White's, mirrored for Black) in the
     * order a setup string is read, and which letters each may hold. */
    int nsetup_squares;
    const char *setup_squares[VARIANT_MAX_SETUP_SQUARES];
    const char *setup_allowed[VARIANT_MAX_SETUP_SQUARES];
    /* Arabian Nights: the hole and the cells a carpet may occupy. */
    const char *hole;
    int ncarpet_cells;
    const char *carpet_cells[VARIANT_MAX_CARPET_CELLS];
    const char *rules_help; /* the special rules in our own words */
    /* Piece values measured on this game's board where they differ from the
     * piece table's (a leaper is worth more on 10x10 than on 12x12); 0 keeps
     * the table's value. Indexed by kind. */
    int16_t values[KIND_COUNT];
} Variant;

const Variant *Variant_get(VariantId id);
/* The game a name means, whatever its case and whether words are joined by
 * spaces, hyphens or underscores; common other names too ("Maasai Chess" is
 * Zanzibar-XXL). NULL when no game has that name. */
const Variant *Variant_byName(const char *name);
/* "a" or "an", whichever goes before the variant's title in a sentence. */
const char *Variant_article(const Variant *v);
/* The variant's type index for a letter (either case), or -1. */
int Variant_typeOfLetter(const Variant *v, char letter);
char Variant_letter(const Variant *v, int type);
const PieceKind *Variant_kind(const Variant *v, int type);
/* What a piece of that type does in this game beyond its own description
 * in the piece table (the Zanzibar King's jump), or NULL. */
const char *Variant_pieceNote(const Variant *v, int type);
/* A type's material value in this game, Rook = 500 (royal types: 0). */
int Variant_value(const Variant *v, int type);

#endif
