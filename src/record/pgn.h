/* PGN text: a Game written with its tags and numbered short-algebraic
 * movetext, and read back from text that may hold comments, NAGs,
 * variations and several games. No files here: see record.h. */
#ifndef ZANZIBAR_RECORD_PGN_H
#define ZANZIBAR_RECORD_PGN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "record/notes.h"

#define PGN_NAME_MAX 32
#define PGN_VALUE_MAX 256
#define PGN_MAX_TAGS 32

typedef struct {
    char name[PGN_NAME_MAX];
    char value[PGN_VALUE_MAX];
    int line; /* where it was read, 0 when set by the program */
} PgnTag;

/* The tag pairs of one game, in the order they were read or set. */
typedef struct {
    int line; /* where the game starts in the text it was read from */
    int ntags;
    PgnTag tags[PGN_MAX_TAGS];
} PgnHeader;

void PgnHeader_init(PgnHeader *h);
/* The value of a tag, or NULL when the game does not have it. */
const char *PgnHeader_get(const PgnHeader *h, const char *name);
/* Replaces the tag's value or adds the tag; false when the header is full
 * or the name does not fit. Values longer than PGN_VALUE_MAX - 1 are cut,
 * and a control character in one becomes a space: a value is one line. */
bool PgnHeader_set(PgnHeader *h, const char *name, const char *value);

/* Writes the game as PGN text in a buffer the caller frees (NULL only when
 * memory runs out). The tags Event, Site, Date, Round, White, Black, Result,
 * Variant, SetUp, FEN, TimeControl always appear: from `tags` when given
 * there (may be NULL), else defaults; Result, Variant, SetUp and FEN always
 * come from the game itself. Other tags of `tags` follow. Redo moves are not
 * part of the record. */
char *Pgn_write(const Game *g, const PgnHeader *tags);
/* The same with what notes say of the moves played (NULL: nothing): after
 * each move its NAGs, then one comment with the notes' text and the
 * move's [%clk], then its variations; the intro before the first move. */
char *Pgn_writeNotes(const Game *g, const PgnHeader *tags, const GameNotes *notes);

/* The comment that follows a move with its mover's time left, as other
 * programs write it: "{[%clk 0:09:58]}" (whole seconds, rounded up). The
 * reader takes [%clk H:MM:SS] (seconds may have a fraction) from any
 * comment after a main-line move, and ignores a malformed one. */
void Pgn_clockComment(int ms, char *buf, size_t len);

/* The Termination tag's value for a game ended this way, and the ending a
 * value names (REASON_NONE for "normal" and for values PGN leaves open). */
const char *Pgn_terminationText(GameReason reason);
GameReason Pgn_terminationReason(const char *text);

/* Checks the text's syntax and counts its games; when list is not NULL it
 * receives a malloc'd array of each game's tags (freed by the caller, NULL
 * when there are no games). On a syntax error returns false and err names
 * the line and what is wrong. */
bool Pgn_list(const char *text, PgnHeader **list, int *count, char *err, size_t errlen);

/* Reads game number `index` (counting from 0) of the text into g, which must
 * hold a game (from Game_init or an earlier read): on success the old game
 * is freed and replaced and, when tags is not NULL, it receives the game's
 * tags. On failure g is untouched and err names the line and what is wrong. */
bool Pgn_read(const char *text, int index, Game *g, PgnHeader *tags, char *err, size_t errlen);
/* The same, also giving (when notes is not NULL) the main line's comments
 * other than [%clk], its NAGs (a move's "!?" as $5) and its variations. */
bool Pgn_readNotes(const char *text, int index, Game *g, PgnHeader *tags, GameNotes *notes,
                   char *err, size_t errlen);

#endif
