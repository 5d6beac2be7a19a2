/* The rules of a player's name: length, letters, first letter, reserved
 * words. */
#include "server/names.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char NAME_CHARS[] = "abcdefghijklmnopqrstuvwxyz0123456789_-";

/* Words a newcomer might use to pass for the server, its staff or the
 * engine; the names the server itself gives a seat or a side (a seek's
 * open seat is "anyone"); the gate's own verbs and the administrator's
 * (a name is also a command's argument). */
/* clang-format off */
static const char *const NAME_RESERVED[] = {
    "root",     "admin",     "administrator", "sysop",      "operator",  "moderator",
    "staff",    "support",   "engine",        "computer",   "server",    "system",
    "zanzibar", "nobody",    "guest",         "anonymous",  "everyone",  "all",
    "human",    NAME_ANYONE,    "someone",       "somebody",   "noone",     "no-one",
    "unknown",  "none",      "null",          "you",        "me",        "white",
    "black",    "inviter",   "spectator",     "spectators", "player",    "players",
    "opponent", "host",      "refused",       "help",       "list",      "ratings",
    "games",    "pgn",       "invite",        "seek",       "join",      "watch",
    "link-key", "ban",       "unban",         "revoke",     "rename",    "delete",
    "names",    "online"};
/* clang-format on */

bool ServerName_isWellFormed(const char *text)
{
    size_t n = strlen(text);
    return n >= NAME_MIN_LEN && n <= NAME_MAX_LEN && islower((unsigned char)text[0])
        && strspn(text, NAME_CHARS) == n;
}

static bool ServerName_isReserved(const char *name, const char *account)
{
    if (strcasecmp(name, account) == 0)
        return true;
    for (size_t i = 0; i < sizeof NAME_RESERVED / sizeof NAME_RESERVED[0]; i++)
        if (strcmp(name, NAME_RESERVED[i]) == 0)
            return true;
    return false;
}

bool ServerName_check(const char *typed, const char *account, char name[NAME_MAX_LEN + 1],
                      char *err, size_t len)
{
    size_t n = strlen(typed);
    if (n < NAME_MIN_LEN || n > NAME_MAX_LEN) {
        snprintf(err, len, "a name has %d to %d characters", NAME_MIN_LEN, NAME_MAX_LEN);
        return false;
    }
    for (size_t i = 0; i <= n; i++)
        name[i] = (char)tolower((unsigned char)typed[i]);
    if (strspn(name, NAME_CHARS) != n) {
        snprintf(err, len, "a name has only letters a-z, digits 0-9, _ and -");
        return false;
    }
    if (!islower((unsigned char)name[0])) {
        snprintf(err, len, "a name starts with a letter");
        return false;
    }
    if (ServerName_isReserved(name, account)) {
        snprintf(err, len, "that name is reserved; choose another");
        return false;
    }
    return true;
}
