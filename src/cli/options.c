/* getopt_long parsing of the command line: each value is checked against
 * the rules core (game names, FEN, setups) and the engine's level range,
 * and every message names the option and what is wrong with its value. */
#include "cli/options.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "core/fen.h"
#include "core/setup.h"
#include "core/timecontrol.h"
#include "engine/engine.h"
#include "record/record.h"

#define MAX_PERFT_DEPTH 30

enum {
    OPT_VARIANT = 256,
    OPT_FEN,
    OPT_LOAD,
    OPT_WHITE,
    OPT_BLACK,
    OPT_LEVEL,
    OPT_TIME,
    OPT_SETUP,
    OPT_MONO,
    OPT_PERFT,
    OPT_DIVIDE,
    OPT_XBOARD,
    OPT_BENCH,
    OPT_INVITE,
    OPT_JOIN,
    OPT_WATCH,
    OPT_LIST,
    OPT_PRIVATE,
    OPT_NEW,
    OPT_AS_BLACK
};

static const struct option LONG_OPTIONS[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"fen", required_argument, NULL, OPT_FEN},
    {"load", required_argument, NULL, OPT_LOAD},
    {"white", required_argument, NULL, OPT_WHITE},
    {"black", required_argument, NULL, OPT_BLACK},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"time", required_argument, NULL, OPT_TIME},
    {"setup", required_argument, NULL, OPT_SETUP},
    {"mono", no_argument, NULL, OPT_MONO},
    {"perft", required_argument, NULL, OPT_PERFT},
    {"divide", no_argument, NULL, OPT_DIVIDE},
    {"xboard", no_argument, NULL, OPT_XBOARD},
    {"bench", no_argument, NULL, OPT_BENCH},
    {"invite", required_argument, NULL, OPT_INVITE},
    {"join", required_argument, NULL, OPT_JOIN},
    {"watch", required_argument, NULL, OPT_WATCH},
    {"list", no_argument, NULL, OPT_LIST},
    {"private", no_argument, NULL, OPT_PRIVATE},
    {"new", no_argument, NULL, OPT_NEW},
    {"as-black", no_argument, NULL, OPT_AS_BLACK},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static const char HELP[] =
    "Usage: zanzibar [OPTION]...\n"
    "Play Zanzibar-S, Zanzibar-XL, Zanzibar-XXL, Pemba or Arabian Nights in the\n"
    "terminal, against the built-in engine or another person.\n"
    "\n"
    "Game:\n"
    "      --variant NAME   zanzibar-s, zanzibar-xl, zanzibar-xxl, pemba or\n"
    "                       arabian-nights, in any case (without it the start\n"
    "                       menu asks)\n"
    "      --fen FEN        start from this position (needs --variant)\n"
    "      --load FILE      continue a game saved as PGN, with its clocks (with\n"
    "                       --invite: played on from there against USER)\n"
    "      --white WHO      human or engine\n"
    "      --black WHO      human or engine (without these two, --variant and\n"
    "                       --load start a game between two humans; the start\n"
    "                       menu offers a human against the engine)\n"
    "      --level N        engine level from 1 (weakest) to 10\n"
    "      --time M+S       clocks: M minutes each plus S seconds a move (10+5),\n"
    "                       or N seconds each: Ns+S (30s+1, 0+2)\n"
    "      --setup N        Zanzibar setup number N (needs --variant), random, or\n"
    "                       black: Black arranges the pieces (with --invite, the\n"
    "                       guest on joining)\n"
    "      --mono           never use colour\n"
    "\n"
    "Between terminals (two people on this machine, see zanzibar(6)):\n"
    "      --invite USER    host a game against account USER (yourself works too);\n"
    "                       takes the game options above; again resumes it\n"
    "      --as-black       with --invite: you play Black (White otherwise);\n"
    "                       --black without WHO says the same there\n"
    "      --private        with --invite: nobody may watch the game\n"
    "      --new            with --invite: set an adjourned game with USER aside\n"
    "                       among the saved games and start the game asked for\n"
    "      --join USER      join the game USER invited you to, or come back to it\n"
    "      --watch USER     watch USER's game, read-only\n"
    "      --list           invitations for you, games to watch, your adjourned games\n"
    "\n"
    "Public game server behind OpenSSH (see zanzibar(6), THE PUBLIC SERVER):\n"
    "      --server-config ACCOUNT   print sshd's Match block for the server account\n"
    "      --server-keys USER TYPE KEY   sshd's key command (sshd runs it)\n"
    "      --server-gate    a player's connection (sshd runs it)\n"
    "      --server-admin ACCOUNT COMMAND   the administrator's tools (root or ACCOUNT)\n"
    "\n"
    "Other modes:\n"
    "      --perft DEPTH    count legal move sequences (needs --variant)\n"
    "      --divide         with --perft: one count per first move\n"
    "      --xboard         talk the XBoard/WinBoard protocol on stdin/stdout\n"
    "      --bench          search a fixed set of positions and report the speed\n"
    "  -h, --help           show this help and exit\n"
    "  -V, --version        show the version and exit\n"
    "\n"
    "Saved games: $XDG_DATA_HOME/zanzibar; game in progress: $XDG_STATE_HOME/zanzibar;\n"
    "settings: $XDG_CONFIG_HOME/zanzibar/config. See zanzibar(6).\n";

static int Options_usageError(FILE *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("zanzibar: ", err);
    vfprintf(err, fmt, ap);
    va_end(ap);
    fputs("\nTry 'zanzibar --help' for more information.\n", err);
    return 2;
}

static void Options_gameNames(char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; i < VARIANT_COUNT; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", i ? ", " : "", Variant_get(i)->name);
    }
}

/* A whole decimal number in min..max and nothing else. */
static bool Options_wholeNumber(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || n < min || n > max
        || !(text[0] >= '0' && text[0] <= '9'))
        return false;
    *out = n;
    return true;
}

/* ---- one option value each */

static int Options_readVariant(Options *o, const char *value, FILE *err)
{
    char names[160];
    o->variant = Variant_byName(value);
    if (o->variant != NULL)
        return OPTIONS_CONTINUE;
    Options_gameNames(names, sizeof names);
    return Options_usageError(err, "--variant: unknown game '%s'; the games are %s", value, names);
}

static int Options_readPlayer(Options *o, int side, const char *value, FILE *err)
{
    o->players_given = true;
    if (strcmp(value, "human") == 0 || strcmp(value, "engine") == 0) {
        o->engine[side] = strcmp(value, "engine") == 0;
        return OPTIONS_CONTINUE;
    }
    return Options_usageError(err, "--%s: expected human or engine, not '%s'",
                              side == WHITE ? "white" : "black", value);
}

static int Options_readLevel(Options *o, const char *value, FILE *err)
{
    long n;
    if (Options_wholeNumber(value, LEVEL_MIN, LEVEL_MAX, &n)) {
        o->level = (int)n;
        return OPTIONS_CONTINUE;
    }
    return Options_usageError(err, "--level: expected a whole number from %d to %d, not '%s'",
                              LEVEL_MIN, LEVEL_MAX, value);
}

/* "M+S", "M" or "Ns+S": the time for the whole game, seconds added after
 * each move. */
static int Options_readTime(Options *o, const char *value, FILE *err)
{
    if (!TimeControl_read(value, &o->time_base_ms, &o->time_inc_ms))
        return Options_usageError(err,
                                  "--time: expected MINUTES+SECONDS such as 10+5, or "
                                  "SECONDSs+SECONDS such as 30s+1 (up to %d minutes, 0 to %d "
                                  "seconds a move), not '%s'",
                                  TIMECONTROL_MAX_MINUTES, TIMECONTROL_MAX_INCREMENT_S, value);
    return OPTIONS_CONTINUE;
}

/* The number's range depends on the game, so it is checked at the end. */
static int Options_readSetup(Options *o, const char *value, FILE *err)
{
    long n;
    if (strcmp(value, "random") == 0 || strcmp(value, "black") == 0) {
        o->setup = value[0] == 'r' ? SETUP_RANDOM : SETUP_BY_BLACK;
        return OPTIONS_CONTINUE;
    }
    if (Options_wholeNumber(value, 1, INT_MAX, &n)) {
        o->setup = (int)n;
        return OPTIONS_CONTINUE;
    }
    return Options_usageError(
        err, "--setup: expected a setup number (1 or more), random or black, not '%s'", value);
}

static int Options_readDepth(Options *o, const char *value, FILE *err)
{
    long n;
    if (Options_wholeNumber(value, 0, MAX_PERFT_DEPTH, &n)) {
        o->perft_depth = (int)n;
        return OPTIONS_CONTINUE;
    }
    return Options_usageError(err, "--perft: expected a depth from 0 to %d, not '%s'",
                              MAX_PERFT_DEPTH, value);
}

static int Options_setMode(Options *o, RunMode mode, const char *name, FILE *err)
{
    static const char *const NAMES[] = {"",         "--perft", "--xboard", "--bench",
                                        "--invite", "--join",  "--watch",  "--list"};
    if (o->mode != RUN_PLAY && o->mode != mode)
        return Options_usageError(err, "%s cannot be combined with %s", name, NAMES[o->mode]);
    o->mode = mode;
    return OPTIONS_CONTINUE;
}

static int Options_printVersion(FILE *out)
{
    fprintf(out,
            "zanzibar %s\n"
            "License GPLv3: GNU GPL version 3 <https://gnu.org/licenses/gpl.html>.\n"
            "This is free software: you are free to change and redistribute it.\n"
            "There is NO WARRANTY, to the extent permitted by law.\n",
            PACKAGE_VERSION);
    return 0;
}

static int Options_readOption(Options *o, int c, const char *arg, FILE *out, FILE *err)
{
    int status = OPTIONS_CONTINUE;
    switch (c) {
        case OPT_VARIANT: return Options_readVariant(o, arg, err);
        case OPT_FEN: o->fen = arg; break;
        case OPT_LOAD: o->load_file = arg; break;
        case OPT_WHITE: return Options_readPlayer(o, WHITE, arg, err);
        case OPT_BLACK: return Options_readPlayer(o, BLACK, arg, err);
        case OPT_LEVEL: return Options_readLevel(o, arg, err);
        case OPT_TIME: return Options_readTime(o, arg, err);
        case OPT_SETUP: return Options_readSetup(o, arg, err);
        case OPT_MONO: o->mono = true; break;
        case OPT_PERFT:
            status = Options_setMode(o, RUN_PERFT, "--perft", err);
            return status == OPTIONS_CONTINUE ? Options_readDepth(o, arg, err) : status;
        case OPT_DIVIDE: o->divide = true; break;
        case OPT_XBOARD: return Options_setMode(o, RUN_XBOARD, "--xboard", err);
        case OPT_BENCH: return Options_setMode(o, RUN_BENCH, "--bench", err);
        case OPT_INVITE: o->net_user = arg; return Options_setMode(o, RUN_INVITE, "--invite", err);
        case OPT_JOIN: o->net_user = arg; return Options_setMode(o, RUN_JOIN, "--join", err);
        case OPT_WATCH: o->net_user = arg; return Options_setMode(o, RUN_WATCH, "--watch", err);
        case OPT_LIST: return Options_setMode(o, RUN_LIST, "--list", err);
        case OPT_PRIVATE: o->private_game = true; break;
        case OPT_NEW: o->new_game = true; break;
        case OPT_AS_BLACK: o->as_black = true; break;
        case 'h': fputs(HELP, out); return 0;
        case 'V': return Options_printVersion(out);
    }
    return status;
}

/* getopt_long's own messages are off so that ours name the option the way
 * it was typed. */
static int Options_badOption(int c, const char *typed, FILE *err)
{
    if (c == ':')
        return Options_usageError(err, "option '%s' needs a value", typed);
    return Options_usageError(err, "unknown or ambiguous option '%s'", typed);
}

/* ---- checks that need several options at once */

static int Options_checkFen(const Options *o, FILE *err)
{
    if (o->fen == NULL)
        return OPTIONS_CONTINUE;
    if (o->variant == NULL)
        return Options_usageError(err,
                                  "--fen needs --variant to say which game the position is from");
    Position pos;
    char why[ERROR_MAX];
    bool ok = Fen_read(&pos, o->variant, o->fen, why, sizeof why);
    if (ok)
        return OPTIONS_CONTINUE;
    return Options_usageError(err, "--fen: not %s %s position: %s", Variant_article(o->variant),
                              o->variant->title, why);
}

static int Options_checkSetup(const Options *o, FILE *err)
{
    if (o->setup == 0)
        return OPTIONS_CONTINUE;
    if (o->fen != NULL || o->load_file != NULL)
        return Options_usageError(err, "--setup cannot be combined with %s",
                                  o->fen != NULL ? "--fen" : "--load");
    if (o->variant == NULL)
        return o->setup < 0 ? OPTIONS_CONTINUE
                            : Options_usageError(err,
                                                 "--setup N needs --variant: the numbers "
                                                 "depend on the game");
    int count = Setup_count(o->variant);
    if (count == 0)
        return Options_usageError(err, "--setup: %s has a fixed array and no setups to choose from",
                                  o->variant->name);
    if (o->setup > count)
        return Options_usageError(err, "--setup: %s has setups 1 to %d, not %d", o->variant->name,
                                  count, o->setup);
    return OPTIONS_CONTINUE;
}

static int Options_checkLoad(const Options *o, FILE *err)
{
    if (o->load_file == NULL)
        return OPTIONS_CONTINUE;
    if (o->fen != NULL || o->variant != NULL)
        return Options_usageError(err, "--load takes the game from the file; leave out %s",
                                  o->fen != NULL ? "--fen" : "--variant");
    char why[512];
    int count = 0;
    if (!Record_listPgn(o->load_file, NULL, &count, why, sizeof why))
        return Options_usageError(err, "--load: %s", why);
    if (count == 0)
        return Options_usageError(err, "--load: %s holds no game", o->load_file);
    return OPTIONS_CONTINUE;
}

static int Options_checkModes(const Options *o, FILE *err)
{
    if (o->divide && o->mode != RUN_PERFT)
        return Options_usageError(err, "--divide only goes with --perft");
    if (o->mode == RUN_PERFT && o->variant == NULL)
        return Options_usageError(err, "--perft needs --variant to say which game to count");
    if ((o->private_game || o->as_black || o->new_game) && o->mode != RUN_INVITE)
        return Options_usageError(err, "%s only goes with --invite",
                                  o->private_game   ? "--private"
                                      : o->as_black ? "--as-black"
                                                    : "--new");
    if (o->mode == RUN_INVITE && (o->players_given || o->level != 0))
        return Options_usageError(err, "--invite plays two people: leave out %s",
                                  o->level ? "--level" : "--white and --black");
    bool joins = o->mode == RUN_JOIN || o->mode == RUN_WATCH || o->mode == RUN_LIST;
    if (joins
        && (o->variant != NULL || o->fen != NULL || o->load_file != NULL || o->players_given
            || o->time_base_ms != 0 || o->setup != 0))
        return Options_usageError(err,
                                  "the game's options come from the inviter: give none with "
                                  "--join, --watch or --list");
    return OPTIONS_CONTINUE;
}

static int Options_checkAll(const Options *o, int argc, char **argv, FILE *err)
{
    if (optind < argc)
        return Options_usageError(err, "unexpected argument '%s'", argv[optind]);
    /* Clashes between options first: they explain more than a bad value. */
    int status = Options_checkModes(o, err);
    if (status == OPTIONS_CONTINUE)
        status = Options_checkSetup(o, err);
    if (status == OPTIONS_CONTINUE)
        status = Options_checkLoad(o, err);
    if (status == OPTIONS_CONTINUE)
        status = Options_checkFen(o, err);
    return status;
}

static void Options_defaults(Options *o)
{
    memset(o, 0, sizeof *o);
    o->mode = RUN_PLAY;
}

/* With --invite, a bare --black (no WHO after it) is read as --as-black,
 * the way people write it; --black WHO keeps its meaning elsewhere. */
static void Options_readBareBlack(int argc, char **argv)
{
    bool invite = false;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        invite |= strcmp(argv[i], "--invite") == 0 || strncmp(argv[i], "--invite=", 9) == 0;
    for (int i = 1; invite && i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--black") == 0 && (i + 1 == argc || argv[i + 1][0] == '-'))
            argv[i] = (char *)"--as-black";
}

int Options_parse(Options *o, int argc, char **argv, FILE *out, FILE *err)
{
    Options_defaults(o);
    Options_readBareBlack(argc, argv);
    optind = 0; /* glibc: start afresh, so the parser may run more than once */
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":hV", LONG_OPTIONS, NULL)) != -1) {
        int status = c == '?' || c == ':' ? Options_badOption(c, argv[optind - 1], err)
                                          : Options_readOption(o, c, optarg, out, err);
        if (status != OPTIONS_CONTINUE)
            return status;
    }
    return Options_checkAll(o, argc, argv, err);
}
