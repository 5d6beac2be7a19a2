/* What the session's own files share and nothing outside src/session may
 * call: the steps every change of the game goes through. */
#ifndef ZANZIBAR_SESSION_INTERNAL_H
#define ZANZIBAR_SESSION_INTERNAL_H

#include "session/session.h"

bool Session_create(GameSession *s);
void Session_destroy(GameSession *s);
void Session_stopThinking(GameSession *s);
void Session_refresh(GameSession *s);
/* Whether the side to move's clock runs now (late clocks: from the moment
 * both sides have moved). */
bool Session_clockRuns(const GameSession *s);
void Session_end(GameSession *s, GameResult result, GameReason reason);
/* Session_end with a win for the other side. */
void Session_lose(GameSession *s, int loser, GameReason reason);
const char *Session_sideName(int side);
/* The game that ended here goes back into play: its kept file goes. */
void Session_forgetKept(GameSession *s);
void Session_append(GameSession *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
