/* The start menu's games between terminals: the invitations waiting for
 * this account, its own games and adjourned games, others' games to watch
 * (Enter opens one), and the accounts one may invite. Either choice hands
 * the terminal over to "zanzibar --join/--invite/--watch USER ...", run
 * afresh once the screen has closed. */
#ifndef ZANZIBAR_UI_NETMENU_H
#define ZANZIBAR_UI_NETMENU_H

#include "core/variant.h"

/* Looks again for games (asking each game's host) and accounts. */
void NetMenu_scan(void);
/* The games found, invitations first; how many of them are invitations. */
int NetMenu_games(void);
const char *NetMenu_game(int i);
int NetMenu_invitations(void);
/* The accounts of people on this machine, this one first. */
int NetMenu_accounts(void);
const char *NetMenu_account(int i);
/* Chooses what runs after the screen closes, and closes it. */
void NetMenu_open(int game);
void NetMenu_invite(int account, const Variant *v, int base_min, int inc_s);
/* The command line chosen (argv, NULL-terminated), or NULL. */
char *const *NetMenu_handOver(void);

#endif
