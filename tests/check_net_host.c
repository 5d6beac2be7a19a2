/* Tests of the game host: a host driven through real Unix sockets with a
 * test double for the game (moves, requests, chat, garbage, floods, a
 * spectator that does not read, rejoining), the daemon and its memory,
 * and, as root, real accounts refused or admitted by the kernel's word. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "net/client.h"
#include "net/daemon.h"
#include "net/host.h"
#include "net/lobby.h"
#include "net/place.h"
#include "net_fakegame.h"
#include "net_testclient.h"
#include "net_testdir.h"
#include "runner.h"

#define ERR_LEN 300
/* The longest a test waits for a host in another process: generous, for a
 * slow machine running two tests at once under a sanitizer (a wait that is
 * answered ends at once). */
#define WAIT_MS 15000

static char err[ERR_LEN];
static char rawclient[PATH_MAX];
static NetPlace place;

static void initPlace(uid_t inviter, uid_t guest)
{
    ck_assert_msg(NetPlace_init(&place, base, inviter, guest, err, sizeof err), "%s", err);
}

/* ---- a host with the test double, stepped in this process */

static FakeGame game;
static NetHost *host;
static int lockfd;
static int wake_fd = -1;
/* When set, the host knows its players by this login's name, as a public
 * server would, instead of asking the kernel. */
static const char *login_name;

static bool Test_identifyByLogin(int fd, void *ctx, NetIdentity *who, char *why, size_t whylen)
{
    (void)fd, (void)ctx;
    if (login_name[0] == '\0') {
        snprintf(why, whylen, "the login named nobody");
        return false;
    }
    return NetIdentity_ofPlayer(login_name, who);
}

static void startHost(uid_t inviter, uid_t guest, bool private_game, NetLimits limits)
{
    initPlace(inviter, guest);
    NetHostConfig cfg = NetHost_defaults();
    if (inviter != getuid()) /* a test of refusals: the folder stays ours */
        ck_assert(NetPlace_init(&place, base, getuid(), guest, err, sizeof err));
    cfg.listen_fd = NetPlace_listen(&place, &lockfd, err, sizeof err);
    ck_assert_msg(cfg.listen_fd >= 0, "%s", err);
    cfg.inviter = NetIdentity_ofAccount(inviter), cfg.guest = NetIdentity_ofAccount(guest);
    cfg.private_game = private_game;
    cfg.limits = limits;
    cfg.ops = &FAKE_GAME_OPS, cfg.game = &game;
    cfg.hello_ms = 300;
    cfg.wake_fd = wake_fd;
    if (login_name != NULL) {
        cfg.identify = Test_identifyByLogin;
        ck_assert(NetIdentity_ofPlayer("alice", &cfg.inviter));
        ck_assert(NetIdentity_ofPlayer("bob", &cfg.guest));
    }
    memset(&game, 0, sizeof game);
    host = NetHost_new(&cfg);
    ck_assert_ptr_nonnull(host);
}

static void stopHost(void)
{
    NetHost_free(host);
    NetPlace_remove(&place, lockfd);
}

static void join(Client *c, const char *hello, const char *welcome)
{
    TestClient_join(host, c, place.sock, hello, welcome);
}

static Client a, b, w;

START_TEST(test_host_game)
{
    startHost(getuid(), getuid(), false, NET_LIMITS_DEFAULT);
    TestClient_joinBoth(host, &a, &b, place.sock);
    EXPECT(&a, "joined black");
    TestClient_say(&a, "move 0 e4");
    EXPECT(&a, "move 0 e4");
    EXPECT(&b, "move 0 e4");
    TestClient_say(&b, "move 0 e5");
    EXPECT(&b, "rejected 0 stale move");
    TestClient_say(&a, "move 1 d4");
    EXPECT(&a, "rejected 1 it is not your turn");
    TestClient_say(&b, "move 1 illegal");
    EXPECT(&b, "rejected 1 illegal move");
    TestClient_say(&b, "move 1 e5");
    EXPECT(&a, "move 1 e5");
    join(&w, "hello 4 watch", "welcome 4 spectator -");
    EXPECT(&a, "joined -");
    TestClient_say(&w, "move 2 Nf3");
    EXPECT(&w, "rejected 2 a spectator cannot send 'move'");
    TestClient_say(&w, "offer draw");
    EXPECT(&w, "error a spectator cannot");
    TestClient_say(&a, "say good \x1b[2Jluck\x07");
    EXPECT(&w, "said white");
    /* a game without these rules refuses them in words */
    TestClient_say(&a, "abort");
    EXPECT(&a, "error this game cannot be aborted");
    TestClient_say(&b, "arranged 3");
    EXPECT(&b, "error this game's pieces are not arranged by its players");
    TestClient_say(&w, "abort");
    EXPECT(&w, "error a spectator cannot send 'abort'");
    ck_assert_int_eq(game.nplies, 2);
    ck_assert_int_eq(game.arrivals[NET_SIDE_WHITE] + game.arrivals[NET_SIDE_BLACK], 2);
    stopHost();
}
END_TEST

START_TEST(test_host_snapshot_on_rejoin)
{
    startHost(getuid(), getuid(), false, NET_LIMITS_DEFAULT);
    TestClient_joinBoth(host, &a, &b, place.sock);
    TestClient_say(&a, "move 0 e4");
    EXPECT(&b, "move 0 e4");
    TestClient_say(&a, "offer draw");
    EXPECT(&b, "offered draw white");
    close(b.fd); /* the guest's terminal is killed */
    EXPECT(&a, "left black");
    ck_assert_int_eq(game.departures[NET_SIDE_BLACK], 1);
    TestClient_greet(&b, place.sock, "hello 4 play");
    EXPECT(&b, "welcome 4 guest black");
    EXPECT(&b, "snapshot 1");
    EXPECT(&b, "moves 0 e4");
    EXPECT(&b, "seat white connected");
    EXPECT(&b, "seat black connected");
    EXPECT(&b, "pending draw white");
    EXPECT(&b, "ready");
    EXPECT(&a, "joined black");
    TestClient_say(&b, "answer draw yes");
    EXPECT(&a, "answered draw black yes");
    EXPECT(&a, "result 1/2-1/2 agreement agreed");
    /* the game is over: the host ends once both players have gone */
    TestClient_say(&a, "bye");
    TestClient_say(&b, "bye");
    for (int i = 0; i < 50 && NetHost_step(host, 10); i++)
        ;
    ck_assert(!NetHost_step(host, 0));
    stopHost();
}
END_TEST

START_TEST(test_host_second_terminal_replaces)
{
    startHost(getuid(), getuid() + 1, false, NET_LIMITS_DEFAULT);
    join(&a, "hello 4 play", "welcome 4 inviter white");
    join(&b, "hello 4 play", "welcome 4 inviter white");
    EXPECT(&a, "bye you joined this game from another terminal");
    stopHost();
}
END_TEST

START_TEST(test_host_info)
{
    startHost(getuid(), getuid(), false, NET_LIMITS_DEFAULT);
    join(&a, "hello 4 play", "welcome 4 inviter white");
    TestClient_say(&a, "move 0 e4");
    EXPECT(&a, "move 0 e4");
    TestClient_greet(&w, place.sock, "hello 4 info");
    EXPECT(&w, "snapshot 1");
    EXPECT(&w, "seat white connected");
    EXPECT(&w, "bye that is all");
    TestClient_say(&a, "say still here");
    EXPECT(&a, "said white");
    ck_assert_msg(strstr(a.buf, "left") == NULL && strstr(a.buf, "joined") == NULL,
                  "a look for --list was announced: %s", a.buf);
    ck_assert_int_eq(NetHost_clientCount(host), 1);
    stopHost();
}
END_TEST

START_TEST(test_host_uninvited_refused)
{
    /* our own account is neither of the two: the kernel's uid decides */
    startHost(getuid() + 1, getuid() + 2, true, NET_LIMITS_DEFAULT);
    TestClient_greet(&a, place.sock, "hello 4 play");
    EXPECT(&a, "refused this game is between");
    TestClient_greet(&b, place.sock, "hello 4 watch");
    EXPECT(&b, "refused");
    ck_assert_msg(strstr(TestClient_last, "private") != NULL, "%s", TestClient_last);
    ck_assert_int_eq(NetHost_clientCount(host), 0);
    stopHost();
}
END_TEST

/* One account's connections are counted at accept: silent ones cannot
 * take every slot before saying hello. */
START_TEST(test_host_slots_per_account)
{
    static Client silent[NET_HOST_PER_ACCOUNT + 1];
    const int cap = NET_HOST_PER_ACCOUNT;
    startHost(getuid(), getuid(), false, NET_LIMITS_DEFAULT);
    for (int i = 0; i < cap; i++)
        TestClient_dial(&silent[i], place.sock);
    for (int i = 0; i < 50 && NetHost_clientCount(host) < cap; i++)
        NetHost_step(host, 10);
    ck_assert_int_eq(NetHost_clientCount(host), cap);
    TestClient_dial(&silent[cap], place.sock);
    EXPECT(&silent[cap], "refused your account already has");
    ck_assert_int_eq(NetHost_clientCount(host), cap);
    for (int i = 0; i <= cap; i++)
        close(silent[i].fd);
    stopHost();
}
END_TEST

START_TEST(test_host_old_version_refused)
{
    startHost(getuid(), getuid(), false, NET_LIMITS_DEFAULT);
    TestClient_greet(&a, place.sock, "hello 1 play");
    EXPECT(&a, "refused this game's host speaks protocol version 4 and your zanzibar version 1");
    ck_assert_int_eq(NetHost_clientCount(host), 0);
    stopHost();
}
END_TEST

/* The same access rules with players named by a login instead of the
 * kernel's accounts: only the identity function differs. */
START_TEST(test_host_identity_from_login)
{
    login_name = "bob";
    startHost(getuid(), getuid(), true, NET_LIMITS_DEFAULT);
    join(&b, "hello 4 play", "welcome 4 guest black");
    login_name = "carol";
    TestClient_greet(&w, place.sock, "hello 4 play");
    EXPECT(&w, "refused this game is between alice and bob; carol may not play in it");
    login_name = "";
    TestClient_greet(&w, place.sock, "hello 4 watch");
    EXPECT(&w, "refused the login named nobody");
    login_name = "alice";
    join(&a, "hello 4 play", "welcome 4 inviter white");
    ck_assert_int_eq(NetHost_clientCount(host), 2);
    login_name = NULL;
    stopHost();
    NetIdentity account = NetIdentity_ofAccount(getuid()), player;
    ck_assert(NetIdentity_ofPlayer(account.name, &player));
    ck_assert_msg(!NetIdentity_same(&account, &player), "a player is never taken for an account");
    ck_assert(!NetIdentity_ofPlayer("", &player) && !NetIdentity_ofPlayer("a b", &player));
}
END_TEST

START_TEST(test_host_garbage_dropped)
{
    startHost(getuid(), getuid(), false, NET_LIMITS_DEFAULT);
    TestClient_dial(&w, place.sock);
    TestClient_say(&w, "move 0 e4"); /* before hello */
    EXPECT(&w, "refused say hello first");
    TestClient_joinBoth(host, &a, &b, place.sock);
    TestClient_say(&b, "\x01\x02garbage");
    EXPECT(&b, "bye unknown message");
    EXPECT(&a, "left black");
    join(&b, "hello 4 play", "welcome 4 guest black");
    TestClient_say(&b, "welcome 3 inviter white"); /* a host's message from a client */
    EXPECT(&b, "bye 'welcome' is not a message a client sends");
    TestClient_greet(&w, place.sock, "hello 5 play");
    EXPECT(&w, "refused this game's host speaks protocol version 4 and your zanzibar version 5");
    TestClient_say(&a, "move 0 e4");
    EXPECT(&a, "move 0 e4"); /* the game goes on */
    stopHost();
}
END_TEST

START_TEST(test_host_flood_and_oversize_dropped)
{
    NetLimits lim = NET_LIMITS_DEFAULT;
    startHost(getuid(), getuid(), false, lim);
    TestClient_joinBoth(host, &a, &b, place.sock);
    for (int i = 0; i < 200; i++)
        TestClient_say(&b, "say spam");
    EXPECT(&b, "bye too many messages");
    EXPECT(&a, "left black");
    join(&b, "hello 4 play", "welcome 4 guest black");
    char big[NET_LINE_MAX + 100];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    memcpy(big, "say ", 4);
    TestClient_say(&b, big);
    EXPECT(&b, "bye a line was too long");
    TestClient_say(&a, "move 0 e4");
    EXPECT(&a, "move 0 e4");
    stopHost();
}
END_TEST

START_TEST(test_host_slow_spectator_dropped)
{
    NetLimits lim = NET_LIMITS_DEFAULT;
    lim.out_max = 16 * 1024;
    lim.burst = 100000, lim.per_second = 100000;
    startHost(getuid(), getuid(), false, lim);
    TestClient_joinBoth(host, &a, &b, place.sock);
    join(&w, "hello 4 watch", "welcome 4 spectator -"); /* and then never reads */
    char chat[300];
    memset(chat, 'c', sizeof chat);
    memcpy(chat, "say ", 4);
    chat[sizeof chat - 1] = '\0';
    bool dropped = false;
    for (int i = 0; i < 5000 && !dropped; i++) {
        TestClient_say(&a, chat);
        NetHost_step(host, 0);
        TestClient_pump(&a), TestClient_pump(&b);
        dropped = strstr(a.buf, "left -") != NULL;
        a.len = b.len = dropped ? a.len : 0;
    }
    ck_assert_msg(dropped, "the spectator that does not read was kept");
    TestClient_say(&a, "move 0 e4");
    EXPECT(&b, "move 0 e4");
    stopHost();
}
END_TEST

START_TEST(test_host_hello_timeout_and_wake)
{
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    wake_fd = p[0];
    startHost(getuid(), getuid(), false, NET_LIMITS_DEFAULT);
    ck_assert_int_eq(write(p[1], "!", 1), 1);
    NetHost_step(host, 100);
    ck_assert_int_eq(game.wakes, 1);
    ck_assert_int_gt(game.ticks, 0);
    TestClient_dial(&a, place.sock);
    EXPECT(&a, "refused no hello came in time");
    ck_assert_int_eq(NetHost_clientCount(host), 0);
    stopHost();
    close(p[0]), close(p[1]);
}
END_TEST

/* ---- the daemon */

/* A host with the test double in another process: a daemon, or a plain
 * child of this one; returns its pid. */
static pid_t startHostProcess(bool daemon)
{
    initPlace(getuid(), getuid());
    NetHostConfig cfg = NetHost_defaults();
    cfg.listen_fd = NetPlace_listen(&place, &lockfd, err, sizeof err);
    ck_assert_msg(cfg.listen_fd >= 0, "%s", err);
    int keep[2] = {cfg.listen_fd, lockfd};
    pid_t pid = daemon ? NetDaemon_start(keep, 2, err, sizeof err) : fork();
    ck_assert_msg(pid >= 0, "%s", err);
    if (pid == 0) {
        cfg.inviter = cfg.guest = NetIdentity_ofAccount(getuid());
        cfg.ops = &FAKE_GAME_OPS, cfg.game = &game;
        host = NetHost_new(&cfg);
        NetHost_catchSignals(host);
        NetHost_run(host);
        stopHost();
        _exit(0);
    }
    close(cfg.listen_fd);
    close(lockfd);
    return pid;
}

/* Everything the host sends until it hangs up (or WAIT_MS of quiet). */
static void readToEnd(int fd, char *buf, size_t len)
{
    size_t got = 0;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    ssize_t n;
    while (got < len - 1 && poll(&p, 1, WAIT_MS) > 0
           && (n = read(fd, buf + got, len - 1 - got)) > 0)
        got += (size_t)n;
    buf[got] = '\0';
}

static long residentKb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "VmRSS: %ld", &kb) == 1)
            break;
    if (f != NULL)
        fclose(f);
    return kb;
}

START_TEST(test_daemon_host)
{
    pid_t pid = startHostProcess(true);
    ck_assert_int_ne(getsid(pid), getsid(0)); /* away from our terminal's session */
    ck_assert_int_ne(getsid(pid), pid);       /* and it can never take a terminal */
    kill(pid, SIGHUP);
    static Client cl[10];
    char err2[ERR_LEN];
    for (int i = 0; i < 10; i++) {
        cl[i].fd = NetPlace_connect(&place, err2, sizeof err2);
        ck_assert_msg(cl[i].fd >= 0, "%s", err2);
        const char *hello = i < 2 ? "hello 4 play" : "hello 4 watch";
        ck_assert_int_eq(write(cl[i].fd, hello, strlen(hello)), (ssize_t)strlen(hello));
        ck_assert_int_eq(write(cl[i].fd, "\n", 1), 1);
        struct pollfd p = {.fd = cl[i].fd, .events = POLLIN};
        ck_assert_int_eq(poll(&p, 1, WAIT_MS), 1);
        ssize_t got = read(cl[i].fd, cl[i].buf, 7);
        ck_assert_msg(got > 0, "client %d: read: %s (revents %d)", i, strerror(errno), p.revents);
        ck_assert_msg(strncmp(cl[i].buf, "welcome", 7) == 0, "%.60s", cl[i].buf);
    }
    /* a move from White's connection to Black's, through the daemon,
     * with eight spectators also served (the game double checks nothing) */
    usleep(100000);
    static char drain[65536];
    fcntl(cl[1].fd, F_SETFL, O_NONBLOCK);
    while (read(cl[1].fd, drain, sizeof drain) > 0)
        ;
    drain[0] = '\0';
    int64_t t0 = Net_nowMs();
    ck_assert_int_eq(write(cl[0].fd, "move 0 e4\n", 10), 10);
    size_t got = 0;
    struct pollfd p1 = {.fd = cl[1].fd, .events = POLLIN};
    while (strstr(drain, "move 0 e4") == NULL && poll(&p1, 1, WAIT_MS) > 0) {
        ssize_t n = read(cl[1].fd, drain + got, sizeof drain - 1 - got);
        got += n > 0 ? (size_t)n : 0;
        drain[got] = '\0';
    }
    ck_assert_msg(strstr(drain, "move 0 e4") != NULL, "%s", drain);
    fprintf(stderr, "a move from one player to the other through the host: %lld ms\n",
            (long long)(Net_nowMs() - t0));
    long kb = residentKb(pid);
    fprintf(stderr, "game host with 10 idle connections: VmRSS %ld kB\n", kb);
    ck_assert_int_gt(kb, 0);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    ck_assert_int_lt(kb, 8 * 1024); /* the ceiling; sanitizers need more */
#endif
    kill(pid, SIGTERM);
    struct stat st;
    for (int i = 0; i < WAIT_MS / 10 && lstat(place.sock, &st) == 0; i++)
        usleep(10000);
    ck_assert_msg(lstat(place.sock, &st) != 0, "the stopped host left its socket");
    for (int i = 0; i < WAIT_MS / 10 && lstat(place.lock, &st) == 0; i++)
        usleep(10000);
    ck_assert_msg(lstat(place.lock, &st) != 0, "the stopped host left its lock");
    static char buf[65536];
    readToEnd(cl[0].fd, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "bye the game's host was stopped") != NULL, "%s", buf);
}
END_TEST

/* ---- the client's side, against a host in another process */

static NetClientEvent nextWithin(NetClient *c, NetMsg *m, int ms)
{
    NetClientEvent ev = NET_CLIENT_NONE;
    for (int i = 0; i < ms / 10 && ev == NET_CLIENT_NONE; i++) {
        ev = NetClient_next(c, m, err, sizeof err);
        if (ev == NET_CLIENT_NONE)
            usleep(10000);
    }
    return ev;
}

START_TEST(test_client)
{
    pid_t pid = startHostProcess(false);
    static NetClient white, black, third;
    ck_assert_msg(NetClient_join(&white, &place, NET_WANT_PLAY, WAIT_MS, err, sizeof err), "%s",
                  err);
    ck_assert(white.role == NET_ROLE_INVITER && white.side == NET_SIDE_WHITE);
    ck_assert_msg(NetClient_join(&black, &place, NET_WANT_PLAY, WAIT_MS, err, sizeof err), "%s",
                  err);
    ck_assert_int_eq(black.side, NET_SIDE_BLACK);
    ck_assert_str_eq(black.snap.seat[0].name, black.snap.seat[1].name);
    ck_assert(black.snap.seat[0].connected && black.snap.seat[1].connected);
    ck_assert(!NetClient_join(&third, &place, NET_WANT_PLAY, WAIT_MS, err, sizeof err));
    ck_assert_msg(strstr(err, "both sides") != NULL, "%s", err);
    NetMsg m;
    NetMsg_init(&m, NET_MSG_MOVE);
    strcpy(m.move, "e4");
    ck_assert(NetClient_send(&white, &m));
    ck_assert_int_eq(nextWithin(&black, &m, WAIT_MS), NET_CLIENT_MESSAGE);
    ck_assert(m.type == NET_MSG_MOVE && m.ply == 0);
    NetMsg_init(&m, NET_MSG_SYNC);
    ck_assert(NetClient_send(&black, &m));
    do
        ck_assert_int_eq(nextWithin(&black, &m, WAIT_MS), NET_CLIENT_MESSAGE);
    while (m.type != NET_MSG_READY);
    ck_assert_int_eq(black.snap.nplies, 1);
    ck_assert_str_eq(black.snap.moves[0], "e4");
    kill(pid, SIGTERM);
    while (nextWithin(&black, &m, WAIT_MS) == NET_CLIENT_MESSAGE)
        ;
    ck_assert_msg(strstr(err, "host was stopped") != NULL, "%s", err);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    NetClient_close(&white);
    NetClient_close(&black);
    ck_assert(!NetClient_join(&third, &place, NET_WANT_WATCH, WAIT_MS, err, sizeof err));
    ck_assert_msg(strstr(err, "no game waiting") != NULL, "%s", err);
}
END_TEST

/* The lobby asks a host like --list does: an invitation for the guest,
 * "your game" once it has begun, a game to watch for anyone else. */
START_TEST(test_lobby)
{
    pid_t pid = startHostProcess(false);
    static NetClient white;
    static NetLobbyGame games[4];
    ck_assert_msg(NetClient_join(&white, &place, NET_WANT_PLAY, WAIT_MS, err, sizeof err), "%s",
                  err);
    ck_assert_int_eq(NetLobby_scan(base, getuid(), games, 4, WAIT_MS), 1);
    ck_assert_int_eq(games[0].kind, NET_LOBBY_INVITATION);
    ck_assert_msg(strstr(games[0].line, "invites you: Pemba, no clock, you play Black") != NULL,
                  "%s", games[0].line);
    ck_assert_str_eq(games[0].user, place.inviter_name);
    ck_assert_int_eq(NetLobby_scan(base, getuid() + 1, games, 4, WAIT_MS), 1);
    ck_assert_int_eq(games[0].kind, NET_LOBBY_WATCHABLE);
    NetMsg m;
    NetMsg_init(&m, NET_MSG_MOVE);
    strcpy(m.move, "e4");
    ck_assert(NetClient_send(&white, &m));
    ck_assert_int_eq(nextWithin(&white, &m, WAIT_MS), NET_CLIENT_MESSAGE);
    ck_assert_int_eq(NetLobby_scan(base, getuid(), games, 4, WAIT_MS), 1);
    ck_assert_int_eq(games[0].kind, NET_LOBBY_MINE);
    ck_assert_msg(strstr(games[0].line, "1 move played") != NULL, "%s", games[0].line);
    kill(pid, SIGTERM);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    NetClient_close(&white);
    ck_assert_int_eq(NetLobby_scan(base, getuid(), games, 4, WAIT_MS), 0);
}
END_TEST

/* The menu's look: started without waiting, the host's answer taken when
 * its socket is readable, and the look over once every host answered. */
START_TEST(test_lobby_live)
{
    pid_t pid = startHostProcess(false);
    static NetLobbyGame games[4];
    struct pollfd fds[NET_LOBBY_MAX];
    NetLobby *l = NetLobby_start(base, getuid(), 5000);
    ck_assert_ptr_nonnull(l);
    ck_assert_int_eq(NetLobby_pending(l), 1);
    ck_assert_int_eq(NetLobby_games(l, games, 4), 0); /* nothing read yet */
    ck_assert_int_eq(NetLobby_pollFds(l, fds, NET_LOBBY_MAX), 1);
    ck_assert_int_gt(NetLobby_waitMs(l), 0);
    for (int i = 0; i < 100 && NetLobby_pending(l) > 0; i++) {
        ck_assert_int_ge(poll(fds, (nfds_t)NetLobby_pollFds(l, fds, NET_LOBBY_MAX), 100), 0);
        NetLobby_read(l);
    }
    ck_assert_int_eq(NetLobby_pending(l), 0);
    ck_assert_int_eq(NetLobby_waitMs(l), -1);
    ck_assert_int_eq(NetLobby_games(l, games, 4), 1);
    ck_assert_int_eq(games[0].kind, NET_LOBBY_INVITATION);
    NetLobby_free(l);
    kill(pid, SIGTERM);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
}
END_TEST

/* ---- real accounts (root only) */

static char invited[32], stranger[32], rawcopy[PATH_MAX];

/* Runs the raw client as an account (runuser, a real login's uid) while
 * this process steps the host; returns what the client printed. */
static void runAs(const char *account, const char *line, char *out, size_t outlen)
{
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(p[1], 1);
        close(p[0]);
        execlp("runuser", "runuser", "-u", account, "--", rawcopy, place.sock, line, (char *)NULL);
        _exit(127);
    }
    close(p[1]);
    fcntl(p[0], F_SETFL, O_NONBLOCK);
    size_t got = 0;
    int status;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        NetHost_step(host, 10);
        ssize_t n = read(p[0], out + got, outlen - 1 - got);
        got += n > 0 ? (size_t)n : 0;
    }
    ssize_t n;
    while ((n = read(p[0], out + got, outlen - 1 - got)) > 0)
        got += (size_t)n;
    out[got] = '\0';
    close(p[0]);
}

START_TEST(test_accounts)
{
    if (geteuid() != 0) {
        fprintf(stderr, "skipped: the test with real accounts needs root (useradd)\n");
        return;
    }
    if (system("command -v runuser >/dev/null && command -v useradd >/dev/null") != 0) {
        fprintf(stderr, "skipped: the test with real accounts needs runuser and useradd\n");
        return;
    }
    TestAccount_removeStale();
    uid_t guest = TestAccount_add(invited, sizeof invited, 'i');
    TestAccount_add(stranger, sizeof stranger, 's');
    /* the accounts cannot reach the build tree if it sits in a 0700 folder */
    NetTestDir_reachable(rawclient, rawcopy, sizeof rawcopy);
    startHost(getuid(), guest, true, NET_LIMITS_DEFAULT);
    join(&a, "hello 4 play", "welcome 4 inviter white");
    static char out[65536];
    runAs(stranger, "hello 4 play", out, sizeof out);
    ck_assert_msg(strstr(out, "refused this game is between") != NULL, "stranger: %s", out);
    runAs(stranger, "hello 4 watch", out, sizeof out);
    ck_assert_msg(strstr(out, "refused") && strstr(out, "private"), "stranger watching: %s", out);
    runAs(invited, "hello 4 play", out, sizeof out);
    ck_assert_msg(strncmp(out, "welcome 4 guest black\n", 22) == 0, "invited: %s", out);
    ck_assert_msg(strstr(out, "\nready\n") != NULL, "invited: %s", out);
    ck_assert_int_eq(game.nplies, 0); /* the game is unharmed */
    TestClient_say(&a, "move 0 e4");
    EXPECT(&a, "move 0 e4");
    stopHost();
    TestAccount_remove(invited);
    TestAccount_remove(stranger);
}
END_TEST

/* Connects n times to the game as the account uid (a child process) and
 * keeps the connections silent until it is killed; the host is stepped
 * meanwhile. Returns the child. */
static pid_t holdAs(uid_t uid, int n)
{
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        if (setgid(uid) != 0 || setuid(uid) != 0)
            _exit(1);
        for (int i = 0; i < n; i++) {
            struct sockaddr_un sa = {.sun_family = AF_UNIX};
            snprintf(sa.sun_path, sizeof sa.sun_path, "%s", place.sock);
            int fd = socket(AF_UNIX, SOCK_STREAM, 0);
            if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0)
                close(fd);
        }
        if (write(p[1], "x", 1) != 1)
            _exit(1);
        for (;;)
            pause();
    }
    close(p[1]);
    fcntl(p[0], F_SETFL, O_NONBLOCK);
    char c;
    while (read(p[0], &c, 1) != 1)
        NetHost_step(host, 10);
    close(p[0]);
    for (int i = 0; i < 20; i++)
        NetHost_step(host, 10);
    return pid;
}

/* Another account holding sixty-four silent connections (more than the
 * host's slots) does not keep the invited account out. */
START_TEST(test_account_cannot_fill_slots)
{
    if (geteuid() != 0
        || system("command -v runuser >/dev/null && command -v useradd >/dev/null")) {
        fprintf(stderr, "skipped: the test with real accounts needs root, runuser and useradd\n");
        return;
    }
    TestAccount_removeStale();
    uid_t guest = TestAccount_add(invited, sizeof invited, 'i');
    uid_t other = TestAccount_add(stranger, sizeof stranger, 's');
    /* the accounts cannot reach the build tree if it sits in a 0700 folder */
    NetTestDir_reachable(rawclient, rawcopy, sizeof rawcopy);
    startHost(getuid(), guest, false, NET_LIMITS_DEFAULT);
    join(&a, "hello 4 play", "welcome 4 inviter white");
    pid_t holder = holdAs(other, 64);
    static char out[65536];
    runAs(invited, "hello 4 play", out, sizeof out);
    kill(holder, SIGKILL);
    waitpid(holder, NULL, 0);
    ck_assert_msg(strncmp(out, "welcome 4 guest black\n", 22) == 0, "invited: %s", out);
    stopHost();
    TestAccount_remove(invited);
    TestAccount_remove(stranger);
}
END_TEST

static Suite *hostSuite(void)
{
    Suite *s = suite_create("net host");
    TCase *tc;
    tc = tcase_create("host");
    tcase_add_checked_fixture(tc, makeBase, cleanBase);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_host_game);
    tcase_add_test(tc, test_host_snapshot_on_rejoin);
    tcase_add_test(tc, test_host_second_terminal_replaces);
    tcase_add_test(tc, test_host_info);
    tcase_add_test(tc, test_host_uninvited_refused);
    tcase_add_test(tc, test_host_slots_per_account);
    tcase_add_test(tc, test_host_old_version_refused);
    tcase_add_test(tc, test_host_identity_from_login);
    tcase_add_test(tc, test_host_garbage_dropped);
    tcase_add_test(tc, test_host_flood_and_oversize_dropped);
    tcase_add_test(tc, test_host_slow_spectator_dropped);
    tcase_add_test(tc, test_host_hello_timeout_and_wake);
    tcase_add_test(tc, test_daemon_host);
    tcase_add_test(tc, test_client);
    tcase_add_test(tc, test_lobby);
    tcase_add_test(tc, test_lobby_live);
    tcase_add_test(tc, test_accounts);
    tcase_add_test(tc, test_account_cannot_fill_slots);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    /* the raw client is built next to this program */
    char self[PATH_MAX];
    if (realpath(argv[0], self) != NULL) {
        char *slash = strrchr(self, '/');
        *slash = '\0';
        snprintf(rawclient, sizeof rawclient, "%.*s/net_rawclient", PATH_MAX - 20, self);
    }
    /* accounts of a test that failed half-way (Check ends its process at
     * once) are removed once it is gone, here and by the next run */
    TestAccount_removeStale();
    int status = TestRunner_run(hostSuite());
    TestAccount_removeStale();
    return status;
}
