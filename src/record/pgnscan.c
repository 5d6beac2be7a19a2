/* PGN scanning: blanks, brace and line comments (kept as notes when the
 * reader asks), tag pairs, and the tokens of the movetext. */
#include "record/pgnscan.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool Pgn_fail(Scanner *s, int line, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(s->err, s->errlen, "line %d: %s", line, msg);
    return false;
}

/* ---- blanks and comments */

static void Pgn_skipToEndOfLine(Scanner *s)
{
    while (*s->p != '\0' && *s->p != '\n')
        s->p++;
}

static bool Pgn_skipBraceComment(Scanner *s)
{
    int start = s->line;
    const char *open = s->p;
    for (s->p++; *s->p != '}'; s->p++) {
        if (*s->p == '\0')
            return Pgn_fail(s, start, "the comment opened here with '{' is never closed with '}'");
        s->line += *s->p == '\n';
    }
    int ms = GameNotes_readComment(s->notes, s->note_ply, open + 1, s->p);
    if (ms >= 0)
        s->clk_ms = ms;
    s->p++;
    return true;
}

/* A ';' comment from start to here, read as a {} comment would be once
 * written so: its '}' become ']' first. */
static void Pgn_lineComment(Scanner *s, const char *start)
{
    size_t len = (size_t)(s->p - start);
    char *text = malloc(len + 1);
    if (text == NULL)
        return;
    for (size_t i = 0; i < len; i++)
        text[i] = start[i] == '}' ? ']' : start[i];
    int ms = GameNotes_readComment(s->notes, s->note_ply, text, text + len);
    if (ms >= 0)
        s->clk_ms = ms;
    free(text);
}

static bool Pgn_atLineStart(const Scanner *s)
{
    return s->p == s->text || s->p[-1] == '\n';
}

/* Skips white space, {comments}, ;comments and %escape lines. */
bool Pgn_skipBlank(Scanner *s)
{
    for (;;) {
        char c = *s->p;
        if (c == '\n') {
            s->line++;
            s->p++;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            s->p++;
        } else if (c == ';') { /* a comment to the end of the line */
            const char *start = ++s->p;
            Pgn_skipToEndOfLine(s);
            if (s->notes != NULL)
                Pgn_lineComment(s, start);
        } else if (c == '%' && Pgn_atLineStart(s)) {
            Pgn_skipToEndOfLine(s);
        } else if (c == '{') {
            if (!Pgn_skipBraceComment(s))
                return false;
        } else {
            return true;
        }
    }
}

/* ---- tags */

static void Pgn_skipSpaces(Scanner *s)
{
    while (*s->p == ' ' || *s->p == '\t')
        s->p++;
}

static bool Pgn_readTagName(Scanner *s, int line, char *name)
{
    size_t n = 0;
    while (isalnum((unsigned char)s->p[n]) || s->p[n] == '_')
        n++;
    if (n == 0)
        return Pgn_fail(s, line, "a tag must start with its name, as in [White \"Ann\"]");
    if (n >= PGN_NAME_MAX)
        return Pgn_fail(s, line, "the tag name '%.20s...' is too long", s->p);
    memcpy(name, s->p, n);
    name[n] = '\0';
    s->p += n;
    return true;
}

/* A quoted string on one line; \" and \\ stand for " and \. Values longer
 * than a tag can hold are cut rather than refused: no tag we use is long. */
static bool Pgn_readTagValue(Scanner *s, int line, const char *name, char *value)
{
    if (*s->p != '"')
        return Pgn_fail(s, line, "the value of tag %s must be a string in double quotes", name);
    size_t n = 0;
    for (s->p++; *s->p != '"'; s->p++) {
        if (*s->p == '\\' && s->p[1] != '\0' && s->p[1] != '\n')
            s->p++;
        if (*s->p == '\0' || *s->p == '\n' || *s->p == '\r')
            return Pgn_fail(s, line, "the value of tag %s has no closing '\"' on its line", name);
        if (n + 1 < PGN_VALUE_MAX)
            value[n++] = *s->p;
    }
    s->p++;
    value[n] = '\0';
    return true;
}

/* Tags beyond what a header holds are dropped: none of ours is lost, since
 * our files list them first. */
static void Pgn_setTagAt(PgnHeader *h, const char *name, const char *value, int line)
{
    if (!PgnHeader_set(h, name, value))
        return;
    for (int i = 0; i < h->ntags; i++)
        if (strcmp(h->tags[i].name, name) == 0)
            h->tags[i].line = line;
}

static bool Pgn_readTag(Scanner *s, PgnHeader *h)
{
    int line = s->line;
    char name[PGN_NAME_MAX], value[PGN_VALUE_MAX];
    s->p++;
    Pgn_skipSpaces(s);
    if (!Pgn_readTagName(s, line, name))
        return false;
    Pgn_skipSpaces(s);
    if (!Pgn_readTagValue(s, line, name, value))
        return false;
    Pgn_skipSpaces(s);
    if (*s->p != ']')
        return Pgn_fail(s, line, "tag %s is not closed with ']' on its line", name);
    s->p++;
    Pgn_setTagAt(h, name, value, line);
    return true;
}

bool Pgn_readHeader(Scanner *s, PgnHeader *h)
{
    PgnHeader_init(h);
    if (!Pgn_skipBlank(s))
        return false;
    h->line = s->line;
    while (*s->p == '[') {
        if (!Pgn_readTag(s, h) || !Pgn_skipBlank(s))
            return false;
    }
    return true;
}

int Pgn_tagLine(const PgnHeader *h, const char *name)
{
    for (int i = 0; i < h->ntags; i++)
        if (strcmp(h->tags[i].name, name) == 0 && h->tags[i].line > 0)
            return h->tags[i].line;
    return h->line;
}

/* ---- movetext tokens */

static bool Pgn_isSymbolChar(char c)
{
    return isalnum((unsigned char)c) || (c != '\0' && strchr("_+#=:-/>!?", c) != NULL);
}

bool Pgn_isResult(const char *text)
{
    return strcmp(text, "1-0") == 0 || strcmp(text, "0-1") == 0 || strcmp(text, "1/2-1/2") == 0
        || strcmp(text, "*") == 0;
}

static bool Pgn_allDigits(const char *text)
{
    for (const char *p = text; *p != '\0'; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    return true;
}

static void Pgn_stripAnnotation(char *text)
{
    size_t n = strlen(text);
    while (n > 1 && (text[n - 1] == '!' || text[n - 1] == '?'))
        text[--n] = '\0';
}

/* The NAG a move suffix stands for ("!" is $1 ... "?!" is $6), or 0. */
int Pgn_glyphNag(const char *glyph)
{
    static const char *const glyphs[] = {"", "!", "?", "!!", "??", "!?", "?!"};
    for (int i = 1; i < (int)(sizeof glyphs / sizeof glyphs[0]); i++)
        if (strcmp(glyph, glyphs[i]) == 0)
            return i;
    return 0;
}

static bool Pgn_readSymbol(Scanner *s, Token *t)
{
    size_t n = 0;
    while (Pgn_isSymbolChar(s->p[n]))
        n++;
    if (n >= TOKEN_MAX)
        return Pgn_fail(s, t->line, "'%.20s...' is too long to be a move", s->p);
    memcpy(t->text, s->p, n);
    t->text[n] = '\0';
    s->p += n;
    size_t bare = n;
    while (bare > 1 && (t->text[bare - 1] == '!' || t->text[bare - 1] == '?'))
        bare--;
    snprintf(t->glyph, sizeof t->glyph, "%s", t->text + bare);
    if (Pgn_isResult(t->text))
        t->kind = TOK_RESULT;
    else if (Pgn_allDigits(t->text))
        t->kind = TOK_NUMBER;
    else if (isdigit((unsigned char)t->text[0]))
        return Pgn_fail(s, t->line,
                        "'%s' is neither a move number nor a result (1-0, 0-1, 1/2-1/2 or *)",
                        t->text);
    else
        t->kind = TOK_MOVE;
    Pgn_stripAnnotation(t->text);
    return true;
}

static bool Pgn_readNag(Scanner *s, Token *t)
{
    const char *start = s->p++;
    if (!isdigit((unsigned char)*s->p))
        return Pgn_fail(s, t->line,
                        "'$' must be followed by the number of an annotation, as in $1");
    while (isdigit((unsigned char)*s->p))
        s->p++;
    snprintf(t->text, sizeof t->text, "%.*s", (int)(s->p - start), start);
    t->kind = TOK_NAG;
    return true;
}

static bool Pgn_consumeRun(Scanner *s, const char *chars, TokenKind kind, Token *t)
{
    const char *start = s->p;
    while (*s->p != '\0' && strchr(chars, *s->p) != NULL)
        s->p++;
    snprintf(t->glyph, sizeof t->glyph, "%.*s", (int)(s->p - start), start);
    t->kind = kind;
    return true;
}

static bool Pgn_unexpected(Scanner *s, const Token *t)
{
    unsigned char c = (unsigned char)*s->p;
    if (c == '"')
        return Pgn_fail(s, t->line,
                        "a quoted string may only stand in a tag, as in [White \"Ann\"]");
    if (c == ']' || c == '}')
        return Pgn_fail(s, t->line, "'%c' without a matching '%c'", c, c == ']' ? '[' : '{');
    if (isprint(c))
        return Pgn_fail(s, t->line, "unexpected character '%c' in the moves", c);
    return Pgn_fail(s, t->line, "unexpected byte 0x%02X in the moves", c);
}

bool Pgn_nextToken(Scanner *s, Token *t)
{
    if (!Pgn_skipBlank(s))
        return false;
    t->line = s->line;
    t->text[0] = t->glyph[0] = '\0';
    char c = *s->p;
    if (c == '\0' || c == '[') {
        t->kind = c == '\0' ? TOK_END : TOK_TAG_START;
        return true;
    }
    if (c == '(' || c == ')') {
        s->p++;
        t->kind = c == '(' ? TOK_OPEN : TOK_CLOSE;
        return true;
    }
    if (c == '*') {
        s->p++;
        t->kind = TOK_RESULT;
        strcpy(t->text, "*");
        return true;
    }
    if (c == '$')
        return Pgn_readNag(s, t);
    if (c == '.')
        return Pgn_consumeRun(s, ".", TOK_PERIODS, t);
    if (c == '!' || c == '?')
        return Pgn_consumeRun(s, "!?", TOK_ANNOTATION, t);
    if (isalnum((unsigned char)c))
        return Pgn_readSymbol(s, t);
    return Pgn_unexpected(s, t);
}

void Scanner_init(Scanner *s, const char *text, char *err, size_t errlen)
{
    /* A byte-order mark is how some editors start a UTF-8 file. */
    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0)
        text += 3;
    s->text = text;
    s->p = text;
    s->line = 1;
    s->clk_ms = -1;
    s->notes = NULL;
    s->note_ply = -1;
    s->err = err;
    s->errlen = errlen;
}
