/* The PGN scanner shared by the record layer's readers (private to
 * src/record): blanks, comments and escape lines skipped, tag pairs read,
 * and the movetext cut into tokens. */
#ifndef ZANZIBAR_RECORD_PGNSCAN_H
#define ZANZIBAR_RECORD_PGNSCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "record/notes.h"
#include "record/pgn.h"

#define TOKEN_MAX 40

typedef struct {
    const char *text; /* the whole text, to know where lines start */
    const char *p;
    int line;
    int clk_ms;       /* the time of the last [%clk] read and not yet given a move, or -1 */
    GameNotes *notes; /* where comments go (NULL: nowhere), at ply note_ply */
    int note_ply;
    char *err;
    size_t errlen;
} Scanner;

typedef enum {
    TOK_END,       /* end of the text */
    TOK_TAG_START, /* a '[' : the next game's tags (not consumed) */
    TOK_OPEN,
    TOK_CLOSE,
    TOK_NAG,
    TOK_PERIODS,
    TOK_ANNOTATION, /* a free-standing "!", "?!" ... */
    TOK_NUMBER,
    TOK_RESULT,
    TOK_MOVE
} TokenKind;

typedef struct {
    TokenKind kind;
    int line;
    char text[TOKEN_MAX];
    char glyph[TOKEN_MAX]; /* the "!?" a move carried, or "" */
} Token;

void Scanner_init(Scanner *s, const char *text, char *err, size_t errlen);
/* Writes "line N: ..." into the scanner's error and returns false. */
bool Pgn_fail(Scanner *s, int line, const char *fmt, ...);
/* Skips blanks, comments and escape lines; false on an unclosed comment. */
bool Pgn_skipBlank(Scanner *s);
bool Pgn_readHeader(Scanner *s, PgnHeader *h);
/* Where a tag was read, or where the game starts when it is missing. */
int Pgn_tagLine(const PgnHeader *h, const char *name);
bool Pgn_isResult(const char *text);
/* The NAG a glyph such as "!?" stands for, or 0. */
int Pgn_glyphNag(const char *glyph);
bool Pgn_nextToken(Scanner *s, Token *t);

#endif
