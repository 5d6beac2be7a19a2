/* PGN reading: the movetext of each game (NAGs, annotations, variations,
 * clocks) replayed by a builder on a private Game, so that the caller's
 * game only changes once the whole record has been read without error. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/setup.h"
#include "core/status.h"
#include "record/notes.h"
#include "record/pgn.h"
#include "record/pgnscan.h"

/* ---- replaying the main line */

typedef struct {
    Scanner *s;
    Game game;
    GameNotes notes; /* kept only when the caller asks for them */
    bool started, noting;
    bool xboard_ranks; /* ranks counted from 0, as XBoard writes ten-rank boards */
} Builder;

static void Pgn_variantNames(char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; i < VARIANT_COUNT; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", i > 0 ? ", " : "", Variant_get(i)->name);
    }
}

static const Variant *Pgn_variantOf(Scanner *s, const PgnHeader *h)
{
    char names[160];
    Pgn_variantNames(names, sizeof names);
    const char *name = PgnHeader_get(h, "Variant");
    if (name == NULL) {
        Pgn_fail(s, h->line, "the game has no Variant tag naming its game (%s)", names);
        return NULL;
    }
    const Variant *v = Variant_byName(name);
    if (v == NULL)
        Pgn_fail(s, Pgn_tagLine(h, "Variant"), "unknown Variant \"%s\": the games are %s", name,
                 names);
    return v;
}

static bool Pgn_startPosition(Scanner *s, const PgnHeader *h, const Variant *v, Position *start)
{
    const char *setup = PgnHeader_get(h, "SetUp");
    const char *fen = PgnHeader_get(h, "FEN");
    if (setup != NULL && strcmp(setup, "0") != 0 && strcmp(setup, "1") != 0)
        return Pgn_fail(s, Pgn_tagLine(h, "SetUp"), "SetUp must be \"0\" or \"1\", not \"%s\"",
                        setup);
    if (setup != NULL && strcmp(setup, "1") == 0 && fen == NULL)
        return Pgn_fail(s, Pgn_tagLine(h, "SetUp"), "SetUp is \"1\" but the game has no FEN tag");
    if (fen == NULL) {
        Setup_start(start, v);
        return true;
    }
    char why[ERROR_MAX];
    if (!Fen_read(start, v, fen, why, sizeof why))
        return Pgn_fail(s, Pgn_tagLine(h, "FEN"), "the FEN tag is not %s %s position: %s",
                        Variant_article(v), v->title, why);
    return true;
}

static bool Builder_start(Builder *b, const PgnHeader *h)
{
    const Variant *v = Pgn_variantOf(b->s, h);
    Position start;
    bool ok = v != NULL && Pgn_startPosition(b->s, h, v, &start);
    if (ok)
        Game_init(&b->game, &start);
    b->started = ok;
    return ok;
}

static void Pgn_moveLabel(const Position *pos, const char *text, char *buf, size_t len)
{
    snprintf(buf, len, pos->side == WHITE ? "%d. %s" : "%d... %s", pos->fullmove, text);
}

static bool Builder_number(Builder *b, const Token *t)
{
    long n = strlen(t->text) > 9 ? LONG_MAX : strtol(t->text, NULL, 10);
    int expected = b->game.pos.fullmove;
    if (n != expected)
        return Pgn_fail(b->s, t->line, "move number %s where %d was expected", t->text, expected);
    return true;
}

/* The move's squares one rank up: XBoard counts the ranks of a board with
 * ten from 0. */
static void Pgn_fromXboardRanks(const char *text, char *out, size_t len)
{
    size_t o = 0;
    for (const char *c = text; *c && o + 3 < len;) {
        bool square = isalpha((unsigned char)c[0]) && isdigit((unsigned char)c[1]);
        out[o++] = *c++;
        if (square) {
            char *end;
            long rank = strtol(c, &end, 10);
            o += (size_t)snprintf(out + o, len - o, "%ld", rank + 1);
            c = end;
        }
    }
    out[o] = '\0';
}

/* XBoard writes the promotion of a piece it does not know as promoting
 * without the new piece ("Sb12"): read as the Queen, which every game
 * with a choice offers. */
static bool Pgn_xboardPromotion(const Position *pos, const char *text, Move *m)
{
    char form[TOKEN_MAX + 4], why[ERROR_MAX];
    size_t n = strcspn(text, "+#");
    snprintf(form, sizeof form, "%.*s=Q%s", (int)n, text, text + n);
    return Notation_parse(pos, form, m, why, sizeof why) && Movegen_isLegalMove(pos, *m);
}

static bool Builder_move(Builder *b, const Token *t)
{
    char label[TOKEN_MAX + 24], why[ERROR_MAX], text[TOKEN_MAX + 8];
    Move m;
    Pgn_moveLabel(&b->game.pos, t->text, label, sizeof label);
    if (Game_over(&b->game))
        return Pgn_fail(b->s, t->line, "%s comes after the end of the game (%s)", label,
                        Status_reasonText(b->game.status.reason));
    if (b->xboard_ranks)
        Pgn_fromXboardRanks(t->text, text, sizeof text);
    else
        snprintf(text, sizeof text, "%s", t->text);
    if (!Notation_parse(&b->game.pos, text, &m, why, sizeof why)
        && !Pgn_xboardPromotion(&b->game.pos, text, &m))
        return Pgn_fail(b->s, t->line, "%s: %s", label, why);
    if (!Game_play(&b->game, m))
        return Pgn_fail(b->s, t->line, "%s cannot be played here", label);
    return true;
}

/* ---- the movetext of one game */

static bool Pgn_closeVariations(Scanner *s, int depth, int openLine)
{
    if (depth == 0)
        return true;
    return Pgn_fail(s, openLine, "the variation opened here with '(' is never closed with ')'");
}

/* Reads up to the game's result, the next game's tags or the end of the
 * text. Only main-line moves reach the builder (NULL: syntax check only). */
/* A [%clk] read before this token belongs to the move before it, when that
 * is a main-line move. */
static void Builder_clock(Builder *b, Scanner *s, int depth)
{
    if (s->clk_ms >= 0 && depth == 0 && b != NULL && b->game.nmoves > 0)
        Game_setClock(&b->game, b->game.nmoves - 1, s->clk_ms);
    s->clk_ms = -1;
}

/* Comments, NAGs and variations of the main line go to the builder's
 * notes, for the move before them (-1: before the first move). */
static GameNotes *Builder_notes(Builder *b, int depth)
{
    return b != NULL && b->noting && depth == 0 ? &b->notes : NULL;
}

static void Builder_nag(Builder *b, int depth, const Token *t)
{
    char nag[TOKEN_MAX + 8];
    int glyph = Pgn_glyphNag(t->glyph);
    if (glyph > 0)
        snprintf(nag, sizeof nag, "$%d", glyph);
    else
        snprintf(nag, sizeof nag, "%s", t->kind == TOK_NAG ? t->text : "");
    if (Builder_notes(b, depth) != NULL)
        GameNotes_add(&b->notes, b->game.nmoves - 1, NOTE_NAG, nag, strlen(nag));
}

/* The variation from its '(' to just after its ')'. */
static void Builder_variation(Builder *b, const char *open, const char *end)
{
    if (Builder_notes(b, 0) != NULL)
        GameNotes_addVariation(&b->notes, b->game.nmoves - 1, open, end);
}

static bool Pgn_readMovetext(Scanner *s, Builder *b, Token *result)
{
    int depth = 0, openLine = 0;
    const char *open = NULL; /* where the variation being read began */
    result->kind = TOK_END;
    s->clk_ms = -1;
    for (;;) {
        Token t;
        s->notes = Builder_notes(b, depth);
        s->note_ply = b != NULL ? b->game.nmoves - 1 : -1;
        if (!Pgn_nextToken(s, &t))
            return false;
        Builder_clock(b, s, depth);
        switch (t.kind) {
            case TOK_END:
            case TOK_TAG_START: return Pgn_closeVariations(s, depth, openLine);
            case TOK_OPEN:
                if (depth++ == 0) {
                    openLine = t.line;
                    open = s->p - 1;
                }
                break;
            case TOK_CLOSE:
                if (depth == 0)
                    return Pgn_fail(s, t.line, "')' without a matching '('");
                if (--depth == 0)
                    Builder_variation(b, open, s->p);
                break;
            case TOK_NAG:
            case TOK_ANNOTATION: Builder_nag(b, depth, &t); break;
            case TOK_RESULT:
                if (depth > 0)
                    return Pgn_fail(s, t.line, "the result %s stands inside a variation", t.text);
                *result = t;
                return true;
            case TOK_NUMBER:
                if (depth == 0 && b != NULL && !Builder_number(b, &t))
                    return false;
                break;
            case TOK_MOVE:
                if (depth == 0 && b != NULL && !Builder_move(b, &t))
                    return false;
                if (t.glyph[0] != '\0')
                    Builder_nag(b, depth, &t);
                break;
            default: break;
        }
    }
}

static GameResult Pgn_resultOf(const char *text)
{
    if (strcmp(text, "1-0") == 0)
        return RESULT_WHITE_WINS;
    if (strcmp(text, "0-1") == 0)
        return RESULT_BLACK_WINS;
    if (strcmp(text, "1/2-1/2") == 0)
        return RESULT_DRAW;
    return RESULT_NONE;
}

/* A result the moves do not explain was decided off the board. */
static GameReason Pgn_offBoardReason(GameResult r, const char *termination)
{
    GameReason named = Pgn_terminationReason(termination);
    if (named != REASON_NONE && r != RESULT_DRAW)
        return named;
    return r == RESULT_DRAW ? REASON_AGREEMENT : REASON_RESIGNATION;
}

static bool Builder_finish(Builder *b, PgnHeader *h, const Token *result)
{
    const char *tag = PgnHeader_get(h, "Result");
    const char *token = result->kind == TOK_RESULT ? result->text : NULL;
    int line = token != NULL ? result->line : Pgn_tagLine(h, "Result");
    if (tag != NULL && !Pgn_isResult(tag))
        return Pgn_fail(b->s, Pgn_tagLine(h, "Result"),
                        "the Result tag \"%s\" is not 1-0, 0-1, 1/2-1/2 or *", tag);
    if (tag != NULL && token != NULL && strcmp(tag, token) != 0)
        return Pgn_fail(b->s, line, "the moves end with %s but the Result tag says %s", token, tag);
    GameResult given = Pgn_resultOf(token != NULL ? token : tag != NULL ? tag : "*");
    Game *g = &b->game;
    if (Game_over(g) && given != RESULT_NONE && given != g->status.result)
        return Pgn_fail(b->s, line,
                        "the result is given as %s, but the last move ends the game %s (%s)",
                        Status_resultText(given), Status_resultText(g->status.result),
                        Status_reasonText(g->status.reason));
    if (!Game_over(g) && given != RESULT_NONE)
        Game_end(g, given, Pgn_offBoardReason(given, PgnHeader_get(h, "Termination")));
    PgnHeader_set(h, "Result", Status_resultText(g->status.result));
    return true;
}

/* ---- whole texts */

/* Whether any game remains; false with *ok false on a syntax error. */
static bool Pgn_moreGames(Scanner *s, bool *ok)
{
    *ok = Pgn_skipBlank(s);
    return *ok && *s->p != '\0';
}

static bool Pgn_skipGame(Scanner *s, PgnHeader *h)
{
    Token result;
    if (!Pgn_readHeader(s, h) || !Pgn_readMovetext(s, NULL, &result))
        return false;
    if (result.kind == TOK_RESULT && PgnHeader_get(h, "Result") == NULL)
        PgnHeader_set(h, "Result", result.text);
    return true;
}

static bool Pgn_appendHeader(PgnHeader **list, int n, const PgnHeader *h)
{
    PgnHeader *grown = realloc(*list, (size_t)(n + 1) * sizeof **list);
    if (grown == NULL)
        return false;
    grown[n] = *h;
    *list = grown;
    return true;
}

bool Pgn_list(const char *text, PgnHeader **list, int *count, char *err, size_t errlen)
{
    Scanner s;
    Scanner_init(&s, text, err, errlen);
    PgnHeader *h = malloc(sizeof *h), *found = NULL;
    int n = 0;
    bool ok = h != NULL;
    if (!ok)
        snprintf(err, errlen, "out of memory");
    while (ok && Pgn_moreGames(&s, &ok)) {
        ok = Pgn_skipGame(&s, h);
        if (ok && list != NULL && !Pgn_appendHeader(&found, n, h))
            ok = Pgn_fail(&s, h->line, "out of memory");
        n += ok;
    }
    free(h);
    if (!ok || list == NULL)
        free(found);
    else
        *list = found;
    if (ok)
        *count = n;
    return ok;
}

static bool Pgn_readOnce(Scanner *s, Builder *b, PgnHeader *h, bool with_notes)
{
    Token result;
    b->s = s;
    b->started = false;
    b->noting = with_notes;
    GameNotes_init(&b->notes);
    s->notes = with_notes ? &b->notes : NULL; /* a comment before the moves */
    s->note_ply = -1;
    return Pgn_readHeader(s, h) && Builder_start(b, h) && Pgn_readMovetext(s, b, &result)
        && Builder_finish(b, h, &result);
}

/* A game of ten ranks that does not read may be XBoard's, which counts
 * them from 0: read once more so; if that fails too, the first reason. */
static bool Pgn_readEitherRanks(Scanner *s, Builder *b, PgnHeader *h, bool with_notes)
{
    Scanner before = *s;
    b->xboard_ranks = false;
    if (Pgn_readOnce(s, b, h, with_notes))
        return true;
    if (!b->started || b->game.pos.v->ranks != 10)
        return false;
    char first[ERROR_MAX];
    snprintf(first, sizeof first, "%s", s->err);
    Game_free(&b->game);
    GameNotes_free(&b->notes);
    *s = before;
    b->xboard_ranks = true;
    if (Pgn_readOnce(s, b, h, with_notes))
        return true;
    snprintf(s->err, s->errlen, "%s", first);
    return false;
}

static bool Pgn_readChosen(Scanner *s, Game *g, PgnHeader *tags, GameNotes *notes)
{
    PgnHeader *h = malloc(sizeof *h);
    Builder *b = malloc(sizeof *b);
    bool ok = h != NULL && b != NULL;
    if (!ok)
        snprintf(s->err, s->errlen, "out of memory");
    else
        ok = Pgn_readEitherRanks(s, b, h, notes != NULL);
    if (ok) {
        Game_free(g);
        *g = b->game;
        if (tags != NULL)
            *tags = *h;
        if (notes != NULL) {
            GameNotes_free(notes);
            *notes = b->notes;
        }
    } else if (b != NULL && b->started) {
        Game_free(&b->game);
    }
    if (b != NULL && !(ok && notes != NULL))
        GameNotes_free(&b->notes);
    free(h);
    free(b);
    return ok;
}

static bool Pgn_noSuchGame(Scanner *s, int index, int n)
{
    if (n == 0)
        snprintf(s->err, s->errlen, "no game found: the text holds neither tags nor moves");
    else
        snprintf(s->err, s->errlen, "there is no game number %d: the text holds %d game%s",
                 index + 1, n, n == 1 ? "" : "s");
    return false;
}

bool Pgn_read(const char *text, int index, Game *g, PgnHeader *tags, char *err, size_t errlen)
{
    return Pgn_readNotes(text, index, g, tags, NULL, err, errlen);
}

bool Pgn_readNotes(const char *text, int index, Game *g, PgnHeader *tags, GameNotes *notes,
                   char *err, size_t errlen)
{
    Scanner s;
    Scanner_init(&s, text, err, errlen);
    PgnHeader *h = malloc(sizeof *h);
    if (h == NULL) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    int n = 0;
    bool ok = true, found = false;
    while (ok && !found && Pgn_moreGames(&s, &ok)) {
        found = n == index;
        if (!found && (ok = Pgn_skipGame(&s, h)))
            n++;
    }
    free(h);
    if (!ok)
        return false;
    if (!found)
        return Pgn_noSuchGame(&s, index, n);
    return Pgn_readChosen(&s, g, tags, notes);
}
