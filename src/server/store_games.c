/* The store's ratings and archive: a finished game and the ratings it
 * changes are written in one transaction, each game its own Glicko-2
 * rating period. */
#include "server/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/store_internal.h"

static StoreStatus Store_ratingOfId(Store *s, int64_t id, const char *variant, Glicko *g,
                                    int *games)
{
    *g = Glicko_initial();
    *games = 0;
    sqlite3_stmt *st = Store_prepare(
        s, "SELECT rating, rd, volatility, games FROM ratings WHERE name_id = ? AND variant = ?");
    if (st == NULL)
        return STORE_FAILED;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_text(st, 2, variant, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    StoreStatus status = STORE_OK;
    if (rc == SQLITE_ROW) {
        g->rating = sqlite3_column_double(st, 0);
        g->rd = sqlite3_column_double(st, 1);
        g->volatility = sqlite3_column_double(st, 2);
        *games = sqlite3_column_int(st, 3);
    } else if (rc != SQLITE_DONE) {
        status = Store_fail(s, "cannot read a rating");
    }
    sqlite3_finalize(st);
    return status;
}

StoreStatus Store_rating(Store *s, const char *name, const char *variant, StoreRating *out)
{
    int64_t id = Store_nameId(s, name);
    if (id == 0)
        return STORE_NOT_FOUND;
    snprintf(out->name, sizeof out->name, "%s", name);
    return Store_ratingOfId(s, id, variant, &out->rating, &out->games);
}

static StoreStatus Store_putRating(Store *s, int64_t id, const char *variant, Glicko g, int games)
{
    sqlite3_stmt *st = Store_prepare(s,
                                     "INSERT OR REPLACE INTO ratings (name_id, variant, rating, rd,"
                                     " volatility, games) VALUES (?, ?, ?, ?, ?, ?)");
    if (st != NULL) {
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, variant, -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(st, 3, g.rating);
        sqlite3_bind_double(st, 4, g.rd);
        sqlite3_bind_double(st, 5, g.volatility);
        sqlite3_bind_int(st, 6, games);
    }
    return Store_step(s, st, NULL);
}

/* White's score from the result; false when the result is not a finished
 * game's. */
static bool Store_whiteScore(const char *result, double *score)
{
    if (strcmp(result, "1-0") == 0)
        *score = 1.0;
    else if (strcmp(result, "0-1") == 0)
        *score = 0.0;
    else if (strcmp(result, "1/2-1/2") == 0)
        *score = 0.5;
    else
        return false;
    return true;
}

static StoreStatus Store_rate(Store *s, const StoreGame *g)
{
    double score;
    if (!Store_whiteScore(g->result, &score)) {
        snprintf(s->err, sizeof s->err, "a rated game needs a result, not \"%s\"", g->result);
        return STORE_FAILED;
    }
    int64_t id[2] = {Store_nameId(s, g->white), Store_nameId(s, g->black)};
    if (id[0] == 0 || id[1] == 0 || id[0] == id[1])
        return STORE_NOT_FOUND;
    Glicko before[2];
    int games[2];
    for (int i = 0; i < 2; i++) {
        StoreStatus status = Store_ratingOfId(s, id[i], g->variant, &before[i], &games[i]);
        if (status != STORE_OK)
            return status;
    }
    GlickoGame as_white = {before[1], score};
    GlickoGame as_black = {before[0], 1.0 - score};
    Glicko after[2] = {Glicko_update(before[0], &as_white, 1, GLICKO_TAU),
                       Glicko_update(before[1], &as_black, 1, GLICKO_TAU)};
    for (int i = 0; i < 2; i++) {
        StoreStatus status = Store_putRating(s, id[i], g->variant, after[i], games[i] + 1);
        if (status != STORE_OK)
            return status;
    }
    return STORE_OK;
}

/* The number of the game archived under key, if it is. */
static StoreStatus Store_gameOfKey(Store *s, const char *key, int64_t *id)
{
    sqlite3_stmt *st = Store_prepare(s, "SELECT id FROM games WHERE game_key = ?");
    if (st != NULL)
        sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    int64_t found = 0;
    StoreStatus status = Store_step(s, st, &found);
    if (status == STORE_OK && id != NULL)
        *id = found;
    return status;
}

static StoreStatus Store_addGameIn(Store *s, const StoreGame *g, const char *pgn, int64_t *id)
{
    if (g->key[0] != '\0') { /* archived already: by a host killed before it knew */
        StoreStatus status = Store_gameOfKey(s, g->key, id);
        if (status != STORE_NOT_FOUND)
            return status;
    }
    if (g->rated) {
        StoreStatus status = Store_rate(s, g);
        if (status != STORE_OK)
            return status;
    }
    sqlite3_stmt *st =
        Store_prepare(s,
                      "INSERT INTO games (variant, white, black, result, rated, ended, pgn,"
                      " game_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    if (st != NULL) {
        sqlite3_bind_text(st, 1, g->variant, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, g->white, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 3, g->black, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 4, g->result, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 5, g->rated ? 1 : 0);
        sqlite3_bind_int64(st, 6, (int64_t)g->ended);
        sqlite3_bind_text(st, 7, pgn, -1, SQLITE_TRANSIENT);
        if (g->key[0] != '\0')
            sqlite3_bind_text(st, 8, g->key, -1, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(st, 8);
    }
    StoreStatus status = Store_step(s, st, NULL);
    if (status == STORE_OK && id != NULL)
        *id = sqlite3_last_insert_rowid(s->db);
    return status;
}

StoreStatus Store_addGame(Store *s, const StoreGame *g, const char *pgn, int64_t *id)
{
    if (!Store_begin(s))
        return STORE_FAILED;
    return Store_end(s, Store_addGameIn(s, g, pgn, id));
}

void Store_columnText(sqlite3_stmt *st, int col, char *out, size_t len)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(out, len, "%s", t ? (const char *)t : "");
}

StoreStatus Store_eachRating(Store *s, const char *variant,
                             void (*each)(const StoreRating *r, void *ctx), void *ctx)
{
    sqlite3_stmt *st = Store_prepare(
        s,
        "SELECT n.name, r.rating, r.rd, r.volatility, r.games FROM ratings r"
        " JOIN names n ON n.id = r.name_id WHERE r.variant = ? ORDER BY r.rating DESC, n.name");
    if (st == NULL)
        return STORE_FAILED;
    sqlite3_bind_text(st, 1, variant, -1, SQLITE_TRANSIENT);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        StoreRating r;
        Store_columnText(st, 0, r.name, sizeof r.name);
        r.rating = (Glicko){sqlite3_column_double(st, 1), sqlite3_column_double(st, 2),
                            sqlite3_column_double(st, 3)};
        r.games = sqlite3_column_int(st, 4);
        each(&r, ctx);
    }
    StoreStatus status = rc == SQLITE_DONE ? STORE_OK : Store_fail(s, "cannot read the ratings");
    sqlite3_finalize(st);
    return status;
}

StoreStatus Store_eachGame(Store *s, const char *name, int limit,
                           void (*each)(const StoreGame *g, void *ctx), void *ctx)
{
    sqlite3_stmt *st =
        Store_prepare(s,
                      "SELECT id, variant, white, black, result, rated, ended FROM games"
                      " WHERE ?1 IS NULL OR white = ?1 COLLATE NOCASE OR black = ?1 COLLATE NOCASE"
                      " ORDER BY id DESC LIMIT ?2");
    if (st == NULL)
        return STORE_FAILED;
    if (name != NULL)
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, limit);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        StoreGame g;
        g.id = sqlite3_column_int64(st, 0);
        Store_columnText(st, 1, g.variant, sizeof g.variant);
        Store_columnText(st, 2, g.white, sizeof g.white);
        Store_columnText(st, 3, g.black, sizeof g.black);
        Store_columnText(st, 4, g.result, sizeof g.result);
        g.rated = sqlite3_column_int(st, 5) != 0;
        g.ended = (time_t)sqlite3_column_int64(st, 6);
        each(&g, ctx);
    }
    StoreStatus status = rc == SQLITE_DONE ? STORE_OK : Store_fail(s, "cannot read the games");
    sqlite3_finalize(st);
    return status;
}

StoreStatus Store_gamePgn(Store *s, int64_t id, char **pgn)
{
    *pgn = NULL;
    sqlite3_stmt *st = Store_prepare(s, "SELECT pgn FROM games WHERE id = ?");
    if (st == NULL)
        return STORE_FAILED;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    StoreStatus status = STORE_NOT_FOUND;
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        *pgn = strdup(t ? (const char *)t : "");
        status = STORE_OK;
    } else if (rc != SQLITE_DONE) {
        status = Store_fail(s, "cannot read the game");
    }
    sqlite3_finalize(st);
    return status;
}
