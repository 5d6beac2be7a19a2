/* A game host's chat history: the latest lines said in a game, each marked
 * with who may read it, so that players and spectators who (re)join read
 * what was said before them, and the players read the spectators' lines
 * only once the game has ended. */
#ifndef ZANZIBAR_NET_CHATLOG_H
#define ZANZIBAR_NET_CHATLOG_H

#include <stdbool.h>

#include "net/proto.h"

enum { CHATLOG_MAX = 64 }; /* lines kept; the oldest goes first */

typedef struct {
    char name[NET_NAME_MAX];
    char text[NET_TEXT_MAX];
    NetSide side; /* NET_SIDE_NONE: a spectator or the host */
    bool held;    /* a spectator's line the players have not been given */
} ChatLine;

typedef struct {
    ChatLine lines[CHATLOG_MAX]; /* oldest first */
    int count;
} ChatLog;

typedef void (*ChatLogVisit)(void *ctx, const ChatLine *line);

void ChatLog_init(ChatLog *log);
/* Keeps a line said ("said" message), held from the players or not. */
void ChatLog_add(ChatLog *log, const NetMsg *said, bool held);
/* Keeps a copy of line, held (a line a game's record held). */
void ChatLog_hold(ChatLog *log, const ChatLine *line);
/* The end of a game: visits every held line, oldest first, and frees it
 * for the players from now on. */
void ChatLog_release(ChatLog *log, ChatLogVisit visit, void *ctx);
/* Visits every line still held, oldest first, holding it still (for the
 * game's record). */
void ChatLog_eachHeld(const ChatLog *log, ChatLogVisit visit, void *ctx);
/* The lines someone joining may read, oldest first: all of them for a
 * spectator, those not held for a player. */
void ChatLog_replay(const ChatLog *log, bool player, ChatLogVisit visit, void *ctx);

#endif
