/* Tests of a Match's remote link (the replica of a host's game) against a
 * host played by the test through a socket pair: the host's messages are
 * taken in bounded batches, and sends the socket could not take at once
 * go out when it is writable again. */
#include <check.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/fen.h"
#include "core/setup.h"
#include "match/match.h"
#include "runner.h"

static Match *match;

/* A host at the other end of sv[1] that has welcomed Black's player to a
 * game of variant (its first snapshot read), as NetClient_join leaves it. */
static void joinNet(int sv[2], MatchJoined *joined, const char *variant)
{
    static const NetLimits limits = {.burst = INT_MAX, .per_second = INT_MAX, .out_max = 1 << 20};
    Position start;
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    memset(joined, 0, sizeof *joined);
    strcpy(joined->other, "alice");
    NetConn_init(&joined->client.conn, sv[0], &limits, Net_nowMs());
    NetSnapshot_init(&joined->client.snap);
    joined->client.role = NET_ROLE_GUEST;
    joined->client.side = NET_SIDE_BLACK;
    Setup_start(&start, Variant_get(VARIANT_PEMBA));
    snprintf(joined->client.snap.variant, sizeof joined->client.snap.variant, "%s", variant);
    Fen_write(&start, joined->client.snap.start_fen, sizeof joined->client.snap.start_fen);
    strcpy(joined->client.snap.seat[0].name, "alice");
    strcpy(joined->client.snap.seat[1].name, "bob");
}

/* Whether the host's end reads the end of the link (the client closed). */
static bool hostSeesClosed(int fd)
{
    char buf[4096];
    ssize_t n = 1;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    while (n > 0 && poll(&p, 1, 5000) == 1) /* at once, unless the link is still open */
        n = read(fd, buf, sizeof buf);      /* the goodbye, when the player said it */
    return n == 0;
}

/* The game screen linked to a host at the other end of sv[1]. */
static void attachNet(int sv[2])
{
    MatchJoined joined;
    char err[256];
    joinNet(sv, &joined, "pemba");
    match = Match_new();
    ck_assert_msg(Match_attach(match, &joined, err, sizeof err), "%s", err);
    ck_assert_int_eq(joined.client.conn.fd, -1); /* the match's own now */
}

static void detachNet(int sv[2])
{
    Match_end(match);
    close(sv[1]);
    Match_free(match);
}

/* A host that sends faster than the screen reads: one pump takes a bounded
 * batch and leaves the rest in the socket, so that keys are read between
 * batches; the next pumps take the rest. */
START_TEST(net_pump_takes_a_bounded_batch)
{
    int sv[2], left = 0;
    attachNet(sv);
    static char chat[1000 * 40];
    size_t len = 0;
    for (int i = 0; i < 1000; i++) /* one write: a write a line would fill the socket */
        len += (size_t)snprintf(chat + len, sizeof chat - len, "said white alice line %d\n", i);
    ck_assert_int_eq(write(sv[1], chat, len), (ssize_t)len);
    Match_tick(match, Net_nowMs());
    ck_assert_int_eq(ioctl(sv[0], FIONREAD, &left), 0);
    ck_assert_msg(left > 0, "one pump took every message the host had sent");
    ck_assert(Match_busy(match));
    for (int i = 0; i < 100 && Match_busy(match); i++)
        Match_tick(match, Net_nowMs());
    ck_assert(!Match_busy(match));
    ck_assert_int_eq(ioctl(sv[0], FIONREAD, &left), 0);
    ck_assert_int_eq(left, 0);
    /* the chat's history keeps the latest lines, oldest first */
    ck_assert_int_eq(Match_chatCount(match), MATCH_CHAT_MAX);
    ck_assert_str_eq(Match_chatLine(match, 0), "alice: line 800");
    ck_assert_str_eq(Match_chatLine(match, MATCH_CHAT_MAX - 1), "alice: line 999");
    detachNet(sv);
}
END_TEST

/* What the socket could not take at once is sent later, when the host
 * reads again: the screen asks poll() for POLLOUT and the pump flushes. */
START_TEST(net_pump_flushes_queued_sends)
{
    int sv[2];
    attachNet(sv);
    int said = 0;
    while (!(Match_linkEvents(match) & POLLOUT) && said < 100000) {
        Match_say(match, "a message the host does not read yet");
        said++;
    }
    ck_assert_msg(Match_linkEvents(match) & POLLOUT, "the socket never filled");
    static char buf[1 << 16];
    int received = 0;
    for (int round = 0; round < 1000 && received < said; round++) {
        ssize_t n;
        fcntl(sv[1], F_SETFL, O_NONBLOCK);
        while ((n = read(sv[1], buf, sizeof buf)) > 0)
            for (ssize_t i = 0; i < n; i++)
                received += buf[i] == '\n';
        Match_tick(match, Net_nowMs());
    }
    ck_assert_int_eq(received, said);
    ck_assert(!(Match_linkEvents(match) & POLLOUT));
    detachNet(sv);
}
END_TEST

/* The Match owns its link: freed without a goodbye (a screen that never
 * ended the game), it closes the socket and keeps nothing (ASan's and
 * valgrind's leak checks read this). */
START_TEST(net_free_closes_the_link)
{
    int sv[2];
    attachNet(sv);
    Match_say(match, "a line that waits in the queue");
    Match_free(match);
    ck_assert(hostSeesClosed(sv[1]));
    close(sv[1]);
}
END_TEST

/* A snapshot of a game this program does not know: the Match says so and
 * stays a game here, and the link it was handed is closed, not left to
 * the screen that joined. */
START_TEST(net_refused_snapshot_leaves_the_match_here)
{
    int sv[2];
    MatchJoined joined;
    char err[256] = "";
    joinNet(sv, &joined, "nosuchgame");
    match = Match_new();
    ck_assert(!Match_attach(match, &joined, err, sizeof err));
    ck_assert_msg(strstr(err, "nosuchgame") != NULL, "%s", err);
    ck_assert_int_eq(joined.client.conn.fd, -1);
    ck_assert(hostSeesClosed(sv[1]));
    ck_assert(Match_offers(match, MATCH_NEW | MATCH_UNDO));
    ck_assert_int_eq(Match_linkFd(match), -1);
    Match_free(match);
    close(sv[1]);
}
END_TEST

static Suite *netplaySuite(void)
{
    Suite *s = suite_create("netplay");
    TCase *tc = tcase_create("pump");
    tcase_add_test(tc, net_pump_takes_a_bounded_batch);
    tcase_add_test(tc, net_pump_flushes_queued_sends);
    tcase_add_test(tc, net_free_closes_the_link);
    tcase_add_test(tc, net_refused_snapshot_leaves_the_match_here);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(netplaySuite());
}
