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
void ServerHost_writeAbout(const NetPlace *place, const NetHostSpec *spec, bool rated);
/* place's words, or false when its host wrote none. */
bool ServerHost_readAbout(const NetPlace *place, char *text, size_t size);

/* The daemon's life (never returns): serves spec's game at place until it
 * ends, archiving (and when rated, rating) each game that finishes after
 * both sides moved. dir is the server's data folder. */
void ServerHost_run(const char *dir, const NetPlace *place, int listen_fd, int lockfd,
                    NetHostSpec *spec, bool rated) __attribute__((noreturn));

#endif
