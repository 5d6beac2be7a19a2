/* The administrator's tools (--server-admin ACCOUNT COMMAND...): a local
 * command for root or the server's own account, never a player's: the
 * real user id from the kernel decides, and root becomes the account
 * before it touches the store, so that every file stays the account's. */
#ifndef ZANZIBAR_SERVER_ADMIN_H
#define ZANZIBAR_SERVER_ADMIN_H

#include <stdio.h>

/* Runs one command (words[0]: names, online, ban, unban, revoke, rename,
 * delete-game) for the server of account; the exit status: 0 done, 2 a
 * refusal or bad words (the message on err), 1 the store failed. */
int Admin_run(const char *account, int nwords, char **words, FILE *out, FILE *err);

#endif
