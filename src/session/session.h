/* One game in play, apart from any screen: the record, the clocks, who sits
 * at each side (a person here, the engine, a person elsewhere), the engine
 * as a player, requests between the sides, results and autosave. */
#ifndef ZANZIBAR_SESSION_SESSION_H
#define ZANZIBAR_SESSION_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "record/notes.h"
#include "record/pgn.h"

#define SESSION_NOTICE_MAX 240

/* Who plays a side. SEAT_REMOTE sends its moves from elsewhere (a socket). */
typedef enum { SEAT_HUMAN, SEAT_ENGINE, SEAT_REMOTE } SeatKind;

typedef enum { THINK_NONE, THINK_MOVE, THINK_HINT } ThinkKind;

/* Requests one side makes and the other accepts or declines. */
typedef enum {
    REQUEST_NONE,
    REQUEST_DRAW,
    REQUEST_TAKEBACK,
    REQUEST_ADJOURN,
    REQUEST_REMATCH
} RequestKind;

typedef struct {
    RequestKind kind;
    int from; /* the side that asked */
    int ply;  /* the game's length when it asked */
} Request;

/* Why Session_move refused a move. */
typedef enum {
    MOVE_OK,
    MOVE_REFUSED_OVER,
    MOVE_REFUSED_SIDE,
    MOVE_REFUSED_SEAT,
    MOVE_REFUSED_STALE,
    MOVE_REFUSED_ILLEGAL
} MoveVerdict;

/* One game in play (its fields are the session's own, src/session/internal.h):
 * read it and change it only through the functions below. */
typedef struct GameSession GameSession;

/* What a viewer reads of a session's counters: each is bumped by a kind of
 * change, so that a view compares them with the values it last saw. */
typedef struct {
    unsigned notices;   /* with every notice */
    unsigned games;     /* whenever a new game replaced the old (begin, adopt) */
    unsigned positions; /* whenever the game's position or record changed */
    unsigned changes;   /* whenever anything a viewer shows changed */
} SessionCounters;

int64_t Session_nowMs(void);

/* A session with no game yet: both seats people here, the default level,
 * no clock. Session_free ends any search and frees it (NULL: nothing). */
GameSession *Session_new(void);
void Session_free(GameSession *s);
/* Starts a new game from start; seats, level and clock are kept. */
bool Session_begin(GameSession *s, const Position *start);
/* Replaces the game by one read from elsewhere (a loaded file); takes it over. */
void Session_adopt(GameSession *s, Game *g);
/* The same with the file's tags and notes (notes may be NULL; taken over
 * when not): a TimeControl that this program plays sets the clock
 * (otherwise the clock set stays), and each clock starts from its side's
 * last [%clk] when the moves carry them; the tags (players, event,
 * ratings...) and the notes (comments, NAGs, variations) are kept for
 * saving it again, also through the state file, setting aside and resume.
 * A game just read is in its file: Session_keepUnfinished leaves it. */
void Session_adoptRecord(GameSession *s, Game *g, const PgnHeader *tags, GameNotes *notes);
/* The tags of the file the game came from, or NULL; its notes (never
 * NULL; empty for a game of this program's own). */
const PgnHeader *Session_fileTags(const GameSession *s);
const GameNotes *Session_notes(const GameSession *s);
/* Adds to what the record says after move ply (a review's NAG or score, a
 * variation tried), saved with the game from then on. */
void Session_addNote(GameSession *s, int ply, NoteKind kind, const char *text);
/* A player's name from the file the game was loaded from, or NULL when it
 * named none (or only this program's own "Human" and engine names). */
const char *Session_playerName(const GameSession *s, int side);
void Session_setClock(GameSession *s, int base_ms, int inc_ms);
/* Between terminals neither clock runs before both sides have made their
 * first move (lichess's rule: nobody loses on time before the game has
 * begun); here the clocks start with the first move. */
void Session_setLateClocks(GameSession *s, bool late);
/* Whether both sides have made a move in this game: the clocks run (with
 * late clocks), and the game can no longer be aborted. */
bool Session_bothMoved(const GameSession *s);
/* Held clocks do not run whatever the moves (a game host's until both
 * players are there); let go, the side to move's runs from now. */
void Session_holdClocks(GameSession *s, bool hold);
/* Whether the side to move's clock runs now: a clock is set, the game goes
 * on, the clocks are not held, and the first move (late clocks: both
 * sides' first moves) has been made. */
bool Session_clockRuns(const GameSession *s);
/* Calls the game off before both sides have moved: no result, the clocks
 * stop, no request waits; a new game or a rematch clears it. */
void Session_abort(GameSession *s);
bool Session_aborted(const GameSession *s);
bool Session_setLevel(GameSession *s, int level);
/* Engine against engine: the pause after each move before the next search
 * starts, so that a person can follow the game (0: none, the default;
 * PACE_MAX_MS at most, core/level.h). The pause is not counted on the
 * clocks. */
bool Session_setPace(GameSession *s, int ms);
int Session_pace(const GameSession *s);
/* How long until the paused engine's search starts, or -1 when none waits. */
int Session_msToPace(const GameSession *s, int64_t now_ms);

/* The one way in for a move, whoever sends it: by is the kind of seat that
 * sends it, side and ply say which move of the game it is meant to be (a
 * stale or repeated request is refused). */
MoveVerdict Session_move(GameSession *s, SeatKind by, int side, int ply, Move m);
/* A move in text, by the seat to move; false with a notice when refused. */
bool Session_moveText(GameSession *s, int side, const char *text);

/* Requests between the sides. The engine answers at once; a person is
 * asked (pending), and answers with Session_answer. */
bool Session_request(GameSession *s, int side, RequestKind kind);
bool Session_answer(GameSession *s, int side, bool accept);
/* The side a pending request waits for, or -1. */
int Session_askedSide(const GameSession *s);
const char *Session_requestName(RequestKind kind);

bool Session_resign(GameSession *s, int side);
/* The absent side loses: the other player claimed the game after the
 * absent one stayed away past the grace. */
bool Session_forfeit(GameSession *s, int absent);
/* A result decided elsewhere (a game host's): the game ends with it. */
void Session_conclude(GameSession *s, GameResult result, GameReason reason);
/* A local take-back: against the engine, back to the person's last move.
 * After the end it takes back the ending only: a resignation or an agreed
 * draw is withdrawn and play goes on from the same position; after a mate
 * or another ending on the board, the moves as usual. Either way the
 * finished game kept among the saved games is removed (the notice says
 * so), since it is no finished game any more. A loss on time stays. */
bool Session_undo(GameSession *s);
/* Whether Session_undo would take the finished game's ending back (false
 * for a loss on time, and for a game without a move to take back). */
bool Session_endingUndoable(const GameSession *s);
bool Session_redo(GameSession *s);
/* Exactly plies half-moves back, whoever played them (XBoard's undo and
 * remove); false when the game is shorter. */
bool Session_takeBack(GameSession *s, int plies);

/* The engine as a player. */
void Session_hint(GameSession *s);
/* A search's score from White's side whoever is to move, as lichess and
   every score board show it: "+0.35", "-1.20", "#3" (White mates in 3),
   "#-2" (Black mates in 2); mover: the side the search's score is for. */
void Session_scoreText(int score, int mover, char *buf, size_t len);
void Session_moveNow(GameSession *s);
/* The engine's move for the side to move, whose seat is SEAT_ENGINE,
 * searched with the limits given instead of the level's and the clocks'
 * (XBoard's GUI sets them); the move is played by Session_tick once the
 * search has ended, as any engine move. False, with a notice, when it
 * cannot start. */
bool Session_think(GameSession *s, const SearchLimits *lim);
/* Ends any search at once and forgets what it found. */
void Session_stopThinking(GameSession *s);
/* A fresh short search from the engine's side; false when it stands better. */
bool Session_engineAcceptsDraw(GameSession *s, int engine_side);

/* Moves the game on: the engine's finished search, the clocks, autosave.
 * Returns true when something visible changed. */
bool Session_tick(GameSession *s, int64_t now_ms);
/* Readable when the engine has finished thinking (Engine_doneFd; -1
 * before the engine is first needed): poll() it with the terminal or the
 * sockets, then call Session_tick. */
int Session_pollFd(const GameSession *s);
/* Milliseconds until the next clock event (a flag) or -1 if none. */
int Session_msToFlag(const GameSession *s, int64_t now_ms);

int Session_clockLeft(const GameSession *s, int side, int64_t now_ms);
bool Session_inProgress(const GameSession *s);
bool Session_humanToMove(const GameSession *s);
/* The side a person at this keyboard acts for (resign, draw offers). */
int Session_localSide(const GameSession *s);
Move Session_lastMove(const GameSession *s);
/* Saves the game in progress now (the loop does it after every change);
 * false when there was nothing to save or saving failed (said in the notice). */
bool Session_autosave(GameSession *s);
/* Takes up the game the state file holds, with its seats, level, clocks
 * and flip; false with err when there is none or it cannot be read. */
bool Session_resume(GameSession *s, char *err, size_t errlen);
/* The same for a game saved apart (Autosave_apartGames), which goes on
 * in its own file, as the copy that played it did (Session_saveApart). */
bool Session_resumeApart(GameSession *s, const char *path, char *err, size_t errlen);
/* Saves when a move was made since the last save; a game that ended here
 * is kept among the saved games instead (its notice says under which name)
 * and the state file is cleared. */
void Session_keepSaved(GameSession *s);
/* Moves the state file's game, when it is not this session's
 * (autosave_foreign), among the saved games before anything replaces it;
 * the notice says where. False, with an error notice, when it could not. */
bool Session_setAside(GameSession *s);
/* Before a new game, a loaded one or a set-up position replaces the game
 * in play: an unfinished game is moved among the saved games by the same
 * way as Session_setAside (and a stranger's state file with it); the notice
 * then says only where they went. False, with an error notice, when a game
 * could not be kept: nothing may replace it then. */
bool Session_keepUnfinished(GameSession *s);

/* What a view reads. The record, the position and the legal moves are
 * the session's: read them, never keep them past the next change. */
bool Session_hasGame(const GameSession *s); /* begun, adopted or resumed */
const Variant *Session_variant(const GameSession *s);
const Game *Session_game(const GameSession *s);
const Position *Session_position(const GameSession *s);
const MoveList *Session_legal(const GameSession *s);
SeatKind Session_seat(const GameSession *s, int side);
int Session_level(const GameSession *s);
/* False without clocks; base and increment through the pointers (each may
 * be NULL). */
bool Session_timeControl(const GameSession *s, int *base_ms, int *inc_ms);
/* The request waiting for an answer (kind REQUEST_NONE: none). */
Request Session_pending(const GameSession *s);
bool Session_adjourned(const GameSession *s);
/* The engine's work: a move, a hint or nothing; its running or last
 * search's progress; the hint it found for the position shown. */
ThinkKind Session_thinking(const GameSession *s);
const EngineInfo *Session_progress(const GameSession *s);
Move Session_hintMove(const GameSession *s);
bool Session_flipped(const GameSession *s);
/* Where the game that ended here was kept among the saved games, or "". */
const char *Session_keptPath(const GameSession *s);
/* Where an unfinished game was last kept among the saved games (set aside
 * for another), or "". */
const char *Session_asidePath(const GameSession *s);
/* What last happened, for the players; *error (when not NULL) says
 * whether it is a refusal or a failure. */
const char *Session_notice(const GameSession *s, bool *error);
SessionCounters Session_counters(const GameSession *s);
/* Something the views show beside the game changed (the chat a replica
 * keeps): counted as a change, so that they redraw. */
void Session_touch(GameSession *s);

/* Settings made from outside. Who plays a side: set before a game, or by
 * XBoard before each move, since it hands sides over at will. */
void Session_setSeat(GameSession *s, int side, SeatKind kind);
/* Who plays each side of the game in play, the engine or a person here
 * (XBoard's Machine White/Black and Edit Game): a search for a side a
 * person now plays stops; the engine starts at the next tick when it now
 * has the move. Then call Session_autosave, so the state file says so. */
void Session_setEngines(GameSession *s, bool white, bool black);
/* The players the menu chose for the next game, and the engine's level
 * (kept within its range), without a notice. */
void Session_choosePlayers(GameSession *s, SeatKind white, SeatKind black, int level);
void Session_flip(GameSession *s);
/* A number from the session's seed, another one each call (the engine's
 * choices of setups and placements). */
uint64_t Session_random(GameSession *s);
/* The same choices every run (tests, fuzzing). */
void Session_setSeed(GameSession *s, uint64_t seed);
/* The engine the session plays and hints with, created when first needed
 * (NULL when it cannot be); XBoard also searches it with the GUI's limits. */
Engine *Session_engine(GameSession *s);
/* Creates the engine now with a table of tt_mb megabytes (XBoard's
 * memory option), in place of one created before. */
void Session_createEngine(GameSession *s, size_t tt_mb);
/* Every search of the session's engine takes one of slots (a server's
 * engines; NULL: none needed), which outlives the session. */
void Session_useEngineSlots(GameSession *s, const EngineSlots *slots);

/* What another end says of the game (a game host's snapshot and
 * messages, a saved game's clocks): taken as it is. */
/* The clocks' time left; the side to move's runs from now, and the last
 * mover's is kept with its move (PGN's [%clk]). */
void Session_setClocksLeft(GameSession *s, int white_ms, int black_ms);
/* The request waiting, asked by from at the game's present length;
 * REQUEST_NONE: none waits. */
void Session_setPending(GameSession *s, RequestKind kind, int from);
/* Stopped for now (any search ends), or going on. */
void Session_setAdjourned(GameSession *s, bool adjourned);
/* Where the game that ended was kept, by whoever kept it. */
void Session_setKeptPath(GameSession *s, const char *path);

/* The state file, where the game in play is saved for resuming: foreign
 * when it holds a game this session did not take up (it is set aside
 * before anything replaces it); Session_saveApart when another copy plays
 * its game (this session's games are saved under names of their own). */
void Session_setStateFileForeign(GameSession *s, bool foreign);
void Session_saveApart(GameSession *s);

void Session_say(GameSession *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void Session_error(GameSession *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
