/* The ':' commands that read and write the game's record: save, load
 * and copy, with the tags and notes a saved game carries. */
#ifndef ZANZIBAR_UI_COMMANDS_FILE_H
#define ZANZIBAR_UI_COMMANDS_FILE_H

#include "ui/commands.h"

/* "save NAME", "save! NAME": the game as PGN under a name typed as the
 * shell reads a word (Record_saveAs). */
UiAction CommandsFile_save(Play *p, int argc, char **argv);
/* "load [NAME [N]]": game N of a file found as save wrote it; without a
 * name, the list of saved games. The loaded game has people at both sides. */
UiAction CommandsFile_load(Play *p, int argc, char **argv);
/* "copy [pgn|fen]": to the terminal's clipboard (OSC 52). */
UiAction CommandsFile_copy(Play *p, int argc, char **argv);

#endif
