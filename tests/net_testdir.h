/* A private folder standing for /tmp in the tests of games between
 * terminals, made before each test and removed after it, and the extra
 * accounts of the tests run as root. */
#ifndef ZANZIBAR_TESTS_NET_TESTDIR_H
#define ZANZIBAR_TESTS_NET_TESTDIR_H

#include <stddef.h>
#include <sys/types.h>

extern char base[64];

/* Check fixtures: a fresh folder (0755, so that other accounts' clients
 * reach it) and its removal, symbolic links included. */
void makeBase(void);
void cleanBase(void);

/* Copies the program at path into base (0755, like base itself) so that
 * other accounts can run it wherever the build tree sits (a 0700 home
 * folder, say); copy receives the copy's path. */
void NetTestDir_reachable(const char *path, char *copy, size_t len);

/* Extra accounts for the tests run as root. Each is named
 * TEST_ACCOUNT_PREFIX, a letter for its role and the id of the process
 * that made it, so that one whose process is gone is known to be left
 * over by a run that died (tests/net_play.sh names its own the same way). */
#define TEST_ACCOUNT_PREFIX "zzt"
/* Makes the account (useradd, no home folder) into name; returns its uid.
 * The test fails if it cannot be made. */
uid_t TestAccount_add(char *name, size_t len, char role);
void TestAccount_remove(const char *name);
/* Removes every test account whose process is gone (root only; nothing
 * otherwise). */
void TestAccount_removeStale(void);

#endif
