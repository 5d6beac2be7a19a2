/* The host link of a Match (internal.h): what the player does goes to a
 * game host elsewhere through the replica (replica.h), which alone changes
 * the session, as the host's messages say; nothing is kept here. */
#include "match/match.h"

#include "core/error.h"
#include "core/notation.h"
#include "match/internal.h"
#include "match/replica.h"

static unsigned MatchHost_offers(const Match *m)
{
    unsigned now = MATCH_NAMED | MATCH_ASK | MATCH_CHAT | MATCH_HOST | MATCH_ARRANGE;
    /* the engine does not help a player in play, nor, where the engines
     * say so (the public server: lichess's rule), anyone else */
    bool spectator = Replica_side(m->remote) < 0 && (m->slots == NULL || m->slots->live_games);
    if (spectator || Game_over(Session_game(m->s)))
        now |= MATCH_ANALYSIS;
    return now;
}

/* Played when the host sends it back. */
static bool MatchHost_move(Match *m, Move mv)
{
    Replica_move(m->remote, mv);
    return true;
}

static bool MatchHost_moveText(Match *m, const char *text)
{
    char err[ERROR_MAX];
    Move mv;
    if (!Notation_parse(Session_position(m->s), text, &mv, err, sizeof err)) {
        Session_error(m->s, "%s: %s", text, err);
        return false;
    }
    return MatchHost_move(m, mv);
}

static bool MatchHost_mayPlay(const Match *m, char *why, size_t len)
{
    if (Replica_side(m->remote) < 0)
        return Error_set(why, len, "you are watching this game: only its players move");
    if (Session_adjourned(m->s))
        return Error_set(why, len, "the game is adjourned");
    return true;
}

static void MatchHost_resign(Match *m)
{
    Replica_resign(m->remote);
}

static void MatchHost_request(Match *m, RequestKind kind)
{
    Replica_request(m->remote, kind);
}

static bool MatchHost_asked(const Match *m)
{
    int side = Session_askedSide(m->s);
    return side >= 0 && side == Replica_side(m->remote);
}

static bool MatchHost_answer(Match *m, bool accept)
{
    if (!MatchHost_asked(m))
        return false;
    Replica_answer(m->remote, accept);
    Session_setPending(m->s, REQUEST_NONE, WHITE); /* until the host says what came of it */
    return true;
}

/* The host runs the clocks and decides the results. */
static bool MatchHost_tick(Match *m, int64_t now_ms)
{
    (void)now_ms;
    return Replica_pump(m->remote);
}

static int MatchHost_engineFd(const Match *m)
{
    (void)m;
    return -1;
}

static int MatchHost_linkFd(const Match *m)
{
    return Replica_fd(m->remote);
}

static short MatchHost_linkEvents(const Match *m)
{
    return Replica_events(m->remote);
}

static bool MatchHost_busy(const Match *m)
{
    return Replica_busy(m->remote);
}

/* A game between terminals is kept by its host (and, as it ends or is
 * adjourned, among the player's saved games by the replica). */
static void MatchHost_keepNothing(Match *m)
{
    (void)m;
}

static bool MatchHost_keptByHost(Match *m)
{
    (void)m;
    return true;
}

/* The host goes on without this screen. */
static void MatchHost_end(Match *m)
{
    Replica_leave(m->remote);
}

static void MatchHost_release(Match *m)
{
    Replica_free(m->remote);
    m->remote = NULL;
}

static int MatchHost_localSide(const Match *m)
{
    return Replica_side(m->remote);
}

static const char *MatchHost_name(const Match *m, int side)
{
    return Replica_name(m->remote, side);
}

static bool MatchHost_connected(const Match *m, int side)
{
    return Replica_connected(m->remote, side);
}

static const char *MatchHost_otherOption(const Match *m)
{
    return Replica_otherOption(m->remote);
}

static void MatchHost_say(Match *m, const char *text)
{
    Replica_say(m->remote, text);
}

static int MatchHost_chatCount(const Match *m)
{
    return Replica_chatCount(m->remote);
}

static const char *MatchHost_chatLine(const Match *m, int i)
{
    return Replica_chatLine(m->remote, i);
}

static void MatchHost_claim(Match *m)
{
    Replica_claim(m->remote);
}

static void MatchHost_deadline(const Match *m, int64_t now_ms, MatchDeadline *out)
{
    static const MatchDeadlineKind kinds[] = {[NET_DEADLINE_NONE] = MATCH_DEADLINE_NONE,
                                              [NET_DEADLINE_FIRST_MOVE] = MATCH_DEADLINE_FIRST_MOVE,
                                              [NET_DEADLINE_CLAIM] = MATCH_DEADLINE_CLAIM};
    out->kind = kinds[Replica_deadline(m->remote, now_ms, &out->colour, &out->left_ms)];
}

static void MatchHost_abort(Match *m)
{
    Replica_abort(m->remote);
}

static int MatchHost_arranging(const Match *m)
{
    return Replica_arranging(m->remote);
}

static bool MatchHost_awaitsArrangement(const Match *m)
{
    return Replica_awaitsArrangement(m->remote);
}

static bool MatchHost_arrangeDue(Match *m)
{
    return Replica_arrangeDue(m->remote);
}

static void MatchHost_offerArrangement(Match *m)
{
    Replica_offerArrangement(m->remote);
}

static void MatchHost_arrange(Match *m, int setup)
{
    Replica_arrange(m->remote, setup);
}

static const MatchLink MATCH_LINK_HOST = {
    .offers = MatchHost_offers,
    .elsewhere = "a game at this terminal, not between terminals",
    .move = MatchHost_move,
    .moveText = MatchHost_moveText,
    .mayPlay = MatchHost_mayPlay,
    .resign = MatchHost_resign,
    .request = MatchHost_request,
    .asked = MatchHost_asked,
    .answer = MatchHost_answer,
    .tick = MatchHost_tick,
    .engineFd = MatchHost_engineFd,
    .linkFd = MatchHost_linkFd,
    .linkEvents = MatchHost_linkEvents,
    .busy = MatchHost_busy,
    .keepSaved = MatchHost_keepNothing,
    .keepNow = MatchHost_keepNothing,
    .keepUnfinished = MatchHost_keptByHost,
    .end = MatchHost_end,
    .release = MatchHost_release,
    .localSide = MatchHost_localSide,
    .name = MatchHost_name,
    .connected = MatchHost_connected,
    .otherOption = MatchHost_otherOption,
    .say = MatchHost_say,
    .chatCount = MatchHost_chatCount,
    .chatLine = MatchHost_chatLine,
    .claim = MatchHost_claim,
    .abort = MatchHost_abort,
    .deadline = MatchHost_deadline,
    .arranging = MatchHost_arranging,
    .awaitsArrangement = MatchHost_awaitsArrangement,
    .arrangeDue = MatchHost_arrangeDue,
    .offerArrangement = MatchHost_offerArrangement,
    .arrange = MatchHost_arrange,
};

bool Match_attach(Match *m, MatchJoined *joined, char *err, size_t errlen)
{
    Replica *r = Replica_new(m->s, joined, err, errlen);
    if (r == NULL)
        return false;
    m->link->release(m);
    m->remote = r;
    m->link = &MATCH_LINK_HOST;
    return true;
}
