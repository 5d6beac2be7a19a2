/* What store.c, store_games.c and store_admin.c share: the handle and the small helpers
 * around SQLite's statements and transactions. Not for other modules. */
#ifndef ZANZIBAR_SERVER_STORE_INTERNAL_H
#define ZANZIBAR_SERVER_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#include "server/store.h"

struct Store {
    sqlite3 *db;
    int registrations_per_day;
    char err[STORE_ERR_MAX];
};

/* Keeps SQLite's message about what failed; returns STORE_FAILED. */
StoreStatus Store_fail(Store *s, const char *what);
/* A prepared statement, or NULL (message kept). */
sqlite3_stmt *Store_prepare(Store *s, const char *sql);
/* Runs and finalizes st: STORE_OK, STORE_TAKEN on a constraint, and, when
 * out is given, the first row's first column in *out or STORE_NOT_FOUND. */
StoreStatus Store_step(Store *s, sqlite3_stmt *st, int64_t *out);
/* Runs and finalizes st, copying the first row's first column as text. */
StoreStatus Store_text(Store *s, sqlite3_stmt *st, char *out, size_t len);
/* Column col of the row st stands on, as text ("" for NULL). */
void Store_columnText(sqlite3_stmt *st, int col, char *out, size_t len);
/* A name's row id, 0 when there is none. */
int64_t Store_nameId(Store *s, const char *name);
/* A write transaction: begin, then end with the status of the work (it
 * commits on STORE_OK and rolls back otherwise). */
bool Store_begin(Store *s);
StoreStatus Store_end(Store *s, StoreStatus status);

#endif
