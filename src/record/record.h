/* Game records as files: saving and loading PGN by name or path, listing
 * the games of a file, and where a bare file name goes. The text format is
 * in pgn.h; the game in progress is in autosave.h; settings in config.h. */
#ifndef ZANZIBAR_RECORD_RECORD_H
#define ZANZIBAR_RECORD_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "record/escape.h"
#include "record/pgn.h"

/* How the engine is named in PGN records, everywhere. */
#define RECORD_ENGINE_NAME "Zanzibar engine"

/* The White or Black tag for a player: "Human", or the engine with its
 * level ("Zanzibar engine, level 5"). */
void Record_playerName(bool engine, int level, char *buf, size_t len);

/* A name without '/' means a file in the saved-games folder
 * ($XDG_DATA_HOME/zanzibar, created when needed); anything else is a path
 * used as given. "" is refused. buf receives the path to write. Only for
 * names the player typed: never give it text that came from another user
 * (see Record_fileWord and Record_savedGamePath). */
bool Record_savePath(const char *name, char *buf, size_t len, char *err, size_t errlen);
/* A word fit for a file name made from text another user chose (a peer's
 * name): letters, digits, '_' and '-' only, at most len - 1 of them; a
 * text with none of them becomes RECORD_NO_NAME_WORD. */
#define RECORD_NO_NAME_WORD "player"
void Record_fileWord(const char *text, char *word, size_t len);
/* The path of file in the saved-games folder and nowhere else: a name
 * that holds '/', starts with '.' or is empty is refused. */
bool Record_savedGamePath(const char *file, char *buf, size_t len, char *err, size_t errlen);
/* The same for reading: a bare name is looked up in the current folder
 * first, then in the saved-games folder (only there where typed names are
 * confined: Paths_confineTyped); a name whose last part has no
 * extension is also tried with ".pgn" (as Record_saveAs adds it). A file
 * found nowhere leaves name in buf, for the reader's message. */
bool Record_loadPath(const char *name, char *buf, size_t len, char *err, size_t errlen);
/* A name typed by the player, read as Record_saveAs reads it (quotes and
 * backslashes as the shell reads them, "~/"), then found as
 * Record_loadPath finds it: what :save NAME wrote, :load NAME reads. */
bool Record_findTyped(const char *typed, char *path, size_t len, char *err, size_t errlen);

/* Saves g under a name typed by the player (see Paths_userFile: quotes,
 * "~/", ".pgn" added to a bare name; a bare name goes to the saved-games
 * folder). An existing file is replaced only when replace is true;
 * otherwise false is returned with *exists set, and err says so. path
 * receives the file's path in every case where it could be worked out. */
bool Record_saveAs(const Game *g, const PgnHeader *tags, const GameNotes *notes, const char *typed,
                   bool replace, char *path, size_t len, bool *exists, char *err, size_t errlen);

/* Saves g as a one-game PGN file, atomically, replacing any file of that
 * name. Default tags: today's date, White and Black "?". */
bool Record_savePgn(const Game *g, const char *path, char *err, size_t errlen);
/* The same with the caller's tags (players, event, time control...). */
bool Record_savePgnTags(const Game *g, const PgnHeader *tags, const char *path, char *err,
                        size_t errlen);
/* The same with what notes say of the moves (NULL: nothing). */
bool Record_savePgnNotes(const Game *g, const PgnHeader *tags, const GameNotes *notes,
                         const char *path, char *err, size_t errlen);
/* The same without waiting for the disk (the file at path is the old or
 * the new one, whenever the process dies), with front, escape lines
 * (escape.h), written before the PGN in the same file (NULL: none);
 * Record_sync(path) makes it durable once the caller may wait. */
bool Record_replacePgnTags(const Game *g, const PgnHeader *tags, const char *front,
                           const char *path, char *err, size_t errlen);
void Record_sync(const char *path);

/* Loads game number index (from 0) of a PGN file into g, which must hold a
 * game (Game_init): replaced on success, untouched on failure, with err
 * naming the file, the line and what is wrong. */
bool Record_loadPgn(Game *g, const char *path, int index, char *err, size_t errlen);
/* The same, also giving the game's tags when tags is not NULL. */
bool Record_loadPgnTags(Game *g, PgnHeader *tags, const char *path, int index, char *err,
                        size_t errlen);
/* The first game with its tags, after visit has been given each escape
 * line of the file (escape.h); a visit that returns false fails the load,
 * with the message it left in err (the file's path is put in front). */
bool Record_loadPgnEscapes(Game *g, PgnHeader *tags, const char *path, EscapeVisit visit, void *ctx,
                           char *err, size_t errlen);
/* The same, also giving the moves' comments, NAGs and variations when
 * notes is not NULL (see Pgn_readNotes). A file that is not valid UTF-8 is
 * read as Latin-1, so that its names are written back as UTF-8. */
bool Record_loadPgnNotes(Game *g, PgnHeader *tags, GameNotes *notes, const char *path, int index,
                         char *err, size_t errlen);
/* Every game's tags in a PGN file (see Pgn_list); the caller frees *list. */
bool Record_listPgn(const char *path, PgnHeader **list, int *count, char *err, size_t errlen);

/* Removes the temporary files of saves killed before they finished (their
 * process is gone) from the state, saved-games and settings folders. Call
 * once at start-up; returns how many went. */
int Record_removeStaleTemps(void);

/* Today's date in the PGN form "2026.11.21" (local time). */
void Record_today(char buf[11]);

#endif
