/* The command line's games between terminals: --invite (start the game's
 * host, detached, then join it), --join, --watch and --list. */
#ifndef ZANZIBAR_CLI_NETCMD_H
#define ZANZIBAR_CLI_NETCMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/options.h"
#include "match/hostgame.h"
#include "match/match.h"
#include "net/client.h"

/* What an inviter's process hands its host: a new game or a resumed one. */
typedef struct {
    Position start;
    Game saved;
    bool resume;
    int base_ms, inc_ms;
    int grace_ms, first_move_ms;
    NetSide inviter_side;
    bool private_game;
    bool black_arranges; /* Black arranges the pieces on joining (--setup black) */
    char save_path[PATHS_MAX];
    bool rated;         /* a new game's (the server's gate says), or the record's */
    bool from_record;   /* the game is the pair's record: nothing may change it */
    HostRecordInfo rec; /* a resumed game's clocks, key, request waiting */
    ChatLog held;       /* a resumed game's spectators' lines, still held */
    /* What the player is told on the game's screen: an adjourned game
     * resumed or set aside, a finished one kept ("" for nothing). */
    char note[2 * PATHS_MAX + 128];
} NetHostSpec;

/* The game a host starts with: the adjourned game kept at save_path when
 * there is one (the options' game is then ignored), else a new game as
 * the options say. False with err when either cannot be read. */
bool NetCmd_hostSpec(const Options *o, const char *save_path, NetHostSpec *h, char *err,
                     size_t errlen);
/* With the pair's record in h (from_record): false with err when the
 * options would change its game (offering it, and --new); with --new, the
 * record is set aside first and h is a new game. guest names the other. */
bool NetCmd_checkRecord(const Options *o, const char *guest, bool server, NetHostSpec *h, char *err,
                        size_t errlen);
/* The refusal of options that would change a record's game (changes
 * names them), offering the game and --new. Always false. */
bool NetCmd_refuseChange(const NetHostSpec *h, const char *changes, const char *guest, bool server,
                         char *err, size_t errlen);
/* Lets go of what NetCmd_hostSpec read. */
void NetCmd_freeSpec(NetHostSpec *h);
/* The host's game from spec, between inviter and guest, kept at the
 * spec's save path; false when memory is short. */
bool NetCmd_hostGame(HostGame *game, NetHostSpec *spec, const char *inviter, const char *guest);

/* --invite (starting the game's host first when it is not running),
 * --join or --watch: joined welcomed and holding the first snapshot, for a
 * Match to take over; false with err when there is nothing to join or the
 * join is refused. */
bool NetCmd_connect(const Options *o, MatchJoined *joined, char *note, size_t notelen, char *err,
                    size_t errlen);
/* --list: the games on this machine that concern this account. */
int NetCmd_list(FILE *out);

#endif
