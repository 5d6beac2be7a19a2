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

typedef struct {
    HostGame game;
    const char *dir;
    bool rated;
    bool archived; /* the game over now has been archived */
    bool begun;    /* both players came: the game's details are removed */
} ServerHost;

static void ServerHost_tell(NetHost *h, const char *text)
{
    NetMsg m;
    NetMsg_init(&m, NET_MSG_SAID);
    snprintf(m.name, sizeof m.name, "zanzibar");
    snprintf(m.text, sizeof m.text, "%s", text);
    NetHost_broadcast(h, &m);
}

/* "alice 1662? (+162), bob 1338? (-162)" after a rated game. */
static void ServerHost_tellRatings(NetHost *h, Store *st, const char *variant,
                                   const Glicko before[2], const char *const names[2])
{
    char text[NET_TEXT_MAX] = "rated: ";
    for (int c = 0; c < 2; c++) {
        StoreRating r;
        char now[GLICKO_TEXT_MAX];
        if (Store_rating(st, names[c], variant, &r) != STORE_OK)
            return;
        Glicko_format(r.rating, now, sizeof now);
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s%s %s (%+d)", c ? ", " : "", names[c], now,
                 (int)(r.rating.rating + 0.5) - (int)(before[c].rating + 0.5));
    }
    ServerHost_tell(h, text);
}

static void ServerHost_store(ServerHost *sh, NetHost *h, const Game *game)
{
    const char *names[2] = {sh->game.names[WHITE], sh->game.names[BLACK]};
    StoreGame rec;
    memset(&rec, 0, sizeof rec);
    snprintf(rec.variant, sizeof rec.variant, "%s", game->start.v->name);
    snprintf(rec.white, sizeof rec.white, "%.*s", STORE_NAME_MAX - 1, names[WHITE]);
    snprintf(rec.black, sizeof rec.black, "%.*s", STORE_NAME_MAX - 1, names[BLACK]);
    snprintf(rec.result, sizeof rec.result, "%s", Status_resultText(game->status.result));
    rec.rated = sh->rated;
    rec.ended = time(NULL);
    PgnHeader tags;
    char date[11];
    PgnHeader_init(&tags);
    Record_today(date);
    PgnHeader_set(&tags, "Event", sh->rated ? "zanzibar server, rated" : "zanzibar server, casual");
    PgnHeader_set(&tags, "Date", date);
    PgnHeader_set(&tags, "White", names[WHITE]);
    PgnHeader_set(&tags, "Black", names[BLACK]);
    char path[PATHS_MAX + 32], err[STORE_ERR_MAX], *pgn = Pgn_write(game, &tags);
    snprintf(path, sizeof path, "%s/%s", sh->dir, STORE_FILE_NAME);
    Store *st = pgn != NULL ? Store_open(path, err, sizeof err) : NULL;
    Glicko before[2];
    int64_t id = 0;
    for (int c = 0; st != NULL && c < 2; c++) {
        StoreRating r;
        before[c] =
            Store_rating(st, names[c], rec.variant, &r) == STORE_OK ? r.rating : Glicko_initial();
    }
    if (st != NULL && Store_addGame(st, &rec, pgn, &id) == STORE_OK) {
        char text[NET_TEXT_MAX];
        snprintf(text, sizeof text, "the game is kept as number %lld (pgn %lld gives it back)",
                 (long long)id, (long long)id);
        ServerHost_tell(h, text);
        if (sh->rated)
            ServerHost_tellRatings(h, st, rec.variant, before, names);
    } else {
        ServerHost_tell(h, st != NULL ? Store_error(st) : "the game could not be archived");
    }
    Store_close(st);
    free(pgn);
}

/* A game over and not yet archived is archived now, unless it ended
 * before both sides had moved (an aborted game counts for nothing). */
static void ServerHost_check(ServerHost *sh, NetHost *h)
{
    const Game *game = HostGame_record(&sh->game);
    if (!Game_over(game)) {
        sh->archived = false;
        return;
    }
    if (sh->archived)
        return;
    sh->archived = true;
    if (game->nmoves >= 2)
        ServerHost_store(sh, h, game);
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

void ServerHost_writeAbout(const NetPlace *place, const NetHostSpec *spec, bool rated)
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
        dprintf(fd, "%s, %s, %s\n", spec->start.v->title, clock, rated ? "rated" : "casual") > 0;
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
    HostGame_setPlayers(&sh->game, sh->game.inviter_side, place->inviter_name, guest->name);
    if (!ServerHost_savePath(sh->dir, place->inviter_name, guest->name, sh->game.save_path,
                             sizeof sh->game.save_path))
        sh->game.save_path[0] = '\0';
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
                    NetHostSpec *spec, bool rated)
{
    static ServerHost sh;
    static NetPlace at;
    NetPlace *place = &at;
    at = *seat;
    int status = 1;
    sh.dir = dir;
    sh.rated = rated;
    if (NetCmd_hostGame(&sh.game, spec, place->inviter_name, place->guest_name)) {
        sh.archived = Game_over(HostGame_record(&sh.game));
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
        NetHost *h = NetHost_new(&cfg);
        if (h != NULL && NetHost_catchSignals(h)) {
            while (NetHost_step(h, -1)) {
                ServerHost_seekTaken(&sh, h, place);
                if (sh.game.met && !sh.begun) { /* the lobby lists it as a game now */
                    ServerHost_removeAbout(place);
                    sh.begun = true;
                }
                ServerHost_check(&sh, h);
            }
            ServerHost_check(&sh, h); /* ended and left in the same round */
            status = 0;
        }
        NetHost_free(h);
        HostGame_free(&sh.game);
    }
    ServerHost_removeAbout(place);
    NetPlace_remove(place, lockfd);
    _exit(status);
}
