/* Command-line options: what the player asked for, checked in full before
 * anything starts, so that a mistake costs a message and exit status 2,
 * never a half-started game. */
#ifndef ZANZIBAR_CLI_OPTIONS_H
#define ZANZIBAR_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "core/variant.h"

typedef enum {
    RUN_PLAY,   /* the terminal front end */
    RUN_PERFT,  /* --perft */
    RUN_XBOARD, /* --xboard */
    RUN_BENCH,  /* --bench */
    RUN_INVITE, /* --invite USER: a game between terminals, hosted here */
    RUN_JOIN,   /* --join USER */
    RUN_WATCH,  /* --watch USER */
    RUN_LIST    /* --list */
} RunMode;

typedef struct {
    RunMode mode;
    const Variant *variant; /* NULL: not given */
    const char *fen;        /* NULL: not given (checked with Fen_read) */
    const char *load_file;  /* NULL: not given (checked to hold a game) */
    bool players_given;     /* --white or --black was given */
    bool engine[2];         /* White, Black: played by the engine (only
                             * meaningful when players_given) */
    int level;              /* 0: not given */
    int time_base_ms;       /* 0: no clock */
    int time_inc_ms;
    int setup; /* 0: not given, SETUP_RANDOM, SETUP_BY_BLACK, else the setup number */
    bool mono;
    const char *net_user; /* --invite, --join, --watch: the other account */
    bool private_game;    /* --private: nobody may watch */
    bool as_black;        /* --as-black: the inviter plays Black */
    bool new_game;        /* --new: an adjourned game with the guest is set aside */
    int perft_depth;
    bool divide;
} Options;

#define OPTIONS_CONTINUE (-1)

/* Reads argv. Returns OPTIONS_CONTINUE when the program should go on with
 * *o; otherwise the exit status: 0 after --help or --version (printed on
 * out), 2 after a message on err saying what is wrong. */
int Options_parse(Options *o, int argc, char **argv, FILE *out, FILE *err);

#endif
