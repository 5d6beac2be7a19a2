/* Tests of the game session behind a game host: real moves checked by the
 * rules through Session_move (stale, wrong side, illegal), clocks,
 * requests, resign, claim after the grace, and the game saved after every
 * move and adjourned when both players leave. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fen.h"
#include "core/notation.h"
#include "core/setup.h"
#include "match/hostgame.h"
#include "net/host.h"
#include "net/place.h"
#include "net_testclient.h"
#include "net_testdir.h"
#include "record/fileio.h"
#include "record/record.h"
#include "runner.h"

#define ERR_LEN 300

static char err[ERR_LEN];
static NetPlace place;
static HostGame game;
static NetHost *host;
static int lockfd;

/* A host of the game below on a fresh place, both seats this account's. */
static NetHostConfig listeningHost(void)
{
    ck_assert_msg(NetPlace_init(&place, base, getuid(), getuid(), err, sizeof err), "%s", err);
    NetHostConfig cfg = NetHost_defaults();
    cfg.listen_fd = NetPlace_listen(&place, &lockfd, err, sizeof err);
    ck_assert_msg(cfg.listen_fd >= 0, "%s", err);
    cfg.inviter = cfg.guest = NetIdentity_ofAccount(getuid());
    cfg.ops = &HOSTGAME_OPS, cfg.game = &game;
    return cfg;
}

static void startHost(int base_ms)
{
    NetHostConfig cfg = listeningHost();
    Position start;
    Setup_start(&start, Variant_get(VARIANT_PEMBA));
    ck_assert(HostGame_init(&game, &start, base_ms, 0));
    HostGame_setPlayers(&game, NET_SIDE_WHITE, "alice", "bob");
    snprintf(game.save_path, sizeof game.save_path, "%s/net-game.pgn", base);
    host = NetHost_new(&cfg);
    ck_assert_ptr_nonnull(host);
}

static void stopHost(void)
{
    NetHost_free(host);
    NetPlace_remove(&place, lockfd);
    HostGame_free(&game);
}

static Client a, b, w;

static void join(Client *c, const char *hello, const char *welcome)
{
    TestClient_join(host, c, place.sock, hello, welcome);
}

/* The SAN of the i-th legal move where the host's game stands. */
static const char *legal(int i, char *buf)
{
    Notation_san(Session_position(game.s), Session_legal(game.s)->moves[i], buf);
    return buf;
}

static void play(Client *by, int ply, int i)
{
    char san[MOVE_TEXT_MAX], line[64], echo[64];
    legal(i, san);
    snprintf(line, sizeof line, "move %d %s", ply, san);
    snprintf(echo, sizeof echo, "move %d %s", ply, san);
    TestClient_say(by, line);
    EXPECT(&a, echo);
    EXPECT(&b, echo);
}

static void joinBoth(void)
{
    TestClient_joinBoth(host, &a, &b, place.sock);
}

START_TEST(test_game_moves_checked)
{
    char san[MOVE_TEXT_MAX], line[64];
    startHost(60000);
    joinBoth();
    legal(0, san);
    play(&a, 0, 0);
    EXPECT(&b, "clock 60000 ");
    snprintf(line, sizeof line, "move 0 %s", san);
    TestClient_say(&b, line);
    EXPECT(&b, "rejected 0 stale move");
    snprintf(line, sizeof line, "move 1 %s", legal(0, san));
    TestClient_say(&a, line);
    EXPECT(&a, "rejected 1 it is not your turn");
    TestClient_say(&b, "move 1 Kz99");
    EXPECT(&b, "rejected 1 Kz99");
    ck_assert_int_eq(Session_game(game.s)->nmoves, 1);
    play(&b, 1, 0);
    ck_assert_int_eq(Session_game(game.s)->nmoves, 2);
    /* saved after every move, with both names and the clocks */
    PgnHeader tags;
    Game saved;
    Game_init(&saved, &Session_game(game.s)->start);
    ck_assert_msg(Record_loadPgnTags(&saved, &tags, game.save_path, 0, err, sizeof err), "%s", err);
    ck_assert_int_eq(saved.nmoves, 2);
    ck_assert_str_eq(PgnHeader_get(&tags, "White"), "alice");
    ck_assert_str_eq(PgnHeader_get(&tags, "Black"), "bob");
    ck_assert_ptr_nonnull(PgnHeader_get(&tags, "ZanzibarClocks"));
    Game_free(&saved);
    /* a spectator sees the game so far */
    join(&w, "hello 4 watch", "welcome 4 spectator -");
    stopHost();
}
END_TEST

START_TEST(test_game_requests)
{
    startHost(0);
    joinBoth();
    play(&a, 0, 0);
    play(&b, 1, 0);
    TestClient_say(&b, "offer takeback");
    EXPECT(&a, "offered takeback black");
    TestClient_say(&b, "answer takeback yes");
    EXPECT(&b, "error there is no request for Black");
    TestClient_say(&a, "answer takeback yes");
    EXPECT(&b, "answered takeback white yes");
    EXPECT(&b, "snapshot 1");
    ck_assert_int_eq(Session_game(game.s)->nmoves, 1);
    play(&b, 1, 1);
    TestClient_say(&a, "offer draw");
    EXPECT(&b, "offered draw white");
    TestClient_say(&b, "answer draw no");
    EXPECT(&a, "answered draw black no");
    TestClient_say(&a, "offer draw");
    EXPECT(&b, "offered draw white");
    TestClient_say(&b, "answer draw yes");
    EXPECT(&a, "result 1/2-1/2");
    ck_assert(access(game.save_path, F_OK) != 0); /* nothing left to resume */
    TestClient_say(&a, "offer rematch");
    EXPECT(&b, "offered rematch white");
    TestClient_say(&b, "answer rematch yes");
    EXPECT(&a, "welcome 4 inviter black"); /* the colours change */
    EXPECT(&a, "snapshot 0");
    EXPECT(&b, "welcome 4 guest white");
    EXPECT(&b, "seat white connected");
    ck_assert(!Game_over(Session_game(game.s)));
    ck_assert_str_eq(game.rec.names[WHITE], "bob");
    ck_assert_str_eq(game.rec.names[BLACK], "alice");
    ck_assert_int_eq(game.rec.inviter_side, NET_SIDE_BLACK);
    TestClient_say(&b, "resign");
    EXPECT(&a, "result 0-1 resignation"); /* on either side's turn */
    stopHost();
}
END_TEST

/* A spectator's line during play reaches the other spectators only; the
 * players read it right after the result, and a player's line, or a
 * spectator's once the game is over, reaches everyone at once. */
START_TEST(test_game_spectator_chat_held)
{
    static Client w2;
    startHost(0);
    joinBoth();
    join(&w, "hello 4 watch", "welcome 4 spectator -");
    join(&w2, "hello 4 watch", "welcome 4 spectator -");
    play(&a, 0, 0);
    TestClient_say(&w, "say play Nf3 now");
    EXPECT(&w2, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "play Nf3 now"));
    TestClient_pump(&a);
    TestClient_pump(&b);
    ck_assert_ptr_null(strstr(a.buf, "play Nf3 now"));
    ck_assert_ptr_null(strstr(b.buf, "play Nf3 now"));
    TestClient_say(&a, "say good luck");
    EXPECT(&w, "said white ");
    EXPECT(&b, "said white ");
    TestClient_say(&b, "resign");
    EXPECT(&a, "result 1-0 resignation");
    EXPECT(&a, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "play Nf3 now"));
    EXPECT(&a, "said - zanzibar " NET_HOST_KEPT); /* the inviter's copy, by its host */
    EXPECT(&b, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "play Nf3 now"));
    TestClient_say(&w, "say well played");
    EXPECT(&a, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "well played"));
    stopHost();
}
END_TEST

/* An adjournment is no end: what the spectators said during play, or say
 * while it lasts, still does not reach the players. */
START_TEST(test_game_spectator_chat_held_through_adjournment)
{
    startHost(0);
    joinBoth();
    join(&w, "hello 4 watch", "welcome 4 spectator -");
    play(&a, 0, 0);
    play(&b, 1, 0);
    TestClient_say(&w, "say take the knight");
    EXPECT(&w, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "take the knight"));
    TestClient_say(&a, "offer adjourn");
    EXPECT(&b, "offered adjourn white");
    TestClient_say(&b, "answer adjourn yes");
    EXPECT(&a, "result * adjourned");
    EXPECT(&b, "result * adjourned");
    TestClient_say(&w, "say now the rook");
    EXPECT(&w, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "now the rook"));
    TestClient_pump(&a);
    TestClient_pump(&b);
    ck_assert_ptr_null(strstr(a.buf, "knight"));
    ck_assert_ptr_null(strstr(b.buf, "knight"));
    ck_assert_ptr_null(strstr(a.buf, "rook"));
    ck_assert_ptr_null(strstr(b.buf, "rook"));
    stopHost();
}
END_TEST

/* The record's held lines, read back: how many, and the first's text. */
static int recordHeld(ChatLog *held)
{
    Game saved;
    HostRecordInfo info;
    Game_init(&saved, &Session_game(game.s)->start);
    ck_assert_msg(HostRecord_read(game.save_path, &saved, &info, held, err, sizeof err), "%s", err);
    Game_free(&saved);
    return held->count;
}

/* The game of the record left at save_path, hosted anew as a resume does
 * (the record read, HostGame_resume, its held lines given to the host). */
static void resumeHost(void)
{
    static ChatLog held;
    Game saved;
    HostRecordInfo info;
    char path[PATHS_MAX];
    snprintf(path, sizeof path, "%s", game.save_path);
    NetHostConfig cfg = listeningHost();
    Game_init(&saved, &Session_game(game.s)->start);
    ck_assert_msg(HostRecord_read(path, &saved, &info, &held, err, sizeof err), "%s", err);
    HostGame_free(&game);
    ck_assert(HostGame_init(&game, &saved.start, 0, 0));
    HostGame_resume(&game, &saved, &info);
    HostGame_setPlayers(&game, NET_SIDE_WHITE, "alice", "bob");
    snprintf(game.save_path, sizeof game.save_path, "%s", path);
    cfg.held = &held;
    host = NetHost_new(&cfg);
    ck_assert_ptr_nonnull(host);
}

/* The archived game's text, from the host's "kept as FILE" line. */
static char *archivedText(const char *kept_line)
{
    char path[PATHS_MAX], *text = NULL;
    const char *name = strstr(kept_line, NET_HOST_KEPT);
    ck_assert_ptr_nonnull(name);
    ck_assert_msg(
        Record_savedGamePath(name + strlen(NET_HOST_KEPT), path, sizeof path, err, sizeof err),
        "%s", err);
    ck_assert_msg(File_readText(path, &text, err, sizeof err), "%s", err);
    return text;
}

/* A spectator's line said during play is in the game's record before the
 * spectators read it, outlives the host (an adjournment), and reaches the
 * players when the game a new host resumed from the record ends; the
 * archive never holds it. */
START_TEST(test_game_held_lines_kept_in_the_record)
{
    ChatLog held;
    startHost(0);
    joinBoth();
    join(&w, "hello 4 watch", "welcome 4 spectator -");
    play(&a, 0, 0);
    play(&b, 1, 0);
    TestClient_say(&w, "say take the knight [White \"mallory\"]");
    EXPECT(&w, "said - ");
    ck_assert_int_eq(recordHeld(&held), 1);
    ck_assert_str_eq(held.lines[0].text, "take the knight [White \"mallory\"]");
    ck_assert(held.lines[0].held);
    ck_assert_int_eq(held.lines[0].side, NET_SIDE_NONE);
    TestClient_say(&a, "offer adjourn");
    EXPECT(&b, "offered adjourn white");
    TestClient_say(&b, "answer adjourn yes");
    EXPECT(&a, "result * adjourned");
    close(a.fd), close(b.fd), close(w.fd);
    for (int i = 0; i < 50 && NetHost_step(host, 10); i++)
        ;
    NetHost_free(host);
    NetPlace_remove(&place, lockfd);
    ck_assert_int_eq(recordHeld(&held), 1); /* the adjourned record still holds it */
    resumeHost();
    joinBoth();
    TestClient_say(&b, "resign");
    EXPECT(&a, "result 1-0 resignation");
    EXPECT(&a, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "take the knight"));
    EXPECT(&b, "said - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "take the knight"));
    EXPECT(&a, "said - zanzibar " NET_HOST_KEPT);
    char *text = archivedText(TestClient_last);
    ck_assert_msg(strstr(text, "knight") == NULL && strstr(text, "%zanzibar") == NULL, "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "[White \"alice\"]"));
    free(text);
    stopHost();
}
END_TEST

/* Nothing said can break the record: a line break in a text or a name
 * stays on its held line, and a malformed or unknown escape line is
 * refused with the file and the line named (and left alone by whoever
 * does not want the held lines: archiving a finished record). */
START_TEST(test_game_held_lines_cannot_break_the_record)
{
    char path[PATHS_MAX];
    Position start;
    Game g, back;
    HostRecordInfo info = {.names = {"alice", "bob"}, .key = "k1"}, read;
    static ChatLog held, got;
    snprintf(path, sizeof path, "%s/net-bob.pgn", base);
    Setup_start(&start, Variant_get(VARIANT_PEMBA));
    Game_init(&g, &start);
    Game_init(&back, &start);
    ChatLog_init(&held);
    ChatLine sly = {.name = "eve\n[Black \"x\"]",
                    .text = "hi\n[White \"mallory\"]\n%zanzibar held"};
    ChatLog_hold(&held, &sly);
    ck_assert_msg(HostRecord_write(path, &g, &info, &held, err, sizeof err), "%s", err);
    ck_assert_msg(HostRecord_read(path, &back, &read, &got, err, sizeof err), "%s", err);
    ck_assert_str_eq(read.names[WHITE], "alice");
    ck_assert_str_eq(read.names[BLACK], "bob");
    ck_assert_int_eq(got.count, 1);
    ck_assert_str_eq(got.lines[0].text, "hi [White \"mallory\"] %zanzibar held");
    ck_assert_ptr_null(strchr(got.lines[0].name, ' '));
    static const char *const bad[] = {"%zanzibar held\n", "%zanzibar held eve\n",
                                      "%zanzibar clocks 1 2\n"}; /* ends, or not ours */
    char *record = NULL;
    ck_assert_msg(HostRecord_write(path, &g, &info, NULL, err, sizeof err), "%s", err);
    ck_assert_msg(File_readText(path, &record, err, sizeof err), "%s", err);
    for (int i = 0; i < 3; i++) {
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fprintf(f, "%s%s", bad[i], record);
        fclose(f);
        ck_assert_msg(!HostRecord_read(path, &back, &read, &got, err, sizeof err), "%s", bad[i]);
        ck_assert_msg(strstr(err, path) != NULL && strstr(err, "line 1") != NULL, "%s", err);
        ck_assert_int_eq(got.count, 0);
        ck_assert_msg(HostRecord_read(path, &back, &read, NULL, err, sizeof err), "%s", err);
    }
    free(record);
    Game_free(&g);
    Game_free(&back);
}
END_TEST

/* Someone who (re)joins reads the chat so far as "earlier" lines: a player
 * what the players said, a spectator everything. */
START_TEST(test_game_chat_comes_back_after_a_reconnect)
{
    static Client w2;
    startHost(0);
    joinBoth();
    join(&w, "hello 4 watch", "welcome 4 spectator -");
    play(&a, 0, 0);
    TestClient_say(&a, "say good luck");
    EXPECT(&b, "said white ");
    TestClient_say(&w, "say a hint");
    EXPECT(&w, "said - ");
    close(b.fd);
    EXPECT(&a, "left black");
    join(&b, "hello 4 play", "welcome 4 guest black");
    EXPECT(&b, "earlier white ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "good luck"));
    TestClient_pump(&b);
    ck_assert_ptr_null(strstr(b.buf, "a hint"));
    join(&w2, "hello 4 watch", "welcome 4 spectator -");
    EXPECT(&w2, "earlier white ");
    EXPECT(&w2, "earlier - ");
    ck_assert_ptr_nonnull(strstr(TestClient_last, "a hint"));
    stopHost();
}
END_TEST

START_TEST(test_game_claim_and_adjourn)
{
    startHost(0);
    /* A second: the claim below must reach the host within the grace even
     * when a slow machine (a sanitizer, two tests at once) stalls the test. */
    game.grace_ms = 1000;
    joinBoth();
    play(&a, 0, 0);
    TestClient_say(&a, "claim");
    EXPECT(&a, "error bob is connected");
    close(b.fd);
    EXPECT(&a, "left black");
    TestClient_say(&a, "claim");
    EXPECT(&a, "error bob may still come back");
    usleep(1100000); /* past the grace */
    EXPECT(&a, "said - zanzibar bob has been away too long");
    TestClient_say(&a, "claim");
    EXPECT(&a, "result 1-0 abandoned bob left the game");
    ck_assert_int_eq(Session_game(game.s)->status.reason, REASON_ABANDONED);
    stopHost();
}
END_TEST

START_TEST(test_game_deserted_is_adjourned)
{
    startHost(0);
    joinBoth();
    play(&a, 0, 0);
    play(&b, 1, 0);
    close(a.fd);
    close(b.fd);
    for (int i = 0; i < 50 && NetHost_step(host, 10); i++)
        ;
    ck_assert(Session_adjourned(game.s));
    ck_assert(!NetHost_step(host, 0)); /* the host ends */
    Game saved;
    Game_init(&saved, &Session_game(game.s)->start);
    ck_assert_msg(Record_loadPgn(&saved, game.save_path, 0, err, sizeof err), "%s", err);
    ck_assert_int_eq(saved.nmoves, 2);
    Game_free(&saved);
    stopHost();
}
END_TEST

/* No clock runs before both sides have moved; the inviter may not move
 * before the guest came; a side that makes no first move in time aborts
 * the game, which is then kept by nobody. */
START_TEST(test_game_first_moves)
{
    startHost(60000);
    game.first_move_ms = 1000;
    join(&a, "hello 4 play", "welcome 4 inviter white");
    TestClient_say(&a, "move 0 e4");
    EXPECT(&a, "rejected 0 bob has not come yet: the game begins when they join");
    join(&b, "hello 4 play", "welcome 4 guest black");
    play(&a, 0, 0);
    EXPECT(&b, "clock 60000 60000 -"); /* Black's clock waits for Black's first move */
    usleep(300000);
    ck_assert_int_eq(Session_clockLeft(game.s, BLACK, Session_nowMs()), 60000);
    ck_assert(access(game.save_path, F_OK) == 0);
    EXPECT(&a,
           "result * aborted bob (Black) made no first move within 1 s: it counts for nobody "
           "and is not kept"); /* "game aborted" is said once, by the screen */
    EXPECT(&b, "result * aborted");
    ck_assert(Session_aborted(game.s));
    ck_assert(access(game.save_path, F_OK) != 0); /* nothing to resume */
    TestClient_say(&b, "move 1 e7");
    EXPECT(&b, "rejected 1 the game is over");
    stopHost();
}
END_TEST

START_TEST(test_game_abort_until_both_moved)
{
    char san[MOVE_TEXT_MAX], line[64];
    startHost(60000);
    joinBoth();
    play(&a, 0, 0);
    play(&b, 1, 0);
    EXPECT(&b, "clock "); /* both have moved: White's clock runs */
    ck_assert_msg(strstr(TestClient_last, " white") != NULL, "%s", TestClient_last);
    TestClient_say(&a, "abort");
    EXPECT(&a, "error both sides have moved: the game can no longer be aborted");
    TestClient_say(&a, "offer takeback");
    TestClient_say(&b, "answer takeback yes");
    EXPECT(&a, "snapshot 0"); /* back to White's move */
    TestClient_say(&b, "abort");
    EXPECT(&a, "result * aborted bob aborted the game");
    ck_assert(Session_aborted(game.s));
    snprintf(line, sizeof line, "move 0 %s", legal(0, san));
    TestClient_say(&a, line);
    EXPECT(&a, "rejected 0 the game is over");
    /* a rematch is a new game, with its first moves to make again */
    TestClient_say(&a, "offer rematch");
    TestClient_say(&b, "answer rematch yes");
    EXPECT(&a, "snapshot 0");
    ck_assert(!Session_aborted(game.s));
    stopHost();
}
END_TEST

START_TEST(test_game_white_late)
{
    startHost(0);
    game.first_move_ms = 1000;
    joinBoth();
    EXPECT(&b, "result * aborted alice (White) made no first move within 1 s");
    stopHost();
}
END_TEST

/* A Zanzibar game whose Black arranges the pieces: nobody moves before,
 * only Black arranges, with a setup of the game, and everyone is sent the
 * new start. */
START_TEST(test_game_black_arranges)
{
    char fen[FEN_MAX];
    NetHostConfig cfg = listeningHost();
    const Variant *v = Variant_get(VARIANT_ZANZIBAR_S);
    Position start;
    Setup_start(&start, v);
    ck_assert(HostGame_init(&game, &start, 0, 0));
    HostGame_setPlayers(&game, NET_SIDE_WHITE, "alice", "bob");
    game.arranging = NET_SIDE_BLACK;
    host = NetHost_new(&cfg);
    ck_assert_ptr_nonnull(host);
    joinBoth();
    TestClient_say(&b, "sync");
    EXPECT(&b, "arrange black"); /* in the snapshot */
    TestClient_say(&a, "move 0 f5");
    EXPECT(&a, "rejected 0 bob arranges the pieces first");
    TestClient_say(&a, "arranged 3");
    EXPECT(&a, "error bob arranges the pieces");
    TestClient_say(&b, "arranged 999999");
    EXPECT(&b, "error Zanzibar-S has no setup 999999");
    TestClient_say(&b, "arranged 3");
    EXPECT(&a, "said - zanzibar bob (Black) arranged the pieces: setup 3 of");
    EXPECT(&a, "snapshot 0");
    Position want;
    ck_assert(Setup_position(&want, v, 3));
    Fen_write(&want, fen, sizeof fen);
    char line[FEN_MAX + 8];
    snprintf(line, sizeof line, "start %s", fen);
    EXPECT(&a, line);
    EXPECT(&b, line);
    ck_assert_int_eq(game.arranging, NET_SIDE_NONE);
    TestClient_say(&b, "arranged 4");
    EXPECT(&b, "error the pieces are arranged already");
    play(&a, 0, 0);
    stopHost();
}
END_TEST

/* The inviter's adjourned games: net-GUEST.pgn in the state folder, and
 * nothing else there. */
START_TEST(test_game_adjourned_files)
{
    char state[128], path[PATHS_MAX];
    HostGameLeft left[4];
    snprintf(state, sizeof state, "%s/state", base);
    setenv("XDG_STATE_HOME", state, 1);
    ck_assert_msg(HostGame_savePath("bob", path, sizeof path, err, sizeof err), "%s", err);
    ck_assert(strstr(path, "/zanzibar/net-bob.pgn") != NULL);
    ck_assert_int_eq(HostGame_left(left, 4), 0);
    static const char *const names[] = {"net-bob.pgn", "net-.pgn", "current.pgn", "net-eve.txt"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/zanzibar/%s", state, names[i]);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fclose(f);
    }
    ck_assert_int_eq(HostGame_left(left, 4), 1);
    ck_assert_str_eq(left[0].guest, "bob");
    ck_assert(!left[0].over); /* unreadable: the next host says why */
    unsetenv("XDG_STATE_HOME");
}
END_TEST

/* Tests shorten the grace with ZANZIBAR_NET_GRACE: whole seconds, 1 to 60,
 * anything else refused with the variable named. */
START_TEST(test_game_grace_from_env)
{
    int ms;
    unsetenv(HOSTGAME_GRACE_ENV);
    ck_assert(HostGame_graceFromEnv(&ms, err, sizeof err));
    ck_assert_int_eq(ms, HOSTGAME_GRACE_MS);
    setenv(HOSTGAME_GRACE_ENV, "3", 1);
    ck_assert(HostGame_graceFromEnv(&ms, err, sizeof err));
    ck_assert_int_eq(ms, 3000);
    static const char *const bad[] = {"0",  "61", "-5",  "+5",
                                      "5x", " 5", "1.5", "99999999999999999999"};
    for (int i = 0; i < 8; i++) {
        setenv(HOSTGAME_GRACE_ENV, bad[i], 1);
        ck_assert_msg(!HostGame_graceFromEnv(&ms, err, sizeof err), "%s accepted", bad[i]);
        ck_assert_msg(strstr(err, "ZANZIBAR_NET_GRACE") != NULL, "%s", err);
    }
    unsetenv(HOSTGAME_GRACE_ENV);
}
END_TEST

static Suite *gameSuite(void)
{
    Suite *s = suite_create("net game");
    TCase *tc = tcase_create("game");
    tcase_add_checked_fixture(tc, makeBase, cleanBase);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_game_moves_checked);
    tcase_add_test(tc, test_game_requests);
    tcase_add_test(tc, test_game_spectator_chat_held);
    tcase_add_test(tc, test_game_spectator_chat_held_through_adjournment);
    tcase_add_test(tc, test_game_held_lines_kept_in_the_record);
    tcase_add_test(tc, test_game_held_lines_cannot_break_the_record);
    tcase_add_test(tc, test_game_chat_comes_back_after_a_reconnect);
    tcase_add_test(tc, test_game_claim_and_adjourn);
    tcase_add_test(tc, test_game_deserted_is_adjourned);
    tcase_add_test(tc, test_game_adjourned_files);
    tcase_add_test(tc, test_game_first_moves);
    tcase_add_test(tc, test_game_abort_until_both_moved);
    tcase_add_test(tc, test_game_white_late);
    tcase_add_test(tc, test_game_black_arranges);
    tcase_add_test(tc, test_game_grace_from_env);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(gameSuite());
}
