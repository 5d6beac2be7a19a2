/* Player names on the public server: what a name may be. A name is a
 * file name (the player's own folder) and a word on other players'
 * screens, so only a-z 0-9 _ - are allowed, and words that could pass for
 * the server or its staff are reserved. */
#ifndef ZANZIBAR_SERVER_NAMES_H
#define ZANZIBAR_SERVER_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#define NAME_MIN_LEN 2
#define NAME_MAX_LEN 16
/* The name of a seek's open seat, until someone takes it (reserved). */
#define NAME_ANYONE "anyone"

/* Checks typed as a new name for the server run by account, writing the
 * name to keep (letters folded to lower case) into name. False and a
 * message naming the rule broken, never repeating what was typed. */
bool ServerName_check(const char *typed, const char *account, char name[NAME_MAX_LEN + 1],
                      char *err, size_t len);

/* True when text has the form of a valid name (as stored); no reserved
 * word check. Used before a name from the store or a command line becomes
 * part of a path. */
bool ServerName_isWellFormed(const char *text);

#endif
