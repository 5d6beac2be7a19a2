/* Tests of the server's store: names and keys, link codes, ratings and the
 * archive, an older file upgraded, and several processes writing at once. */
#include <check.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_server.h"
#include "scratch.h"
#include "core/notation.h"
#include "core/setup.h"
#include "match/hostrecord.h"
#include "server/serverhost.h"
#include "server/store.h"

#define NOW ((time_t)1700000000)

static char db_path[512];
static Store *store;
static char err[STORE_ERR_MAX];

static void CheckStore_setup(void)
{
    Scratch_make();
    snprintf(db_path, sizeof db_path, "%s/%s", scratch_dir, STORE_FILE_NAME);
    store = Store_open(db_path, err, sizeof err);
    ck_assert_msg(store != NULL, "%s", err);
}

static void CheckStore_teardown(void)
{
    Store_close(store);
    Scratch_remove();
}

START_TEST(test_store_new_file)
{
    ck_assert_int_eq(Store_schemaVersion(store), STORE_SCHEMA_VERSION);
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(st, 0), "wal");
    sqlite3_finalize(st);
    sqlite3_close(db);
}
END_TEST

START_TEST(test_store_register)
{
    char name[STORE_NAME_MAX];
    ck_assert_int_eq(Store_nameOfKey(store, "SHA256:aaa", name, sizeof name), STORE_NOT_FOUND);
    ck_assert_int_eq(Store_register(store, "Alice", "SHA256:aaa", "10.0.0.1", NOW), STORE_OK);
    ck_assert_int_eq(Store_nameOfKey(store, "SHA256:aaa", name, sizeof name), STORE_OK);
    ck_assert_str_eq(name, "Alice");
    /* a name is taken whatever its case; a key has one name */
    ck_assert_int_eq(Store_register(store, "alice", "SHA256:bbb", "10.0.0.1", NOW), STORE_TAKEN);
    ck_assert_int_eq(Store_register(store, "bob", "SHA256:aaa", "10.0.0.1", NOW), STORE_TAKEN);
    ck_assert_int_eq(Store_findName(store, "ALICE", name, sizeof name), STORE_OK);
    ck_assert_str_eq(name, "Alice");
    ck_assert_int_eq(Store_nameOfKey(store, "SHA256:bbb", name, sizeof name), STORE_NOT_FOUND);
}
END_TEST

START_TEST(test_store_registrations_per_address)
{
    char name[16], key[32];
    for (int i = 0; i < STORE_REGISTRATIONS_PER_DAY; i++) {
        snprintf(name, sizeof name, "p%d", i);
        snprintf(key, sizeof key, "SHA256:k%d", i);
        ck_assert_int_eq(Store_register(store, name, key, "192.0.2.7", NOW + i), STORE_OK);
    }
    ck_assert_int_eq(Store_register(store, "late", "SHA256:late", "192.0.2.7", NOW + 10),
                     STORE_LIMIT);
    /* nothing of a refused registration is kept */
    ck_assert_int_eq(Store_findName(store, "late", name, sizeof name), STORE_NOT_FOUND);
    ck_assert_int_eq(Store_register(store, "late", "SHA256:late", "192.0.2.8", NOW + 10), STORE_OK);
    ck_assert_int_eq(Store_register(store, "later", "SHA256:later", "192.0.2.7", NOW + 86400),
                     STORE_OK);
}
END_TEST

/* The administrator's number of names a day, and what a new key is told
 * before it chooses; a ban and the last address are kept per name. */
START_TEST(test_store_registrations_left)
{
    int left = 0;
    bool banned = true;
    Store_setRegistrationsPerDay(store, 2);
    ck_assert_int_eq(Store_registrationsLeft(store, "192.0.2.0/24", NOW, &left), STORE_OK);
    ck_assert_int_eq(left, 2);
    ck_assert_int_eq(Store_register(store, "p1", "SHA256:k1", "192.0.2.0/24", NOW), STORE_OK);
    ck_assert_int_eq(Store_registrationsLeft(store, "192.0.2.0/24", NOW, &left), STORE_OK);
    ck_assert_int_eq(left, 1);
    ck_assert_int_eq(Store_register(store, "p2", "SHA256:k2", "192.0.2.0/24", NOW), STORE_OK);
    ck_assert_int_eq(Store_register(store, "p3", "SHA256:k3", "192.0.2.0/24", NOW), STORE_LIMIT);
    ck_assert_int_eq(Store_registrationsLeft(store, "192.0.2.0/24", NOW, &left), STORE_OK);
    ck_assert_int_eq(left, 0);
    Store_setRegistrationsPerDay(store, 0); /* out of range: kept as it was */
    ck_assert_int_eq(Store_register(store, "p3", "SHA256:k3", "192.0.2.0/24", NOW), STORE_LIMIT);
    ck_assert_int_eq(Store_isBanned(store, "p1", &banned), STORE_OK);
    ck_assert(!banned);
    ck_assert_int_eq(Store_seen(store, "p1", "192.0.2.9", NOW), STORE_OK);
}
END_TEST

START_TEST(test_store_link_code)
{
    char code[STORE_LINK_CODE_LEN + 1], name[STORE_NAME_MAX];
    ck_assert_int_eq(Store_register(store, "carol", "SHA256:one", "::1", NOW), STORE_OK);
    ck_assert_int_eq(Store_linkCodeNew(store, "nobody", NOW, code), STORE_NOT_FOUND);
    ck_assert_int_eq(Store_linkCodeNew(store, "carol", NOW, code), STORE_OK);
    ck_assert_int_eq((int)strlen(code), STORE_LINK_CODE_LEN);
    ck_assert_int_eq(Store_linkCodeUse(store, "wrongcode1", "SHA256:two", NOW, name, sizeof name),
                     STORE_NOT_FOUND);
    ck_assert_int_eq(Store_linkCodeUse(store, code, "SHA256:two", NOW + 60, name, sizeof name),
                     STORE_OK);
    ck_assert_str_eq(name, "carol");
    ck_assert_int_eq(Store_nameOfKey(store, "SHA256:two", name, sizeof name), STORE_OK);
    ck_assert_str_eq(name, "carol");
    /* once only */
    ck_assert_int_eq(Store_linkCodeUse(store, code, "SHA256:three", NOW + 61, name, sizeof name),
                     STORE_NOT_FOUND);
    /* ten minutes only */
    ck_assert_int_eq(Store_linkCodeNew(store, "carol", NOW, code), STORE_OK);
    ck_assert_int_eq(
        Store_linkCodeUse(store, code, "SHA256:three", NOW + STORE_LINK_SECONDS, name, sizeof name),
        STORE_NOT_FOUND);
    ck_assert_int_eq(Store_nameOfKey(store, "SHA256:three", name, sizeof name), STORE_NOT_FOUND);
}
END_TEST

static int games_seen;
static int64_t first_seen_id;

static void CheckStore_countGame(const StoreGame *g, void *ctx)
{
    (void)ctx;
    if (games_seen++ == 0)
        first_seen_id = g->id;
}

static void CheckStore_addTwo(void)
{
    ck_assert_int_eq(Store_register(store, "white1", "SHA256:w", "a", NOW), STORE_OK);
    ck_assert_int_eq(Store_register(store, "black1", "SHA256:b", "b", NOW), STORE_OK);
}

START_TEST(test_store_rated_game)
{
    CheckStore_addTwo();
    StoreGame g = {.variant = "zanzibar",
                   .white = "white1",
                   .black = "black1",
                   .result = "1-0",
                   .rated = true,
                   .ended = NOW};
    int64_t id = 0;
    ck_assert_int_eq(Store_addGame(store, &g, "[Result \"1-0\"]\n\n1-0\n", &id), STORE_OK);
    ck_assert(id > 0);
    StoreRating w, b;
    ck_assert_int_eq(Store_rating(store, "white1", "zanzibar", &w), STORE_OK);
    ck_assert_int_eq(Store_rating(store, "black1", "zanzibar", &b), STORE_OK);
    ck_assert(w.rating.rating > 1500 && b.rating.rating < 1500);
    ck_assert_int_eq(w.games, 1);
    /* another game's ratings are untouched */
    ck_assert_int_eq(Store_rating(store, "white1", "pemba", &w), STORE_OK);
    ck_assert_double_eq(w.rating.rating, 1500);
    ck_assert_int_eq(w.games, 0);
    char *pgn;
    ck_assert_int_eq(Store_gamePgn(store, id, &pgn), STORE_OK);
    ck_assert_str_eq(pgn, "[Result \"1-0\"]\n\n1-0\n");
    free(pgn);
    ck_assert_int_eq(Store_gamePgn(store, id + 1, &pgn), STORE_NOT_FOUND);
    g.rated = false;
    int64_t id2;
    ck_assert_int_eq(Store_addGame(store, &g, "x", &id2), STORE_OK);
    ck_assert_int_eq(Store_rating(store, "white1", "zanzibar", &w), STORE_OK);
    ck_assert_int_eq(w.games, 1); /* a casual game is archived, not rated */
    games_seen = 0;
    ck_assert_int_eq(Store_eachGame(store, "WHITE1", 10, CheckStore_countGame, NULL), STORE_OK);
    ck_assert_int_eq(games_seen, 2);
    ck_assert(first_seen_id == id2); /* newest first */
    games_seen = 0;
    ck_assert_int_eq(Store_eachGame(store, "nobody", 10, CheckStore_countGame, NULL), STORE_OK);
    ck_assert_int_eq(games_seen, 0);
}
END_TEST

/* A finished game in its host's record (the host was killed as it
 * ended) written for the store: what a host or a gate archives. */
static void CheckStore_finishedRecord(const char *path, const char *key)
{
    Position start;
    Game g;
    Move m;
    HostRecordInfo info = {.names = {"white1", "black1"},
                           .inviter_side = NET_SIDE_WHITE,
                           .rated = true,
                           .base_ms = 180000,
                           .inc_ms = 2000,
                           .left_ms = {170000, 175000},
                           .state = HOSTRECORD_OVER};
    snprintf(info.key, sizeof info.key, "%s", key);
    Setup_start(&start, Variant_get(VARIANT_PEMBA));
    Game_init(&g, &start);
    const char *moves[] = {"e4", "e7"};
    for (int i = 0; i < 2; i++) {
        ck_assert(Notation_parse(&g.pos, moves[i], &m, err, sizeof err));
        ck_assert(Game_play(&g, m));
        Game_setClock(&g, i, 178000 + 1000 * i);
    }
    Game_end(&g, RESULT_WHITE_WINS, REASON_RESIGNATION);
    ck_assert_msg(HostRecord_write(path, &g, &info, NULL, err, sizeof err), "%s", err);
    Game_free(&g);
}

static int CheckStore_gameCount(void)
{
    games_seen = 0;
    ck_assert_int_eq(Store_eachGame(store, "white1", 10, CheckStore_countGame, NULL), STORE_OK);
    return games_seen;
}

/* The end of a game in one step: the archive row and the ratings in one
 * transaction, and only then the record goes; with the store busy nothing
 * is written and the record stays; a record found again after the store
 * took it (its host killed between the two) is not archived twice. */
START_TEST(test_store_finished_record_once)
{
    char path[600], *pgn;
    sqlite3 *db;
    StoreRating w;
    CheckStore_addTwo();
    snprintf(path, sizeof path, "%s/net-black1.pgn", scratch_dir);
    CheckStore_finishedRecord(path, "20261128-090000-0000abcd");
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    ck_assert(!ServerHost_settle(scratch_dir, path, err, sizeof err));
    ck_assert_msg(strstr(err, "could not be archived yet") != NULL, "%s", err);
    ck_assert(access(path, F_OK) == 0);
    ck_assert_int_eq(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    ck_assert_int_eq(CheckStore_gameCount(), 0);
    ck_assert_msg(ServerHost_settle(scratch_dir, path, err, sizeof err), "%s", err);
    ck_assert(access(path, F_OK) != 0);
    ck_assert_int_eq(CheckStore_gameCount(), 1);
    ck_assert_int_eq(Store_rating(store, "white1", "pemba", &w), STORE_OK);
    ck_assert_int_eq(w.games, 1);
    ck_assert_int_eq(Store_gamePgn(store, first_seen_id, &pgn), STORE_OK);
    ck_assert_msg(strstr(pgn, "[TimeControl \"180+2\"]") != NULL, "%s", pgn);
    ck_assert_msg(strstr(pgn, "e4 {[%clk 0:02:58]} e7 {[%clk 0:02:59]}") != NULL, "%s", pgn);
    free(pgn);
    CheckStore_finishedRecord(path, "20261128-090000-0000abcd");
    ck_assert_msg(ServerHost_settle(scratch_dir, path, err, sizeof err), "%s", err);
    ck_assert(access(path, F_OK) != 0);
    ck_assert_int_eq(CheckStore_gameCount(), 1);
    ck_assert_int_eq(Store_rating(store, "white1", "pemba", &w), STORE_OK);
    ck_assert_int_eq(w.games, 1);
}
END_TEST

/* A rated game whose rating cannot be written keeps nothing: no game in
 * the archive either. */
START_TEST(test_store_rated_game_all_or_nothing)
{
    CheckStore_addTwo();
    StoreGame g = {.variant = "zanzibar",
                   .white = "white1",
                   .black = "ghost",
                   .result = "0-1",
                   .rated = true,
                   .ended = NOW};
    int64_t id;
    ck_assert_int_eq(Store_addGame(store, &g, "pgn", &id), STORE_NOT_FOUND);
    snprintf(g.black, sizeof g.black, "black1");
    snprintf(g.result, sizeof g.result, "*");
    ck_assert_int_eq(Store_addGame(store, &g, "pgn", &id), STORE_FAILED);
    games_seen = 0;
    ck_assert_int_eq(Store_eachGame(store, NULL, 10, CheckStore_countGame, NULL), STORE_OK);
    ck_assert_int_eq(games_seen, 0);
}
END_TEST

/* A file written by schema version 1 (names, keys, ratings, games; no link
 * codes or registrations) is upgraded in place, its contents kept. */
START_TEST(test_store_upgrade_from_version_1)
{
    Store_close(store);
    store = NULL;
    unlink(db_path);
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    const char *v1 =
        "CREATE TABLE names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
        " created INTEGER NOT NULL);"
        "CREATE TABLE keys (fingerprint TEXT PRIMARY KEY, name_id INTEGER NOT NULL"
        " REFERENCES names(id), added INTEGER NOT NULL);"
        "CREATE TABLE ratings (name_id INTEGER NOT NULL REFERENCES names(id), variant TEXT"
        " NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL, games"
        " INTEGER NOT NULL, PRIMARY KEY (name_id, variant));"
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, variant TEXT NOT NULL,"
        " white TEXT NOT NULL, black TEXT NOT NULL, result TEXT NOT NULL, rated INTEGER NOT"
        " NULL, ended INTEGER NOT NULL, pgn TEXT NOT NULL);"
        "INSERT INTO names VALUES (1, 'dora', 1);"
        "INSERT INTO keys VALUES ('SHA256:old', 1, 1);"
        "INSERT INTO games VALUES (7, 'pemba', 'dora', 'eve', '1-0', 0, 1, 'old pgn');"
        "PRAGMA user_version = 1;";
    ck_assert_int_eq(sqlite3_exec(db, v1, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    store = Store_open(db_path, err, sizeof err);
    ck_assert_msg(store != NULL, "%s", err);
    ck_assert_int_eq(Store_schemaVersion(store), STORE_SCHEMA_VERSION);
    char name[STORE_NAME_MAX], code[STORE_LINK_CODE_LEN + 1];
    ck_assert_int_eq(Store_nameOfKey(store, "SHA256:old", name, sizeof name), STORE_OK);
    ck_assert_str_eq(name, "dora");
    char *pgn;
    ck_assert_int_eq(Store_gamePgn(store, 7, &pgn), STORE_OK);
    ck_assert_str_eq(pgn, "old pgn");
    free(pgn);
    ck_assert_int_eq(Store_linkCodeNew(store, "dora", NOW, code), STORE_OK);
    ck_assert_int_eq(Store_register(store, "fred", "SHA256:new", "h", NOW), STORE_OK);
}
END_TEST

START_TEST(test_store_refuses_newer_file)
{
    Store_close(store);
    store = NULL;
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    ck_assert_ptr_null(Store_open(db_path, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "newer"));
}
END_TEST

#define WRITERS 6
#define WRITES 40

/* Each writer, its own process with its own connection, registers names
 * and archives rated games between two shared names as fast as it can. */
static int CheckStore_writer(int w)
{
    char e[STORE_ERR_MAX], name[32], key[48], addr[32];
    Store *s = Store_open(db_path, e, sizeof e);
    if (s == NULL)
        return 1;
    for (int i = 0; i < WRITES; i++) {
        snprintf(name, sizeof name, "w%dn%d", w, i);
        snprintf(key, sizeof key, "SHA256:w%dk%d", w, i);
        snprintf(addr, sizeof addr, "w%da%d", w, i);
        StoreGame g = {.variant = "zanzibar",
                       .white = "white1",
                       .black = "black1",
                       .result = "1/2-1/2",
                       .rated = true,
                       .ended = NOW};
        if (Store_register(s, name, key, addr, NOW) != STORE_OK
            || Store_addGame(s, &g, "pgn", NULL) != STORE_OK) {
            fprintf(stderr, "writer %d: %s\n", w, Store_error(s));
            Store_close(s);
            return 1;
        }
    }
    Store_close(s);
    return 0;
}

START_TEST(test_store_concurrent_writers)
{
    CheckStore_addTwo();
    pid_t pids[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        pids[w] = fork();
        ck_assert(pids[w] >= 0);
        if (pids[w] == 0)
            _exit(CheckStore_writer(w));
    }
    for (int w = 0; w < WRITERS; w++) {
        int status;
        ck_assert(waitpid(pids[w], &status, 0) == pids[w]);
        ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer %d failed", w);
    }
    games_seen = 0;
    ck_assert_int_eq(Store_eachGame(store, NULL, 100000, CheckStore_countGame, NULL), STORE_OK);
    ck_assert_int_eq(games_seen, WRITERS * WRITES);
    StoreRating r;
    ck_assert_int_eq(Store_rating(store, "white1", "zanzibar", &r), STORE_OK);
    ck_assert_int_eq(r.games, WRITERS * WRITES); /* no update lost */
    char name[STORE_NAME_MAX];
    ck_assert_int_eq(Store_nameOfKey(store, "SHA256:w5k39", name, sizeof name), STORE_OK);
    ck_assert_str_eq(name, "w5n39");
}
END_TEST

/* A writer killed at random moments (SIGKILL: no handler, no cleanup)
 * leaves a sound file in which every archived rated game counted in the
 * ratings, and no rating counted a game that is not archived. */
START_TEST(test_store_killed_writer)
{
    CheckStore_addTwo();
    for (int round = 0; round < 8; round++) {
        pid_t pid = fork();
        ck_assert(pid >= 0);
        if (pid == 0) {
            char e[STORE_ERR_MAX];
            Store *s = Store_open(db_path, e, sizeof e);
            StoreGame g = {.variant = "pemba",
                           .white = "white1",
                           .black = "black1",
                           .result = "1-0",
                           .rated = true,
                           .ended = NOW};
            for (;;)
                if (s == NULL || Store_addGame(s, &g, "pgn", NULL) != STORE_OK)
                    _exit(1);
        }
        usleep(20000 + 7919 * round % 30000);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
    }
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(st, 0), "ok");
    sqlite3_finalize(st);
    sqlite3_close(db);
    games_seen = 0;
    ck_assert_int_eq(Store_eachGame(store, NULL, 1000000, CheckStore_countGame, NULL), STORE_OK);
    ck_assert(games_seen > 0);
    StoreRating w, b;
    ck_assert_int_eq(Store_rating(store, "white1", "pemba", &w), STORE_OK);
    ck_assert_int_eq(Store_rating(store, "black1", "pemba", &b), STORE_OK);
    ck_assert_int_eq(w.games, games_seen);
    ck_assert_int_eq(b.games, games_seen);
}
END_TEST

TCase *CheckStore_case(void)
{
    TCase *tc = tcase_create("store");
    tcase_add_checked_fixture(tc, CheckStore_setup, CheckStore_teardown);
    tcase_add_test(tc, test_store_new_file);
    tcase_add_test(tc, test_store_register);
    tcase_add_test(tc, test_store_registrations_per_address);
    tcase_add_test(tc, test_store_registrations_left);
    tcase_add_test(tc, test_store_link_code);
    tcase_add_test(tc, test_store_rated_game);
    tcase_add_test(tc, test_store_rated_game_all_or_nothing);
    tcase_add_test(tc, test_store_finished_record_once);
    tcase_add_test(tc, test_store_upgrade_from_version_1);
    tcase_add_test(tc, test_store_refuses_newer_file);
    tcase_add_test(tc, test_store_concurrent_writers);
    tcase_add_test(tc, test_store_killed_writer);
    return tc;
}
