/* The game host of two names on the public server: the host every game
 * between terminals has (HostGame behind NetHost), with the players told
 * apart by their gates (peers.c), and each finished game rated and kept
 * in the archive. */
#ifndef ZANZIBAR_SERVER_SERVERHOST_H
#define ZANZIBAR_SERVER_SERVERHOST_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/netcmd.h"
#include "net/place.h"

/* The folder of the games' sockets inside the server's data folder. */
#define SERVERHOST_RUN_DIR "run"

/* Where inviter keeps its adjourned game with guest: in the inviter's
 * own state folder under dir (the server's), as any game between
 * terminals; false when the path would be too long. */
bool ServerHost_savePath(const char *dir, const char *inviter, const char *guest, char *path,
                         size_t size);

/* A running game's few words for the menus and list ("Grand chess,
 * 15+10, rated"), kept next to its socket while its host runs: written by
 * the server from the options it checked, never from a player's text. */
#define SERVERHOST_ABOUT_MAX 96
/* Writes place's words (through a new file renamed into place, so that
 * a menu woken by it reads them whole); quietly nothing when it cannot. */
void ServerHost_writeAbout(const NetPlace *place, const NetHostSpec *spec);
/* place's words, or false when its host wrote none. */
bool ServerHost_readAbout(const NetPlace *place, char *text, size_t size);

/* The end of a finished game in one step: its archive row and, when
 * rated, both ratings in one transaction of the store under dir (a game
 * the store has under the record's key already is not taken again); a
 * game that ended before both sides moved counts for nothing. said[0]
 * and said[1] receive what the players are told ("" for nothing). False
 * when the store could not take it (busy, say): the record stays. */
bool ServerHost_archive(const char *dir, const Game *game, const HostRecordInfo *info,
                        char said[2][NET_TEXT_MAX]);
/* A record at path whose game is over but not yet archived (its host was
 * killed, or the store was busy until it ended) is archived now and only
 * then removed; any other record is left as it is. */
bool ServerHost_settle(const char *dir, const char *path, char *err, size_t errlen);

/* The daemon's life (never returns): serves spec's game at place until it
 * ends, archiving (and when rated, rating) each game that finishes after
 * both sides moved. dir is the server's data folder. */
void ServerHost_run(const char *dir, const NetPlace *place, int listen_fd, int lockfd,
                    NetHostSpec *spec) __attribute__((noreturn));

#endif
