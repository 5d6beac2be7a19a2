/* The store's side of the administrator's tools: every name with its
 * keys, last address and ban; a ban lifted or set, a key revoked, a name
 * renamed (its archived games too), an archived game deleted. */
#include "server/store.h"

#include <stdio.h>
#include <string.h>

#include "server/store_internal.h"

StoreStatus Store_eachName(Store *s, void (*each)(const StoreName *n, void *ctx), void *ctx)
{
    sqlite3_stmt *st = Store_prepare(
        s,
        "SELECT n.name, n.created, n.last_seen, n.last_address, n.banned,"
        " (SELECT count(*) FROM keys k WHERE k.name_id = n.id) FROM names n ORDER BY n.name");
    if (st == NULL)
        return STORE_FAILED;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        StoreName n;
        Store_columnText(st, 0, n.name, sizeof n.name);
        n.created = (time_t)sqlite3_column_int64(st, 1);
        n.last_seen = (time_t)sqlite3_column_int64(st, 2);
        Store_columnText(st, 3, n.last_address, sizeof n.last_address);
        n.banned = sqlite3_column_int(st, 4) != 0;
        n.keys = sqlite3_column_int(st, 5);
        each(&n, ctx);
    }
    StoreStatus status = rc == SQLITE_DONE ? STORE_OK : Store_fail(s, "cannot read the names");
    sqlite3_finalize(st);
    return status;
}

StoreStatus Store_eachKey(Store *s, const char *name,
                          void (*each)(const char *fingerprint, time_t added, void *ctx), void *ctx)
{
    sqlite3_stmt *st = Store_prepare(s,
                                     "SELECT k.fingerprint, k.added FROM keys k JOIN names n"
                                     " ON n.id = k.name_id WHERE n.name = ? ORDER BY k.added");
    if (st == NULL)
        return STORE_FAILED;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        char fingerprint[STORE_FINGERPRINT_MAX];
        Store_columnText(st, 0, fingerprint, sizeof fingerprint);
        each(fingerprint, (time_t)sqlite3_column_int64(st, 1), ctx);
    }
    StoreStatus status = rc == SQLITE_DONE ? STORE_OK : Store_fail(s, "cannot read the keys");
    sqlite3_finalize(st);
    return status;
}

/* Runs st (a change); STORE_NOT_FOUND when it changed no row. */
static StoreStatus Store_change(Store *s, sqlite3_stmt *st)
{
    StoreStatus status = Store_step(s, st, NULL);
    return status == STORE_OK && sqlite3_changes(s->db) == 0 ? STORE_NOT_FOUND : status;
}

StoreStatus Store_setBanned(Store *s, const char *name, bool banned)
{
    sqlite3_stmt *st = Store_prepare(s, "UPDATE names SET banned = ? WHERE name = ?");
    if (st != NULL) {
        sqlite3_bind_int(st, 1, banned ? 1 : 0);
        sqlite3_bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
    }
    return Store_change(s, st);
}

StoreStatus Store_revokeKey(Store *s, const char *fingerprint, char *name, size_t len)
{
    if (!Store_begin(s))
        return STORE_FAILED;
    StoreStatus status = Store_nameOfKey(s, fingerprint, name, len);
    sqlite3_stmt *st =
        status == STORE_OK ? Store_prepare(s, "DELETE FROM keys WHERE fingerprint = ?") : NULL;
    if (st != NULL) {
        sqlite3_bind_text(st, 1, fingerprint, -1, SQLITE_TRANSIENT);
        status = Store_change(s, st);
    } else if (status == STORE_OK) {
        status = STORE_FAILED;
    }
    return Store_end(s, status);
}

static StoreStatus Store_renameIn(Store *s, const char *from, const char *to)
{
    char exact[STORE_NAME_MAX];
    StoreStatus status = Store_findName(s, to, exact, sizeof exact);
    if (status != STORE_NOT_FOUND)
        return status == STORE_OK ? STORE_TAKEN : status;
    static const char *const sql[] = {
        "UPDATE names SET name = ?1 WHERE name = ?2",
        "UPDATE games SET white = ?1 WHERE white = ?2",
        "UPDATE games SET black = ?1 WHERE black = ?2",
    };
    for (size_t i = 0; i < sizeof sql / sizeof sql[0]; i++) {
        sqlite3_stmt *st = Store_prepare(s, sql[i]);
        if (st != NULL) {
            sqlite3_bind_text(st, 1, to, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(st, 2, from, -1, SQLITE_TRANSIENT);
        }
        status = i == 0 ? Store_change(s, st) : Store_step(s, st, NULL);
        if (status != STORE_OK)
            return status;
    }
    return STORE_OK;
}

StoreStatus Store_rename(Store *s, const char *from, const char *to)
{
    if (!Store_begin(s))
        return STORE_FAILED;
    return Store_end(s, Store_renameIn(s, from, to));
}

StoreStatus Store_deleteGame(Store *s, int64_t id)
{
    sqlite3_stmt *st = Store_prepare(s, "DELETE FROM games WHERE id = ?");
    if (st != NULL)
        sqlite3_bind_int64(st, 1, id);
    return Store_change(s, st);
}
