/* The one record of a game between people, owned by its host: everything
 * that defines the game (players and colours, variant and start, time
 * control, rated or casual, the moves with their clocks, the request
 * waiting, whether it is played, adjourned or over, the spectators' lines
 * held from the players), kept in one PGN file that is replaced whole
 * (temporary file, rename) before any change is announced, and removed
 * only once a finished game is archived. */
#ifndef ZANZIBAR_MATCH_HOSTRECORD_H
#define ZANZIBAR_MATCH_HOSTRECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "net/chatlog.h"
#include "net/host.h"
#include "net/proto.h"

#define HOSTRECORD_KEY_MAX 40

typedef enum { HOSTRECORD_PLAYING, HOSTRECORD_ADJOURNED, HOSTRECORD_OVER } HostRecordState;

/* What the record holds beside the moves (the Game holds the start, the
 * moves with each mover's time left, and the result). */
typedef struct {
    char names[2][NET_NAME_MAX]; /* White's and Black's */
    NetSide inviter_side;
    bool rated;
    char key[HOSTRECORD_KEY_MAX]; /* this game's own name, new for each game */
    int base_ms, inc_ms;          /* base 0: no clock */
    int left_ms[2];               /* each clock's time left, as it stands (stopped) */
    HostRecordState state;
    NetRequest pending; /* a request waiting for its answer, and whose */
    NetSide pending_from;
} HostRecordInfo;

/* A new key for a new game: the time it began and a random part
 * ("20261128-090112-3fa9c2d1"). */
void HostRecord_newKey(char key[HOSTRECORD_KEY_MAX]);

/* Writes the record (atomic: the file at path is the old or the new,
 * whenever the host dies), without waiting for the disk, so that a move is
 * announced as soon as the record holds it; HostRecord_sync(path) then
 * makes it durable (the host does it at the end of the same round). The
 * lines of held (NULL: none) still held from the players go in the same
 * file as "%zanzibar held NAME TEXT" lines, which no archive holds. */
bool HostRecord_write(const char *path, const Game *g, const HostRecordInfo *info,
                      const ChatLog *held, char *err, size_t errlen);
void HostRecord_sync(const char *path);
/* Reads a record: g must hold a game (Game_init), replaced on success;
 * false with err naming the file (and line) and what is wrong. held (NULL:
 * not wanted, and not read) receives the record's held lines, held. */
bool HostRecord_read(const char *path, Game *g, HostRecordInfo *info, ChatLog *held, char *err,
                     size_t errlen);

/* How a finished game left in its record is archived by whoever finds it:
 * false with err when it cannot be yet. */
typedef bool (*HostRecordArchive)(void *ctx, const Game *g, const HostRecordInfo *info, char *err,
                                  size_t errlen);
/* What a record at path says of its game without taking it: playing,
 * adjourned or over, and its result ("*" unless over). A record that
 * cannot be read counts as adjourned (the next host says what is wrong
 * with it); false then. */
bool HostRecord_peek(const char *path, HostRecordState *state, char *result, size_t resultlen);
/* A record at path whose game is over but not archived (its host was
 * killed, or ended before the archive could take it) is archived now
 * through archive, and only then removed; any other record (or none) is
 * left as it is. False with err when it cannot be read or archived. */
bool HostRecord_settle(const char *path, HostRecordArchive archive, void *ctx, char *err,
                       size_t errlen);

/* The finished game among the saved games of the account running the host
 * (WHITE-BLACK-KEY.pgn, so that writing it twice keeps one copy), for a
 * game between accounts of this machine; its path in kept. */
bool HostRecord_archiveLocal(const Game *g, const HostRecordInfo *info, char *kept, size_t keptlen,
                             char *err, size_t errlen);
/* The archive of a game between accounts of this machine (HostGameArchive):
 * the finished game among the inviter's saved games, the host running as
 * the inviter; its file's name told to the inviter (NET_HOST_KEPT). */
bool HostRecord_archiveHere(void *ctx, NetHost *h, const Game *game, const HostRecordInfo *info);
/* A record that the options of a new invitation would not resume is set
 * aside among the saved games (its own name, so nothing is replaced). */
bool HostRecord_setAside(const char *path, char *kept, size_t keptlen, char *err, size_t errlen);

#endif
