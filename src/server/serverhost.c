/* The daemon that hosts a game between names (see serverhost.h). The
 * archive is written when the game is seen to be over after a round of
 * the host's loop, whatever ended it (a move, a resignation, a flag, an
 * agreed draw, a claim); a rematch starts a new game to archive. */
#include "server/serverhost.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/setup.h"
#include "core/status.h"
#include "core/timecontrol.h"
#include "record/pgn.h"
#include "record/record.h"
#include "server/names.h"
#include "server/peers.h"
#include "server/store.h"

bool ServerHost_savePath(const char *dir, const char *inviter, const char *guest, char *path,
                         size_t size)
{
    int n = snprintf(path, size, "%s/players/%s/state/zanzibar/net-%s.pgn", dir, inviter, guest);
    return n > 0 && (size_t)n < size;
}

static void ServerHost_tell(NetHost *h, const char *text)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SAID);
    snprintf(m.name, sizeof m.name, "zanzibar");
    snprintf(m.text, sizeof m.text, "%.*s", (int)sizeof m.text - 1, text);
    NetHost_broadcast(h, &m);
}

#define SERVERHOST_BUSY_MS 1000 /* a host's wait for the store, each try */

typedef struct {
    HostGame game;
    const char *dir;
    bool begun; /* both players came: the game's details are removed */
} ServerHost;

/* "alice 1662? (+162), bob 1338? (-162)" after a rated game. */
static void ServerHost_ratings(Store *st, const char *variant, const Glicko before[2],
                               const char *const names[2], char *text, size_t size)
{
    snprintf(text, size, "rated: ");
    for (int c = 0; c < 2; c++) {
        StoreRating r;
        char now[GLICKO_TEXT_MAX];
        if (Store_rating(st, names[c], variant, &r) != STORE_OK) {
            text[0] = '\0';
            return;
        }
        Glicko_format(r.rating, now, sizeof now);
        size_t used = strlen(text);
        snprintf(text + used, size - used, "%s%s %s (%+d)", c ? ", " : "", names[c], now,
                 (int)(r.rating.rating + 0.5) - (int)(before[c].rating + 0.5));
    }
}

/* The archive's PGN: the record's players, real time control and every
 * [%clk] (the Game keeps each mover's time left). */
static char *ServerHost_pgn(const Game *game, const HostRecordInfo *info)
{
    PgnHeader tags;
    char date[11], clock[32];
    PgnHeader_init(&tags);
    Record_today(date);
    PgnHeader_set(&tags, "Event",
                  info->rated ? "zanzibar server, rated" : "zanzibar server, casual");
    PgnHeader_set(&tags, "Date", date);
    PgnHeader_set(&tags, "White", info->names[WHITE]);
    PgnHeader_set(&tags, "Black", info->names[BLACK]);
    TimeControl_writePgn(info->base_ms, info->inc_ms, clock, sizeof clock);
    PgnHeader_set(&tags, "TimeControl", clock);
    return Pgn_write(game, &tags);
}

bool ServerHost_archive(const char *dir, const Game *game, const HostRecordInfo *info,
                        char said[2][NET_TEXT_MAX])
{
    const char *names[2] = {info->names[WHITE], info->names[BLACK]};
    said[0][0] = said[1][0] = '\0';
    if (game->nmoves < 2) /* ended before both sides moved: it counts for nothing */
        return true;
    StoreGame rec;
    memset(&rec, 0, sizeof rec);
    snprintf(rec.variant, sizeof rec.variant, "%s", game->start.v->name);
    snprintf(rec.white, sizeof rec.white, "%.*s", STORE_NAME_MAX - 1, names[WHITE]);
    snprintf(rec.black, sizeof rec.black, "%.*s", STORE_NAME_MAX - 1, names[BLACK]);
    snprintf(rec.result, sizeof rec.result, "%s", Status_resultText(game->status.result));
    snprintf(rec.key, sizeof rec.key, "%s", info->key);
    rec.rated = info->rated;
    rec.ended = time(NULL);
    char path[PATHS_MAX + 32], err[STORE_ERR_MAX], *pgn = ServerHost_pgn(game, info);
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE_NAME);
    Store *st = pgn != NULL ? Store_open(path, err, sizeof err) : NULL;
    if (st != NULL)
        Store_setBusyMs(st, SERVERHOST_BUSY_MS); /* busy: the record stays, tried again */
    Glicko before[2];
    int64_t id = 0;
    for (int c = 0; st != NULL && c < 2; c++) {
        StoreRating r;
        before[c] =
            Store_rating(st, names[c], rec.variant, &r) == STORE_OK ? r.rating : Glicko_initial();
    }
    bool ok = st != NULL && Store_addGame(st, &rec, pgn, &id) == STORE_OK;
    if (ok) {
        snprintf(said[0], NET_TEXT_MAX, "the game is kept as number %lld (pgn %lld gives it back)",
                 (long long)id, (long long)id);
        if (rec.rated)
            ServerHost_ratings(st, rec.variant, before, names, said[1], NET_TEXT_MAX);
    } else {
        snprintf(said[0], NET_TEXT_MAX,
                 "the game could not be archived yet (%.200s): its host keeps it and tries again",
                 st != NULL        ? Store_error(st)
                     : pgn != NULL ? err
                                   : "out of memory");
    }
    Store_close(st);
    free(pgn);
    return ok;
}

/* The archive of the game just over (HostGameArchive), told to everyone. */
static bool ServerHost_archiveGame(void *ctx, NetHost *h, const Game *game,
                                   const HostRecordInfo *info)
{
    const ServerHost *sh = ctx;
    char said[2][NET_TEXT_MAX];
    bool ok = ServerHost_archive(sh->dir, game, info, said);
    for (int i = 0; i < 2; i++)
        if (said[i][0] != '\0')
            ServerHost_tell(h, said[i]);
    return ok;
}

/* A finished game left in its record, archived by a gate (HostRecordArchive). */
static bool ServerHost_archiveLeft(void *dir, const Game *g, const HostRecordInfo *info, char *err,
                                   size_t errlen)
{
    char said[2][NET_TEXT_MAX];
    return ServerHost_archive(dir, g, info, said)
        || Error_set(err, errlen, "your last game with this player: %s", said[0]);
}

bool ServerHost_settle(const char *dir, const char *path, char *err, size_t errlen)
{
    return HostRecord_settle(path, ServerHost_archiveLeft, (void *)dir, err, errlen);
}

/* A seek whose open seat was just taken: the game is now between two
 * names, and found as such (its socket renamed from s.A to g.A.B, unless
 * A already has a game with B there), and everyone sees who came. */
/* run/i.NAME beside the socket run/NAME. */
static bool ServerHost_aboutPath(const NetPlace *place, char *path, size_t size)
{
    const char *base = strrchr(place->sock, '/');
    int n = snprintf(path, size, "%s/i.%s", place->dir, base != NULL ? base + 1 : place->sock);
    return n > 0 && (size_t)n < size;
}

void ServerHost_writeAbout(const NetPlace *place, const NetHostSpec *spec)
{
    char path[NET_PATH_MAX + 8], tmp[NET_PATH_MAX + 16], clock[48];
    if (!ServerHost_aboutPath(place, path, sizeof path)
        || snprintf(tmp, sizeof tmp, "%s.new", path) >= (int)sizeof tmp)
        return;
    if (spec->base_ms > 0)
        TimeControl_write(spec->base_ms, spec->inc_ms, clock, sizeof clock);
    else
        snprintf(clock, sizeof clock, "no clock");
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    bool ok =
        dprintf(fd, "%s, %s, %s\n", spec->start.v->title, clock, spec->rated ? "rated" : "casual")
        > 0;
    if (close(fd) != 0 || !ok || rename(tmp, path) != 0)
        unlink(tmp);
}

bool ServerHost_readAbout(const NetPlace *place, char *text, size_t size)
{
    char path[NET_PATH_MAX + 8];
    int fd = ServerHost_aboutPath(place, path, sizeof path)
        ? open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        : -1;
    ssize_t n = fd >= 0 && size > 0 ? read(fd, text, size - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return false;
    text[n] = '\0';
    text[strcspn(text, "\n")] = '\0';
    for (char *c = text; *c != '\0'; c++) /* the server's own file, yet no control bytes */
        *c = *c >= ' ' && *c < 0x7f ? *c : '?';
    return text[0] != '\0';
}

static void ServerHost_removeAbout(const NetPlace *place)
{
    char path[NET_PATH_MAX + 8];
    if (ServerHost_aboutPath(place, path, sizeof path))
        unlink(path);
}

static void ServerHost_seekTaken(ServerHost *sh, NetHost *h, NetPlace *place)
{
    const NetIdentity *guest = NetHost_guest(h);
    NetPlace named;
    char err[NET_TEXT_MAX];
    if (place->guest_name[0] != '\0' || guest->key[0] == '\0')
        return;
    HostGame_setPlayers(&sh->game, sh->game.rec.inviter_side, place->inviter_name, guest->name);
    if (!ServerHost_savePath(sh->dir, place->inviter_name, guest->name, sh->game.save_path,
                             sizeof sh->game.save_path))
        sh->game.save_path[0] = '\0';
    HostGame_keep(&sh->game, h); /* the record, now that the game is between two names */
    if (NetPlace_initNamed(&named, place->dir, place->inviter_name, guest->name, err, sizeof err)
        && access(named.sock, F_OK) != 0 && access(named.lock, F_OK) != 0
        && rename(place->lock, named.lock) == 0) {
        if (rename(place->sock, named.sock) == 0) {
            ServerHost_removeAbout(place); /* a game now, no longer a seek */
            *place = named;
        } else
            rename(named.lock, place->lock);
    }
    snprintf(place->guest_name, sizeof place->guest_name, "%s", guest->name);
    NetHost_resync(h);
}

void ServerHost_run(const char *dir, const NetPlace *seat, int listen_fd, int lockfd,
                    NetHostSpec *spec)
{
    static ServerHost sh;
    static NetPlace at;
    NetPlace *place = &at;
    at = *seat;
    int status = 1;
    sh.dir = dir;
    if (NetCmd_hostGame(&sh.game, spec, place->inviter_name, place->guest_name)) {
        sh.game.archive = ServerHost_archiveGame;
        sh.game.archive_ctx = &sh;
        NetHostConfig cfg = NetHost_defaults();
        cfg.listen_fd = listen_fd;
        NetIdentity_ofPlayer(place->inviter_name, &cfg.inviter);
        if (!NetIdentity_ofPlayer(place->guest_name, &cfg.guest)) /* a seek: an open seat */
            cfg.guest = (NetIdentity){.key = "", .name = NAME_ANYONE};
        cfg.identify = ServerPeers_identify;
        cfg.identify_ctx = (void *)dir;
        cfg.inviter_side = spec->inviter_side;
        cfg.private_game = spec->private_game;
        cfg.ops = &HOSTGAME_OPS;
        cfg.game = &sh.game;
        cfg.held = &spec->held;
        NetHost *h = NetHost_new(&cfg);
        if (h != NULL && NetHost_catchSignals(h)) {
            while (NetHost_step(h, -1)) {
                ServerHost_seekTaken(&sh, h, place);
                if (sh.game.met && !sh.begun) { /* the lobby lists it as a game now */
                    ServerHost_removeAbout(place);
                    sh.begun = true;
                }
            }
            status = 0;
        }
        NetHost_free(h);
        HostGame_free(&sh.game);
    }
    ServerHost_removeAbout(place);
    NetPlace_remove(place, lockfd);
    _exit(status);
}
