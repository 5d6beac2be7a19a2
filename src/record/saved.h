/* The saved-games folder ($XDG_DATA_HOME/zanzibar) as a collection: each
 * finished or set-aside game kept there under a unique, readable name, and
 * the list of the games it holds, for choosing one to load. */
#ifndef ZANZIBAR_RECORD_SAVED_H
#define ZANZIBAR_RECORD_SAVED_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "core/game.h"
#include "record/paths.h"
#include "record/pgn.h"

/* One file of the saved-games folder, as a list screen shows it. */
typedef struct {
    char name[256]; /* the file's name inside the folder */
    char path[PATHS_MAX];
    char variant[32]; /* the game's title ("Pemba"), or "?" */
    char white[64], black[64];
    char date[16];   /* the Date tag, "2026.11.24" */
    char result[8];  /* "1-0", "0-1", "1/2-1/2" or "*" */
    char clock[24];  /* the TimeControl tag as players write it ("10+5"), or "" */
    int moves;       /* full moves played */
    time_t modified; /* the file's modification time (the sort key) */
} SavedGame;

/* Writes g into the saved-games folder under a new name made of the date
 * and time, the game and the players ("2026-11-24-1802-pemba-human-vs-
 * engine-5.pgn"), never replacing a file, with what notes say of its moves
 * (NULL: nothing). path receives where it went. */
bool Saved_keep(const Game *g, const PgnHeader *tags, const GameNotes *notes, char *path,
                size_t len, char *err, size_t errlen);

/* Removes a file this program kept (its path from Saved_keep): a finished
 * game taken back into play is no finished game any more. A file already
 * gone is not an error. */
bool Saved_forget(const char *path, char *err, size_t errlen);

/* The first game of every readable PGN file of the saved-games folder,
 * newest first; files that cannot be read are left out. The caller frees
 * *list (NULL when the folder is empty or missing, which is not an error). */
bool Saved_list(SavedGame **list, int *count, char *err, size_t errlen);

#endif
