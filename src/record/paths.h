/* Where the program keeps its files, following the XDG base directory
 * specification: settings, saved games and the game in progress. */
#ifndef ZANZIBAR_RECORD_PATHS_H
#define ZANZIBAR_RECORD_PATHS_H

#include <stdbool.h>
#include <stddef.h>

#define PATHS_MAX 4096

typedef enum {
    PATHS_CONFIG, /* $XDG_CONFIG_HOME/zanzibar, default ~/.config/zanzibar */
    PATHS_DATA,   /* $XDG_DATA_HOME/zanzibar, default ~/.local/share/zanzibar */
    PATHS_STATE   /* $XDG_STATE_HOME/zanzibar, default ~/.local/state/zanzibar */
} PathsKind;

/* The program's folder of that kind, not created. An XDG variable that is
 * unset, empty or relative is ignored, as the specification says. */
bool Paths_dir(PathsKind kind, char *buf, size_t len, char *err, size_t errlen);
/* The folder of that kind joined with name, creating the folder (and its
 * parents) with mode 0700 when missing. */
bool Paths_file(PathsKind kind, const char *name, char *buf, size_t len, char *err, size_t errlen);
/* A file name as a player types it, made ready for use: surrounding spaces
 * dropped, one pair of surrounding quotes ("..." or '...') removed so that
 * a name may hold spaces, "~" and "~/..." expanded to the home folder, and
 * ext (e.g. ".pgn", may be NULL) added when the last part of the name has
 * no extension. Refuses an empty name, an unclosed quote and "~user". */
bool Paths_userFile(const char *typed, const char *ext, char *buf, size_t len, char *err,
                    size_t errlen);

/* From now on, in this process, a file name a player types (Paths_userFile,
 * Paths_typedNameAllowed) must be a plain name in the program's own folders:
 * no '/', no leading '.' or '~'. The public server sets this for each
 * player, whose folders are the player's name's own. */
void Paths_confineTyped(void);
/* True once Paths_confineTyped was called. */
bool Paths_typedConfined(void);
/* True unless typed names are confined and name is not a plain one (then
 * false with a message). */
bool Paths_typedNameAllowed(const char *name, char *err, size_t errlen);

/* Creates dir and any missing parents with mode 0700. */
bool Paths_makeDirs(const char *dir, char *err, size_t errlen);

#endif
