/* The start menu's games between terminals: the invitations waiting for
 * this account, its own games and adjourned games, others' games to watch
 * (Enter opens one), and the accounts one may invite. Either choice hands
 * the terminal over to "zanzibar --join/--invite/--watch USER ...", run
 * afresh once the screen has closed. */
#ifndef ZANZIBAR_UI_NETMENU_H
#define ZANZIBAR_UI_NETMENU_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/position.h"
#include "core/variant.h"
#include "engine/engine.h"

/* On a public server the Join line lists what the server says (seeks,
 * invitations, games to watch, adjourned games, who is online), each with
 * the command that opens it ("join NAME", "watch NAME", "invite NAME"),
 * and the Invite line, which names accounts, is hidden. */
#define NETMENU_LINE 200
#define NETMENU_VERB 8
#define NETMENU_NAME 32
typedef struct {
    char line[NETMENU_LINE];
    char verb[NETMENU_VERB];
    char name[NETMENU_NAME];
    bool invitation; /* listed first; the menu opens on the Join line */
    bool own;        /* the name's own game, seek or adjourned or ended game */
} NetMenuLine;
typedef int (*NetMenuLister)(void *ctx, NetMenuLine *out, int max);
/* On a public server a game against the engine takes one of the server's
 * engines (engines, which outlive the menu), held as long as this menu
 * runs. changes_fd (non-blocking, -1: none) becomes readable when the
 * server's lines may have changed: the Join line is then listed again. */
void NetMenu_useServer(NetMenuLister lister, const EngineSlots *engines, void *ctx, int changes_fd);
bool NetMenu_onServer(void);
/* True when a game against the engine may start here (always, but on a
 * public server whose engines are all taken: then false with why). */
bool NetMenu_takeEngine(char *why, size_t len);
/* Gives back an engine taken for a game that turned out not to need it. */
void NetMenu_giveEngine(void);

/* Looks again for games and accounts: asks each game's host and returns
 * at once; the games join the lines as their hosts answer (NetMenu_pump). */
void NetMenu_scan(void);
/* The sockets of the hosts still awaited, for the loop's poll() (at most
 * max written to fds), and what came from them: true when a game's line
 * was added or the look ended. NetMenu_looking is true while hosts are
 * awaited. */
int NetMenu_pollFds(struct pollfd *fds, int max);
bool NetMenu_pump(void);
bool NetMenu_looking(void);
/* The ms until the look gives up on the hosts that have not answered
 * yet, -1 when it awaits none. */
int NetMenu_waitMs(void);
/* The index of the game whose line is line, or -1. */
int NetMenu_find(const char *line);
/* The games found, invitations first; how many of them are invitations. */
int NetMenu_games(void);
const char *NetMenu_game(int i);
int NetMenu_invitations(void);
/* The accounts of people on this machine, this one first. */
int NetMenu_accounts(void);
const char *NetMenu_account(int i);
/* The Invite line's user name: typed, or an account picked with
 * Left/Right; typing tells whether the name is being typed. */
const char *NetMenu_guest(void);
bool NetMenu_typing(void);
void NetMenu_pickAccount(int account);
/* A key on the Invite line: a letter of a name replaces the account shown
 * (then adds to the name), Backspace takes one away; true when used. */
bool NetMenu_typeKey(int key);
/* Stops typing, keeping the name typed so far. */
void NetMenu_endTyping(void);
/* Chooses what runs after the screen closes, and closes it; on a public
 * server an invitation takes the game and clock chosen on the menu. */
void NetMenu_open(int game, const Variant *v, int base_ms, int inc_ms);
/* Enter on the Invite line: false with a note when nobody has the name;
 * otherwise the invitation waits for its start position, which the setup
 * chosen on the menu gives to NetMenu_inviteFrom. */
bool NetMenu_prepareInvite(int base_ms, int inc_ms);
/* Forgets an invitation whose setup screen was left. */
void NetMenu_forgetInvite(void);
/* Hands the waiting invitation over with start as its first position. */
void NetMenu_inviteFrom(const Position *start);
/* Hands it over as a game of v whose Black arranges the pieces on
 * joining (--setup black). */
void NetMenu_inviteArranged(const Variant *v);
/* The command line chosen (argv, NULL-terminated), or NULL; on a public
 * server the command's words: VERB NAME [--variant GAME [--time M+S]]. */
char *const *NetMenu_handOver(void);

#endif
