/* XBoard's analyze mode: the engine searches the game's position without
 * end and posts its lines (MultiPV), leaving out the root moves XBoard
 * excludes, until XBoard sends "exit". */
#ifndef ZANZIBAR_CLI_XBANALYZE_H
#define ZANZIBAR_CLI_XBANALYZE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/movegen.h"
#include "session/session.h"

#define XB_MULTIPV_MAX ENGINE_MAX_LINES

typedef struct {
    bool on;      /* between "analyze" and "exit" */
    bool running; /* a search of ours runs in the session's engine */
    bool stale;   /* the position or the moves to search changed since it started */
    int multipv;  /* lines to show, 1..XB_MULTIPV_MAX ("option MultiPV=N") */
    int posted_depth;
    uint64_t node_cap; /* 0, or a node limit (fuzzing and tests) */
    int nexcluded;
    Move excluded[MAX_MOVES]; /* root moves left out in this position */
    EngineInfo info;          /* the last progress read */
} XbAnalysis;

void XbAnalyze_init(XbAnalysis *a);
/* "analyze" and "exit". The session's engine must be idle to enter. */
void XbAnalyze_enter(XbAnalysis *a);
void XbAnalyze_exit(XbAnalysis *a, GameSession *s);
/* Stops our search, if one runs (before the position changes). */
void XbAnalyze_halt(XbAnalysis *a, GameSession *s);
/* The game reached another position: every move counts again. */
void XbAnalyze_newPosition(XbAnalysis *a);
/* "exclude MOVE|all" (exclude true) and "include MOVE|all". */
void XbAnalyze_exclude(XbAnalysis *a, const Position *pos, const char *arg, bool exclude,
                       FILE *out);
/* "option MultiPV=N": false when N is out of range. */
bool XbAnalyze_setLines(XbAnalysis *a, long n);
/* Starts a search of the position now when analysing and none is going
 * on for it; false if the engine's thread could not start. */
bool XbAnalyze_resume(XbAnalysis *a, GameSession *s);
/* Posts the lines of every iteration finished since the last call, and
 * notices a search that ended by itself. */
void XbAnalyze_poll(XbAnalysis *a, GameSession *s, FILE *out);
/* "." : the status line "stat01: time nodes depth movesleft moves". */
void XbAnalyze_status(const XbAnalysis *a, const GameSession *s, FILE *out);

#endif
