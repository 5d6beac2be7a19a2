/* PGN tag pairs and PGN writing: the seven-tag roster plus our Variant,
 * SetUp, FEN and TimeControl tags, then numbered movetext in the program's
 * short algebraic form, wrapped to fit an 80-column screen. */
#include "record/pgn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/notation.h"
#include "core/status.h"

#define PGN_LINE_WIDTH 79

void PgnHeader_init(PgnHeader *h)
{
    memset(h, 0, sizeof *h);
}

const char *PgnHeader_get(const PgnHeader *h, const char *name)
{
    for (int i = 0; i < h->ntags; i++)
        if (strcmp(h->tags[i].name, name) == 0)
            return h->tags[i].value;
    return NULL;
}

bool PgnHeader_set(PgnHeader *h, const char *name, const char *value)
{
    if (strlen(name) >= PGN_NAME_MAX)
        return false;
    PgnTag *tag = NULL;
    for (int i = 0; i < h->ntags && tag == NULL; i++)
        if (strcmp(h->tags[i].name, name) == 0)
            tag = &h->tags[i];
    if (tag == NULL) {
        if (h->ntags == PGN_MAX_TAGS)
            return false;
        tag = &h->tags[h->ntags++];
        snprintf(tag->name, sizeof tag->name, "%s", name);
    }
    snprintf(tag->value, sizeof tag->value, "%s", value);
    for (char *c = tag->value; *c != '\0'; c++)
        if ((unsigned char)*c < ' ')
            *c = ' ';
    tag->line = 0;
    return true;
}

/* ---- a growing text buffer; one failed allocation fails the whole text */

typedef struct {
    char *buf;
    size_t len, cap;
    bool failed;
} Text;

static void Text_add(Text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (t->len + n + 1 > cap)
            cap *= 2;
        char *grown = realloc(t->buf, cap);
        if (grown == NULL) {
            t->failed = true;
            return;
        }
        t->buf = grown;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = '\0';
}

static void Text_str(Text *t, const char *s)
{
    Text_add(t, s, strlen(s));
}

/* ---- tags */

typedef struct {
    const char *name;
    const char *fallback; /* NULL: always computed from the game */
} RosterTag;

static const RosterTag ROSTER[] = {
    {"Event", "Casual game"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "-"},
    {"White", "?"},           {"Black", "?"}, {"Result", NULL},       {"Variant", NULL},
    {"SetUp", NULL},          {"FEN", NULL},  {"TimeControl", "-"},   {"Termination", NULL},
};
#define ROSTER_LEN (sizeof ROSTER / sizeof ROSTER[0])

static bool PgnHeader_inRoster(const char *name)
{
    for (size_t i = 0; i < ROSTER_LEN; i++)
        if (strcmp(ROSTER[i].name, name) == 0)
            return true;
    return false;
}

/* Quotes and backslashes are escaped; PgnHeader_set already made every
 * control character a space, so no line break can end the tag early. */
static void PgnHeader_writeTag(Text *t, const char *name, const char *value)
{
    Text_str(t, "[");
    Text_str(t, name);
    Text_str(t, " \"");
    for (const char *p = value; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\')
            Text_add(t, "\\", 1);
        Text_add(t, p, 1);
    }
    Text_str(t, "\"]\n");
}

/* The endings PGN names in its Termination tag; every other ending on or
 * off the board is "normal". */
static const struct {
    GameReason reason;
    const char *text;
} TERMINATIONS[] = {
    {REASON_TIME, "time forfeit"},
    {REASON_ABANDONED, "abandoned"},
};
#define TERMINATIONS_LEN (sizeof TERMINATIONS / sizeof TERMINATIONS[0])

const char *Pgn_terminationText(GameReason reason)
{
    for (size_t i = 0; i < TERMINATIONS_LEN; i++)
        if (TERMINATIONS[i].reason == reason)
            return TERMINATIONS[i].text;
    return "normal";
}

GameReason Pgn_terminationReason(const char *text)
{
    for (size_t i = 0; text != NULL && i < TERMINATIONS_LEN; i++)
        if (strcmp(TERMINATIONS[i].text, text) == 0)
            return TERMINATIONS[i].reason;
    return REASON_NONE;
}

static const char *PgnHeader_terminationOf(const Game *g)
{
    return g->status.result == RESULT_NONE ? NULL : Pgn_terminationText(g->status.reason);
}

/* What PgnHeader_computedTag gives for a tag the game must not have. */
static const char PGN_NO_TAG[] = "";

/* The tags the game itself decides; NULL for tags taken from the caller. */
static const char *PgnHeader_computedTag(const Game *g, const char *name, char *fen, size_t fenlen)
{
    if (strcmp(name, "Result") == 0)
        return Status_resultText(g->status.result);
    if (strcmp(name, "Variant") == 0)
        return g->start.v->name;
    if (strcmp(name, "SetUp") == 0 || strcmp(name, "FEN") == 0) {
        /* A game from the standard start needs neither. */
        Fen_write(&g->start, fen, fenlen);
        if (strcmp(fen, g->start.v->start_fen) == 0)
            return PGN_NO_TAG;
        return strcmp(name, "SetUp") == 0 ? "1" : fen;
    }
    return NULL;
}

static void PgnHeader_writeTags(Text *t, const Game *g, const PgnHeader *tags)
{
    char fen[FEN_MAX];
    for (size_t i = 0; i < ROSTER_LEN; i++) {
        const RosterTag *r = &ROSTER[i];
        const char *value = PgnHeader_computedTag(g, r->name, fen, sizeof fen);
        if (strcmp(r->name, "Termination") == 0 && g->status.result != RESULT_NONE)
            value = PgnHeader_terminationOf(g);
        else if (strcmp(r->name, "Termination") == 0) /* another program's word for it */
            value = tags != NULL ? PgnHeader_get(tags, r->name) : NULL;
        else if (value == NULL)
            value = tags != NULL && PgnHeader_get(tags, r->name) != NULL
                ? PgnHeader_get(tags, r->name)
                : r->fallback;
        if (value != NULL && value != PGN_NO_TAG)
            PgnHeader_writeTag(t, r->name, value);
    }
    for (int i = 0; tags != NULL && i < tags->ntags; i++)
        if (!PgnHeader_inRoster(tags->tags[i].name))
            PgnHeader_writeTag(t, tags->tags[i].name, tags->tags[i].value);
}

/* ---- movetext */

typedef struct {
    Text *text;
    int column;
} Wrap;

static void Wrap_word(Wrap *w, const char *word)
{
    int len = (int)strlen(word);
    /* A line that starts with '%' is an escape line, which readers skip
     * (and the state file reads as its own): a comment's "%..." stays on
     * the line before, however long it grows. */
    bool escape = word[0] == '%';
    if (w->column > 0 && w->column + 1 + len > PGN_LINE_WIDTH && !escape) {
        Text_add(w->text, "\n", 1);
        w->column = 0;
    } else if (w->column > 0) {
        Text_add(w->text, " ", 1);
        w->column++;
    }
    Text_str(w->text, word);
    w->column += len;
}

/* Words of text, each wrapped on its own (a long comment or variation). */
static void Wrap_words(Wrap *w, const char *text)
{
    size_t len = strlen(text) + 1;
    char *copy = malloc(len);
    if (copy == NULL) {
        w->text->failed = true;
        return;
    }
    memcpy(copy, text, len);
    for (char *word = copy, *end; *word != '\0'; word = end) {
        end = word + strcspn(word, " ");
        bool more = *end == ' ';
        *end = '\0';
        if (*word != '\0')
            Wrap_word(w, word);
        end += more;
    }
    free(copy);
}

/* White's moves carry "N."; Black's carry "N..." only when the record
 * starts with them (Arabian Nights, or a FEN with Black to move). The
 * number is kept on the same line as its move. */
static void PgnHeader_moveWord(const Position *pos, bool first, const char *san, char *buf,
                               size_t len)
{
    if (pos->side == WHITE)
        snprintf(buf, len, "%d. %s", pos->fullmove, san);
    else if (first)
        snprintf(buf, len, "%d... %s", pos->fullmove, san);
    else
        snprintf(buf, len, "%s", san);
}

void Pgn_clockComment(int ms, char *buf, size_t len)
{
    int s = ms > 0 ? (ms + 999) / 1000 : 0; /* rounded up, as the screen shows it */
    snprintf(buf, len, "{[%%clk %d:%02d:%02d]}", s / 3600, s / 60 % 60, s % 60);
}

/* One comment: the notes' text, then the clock ("{[%eval 0.2] [%clk 0:09:58]}"). */
static void PgnHeader_writeComment(Wrap *w, const char *note, int clock_ms)
{
    char clock[40] = "";
    if (note == NULL && clock_ms < 0)
        return;
    if (clock_ms >= 0)
        Pgn_clockComment(clock_ms, clock, sizeof clock);
    if (note == NULL) {
        Wrap_word(w, clock);
        return;
    }
    size_t len = strlen(note) + strlen(clock) + 4;
    char *text = malloc(len);
    if (text == NULL) {
        w->text->failed = true;
        return;
    }
    /* The clock's own braces go: one comment holds both. */
    clock[strlen(clock) > 0 ? strlen(clock) - 1 : 0] = '\0';
    snprintf(text, len, "{%s%s%s}", note, clock[0] ? " " : "", clock[0] ? clock + 1 : "");
    Wrap_words(w, text);
    free(text);
}

static void PgnHeader_writeNotes(Wrap *w, const Game *g, const GameNotes *notes, int ply)
{
    const char *nags = notes != NULL ? GameNotes_get(notes, ply, NOTE_NAG) : NULL;
    const char *comment = notes != NULL ? GameNotes_get(notes, ply, NOTE_COMMENT) : NULL;
    const char *lines = notes != NULL ? GameNotes_get(notes, ply, NOTE_VARIATION) : NULL;
    if (nags != NULL)
        Wrap_words(w, nags);
    PgnHeader_writeComment(w, comment, ply >= 0 ? Game_clockAt(g, ply) : -1);
    if (lines != NULL)
        Wrap_words(w, lines);
}

static void PgnHeader_writeMoves(Text *t, const Game *g, const GameNotes *notes)
{
    Wrap w = {t, 0};
    Position position = g->start, *pos = &position;
    PgnHeader_writeNotes(&w, g, notes, -1);
    for (int i = 0; i < g->nmoves; i++) {
        char san[MOVE_TEXT_MAX], word[MOVE_TEXT_MAX + 24];
        Undo undo;
        Notation_san(pos, g->moves[i], san);
        /* After a comment or a variation Black's move needs its number again. */
        bool renumber = i == 0
            || (notes != NULL
                && (GameNotes_get(notes, i - 1, NOTE_COMMENT) != NULL
                    || GameNotes_get(notes, i - 1, NOTE_VARIATION) != NULL));
        PgnHeader_moveWord(pos, renumber, san, word, sizeof word);
        Wrap_word(&w, word);
        PgnHeader_writeNotes(&w, g, notes, i);
        Position_make(pos, g->moves[i], &undo);
    }
    Wrap_word(&w, Status_resultText(g->status.result));
    Text_add(t, "\n", 1);
}

char *Pgn_write(const Game *g, const PgnHeader *tags)
{
    return Pgn_writeNotes(g, tags, NULL);
}

char *Pgn_writeNotes(const Game *g, const PgnHeader *tags, const GameNotes *notes)
{
    Text t = {NULL, 0, 0, false};
    PgnHeader_writeTags(&t, g, tags);
    Text_add(&t, "\n", 1);
    PgnHeader_writeMoves(&t, g, notes);
    if (t.failed) {
        free(t.buf);
        return NULL;
    }
    return t.buf;
}
