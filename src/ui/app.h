/* The terminal's game: the one Play the screens reach (App_play), and the
 * game as the loop sees it: what it does each pass (the host's messages,
 * the arrangement, the analysis, the autosave), what it waits on and for
 * how long, and its end. loop.c runs the terminal and asks this alone
 * about the game in play. */
#ifndef ZANZIBAR_UI_APP_H
#define ZANZIBAR_UI_APP_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/variant.h"
#include "ui/play.h"

/* Descriptors App_pollFds writes (a slot not in use is -1). */
#define APP_FDS 2

/* The game in play: its session and the game screen's view of it. */
Play *App_play(void);
/* Gives the navigator the game's hooks, before anything is shown. */
void App_register(void);
/* Before the loop's first pass: the game is drawn at once. */
void App_begin(void);
/* The game's work before the shown screen's tick hook: true when what is
 * shown changed. */
bool App_tick(int64_t now);
/* After the screen's tick hook: true when the game must be drawn again
 * (its notice, its clocks' second, a change since the last draw). */
bool App_drawDue(int64_t now);
/* After each draw: the bell and the title. */
void App_attend(void);
/* The game shown, NULL when none is (for the least size). */
const Variant *App_variant(void);
/* How long the loop may sleep for the game: until its clock changes its
 * second, a flag falls, the thinking shown moves on or the pause between
 * two engines' moves ends (-1: nothing falls due). */
int App_waitMs(int64_t now);
/* The engine's descriptor (while the game is shown) and the link's. */
int App_pollFds(struct pollfd fds[APP_FDS]);
/* The game has work ready: the loop must not sleep. */
bool App_busy(void);
/* The game's position counter, which a move here or there bumps. */
unsigned App_positions(void);
/* A line for the player: on the game's message line when it is shown,
 * else the note line. */
void App_tell(const char *text);
/* The start failed before the terminal was used: frees the game. */
void App_discard(void);
/* The loop ended: the game's link ends and everything is freed. */
void App_end(void);

#endif
