/* The public server's store: one SQLite file in the server account's data
 * folder holding the names, their keys' fingerprints, ratings per game,
 * the finished games, one-time link codes and the registrations per source
 * address. WAL mode and a busy timeout let many gates share it; every
 * change is one transaction, so a gate killed at any moment loses nothing
 * and leaves nothing half-written. */
#ifndef ZANZIBAR_SERVER_STORE_H
#define ZANZIBAR_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "server/glicko.h"

/* The schema this program writes; an older file is upgraded on opening. */
#define STORE_SCHEMA_VERSION 4
/* The file's name inside the server's data folder. */
#define STORE_FILE_NAME "server.db"
/* How long a writer waits for another before giving up. */
#define STORE_BUSY_MS 10000
/* A link code's life and length. */
#define STORE_LINK_SECONDS 600
#define STORE_LINK_CODE_LEN 10
/* Registrations one source (the gate gives a network) may make in a day,
 * unless Store_setRegistrationsPerDay says otherwise. */
#define STORE_REGISTRATIONS_PER_DAY 5
#define STORE_REGISTRATIONS_MAX 10000
#define STORE_NAME_MAX 32
#define STORE_VARIANT_MAX 32
#define STORE_RESULT_MAX 8
#define STORE_KEY_MAX 40
#define STORE_ERR_MAX 256

typedef struct Store Store;

typedef enum {
    STORE_OK,
    STORE_NOT_FOUND, /* no such name, key, game or code (or it expired) */
    STORE_TAKEN,     /* the name (in any case) or the key is already there */
    STORE_LIMIT,     /* too many registrations from that address today */
    STORE_FAILED     /* the database said no: the message says why */
} StoreStatus;

/* A finished game as the archive keeps it. */
typedef struct {
    int64_t id;
    char variant[STORE_VARIANT_MAX];
    char white[STORE_NAME_MAX];
    char black[STORE_NAME_MAX];
    char result[STORE_RESULT_MAX]; /* "1-0", "0-1", "1/2-1/2" */
    bool rated;
    time_t ended;
    char key[STORE_KEY_MAX]; /* the game's key ("": none); a key archived once is not again */
} StoreGame;

typedef struct {
    char name[STORE_NAME_MAX];
    Glicko rating;
    int games;
} StoreRating;

/* Opens (creating when missing) the store at path, upgrading an older
 * schema. NULL and a message in err when it cannot. */
Store *Store_open(const char *path, char *err, size_t len);
void Store_close(Store *s);
/* How long this connection waits for another writer before a change
 * fails (STORE_BUSY_MS unless set): a game's host, which tries again
 * later, waits less, so that its loop never stalls long. */
void Store_setBusyMs(Store *s, int ms);
/* The schema version of the open file (STORE_SCHEMA_VERSION once open). */
int Store_schemaVersion(Store *s);
/* The last failure's message. */
const char *Store_error(const Store *s);

/* --- names and keys --- */
/* The name a key's fingerprint belongs to. */
StoreStatus Store_nameOfKey(Store *s, const char *fingerprint, char *name, size_t len);
/* A new name with its first key, counted against the source (the gate
 * gives the address's network: netblock.h); STORE_LIMIT when the source
 * made its registrations of the day already. */
StoreStatus Store_register(Store *s, const char *name, const char *fingerprint, const char *address,
                           time_t now);
/* The registrations a source may make in a day (1 to STORE_REGISTRATIONS_MAX). */
void Store_setRegistrationsPerDay(Store *s, int per_day);
/* How many more names the source may register today. */
StoreStatus Store_registrationsLeft(Store *s, const char *address, time_t now, int *left);
/* A name's connection: its address and time, for the administrator. */
StoreStatus Store_seen(Store *s, const char *name, const char *address, time_t now);
/* Whether the administrator banned name. */
StoreStatus Store_isBanned(Store *s, const char *name, bool *banned);
/* The name as registered (its own case), when one matches ignoring case. */
StoreStatus Store_findName(Store *s, const char *name, char *exact, size_t len);

/* --- link codes: a second key for a name --- */
/* A fresh one-time code for name, valid STORE_LINK_SECONDS from now. */
StoreStatus Store_linkCodeNew(Store *s, const char *name, time_t now,
                              char code[STORE_LINK_CODE_LEN + 1]);
/* Uses code once: the key joins the code's name (written into name). */
StoreStatus Store_linkCodeUse(Store *s, const char *code, const char *fingerprint, time_t now,
                              char *name, size_t len);

/* --- ratings and games --- */
/* A name's rating in a variant (a newcomer's when it has none). */
StoreStatus Store_rating(Store *s, const char *name, const char *variant, StoreRating *out);
/* Archives a finished game and, when rated, updates both ratings, all in
 * one transaction; *id is the game's number. */
StoreStatus Store_addGame(Store *s, const StoreGame *g, const char *pgn, int64_t *id);
/* Calls each for every rating in variant, best first. */
StoreStatus Store_eachRating(Store *s, const char *variant,
                             void (*each)(const StoreRating *r, void *ctx), void *ctx);
/* Calls each for finished games (of name, or all when name is NULL),
 * newest first, at most limit of them. */
StoreStatus Store_eachGame(Store *s, const char *name, int limit,
                           void (*each)(const StoreGame *g, void *ctx), void *ctx);
/* A game's PGN, malloc'ed (the caller frees it). */
StoreStatus Store_gamePgn(Store *s, int64_t id, char **pgn);

/* --- the administrator's (store_admin.c) --- */
#define STORE_ADDRESS_MAX 64
#define STORE_FINGERPRINT_MAX 96
typedef struct {
    char name[STORE_NAME_MAX];
    time_t created, last_seen;
    char last_address[STORE_ADDRESS_MAX];
    bool banned;
    int keys;
} StoreName;
/* Calls each for every name, in alphabetical order. */
StoreStatus Store_eachName(Store *s, void (*each)(const StoreName *n, void *ctx), void *ctx);
/* Calls each for every key of name, oldest first. */
StoreStatus Store_eachKey(Store *s, const char *name,
                          void (*each)(const char *fingerprint, time_t added, void *ctx),
                          void *ctx);
/* Bans name, or lifts its ban. */
StoreStatus Store_setBanned(Store *s, const char *name, bool banned);
/* Removes one key; the name it played as is written into name. */
StoreStatus Store_revokeKey(Store *s, const char *fingerprint, char *name, size_t len);
/* Renames a name, and the archive's games with it (STORE_TAKEN when to is
 * there in any case). */
StoreStatus Store_rename(Store *s, const char *from, const char *to);
/* Removes a finished game from the archive (the ratings stay as they are). */
StoreStatus Store_deleteGame(Store *s, int64_t id);

#endif
