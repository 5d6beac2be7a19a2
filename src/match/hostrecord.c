/* The host's record of a game between people (see hostrecord.h): PGN with
 * the game's own tags, written whole through a temporary file and read
 * back with every field checked, since a record outlives the host that
 * wrote it and a later one plays on from it. */
#include "match/hostrecord.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/setup.h"
#include "core/status.h"
#include "core/timecontrol.h"
#include "net/text.h"
#include "record/escape.h"
#include "record/paths.h"
#include "record/pgn.h"
#include "record/record.h"

#define TAG_INVITER "ZanzibarInviter" /* "white" or "black" */
#define TAG_CLOCKS "ZanzibarClocks"   /* "WHITE_MS BLACK_MS": time left, stopped */
#define TAG_RATED "ZanzibarRated"     /* "rated" or "casual" */
#define TAG_KEY "ZanzibarGame"        /* the game's key */
#define TAG_STATE "ZanzibarState"     /* "playing", "adjourned" or "over" */
#define TAG_PENDING "ZanzibarPending" /* "draw white": the request waiting, and whose */
/* A spectator's line held from the players: the escape line
 * "%zanzibar held NAME TEXT", never a tag, so that no archive built from
 * the tags (HostRecord_keepAs) can hold it. */
#define ESCAPE_HELD "held "
/* A record's clocks: the longest base --time allows, and time left of at
 * most twice that (increments add up). */
#define SAVED_BASE_MAX_S (TIMECONTROL_MAX_MINUTES * 60)
#define SAVED_LEFT_MAX_MS (2 * SAVED_BASE_MAX_S * 1000)

static const char *const STATE_WORDS[] = {
    [HOSTRECORD_PLAYING] = "playing",
    [HOSTRECORD_ADJOURNED] = "adjourned",
    [HOSTRECORD_OVER] = "over",
};

void HostRecord_newKey(char key[HOSTRECORD_KEY_MAX])
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    time_t now = ts.tv_sec;
    unsigned mix = (unsigned)ts.tv_nsec * 2654435761u ^ (unsigned)getpid() * 40503u;
    char when[24];
    if (localtime_r(&now, &tm) == NULL || strftime(when, sizeof when, "%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(when, sizeof when, "%lld", (long long)now);
    snprintf(key, HOSTRECORD_KEY_MAX, "%s-%08x", when, mix);
}

static void HostRecord_tags(const HostRecordInfo *info, PgnHeader *tags)
{
    char text[64];
    PgnHeader_init(tags);
    PgnHeader_set(tags, "Event", "zanzibar game between terminals");
    PgnHeader_set(tags, "White", info->names[WHITE]);
    PgnHeader_set(tags, "Black", info->names[BLACK]);
    TimeControl_writePgn(info->base_ms, info->inc_ms, text, sizeof text);
    PgnHeader_set(tags, "TimeControl", text);
    PgnHeader_set(tags, TAG_INVITER, NetSide_name(info->inviter_side));
    if (info->base_ms > 0) {
        snprintf(text, sizeof text, "%d %d", info->left_ms[WHITE], info->left_ms[BLACK]);
        PgnHeader_set(tags, TAG_CLOCKS, text);
    }
    PgnHeader_set(tags, TAG_RATED, info->rated ? "rated" : "casual");
    PgnHeader_set(tags, TAG_KEY, info->key);
    PgnHeader_set(tags, TAG_STATE, STATE_WORDS[info->state]);
    if (info->pending != NET_REQ_NONE) {
        snprintf(text, sizeof text, "%s %s", NetRequest_name(info->pending),
                 NetSide_name(info->pending_from));
        PgnHeader_set(tags, TAG_PENDING, text);
    }
}

typedef struct {
    FILE *f;
    bool ok;
} HeldWriter;

static void HostRecord_writeHeld(void *ctx, const ChatLine *l)
{
    HeldWriter *w = ctx;
    char name[NET_NAME_MAX]; /* one word, whatever the log was given */
    NetText_cleanName(name, sizeof name, l->name, strlen(l->name));
    w->ok = w->ok && Escape_printf(w->f, ESCAPE_HELD "%s %s", name, l->text);
}

/* The held lines as escape lines ("" for none), or NULL when memory is short. */
static char *HostRecord_heldText(const ChatLog *held)
{
    char *text = NULL;
    size_t len = 0;
    HeldWriter w = {open_memstream(&text, &len), true};
    if (w.f == NULL)
        return NULL;
    if (held != NULL)
        ChatLog_eachHeld(held, HostRecord_writeHeld, &w);
    if (fclose(w.f) != 0 || !w.ok) {
        free(text);
        return NULL;
    }
    return text;
}

bool HostRecord_write(const char *path, const Game *g, const HostRecordInfo *info,
                      const ChatLog *held, char *err, size_t errlen)
{
    PgnHeader tags;
    char *front = HostRecord_heldText(held);
    if (front == NULL)
        return Error_set(err, errlen, "%s: out of memory", path);
    HostRecord_tags(info, &tags);
    bool ok = Record_replacePgnTags(g, &tags, front, path, err, errlen);
    free(front);
    return ok;
}

void HostRecord_sync(const char *path)
{
    Record_sync(path);
}

/* ---- reading */

/* A whole number from min to max, in digits, at *text; *text moves past it. */
static bool HostRecord_number(const char **text, long min, long max, long *out)
{
    const char *p = *text;
    if (*p < '0' || *p > '9')
        return false;
    errno = 0;
    char *end;
    long v = strtol(p, &end, 10);
    if (errno != 0 || v < min || v > max)
        return false;
    *out = v;
    *text = end;
    return true;
}

/* The clocks: the TimeControl ("BASE+INCREMENT" in seconds) and both
 * clocks' time left in milliseconds as the host wrote them, or else each
 * side's last [%clk] (the whole base when it has none). */
static bool HostRecord_readClocks(const char *path, const Game *g, const PgnHeader *tags,
                                  HostRecordInfo *info, char *err, size_t errlen)
{
    const char *tc = PgnHeader_get(tags, "TimeControl"), *clocks = PgnHeader_get(tags, TAG_CLOCKS);
    long left[2];
    const char *p = clocks;
    info->base_ms = info->inc_ms = 0;
    if ((tc == NULL || strcmp(tc, "-") == 0) && clocks == NULL)
        return true;
    if (tc == NULL || !TimeControl_readPgn(tc, &info->base_ms, &info->inc_ms))
        return Error_set(err, errlen,
                         "%s: the time control \"%.40s\" is not BASE+INCREMENT in seconds (a base "
                         "of 0 to %d, an increment of 0 to %d)",
                         path, tc != NULL ? tc : "", SAVED_BASE_MAX_S, TIMECONTROL_MAX_INCREMENT_S);
    for (int side = WHITE; clocks == NULL && side <= BLACK; side++) {
        int last = Game_lastClock(g, side);
        info->left_ms[side] = last >= 0 && last <= SAVED_LEFT_MAX_MS ? last : info->base_ms;
    }
    if (clocks == NULL)
        return true;
    if (!HostRecord_number(&p, 0, SAVED_LEFT_MAX_MS, &left[0]) || *p++ != ' '
        || !HostRecord_number(&p, 0, SAVED_LEFT_MAX_MS, &left[1]) || *p != '\0')
        return Error_set(err, errlen,
                         "%s: the clocks \"%.40s\" are not two times left in milliseconds "
                         "(0 to %d each)",
                         path, clocks, SAVED_LEFT_MAX_MS);
    info->left_ms[WHITE] = (int)left[0];
    info->left_ms[BLACK] = (int)left[1];
    return true;
}

static NetSide HostRecord_side(const char *word)
{
    return word != NULL && strcmp(word, NetSide_name(NET_SIDE_BLACK)) == 0 ? NET_SIDE_BLACK
                                                                           : NET_SIDE_WHITE;
}

/* The request waiting: "KIND SIDE"; anything else is no request. */
static void HostRecord_readPending(const char *text, HostRecordInfo *info)
{
    info->pending = NET_REQ_NONE;
    info->pending_from = NET_SIDE_NONE;
    for (NetRequest r = NET_REQ_DRAW; text != NULL && r <= NET_REQ_REMATCH; r++) {
        size_t n = strlen(NetRequest_name(r));
        if (strncmp(text, NetRequest_name(r), n) == 0 && text[n] == ' ') {
            info->pending = r;
            info->pending_from = HostRecord_side(text + n + 1);
        }
    }
}

/* The state written, or for a record of an older host, what its game shows. */
static HostRecordState HostRecord_state(const char *word, const Game *g)
{
    for (int s = HOSTRECORD_PLAYING; word != NULL && s <= HOSTRECORD_OVER; s++)
        if (strcmp(word, STATE_WORDS[s]) == 0)
            return (HostRecordState)s;
    return Game_over(g) ? HOSTRECORD_OVER : HOSTRECORD_ADJOURNED;
}

typedef struct {
    ChatLog *held;
    char *err;
    size_t errlen;
} HeldReader;

/* "held NAME TEXT": a spectator's line, held again from the players, its
 * name and text cleaned as a peer's are (the file may have been edited). */
static bool HostRecord_readHeld(void *ctx, int line, char *body)
{
    HeldReader *r = ctx;
    size_t kind = strlen(ESCAPE_HELD);
    if (body == NULL)
        return Error_set(r->err, r->errlen, "out of memory");
    if (strncmp(body, ESCAPE_HELD, kind) != 0)
        return Error_set(r->err, r->errlen,
                         "line %d: unknown %%zanzibar line (a game's record has only "
                         "\"%%zanzibar held NAME TEXT\" lines)",
                         line);
    const char *name = body + kind, *text = name + strcspn(name, " ");
    size_t n = (size_t)(text - name);
    if (n == 0 || n >= NET_NAME_MAX || *text != ' ' || strlen(text + 1) >= NET_TEXT_MAX)
        return Error_set(r->err, r->errlen,
                         "line %d: a held line needs the spectator's name (one word of at most %d "
                         "bytes) and what they said (at most %d bytes)",
                         line, NET_NAME_MAX - 1, NET_TEXT_MAX - 1);
    ChatLine said = {.side = NET_SIDE_NONE};
    NetText_cleanName(said.name, sizeof said.name, name, n);
    NetText_clean(said.text, sizeof said.text, text + 1, strlen(text + 1));
    ChatLog_hold(r->held, &said);
    return true;
}

/* The game and its tags, and the held lines when held is not NULL (the
 * caller empties it again on failure). */
static bool HostRecord_loadText(const char *path, Game *g, PgnHeader *tags, ChatLog *held,
                                char *err, size_t errlen)
{
    HeldReader r = {held, err, errlen};
    if (held == NULL)
        return Record_loadPgnTags(g, tags, path, 0, err, errlen);
    ChatLog_init(held);
    return Record_loadPgnEscapes(g, tags, path, HostRecord_readHeld, &r, err, errlen);
}

bool HostRecord_read(const char *path, Game *g, HostRecordInfo *info, ChatLog *held, char *err,
                     size_t errlen)
{
    PgnHeader tags;
    Game read;
    Position start;
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&read, &start);
    memset(info, 0, sizeof *info);
    if (!HostRecord_loadText(path, &read, &tags, held, err, errlen)
        || !HostRecord_readClocks(path, &read, &tags, info, err, errlen)) {
        if (held != NULL)
            ChatLog_init(held);
        Game_free(&read);
        return false;
    }
    const char *white = PgnHeader_get(&tags, "White"), *black = PgnHeader_get(&tags, "Black");
    const char *rated = PgnHeader_get(&tags, TAG_RATED), *key = PgnHeader_get(&tags, TAG_KEY);
    snprintf(info->names[WHITE], sizeof info->names[WHITE], "%s", white != NULL ? white : "");
    snprintf(info->names[BLACK], sizeof info->names[BLACK], "%s", black != NULL ? black : "");
    info->inviter_side = HostRecord_side(PgnHeader_get(&tags, TAG_INVITER));
    /* an older host's record said nothing: it was rated (the server's default) */
    info->rated = rated == NULL || strcmp(rated, "casual") != 0;
    if (key != NULL)
        snprintf(info->key, sizeof info->key, "%s", key);
    else
        HostRecord_newKey(info->key);
    info->state = HostRecord_state(PgnHeader_get(&tags, TAG_STATE), &read);
    HostRecord_readPending(PgnHeader_get(&tags, TAG_PENDING), info);
    Game_free(g);
    *g = read;
    return true;
}

/* ---- where a finished or set-aside game goes */

static bool HostRecord_keepAs(const Game *g, const HostRecordInfo *info, const char *name,
                              char *kept, size_t keptlen, char *err, size_t errlen)
{
    PgnHeader tags;
    char date[11];
    HostRecord_tags(info, &tags);
    Record_today(date);
    PgnHeader_set(&tags, "Date", date);
    return Record_savedGamePath(name, kept, keptlen, err, errlen)
        && Record_savePgnTags(g, &tags, kept, err, errlen);
}

static void HostRecord_fileName(const HostRecordInfo *info, const char *what, char *name,
                                size_t len)
{
    char white[NET_NAME_MAX], black[NET_NAME_MAX], key[HOSTRECORD_KEY_MAX];
    Record_fileWord(info->names[WHITE], white, sizeof white);
    Record_fileWord(info->names[BLACK], black, sizeof black);
    Record_fileWord(info->key, key, sizeof key);
    snprintf(name, len, "%s-%s%s-%s.pgn", white, black, what, key);
}

bool HostRecord_archiveLocal(const Game *g, const HostRecordInfo *info, char *kept, size_t keptlen,
                             char *err, size_t errlen)
{
    char name[3 * NET_NAME_MAX + HOSTRECORD_KEY_MAX];
    HostRecord_fileName(info, "", name, sizeof name);
    return HostRecord_keepAs(g, info, name, kept, keptlen, err, errlen);
}

/* A record read into a game of its own (freed by the caller). */
static bool HostRecord_load(const char *path, Game *g, HostRecordInfo *info, char *err,
                            size_t errlen)
{
    Position start;
    Setup_start(&start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(g, &start);
    return HostRecord_read(path, g, info, NULL, err, errlen);
}

bool HostRecord_peek(const char *path, HostRecordState *state, char *result, size_t resultlen)
{
    Game g;
    HostRecordInfo info;
    char err[ERROR_MAX];
    bool ok = HostRecord_load(path, &g, &info, err, sizeof err);
    *state = ok ? info.state : HOSTRECORD_ADJOURNED;
    snprintf(result, resultlen, "%s",
             ok && Game_over(&g) ? Status_resultText(g.status.result) : "*");
    Game_free(&g);
    return ok;
}

bool HostRecord_settle(const char *path, HostRecordArchive archive, void *ctx, char *err,
                       size_t errlen)
{
    Game g;
    HostRecordInfo info;
    if (access(path, F_OK) != 0)
        return true;
    bool ok = HostRecord_load(path, &g, &info, err, errlen);
    if (ok && info.state == HOSTRECORD_OVER) {
        ok = archive(ctx, &g, &info, err, errlen);
        if (ok)
            unlink(path);
    }
    Game_free(&g);
    return ok;
}

bool HostRecord_setAside(const char *path, char *kept, size_t keptlen, char *err, size_t errlen)
{
    Game g;
    HostRecordInfo info;
    char name[3 * NET_NAME_MAX + HOSTRECORD_KEY_MAX];
    bool ok = HostRecord_load(path, &g, &info, err, errlen);
    if (ok) {
        HostRecord_fileName(&info, "-adjourned", name, sizeof name);
        ok = HostRecord_keepAs(&g, &info, name, kept, keptlen, err, errlen)
            && (unlink(path) == 0 || Error_set(err, errlen, "cannot remove %s", path));
    }
    Game_free(&g);
    return ok;
}

bool HostRecord_archiveHere(void *ctx, NetHost *h, const Game *game, const HostRecordInfo *info)
{
    char kept[PATHS_MAX], err[ERROR_MAX];
    NetMsg m;
    (void)ctx;
    NetMsg_init(&m, NET_MSG_SAID);
    snprintf(m.name, sizeof m.name, "%s", NET_HOST_SPEAKER);
    bool ok = HostRecord_archiveLocal(game, info, kept, sizeof kept, err, sizeof err);
    if (ok) {
        const char *slash = strrchr(kept, '/');
        snprintf(m.text, sizeof m.text, NET_HOST_KEPT "%.300s", slash != NULL ? slash + 1 : kept);
        NetHost_sendSide(h, info->inviter_side, &m);
    } else {
        snprintf(m.text, sizeof m.text,
                 "the game could not be kept yet (%.300s): the host keeps it and tries again", err);
        NetHost_broadcast(h, &m);
    }
    return ok;
}
