/* The too-small screen: it says the size needed and that q quits, and asks
 * first when a game is in progress, as q does on every other screen. */
#include "ui/small_screen.h"

#include <curses.h>
#include <stdbool.h>
#include <stdio.h>

#include "ui/app.h"
#include "ui/colors.h"
#include "ui/nav.h"
#include "ui/ui.h"

static bool confirm_quit;

void SmallScreen_draw(int rows, int cols, int need_rows, int need_cols)
{
    char line[120];
    const char *text[4] = {line, "Please enlarge the terminal,", "or press q to quit.",
                           confirm_quit ? "Quit the game in progress? (y/n)" : ""};
    snprintf(line, sizeof line, "Terminal too small: %dx%d, need %dx%d.", cols, rows, need_cols,
             need_rows);
    curs_set(0);
    for (int i = 0; i < 4 && i < rows; i++)
        Ui_text(i, 0, cols, ROLE_NORMAL, "%s", text[i]);
}

void SmallScreen_key(int key)
{
    if (confirm_quit) {
        confirm_quit = false;
        if (key == 'y' || key == 'Y')
            Nav_quit();
    } else if (key == 'q') {
        confirm_quit = Play_inProgress(App_play());
        if (!confirm_quit)
            Nav_quit();
    }
}

void SmallScreen_leave(void)
{
    confirm_quit = false;
}
