/* A game host's own end of a game (NetGameOps): a Match, like every game
 * in play, whose session the host's messages drive: both sides are people
 * elsewhere (SEAT_REMOTE), every move passes Session_move with its ply,
 * the host runs the clocks and the grace given to an absent player, and
 * keeps the game on disk in the inviter's state folder. */
#ifndef ZANZIBAR_MATCH_HOSTGAME_H
#define ZANZIBAR_MATCH_HOSTGAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "match/match.h"
#include "net/host.h"
#include "record/paths.h"
#include "session/session.h"

#define HOSTGAME_GRACE_MS 60000                 /* an absent player's time to come back */
#define HOSTGAME_GRACE_ENV "ZANZIBAR_NET_GRACE" /* tests: a shorter grace, in s */
/* A side's time for its first move: White's from the moment both players
 * are first here, Black's from White's first move; past it the game is
 * aborted (lichess's rule). The side that arranges the Zanzibar pieces
 * has as long for its arrangement, and White's time starts after it. */
#define HOSTGAME_FIRST_MOVE_MS 60000
#define HOSTGAME_FIRST_MOVE_ENV "ZANZIBAR_NET_FIRST_MOVE" /* tests: shorter, in s */

typedef struct {
    Match *match; /* owns the session; its link stays "here": nothing is sent on */
    /* The match's session, which the host's ops change themselves on
     * behalf of the side whose message they answer. */
    GameSession *s;
    NetSide inviter_side;
    char names[2][NET_NAME_MAX]; /* White's and Black's account names */
    char save_path[PATHS_MAX];   /* the game kept for resuming ("": nowhere) */
    int grace_ms;
    int64_t away_since[2]; /* by colour: when the player left, -1 when here */
    bool grace_told[2];
    bool abandoned; /* both players left: adjourned and saved */
    bool result_sent;
    bool ever_joined;  /* a player has come at least once */
    bool met;          /* both players have been here at once: the game has begun */
    NetSide arranging; /* the side that arranges the pieces before play, or NONE */
    int first_move_ms;
    int64_t first_move_due; /* when the side to move's first move is due, -1: none */
    int64_t started_ms;
} HostGame;

/* A new game from start, both sides played from elsewhere, with the
 * clock base/inc in milliseconds (base 0: none). */
bool HostGame_init(HostGame *g, const Position *start, int base_ms, int inc_ms);
/* Takes over a game read from a file, with the clocks it had. */
void HostGame_resume(HostGame *g, Game *saved, const int left_ms[2]);
void HostGame_setPlayers(HostGame *g, NetSide inviter_side, const char *inviter, const char *guest);
void HostGame_free(HostGame *g);
/* The grace a new host gives: HOSTGAME_GRACE_MS, or the whole seconds (1
 * up to that) of HOSTGAME_GRACE_ENV, so that tests need not wait a minute;
 * false with err when the variable is set but not such a number. */
bool HostGame_graceFromEnv(int *grace_ms, char *err, size_t errlen);
/* The same for the time of a first move (HOSTGAME_FIRST_MOVE_MS, or the
 * whole seconds of HOSTGAME_FIRST_MOVE_ENV). */
bool HostGame_firstMoveFromEnv(int *first_move_ms, char *err, size_t errlen);
/* The game as played so far (a public server archives it once over). */
const Game *HostGame_record(const HostGame *g);
/* Saves now (atomic); the host does it after every move. */
bool HostGame_save(HostGame *g, char *err, size_t errlen);

/* The saved form's extra tags: the clocks left and whose invitation. */
#define HOSTGAME_TAG_CLOCKS "ZanzibarClocks"   /* "WHITE_MS BLACK_MS" */
#define HOSTGAME_TAG_INVITER "ZanzibarInviter" /* "white" or "black" */

/* Where the inviter's game with guest is kept for resuming: the file
 * net-GUEST.pgn of the inviter's state folder. */
bool HostGame_savePath(const char *guest, char *path, size_t len, char *err, size_t errlen);
/* The guests of this account's adjourned games (at most max names). */
int HostGame_adjourned(char (*guests)[NET_NAME_MAX], int max);

extern const NetGameOps HOSTGAME_OPS;

#endif
