/* A game in play and the link its moves take: at this terminal (every move
 * goes through Session_move here) or at a game host elsewhere (moves go to
 * the host and are played when it sends them back; replica.h). The screens
 * and the command table act on the game only through these functions, so
 * that they never ask which link it is. */
#ifndef ZANZIBAR_MATCH_MATCH_H
#define ZANZIBAR_MATCH_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/movegen.h"
#include "session/session.h"

struct Replica;

typedef struct {
    GameSession *s;         /* the game in play: the match's own */
    struct Replica *remote; /* NULL: a game at this terminal */
} Match;

/* A match at this terminal with a session of its own, made here and freed
 * by Match_destroy (which leaves an attached replica to whoever made it). */
void Match_create(Match *m);
void Match_destroy(Match *m);
/* The game in play, to read through the Session_ accessors; it changes
 * only through the functions below. */
const GameSession *Match_session(const Match *m);
/* Links m to a host's game: the replica is built from the host's first
 * snapshot; false with err when that is not a game this program knows. */
bool Match_attach(Match *m, struct Replica *r, char *err, size_t errlen);
bool Match_remote(const Match *m);

/* The player here makes a move: played through Session_move here (false,
 * with the session's notice, when it refuses), or sent to the host, which
 * sends it back when it is played. */
bool Match_move(Match *m, Move mv);
/* A move in text; false with the session's notice when refused. */
bool Match_moveText(Match *m, const char *text);
/* Why the player here may not move now (false, with why), else true. */
bool Match_mayMove(const Match *m, char *why, size_t len);
void Match_resign(Match *m);
void Match_request(Match *m, RequestKind kind);
/* Whether the pending request waits for the player here, and the answer. */
bool Match_asked(const Match *m);
bool Match_answer(Match *m, bool accept);
/* Only between terminals: claiming an absent player's game, and chat. */
void Match_claim(Match *m);
/* Only between terminals: calling the game off before both sides moved. */
void Match_abort(Match *m);
/* Only between terminals, in a Zanzibar game whose Black arranges the
 * pieces on joining: the colour yet to arrange them (-1: none); whether
 * the host still waits for the player here to arrange them (false once
 * the game is aborted or over, or the link to the host is gone); whether
 * the player here should be shown the board to do it now (true once, or
 * again after Match_offerArrangement); and the arrangement chosen here, a
 * setup's number. */
int Match_arranging(const Match *m);
bool Match_awaitsArrangement(const Match *m);
bool Match_arrangeDue(Match *m);
void Match_offerArrangement(Match *m);
void Match_arrange(Match *m, int setup);
void Match_say(Match *m, const char *text);

/* Moves the game on: the engine and the clocks here, or the host's
 * messages; true when something visible changed. */
bool Match_tick(Match *m, int64_t now_ms);
/* The descriptors to poll besides the keyboard: the engine's (readable
 * when a search has finished) and the host's socket; -1 when none. */
int Match_engineFd(const Match *m);
int Match_linkFd(const Match *m);
/* The poll() events for Match_linkFd (POLLOUT too while messages wait to
 * be sent), and whether the host's messages are left over from the last
 * tick, so that the loop must not sleep. */
short Match_linkEvents(const Match *m);
bool Match_busy(const Match *m);
/* Keeps the game on disk: here after every change; a host keeps its own. */
void Match_keepSaved(Match *m);
/* Before the game here is replaced: an unfinished one is kept among the
 * saved games (Session_keepUnfinished); a host keeps a game between
 * terminals itself, so that is true at once. */
bool Match_keepUnfinished(Match *m);
/* The player leaves: the game here is saved for resuming; a game between
 * terminals says goodbye to its host, which goes on without this screen. */
void Match_end(Match *m);

/* The game at this terminal: a new one, a loaded one (with its file's
 * tags: Session_adoptRecord), the saved one taken up again (false with
 * err), and the settings the menu and the command line choose (Session_
 * functions of the same names). */
bool Match_begin(Match *m, const Position *start);
void Match_adopt(Match *m, Game *g, const PgnHeader *tags);
bool Match_resume(Match *m, char *err, size_t errlen);
bool Match_resumeApart(Match *m, const char *path, char *err, size_t errlen);
void Match_choosePlayers(Match *m, SeatKind white, SeatKind black, int level);
void Match_setClock(Match *m, int base_ms, int inc_ms);
bool Match_setLevel(Match *m, int level);
/* What the player here asks of the game at this terminal: the command
 * table offers these only there. */
bool Match_undo(Match *m);
bool Match_redo(Match *m);
void Match_hint(Match *m);
void Match_moveNow(Match *m);
/* Turns the board round; the flip is kept with the game. */
void Match_flip(Match *m);
/* A number from the session's seed (the engine's setups and placements),
 * and a fixed seed for tests. */
uint64_t Match_random(Match *m);
void Match_setSeed(Match *m, uint64_t seed);
/* The state file (Session_setStateFileForeign, Session_saveApart,
 * Session_setAside). */
void Match_setStateFileForeign(Match *m, bool foreign);
void Match_saveApart(Match *m);
bool Match_setAside(Match *m);

/* Who sits where: the side played here (-1 for a spectator), the players'
 * names between terminals (NULL at this terminal), whether each is
 * connected, and the option that brings the other one in. */
int Match_localSide(const Match *m);
const char *Match_name(const Match *m, int side);
bool Match_connected(const Match *m, int side);
const char *Match_otherOption(const Match *m);
/* The chat between terminals kept so far, 0 the oldest (none here). */
int Match_chatCount(const Match *m);
const char *Match_chatLine(const Match *m, int i);

#endif
