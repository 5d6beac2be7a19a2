/* The game screen's view of a Match: the cursor, the move being entered,
 * the move list in SAN and the message line. What the player does goes to
 * the Match, which knows where the game is played. No curses here, so the
 * command table and its tests drive it as the screen does. */
#ifndef ZANZIBAR_UI_PLAY_H
#define ZANZIBAR_UI_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "match/match.h"
#include "session/session.h"

#define PLAY_MESSAGE_MAX 240
#define PLAY_MAX_CANDIDATES 128 /* moves sharing one from and to square */

/* Where the player is in entering a move with the cursor. */
typedef enum {
    ENTRY_IDLE,  /* nothing picked up */
    ENTRY_PIECE, /* a piece is picked up: choose where it goes */
    ENTRY_PROMO, /* choose what it promotes to */
    ENTRY_FLIGHT /* it landed on a carpet: choose where the carpet flies */
} EntryStage;

typedef struct {
    EntryStage stage;
    int from, to;
    int ncands;
    Move cands[PLAY_MAX_CANDIDATES]; /* legal moves still matching the choices */
    int promo_cursor;                /* highlighted line of the chooser */
} MoveEntry;

struct AnalysisView;
struct Play;

/* Where the moves entered go when they do not go to the game: the
 * variation tried in review or during the analysis (review.c's
 * REVIEW_EXPLORER). wanted says whether they go there now; board and legal
 * are the position they are entered on and its legal moves. */
typedef struct {
    bool (*wanted)(const struct Play *p);
    const Position *(*board)(const struct Play *p);
    const MoveList *(*legal)(const struct Play *p);
    void (*play)(struct Play *p, Move m);
} PlayExplorer;

typedef struct Play {
    Match *match;         /* the game in play and the link its moves take (match.h) */
    const GameSession *s; /* the match's session, read only (Match_session) */
    int cursor;           /* a cell of the board */
    bool show_analysis;
    struct AnalysisView *analysis; /* the analysing engine, once turned on (analysis_view.h) */
    const EngineSlots *engines;    /* what every search here takes (a server's), or NULL */
    bool bell;                     /* ring and set the title when the other side moved */
    unsigned opponent_moves;       /* bumped by each move of the engine (or a remote side) */
    int moves_seen;                /* the game's length when last synced */
    bool reviewing;                /* the board shows an earlier position (review.h) */
    int review_ply;                /* ... the one after that many moves */
    bool walking;                  /* the arrows walk the move list (review.h) */
    MoveEntry entry;
    const PlayExplorer *explorer; /* NULL: every move goes to the game */
    char (*san)[MOVE_TEXT_MAX];   /* the move list, one SAN per ply played */
    int san_capacity;
    unsigned positions_seen; /* the session's position the list was built for */
    char message[PLAY_MESSAGE_MAX];
    bool message_error;
    char note[PLAY_MESSAGE_MAX]; /* where an unfinished game went: kept until the next key */
    unsigned notices_seen;       /* the session's notices already on the line */
    unsigned games_seen;         /* the session's game the view was set up for */
    unsigned changes;            /* bumped whenever something visible changed */
    bool low_time_told[2];       /* each side's clock has been said to be low */
    unsigned low_time_alerts;    /* bumped by each such warning, for the bell */
} Play;

bool Play_create(Play *p);
void Play_destroy(Play *p);
/* Starts a new game from start; the players, level and clock are kept. */
bool Play_begin(Play *p, const Position *start);
/* Replaces the game by one read from a file, with the file's tags (its
 * clock, its players' names: Session_adoptRecord); takes it over. */
void Play_adopt(Play *p, Game *g, const PgnHeader *tags);
/* The same with what the file said of the moves (taken over; may be NULL). */
void Play_adoptNotes(Play *p, Game *g, const PgnHeader *tags, GameNotes *notes);
/* A game the player loads or pastes into the game in play: the same, with
 * people at both sides, whoever played the game before it. */
void Play_adoptFile(Play *p, Game *g, const PgnHeader *tags, GameNotes *notes);
/* Call before Play_begin or Play_adopt replaces the game: an unfinished
 * game is kept among the saved games (Session_keepUnfinished) and kept
 * receives where ("" when nothing was kept), for Play_addNote after the
 * replacement. False (said on the message line) when it could not be
 * kept: then nothing may replace it. */
bool Play_keepUnfinished(Play *p, char *kept, size_t len);
/* Adds note after what the message line says; it stays there, whatever
 * is said after, until the next key (Play_dropNote). */
void Play_addNote(Play *p, const char *note);
void Play_dropNote(Play *p);
/* What the message line shows: the message, and the note when the message
 * no longer holds it. */
void Play_messageText(const Play *p, char *buf, size_t len);
void Play_setClock(Play *p, int base_ms, int inc_ms);
/* Takes over what the session changed and said (after changing it). */
void Play_update(Play *p);

/* Messages shown on the message line. */
void Play_say(Play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void Play_error(Play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The cursor, in screen directions (right, up), whatever the board's flip.
 * It stands only on squares (and on carpet places while a flight is chosen),
 * so a step skips the hole and the empty carpet places. */
void Play_moveCursor(Play *p, int right, int up);
void Play_setCursor(Play *p, int cell);
/* The first cell from cell, going by (file, rank) steps, on which a cursor
 * may stand: a square, or any carpet place when carpets is true; -1 when the
 * board ends first. The setup screen's cursor follows the same rule. */
int Play_nextSquare(const Position *pos, int cell, int df, int dr, bool carpets);
/* Enter or Space on the cursor's square: pick up, put down, choose a flight. */
void Play_pick(Play *p);
/* Choose the promotion piece by letter (either case); false if not offered. */
bool Play_choosePromotion(Play *p, char letter);
/* The promotion types still offered, in the variant's order. */
int Play_promotionChoices(const Play *p, int types[VARIANT_MAX_PROMOS]);
void Play_cancel(Play *p);
/* A move typed in coordinate or short algebraic form. */
bool Play_typedMove(Play *p, const char *text);

bool Play_undo(Play *p);
bool Play_redo(Play *p);
void Play_resign(Play *p);
/* A draw offer from the side at this keyboard: the engine answers at once,
 * a person here is asked (Play_asked) and answers with Play_answerRequest. */
void Play_offerDraw(Play *p);
bool Play_asked(const Play *p);
bool Play_answerRequest(Play *p, bool accept);
void Play_hint(Play *p);
/* The thinking engine plays at once the best move it has found so far. */
void Play_moveNow(Play *p);
bool Play_setLevel(Play *p, int level);
void Play_flip(Play *p);
/* Who the engine plays from now on (Match_setEngines), said on the
 * message line. */
void Play_setEngines(Play *p, bool white, bool black);
bool Play_setFen(Play *p, const char *fen);
/* Moves entered now go to a variation, not to the game (PlayExplorer). */
bool Play_explores(const Play *p);

/* Moves the session on (engine replies, hints, clocks) and takes over what
 * changed. now_ms is a monotonic time; true when the screen needs redrawing. */
bool Play_tick(Play *p, int64_t now_ms);
int64_t Play_nowMs(void);
/* Milliseconds left on a side's clock at now_ms, or -1 without clocks. */
int Play_clockLeft(const Play *p, int side, int64_t now_ms);
/* Below this a clock shows tenths: the last seconds are when they count. */
#define PLAY_TENTHS_BELOW_MS 10000
/* A player here is warned once their running clock falls under a tenth of
 * the game's time or this, whichever is more (at most half the time). */
#define PLAY_LOW_TIME_MS 10000
/* How often the clocks shown change at now_ms: every tenth of a second
 * while the running clock shows tenths, else every second. */
int Play_clockStepMs(const Play *p, int64_t now_ms);

/* Facts the screens need. */
bool Play_inProgress(const Play *p);
bool Play_humanToMove(const Play *p);
Move Play_lastMove(const Play *p);
/* DestKind-like marks for the current entry stage, per cell. */
enum { MARK_DEST = 1, MARK_CAPTURE = 2, MARK_JUMP = 4, MARK_FLIGHT = 8, MARK_STAY = 16 };
void Play_marks(const Play *p, uint8_t marks[MAX_CELLS]);

#endif
