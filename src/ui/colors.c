/* The colour role table: for each role a foreground/background pair in 256
 * and in 8 colours, and the attributes used when there is no colour at all. */
#include "ui/colors.h"

#include <curses.h>
#include <stdlib.h>

typedef struct {
    short fg256, bg256;
    short fg8, bg8;
    int extra; /* attributes added in the colour schemes */
    int mono;  /* attributes used alone in the monochrome scheme */
} RoleColors;

/* -1 means the terminal's default colour (use_default_colors). */
static const RoleColors roles[ROLE_COUNT] = {
    [ROLE_NORMAL] = {-1, -1, -1, -1, 0, A_NORMAL},
    [ROLE_TITLE] = {222, -1, COLOR_YELLOW, -1, A_BOLD, A_BOLD},
    [ROLE_LABEL] = {244, -1, COLOR_CYAN, -1, 0, A_NORMAL},
    [ROLE_LIGHT] = {16, 180, COLOR_BLACK, COLOR_YELLOW, 0, A_NORMAL},
    [ROLE_DARK] = {16, 137, COLOR_BLACK, COLOR_GREEN, 0, A_NORMAL},
    [ROLE_LIGHT_WHITE] = {231, 180, COLOR_WHITE, COLOR_YELLOW, A_BOLD, A_BOLD},
    [ROLE_DARK_WHITE] = {231, 137, COLOR_WHITE, COLOR_GREEN, A_BOLD, A_BOLD},
    [ROLE_HOLE] = {250, 16, COLOR_WHITE, COLOR_BLACK, A_BOLD, A_DIM},
    [ROLE_CARPET] = {16, 97, COLOR_BLACK, COLOR_MAGENTA, 0, A_UNDERLINE},
    [ROLE_CARPET_WHITE] = {231, 97, COLOR_WHITE, COLOR_MAGENTA, A_BOLD, A_UNDERLINE | A_BOLD},
    [ROLE_OFFBOARD] = {238, -1, COLOR_BLUE, -1, 0, A_DIM},
    [ROLE_CURSOR] = {16, 51, COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE | A_BOLD},
    [ROLE_SELECTED] = {16, 220, COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE | A_UNDERLINE},
    [ROLE_DEST] = {16, 114, COLOR_BLACK, COLOR_WHITE, 0,
                   A_UNDERLINE}, /* not the dark squares' green */
    [ROLE_CAPTURE] = {231, 160, COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD | A_UNDERLINE},
    [ROLE_JUMP] = {16, 81, COLOR_BLACK, COLOR_BLUE, A_BOLD, A_UNDERLINE | A_DIM},
    [ROLE_FLIGHT] = {16, 213, COLOR_BLACK, COLOR_MAGENTA, A_BOLD, A_UNDERLINE | A_BOLD},
    [ROLE_LAST_MOVE] = {16, 150, COLOR_BLACK, COLOR_GREEN, 0, A_DIM},
    [ROLE_CHECK] = {231, 124, COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE | A_BLINK},
    [ROLE_ERROR] = {203, -1, COLOR_RED, -1, A_BOLD, A_BOLD},
    [ROLE_INFO] = {114, -1, COLOR_GREEN, -1, 0, A_NORMAL},
    [ROLE_MENU_CURRENT] = {16, 222, COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE},
    /* A letter in the square's own colour cannot be read on both light and
     * dark squares by both sides (white on 180 is about 2:1), so in colour
     * each piece is a token of its side's colour with the letter on it. */
    [ROLE_PIECE_WHITE] = {16, 231, COLOR_BLACK, COLOR_WHITE, A_BOLD, A_BOLD},
    [ROLE_PIECE_BLACK] = {231, 16, COLOR_WHITE, COLOR_BLACK, A_BOLD, A_NORMAL},
};

static ColorScheme scheme = SCHEME_MONO;

static bool Colors_wantMono(bool force_mono)
{
    const char *no_color = getenv("NO_COLOR");
    if (force_mono || (no_color && no_color[0] != '\0'))
        return true;
    return !has_colors();
}

ColorScheme Colors_init(bool force_mono)
{
    scheme = SCHEME_MONO;
    if (Colors_wantMono(force_mono) || start_color() == ERR)
        return scheme;
    /* Without the terminal's own default colours, -1 means white on black. */
    bool defaults = use_default_colors() == OK;
    scheme = (COLORS >= 256 && COLOR_PAIRS > ROLE_COUNT) ? SCHEME_256 : SCHEME_8;
    for (int r = 1; r < ROLE_COUNT; r++) {
        short fg, bg;
        Colors_pair((ColorRole)r, scheme, &fg, &bg);
        if (!defaults) {
            fg = fg < 0 ? COLOR_WHITE : fg;
            bg = bg < 0 ? COLOR_BLACK : bg;
        }
        init_pair((short)r, fg, bg);
    }
    return scheme;
}

ColorScheme Colors_scheme(void)
{
    return scheme;
}

void Colors_pair(ColorRole role, ColorScheme s, short *fg, short *bg)
{
    const RoleColors *c = &roles[(unsigned)role < ROLE_COUNT ? role : ROLE_NORMAL];
    *fg = s == SCHEME_256 ? c->fg256 : c->fg8;
    *bg = s == SCHEME_256 ? c->bg256 : c->bg8;
}

int Colors_attr(ColorRole role)
{
    if ((unsigned)role >= ROLE_COUNT)
        return A_NORMAL;
    if (scheme == SCHEME_MONO)
        return roles[role].mono;
    if (role == ROLE_NORMAL)
        return A_NORMAL;
    return (int)COLOR_PAIR(role) | roles[role].extra;
}
