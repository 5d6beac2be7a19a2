/* The table of piece kinds: names, letters, values and movement atoms.
 * This is the single description of how pieces move; nothing else in the
 * program lists a piece's moves. */
#include "piece.h"

#include <stddef.h>

/* The table reads as one piece a line, laid out by hand. */
/* clang-format off */
#define LEAP(x, y) {ATOM_LEAP, x, y, MODE_BOTH, SYM_ALL, 0}
#define SLIDE(x, y) {ATOM_SLIDE, x, y, MODE_BOTH, SYM_ALL, 0}
#define HOP(x, y) {ATOM_HOP, x, y, MODE_BOTH, SYM_ALL, 0}
#define BENT(x, y) {ATOM_BENT, x, y, MODE_BOTH, SYM_ALL, 0}
#define STEP(x, y, mode, sym) {ATOM_LEAP, x, y, mode, sym, 0}
#define DOUBLE(cond) {ATOM_DOUBLE, 0, 2, MODE_MOVE, SYM_NONE, cond}

#define KING_STEPS LEAP(1, 0), LEAP(1, 1)
#define PAWN_CAPTURES STEP(1, 1, MODE_CAPTURE, SYM_MIRROR)
#define FORWARD_STEP STEP(0, 1, MODE_MOVE, SYM_NONE)
#define SIDE_STEPS STEP(1, 0, MODE_MOVE, SYM_MIRROR)

static const PieceKind kinds[KIND_COUNT] = {
    [KIND_KING] = {"King", 'K', 0, PF_ROYAL | PF_KING_JUMP, 2, {KING_STEPS},
        "Steps one square in any direction."},
    [KIND_QUEEN] = {"Queen", 'Q', 1175, 0, 2, {SLIDE(1, 0), SLIDE(1, 1)},
        "Rides any distance along ranks, files and diagonals, as in chess."},
    [KIND_ROOK] = {"Rook", 'R', 500, 0, 1, {SLIDE(1, 0)},
        "Rides any distance along its rank or file, as in chess."},
    [KIND_BISHOP] = {"Bishop", 'B', 350, 0, 1, {SLIDE(1, 1)},
        "Rides any distance along a diagonal, as in chess."},
    [KIND_KNIGHT] = {"Knight", 'N', 230, 0, 1, {LEAP(2, 1)},
        "Jumps two squares one way and one square across, over anything."},
    [KIND_CAMEL] = {"Camel", 'J', 245, 0, 1, {LEAP(3, 1)},
        "A long knight: jumps three squares one way and one across. It never "
        "changes square colour."},
    [KIND_GIRAFFE] = {"Giraffe", 'Z', 195, 0, 1, {LEAP(3, 2)},
        "A longer knight still: jumps three squares one way and two across."},
    [KIND_BUFFALO] = {"Buffalo", 'F', 940, 0, 3, {LEAP(2, 1), LEAP(3, 1), LEAP(3, 2)},
        "Has all three knight-like jumps: those of the Knight, the Camel and "
        "the Giraffe."},
    [KIND_ELEPHANT] = {"Elephant", 'E', 220, 0, 2, {LEAP(1, 1), LEAP(2, 2)},
        "Goes one or two squares diagonally; the longer move jumps over "
        "whatever is in between."},
    [KIND_MACHINE] = {"Machine", 'M', 235, 0, 2, {LEAP(1, 0), LEAP(2, 0)},
        "Goes one or two squares along a rank or file; the longer move jumps "
        "over whatever is in between."},
    [KIND_LION] = {"Lion", 'L', 940, 0, 5,
        {LEAP(1, 0), LEAP(1, 1), LEAP(2, 0), LEAP(2, 1), LEAP(2, 2)},
        "Reaches every square of the five-by-five box around it, jumping "
        "where it has to."},
    [KIND_DUCHESS] = {"Duchess", 'D', 955, 0, 6,
        {LEAP(1, 0), LEAP(2, 0), LEAP(3, 0), LEAP(1, 1), LEAP(2, 2), LEAP(3, 3)},
        "Jumps one, two or three squares in any of the eight directions, "
        "ignoring anything on the way."},
    [KIND_CANNON] = {"Cannon", 'C', 350, 0, 1, {HOP(1, 0)},
        "Moves like a Rook without taking. To take, it must jump exactly one "
        "piece of either colour on its rank or file; it then takes the first "
        "piece beyond, however far."},
    [KIND_CROCODILE] = {"Crocodile", 'V', 250, 0, 1, {HOP(1, 1)},
        "The diagonal Cannon: moves like a Bishop without taking, and takes "
        "only by jumping exactly one piece on the diagonal."},
    [KIND_ARCHER] = {"Archer", 'V', 280, 0, 1, {HOP(1, 1)},
        "The diagonal Cannon of Zanzibar-XXL: moves like a Bishop without "
        "taking, and takes only by jumping exactly one piece on the diagonal."},
    [KIND_SORCERESS] = {"Sorceress", 'W', 675, 0, 2, {HOP(1, 0), HOP(1, 1)},
        "A Cannon in all eight directions: moves like a Queen without taking, "
        "and takes only by jumping exactly one piece on the line."},
    [KIND_EAGLE] = {"Eagle", 'G', 970, 0, 1, {BENT(1, 1)},
        "Takes one diagonal step; if that square is empty it may carry on "
        "along the rank or file that leads further away from where it began."},
    [KIND_RHINOCEROS] = {"Rhinoceros", 'U', 755, 0, 1, {BENT(1, 0)},
        "Takes one straight step; if that square is empty it may carry on "
        "along either diagonal that leads further away from where it began."},
    [KIND_PRINCE] = {"Prince", 'I', 310, PF_PROMOTES | PF_EP_VICTIM, 3,
        {KING_STEPS, DOUBLE(DOUBLE_ANYWHERE)},
        "Steps one square any way like a King, but is not royal. It may also "
        "make a two-square step straight forward, without taking, from any "
        "square. It promotes on the last rank."},
    [KIND_SOLDIER] = {"Soldier", 'S', 130, PF_PROMOTES | PF_EP_VICTIM | PF_EP_CAPTURER | PF_PAWNLIKE, 4,
        {FORWARD_STEP, SIDE_STEPS, PAWN_CAPTURES, DOUBLE(DOUBLE_ANYWHERE)},
        "Steps forward or sideways without taking, takes one square "
        "diagonally forward, and may step two squares straight forward from "
        "anywhere. It promotes on the last rank."},
    [KIND_PAWN_FREE] = {"Pawn", 'P', 100, PF_PROMOTES | PF_EP_VICTIM | PF_EP_CAPTURER | PF_PAWNLIKE, 3,
        {FORWARD_STEP, PAWN_CAPTURES, DOUBLE(DOUBLE_ANYWHERE)},
        "Steps straight forward, or two squares forward from any square, "
        "without taking; takes one square diagonally forward. It promotes on "
        "the last rank."},
    [KIND_PAWN] = {"Pawn", 'P', 120, PF_PROMOTES | PF_EP_VICTIM | PF_EP_CAPTURER | PF_PAWNLIKE, 3,
        {FORWARD_STEP, PAWN_CAPTURES, DOUBLE(DOUBLE_FROM_START)},
        "Moves as in chess: one square forward, two from its starting rank, "
        "takes diagonally forward, and promotes on the last rank."},
    [KIND_SULTAN] = {"Sultan", 'S', 0, PF_ROYAL, 2, {KING_STEPS},
        "The royal piece: steps one square in any direction."},
    [KIND_DABBABAH] = {"Dabbabah", 'D', 145, 0, 1, {LEAP(2, 0)},
        "Jumps exactly two squares along a rank or file; it may not jump over "
        "the hole."},
    [KIND_AN_ELEPHANT] = {"Elephant", 'E', 145, 0, 1, {LEAP(2, 2)},
        "Jumps exactly two squares diagonally; it may not jump over the hole."},
    [KIND_AN_KNIGHT] = {"Knight", 'K', 225, 0, 1, {LEAP(2, 1)},
        "Jumps like a chess Knight; the hole never stops it."},
    [KIND_AN_ROOK] = {"Rook", 'R', 500, 0, 1, {SLIDE(1, 0)},
        "Rides along ranks and files; it cannot cross the hole, and runs along "
        "the edge files only over carpets that touch."},
    [KIND_GENERAL] = {"General", 'G', 145, PF_CAMP_VIZIER, 1, {LEAP(1, 1)},
        "Steps one square diagonally. Moving into the enemy camp from outside "
        "it turns it into a Grand Vizier."},
    [KIND_VIZIER] = {"Grand Vizier", 'V', 485, 0, 2, {LEAP(2, 1), LEAP(1, 1)},
        "Jumps as a Knight or steps as a General."},
    [KIND_AN_PAWN] = {"Pawn", 'P', 85, PF_PAWNLIKE | PF_CAMP_GENERAL, 4,
        {FORWARD_STEP, SIDE_STEPS, PAWN_CAPTURES, DOUBLE(DOUBLE_FROM_START)},
        "Steps forward or sideways without taking, takes diagonally forward, "
        "and may step two squares forward from its own pawn rank. On entering "
        "the enemy camp it becomes a General."},
};
/* clang-format on */

const PieceKind *Piece_kind(PieceKindId id)
{
    if ((unsigned)id >= KIND_COUNT)
        return NULL;
    return &kinds[id];
}
