/* Games between terminals from the command line (see netcmd.h). The host
 * is forked before the screen starts any thread, and every refusal is
 * said on stderr before the terminal is taken over. */
#include "cli/netcmd.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/fen.h"
#include "core/setup.h"
#include "core/timecontrol.h"
#include "match/hostgame.h"
#include "net/daemon.h"
#include "net/lobby.h"
#include "net/peer.h"
#include "net/place.h"
#include "record/record.h"

#define JOIN_MS 5000
#define LIST_MS 1000 /* --list's wait for every host's answer, in all */
#define ERR_MAX 600

static bool NetCmd_startPosition(const Options *o, Position *pos, char *err, size_t errlen)
{
    const Variant *v = o->variant != NULL ? o->variant : Variant_get(VARIANT_ZANZIBAR_S);
    if (o->fen != NULL)
        return Fen_read(pos, v, o->fen, err, errlen);
    if (!(v->rules & VR_CHOSEN_SETUP)) {
        Setup_start(pos, v);
        return true;
    }
    if (o->setup == SETUP_BY_BLACK) { /* the standard array until Black arranges it */
        Setup_start(pos, v);
        return true;
    }
    int n = o->setup > 0           ? o->setup
        : o->setup == SETUP_RANDOM ? Setup_random(v, (uint64_t)time(NULL) ^ (uint64_t)getpid())
                                   : Setup_default(v);
    return Setup_position(pos, v, n) || Error_set(err, errlen, "%s has no setup %d", v->name, n);
}

/* The game this pair's record holds, kept by an earlier host: all that
 * defines it comes from the record, nothing from the options. */
static bool NetCmd_loadSaved(NetHostSpec *h, char *err, size_t errlen)
{
    Setup_start(&h->start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&h->saved, &h->start);
    if (!HostRecord_read(h->save_path, &h->saved, &h->rec, &h->held, err, errlen)) {
        Game_free(&h->saved);
        return false;
    }
    h->start = h->saved.start;
    h->inviter_side = h->rec.inviter_side;
    h->base_ms = h->rec.base_ms;
    h->inc_ms = h->rec.inc_ms;
    h->rated = h->rec.rated;
    h->from_record = true;
    h->resume = true;
    return true;
}

/* A game from a file offered with --invite --load, to be played on from
 * where it stands: its TimeControl (else the options' clock) and each
 * side's last [%clk] (else the whole base). */
static bool NetCmd_loadOffered(const Options *o, NetHostSpec *h, char *err, size_t errlen)
{
    PgnHeader tags;
    Setup_start(&h->start, Variant_get(VARIANT_ZANZIBAR_S));
    Game_init(&h->saved, &h->start);
    if (!Record_loadPgnTags(&h->saved, &tags, o->load_file, 0, err, errlen)) {
        Game_free(&h->saved);
        return false;
    }
    if (Game_over(&h->saved)) {
        Game_free(&h->saved);
        return Error_set(err, errlen, "%s: that game is over: there is nothing to play on",
                         o->load_file);
    }
    h->start = h->saved.start;
    h->inviter_side = o->as_black ? NET_SIDE_BLACK : NET_SIDE_WHITE;
    if (!TimeControl_readPgn(PgnHeader_get(&tags, "TimeControl"), &h->base_ms, &h->inc_ms)) {
        h->base_ms = o->time_base_ms;
        h->inc_ms = o->time_inc_ms;
    }
    for (int side = WHITE; side <= BLACK; side++) {
        int last = Game_lastClock(&h->saved, side);
        h->rec.left_ms[side] = last >= 0 ? last : h->base_ms;
    }
    HostRecord_newKey(h->rec.key);
    h->resume = true;
    return true;
}

/* The options given that would change the game a record holds, or "". */
static void NetCmd_changes(const Options *o, const NetHostSpec *h, char *out, size_t len)
{
    const char *words[5];
    int n = 0;
    if (o->variant != NULL && o->variant != h->start.v)
        words[n++] = "--variant";
    if ((o->time_base_ms != 0 || o->time_inc_ms != 0)
        && (o->time_base_ms != h->base_ms || o->time_inc_ms != h->inc_ms))
        words[n++] = "--time";
    if (o->as_black && h->inviter_side != NET_SIDE_BLACK)
        words[n++] = "--as-black";
    if (o->setup != 0)
        words[n++] = "--setup";
    if (o->fen != NULL)
        words[n++] = "--fen";
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        size_t used = strlen(out);
        snprintf(out + used, len - used, "%s%s", i ? (i + 1 < n ? ", " : " and ") : "", words[i]);
    }
}

bool NetCmd_refuseChange(const NetHostSpec *h, const char *changes, const char *guest, bool server,
                         char *err, size_t errlen)
{
    char clock[48];
    if (h->base_ms > 0)
        TimeControl_write(h->base_ms, h->inc_ms, clock, sizeof clock);
    else
        snprintf(clock, sizeof clock, "no clock");
    return Error_set(err, errlen,
                     "you have an adjourned game with %s (%s, %s%s, %d moves played), which %s "
                     "would change: %sinvite %s alone resumes it as it was; add --new to set it "
                     "aside among your saved games and start the game asked for",
                     guest, h->start.v->title, clock,
                     !server        ? ""
                         : h->rated ? ", rated"
                                    : ", casual",
                     h->saved.nmoves, changes, server ? "" : "zanzibar --", guest);
}

bool NetCmd_hostSpec(const Options *o, const char *save_path, NetHostSpec *h, char *err,
                     size_t errlen)
{
    memset(h, 0, sizeof *h);
    if (!HostGame_graceFromEnv(&h->grace_ms, err, errlen)
        || !HostGame_firstMoveFromEnv(&h->first_move_ms, err, errlen))
        return false;
    snprintf(h->save_path, sizeof h->save_path, "%s", save_path);
    h->private_game = o->private_game;
    bool adjourned = access(h->save_path, F_OK) == 0;
    if (adjourned && o->load_file != NULL && !o->new_game)
        return Error_set(err, errlen,
                         "you have an adjourned game with this player: leave out --load to resume "
                         "it first, or add --new to set it aside");
    if (adjourned && !o->new_game)
        return NetCmd_loadSaved(h, err, errlen);
    if (o->load_file != NULL)
        return NetCmd_loadOffered(o, h, err, errlen);
    h->inviter_side = o->as_black ? NET_SIDE_BLACK : NET_SIDE_WHITE;
    h->base_ms = o->time_base_ms;
    h->inc_ms = o->time_inc_ms;
    h->black_arranges = o->setup == SETUP_BY_BLACK;
    return NetCmd_startPosition(o, &h->start, err, errlen);
}

void NetCmd_freeSpec(NetHostSpec *h)
{
    if (h->resume)
        Game_free(&h->saved);
    h->resume = false;
}

bool NetCmd_hostGame(HostGame *game, NetHostSpec *spec, const char *inviter, const char *guest)
{
    if (!HostGame_init(game, &spec->start, spec->base_ms, spec->inc_ms))
        return false;
    game->grace_ms = spec->grace_ms;
    game->first_move_ms = spec->first_move_ms;
    if (spec->black_arranges && (spec->start.v->rules & VR_CHOSEN_SETUP))
        game->arranging = NET_SIDE_BLACK;
    if (!spec->from_record)
        spec->rec.rated = spec->rated;
    if (spec->resume)
        HostGame_resume(game, &spec->saved, &spec->rec);
    spec->resume = false; /* the game owns the moves now */
    HostGame_setRated(game, spec->rated);
    HostGame_setPlayers(game, spec->inviter_side, inviter, guest);
    snprintf(game->save_path, sizeof game->save_path, "%s", spec->save_path);
    char err[ERROR_MAX];
    if (!HostGame_save(game, &spec->held, err, sizeof err)) /* the record from the start */
        fprintf(stderr, "zanzibar: %s\n", err);
    return true;
}

/* Adds a sentence to what the player is told on the game's screen. */
static void NetCmd_note(char *note, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void NetCmd_note(char *note, size_t len, const char *fmt, ...)
{
    size_t used = strlen(note);
    if (used > 0 && used + 2 < len) {
        strcpy(note + used, "; ");
        used += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(note + used, len - used, fmt, ap);
    va_end(ap);
}

bool NetCmd_checkRecord(const Options *o, const char *guest, bool server, NetHostSpec *h, char *err,
                        size_t errlen)
{
    char changes[96], kept[PATHS_MAX];
    if (o->new_game && access(h->save_path, F_OK) == 0) {
        if (!HostRecord_setAside(h->save_path, kept, sizeof kept, err, errlen))
            return false;
        NetCmd_note(h->note, sizeof h->note, "your adjourned game with %s is set aside as %s",
                    guest, kept);
        return true;
    }
    if (!h->from_record)
        return true;
    NetCmd_changes(o, h, changes, sizeof changes);
    return changes[0] == '\0' || NetCmd_refuseChange(h, changes, guest, server, err, errlen);
}

/* A finished game whose host ended before it was kept (killed, say),
 * kept now among the saved games (HostRecordArchive); where, in ctx
 * (PATHS_MAX bytes). */
static bool NetCmd_keepHere(void *ctx, const Game *g, const HostRecordInfo *info, char *err,
                            size_t errlen)
{
    return HostRecord_archiveLocal(g, info, ctx, PATHS_MAX, err, errlen);
}

/* The guest's adjourned game with this account, or a new one. */
static bool NetCmd_spec(const Options *o, const char *guest, NetHostSpec *h, char *err,
                        size_t errlen)
{
    char path[PATHS_MAX], kept[PATHS_MAX] = "";
    if (!HostGame_savePath(guest, path, sizeof path, err, errlen))
        return false;
    if (!HostRecord_settle(path, NetCmd_keepHere, kept, err, errlen)
        || !NetCmd_hostSpec(o, path, h, err, errlen))
        return false;
    if (kept[0] != '\0')
        NetCmd_note(h->note, sizeof h->note, "your last game with %s had ended: it is kept as %s",
                    guest, kept);
    if (!NetCmd_checkRecord(o, guest, false, h, err, errlen)) {
        NetCmd_freeSpec(h);
        return false;
    }
    if (h->from_record)
        NetCmd_note(h->note, sizeof h->note, "resumed your adjourned game with %s", guest);
    return true;
}

/* The daemon's life: the host's loop on the game until it ends. */
static void NetCmd_host(const NetPlace *place, int listen_fd, int lockfd, NetHostSpec *spec)
{
    static HostGame game;
    int status = 1;
    if (NetCmd_hostGame(&game, spec, place->inviter_name, place->guest_name)) {
        NetHostConfig cfg = NetHost_defaults();
        cfg.listen_fd = listen_fd;
        cfg.inviter = NetIdentity_ofAccount(place->inviter);
        cfg.guest = NetIdentity_ofAccount(place->guest);
        cfg.inviter_side = spec->inviter_side;
        cfg.private_game = spec->private_game;
        cfg.ops = &HOSTGAME_OPS;
        cfg.game = &game;
        cfg.held = &spec->held;
        NetHost *h = NetHost_new(&cfg);
        if (h != NULL && NetHost_catchSignals(h)) {
            NetHost_run(h);
            status = 0;
        }
        NetHost_free(h);
        HostGame_free(&game);
    }
    NetPlace_remove(place, lockfd);
    _exit(status);
}

static bool NetCmd_invite(const Options *o, NetClient *c, char *note, size_t notelen, char *err,
                          size_t errlen)
{
    uid_t guest;
    NetPlace place;
    NetHostSpec spec;
    if (!NetPlace_uidOf(o->net_user, &guest, err, errlen)
        || !NetPlace_init(&place, NetPlace_baseDir(), getuid(), guest, err, errlen))
        return false;
    if (access(place.sock, F_OK) == 0 /* the host is running: come back to it */
        && NetClient_join(c, &place, NET_WANT_PLAY, JOIN_MS, err, errlen))
        return true;
    if (!NetCmd_spec(o, place.guest_name, &spec, err, errlen))
        return false;
    snprintf(note, notelen, "%s", spec.note);
    int lockfd, listen_fd = NetPlace_listen(&place, &lockfd, err, errlen);
    if (listen_fd < 0) {
        NetCmd_freeSpec(&spec);
        return false;
    }
    int keep[2] = {listen_fd, lockfd};
    pid_t pid = NetDaemon_start(keep, 2, err, errlen);
    if (pid == 0)
        NetCmd_host(&place, listen_fd, lockfd, &spec);
    close(listen_fd);
    close(lockfd);
    NetCmd_freeSpec(&spec);
    return pid > 0 && NetClient_join(c, &place, NET_WANT_PLAY, JOIN_MS, err, errlen);
}

static bool NetCmd_join(const Options *o, NetClient *c, char *err, size_t errlen)
{
    uid_t inviter;
    NetPlace place;
    if (!NetPlace_uidOf(o->net_user, &inviter, err, errlen)
        || !NetPlace_init(&place, NetPlace_baseDir(), inviter, getuid(), err, errlen))
        return false;
    if (access(place.sock, F_OK) != 0)
        return Error_set(err, errlen,
                         "%s has not invited you: no game of theirs with you is "
                         "running (%s starts one with: zanzibar --invite %s)",
                         o->net_user, o->net_user, place.guest_name);
    return NetClient_join(c, &place, NET_WANT_PLAY, JOIN_MS, err, errlen);
}

static bool NetCmd_watch(const Options *o, NetClient *c, char *err, size_t errlen)
{
    uid_t user;
    NetGameRef refs[64];
    if (!NetPlace_uidOf(o->net_user, &user, err, errlen))
        return false;
    int n = NetPlace_list(NetPlace_baseDir(), user, refs, 64);
    for (int i = 0; i < n; i++) {
        NetPlace place;
        if ((refs[i].inviter == user || refs[i].guest == user)
            && NetPlace_init(&place, NetPlace_baseDir(), refs[i].inviter, refs[i].guest, err,
                             errlen))
            return NetClient_join(c, &place, NET_WANT_WATCH, JOIN_MS, err, errlen);
    }
    return Error_set(err, errlen, "%s is not playing a game between terminals now", o->net_user);
}

bool NetCmd_connect(const Options *o, MatchJoined *joined, char *note, size_t notelen, char *err,
                    size_t errlen)
{
    NetClient *c = &joined->client;
    note[0] = '\0';
    snprintf(joined->other, sizeof joined->other, "%s", o->net_user);
    joined->server = false;
    return o->mode == RUN_INVITE ? NetCmd_invite(o, c, note, notelen, err, errlen)
        : o->mode == RUN_JOIN    ? NetCmd_join(o, c, err, errlen)
                                 : NetCmd_watch(o, c, err, errlen);
}

/* ---- --list */

/* A finished game whose host ended before archiving it: shown with its
 * result, and kept now among the saved games, so that it cannot vanish. */
static void NetCmd_listFinished(FILE *out, const HostGameLeft *left)
{
    char path[PATHS_MAX], kept[PATHS_MAX] = "", err[ERROR_MAX];
    fprintf(out, "your game with %s is over (%s)", left->guest, left->result);
    if (HostGame_savePath(left->guest, path, sizeof path, err, sizeof err)
        && HostRecord_settle(path, NetCmd_keepHere, kept, err, sizeof err))
        fprintf(out, ": it is kept as %s\n", kept);
    else
        fprintf(out, ", not kept yet (%s): zanzibar --invite %s keeps it\n", err, left->guest);
}

/* Games left in this account's records that were not listed already:
 * one whose host runs but did not answer in time, adjourned ones, and
 * finished ones not yet kept. */
static int NetCmd_listLeft(FILE *out, const NetLobbyGame *games, int ngames)
{
    HostGameLeft left[NET_LOBBY_MAX];
    int n = HostGame_left(left, NET_LOBBY_MAX), shown = 0;
    for (int i = 0; i < n; i++) {
        if (NetLobby_hasMine(games, ngames, left[i].guest))
            continue;
        if (NetPlace_myGameRunning(left[i].guest))
            fprintf(out,
                    "your game with %s is running, but its host did not answer now "
                    "(zanzibar --invite %s goes back to it)\n",
                    left[i].guest, left[i].guest);
        else if (left[i].over)
            NetCmd_listFinished(out, &left[i]);
        else
            fprintf(out, "your adjourned game with %s (zanzibar --invite %s resumes it)\n",
                    left[i].guest, left[i].guest);
        shown++;
    }
    return shown;
}

int NetCmd_list(FILE *out)
{
    static const char *const HOW[] = {[NET_LOBBY_INVITATION] = "--join",
                                      [NET_LOBBY_MINE] = "--join",
                                      [NET_LOBBY_WATCHABLE] = "--watch"};
    NetLobbyGame games[NET_LOBBY_MAX];
    int n = NetLobby_scan(NetPlace_baseDir(), getuid(), games, NET_LOBBY_MAX, LIST_MS);
    for (int i = 0; i < n; i++) {
        /* the inviter comes back to their own game with --invite */
        fprintf(out, "%s (zanzibar %s %s)\n", games[i].line,
                games[i].invited_by_me ? "--invite" : HOW[games[i].kind], games[i].user);
    }
    n += NetCmd_listLeft(out, games, n);
    if (n == 0)
        fprintf(out, "no games between terminals for you on this machine\n");
    return 0;
}
