/* What stock OpenSSH needs from the program: the Match block that makes an
 * account the public game server (--server-config) and the key command's
 * answer for a key that sshd is checking (--server-keys). */
#ifndef ZANZIBAR_SERVER_SSHD_H
#define ZANZIBAR_SERVER_SSHD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Seconds between sshd's checks that a silent client is still there. */
#define SSHD_ALIVE_INTERVAL 30
#define SSHD_ALIVE_COUNT 4

/* --server-config ACCOUNT: prints the Match block on out, or a message on
 * err and returns 2 when the account does not exist (or is root) or sshd
 * would refuse this binary as a key command. */
int ServerSshd_config(const char *account, FILE *out, FILE *err);

/* --server-keys USER TYPE KEY: prints the key's line when USER is the
 * account this runs as (sshd's AuthorizedKeysCommandUser, never root);
 * otherwise nothing. Always 0: sshd reads an empty answer as "no key". */
int ServerSshd_keys(const char *user, const char *type, const char *key, FILE *out);

/* The authorized_keys line for a key of the server account: "restrict,pty
 * TYPE KEY", the words as sshd gave them (the gate is the configuration's
 * ForceCommand). False when user is not the account or a word holds
 * anything but a key type's or base64's characters. */
bool ServerSshd_keyLine(const char *account, const char *user, const char *type, const char *key,
                        char *line, size_t len);

/* This binary's absolute path, as the kernel knows it. */
bool ServerSshd_selfPath(char *buf, size_t len, char *err, size_t errlen);

/* True when sshd accepts path as a key command: every component from / to
 * the file owned by root and writable by nobody else, the file regular,
 * and the path free of characters that sshd's configuration would read
 * differently (spaces, quotes, %, backslash). */
bool ServerSshd_pathIsSafe(const char *path, char *err, size_t len);

#endif
