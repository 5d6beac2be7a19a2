/* The game in progress, kept on disk after every move so that a dropped
 * SSH link or a crash loses nothing: the record plus what PGN cannot hold
 * (who plays which side, the engine level, the clocks, the redo list). */
#ifndef ZANZIBAR_RECORD_AUTOSAVE_H
#define ZANZIBAR_RECORD_AUTOSAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "record/notes.h"
#include "record/paths.h"
#include "record/pgn.h"

/* The file's name inside $XDG_STATE_HOME/zanzibar. */
#define AUTOSAVE_NAME "current.pgn"

/* What a resume needs besides the moves. */
typedef struct {
    bool engine[2];      /* White, Black: true when the engine plays that side */
    int level;           /* the engine's level */
    int base_ms, inc_ms; /* the time control; base_ms 0 means no clock */
    int clock_ms[2];     /* time left on White's and Black's clocks */
    bool flipped;        /* the board was shown with Black at the bottom */
    /* What the record says beyond the moves, written with them when not
     * NULL: the tags of the file it was loaded from (players, event,
     * ratings...), and its notes. Reading never sets these: see
     * Autosave_loadRecord. */
    const PgnHeader *tags;
    const GameNotes *notes;
} AutosaveInfo;

typedef enum {
    AUTOSAVE_NONE,   /* nothing to resume */
    AUTOSAVE_FOUND,  /* g and s now hold the saved game */
    AUTOSAVE_DAMAGED /* a file was there but could not be read: err says why
                       * and where it was moved so that it is not lost */
} AutosaveResult;

/* The autosave file's path (its folder is created when needed). */
bool Autosave_path(char *buf, size_t len, char *err, size_t errlen);

/* Writes the game and session atomically (temporary file, fsync, rename).
 * Call after every move, with the clocks as they stand at that moment.
 *
 * Not async-signal-safe (it allocates): on SIGHUP, SIGTERM and SIGINT the
 * front end's handler should only set a volatile sig_atomic_t flag; the
 * main loop, which wakes at least every few hundred milliseconds, sees the
 * flag, stops the clock, calls Autosave_save and exits. */
bool Autosave_save(const Game *g, const AutosaveInfo *s, char *err, size_t errlen);

/* Whether a saved game in progress exists (for offering to resume). */
bool Autosave_exists(void);

/* Loads the saved game. g must hold a game (Game_init); it and *s change
 * only when AUTOSAVE_FOUND is returned. */
AutosaveResult Autosave_load(Game *g, AutosaveInfo *s, char *err, size_t errlen);

/* The same, from a game saved apart (Autosave_keepOwn) at path; a damaged
 * file is left where it is. */
AutosaveResult Autosave_loadFile(const char *path, Game *g, AutosaveInfo *s, char *err,
                                 size_t errlen);
/* Autosave_load (path NULL) or Autosave_loadFile, also giving the record's
 * own tags and notes when tags and notes are not NULL (changed only when
 * AUTOSAVE_FOUND is returned). */
AutosaveResult Autosave_loadRecord(const char *path, Game *g, AutosaveInfo *s, PgnHeader *tags,
                                   GameNotes *notes, char *err, size_t errlen);

/* Describes a saved game for a question or a menu line: "Pemba, a person
 * against the engine (level 5), move 12, White to move". */
void Autosave_describe(const Game *g, const AutosaveInfo *s, char *buf, size_t len);

/* Looks at the saved game without taking it: AUTOSAVE_FOUND with desc
 * filled (see Autosave_describe); AUTOSAVE_DAMAGED when the file cannot be
 * read, with err saying what is wrong and where the file was moved. */
AutosaveResult Autosave_peek(char *desc, size_t desclen, char *err, size_t errlen);

/* Moves the unfinished saved game into the saved-games folder (Saved_keep)
 * and only then forgets it: for a player who starts another game instead
 * of resuming. path receives where it went ("" when there was no game).
 * A damaged file is moved aside and false returned with err saying where. */
bool Autosave_setAside(char *path, size_t len, char *err, size_t errlen);

/* A game that has ended: saved into the saved-games folder (Saved_keep,
 * with the session's players), then the state file is cleared, only once
 * the save has succeeded. path receives the saved file's path. */
bool Autosave_finish(const Game *g, const AutosaveInfo *s, char *path, size_t len, char *err,
                     size_t errlen);

/* For a second copy of the program, which leaves the state file to the
 * first (record/savelock.h): its game is kept in the saved-games folder
 * under a name of its own, made on the first save (path empty) and then
 * replaced at each save, so that the two never write the same file. */
bool Autosave_keepOwn(const Game *g, const AutosaveInfo *s, char *path, size_t len, char *err,
                      size_t errlen);

/* At a start with no game in the state file (and the lock on it held):
 * the newest unfinished game a second copy played apart, whose copy has
 * ended, moves into the state file, so that it is offered for resume as
 * any other. name receives its file's name ("" when there was none);
 * false with err when it could not be moved (it stays where it was). */
bool Autosave_adoptApart(char *name, size_t namelen, char *err, size_t errlen);

/* The unfinished games played apart whose copy has ended, newest first,
 * at most max: those a start did not move into the state file, because
 * it held a game, are offered beside it (resumed apart, in their file). */
typedef struct {
    char path[PATHS_MAX];
    char name[256]; /* the file's name in the saved-games folder */
    char desc[200]; /* as Autosave_describe writes it */
} AutosaveApart;
int Autosave_apartGames(AutosaveApart *out, int max);

/* Forgets the game in progress: call when it ends or when the player starts
 * another game instead of resuming. A missing file is not an error. */
bool Autosave_clear(char *err, size_t errlen);

#endif
