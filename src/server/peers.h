/* Who is at the other end of a game host's socket on the public server.
 * Every player runs as the server's one account, so the kernel's word
 * (the account) cannot tell them apart; the gate, which learned the name
 * from the key sshd checked, writes it down under its own process id
 * before it connects, and the host reads it back for the process the
 * kernel names (SO_PEERCRED). Nothing the client sends over the socket
 * has a say. */
#ifndef ZANZIBAR_SERVER_PEERS_H
#define ZANZIBAR_SERVER_PEERS_H

#include <stdbool.h>
#include <stddef.h>

#include "net/peer.h"

/* The folder of the names by process, inside the server's data folder. */
#define PEERS_DIR_NAME "peers"

/* Writes name for this process under dir (the server's data folder), a
 * player's board (playing) or a spectator's, and removes it again when
 * the process exits; also removes the entries of processes that are
 * gone. False with err when it cannot. */
bool ServerPeers_register(const char *dir, const char *name, bool playing, char *err, size_t len);
/* How many boards of name's play now, this process's left out: the
 * games it plays, the seeks it opened and the invitations it made (an
 * invitation waits on its inviter's board). */
int ServerPeers_playing(const char *dir, const char *name);
/* True when a live gate process of name has written it down under dir:
 * name is connected, in a menu or on a board. */
bool ServerPeers_isConnected(const char *dir, const char *name);
/* NetIdentify for a host of the server: ctx is the server's data folder
 * (a string that outlives the host). Refuses another account's process,
 * and a process of ours that has no name written down. */
bool ServerPeers_identify(int fd, void *ctx, NetIdentity *who, char *err, size_t len);

#endif
