/* What a record says about its moves besides the moves and their clocks:
 * the comments, NAGs and variations after each main-line move, and the
 * comment before the first. The PGN reader fills it, the writer puts it
 * back; the session keeps it beside its Game (which stays about rules). */
#ifndef ZANZIBAR_RECORD_NOTES_H
#define ZANZIBAR_RECORD_NOTES_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    NOTE_COMMENT,   /* a comment's text, without the [%clk] the Game keeps */
    NOTE_NAG,       /* "$1", "$14" */
    NOTE_VARIATION, /* "(2. f4 {...} f6)", an alternative to the move */
    NOTE_KINDS
} NoteKind;

/* The notes of one ply: each kind's texts joined by spaces, or NULL. */
typedef struct {
    char *text[NOTE_KINDS];
} MoveNote;

typedef struct {
    char *intro;     /* the comment before the first move, or NULL */
    MoveNote *plies; /* plies[0..count): the notes after each move */
    int count;
} GameNotes;

void GameNotes_init(GameNotes *n);
void GameNotes_free(GameNotes *n);
/* dst (freed first) becomes a copy of src. */
void GameNotes_copy(GameNotes *dst, const GameNotes *src);
/* Adds text (len bytes; blanks and line breaks become single spaces) to
 * what ply says of that kind; ply -1 is the comment before the first move.
 * Nothing is added when the text is blank, nor a NAG or variation before
 * the first move. */
void GameNotes_add(GameNotes *n, int ply, NoteKind kind, const char *text, size_t len);
/* What ply says of that kind, or NULL (ply -1: the intro, NOTE_COMMENT). */
const char *GameNotes_get(const GameNotes *n, int ply, NoteKind kind);
/* Forgets the notes of ply and every later one: they spoke of moves no
 * longer in the record. */
void GameNotes_truncate(GameNotes *n, int ply);
bool GameNotes_empty(const GameNotes *n);

/* A PGN comment's text from start to end (inside its braces) goes to ply's
 * notes (n may be NULL) without its [%clk H:MM:SS] commands, which belong
 * to the Game; returns the first well-formed one's time in ms, or -1. A
 * malformed one stays in the text. */
int GameNotes_readComment(GameNotes *n, int ply, const char *start, const char *end);
/* A variation from its '(' to just after its ')' becomes ply's, fit to be
 * written on one line: "(2. f4 f6)", a ";" comment in it a {} one, its
 * "%" escape lines gone. */
void GameNotes_addVariation(GameNotes *n, int ply, const char *open, const char *end);

#endif
