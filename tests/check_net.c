/* Tests of the protocol layer of games between terminals: every message's
 * round trip and the refusal of malformed lines, the cleaning of names and
 * chat, snapshots, the access rules, and a connection's limits (over-long
 * lines, floods, a peer that does not read). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/conn.h"
#include "net/peer.h"
#include "net/proto.h"
#include "net/snapshot.h"
#include "net/text.h"
#include "runner.h"

#define ERR_LEN 256

static NetMsg parsed;
static char err[ERR_LEN];

static bool parseLine(const char *line)
{
    size_t n = strlen(line);
    err[0] = '\0';
    if (n > 0 && line[n - 1] == '\n') /* a line as formatted, newline and all */
        n--;
    return NetMsg_parse(line, n, &parsed, err, sizeof err);
}

/* ---- round trips: one line of each message type, parsed and formatted */

static const char *const GOOD[] = {
    "hello 3 play",
    "hello 3 watch",
    "hello 7 info",
    "welcome 3 inviter white",
    "welcome 3 guest black",
    "welcome 3 spectator -",
    "refused you are not invited",
    "snapshot 0",
    "snapshot 123",
    "game pemba 600000 5000 public",
    "game zanzibar-xl 0 0 private",
    "start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "moves 0 e4",
    "moves 12 e4 e5 Nf3 Nc6 Bb5 a6 O-O Qxh12=Q+",
    "clocks 0 59000",
    "clocks 40 0 - 2147483647",
    "seat white connected alice",
    "seat black away bob",
    "pending draw white",
    "pending takeback black",
    "pending adjourn white",
    "pending rematch black",
    "ready",
    "sync",
    "move 0 e4",
    "move 99 Nxk12>k5+",
    "rejected 4 it is not your turn",
    "clock 300000 299000 white",
    "clock 0 0 -",
    "offer draw",
    "offered takeback white",
    "answer rematch yes",
    "answer draw no",
    "answered adjourn black yes",
    "say hello there",
    "said white alice good luck",
    "said - carol nice game",
    "resign",
    "claim",
    "result 1-0 resignation Black resigned",
    "result 1/2-1/2 agreement",
    "result * adjourned",
    "result 0-1 time",
    "result 1-0 abandoned bob left the game and did not come back",
    "result * aborted bob made no first move within a minute",
    "abort",
    "arrange black",
    "arranged 17",
    "joined black bob",
    "left - carol",
    "error spectators cannot move",
    "bye",
    "bye see you",
};

START_TEST(test_round_trip)
{
    const char *line = GOOD[_i];
    ck_assert_msg(parseLine(line), "'%s' refused: %s", line, err);
    char out[NET_LINE_MAX + 1];
    size_t n = NetMsg_format(&parsed, out, sizeof out);
    ck_assert_msg(n > 0, "'%s' could not be formatted back", line);
    ck_assert_uint_eq(out[n - 1], '\n');
    out[n - 1] = '\0';
    ck_assert_str_eq(out, line);
}
END_TEST

START_TEST(test_fields_read)
{
    ck_assert(parseLine("clock 300000 299000 black"));
    ck_assert_int_eq(parsed.type, NET_MSG_CLOCK);
    ck_assert(parsed.white_ms == 300000 && parsed.black_ms == 299000);
    ck_assert_int_eq(parsed.side, NET_SIDE_BLACK);
    ck_assert(parseLine("answered draw black yes"));
    ck_assert(parsed.request == NET_REQ_DRAW && parsed.side == NET_SIDE_BLACK && parsed.yes);
    ck_assert(parseLine("moves 4 a b c"));
    ck_assert_int_eq(parsed.ply, 4);
    ck_assert_int_eq(parsed.nmoves, 3);
    ck_assert_str_eq(parsed.moves[2], "c");
    ck_assert(parseLine("arranged 4321"));
    ck_assert_int_eq(parsed.setup, 4321);
    ck_assert(parseLine("result * aborted"));
    ck_assert_int_eq(parsed.reason, REASON_ABORTED);
    ck_assert(parseLine("move 3 e4\r"));
    ck_assert_str_eq(parsed.move, "e4");
}
END_TEST

/* ---- every malformed form is refused with a reason */

static const char *const BAD[] = {
    "",
    " ",
    "HELLO 1 play",
    "hello",
    "hello 1",
    "hello 3 play extra",
    "hello x play",
    "hello 3 fly",
    "hello  1 play",
    "hello 3 play ",
    "hello -1 play",
    "hello 01 play",
    "hello 1000 play",
    "welcome 3 spectator",
    "welcome 3 nobody white",
    "welcome 3 refused white",
    "move",
    "move 1",
    "move x e4",
    "move 1 e4 e5",
    "move 100001 e4",
    "move 99999999999999 e4",
    "move 1 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "moves 0",
    "moves 0 ",
    "moves 0 e4  e5",
    "clocks 0",
    "clocks 0 ",
    "clocks 0 -5",
    "clocks 0 1 x",
    "clocks 0 2147483648",
    "clocks 0 01",
    "clock 1 2",
    "clock 1 2 red",
    "clock -5 2 white",
    "clock 1000000000001 0 white",
    "offer",
    "offer peace",
    "offer -",
    "answer draw maybe",
    "offered draw -",
    "seat green connected x",
    "seat white here alice",
    "seat white connected",
    "pending - white",
    "game Pemba 1 1 public",
    "game pemba 1 1 secret",
    "game pemba 1 public",
    "game pem_ba 1 1 public",
    "start",
    "start ",
    "result 2-0 x",
    "result",
    "result 1-0",
    "result 1-0 Black resigned",
    "result 1-0 adjourned",
    "result * resignation",
    "result 1-0 aborted",
    "abort now",
    "arrange -",
    "arrange",
    "arranged",
    "arranged x",
    "arranged 01",
    "arranged 1000000001",
    "ready now",
    "sync please",
    "resign now",
    "claim x",
    "say",
    "say ",
    "say \x1b[2J",
    "refused",
    "error",
    "said white alice",
    "said white",
    "joined",
    "joined white",
    "left white bob extra",
    "frobnicate 1",
    "move 1 e4\x01",
    "start \x01",
    "bad",
    "bye\x01",
};

START_TEST(test_malformed)
{
    const char *line = BAD[_i];
    ck_assert_msg(!parseLine(line), "'%s' was accepted", line);
    ck_assert_msg(err[0] != '\0', "'%s' refused without a reason", line);
}
END_TEST

/* A refusal quotes the peer's word, and the player reads it on a terminal:
 * no escape sequence or control character may pass (found by fuzz_client). */
START_TEST(test_refusal_quotes_clean_text)
{
    static const char *const lines[] = {"move 3 d6\vclock", "move 3 \x1b[2Jwiped",
                                        "clock 1\x07 2 -"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        ck_assert(!NetMsg_parse(lines[i], strlen(lines[i]), &parsed, err, sizeof err));
        for (const char *p = err; *p; p++)
            ck_assert_msg((unsigned char)*p >= 0x20 && *p != 0x7f, "control character in: %s", err);
    }
}
END_TEST

START_TEST(test_too_long)
{
    char line[NET_LINE_MAX + 10];
    memset(line, 'a', sizeof line);
    memcpy(line, "say ", 4);
    ck_assert(!NetMsg_parse(line, NET_LINE_MAX, &parsed, err, sizeof err));
    ck_assert(strstr(err, "longer") != NULL);
    ck_assert(NetMsg_parse(line, NET_LINE_MAX - 1 - (NET_LINE_MAX - NET_TEXT_MAX), &parsed, err,
                           sizeof err));
}
END_TEST

START_TEST(test_format_refuses)
{
    NetMsg m;
    char out[NET_LINE_MAX + 1];
    NetMsg_init(&m, NET_MSG_MOVE);
    m.ply = 3;
    ck_assert_uint_eq(NetMsg_format(&m, out, sizeof out), 0); /* no move text */
    strcpy(m.move, "e 4");
    ck_assert_uint_eq(NetMsg_format(&m, out, sizeof out), 0);
    strcpy(m.move, "e4");
    m.ply = -1;
    ck_assert_uint_eq(NetMsg_format(&m, out, sizeof out), 0);
    NetMsg_init(&m, NET_MSG_SEAT);
    strcpy(m.name, "x");
    ck_assert_uint_eq(NetMsg_format(&m, out, sizeof out), 0); /* side "-" not allowed */
    NetMsg_init(&m, NET_MSG_SAY);
    strcpy(m.text, "\x1b[31m");
    ck_assert_uint_eq(NetMsg_format(&m, out, sizeof out), 0); /* nothing left to say */
    NetMsg_init(&m, NET_MSG_SAY);
    strcpy(m.text, "line\nbreak");
    ck_assert_uint_eq(NetMsg_format(&m, out, 8), 0); /* buffer too small */
    ck_assert_uint_gt(NetMsg_format(&m, out, sizeof out), 0);
    ck_assert_str_eq(out, "say linebreak\n");
}
END_TEST

/* ---- cleaning */

static const char *cleaned(const char *in)
{
    static char out[128];
    NetText_clean(out, sizeof out, in, strlen(in));
    return out;
}

START_TEST(test_clean_text)
{
    ck_assert_str_eq(cleaned("plain words"), "plain words");
    ck_assert_str_eq(cleaned("\x1b[2J\x1b[31mred\x1b[0m"), "red");
    ck_assert_str_eq(cleaned("a\x1b]0;owned title\x07"
                             "b"),
                     "ab");
    ck_assert_str_eq(cleaned("a\x1b]52;c;ZXZpbA==\x1b\\b"), "ab");
    ck_assert_str_eq(cleaned("a\x1b"
                             "Pdcs\x1b\\b"),
                     "ab");
    ck_assert_str_eq(cleaned("a\x1b"
                             "cb"),
                     "ab");                      /* reset: ESC c */
    ck_assert_str_eq(cleaned("a\x1b(Bb"), "ab"); /* charset: ESC ( B */
    ck_assert_str_eq(cleaned("a\xc2\x9b"
                             "31mb"),
                     "ab"); /* 8-bit CSI */
    ck_assert_str_eq(cleaned("bell\x07\r\x08!"), "bell!");
    ck_assert_str_eq(cleaned("tab\there"), "tab here");
    ck_assert_str_eq(cleaned("  spaced  "), "spaced");
    ck_assert_str_eq(cleaned("caf\xc3\xa9 \xe2\x99\x9e"), "caf\xc3\xa9 \xe2\x99\x9e");
    ck_assert_str_eq(cleaned("bad\xff\xfe utf\xc3"), "bad utf");
    ck_assert_str_eq(cleaned("over\xc0\xaflong"), "overlong");
    ck_assert_str_eq(cleaned("sur\xed\xa0\x80rogate"), "surrogate");
    ck_assert_str_eq(cleaned("rtl\xe2\x80\xaeoverride"), "rtloverride");
    ck_assert_str_eq(cleaned("\x1b["), "");
}
END_TEST

/* Every format character (Unicode's Cf) and the line and paragraph
 * separators go; the letters around them and a visible neighbour stay. */
START_TEST(test_clean_format_characters)
{
    static const char *const invisible[] = {
        "\xc2\xad",         "\xd8\x80",         "\xd8\x9c",         "\xdb\x9d",
        "\xdc\x8f",         "\xe0\xa2\x90",     "\xe1\xa0\x8e",     "\xe2\x80\x8b",
        "\xe2\x80\x8c",     "\xe2\x80\x8d",     "\xe2\x80\x8e",     "\xe2\x80\x8f",
        "\xe2\x80\xa8",     "\xe2\x80\xa9",     "\xe2\x80\xaa",     "\xe2\x80\xae",
        "\xe2\x81\xa0",     "\xe2\x81\xa4",     "\xe2\x81\xa6",     "\xe2\x81\xa9",
        "\xe2\x81\xaf",     "\xef\xbb\xbf",     "\xef\xbf\xb9",     "\xf0\x91\x82\xbd",
        "\xf0\x93\x90\xb0", "\xf0\x9b\xb2\xa0", "\xf0\x9d\x85\xb3", "\xf3\xa0\x80\x81",
        "\xf3\xa0\x80\xa0", "\xf3\xa0\x81\xbf"};
    char in[32];
    for (size_t i = 0; i < sizeof invisible / sizeof invisible[0]; i++) {
        snprintf(in, sizeof in, "a%sb", invisible[i]);
        ck_assert_msg(strcmp(cleaned(in), "ab") == 0, "character %zu was kept", i);
    }
    /* their visible neighbours stay: a hyphen, an Arabic letter, U+2027 */
    ck_assert_str_eq(cleaned("a\xe2\x80\x90"
                             "b"),
                     "a\xe2\x80\x90"
                     "b");
    ck_assert_str_eq(cleaned("\xd8\xa8"), "\xd8\xa8");
    ck_assert_str_eq(cleaned("\xe2\x80\xa7"), "\xe2\x80\xa7");
}
END_TEST

START_TEST(test_clean_cuts_at_character)
{
    char out[5];
    ck_assert_uint_eq(NetText_clean(out, sizeof out, "ab\xc3\xa9\xc3\xa9", 6), 4);
    ck_assert_str_eq(out, "ab\xc3\xa9");
    ck_assert_uint_eq(NetText_clean(out, sizeof out, "abc\xc3\xa9", 5), 3);
}
END_TEST

START_TEST(test_clean_name)
{
    char out[NET_NAME_MAX];
    NetText_cleanName(out, sizeof out, "eve\x1b[2J il", 11);
    ck_assert_str_eq(out, "eve_il");
    NetText_cleanName(out, sizeof out, "\x1b[1m", 4);
    ck_assert_str_eq(out, "?");
    ck_assert(parseLine("said white \x1b[31m\xe2\x80\xae"
                        "mallory hi\x1b[2J there"));
    ck_assert_str_eq(parsed.name, "mallory");
    ck_assert_str_eq(parsed.text, "hi there");
}
END_TEST

/* ---- snapshots */

static char sent[64][NET_LINE_MAX + 1];
static int nsent;

static bool collect(void *ctx, const NetMsg *m)
{
    (void)ctx;
    ck_assert_int_lt(nsent, 64);
    return NetMsg_format(m, sent[nsent++], sizeof sent[0]) > 0;
}

static void makeSnapshot(NetSnapshot *s, int plies)
{
    NetSnapshot_init(s);
    strcpy(s->variant, "pemba");
    s->base_ms = 600000, s->inc_ms = 5000;
    strcpy(s->start_fen, "8/8/8/8/8/8/8/8 w - - 0 1");
    for (int i = 0; i < plies; i++)
        ck_assert(NetSnapshot_addMove(s, i % 2 ? "Nxk12>k5+" : "e4", i == 1 ? -1 : 1000 * i));
    s->white_ms = 1000, s->black_ms = 2000, s->running = NET_SIDE_BLACK;
    strcpy(s->seat[0].name, "alice");
    s->seat[0].connected = true;
    strcpy(s->seat[1].name, "bob");
    s->pending = NET_REQ_TAKEBACK, s->pending_from = NET_SIDE_WHITE;
    strcpy(s->result, "1/2-1/2");
    s->reason = REASON_AGREEMENT;
    strcpy(s->result_text, "agreed");
}

START_TEST(test_snapshot_round_trip)
{
    NetSnapshot a, b;
    makeSnapshot(&a, 300);
    nsent = 0;
    ck_assert(NetSnapshot_emit(&a, collect, NULL));
    ck_assert_str_eq(sent[0], "snapshot 300\n");
    ck_assert_str_eq(sent[nsent - 1], "ready\n");
    NetSnapshot_init(&b);
    for (int i = 0; i < nsent; i++) {
        ck_assert_msg(parseLine(sent[i]), "%s: %s", sent[i], err);
        NetSnapStatus st = NetSnapshot_feed(&b, &parsed, err, sizeof err);
        ck_assert_msg(st == (i == nsent - 1 ? NET_SNAP_DONE : NET_SNAP_MORE), "%s", err);
    }
    ck_assert_int_eq(b.nplies, 300);
    ck_assert_str_eq(b.moves[299], "Nxk12>k5+");
    ck_assert(b.clocks[0] == 0 && b.clocks[1] == -1 && b.clocks[299] == 299000);
    ck_assert_str_eq(b.start_fen, a.start_fen);
    ck_assert_str_eq(b.variant, "pemba");
    ck_assert(b.inc_ms == 5000 && b.black_ms == 2000 && b.running == NET_SIDE_BLACK);
    ck_assert(b.seat[0].connected && !b.seat[1].connected);
    ck_assert_str_eq(b.seat[1].name, "bob");
    ck_assert(b.pending == NET_REQ_TAKEBACK && b.pending_from == NET_SIDE_WHITE);
    ck_assert_str_eq(b.result_text, "agreed");
    ck_assert_int_eq(b.reason, REASON_AGREEMENT);
    NetSnapshot_free(&a);
    NetSnapshot_free(&b);
}
END_TEST

static NetSnapStatus feedAll(NetSnapshot *b, const char *const *lines)
{
    NetSnapStatus st = NET_SNAP_MORE;
    for (int i = 0; lines[i] != NULL && st == NET_SNAP_MORE; i++) {
        ck_assert_msg(parseLine(lines[i]), "%s", err);
        st = NetSnapshot_feed(b, &parsed, err, sizeof err);
    }
    return st;
}

START_TEST(test_snapshot_refused)
{
    static const char *const cut[] = {
        "snapshot 3", "game pemba 0 0 public", "start x", "moves 0 a b", "ready", NULL};
    static const char *const gap[] = {"snapshot 3", "moves 1 a", NULL};
    static const char *const extra[] = {"snapshot 1", "moves 0 a b", NULL};
    static const char *const early[] = {"moves 0 a", NULL};
    static const char *const stray[] = {"snapshot 0", "move 0 e4", NULL};
    static const char *const nostart[] = {"snapshot 0", "game pemba 0 0 public", "ready", NULL};
    /* every move's clock comes after all the moves, and before "ready" */
    static const char *const noclocks[] = {
        "snapshot 1", "game pemba 0 0 public", "start x", "moves 0 a", "ready", NULL};
    static const char *const clocksfirst[] = {"snapshot 2", "moves 0 a", "clocks 0 5", NULL};
    static const char *const toomany[] = {"snapshot 1", "moves 0 a", "clocks 0 5 6", NULL};
    static const char *const *const all[] = {cut,     gap,      extra,       early,  stray,
                                             nostart, noclocks, clocksfirst, toomany};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        NetSnapshot b;
        NetSnapshot_init(&b);
        err[0] = '\0';
        ck_assert_msg(feedAll(&b, all[i]) == NET_SNAP_BAD, "case %zu accepted", i);
        ck_assert(err[0] != '\0');
        NetSnapshot_free(&b);
    }
}
END_TEST

/* ---- access */

static NetIdentity peer_id, inviter_id, guest_id;

/* alice (1000) invited bob (1001); the peer is the account uid, called
 * carol when it is neither. */
static NetAccessQuery query(uid_t peer, NetWant want, bool private_game)
{
    peer_id = NetIdentity_ofAccount(peer), inviter_id = NetIdentity_ofAccount(1000);
    guest_id = NetIdentity_ofAccount(1001);
    snprintf(inviter_id.name, sizeof inviter_id.name, "alice");
    snprintf(guest_id.name, sizeof guest_id.name, "bob");
    snprintf(peer_id.name, sizeof peer_id.name, "%s",
             peer == 1000       ? "alice"
                 : peer == 1001 ? "bob"
                                : "carol");
    return (NetAccessQuery){.peer = &peer_id,
                            .inviter = &inviter_id,
                            .guest = &guest_id,
                            .private_game = private_game,
                            .want = want};
}

START_TEST(test_access)
{
    char why[200];
    NetAccessQuery q = query(1000, NET_WANT_PLAY, false);
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_INVITER);
    q.inviter_seated = true; /* the inviter rejoining from a new terminal */
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_INVITER);
    q = query(1001, NET_WANT_PLAY, true);
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_GUEST);
    q = query(1002, NET_WANT_PLAY, false);
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_REFUSED);
    ck_assert(strstr(why, "carol may not play") && strstr(why, "may watch"));
    q = query(1002, NET_WANT_WATCH, false);
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_SPECTATOR);
    q = query(1002, NET_WANT_WATCH, true);
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_REFUSED);
    ck_assert(strstr(why, "private") != NULL);
    q = query(1002, NET_WANT_PLAY, true);
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_REFUSED);
    ck_assert(strstr(why, "private") != NULL);
    q = query(1001, NET_WANT_WATCH, true);
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_SPECTATOR);
    q = query(0, NET_WANT_PLAY, false); /* root is nobody special */
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_REFUSED);
}
END_TEST

START_TEST(test_access_self_invited)
{
    char why[200];
    NetAccessQuery q = query(1000, NET_WANT_PLAY, true);
    q.guest = &inviter_id;
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_INVITER);
    q.inviter_seated = true;
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_GUEST);
    q.guest_seated = true;
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_REFUSED);
    q.inviter_seated = false;
    ck_assert_int_eq(NetAccess_decide(&q, why, sizeof why), NET_ROLE_INVITER);
}
END_TEST

/* ---- connections */

static int pair[2];
static NetConn conn;

static void openPair(int burst, int per_second, size_t out_max)
{
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
    NetLimits lim = {.burst = burst, .per_second = per_second, .out_max = out_max};
    NetConn_init(&conn, pair[0], &lim, 0);
}

static void writeAll(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        ck_assert_int_gt(w, 0);
        s += w, n -= (size_t)w;
    }
}

START_TEST(test_conn_lines)
{
    openPair(10, 10, 4096);
    writeAll(pair[1], "hello 3 play\nsay a", 18);
    ck_assert(NetConn_read(&conn));
    size_t len;
    const char *line = NetConn_nextLine(&conn, 0, &len);
    ck_assert_str_eq(line, "hello 3 play");
    ck_assert_uint_eq(len, 12);
    ck_assert_ptr_null(NetConn_nextLine(&conn, 0, &len));
    writeAll(pair[1], "b\n", 2);
    close(pair[1]);
    ck_assert(!NetConn_read(&conn));
    ck_assert_int_eq(conn.state, NET_CONN_CLOSED);
    ck_assert_str_eq(NetConn_nextLine(&conn, 0, &len), "say ab"); /* its last words count */
    NetConn_close(&conn);
}
END_TEST

START_TEST(test_conn_oversize)
{
    openPair(10, 10, 4096);
    char big[NET_LINE_MAX];
    memset(big, 'x', sizeof big);
    big[NET_LINE_MAX - 1] = '\n'; /* the longest line allowed */
    writeAll(pair[1], big, sizeof big);
    ck_assert(NetConn_read(&conn));
    size_t len;
    ck_assert_ptr_nonnull(NetConn_nextLine(&conn, 0, &len));
    ck_assert_uint_eq(len, NET_LINE_MAX - 1);
    big[NET_LINE_MAX - 1] = 'x'; /* one byte more */
    writeAll(pair[1], big, sizeof big);
    writeAll(pair[1], "\n", 1);
    ck_assert(!NetConn_read(&conn));
    ck_assert_int_eq(conn.state, NET_CONN_OVERSIZE);
    NetConn_close(&conn);
    close(pair[1]);
}
END_TEST

START_TEST(test_conn_flood)
{
    openPair(5, 2, 4096);
    for (int i = 0; i < 8; i++)
        writeAll(pair[1], "sync\n", 5);
    ck_assert(NetConn_read(&conn));
    size_t len;
    for (int i = 0; i < 5; i++)
        ck_assert_ptr_nonnull(NetConn_nextLine(&conn, 0, &len));
    ck_assert_ptr_nonnull(NetConn_nextLine(&conn, 500, &len)); /* half a second: one more */
    ck_assert_ptr_null(NetConn_nextLine(&conn, 500, &len));
    ck_assert_int_eq(conn.state, NET_CONN_FLOOD);
    NetConn_close(&conn);
    close(pair[1]);
}
END_TEST

START_TEST(test_conn_slow_reader)
{
    openPair(10, 10, 8192);
    int small = 4096;
    setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SAY);
    memset(m.text, 'z', 300);
    int sent_lines = 0;
    while (NetConn_send(&conn, &m) && sent_lines < 100000)
        sent_lines++;
    ck_assert_int_eq(conn.state, NET_CONN_STALLED);
    ck_assert_uint_le(conn.outlen - conn.outoff, 8192);
    ck_assert_int_lt(sent_lines, 10000); /* dropped long before memory grows */
    NetConn_close(&conn);
    close(pair[1]);
}
END_TEST

START_TEST(test_peer_credentials)
{
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
    uid_t uid = (uid_t)-1;
    ck_assert_msg(NetPeer_uid(pair[0], &uid, err, sizeof err), "%s", err);
    ck_assert_uint_eq(uid, getuid());
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0); /* no peer at all: refused, with a reason */
    ck_assert(!NetPeer_uid(fds[0], &uid, err, sizeof err));
    ck_assert(err[0] != '\0');
}
END_TEST

static Suite *netSuite(void)
{
    Suite *s = suite_create("net");
    TCase *tc = tcase_create("protocol");
    tcase_add_loop_test(tc, test_round_trip, 0, (int)(sizeof GOOD / sizeof GOOD[0]));
    tcase_add_test(tc, test_fields_read);
    tcase_add_loop_test(tc, test_malformed, 0, (int)(sizeof BAD / sizeof BAD[0]));
    tcase_add_test(tc, test_refusal_quotes_clean_text);
    tcase_add_test(tc, test_too_long);
    tcase_add_test(tc, test_format_refuses);
    tcase_add_test(tc, test_clean_text);
    tcase_add_test(tc, test_clean_format_characters);
    tcase_add_test(tc, test_clean_cuts_at_character);
    tcase_add_test(tc, test_clean_name);
    tcase_add_test(tc, test_snapshot_round_trip);
    tcase_add_test(tc, test_snapshot_refused);
    suite_add_tcase(s, tc);
    tc = tcase_create("access and connections");
    tcase_add_test(tc, test_access);
    tcase_add_test(tc, test_access_self_invited);
    tcase_add_test(tc, test_conn_lines);
    tcase_add_test(tc, test_conn_oversize);
    tcase_add_test(tc, test_conn_flood);
    tcase_add_test(tc, test_conn_slow_reader);
    tcase_add_test(tc, test_peer_credentials);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(netSuite());
}
