/* The store's file, schema and transactions, names and keys and link codes
 * (store_games.c keeps ratings and the archive). The schema is a list of
 * steps; user_version says how many a file has had. */
#include "server/store.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server/store_internal.h"

/* Each step upgrades a file of the version before it; never edit a step
 * once released, add one. */
static const char *const STORE_STEPS[STORE_SCHEMA_VERSION] = {
    /* 1: names, keys, ratings and the archive */
    "CREATE TABLE names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
    " created INTEGER NOT NULL);"
    "CREATE TABLE keys (fingerprint TEXT PRIMARY KEY, name_id INTEGER NOT NULL"
    " REFERENCES names(id), added INTEGER NOT NULL);"
    "CREATE TABLE ratings (name_id INTEGER NOT NULL REFERENCES names(id), variant TEXT NOT NULL,"
    " rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,"
    " PRIMARY KEY (name_id, variant));"
    "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, variant TEXT NOT NULL,"
    " white TEXT NOT NULL, black TEXT NOT NULL, result TEXT NOT NULL, rated INTEGER NOT NULL,"
    " ended INTEGER NOT NULL, pgn TEXT NOT NULL);"
    "CREATE INDEX games_white ON games (white COLLATE NOCASE);"
    "CREATE INDEX games_black ON games (black COLLATE NOCASE);",
    /* 2: one-time link codes, registrations per source address */
    "CREATE TABLE link_codes (code TEXT PRIMARY KEY, name_id INTEGER NOT NULL"
    " REFERENCES names(id), expires INTEGER NOT NULL);"
    "CREATE TABLE registrations (address TEXT NOT NULL, at INTEGER NOT NULL);"
    "CREATE INDEX registrations_address ON registrations (address, at);",
    /* 3: what the administrator sees and sets of a name; registrations are
     * counted per network from now on (the gate's source) */
    "ALTER TABLE names ADD COLUMN last_address TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE names ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE names ADD COLUMN banned INTEGER NOT NULL DEFAULT 0;",
    /* 4: each archived game's key (its host's record's), so that a game
     * whose host was killed after the archive took it is never taken twice */
    ("ALTER TABLE games ADD COLUMN game_key TEXT;"
     "CREATE UNIQUE INDEX games_key ON games (game_key);"),
};

void Store_setBusyMs(Store *s, int ms)
{
    sqlite3_busy_timeout(s->db, ms);
}

const char *Store_error(const Store *s)
{
    return s->err;
}

StoreStatus Store_fail(Store *s, const char *what)
{
    snprintf(s->err, sizeof s->err, "%s: %s", what, sqlite3_errmsg(s->db));
    return STORE_FAILED;
}

sqlite3_stmt *Store_prepare(Store *s, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        Store_fail(s, "cannot prepare a query");
        return NULL;
    }
    return st;
}

/* BEGIN IMMEDIATE takes the write lock at once, so that two writers wait
 * on the busy timeout instead of failing half-way with SQLITE_BUSY. */
bool Store_begin(Store *s)
{
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
        Store_fail(s, "cannot start a transaction");
        return false;
    }
    return true;
}

StoreStatus Store_end(Store *s, StoreStatus status)
{
    if (status != STORE_OK) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return status;
    }
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        StoreStatus failed = Store_fail(s, "cannot commit");
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return failed;
    }
    return STORE_OK;
}

/* Runs a statement that returns no rows, or one row whose first column is
 * an integer (into *out when given). */
StoreStatus Store_step(Store *s, sqlite3_stmt *st, int64_t *out)
{
    if (st == NULL)
        return STORE_FAILED;
    int rc = sqlite3_step(st);
    StoreStatus status = STORE_OK;
    if (rc == SQLITE_ROW) {
        if (out != NULL)
            *out = sqlite3_column_int64(st, 0);
    } else if (rc == SQLITE_DONE) {
        status = out != NULL ? STORE_NOT_FOUND : STORE_OK;
    } else if (rc == SQLITE_CONSTRAINT) {
        status = STORE_TAKEN;
    } else {
        status = Store_fail(s, "query failed");
    }
    sqlite3_finalize(st);
    return status;
}

int Store_schemaVersion(Store *s)
{
    int64_t v = 0;
    Store_step(s, Store_prepare(s, "PRAGMA user_version"), &v);
    return (int)v;
}

static bool Store_upgrade(Store *s)
{
    if (!Store_begin(s))
        return false;
    int from = Store_schemaVersion(s);
    if (from > STORE_SCHEMA_VERSION) {
        snprintf(s->err, sizeof s->err,
                 "the file has schema version %d, newer than this program's %d", from,
                 STORE_SCHEMA_VERSION);
        Store_end(s, STORE_FAILED);
        return false;
    }
    for (int v = from; v < STORE_SCHEMA_VERSION; v++) {
        if (sqlite3_exec(s->db, STORE_STEPS[v], NULL, NULL, NULL) != SQLITE_OK) {
            Store_end(s, Store_fail(s, "cannot upgrade the schema"));
            return false;
        }
    }
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", STORE_SCHEMA_VERSION);
    if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        Store_end(s, Store_fail(s, "cannot write the schema version"));
        return false;
    }
    return Store_end(s, STORE_OK) == STORE_OK;
}

Store *Store_open(const char *path, char *err, size_t len)
{
    Store *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(err, len, "out of memory");
        return NULL;
    }
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, len, "cannot open %s: %s", path,
                 s->db ? sqlite3_errmsg(s->db) : "out of memory");
        Store_close(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
    s->registrations_per_day = STORE_REGISTRATIONS_PER_DAY;
    bool ready = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL) == SQLITE_OK
        && sqlite3_exec(s->db, "PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL", NULL, NULL,
                        NULL)
            == SQLITE_OK;
    if (!ready)
        Store_fail(s, "cannot set up the file");
    if (!ready || !Store_upgrade(s)) {
        snprintf(err, len, "%s: %s", path, s->err);
        Store_close(s);
        return NULL;
    }
    return s;
}

void Store_close(Store *s)
{
    if (s == NULL)
        return;
    sqlite3_close(s->db);
    free(s);
}

/* ---- names and keys ------------------------------------------------- */

StoreStatus Store_text(Store *s, sqlite3_stmt *st, char *out, size_t len)
{
    if (st == NULL)
        return STORE_FAILED;
    int rc = sqlite3_step(st);
    StoreStatus status = STORE_NOT_FOUND;
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        snprintf(out, len, "%s", t ? (const char *)t : "");
        status = STORE_OK;
    } else if (rc != SQLITE_DONE) {
        status = Store_fail(s, "query failed");
    }
    sqlite3_finalize(st);
    return status;
}

StoreStatus Store_nameOfKey(Store *s, const char *fingerprint, char *name, size_t len)
{
    sqlite3_stmt *st = Store_prepare(
        s, "SELECT n.name FROM keys k JOIN names n ON n.id = k.name_id WHERE k.fingerprint = ?");
    if (st != NULL)
        sqlite3_bind_text(st, 1, fingerprint, -1, SQLITE_TRANSIENT);
    return Store_text(s, st, name, len);
}

StoreStatus Store_findName(Store *s, const char *name, char *exact, size_t len)
{
    sqlite3_stmt *st = Store_prepare(s, "SELECT name FROM names WHERE name = ?");
    if (st != NULL)
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    return Store_text(s, st, exact, len);
}

int64_t Store_nameId(Store *s, const char *name)
{
    int64_t id = 0;
    sqlite3_stmt *st = Store_prepare(s, "SELECT id FROM names WHERE name = ?");
    if (st != NULL)
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    return Store_step(s, st, &id) == STORE_OK ? id : 0;
}

static StoreStatus Store_addKey(Store *s, int64_t name_id, const char *fingerprint, time_t now)
{
    sqlite3_stmt *st =
        Store_prepare(s, "INSERT INTO keys (fingerprint, name_id, added) VALUES (?, ?, ?)");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, fingerprint, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, name_id);
        sqlite3_bind_int64(st, 3, (int64_t)now);
    }
    return Store_step(s, st, NULL);
}

#define STORE_DAY_SECONDS (24 * 60 * 60)

void Store_setRegistrationsPerDay(Store *s, int per_day)
{
    if (per_day >= 1 && per_day <= STORE_REGISTRATIONS_MAX)
        s->registrations_per_day = per_day;
}

StoreStatus Store_registrationsLeft(Store *s, const char *address, time_t now, int *left)
{
    int64_t count = 0;
    sqlite3_stmt *st =
        Store_prepare(s, "SELECT count(*) FROM registrations WHERE address = ? AND at > ?");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, address, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, (int64_t)now - STORE_DAY_SECONDS);
    }
    StoreStatus status = Store_step(s, st, &count);
    *left = count >= s->registrations_per_day ? 0 : s->registrations_per_day - (int)count;
    return status;
}

static StoreStatus Store_countRegistration(Store *s, const char *address, time_t now)
{
    int left = 0;
    StoreStatus status = Store_registrationsLeft(s, address, now, &left);
    if (status != STORE_OK)
        return status;
    if (left == 0)
        return STORE_LIMIT;
    sqlite3_stmt *st = Store_prepare(s, "INSERT INTO registrations (address, at) VALUES (?, ?)");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, address, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, (int64_t)now);
    }
    return Store_step(s, st, NULL);
}

StoreStatus Store_seen(Store *s, const char *name, const char *address, time_t now)
{
    sqlite3_stmt *st =
        Store_prepare(s, "UPDATE names SET last_address = ?, last_seen = ? WHERE name = ?");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, address, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, (int64_t)now);
        sqlite3_bind_text(st, 3, name, -1, SQLITE_TRANSIENT);
    }
    return Store_step(s, st, NULL);
}

StoreStatus Store_isBanned(Store *s, const char *name, bool *banned)
{
    int64_t v = 0;
    sqlite3_stmt *st = Store_prepare(s, "SELECT banned FROM names WHERE name = ?");
    if (st != NULL)
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    StoreStatus status = Store_step(s, st, &v);
    *banned = status == STORE_OK && v != 0;
    return status;
}

static StoreStatus Store_registerIn(Store *s, const char *name, const char *fingerprint,
                                    const char *address, time_t now)
{
    char owner[STORE_NAME_MAX];
    StoreStatus status = Store_nameOfKey(s, fingerprint, owner, sizeof owner);
    if (status != STORE_NOT_FOUND)
        return status == STORE_OK ? STORE_TAKEN : status;
    status = Store_findName(s, name, owner, sizeof owner);
    if (status != STORE_NOT_FOUND)
        return status == STORE_OK ? STORE_TAKEN : status;
    status = Store_countRegistration(s, address, now);
    if (status != STORE_OK)
        return status;
    sqlite3_stmt *st = Store_prepare(s, "INSERT INTO names (name, created) VALUES (?, ?)");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, (int64_t)now);
    }
    status = Store_step(s, st, NULL);
    if (status != STORE_OK)
        return status;
    return Store_addKey(s, sqlite3_last_insert_rowid(s->db), fingerprint, now);
}

StoreStatus Store_register(Store *s, const char *name, const char *fingerprint, const char *address,
                           time_t now)
{
    if (!Store_begin(s))
        return STORE_FAILED;
    return Store_end(s, Store_registerIn(s, name, fingerprint, address, now));
}

/* ---- link codes ----------------------------------------------------- */

/* Letters and digits that cannot be mistaken for each other when copied
 * by hand (no 0/o, 1/l/i). */
static const char STORE_CODE_ALPHABET[] = "abcdefghjkmnpqrstuvwxyz23456789";

static bool Store_randomCode(char code[STORE_LINK_CODE_LEN + 1])
{
    unsigned char bytes[STORE_LINK_CODE_LEN];
    if (getrandom(bytes, sizeof bytes, 0) != (ssize_t)sizeof bytes)
        return false;
    size_t n = sizeof STORE_CODE_ALPHABET - 1;
    for (int i = 0; i < STORE_LINK_CODE_LEN; i++)
        code[i] = STORE_CODE_ALPHABET[bytes[i] % n];
    code[STORE_LINK_CODE_LEN] = '\0';
    return true;
}

static StoreStatus Store_linkCodeNewIn(Store *s, const char *name, time_t now,
                                       char code[STORE_LINK_CODE_LEN + 1])
{
    int64_t id = Store_nameId(s, name);
    if (id == 0)
        return STORE_NOT_FOUND;
    if (!Store_randomCode(code)) {
        snprintf(s->err, sizeof s->err, "no random bytes for a code");
        return STORE_FAILED;
    }
    sqlite3_stmt *st = Store_prepare(s, "DELETE FROM link_codes WHERE expires <= ?");
    if (st != NULL)
        sqlite3_bind_int64(st, 1, (int64_t)now);
    StoreStatus status = Store_step(s, st, NULL);
    if (status != STORE_OK)
        return status;
    st = Store_prepare(s, "INSERT INTO link_codes (code, name_id, expires) VALUES (?, ?, ?)");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, code, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, id);
        sqlite3_bind_int64(st, 3, (int64_t)now + STORE_LINK_SECONDS);
    }
    return Store_step(s, st, NULL);
}

StoreStatus Store_linkCodeNew(Store *s, const char *name, time_t now,
                              char code[STORE_LINK_CODE_LEN + 1])
{
    if (!Store_begin(s))
        return STORE_FAILED;
    return Store_end(s, Store_linkCodeNewIn(s, name, now, code));
}

static StoreStatus Store_linkCodeUseIn(Store *s, const char *code, const char *fingerprint,
                                       time_t now, char *name, size_t len)
{
    int64_t id = 0;
    sqlite3_stmt *st =
        Store_prepare(s, "SELECT name_id FROM link_codes WHERE code = ? AND expires > ?");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, code, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, (int64_t)now);
    }
    StoreStatus status = Store_step(s, st, &id);
    if (status != STORE_OK)
        return status;
    st = Store_prepare(s, "DELETE FROM link_codes WHERE code = ?");
    if (st != NULL)
        sqlite3_bind_text(st, 1, code, -1, SQLITE_TRANSIENT);
    status = Store_step(s, st, NULL);
    if (status == STORE_OK)
        status = Store_addKey(s, id, fingerprint, now);
    if (status != STORE_OK)
        return status;
    st = Store_prepare(s, "SELECT name FROM names WHERE id = ?");
    if (st != NULL)
        sqlite3_bind_int64(st, 1, id);
    return Store_text(s, st, name, len);
}

StoreStatus Store_linkCodeUse(Store *s, const char *code, const char *fingerprint, time_t now,
                              char *name, size_t len)
{
    if (!Store_begin(s))
        return STORE_FAILED;
    return Store_end(s, Store_linkCodeUseIn(s, code, fingerprint, now, name, len));
}
