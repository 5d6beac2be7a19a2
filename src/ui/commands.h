/* The command table of the game screen: every key and every command typed
 * after ':' has one entry (name, keys, usage, help, handler). The help
 * screen and the key dispatch both read this table and nothing else. */
#ifndef ZANZIBAR_UI_COMMANDS_H
#define ZANZIBAR_UI_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/play.h"

/* What the screen around the game has to do after a command. */
typedef enum {
    ACTION_NONE,
    ACTION_QUIT,           /* leave now */
    ACTION_CONFIRM_QUIT,   /* ask first: a game is in progress */
    ACTION_CONFIRM_NEW,    /* ask before leaving a game in progress for the menu */
    ACTION_CONFIRM_RESIGN, /* ask before giving the game up */
    ACTION_HELP,
    ACTION_PIECE_HELP,   /* help on the piece under the cursor */
    ACTION_MENU,         /* back to the start menu for a new game */
    ACTION_COMMAND_LINE, /* open the ':' line */
    ACTION_SAVE_LINE,    /* open it with "save " typed, for the file's name */
    ACTION_SAVED_LIST,   /* choose one of the saved games to load */
    ACTION_CHAT          /* open or close the chat's history */
} UiAction;

#define COMMAND_MAX_ARGS 8
#define COMMAND_MAX_KEYS 5
#define COMMAND_LINE_MAX 256

typedef UiAction (*CommandFn)(Play *p, int argc, char **argv);

typedef struct {
    const char *name;           /* word typed after ':' and shown in help */
    unsigned needs;             /* what the game must offer (MATCH_ bits, match.h); 0: any game */
    bool typed;                 /* may be typed after ':' (false: keys only) */
    bool looks;                 /* only looks: leaves a review open (review.h) */
    int keys[COMMAND_MAX_KEYS]; /* curses key codes, 0 after the last */
    const char *keynames;       /* how help shows the keys; NULL without keys */
    const char *usage;          /* "level N"; NULL for keys only */
    const char *help;           /* one line in our words */
    int minargs, maxargs;       /* words after the name */
    CommandFn fn;
} Command;

/* A line split into words, with the command it names (NULL for a move). */
typedef struct {
    const Command *cmd;
    int argc;
    char *argv[COMMAND_MAX_ARGS + 1];
    char buf[COMMAND_LINE_MAX];
} ParsedLine;

const Command *Commands_table(int *count);
const Command *Commands_byName(const char *name);
const Command *Commands_forKey(int key);

/* Splits a line and finds its command. A first word that is no command is
 * taken as a move (cmd NULL). False, with err, for an empty line, a line too
 * long, or a command with the wrong number of words. */
bool Commands_parse(const char *line, ParsedLine *out, char *err, size_t errlen);
/* Parses and runs a typed line: a command or a move. Errors go to the
 * message line of p. */
UiAction Commands_execute(Play *p, const char *line);
/* Runs the entry bound to key, if any; ACTION_NONE and false when unbound. */
bool Commands_key(Play *p, int key, UiAction *action);

#endif
