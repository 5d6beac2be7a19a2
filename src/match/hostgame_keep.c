/* The record a game host keeps of its game (see hostgame.h): where it
 * lives, what of the session goes in it before any change is announced,
 * and the archive that takes a finished game before the record goes. */
#include "match/hostgame.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "match/hostgame_internal.h"
#include "record/paths.h"

#define HOSTGAME_FILE_PREFIX "net-"
#define HOSTGAME_FILE_SUFFIX ".pgn"

bool HostGame_savePath(const char *guest, char *path, size_t len, char *err, size_t errlen)
{
    char name[NET_NAME_MAX + 16];
    snprintf(name, sizeof name, HOSTGAME_FILE_PREFIX "%s" HOSTGAME_FILE_SUFFIX, guest);
    return Paths_file(PATHS_STATE, name, path, len, err, errlen);
}

/* What the record of the game with the guest named in out says. */
static void HostGame_peek(HostGameLeft *out)
{
    char path[PATHS_MAX], err[ERROR_MAX];
    HostRecordState state = HOSTRECORD_ADJOURNED;
    snprintf(out->result, sizeof out->result, "*");
    if (HostGame_savePath(out->guest, path, sizeof path, err, sizeof err))
        HostRecord_peek(path, &state, out->result, sizeof out->result);
    out->over = state == HOSTRECORD_OVER;
}

int HostGame_left(HostGameLeft *out, int max)
{
    char dir[PATHS_MAX], err[ERROR_MAX];
    size_t pre = strlen(HOSTGAME_FILE_PREFIX), post = strlen(HOSTGAME_FILE_SUFFIX);
    int n = 0;
    DIR *d = Paths_dir(PATHS_STATE, dir, sizeof dir, err, sizeof err) ? opendir(dir) : NULL;
    for (struct dirent *e; d != NULL && n < max && (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len <= pre + post || len - pre - post >= NET_NAME_MAX
            || strncmp(e->d_name, HOSTGAME_FILE_PREFIX, pre) != 0
            || strcmp(e->d_name + len - post, HOSTGAME_FILE_SUFFIX) != 0)
            continue;
        snprintf(out[n].guest, NET_NAME_MAX, "%.*s", (int)(len - pre - post), e->d_name + pre);
        HostGame_peek(&out[n++]);
    }
    if (d != NULL)
        closedir(d);
    return n;
}

static HostRecordState HostGame_state(const HostGame *g)
{
    return Game_over(Session_game(g->s)) ? HOSTRECORD_OVER
        : Session_adjourned(g->s)        ? HOSTRECORD_ADJOURNED
                                         : HOSTRECORD_PLAYING;
}

/* The record's fields that the session holds, as they stand now. */
static void HostGame_fillRecord(HostGame *g)
{
    const GameSession *s = g->s;
    int64_t now = Session_nowMs();
    bool clocks = Session_timeControl(s, &g->rec.base_ms, &g->rec.inc_ms);
    if (!clocks)
        g->rec.base_ms = g->rec.inc_ms = 0;
    for (int c = WHITE; c <= BLACK; c++)
        g->rec.left_ms[c] = clocks ? Session_clockLeft(s, c, now) : 0;
    g->rec.state = HostGame_state(g);
    Request r = Session_pending(s);
    g->rec.pending = HostGame_request(r.kind);
    g->rec.pending_from = r.kind == REQUEST_NONE ? NET_SIDE_NONE : HostGame_side(r.from);
}

bool HostGame_save(HostGame *g, const ChatLog *held, char *err, size_t errlen)
{
    const GameSession *s = g->s;
    if (g->save_path[0] == '\0' || g->archived)
        return true;
    if (Session_aborted(s) || (Session_game(s)->nmoves == 0 && HostGame_over(g))) {
        /* nothing to keep: an aborted game counts for nobody, and a game
           left before its first move is no game */
        if (unlink(g->save_path) != 0 && access(g->save_path, F_OK) == 0)
            return Error_set(err, errlen, "cannot remove %s", g->save_path);
        return true;
    }
    HostGame_fillRecord(g);
    g->unsynced = true;
    return HostRecord_write(g->save_path, Session_game(s), &g->rec, held, err, errlen);
}

/* The end of a game in one step: its record says it is over (written
 * before the result was announced), the archive takes it, and only then
 * does the record go. When the archive cannot take it yet, the record
 * stays and the host tries again (HOSTGAME_RETRY_MS), staying up. */
void HostGame_settle(HostGame *g, NetHost *h)
{
    if (Session_aborted(g->s))
        g->archived = true; /* kept by nobody: there is nothing to archive */
    if (g->archived || !Game_over(Session_game(g->s)))
        return;
    int64_t now = Session_nowMs();
    HostGame_fillRecord(g);
    if (Session_game(g->s)->nmoves > 0
        && !g->archive(g->archive_ctx, h, Session_game(g->s), &g->rec)) {
        g->archive_due = now + HOSTGAME_RETRY_MS;
        return;
    }
    g->archived = true;
    g->archive_due = -1;
    if (g->save_path[0] != '\0')
        unlink(g->save_path);
}
