/* A game's whole state as messages (see snapshot.h): sent in a fixed
 * order so that a reader can tell a complete snapshot from a cut one. */
#include "net/snapshot.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

void NetSnapshot_init(NetSnapshot *s)
{
    memset(s, 0, sizeof *s);
}

void NetSnapshot_free(NetSnapshot *s)
{
    free(s->moves);
    free(s->clocks);
    NetSnapshot_init(s);
}

static bool Snapshot_grow(NetSnapshot *s)
{
    int cap = s->capacity ? 2 * s->capacity : 64;
    void *moves = realloc(s->moves, (size_t)cap * sizeof *s->moves);
    if (moves != NULL)
        s->moves = moves;
    void *clocks = moves != NULL ? realloc(s->clocks, (size_t)cap * sizeof *s->clocks) : NULL;
    if (clocks == NULL)
        return false;
    s->clocks = clocks;
    s->capacity = cap;
    return true;
}

bool NetSnapshot_addMove(NetSnapshot *s, const char *text, int clock_ms)
{
    size_t n = strlen(text);
    if (!NetMsg_isMoveText(text, n) || s->nplies >= NET_PLY_MAX)
        return false;
    if (s->nplies == s->capacity && !Snapshot_grow(s))
        return false;
    s->clocks[s->nplies] = clock_ms < 0 ? -1 : clock_ms;
    memcpy(s->moves[s->nplies++], text, n + 1);
    return true;
}

static bool Snapshot_emitMoves(const NetSnapshot *s, bool (*send)(void *, const NetMsg *),
                               void *ctx, NetMsg *m)
{
    for (int first = 0; first < s->nplies; first += m->nmoves) {
        NetMsg_init(m, NET_MSG_MOVES);
        m->ply = first;
        /* a chunk stops at the count or where the line would be too long */
        size_t len = 20;
        while (m->nmoves < NET_MOVES_PER_LINE && first + m->nmoves < s->nplies) {
            const char *t = s->moves[first + m->nmoves];
            if (len + strlen(t) + 1 >= NET_LINE_MAX)
                break;
            len += strlen(t) + 1;
            strcpy(m->moves[m->nmoves++], t);
        }
        if (!send(ctx, m))
            return false;
    }
    return true;
}

static bool Snapshot_emitClocks(const NetSnapshot *s, bool (*send)(void *, const NetMsg *),
                                void *ctx, NetMsg *m)
{
    for (int first = 0; first < s->nplies; first += m->nclocks) {
        NetMsg_init(m, NET_MSG_CLOCKS);
        m->ply = first;
        for (int i = first; i < s->nplies && m->nclocks < NET_MOVES_PER_LINE; i++)
            m->clocks[m->nclocks++] = s->clocks[i];
        if (!send(ctx, m))
            return false;
    }
    return true;
}

static bool Snapshot_emitSeats(const NetSnapshot *s, bool (*send)(void *, const NetMsg *),
                               void *ctx, NetMsg *m)
{
    for (int i = 0; i < 2; i++) {
        NetMsg_init(m, NET_MSG_SEAT);
        m->side = i == 0 ? NET_SIDE_WHITE : NET_SIDE_BLACK;
        m->connected = s->seat[i].connected;
        strcpy(m->name, s->seat[i].name[0] ? s->seat[i].name : "?");
        if (!send(ctx, m))
            return false;
    }
    if (s->pending != NET_REQ_NONE) {
        NetMsg_init(m, NET_MSG_PENDING);
        m->request = s->pending;
        m->side = s->pending_from;
        if (!send(ctx, m))
            return false;
    }
    if (s->arranging != NET_SIDE_NONE) {
        NetMsg_init(m, NET_MSG_ARRANGE);
        m->side = s->arranging;
        if (!send(ctx, m))
            return false;
    }
    if (s->deadline != NET_DEADLINE_NONE) {
        NetMsg_init(m, NET_MSG_DEADLINE);
        m->deadline = s->deadline;
        m->side = s->deadline_side;
        m->due_ms = s->deadline_ms;
        if (!send(ctx, m))
            return false;
    }
    return true;
}

bool NetSnapshot_emit(const NetSnapshot *s, bool (*send)(void *ctx, const NetMsg *m), void *ctx)
{
    NetMsg *m = malloc(sizeof *m);
    if (m == NULL)
        return false;
    bool ok = true;
    NetMsg_init(m, NET_MSG_SNAPSHOT);
    m->ply = s->nplies;
    ok = ok && send(ctx, m);
    NetMsg_init(m, NET_MSG_GAME);
    strcpy(m->word, s->variant);
    m->base_ms = s->base_ms;
    m->inc_ms = s->inc_ms;
    m->private_game = s->private_game;
    ok = ok && send(ctx, m);
    NetMsg_init(m, NET_MSG_START);
    strcpy(m->fen, s->start_fen);
    ok = ok && send(ctx, m) && Snapshot_emitMoves(s, send, ctx, m)
        && Snapshot_emitClocks(s, send, ctx, m);
    NetMsg_init(m, NET_MSG_CLOCK);
    m->white_ms = s->white_ms;
    m->black_ms = s->black_ms;
    m->side = s->running;
    ok = ok && send(ctx, m) && Snapshot_emitSeats(s, send, ctx, m);
    if (ok && s->result[0] != '\0') {
        NetMsg_init(m, NET_MSG_RESULT);
        strcpy(m->word, s->result);
        m->reason = s->reason;
        strcpy(m->text, s->result_text);
        ok = send(ctx, m);
    }
    NetMsg_init(m, NET_MSG_READY);
    ok = ok && send(ctx, m);
    free(m);
    return ok;
}

static NetSnapStatus Snapshot_bad(char *err, size_t errlen, const char *what, int a, int b)
{
    Error_set(err, errlen, what, a, b);
    return NET_SNAP_BAD;
}

static NetSnapStatus Snapshot_feedMoves(NetSnapshot *s, const NetMsg *m, char *err, size_t errlen)
{
    if (m->ply != s->nplies)
        return Snapshot_bad(err, errlen, "snapshot: moves from ply %d where ply %d was due", m->ply,
                            s->nplies);
    if (s->nplies + m->nmoves > s->expected_plies)
        return Snapshot_bad(err, errlen, "snapshot: more than the %d moves announced%.0d",
                            s->expected_plies, 0);
    for (int i = 0; i < m->nmoves; i++)
        if (!NetSnapshot_addMove(s, m->moves[i], -1))
            return Snapshot_bad(err, errlen, "snapshot: no room for move %d%.0d", s->nplies, 0);
    return NET_SNAP_MORE;
}

/* The clocks come after all the moves, in order. */
static NetSnapStatus Snapshot_feedClocks(NetSnapshot *s, const NetMsg *m, char *err, size_t errlen)
{
    if (m->ply != s->nclocked)
        return Snapshot_bad(err, errlen, "snapshot: clocks from ply %d where ply %d was due",
                            m->ply, s->nclocked);
    if (s->nplies != s->expected_plies || s->nclocked + m->nclocks > s->nplies)
        return Snapshot_bad(err, errlen, "snapshot: clocks for moves it has not had (%d of %d)",
                            s->nclocked + m->nclocks, s->nplies);
    for (int i = 0; i < m->nclocks; i++)
        s->clocks[s->nclocked++] = m->clocks[i];
    return NET_SNAP_MORE;
}

static NetSnapStatus Snapshot_feedPart(NetSnapshot *s, const NetMsg *m, char *err, size_t errlen)
{
    int side = m->side == NET_SIDE_BLACK;
    switch (m->type) {
        case NET_MSG_GAME:
            strcpy(s->variant, m->word);
            s->base_ms = m->base_ms;
            s->inc_ms = m->inc_ms;
            s->private_game = m->private_game;
            s->have_game = true;
            return NET_SNAP_MORE;
        case NET_MSG_START:
            strcpy(s->start_fen, m->fen);
            s->have_start = true;
            return NET_SNAP_MORE;
        case NET_MSG_MOVES: return Snapshot_feedMoves(s, m, err, errlen);
        case NET_MSG_CLOCKS: return Snapshot_feedClocks(s, m, err, errlen);
        case NET_MSG_CLOCK:
            s->white_ms = m->white_ms, s->black_ms = m->black_ms, s->running = m->side;
            return NET_SNAP_MORE;
        case NET_MSG_SEAT:
            strcpy(s->seat[side].name, m->name);
            s->seat[side].connected = m->connected;
            return NET_SNAP_MORE;
        case NET_MSG_PENDING:
            s->pending = m->request, s->pending_from = m->side;
            return NET_SNAP_MORE;
        case NET_MSG_ARRANGE: s->arranging = m->side; return NET_SNAP_MORE;
        case NET_MSG_DEADLINE:
            s->deadline = m->deadline, s->deadline_side = m->side, s->deadline_ms = m->due_ms;
            return NET_SNAP_MORE;
        case NET_MSG_RESULT:
            strcpy(s->result, m->word);
            s->reason = m->reason;
            strcpy(s->result_text, m->text);
            return NET_SNAP_MORE;
        default:
            Error_set(err, errlen, "snapshot: '%s' cannot come inside a snapshot",
                      NetMsg_keyword(m->type));
            return NET_SNAP_BAD;
    }
}

NetSnapStatus NetSnapshot_feed(NetSnapshot *s, const NetMsg *m, char *err, size_t errlen)
{
    if (m->type == NET_MSG_SNAPSHOT) {
        NetSnapshot_free(s);
        s->reading = true;
        s->expected_plies = m->ply;
        return NET_SNAP_MORE;
    }
    if (!s->reading)
        return Snapshot_bad(err, errlen, "snapshot: a part came before 'snapshot'%.0d%.0d", 0, 0);
    if (m->type != NET_MSG_READY)
        return Snapshot_feedPart(s, m, err, errlen);
    if (!s->have_game || !s->have_start)
        return Snapshot_bad(err, errlen, "snapshot: 'ready' before the game and its start%.0d%.0d",
                            0, 0);
    if (s->nplies != s->expected_plies)
        return Snapshot_bad(err, errlen, "snapshot: 'ready' after %d of %d moves", s->nplies,
                            s->expected_plies);
    if (s->nclocked != s->nplies)
        return Snapshot_bad(err, errlen, "snapshot: 'ready' after the clocks of %d of %d moves",
                            s->nclocked, s->nplies);
    s->reading = false;
    return NET_SNAP_DONE;
}
