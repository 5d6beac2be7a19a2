/* The chat of a game between terminals on the game screen: its latest
 * lines under the move list, and the whole history in the side panel,
 * scrolled with the arrows, while it is open (c opens and closes it). */
#ifndef ZANZIBAR_UI_CHAT_VIEW_H
#define ZANZIBAR_UI_CHAT_VIEW_H

#include <stdbool.h>

#include "ui/commands.h"
#include "ui/play.h"

/* The command table's entry (the key c): ACTION_CHAT when there is a
 * history to open or close, else a message saying nothing was said. */
UiAction ChatView_command(Play *p, int argc, char **argv);
/* Opens the history at its newest line, or closes it. */
void ChatView_toggle(const Play *p);
bool ChatView_open(void);
void ChatView_close(void);
/* A key while the history is open: true when it scrolled or closed it;
 * false for any other key, which closes it and goes on to the game. */
bool ChatView_key(int key);
/* The rows the latest lines take under the move list in a panel of h
 * rows (0: no chat, or no room beside the move list). */
int ChatView_tailRows(const Play *p, int h);
/* Draws the latest lines (rows from ChatView_tailRows), or the history
 * while it is open, from row y in w columns and h rows. */
void ChatView_draw(const Play *p, int y, int x, int w, int h);

#endif
