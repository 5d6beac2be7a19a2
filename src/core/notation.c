/* Move text both ways. Writing: coordinates and our short algebraic form.
 * Reading: either form is matched against the legal moves, and a failed
 * match is explained in terms of the rule that forbids it. */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "movegen.h"

/* Arabian Nights promotions are automatic, so their moves carry no letter. */
static bool Notation_promotionIsChosen(const Position *pos)
{
    return pos->geo->npromos > 0;
}

void Notation_coord(const Position *pos, Move m, char *buf)
{
    char from[4], to[4];
    Position_cellName(pos, MOVE_FROM(m), from);
    Position_cellName(pos, MOVE_TO(m), to);
    int n = sprintf(buf, "%s%s", from, to);
    if (MOVE_PROMO(m) >= 0 && Notation_promotionIsChosen(pos))
        buf[n++] = (char)tolower((unsigned char)Variant_letter(pos->v, MOVE_PROMO(m))), buf[n] = 0;
    if (MOVE_FLY(m) >= 0) {
        char fly[4];
        Position_cellName(pos, pos->geo->carpet_cell[MOVE_FLY(m)], fly);
        strcpy(buf + n, fly);
    }
}

static bool Notation_isPawnKind(const Position *pos, int type)
{
    PieceKindId k = pos->v->types[type];
    return k == KIND_PAWN || k == KIND_PAWN_FREE || k == KIND_AN_PAWN;
}

static bool Notation_isCapture(const Position *pos, Move m)
{
    return IS_PIECE(pos->board[MOVE_TO(m)]) || (MOVE_FLAGS(m) & MF_EP);
}

typedef struct {
    bool need_file, need_rank;
} Disambiguation;

/* Which part of the from-square tells this move apart from its twins. */
static Disambiguation Notation_disambiguate(const Position *pos, const MoveList *legal, Move m)
{
    Disambiguation d = {false, false};
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    uint8_t piece = pos->board[from];
    bool twin = false, same_file = false, same_rank = false;
    for (int i = 0; i < legal->count; i++) {
        int other = MOVE_FROM(legal->moves[i]);
        if (MOVE_TO(legal->moves[i]) != to || other == from || pos->board[other] != piece)
            continue;
        twin = true;
        same_file |= pos->geo->cell_file[other] == pos->geo->cell_file[from];
        same_rank |= pos->geo->cell_rank[other] == pos->geo->cell_rank[from];
    }
    if (!twin)
        return d;
    if (!same_file)
        d.need_file = true;
    else if (!same_rank)
        d.need_rank = true;
    else
        d.need_file = d.need_rank = true;
    return d;
}

static int Notation_writeBody(const Position *pos, Move m, Disambiguation d, bool with_x, char *buf)
{
    int from = MOVE_FROM(m), type = PIECE_TYPE(pos->board[from]);
    char fromname[4], toname[4];
    Position_cellName(pos, from, fromname);
    Position_cellName(pos, MOVE_TO(m), toname);
    int n = 0;
    bool pawn = Notation_isPawnKind(pos, type);
    if (!pawn)
        buf[n++] = Variant_letter(pos->v, type);
    if (d.need_file || (pawn && with_x))
        buf[n++] = fromname[0];
    if (d.need_rank)
        n += sprintf(buf + n, "%s", fromname + 1);
    if (with_x)
        buf[n++] = 'x';
    n += sprintf(buf + n, "%s", toname);
    if (MOVE_PROMO(m) >= 0)
        n += sprintf(buf + n, "=%c", Variant_letter(pos->v, MOVE_PROMO(m)));
    if (MOVE_FLY(m) >= 0) {
        char fly[4];
        Position_cellName(pos, pos->geo->carpet_cell[MOVE_FLY(m)], fly);
        n += sprintf(buf + n, ">%s", fly);
    }
    buf[n] = 0;
    return n;
}

static void Notation_sanWith(const Position *pos, const MoveList *legal, Move m, char *buf)
{
    int n = Notation_writeBody(pos, m, Notation_disambiguate(pos, legal, m),
                               Notation_isCapture(pos, m), buf);
    Position after = *pos;
    Undo u;
    Position_make(&after, m, &u);
    if (Position_inCheck(&after)) {
        bool mate = Movegen_countLegal(&after) == 0;
        buf[n++] = mate ? '#' : '+';
        buf[n] = 0;
    }
}

void Notation_san(const Position *pos, Move m, char *buf)
{
    MoveList legal;
    Movegen_legal(pos, &legal);
    Notation_sanWith(pos, &legal, m, buf);
}

/* --- reading ------------------------------------------------------------ */

/* Trims the word and its trailing check or comment marks ("e2e4+",
 * "Nc3!?") and drops the dashes of "e2-e4"; false if it does not fit,
 * since a cut word could end in a move whose junk was cut off. */
static bool Notation_normalise(const char *text, char *out, size_t outlen)
{
    size_t n = 0;
    while (isspace((unsigned char)*text))
        text++;
    for (; *text; text++) {
        if (*text == '-')
            continue;
        if (n + 1 >= outlen)
            return false;
        out[n++] = *text;
    }
    while (n > 0 && (strchr("+#!?", out[n - 1]) || isspace((unsigned char)out[n - 1])))
        n--;
    out[n] = 0;
    return true;
}

typedef struct {
    int from, to, promo, fly; /* promo: type or -1; fly: slot or -1 */
    bool promo_given, fly_given;
    const char *rest; /* what follows the move, "" if nothing */
} CoordMove;

/* Reads two squares and then an optional promotion letter or flight
 * square; false if the text does not start with two squares. Anything
 * after that is left in cm->rest for the caller to refuse. */
static bool Notation_parseCoord(const Position *pos, const char *text, CoordMove *cm)
{
    const char *p = text;
    cm->from = Position_parseCell(pos, &p);
    if (cm->from < 0)
        return false;
    if (*p == 'x') /* long algebraic's capture mark: e4xf5 */
        p++;
    cm->to = Position_parseCell(pos, &p);
    if (cm->to < 0)
        return false;
    cm->promo = -1;
    cm->fly = -1;
    cm->promo_given = cm->fly_given = false;
    const char *start = p;
    if (*p == '=')
        p++;
    int fly = Position_parseCell(pos, &p);
    if (fly >= 0 && Position_carpetSlot(pos, fly) >= 0) {
        cm->fly_given = true;
        cm->fly = Position_carpetSlot(pos, fly);
    } else if (fly >= 0) {
        p = start; /* a square that is no carpet place is not understood */
    } else if (isalpha((unsigned char)*p) && Variant_typeOfLetter(pos->v, *p) >= 0) {
        cm->promo_given = true;
        cm->promo = Variant_typeOfLetter(pos->v, *p++);
    } else {
        p = start;
    }
    cm->rest = p;
    return true;
}

static bool Notation_matchesCoord(const Position *pos, Move m, const CoordMove *cm)
{
    if (MOVE_FROM(m) != cm->from || MOVE_TO(m) != cm->to || MOVE_FLY(m) != cm->fly)
        return false;
    /* An automatic promotion may be named, but only as what it becomes. */
    if (!Notation_promotionIsChosen(pos) && !cm->promo_given)
        return true;
    return MOVE_PROMO(m) == cm->promo;
}

static const char *Notation_sideName(int side)
{
    return side == WHITE ? "White" : "Black";
}

static void Notation_promoChoices(const Position *pos, char *buf)
{
    int n = 0;
    buf[0] = 0;
    for (int i = 0; i < pos->geo->npromos; i++) {
        if (i)
            n += sprintf(buf + n, ", ");
        buf[n++] = (char)tolower((unsigned char)Variant_letter(pos->v, pos->geo->promos[i]));
        buf[n] = 0;
    }
}

static const char *Notation_article(const char *name)
{
    return strchr("AEIOU", name[0]) ? "an" : "a";
}

/* A piece of the game that a Pawn may not become, named, with the choices. */
static bool Notation_badPromotion(const Position *pos, int type, char *err, size_t errlen)
{
    char choices[64];
    Notation_promoChoices(pos, choices);
    if (!Notation_promotionIsChosen(pos))
        return Error_set(err, errlen, "a Pawn here promotes by itself to the piece the rules name");
    const char *name = Variant_kind(pos->v, type)->name;
    return Error_set(err, errlen, "%s %s is not a promotion choice; choose one of %s",
                     Notation_article(name), name, choices);
}

static bool Notation_isPromoChoice(const Position *pos, int type)
{
    for (int i = 0; i < pos->geo->npromos; i++)
        if (pos->geo->promos[i] == type)
            return true;
    return false;
}

/* Writes why a two-square King move is refused; false if it is no jump. */
static bool Notation_explainJump(const Position *pos, int from, int to, char *err, size_t errlen)
{
    const Geometry *g = pos->geo;
    int dx = g->cell_file[to] - g->cell_file[from], dy = g->cell_rank[to] - g->cell_rank[from];
    int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    if ((adx > ady ? adx : ady) != 2 || !(pos->v->rules & VR_KING_JUMP))
        return false;
    if (!(pos->rights >> pos->side & 1))
        Error_set(err, errlen, "the King has already moved, so it may no longer jump");
    else if (Position_inCheck(pos))
        Error_set(err, errlen, "the King may not jump while it is in check");
    else if (pos->board[to] != CELL_EMPTY)
        Error_set(err, errlen, "a King jump must land on an empty square");
    else
        Error_set(err, errlen, "the King may not jump across an attacked square");
    return true;
}

/* Why the coordinates name no legal move, in the terms of the rules. */
static bool Notation_explainCoord(const Position *pos, const CoordMove *cm, char *err,
                                  size_t errlen)
{
    char from[4], to[4], choices[64];
    Position_cellName(pos, cm->from, from);
    Position_cellName(pos, cm->to, to);
    uint8_t p = pos->board[cm->from];
    if (!IS_PIECE(p))
        return Error_set(err, errlen, "there is no piece on %s", from);
    if (PIECE_COLOR(p) != pos->side)
        return Error_set(err, errlen, "the piece on %s is %s's, and it is %s's move", from,
                         Notation_sideName(PIECE_COLOR(p)), Notation_sideName(pos->side));
    const char *name = Variant_kind(pos->v, PIECE_TYPE(p))->name;
    MoveList pseudo;
    Movegen_pseudo(pos, &pseudo);
    bool reachable = false, promotes = false, lands_on_carpet = false;
    for (int i = 0; i < pseudo.count; i++) {
        Move m = pseudo.moves[i];
        if (MOVE_FROM(m) != cm->from || MOVE_TO(m) != cm->to)
            continue;
        reachable = true;
        promotes |= MOVE_PROMO(m) >= 0;
        lands_on_carpet |= MOVE_FLY(m) >= 0;
        if (Notation_matchesCoord(pos, m, cm))
            return Error_set(err, errlen, "%s%s would leave your %s in check", from, to,
                             Variant_kind(pos->v, pos->geo->royal_type)->name);
    }
    if (!reachable && PIECE_TYPE(p) == pos->geo->royal_type
        && Notation_explainJump(pos, cm->from, cm->to, err, errlen))
        return false;
    if (!reachable)
        return Error_set(err, errlen, "the %s on %s cannot move to %s", name, from, to);
    Notation_promoChoices(pos, choices);
    if (promotes && Notation_promotionIsChosen(pos) && !cm->promo_given)
        return Error_set(err, errlen,
                         "this move promotes: add the new piece, one of %s (e.g. %s%s%c)", choices,
                         from, to, choices[0]);
    if (promotes && Notation_promotionIsChosen(pos))
        return Notation_badPromotion(pos, cm->promo, err, errlen);
    if (cm->promo_given && !promotes)
        return Error_set(err, errlen, "%s%s is not a promotion", from, to);
    if (cm->promo_given)
        return Error_set(err, errlen, "%s%s promotes by itself to the piece the rules name", from,
                         to);
    if (cm->fly_given && !lands_on_carpet)
        return Error_set(err, errlen, "only a move that lands on a carpet can fly it");
    if (cm->fly_given)
        return Error_set(err, errlen,
                         "a carpet can only fly to a free carpet place (a3-a7, k3-k7)");
    return Error_set(err, errlen, "%s%s is not a legal move", from, to);
}

/* What may follow a move's two squares in this game: a promotion letter
 * where promotions are chosen, a flight square where there are carpets. */
static const char *Notation_coordTail(const Position *pos)
{
    if (pos->v->rules & VR_CARPETS)
        return "a move is two squares, then a flight square when it lands on a carpet";
    if (Notation_promotionIsChosen(pos))
        return "a move is two squares, then the new piece's letter when it promotes";
    return "a move is two squares";
}

static bool Notation_parseAsCoord(const Position *pos, const MoveList *legal, const char *text,
                                  Move *out, char *err, size_t errlen, bool *was_coord)
{
    CoordMove cm;
    *was_coord = Notation_parseCoord(pos, text, &cm);
    if (!*was_coord)
        return false;
    if (*cm.rest) {
        int used = (int)(cm.rest - text);
        return Error_set(err, errlen, "'%s' after %.*s was not understood: %s", cm.rest, used, text,
                         Notation_coordTail(pos));
    }
    for (int i = 0; i < legal->count; i++) {
        if (Notation_matchesCoord(pos, legal->moves[i], &cm)) {
            *out = legal->moves[i];
            return true;
        }
    }
    return Notation_explainCoord(pos, &cm, err, errlen);
}

/* Whether text starts with the n characters of form, as typed or blind to
 * case. */
static bool Notation_samePrefix(const char *form, const char *text, size_t n, bool any_case)
{
    for (size_t i = 0; i < n; i++) {
        char a = form[i], b = text[i];
        if (b == 0 || (any_case ? tolower((unsigned char)a) != tolower((unsigned char)b) : a != b))
            return false;
    }
    return true;
}

/* The length of form if text starts with it, else 0. */
static size_t Notation_formLength(const char *form, const char *text, bool any_case)
{
    size_t n = strlen(form);
    return Notation_samePrefix(form, text, n, any_case) ? n : 0;
}

/* The longest of form, form without the '=' of its promotion ("e10Q"),
 * and form without the whole promotion where the game promotes by itself,
 * that starts text (0: none). */
static size_t Notation_promotionForms(const Position *pos, char *form, const char *text,
                                      bool any_case)
{
    size_t best = Notation_formLength(form, text, any_case), n;
    char *eq = strchr(form, '=');
    if (!eq)
        return best;
    memmove(eq, eq + 1, strlen(eq + 1) + 1);
    if ((n = Notation_formLength(form, text, any_case)) > best)
        best = n;
    if (Notation_promotionIsChosen(pos))
        return best;
    memmove(eq, eq + 1, strlen(eq + 1) + 1);
    if ((n = Notation_formLength(form, text, any_case)) > best)
        best = n;
    return best;
}

/* Every way we accept to write a move in short algebraic form: any amount
 * of from-square detail, 'x' optional, a Pawn's letter optional ("Pe4xf5"),
 * '=' optional; ambiguity is caught by the caller. Returns the length of
 * the longest form that starts text (0: none), so that a whole match (the
 * length of text) is told from a move followed by junk. */
static size_t Notation_sanMatchLength(const Position *pos, Move m, const char *text, bool any_case)
{
    static const Disambiguation forms[4] = {
        {false, false}, {true, false}, {false, true}, {true, true}};
    char buf[MOVE_TEXT_MAX];
    int type = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
    size_t lead = Notation_isPawnKind(pos, type) && text[0] == Variant_letter(pos->v, type);
    bool capture = Notation_isCapture(pos, m);
    size_t best = 0;
    for (int f = 0; f < 4; f++) {
        for (int x = 0; x <= (int)capture; x++) {
            Notation_writeBody(pos, m, forms[f], x == 1, buf);
            size_t n = Notation_promotionForms(pos, buf, text + lead, any_case);
            if (n > 0 && n + lead > best)
                best = n + lead;
        }
    }
    return best;
}

typedef struct {
    int count;
    Move first;
    char alt[2][MOVE_TEXT_MAX]; /* the first two, in coordinates */
    size_t longest;             /* the longest move that only starts the text */
} SanFound;

/* The moves the text names. SAN's capitals are pieces and its small letters
 * files, so the text is read as typed first: "bc3" is a b-Pawn taking on c3
 * whenever one can. Only text that names no move that way is read blind to
 * case, so that "nc3" finds the Knight and "bc3" the Bishop. */
static void Notation_findSan(const Position *pos, const MoveList *moves, const char *text,
                             SanFound *f)
{
    size_t len = strlen(text);
    f->count = 0;
    f->first = MOVE_NONE;
    f->longest = 0;
    for (int any_case = 0; any_case <= 1 && f->count == 0; any_case++) {
        for (int i = 0; i < moves->count; i++) {
            size_t n = Notation_sanMatchLength(pos, moves->moves[i], text, any_case);
            if (n != len) {
                f->longest = n > f->longest ? n : f->longest;
                continue;
            }
            if (f->count < 2)
                Notation_coord(pos, moves->moves[i], f->alt[f->count]);
            if (!f->count)
                f->first = moves->moves[i];
            f->count++;
        }
    }
}

/* What short algebraic text says, as far as explaining a refusal needs. */
typedef struct {
    int type;    /* the piece type named, PAWN_TYPES for any Pawn, or NO_SUCH_TYPE */
    char letter; /* the piece letter as written, 0 for a Pawn */
    char file;   /* a small letter also read as a Pawn's file, else 0 */
    int to;
    bool capture; /* 'x' written */
    int promo;    /* the type after '=', NO_SUCH_TYPE for a letter of no piece, or -1 */
} SanText;

#define PAWN_TYPES (-1)
#define NO_SUCH_TYPE (-2)

/* The target square ends the text, before any "=Q" or ">k5". */
static int Notation_sanTarget(const Position *pos, char *body)
{
    body[strcspn(body, "=>")] = 0;
    size_t len = strlen(body);
    for (size_t cut = 3; cut >= 2; cut--) {
        if (len < cut)
            continue;
        const char *p = body + len - cut;
        int cell = Position_parseCell(pos, &p);
        if (cell >= 0 && *p == 0) {
            body[len - cut] = 0;
            return cell;
        }
    }
    return -1;
}

static bool Notation_isType(const Position *pos, int cell, int type)
{
    uint8_t p = pos->board[cell];
    if (!IS_PIECE(p) || PIECE_COLOR(p) != pos->side)
        return false;
    return type == PAWN_TYPES ? Notation_isPawnKind(pos, PIECE_TYPE(p)) : PIECE_TYPE(p) == type;
}

static bool Notation_ownsFile(const Position *pos, char file)
{
    for (int c = 0; c < MAX_CELLS; c++)
        if (pos->geo->cell_file[c] == file - 'a' && Notation_isType(pos, c, PAWN_TYPES))
            return true;
    return false;
}

static bool Notation_owns(const Position *pos, int type)
{
    for (int c = 0; c < MAX_CELLS; c++)
        if (Notation_isType(pos, c, type))
            return true;
    return false;
}

/* A leading capital names a piece. A small letter that is also a file
 * ("bd3") names the piece if the mover has one, else that file's Pawn. */
static bool Notation_readSan(const Position *pos, const char *text, SanText *st)
{
    char body[MOVE_TEXT_MAX * 2];
    snprintf(body, sizeof body, "%s", text);
    const char *equals = strchr(text, '=');
    st->promo = -1;
    if (equals && isalpha((unsigned char)equals[1])) {
        st->promo = Variant_typeOfLetter(pos->v, equals[1]);
        st->promo = st->promo < 0 ? NO_SUCH_TYPE : st->promo;
    }
    st->to = Notation_sanTarget(pos, body);
    if (st->to < 0)
        return false;
    size_t len = strlen(body);
    st->capture = len > 0 && body[len - 1] == 'x';
    st->type = PAWN_TYPES;
    st->letter = st->file = 0;
    char c = body[0];
    if (!isalpha((unsigned char)c))
        return true;
    int type = Variant_typeOfLetter(pos->v, c);
    if (type < 0)
        type = NO_SUCH_TYPE;
    else if (Notation_isPawnKind(pos, type))
        type = PAWN_TYPES;
    bool small = islower((unsigned char)c), file = len <= 2 && Notation_ownsFile(pos, c);
    if (small && (type == NO_SUCH_TYPE || (file && !Notation_owns(pos, type))))
        return true; /* a file, as the "e" of "ed5" */
    st->letter = (char)toupper((unsigned char)c);
    st->type = type;
    st->file = small && file ? c : 0;
    return true;
}

static const char *Notation_typeName(const Position *pos, int type)
{
    if (type != PAWN_TYPES)
        return Variant_kind(pos->v, type)->name;
    for (int t = 0; t < pos->v->ntypes; t++)
        if (Notation_isPawnKind(pos, t))
            return Variant_kind(pos->v, t)->name;
    return "Pawn";
}

/* The mover's only piece of a type, or -1 (none, or several). */
static int Notation_onlyPiece(const Position *pos, int type, int *count)
{
    int found = -1;
    *count = 0;
    for (int c = 0; c < MAX_CELLS; c++)
        if (Notation_isType(pos, c, type) && ++*count == 1)
            found = c;
    return *count == 1 ? found : -1;
}

/* The legal moves of the type that reach the target, for "did you mean". */
static int Notation_reaching(const Position *pos, const MoveList *legal, const SanText *st,
                             char *buf)
{
    int n = 0;
    buf[0] = 0;
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        if (MOVE_TO(m) != st->to || !Notation_isType(pos, MOVE_FROM(m), st->type))
            continue;
        if (n++ == 0)
            Notation_sanWith(pos, legal, m, buf);
    }
    return n;
}

/* The legal moves of other pieces to the target, as "did you mean If7?"
 * after what is wrong ("" when there are none). */
static void Notation_otherPieces(const Position *pos, const MoveList *legal, const SanText *st,
                                 char *buf, size_t len)
{
    char san[2][MOVE_TEXT_MAX];
    int n = 0;
    for (int i = 0; i < legal->count && n < 2; i++) {
        Move m = legal->moves[i];
        if (MOVE_TO(m) == st->to && !Notation_isType(pos, MOVE_FROM(m), st->type))
            Notation_sanWith(pos, legal, m, san[n++]);
    }
    if (n == 0)
        snprintf(buf, len, "%s", "");
    else if (n == 1)
        snprintf(buf, len, "; did you mean %s?", san[0]);
    else
        snprintf(buf, len, "; did you mean %s or %s?", san[0], san[1]);
}

/* Why the piece the text names cannot make the move, into why. The
 * callers put the move's text before it: "Nc6: no Knight can reach c6". */
static void Notation_explainPiece(const Position *pos, const MoveList *legal, const char *text,
                                  const SanText *st, char *why, size_t whylen)
{
    char to[4], also[MOVE_TEXT_MAX], other[2 * MOVE_TEXT_MAX + 24];
    Position_cellName(pos, st->to, to);
    const char *name = Notation_typeName(pos, st->type);
    uint8_t target = pos->board[st->to];
    int count, only = Notation_onlyPiece(pos, st->type, &count);
    Notation_otherPieces(pos, legal, st, other, sizeof other);
    if (count == 0)
        Error_set(why, whylen, "%s, to move, has no %s%s", Notation_sideName(pos->side), name,
                  other);
    else if (IS_PIECE(target) && PIECE_COLOR(target) == pos->side)
        Error_set(why, whylen, "%s holds your own %s", to,
                  Variant_kind(pos->v, PIECE_TYPE(target))->name);
    else if (st->type == pos->geo->royal_type && only >= 0
             && Notation_explainJump(pos, only, st->to, why, whylen))
        return;
    else if (st->capture && !IS_PIECE(target) && st->type != PAWN_TYPES)
        Error_set(why, whylen, "there is nothing to take on %s", to);
    else if (Notation_reaching(pos, legal, st, also) > 0 && strcmp(also, text) != 0)
        Error_set(why, whylen, "did you mean %s?", also);
    else if (st->file)
        Error_set(why, whylen, "neither %s %s nor a %c-file Pawn can reach %s%s",
                  Notation_article(name), name, st->file, to, other);
    else
        Error_set(why, whylen, "no %s can reach %s%s", name, to, other);
}

/* Text that ends in no square: most often a square typed in capitals,
 * explained as the same text in small letters. */
static bool Notation_explainUnread(const Position *pos, const char *text, char *err, size_t errlen)
{
    char lower[MOVE_TEXT_MAX * 2];
    size_t n = 0;
    for (; text[n] && n + 1 < sizeof lower; n++)
        lower[n] = (char)tolower((unsigned char)text[n]);
    lower[n] = 0;
    Move m;
    if (strcmp(lower, text) == 0)
        return Error_set(err, errlen,
                         "'%s' is not a legal move here (write moves like e2e4 or Nc3)", text);
    if (!Notation_parse(pos, lower, &m, err, errlen))
        return false;
    char san[MOVE_TEXT_MAX];
    Notation_san(pos, m, san);
    return Error_set(err, errlen, "squares are written in small letters: did you mean %s?", san);
}

/* Whether the text is the start of a legal move's SAN ("gxf12" of
 * "gxf12=Q"), as typed. */
static bool Notation_startsSan(const Position *pos, const MoveList *legal, const char *text)
{
    char san[MOVE_TEXT_MAX];
    for (int i = 0; i < legal->count; i++) {
        Notation_sanWith(pos, legal, legal->moves[i], san);
        if (strncmp(san, text, strlen(text)) == 0)
            return true;
    }
    return false;
}

/* A move the other side could make, named with a piece the mover lacks or
 * onto the mover's own piece: the player forgot whose turn it is. */
static bool Notation_explainTurn(const Position *pos, const SanText *st, const char *text,
                                 char *err, size_t errlen)
{
    int count;
    uint8_t target = pos->board[st->to];
    Notation_onlyPiece(pos, st->type, &count);
    if (count > 0 && !(IS_PIECE(target) && PIECE_COLOR(target) == pos->side))
        return false;
    Position other = *pos;
    other.side = (uint8_t)!pos->side;
    other.ep = 0;
    MoveList legal;
    SanFound f;
    Movegen_legal(&other, &legal);
    Notation_findSan(&other, &legal, text, &f);
    if (f.count == 0 && !Notation_startsSan(&other, &legal, text))
        return false;
    Error_set(err, errlen, "it is %s's move, and %s would be %s's", Notation_sideName(pos->side),
              text, Notation_sideName(other.side));
    return true;
}

/* Why well-formed short algebraic text names no legal move, in the terms
 * of the rule that forbids it, as coordinates are explained. */
static bool Notation_explainSan(const Position *pos, const MoveList *legal, const char *text,
                                char *err, size_t errlen)
{
    SanText st;
    if (!Notation_readSan(pos, text, &st))
        return Notation_explainUnread(pos, text, err, errlen);
    if (st.type == NO_SUCH_TYPE)
        return Error_set(err, errlen, "%s has no piece written %c", pos->v->title, st.letter);
    if (Notation_explainTurn(pos, &st, text, err, errlen))
        return false;
    if (st.promo == NO_SUCH_TYPE)
        return Error_set(err, errlen, "%s has no piece written %c", pos->v->title,
                         toupper((unsigned char)strchr(text, '=')[1]));
    if (st.promo >= 0 && !Notation_isPromoChoice(pos, st.promo))
        return Notation_badPromotion(pos, st.promo, err, errlen);
    MoveList pseudo;
    SanFound f;
    Movegen_pseudo(pos, &pseudo);
    Notation_findSan(pos, &pseudo, text, &f);
    if (f.count > 0)
        return Error_set(err, errlen, "your %s would be in check",
                         Variant_kind(pos->v, pos->geo->royal_type)->name);
    Notation_explainPiece(pos, legal, text, &st, err, errlen);
    return false;
}

static bool Notation_parseAsSan(const Position *pos, const MoveList *legal, const char *text,
                                Move *out, char *err, size_t errlen)
{
    SanFound f;
    Notation_findSan(pos, legal, text, &f);
    if (f.count == 1) {
        *out = f.first;
        return true;
    }
    if (f.count > 1)
        return Error_set(err, errlen, "'%s' is ambiguous: it could be %s or %s", text, f.alt[0],
                         f.alt[1]);
    if (f.longest > 0)
        return Error_set(err, errlen, "'%s' after %.*s was not understood: a move is one word",
                         text + f.longest, (int)f.longest, text);
    return Notation_explainSan(pos, legal, text, err, errlen);
}
bool Notation_isCastling(const char *text)
{
    char norm[8];
    if (!text || !Notation_normalise(text, norm, sizeof norm))
        return false;
    for (size_t i = 0; norm[i]; i++)
        norm[i] = (char)tolower((unsigned char)norm[i]);
    return strcmp(norm, "oo") == 0 || strcmp(norm, "ooo") == 0 || strcmp(norm, "00") == 0
        || strcmp(norm, "000") == 0;
}

static bool Notation_explainCastling(const Position *pos, char *err, size_t errlen)
{
    if (pos->v->rules & VR_KING_JUMP)
        return Error_set(err, errlen,
                         "there is no castling in %s: a King that has not moved may jump two "
                         "squares instead",
                         pos->v->title);
    return Error_set(err, errlen, "there is no castling in %s", pos->v->title);
}

bool Notation_parse(const Position *pos, const char *text, Move *out, char *err, size_t errlen)
{
    if (Notation_isCastling(text))
        return Notation_explainCastling(pos, err, errlen);
    char norm[MOVE_TEXT_MAX * 2];
    if (!Notation_normalise(text ? text : "", norm, sizeof norm))
        return Error_set(err, errlen, "the move text is too long to be a move");
    if (!norm[0])
        return Error_set(err, errlen, "no move given");
    MoveList legal;
    Movegen_legal(pos, &legal);
    if (legal.count == 0)
        return Error_set(err, errlen, "there is no legal move: the game is over");
    bool was_coord;
    if (Notation_parseAsCoord(pos, &legal, norm, out, err, errlen, &was_coord))
        return true;
    if (was_coord)
        return false;
    return Notation_parseAsSan(pos, &legal, norm, out, err, errlen);
}
