/* A private folder standing for /tmp in the tests of games between
 * terminals, made before each test and removed after it. */
#ifndef ZANZIBAR_TESTS_NET_TESTDIR_H
#define ZANZIBAR_TESTS_NET_TESTDIR_H

extern char base[64];

/* Check fixtures: a fresh folder (0755, so that other accounts' clients
 * reach it) and its removal, symbolic links included. */
void makeBase(void);
void cleanBase(void);

#endif
