/* A raw protocol client for the tests of the game host: it dials the
 * host's socket, sends lines, and steps the host until the line it waits
 * for arrives. */
#ifndef ZANZIBAR_TESTS_NET_TESTCLIENT_H
#define ZANZIBAR_TESTS_NET_TESTCLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "net/host.h"
#include "net/proto.h"

typedef struct {
    int fd;
    char buf[65536];
    size_t len;
} Client;

/* The line the last successful TestClient_expect found. */
extern char TestClient_last[NET_LINE_MAX + 1];

void TestClient_dial(Client *c, const char *sock);
void TestClient_say(Client *c, const char *line);
/* Reads what has arrived, without waiting. */
void TestClient_pump(Client *c);
/* Steps host until c has received a line starting with want (then it and
 * everything before it are consumed, and it is kept in TestClient_last);
 * false after 2 s. */
bool TestClient_expect(NetHost *host, Client *c, const char *want);
/* Dials and says hello (a whole line, "hello 4 play"). */
void TestClient_greet(Client *c, const char *sock, const char *hello);
/* Dials, says hello and waits for the welcome and "ready". */
void TestClient_join(NetHost *host, Client *c, const char *sock, const char *hello,
                     const char *welcome);
/* The inviter (White) and then the guest (Black) join to play. */
void TestClient_joinBoth(NetHost *host, Client *white, Client *black, const char *sock);

/* For a test file whose host is the static NetHost *host. */
#define EXPECT(c, want) \
    ck_assert_msg(TestClient_expect(host, c, want), "no '%s' in: %s", want, (c)->buf)

#endif
