/* Whole-file reads and atomic whole-file writes. Every file the program
 * saves goes through here, so each one gets the same care: a temporary
 * file, fsync, then rename, so a crash leaves the old or the new file. */
#ifndef ZANZIBAR_RECORD_FILEIO_H
#define ZANZIBAR_RECORD_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Files larger than this are refused: no game record comes near it. */
#define FILE_MAX_BYTES (16u * 1024u * 1024u)

/* Reads a whole text file into a NUL-terminated buffer the caller frees.
 * Refuses directories, files over FILE_MAX_BYTES and files holding NUL
 * bytes (naming the line), so parsers may treat the text as a C string. */
bool File_readText(const char *path, char **text, char *err, size_t errlen);

/* Replaces path with data, atomically: a temporary file in the same folder,
 * written in full, fsync'd, renamed over path, then the folder fsync'd. */
bool File_writeAtomic(const char *path, const char *data, size_t len, mode_t mode, char *err,
                      size_t errlen);

/* Replaces path with data as File_writeAtomic does, but without waiting
 * for the disk: a process killed at any moment leaves the old or the new
 * file (the rename is atomic), and File_sync(path) makes it durable later,
 * when a caller must not wait for the disk first (a game host announces a
 * move as soon as its record holds it). */
bool File_replace(const char *path, const char *data, size_t len, mode_t mode, char *err,
                  size_t errlen);
void File_sync(const char *path);

/* The same for a file that must not exist yet: the complete file appears
 * under path only if nothing had that name, checked by the kernel in the
 * same step (no check-then-rename race); otherwise false with *exists set
 * and err saying so. */
bool File_writeNew(const char *path, const char *data, size_t len, mode_t mode, bool *exists,
                   char *err, size_t errlen);

/* Whether path names an existing file (of any kind, a dangling link too). */
bool File_exists(const char *path);

/* Removes the temporary files File_writeAtomic left in dir when a save was
 * killed between write and rename: those whose writing process is gone.
 * Returns how many were removed. */
int File_removeStaleTemps(const char *dir);

/* A name for a new file: stem + ext, or stem-2 + ext, stem-3 + ext... the
 * first that does not exist yet. False when none fits in buf. */
bool File_freeName(const char *stem, const char *ext, char *buf, size_t len);

#endif
