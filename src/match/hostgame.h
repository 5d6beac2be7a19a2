/* A game host's own end of a game (NetGameOps): a Match, like every game
 * in play, whose session the host's messages drive: both sides are people
 * elsewhere (SEAT_REMOTE), every move passes Session_move with its ply,
 * the host runs the clocks and the grace given to an absent player, and
 * keeps the game's one record (hostrecord.h), written before each change
 * is announced, until a finished game is archived. */
#ifndef ZANZIBAR_MATCH_HOSTGAME_H
#define ZANZIBAR_MATCH_HOSTGAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "match/hostrecord.h"
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

/* How a finished game is archived: true once it is (the record then goes),
 * false when it must be tried again later (a database busy); what it
 * tells the players it sends through h. */
typedef bool (*HostGameArchive)(void *ctx, NetHost *h, const Game *game,
                                const HostRecordInfo *info);

#define HOSTGAME_RETRY_MS 2000 /* between two tries to archive a finished game */

typedef struct {
    Match *match; /* owns the session; its link stays "here": nothing is sent on */
    /* The match's session, which the host's ops change themselves on
     * behalf of the side whose message they answer. */
    GameSession *s;
    /* The record's own fields: names (White's, Black's), the inviter's
     * side, rated or casual, the game's key; the rest is the session's. */
    HostRecordInfo rec;
    char save_path[PATHS_MAX]; /* the record ("": none yet, a seek not taken) */
    HostGameArchive archive;   /* HostRecord_archiveHere unless the owner sets one */
    void *archive_ctx;
    bool archived;       /* the game over now is archived and its record gone */
    int64_t archive_due; /* when archiving is tried again (-1: not due) */
    bool unsynced;       /* the record was written this round, not yet fsync'd */
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
    /* The deadline last told to everyone ("deadline" lines), and when due. */
    NetDeadline told_deadline;
    NetSide told_side;
    int64_t told_due;
} HostGame;

/* A new game from start, both sides played from elsewhere, with the
 * clock base/inc in milliseconds (base 0: none). */
bool HostGame_init(HostGame *g, const Position *start, int base_ms, int inc_ms);
/* Takes over a game read from its record, with the clocks it had, its
 * key, rated or casual, and the request it was waiting on. */
void HostGame_resume(HostGame *g, Game *saved, const HostRecordInfo *info);
void HostGame_setPlayers(HostGame *g, NetSide inviter_side, const char *inviter, const char *guest);
/* The record's rated or casual, fixed when the game is created. */
void HostGame_setRated(HostGame *g, bool rated);
void HostGame_free(HostGame *g);
/* The grace a new host gives: HOSTGAME_GRACE_MS, or the whole seconds (1
 * up to that) of HOSTGAME_GRACE_ENV, so that tests need not wait a minute;
 * false with err when the variable is set but not such a number. */
bool HostGame_graceFromEnv(int *grace_ms, char *err, size_t errlen);
/* The same for the time of a first move (HOSTGAME_FIRST_MOVE_MS, or the
 * whole seconds of HOSTGAME_FIRST_MOVE_ENV). */
bool HostGame_firstMoveFromEnv(int *first_move_ms, char *err, size_t errlen);
/* The game as played so far. */
const Game *HostGame_record(const HostGame *g);
/* Writes the record now (atomic), with the lines of held (NULL: none)
 * still held from the players; the host does it before it announces any
 * change. A game that ended with nothing to keep (aborted, or left before
 * a move) has its record removed instead. */
bool HostGame_save(HostGame *g, const ChatLog *held, char *err, size_t errlen);
/* HostGame_save with the host's held lines, and when it fails the
 * players are told. */
void HostGame_keep(HostGame *g, NetHost *h);

/* Where the inviter's game with guest is kept for resuming: the file
 * net-GUEST.pgn of the inviter's state folder. */
bool HostGame_savePath(const char *guest, char *path, size_t len, char *err, size_t errlen);
/* A game this account's records hold: its guest, and whether it is over
 * (its host ended before it was archived: HostRecord_settle archives it)
 * with its result, or adjourned (or in play, when its host runs). */
typedef struct {
    char guest[NET_NAME_MAX];
    bool over;
    char result[8]; /* "1-0", "0-1", "1/2-1/2"; "*" unless over */
} HostGameLeft;
/* The games of this account's records (at most max). */
int HostGame_left(HostGameLeft *out, int max);

extern const NetGameOps HOSTGAME_OPS;

#endif
