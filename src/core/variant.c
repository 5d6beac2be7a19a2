/* The variant table: the five games described as data, plus look-ups by
 * name and by letter. Rules text here is our own summary of RULES.md. */
#include "variant.h"

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The tables read as one field a line, laid out by hand. */
/* clang-format off */
#define CAZAUX_CORE KIND_KING, KIND_QUEEN, KIND_ROOK, KIND_BISHOP, KIND_KNIGHT, \
    KIND_CAMEL, KIND_GIRAFFE, KIND_BUFFALO, KIND_ELEPHANT, KIND_MACHINE, KIND_LION

#define KING_JUMP_RULE \
    "A King that has never moved and is not in check may jump " \
    "to an empty square two squares away (straight, diagonal or knight-" \
    "shaped). A straight or diagonal jump is forbidden when the square it " \
    "passes is attacked; a knight-shaped jump needs at least one of the two " \
    "squares beside its path to be unattacked. Attacks are judged before the " \
    "jump, and the King may not land in check. The right is gone once the " \
    "King has moved."

#define KING_JUMP_HELP "No castling. " KING_JUMP_RULE "\n"

#define FREE_DOUBLE_STEP_HELP \
    "Pawns and Princes may step two squares straight forward from any " \
    "square, never taking that way. After such a double step an enemy " \
    "Pawn that could have taken on the skipped square may take en " \
    "passant on the very next move; Princes never take en passant.\n"

#define CHOSEN_SETUP_HELP \
    "Black decides where the free pieces stand; White's army is the mirror " \
    "image on the same files, and then White moves first. Every arrangement " \
    "allowed by the rules is offered, King on the f or g file alike, so an " \
    "arrangement and its mirror image are two setups. Setups are numbered " \
    "1, 2, ... in alphabetical order of the " \
    "letters read along the free squares listed on the setup screen.\n"

/* movers: the pieces whose moves restart the fifty-move count; hopper:
 * the game's name for the diagonal Cannon (Status_cannotMate's rule). */
#define CAZAUX_END_HELP(movers, hopper) \
    "Checkmate wins. Stalemate, threefold repetition, fifty moves by each " \
    "side without a capture, " movers " or a promotion, and King " \
    "against King are draws.\n" \
    "A player whose time runs out loses, unless the opponent could never " \
    "mate whatever moves followed; then it is a draw. That is so when the " \
    "opponent has only the King, or has, against a lone King, nothing but " \
    "one Knight, or nothing but pieces that never change the colour of " \
    "their square (Bishop, Elephant, Camel, " hopper ") standing on one " \
    "colour.\n"

static const Variant variants[VARIANT_COUNT] = {
    [VARIANT_ZANZIBAR_S] = {
        .id = VARIANT_ZANZIBAR_S, .name = "zanzibar-s", .title = "Zanzibar-S",
        .summary = "12x12, 36 pieces a side: the moderate Zanzibar",
        .files = 12, .ranks = 12, .first_side = 0,
        .rules = VR_KING_JUMP | VR_CHOSEN_SETUP | VR_BARE_KINGS_DRAW,
        .ntypes = 17,
        .types = {CAZAUX_CORE, KIND_CANNON, KIND_CROCODILE, KIND_EAGLE,
                  KIND_RHINOCEROS, KIND_PRINCE, KIND_PAWN_FREE},
        .npromos = 5,
        .promos = {KIND_QUEEN, KIND_EAGLE, KIND_LION, KIND_RHINOCEROS, KIND_BUFFALO},
        .start_fen = "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/"
                     "PPPPIPPIPPPP/ERNBMGLMBNRE/CJZVUKQFVZJC w Kk - 0 1",
        .nsetup_squares = 6,
        .setup_squares = {"e1", "f1", "g1", "h1", "f2", "g2"},
        .setup_allowed = {"UF", "KQGL", "KQGL", "UF", "KQGL", "KQGL"},
        .rules_help =
            FREE_DOUBLE_STEP_HELP
            "A Pawn or Prince reaching the last rank must become a Queen, "
            "Eagle, Lion, Rhinoceros or Buffalo.\n"
            KING_JUMP_HELP CHOSEN_SETUP_HELP CAZAUX_END_HELP("a Pawn move", "Crocodile"),
    },
    [VARIANT_ZANZIBAR_XL] = {
        .id = VARIANT_ZANZIBAR_XL, .name = "zanzibar-xl", .title = "Zanzibar-XL",
        .summary = "12x12, 40 pieces a side with Duchess and Sorceress",
        .files = 12, .ranks = 12, .first_side = 0,
        .rules = VR_KING_JUMP | VR_CHOSEN_SETUP | VR_BARE_KINGS_DRAW,
        .ntypes = 19,
        .types = {CAZAUX_CORE, KIND_DUCHESS, KIND_CANNON, KIND_CROCODILE,
                  KIND_SORCERESS, KIND_EAGLE, KIND_RHINOCEROS, KIND_PRINCE,
                  KIND_PAWN_FREE},
        .npromos = 7,
        .promos = {KIND_QUEEN, KIND_EAGLE, KIND_LION, KIND_DUCHESS,
                   KIND_SORCERESS, KIND_RHINOCEROS, KIND_BUFFALO},
        .start_fen = "cjzvdkqwvzjc/ernbuglfbnre/ppppimmipppp/4pppp4/12/12/12/12/"
                     "4PPPP4/PPPPIMMIPPPP/ERNBUGLFBNRE/CJZVDKQWVZJC w Kk - 0 1",
        .nsetup_squares = 8,
        .setup_squares = {"e1", "f1", "g1", "h1", "e2", "f2", "g2", "h2"},
        .setup_allowed = {"DWUF", "KQGL", "KQGL", "DWUF", "DWUF", "KQGL", "KQGL", "DWUF"},
        .rules_help =
            FREE_DOUBLE_STEP_HELP
            "A Pawn or Prince reaching the last rank must become a Queen, "
            "Eagle, Lion, Duchess, Sorceress, Rhinoceros or Buffalo.\n"
            KING_JUMP_HELP CHOSEN_SETUP_HELP CAZAUX_END_HELP("a Pawn move", "Crocodile"),
    },
    [VARIANT_ZANZIBAR_XXL] = {
        .id = VARIANT_ZANZIBAR_XXL, .name = "zanzibar-xxl", .title = "Zanzibar-XXL",
        .summary = "12x12, 48 pieces a side with Soldiers (Maasai Chess)",
        .files = 12, .ranks = 12, .first_side = 0,
        .rules = VR_KING_JUMP | VR_CHOSEN_SETUP | VR_BARE_KINGS_DRAW,
        .ntypes = 20,
        .types = {CAZAUX_CORE, KIND_DUCHESS, KIND_CANNON, KIND_ARCHER,
                  KIND_SORCERESS, KIND_EAGLE, KIND_RHINOCEROS, KIND_PRINCE,
                  KIND_SOLDIER, KIND_PAWN},
        .npromos = 7,
        .promos = {KIND_QUEEN, KIND_EAGLE, KIND_LION, KIND_DUCHESS,
                   KIND_SORCERESS, KIND_RHINOCEROS, KIND_BUFFALO},
        .pawn_start_rank = 4,
        .start_fen = "cjzvwkqdvzjc/ernbuglfbnre/ssssimmissss/pppppppppppp/12/12/12/12/"
                     "PPPPPPPPPPPP/SSSSIMMISSSS/ERNBUGLFBNRE/CJZVWKQDVZJC w Kk - 0 1",
        .nsetup_squares = 8,
        .setup_squares = {"e1", "f1", "g1", "h1", "e2", "f2", "g2", "h2"},
        .setup_allowed = {"QGLUFDW", "KQGLUFDW", "KQGLUFDW", "QGLUFDW",
                          "QGLUFDW", "KQGLUFDW", "KQGLUFDW", "QGLUFDW"},
        .rules_help =
            "Pawns step two squares only from their starting rank (the fourth "
            "for White, the ninth for Black). Soldiers and Princes may step two "
            "squares straight forward from any square. After a double step by "
            "a Pawn, Soldier or Prince, an enemy Pawn or Soldier that could "
            "have taken on the skipped square may take en passant on the very "
            "next move; Princes never take en passant.\n"
            "A Pawn, Soldier or Prince reaching the last rank must become a "
            "Queen, Eagle, Lion, Duchess, Sorceress, Rhinoceros or Buffalo.\n"
            "The diagonal Cannon is called the Archer in this game.\n"
            KING_JUMP_HELP CHOSEN_SETUP_HELP CAZAUX_END_HELP("a Pawn or Soldier move", "Archer"),
    },
    [VARIANT_PEMBA] = {
        .id = VARIANT_PEMBA, .name = "pemba", .title = "Pemba",
        .summary = "10x10, 30 pieces a side in a fixed array",
        .files = 10, .ranks = 10, .first_side = 0,
        .rules = VR_BARE_KINGS_DRAW,
        .ntypes = 12,
        .types = {KIND_KING, KIND_QUEEN, KIND_ROOK, KIND_BISHOP, KIND_KNIGHT,
                  KIND_CAMEL, KIND_GIRAFFE, KIND_ELEPHANT, KIND_MACHINE,
                  KIND_CANNON, KIND_CROCODILE, KIND_PAWN},
        .npromos = 10,
        .promos = {KIND_QUEEN, KIND_ROOK, KIND_KNIGHT, KIND_BISHOP, KIND_ELEPHANT,
                   KIND_CANNON, KIND_CAMEL, KIND_GIRAFFE, KIND_CROCODILE, KIND_MACHINE},
        .pawn_start_rank = 3,
        .start_fen = "cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/"
                     "ERNBQKBNRE/CJVZMMZVJC w - - 0 1",
        .rules_help =
            "The array is fixed. Pawns move as in chess: two squares from their "
            "starting rank (the third for White, the eighth for Black) and en "
            "passant as in chess; only Pawns take or are taken en passant.\n"
            "A Pawn reaching the last rank must become a Queen, Rook, Knight, "
            "Bishop, Elephant, Cannon, Camel, Giraffe, Crocodile or Machine.\n"
            "The King does not jump and there is no castling.\n"
            CAZAUX_END_HELP("a Pawn move", "Crocodile"),
        /* Fitted to self-play results (tools/tune_material.py): on ten files
         * the short leapers are worth more, and the riders less, than on
         * the Zanzibars' twelve. Then every piece was made half as dear
         * again against a Pawn of 100: at the fitted values (a Knight for
         * 2.3 Pawns) the engine gave pieces for Pawns against
         * Fairy-Stockfish and lost those games (tools/README.md). */
        .values = {[KIND_QUEEN] = 1670, [KIND_ROOK] = 750, [KIND_BISHOP] = 495,
                   [KIND_KNIGHT] = 410, [KIND_CAMEL] = 410, [KIND_GIRAFFE] = 350,
                   [KIND_ELEPHANT] = 390, [KIND_MACHINE] = 420, [KIND_CANNON] = 480,
                   [KIND_CROCODILE] = 330, [KIND_PAWN] = 100},
    },
    [VARIANT_ARABIAN_NIGHTS] = {
        .id = VARIANT_ARABIAN_NIGHTS, .name = "arabian-nights", .title = "Arabian Nights",
        .summary = "9x9 with a hole and four flying carpets; Black starts",
        .files = 11, .ranks = 9, .first_side = 1,
        .rules = VR_CARPETS | VR_STALEMATE_LOSES | VR_BARE_SULTAN | VR_SETUP_PHASE,
        .ntypes = 8,
        .types = {KIND_SULTAN, KIND_DABBABAH, KIND_AN_ELEPHANT, KIND_AN_KNIGHT,
                  KIND_AN_ROOK, KIND_GENERAL, KIND_VIZIER, KIND_AN_PAWN},
        .pawn_start_rank = 2,
        .camp_depth = 2,
        .start_fen = "*rkedsdekr*/*pgppvppgp*/11/*9*/*4*4*/*9*/11/*PGPPVPPGP*/"
                     "*RKEDSDEKR* b - - 0 1",
        .hole = "f5",
        .ncarpet_cells = 10,
        .carpet_cells = {"a3", "a4", "a5", "a6", "a7", "k3", "k4", "k5", "k6", "k7"},
        .rules_help =
            "Black moves first. The centre square f5 is a hole: nothing stands "
            "on it, no rider crosses it, and a Dabbabah or Elephant may not "
            "jump over it (Knight-shaped jumps are never stopped).\n"
            "Four flying carpets start on a3, a7, k3 and k7, in the two files "
            "beside the board. Wherever a carpet lies it is an ordinary square; "
            "the cells of files a and k without a carpet are not squares, so a "
            "Rook runs along file a only over carpets lying one against the "
            "next.\n"
            "A piece that moves onto a carpet, taking or not, may fly away on "
            "it in the same move: carpet and piece go together to any empty "
            "carpet place, a3 to a7 or k3 to k7. Write the place after the "
            "move: b7a7k5, or Ra7>k5, lands on the carpet at a7 and flies it to "
            "k5. Only the move that lands on a carpet may fly it, and the "
            "mover's Sultan may not be in check after the flight.\n"
            "Pawns also step sideways, and step two squares from their own pawn "
            "rank; there is no en passant. A Pawn entering the enemy camp (the "
            "far two ranks) becomes a General; a General moving into the enemy "
            "camp from outside it becomes a Grand Vizier.\n"
            "Checkmate wins, and so does stalemate: a side with no legal move "
            "loses. When a move leaves the opponent with a bare Sultan while the "
            "mover keeps another piece, the opponent has one reply: if it bares "
            "the mover's Sultan too the game is drawn, otherwise the mover wins. "
            "Two bare Sultans draw; repetition, the fifty-move rule and a time "
            "out against a bare Sultan draw too.\n"
            "Setup phase (optional): the players place their pieces one at a "
            "time, Black first, inside their own two ranks, every Pawn on the "
            "front one; then Black makes the first move.\n",
    },
};
/* clang-format on */

const Variant *Variant_get(VariantId id)
{
    if ((unsigned)id >= VARIANT_COUNT)
        return NULL;
    return &variants[id];
}

/* Every spelling a game is known by, as Variant_nameKey leaves it: letters
 * and digits only, lower case. The canonical name (variants[].name) is
 * what the program writes; these are what it also reads. */
/* clang-format off */
static const struct {
    const char *key;
    VariantId id;
} variant_aliases[] = {
    {"zanzibars", VARIANT_ZANZIBAR_S},
    {"zanzibarschess", VARIANT_ZANZIBAR_S},
    {"zanzibarxl", VARIANT_ZANZIBAR_XL},
    {"zanzibarxlchess", VARIANT_ZANZIBAR_XL},
    {"zanzibarxxl", VARIANT_ZANZIBAR_XXL},
    {"zanzibarxxlchess", VARIANT_ZANZIBAR_XXL},
    {"maasai", VARIANT_ZANZIBAR_XXL},
    {"maasaichess", VARIANT_ZANZIBAR_XXL},
    {"masai", VARIANT_ZANZIBAR_XXL},
    {"masaichess", VARIANT_ZANZIBAR_XXL},
    {"pemba", VARIANT_PEMBA},
    {"pembachess", VARIANT_PEMBA},
    {"arabiannights", VARIANT_ARABIAN_NIGHTS},
    {"arabiannightschess", VARIANT_ARABIAN_NIGHTS},
};
/* clang-format on */

/* Case, spaces, hyphens and underscores do not tell games apart:
 * "Zanzibar XL", "zanzibar_xl" and "ZANZIBAR-XL" are one name. False when
 * the name is too long to be any game's. */
static bool Variant_nameKey(const char *name, char *key, size_t len)
{
    size_t n = 0;
    for (const char *c = name; *c; c++) {
        if (!isalnum((unsigned char)*c))
            continue;
        if (n + 1 >= len)
            return false;
        key[n++] = (char)tolower((unsigned char)*c);
    }
    key[n] = '\0';
    return n > 0;
}

const Variant *Variant_byName(const char *name)
{
    char key[32];
    if (name == NULL || !Variant_nameKey(name, key, sizeof key))
        return NULL;
    for (size_t i = 0; i < sizeof variant_aliases / sizeof variant_aliases[0]; i++)
        if (strcmp(variant_aliases[i].key, key) == 0)
            return &variants[variant_aliases[i].id];
    return NULL;
}

const PieceKind *Variant_kind(const Variant *v, int type)
{
    if (type < 0 || type >= v->ntypes)
        return NULL;
    return Piece_kind(v->types[type]);
}

int Variant_value(const Variant *v, int type)
{
    const PieceKind *k = Variant_kind(v, type);
    if (!k)
        return 0;
    int measured = v->values[v->types[type]];
    return measured ? measured : k->value;
}

char Variant_letter(const Variant *v, int type)
{
    const PieceKind *k = Variant_kind(v, type);
    return k ? k->letter : '?';
}

int Variant_typeOfLetter(const Variant *v, char letter)
{
    char up = (char)toupper((unsigned char)letter);
    for (int t = 0; t < v->ntypes; t++)
        if (Variant_letter(v, t) == up)
            return t;
    return -1;
}

const char *Variant_article(const Variant *v)
{
    return v->title[0] && strchr("AEIOU", v->title[0]) ? "an" : "a";
}

/* Only the Zanzibar King's jump depends on the game rather than the piece:
 * Pemba has the same King without it. */
const char *Variant_pieceNote(const Variant *v, int type)
{
    if ((v->rules & VR_KING_JUMP) && (Variant_kind(v, type)->flags & PF_KING_JUMP))
        return KING_JUMP_RULE;
    return NULL;
}
