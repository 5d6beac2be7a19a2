/* The raw protocol client shared by the tests of the game host
 * (check_net_host.c with a test double, check_net_game.c with the game). */
#include "net_testclient.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

char TestClient_last[NET_LINE_MAX + 1];

void TestClient_dial(Client *c, const char *sock)
{
    c->len = 0;
    c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
    ck_assert_int_eq(connect(c->fd, (struct sockaddr *)&sa, sizeof sa), 0);
    fcntl(c->fd, F_SETFL, O_NONBLOCK);
}

void TestClient_say(Client *c, const char *line)
{
    char l[NET_LINE_MAX * 2];
    int n = snprintf(l, sizeof l, "%s\n", line);
    ck_assert_int_eq(write(c->fd, l, (size_t)n), n);
}

void TestClient_pump(Client *c)
{
    ssize_t n;
    while (c->len < sizeof c->buf - 1
           && (n = read(c->fd, c->buf + c->len, sizeof c->buf - 1 - c->len)) > 0)
        c->len += (size_t)n;
    c->buf[c->len] = '\0';
}

bool TestClient_expect(NetHost *host, Client *c, const char *want)
{
    for (int round = 0; round < 200; round++) {
        TestClient_pump(c);
        for (char *line = c->buf; line < c->buf + c->len;) {
            char *nl = strchr(line, '\n');
            if (nl == NULL)
                break;
            if (strncmp(line, want, strlen(want)) == 0) {
                snprintf(TestClient_last, sizeof TestClient_last, "%.*s", (int)(nl - line), line);
                size_t used = (size_t)(nl + 1 - c->buf);
                memmove(c->buf, nl + 1, c->len - used + 1);
                c->len -= used;
                return true;
            }
            line = nl + 1;
        }
        NetHost_step(host, 10);
    }
    return false;
}

void TestClient_greet(Client *c, const char *sock, const char *hello)
{
    TestClient_dial(c, sock);
    TestClient_say(c, hello);
}

void TestClient_join(NetHost *host, Client *c, const char *sock, const char *hello,
                     const char *welcome)
{
    TestClient_greet(c, sock, hello);
    EXPECT(c, welcome);
    EXPECT(c, "ready");
}

void TestClient_joinBoth(NetHost *host, Client *white, Client *black, const char *sock)
{
    TestClient_join(host, white, sock, "hello 4 play", "welcome 4 inviter white");
    TestClient_join(host, black, sock, "hello 4 play", "welcome 4 guest black");
}
