/* A game in play and the link its moves take: at this terminal (every move
 * goes through Session_move here) or at a game host elsewhere (moves go to
 * the host and are played when it sends them back; replica.h). A Match is
 * opaque: its fields and its link's ops table live in match/internal.h.
 * The screens act on the game only through these functions and read what
 * it offers (Match_offers), so that they never ask which link it is. */
#ifndef ZANZIBAR_MATCH_MATCH_H
#define ZANZIBAR_MATCH_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/movegen.h"
#include "net/client.h"
#include "session/session.h"

typedef struct Match Match;

/* A game host this terminal has joined (NetClient_join: welcomed, with
 * its first snapshot), for Match_attach to take over. */
typedef struct {
    NetClient client;
    char other[NET_NAME_MAX]; /* the player named to reach the game (--join NAME, join NAME) */
    bool server;              /* a public server's game: it is reached with the gate's verbs */
} MatchJoined;

#define MATCH_CHAT_MAX 200 /* lines of chat kept (Match_chatLine), the oldest dropped first */

/* What a game offers the player here, for the screens and the command
 * table to read instead of asking which link it has. */
enum {
    MATCH_NEW = 1u << 0,      /* another game here: new, load, a FEN set up */
    MATCH_UNDO = 1u << 1,     /* undo and redo, the end of a game undone */
    MATCH_ENGINE = 1u << 2,   /* the engine as a player here: hint, move now, level */
    MATCH_ANALYSIS = 1u << 3, /* the engine may analyse now (not for a player in play) */
    MATCH_NAMED = 1u << 4,    /* the players are accounts, each at their own terminal */
    MATCH_ASK = 1u << 5,      /* a takeback or an adjournment asked of the other player */
    MATCH_CHAT = 1u << 6,     /* say and the chat's history */
    MATCH_HOST = 1u << 7,     /* what a host decides: claim an absent player's game, abort */
    MATCH_ARRANGE = 1u << 8,  /* Black's arrangement of a Zanzibar game, made on joining */
};

/* A match at this terminal with a session of its own; Match_free frees
 * both, and the link to a host that Match_attach made. */
Match *Match_new(void);
void Match_free(Match *m);
/* Every search of the session's engine takes one of slots (session.h). */
void Match_useEngineSlots(Match *m, const EngineSlots *slots);
/* The game in play, to read through the Session_ accessors; it changes
 * only through the functions below. */
const GameSession *Match_session(const Match *m);
/* The same session to change directly, for the owners that drive it
 * outside any screen: XBoard, which hands the sides over at will, and a
 * game host's own end, whose ops answer its players' messages. */
GameSession *Match_drivenSession(Match *m);
/* Links m to the host's game that joined says: m takes joined's client
 * over (leaving it closed, whatever comes of it) and builds its replica of
 * the game from the first snapshot; false with err (m unchanged) when that
 * is not a game this program knows. */
bool Match_attach(Match *m, MatchJoined *joined, char *err, size_t errlen);
/* Whether the game offers every one of what (MATCH_ bits) now. */
bool Match_offers(const Match *m, unsigned what);
/* The same, or false with an error notice naming the command that needs
 * it and the games it is for. */
bool Match_permits(Match *m, unsigned what, const char *command);

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
/* MATCH_HOST: claiming an absent player's game, calling the game off
 * before both sides moved (else an error notice). */
void Match_claim(Match *m);
void Match_abort(Match *m);
/* MATCH_HOST: what a side must do by when, as the host counts it: make
 * its first move (or the game is aborted), or come back (after which the
 * other may claim the game). NONE elsewhere. */
typedef enum {
    MATCH_DEADLINE_NONE,
    MATCH_DEADLINE_FIRST_MOVE,
    MATCH_DEADLINE_CLAIM
} MatchDeadlineKind;
typedef struct {
    MatchDeadlineKind kind;
    int colour;
    int64_t left_ms; /* 0 once past */
} MatchDeadline;
MatchDeadline Match_deadline(const Match *m, int64_t now_ms);
/* MATCH_ARRANGE, in a Zanzibar game whose Black arranges the
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
/* MATCH_CHAT: a line for the others at the game (else an error notice). */
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
/* Keeps the game on disk: here after every change; a host keeps its own,
 * and nothing of a game between terminals reaches this terminal's state
 * file. */
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
void Match_adopt(Match *m, Game *g, const PgnHeader *tags, GameNotes *notes);
/* A note the player here adds to the record after move ply: the review's
 * marks and scores, a variation kept (Session_addNote). */
void Match_addNote(Match *m, int ply, NoteKind kind, const char *text);
bool Match_resume(Match *m, char *err, size_t errlen);
bool Match_resumeApart(Match *m, const char *path, char *err, size_t errlen);
void Match_choosePlayers(Match *m, SeatKind white, SeatKind black, int level);
void Match_setClock(Match *m, int base_ms, int inc_ms);
bool Match_setLevel(Match *m, int level);
bool Match_setPace(Match *m, int ms);
/* What the player here asks of the game at this terminal: undo and redo
 * need MATCH_UNDO, the rest MATCH_ENGINE (else an error notice). */
bool Match_undo(Match *m);
bool Match_redo(Match *m);
void Match_hint(Match *m);
void Match_moveNow(Match *m);
/* Turns the board round; the flip is kept with a game here (in the state
 * file), never with a game between terminals. */
void Match_flip(Match *m);
/* Who plays each side from now on, the engine or a person here; kept with
 * the game (Session_setEngines). */
bool Match_setEngines(Match *m, bool white, bool black);
/* A number from the session's seed (the engine's setups and placements),
 * and a fixed seed for tests. */
uint64_t Match_random(Match *m);
void Match_setSeed(Match *m, uint64_t seed);
/* The state file (Session_setStateFileForeign, Session_saveApart,
 * Session_setAside). */
void Match_setStateFileForeign(Match *m, bool foreign);
void Match_saveApart(Match *m);
bool Match_setAside(Match *m);

/* Who sits where: the side played here (-1 for a spectator); with
 * MATCH_NAMED the players' names (else NULL), whether each is connected
 * (else true), and the option that brings the other one in (else ""). */
int Match_localSide(const Match *m);
const char *Match_name(const Match *m, int side);
bool Match_connected(const Match *m, int side);
const char *Match_otherOption(const Match *m);
/* The chat kept so far, 0 the oldest (none without MATCH_CHAT). */
int Match_chatCount(const Match *m);
const char *Match_chatLine(const Match *m, int i);

#endif
