/* The engine's search seen from the session: started here, finished in a
 * waiting thread that makes a pipe readable, so that a host's poll() wakes
 * the moment the move is ready instead of looking every few milliseconds. */
#ifndef ZANZIBAR_SESSION_THINKER_H
#define ZANZIBAR_SESSION_THINKER_H

#include <stdbool.h>

#include "core/game.h"
#include "engine/engine.h"

typedef struct Thinker Thinker;

Thinker *Thinker_new(void);
void Thinker_free(Thinker *t);
/* Starts e on pos; false when the engine could not start. */
bool Thinker_start(Thinker *t, Engine *e, const Game *g, const SearchLimits *lim);
bool Thinker_running(const Thinker *t);
/* The search has ended (by itself or by Engine_stop). */
bool Thinker_done(const Thinker *t);
/* Waits for the search to end and returns its move; the pipe is emptied. */
Move Thinker_finish(Thinker *t, EngineInfo *info);
int Thinker_fd(const Thinker *t);

#endif
