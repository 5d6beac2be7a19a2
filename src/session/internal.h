/* What the session's own files share and nothing outside src/session may
 * include: the session's fields, and the steps every change of the game
 * goes through. */
#ifndef ZANZIBAR_SESSION_INTERNAL_H
#define ZANZIBAR_SESSION_INTERNAL_H

#include "record/paths.h"
#include "session/session.h"

typedef struct {
    int base_ms, inc_ms; /* base 0: no clock */
    int left_ms[2];
    int64_t turn_start_ms; /* when the side to move's clock started */
} GameClock;

struct GameSession {
    const Variant *v;
    Game game;
    bool active;
    SeatKind seat[2];
    int level;
    GameClock clock;
    MoveList legal;  /* the legal moves of the current position */
    Request pending; /* kind REQUEST_NONE: nothing asked */
    ThinkKind thinking;
    EngineInfo info; /* the running or last search's progress */
    Move hint;
    Engine *engine;           /* created when first needed; its done pipe wakes a poll() */
    const EngineSlots *slots; /* what each of its searches takes, or NULL */
    uint64_t seed;
    bool adjourned;         /* both sides agreed to stop for now */
    bool aborted;           /* called off before both sides had moved: no result */
    bool late_clocks;       /* no clock runs before both sides have moved */
    bool clocks_held;       /* no clock runs (Session_holdClocks) */
    PgnHeader *tags;        /* the tags of the file the game came from, or NULL */
    GameNotes notes;        /* what that file said of the moves besides them */
    uint64_t filed_key;     /* Session_recordKey when a file last took the game, or 0 */
    uint64_t autosaved_key; /* the same for the state file (or the game's own file) */
    bool flipped;           /* the screen shows Black at the bottom: kept with the game */
    bool autosave_foreign;  /* the state file holds a game this session did not take up */
    int saved_plies, saved_result;
    int pace_ms;                     /* engine against engine: a pause a move (Session_setPace) */
    int64_t paced_until_ms;          /* ... the next search starts no sooner */
    char kept_path[PATHS_MAX];       /* where the game that ended here was kept, or "" */
    char aside_path[PATHS_MAX];      /* where an unfinished game was last kept, or "" */
    bool own_file;                   /* another copy plays the state file's game: save apart */
    char own_path[PATHS_MAX];        /* with own_file: this game's file, once saved */
    char notice[SESSION_NOTICE_MAX]; /* what last happened, for the players */
    bool notice_error;
    unsigned notices;   /* bumped with every notice */
    unsigned games;     /* bumped whenever a new game replaced the old (begin, adopt) */
    unsigned positions; /* bumped whenever the game's position or record changed */
    unsigned changes;   /* bumped whenever anything a viewer shows changed */
};

bool Session_create(GameSession *s);
void Session_destroy(GameSession *s);
void Session_refresh(GameSession *s);
void Session_end(GameSession *s, GameResult result, GameReason reason);
/* Adjourns (the clocks stop where they stand) or lets the game go on. */
void Session_adjourn(GameSession *s, bool adjourned);
/* Session_end with a win for the other side. */
void Session_lose(GameSession *s, int loser, GameReason reason);
const char *Session_sideName(int side);
/* The game that ended here goes back into play: its kept file goes. */
void Session_forgetKept(GameSession *s);
void Session_append(GameSession *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The record as it stands (moves, redo moves, result), as one number: a
 * file that took the game when it was the same need not take it again. */
uint64_t Session_recordKey(const GameSession *s);
/* Forgets the file's tags and notes (a new game, or before others). */
void Session_forgetFile(GameSession *s);

#endif
