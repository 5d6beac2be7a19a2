/* Translation of the piece table into XBoard's terms: each atom of
 * movement becomes a Betza term, and each piece is shown with the XBoard
 * picture closest to its nature. */
#include "cli/xbsetup.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"

/* XBoard's 22 picture slots per colour; the King's is the last. */
#define XB_SLOTS 22
#define XB_KING_SLOT 21
#define XB_LANCE_SLOT 18

static const char *XbSetup_leapLetter(int dx, int dy)
{
    int a = abs(dx), b = abs(dy);
    int hi = a > b ? a : b, lo = a > b ? b : a;
    static const char *const names[4][4] = {
        {"", "W", "D", "H"}, {"", "F", "N", "C"}, {"", "", "A", "Z"}, {"", "", "", "G"}};
    return names[lo][hi];
}

/* Directions of an atom that is not fully symmetric, from the mover's side. */
static const char *XbSetup_direction(const MoveAtom *a)
{
    if (a->symmetry == SYM_ALL)
        return "";
    if (a->dx == 0)
        return a->dy > 0 ? "f" : "b";
    if (a->dy == 0)
        return "s";
    return a->dy > 0 ? "f" : "b";
}

/* XBoard allows an en-passant capture only on a leg marked 'e'. */
static const char *XbSetup_modality(const MoveAtom *a, bool ep_capturer)
{
    if (a->mode == MODE_CAPTURE)
        return ep_capturer ? "ce" : "c";
    return a->mode == MODE_MOVE ? "m" : "";
}

static void XbSetup_append(char *buf, size_t len, const char *text)
{
    size_t used = strlen(buf);
    if (used + strlen(text) < len)
        strcat(buf, text);
}

static void XbSetup_atomBetza(const MoveAtom *a, bool ep_capturer, char *buf, size_t len)
{
    char term[32];
    bool diagonal = a->dx != 0 && a->dy != 0;
    switch (a->kind) {
        case ATOM_LEAP:
            snprintf(term, sizeof term, "%s%s%s", XbSetup_direction(a),
                     XbSetup_modality(a, ep_capturer), XbSetup_leapLetter(a->dx, a->dy));
            break;
        case ATOM_SLIDE: snprintf(term, sizeof term, "%s", diagonal ? "B" : "R"); break;
        case ATOM_HOP: snprintf(term, sizeof term, "%s", diagonal ? "mBcpB" : "mRcpR"); break;
        case ATOM_BENT:
            /* XBoard's 'y' makes the second leg a rider of the first leg's
         * atom, turned by 'fs' 45 degrees either way: the outward lines.
         * A W leg after an F step (or F after W) draws other lines. */
            snprintf(term, sizeof term, "%s", diagonal ? "FyafsF" : "WyafsW");
            break;
        case ATOM_DOUBLE:
            snprintf(term, sizeof term, "%sfmnD", a->cond == DOUBLE_FROM_START ? "i" : "");
            break;
        default: term[0] = '\0';
    }
    XbSetup_append(buf, len, term);
}

void XbSetup_betza(const PieceKind *k, bool king_jump, char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; i < k->natoms; i++)
        XbSetup_atomBetza(&k->atoms[i], k->flags & PF_EP_CAPTURER, buf, len);
    if (king_jump && (k->flags & PF_KING_JUMP))
        XbSetup_append(buf, len, "imDimAimN");
}

/* The XBoard picture that suits each kind best. Some pictures carry rules
 * of their own in XBoard: a piece shown as the Lance is promoted when it
 * reaches the last rank, so only a promoting piece uses that slot
 * (XbSetup_lanceType). */
static int XbSetup_preferredSlot(PieceKindId id)
{
    switch (id) {
        case KIND_PAWN:
        case KIND_PAWN_FREE:
        case KIND_AN_PAWN: return 0;
        case KIND_KNIGHT:
        case KIND_AN_KNIGHT: return 1;
        case KIND_BISHOP: return 2;
        case KIND_ROOK:
        case KIND_AN_ROOK: return 3;
        case KIND_QUEEN: return 4;
        case KIND_GENERAL: return 5;
        case KIND_ELEPHANT:
        case KIND_AN_ELEPHANT: return 6;
        case KIND_VIZIER: return 7;
        case KIND_BUFFALO: return 8;
        case KIND_MACHINE:
        case KIND_DABBABAH: return 9;
        case KIND_PRINCE: return 10;
        case KIND_CANNON: return 11;
        case KIND_CAMEL: return 12;
        case KIND_SORCERESS: return 13;
        case KIND_LION: return 14;
        case KIND_CROCODILE:
        case KIND_ARCHER: return 15;
        case KIND_DUCHESS: return 16;
        case KIND_EAGLE: return 17;
        case KIND_GIRAFFE: return 7;
        case KIND_SOLDIER: return 19;
        case KIND_RHINOCEROS: return 20;
        default: return -1;
    }
}

/* XBoard 4.9 lets only its Pawn and its Lance promote when it tests
 * legality, whatever the piece command says: the type of ours that
 * promotes besides the Pawn is shown as the Lance. Where two do (the
 * Soldier and the Prince of Zanzibar-XXL), the Soldier, of which each
 * side has eight; a Prince's promotion there needs legality testing off.
 * -1 when no such type. */
static int XbSetup_lanceType(const Variant *v)
{
    int lance = -1;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceKind *k = Variant_kind(v, t);
        bool pawn = XbSetup_preferredSlot(v->types[t]) == 0;
        if (!(k->flags & PF_PROMOTES) || pawn)
            continue;
        if (lance < 0 || (k->flags & PF_PAWNLIKE))
            lance = t;
    }
    return lance;
}

static void XbSetup_pieceTable(const Variant *v, char *table)
{
    char slots[XB_SLOTS];
    memset(slots, '.', sizeof slots);
    int pending[VARIANT_MAX_TYPES], npending = 0;
    int lance = XbSetup_lanceType(v);
    for (int t = 0; t < v->ntypes; t++) {
        const PieceKind *k = Variant_kind(v, t);
        int slot = (k->flags & PF_ROYAL) ? XB_KING_SLOT
            : t == lance                 ? XB_LANCE_SLOT
                                         : XbSetup_preferredSlot(v->types[t]);
        if (slot >= 0 && slots[slot] == '.')
            slots[slot] = k->letter;
        else
            pending[npending++] = t;
    }
    for (int i = 0, s = 0; i < npending; i++) {
        while (s < XB_KING_SLOT && (slots[s] != '.' || s == XB_LANCE_SLOT))
            s++;
        if (s < XB_KING_SLOT)
            slots[s] = Variant_letter(v, pending[i]);
    }
    for (int i = 0; i < XB_SLOTS; i++) {
        table[i] = slots[i];
        table[XB_SLOTS + i] = (char)tolower((unsigned char)slots[i]);
    }
    table[2 * XB_SLOTS] = '\0';
}

void XbSetup_send(FILE *out, const Position *start)
{
    const Variant *v = start->v;
    char table[2 * XB_SLOTS + 1], fen[FEN_MAX], betza[128];
    XbSetup_pieceTable(v, table);
    Fen_write(start, fen, sizeof fen);
    fprintf(out, "setup (%s) %dx%d+0_fairy %s\n", table, v->files, v->ranks, fen);
    for (int t = 0; t < v->ntypes; t++) {
        const PieceKind *k = Variant_kind(v, t);
        XbSetup_betza(k, v->rules & VR_KING_JUMP, betza, sizeof betza);
        fprintf(out, "piece %c& %s\n", k->letter, betza);
    }
}
