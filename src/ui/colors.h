/* Colour roles of the front end: every screen asks for a role, never for a
 * colour, so the 256-colour, 8-colour and monochrome schemes stay in one table. */
#ifndef ZANZIBAR_UI_COLORS_H
#define ZANZIBAR_UI_COLORS_H

#include <stdbool.h>

typedef enum {
    ROLE_NORMAL,
    ROLE_TITLE,
    ROLE_LABEL, /* rank and file labels */
    ROLE_LIGHT, /* a light square, empty or with a Black piece */
    ROLE_DARK,
    ROLE_LIGHT_WHITE, /* a light square with a White piece */
    ROLE_DARK_WHITE,
    ROLE_HOLE, /* the Arabian Nights hole */
    ROLE_CARPET,
    ROLE_CARPET_WHITE,
    ROLE_OFFBOARD, /* grid cells that are not squares */
    ROLE_CURSOR,
    ROLE_SELECTED,
    ROLE_DEST,    /* a quiet legal destination */
    ROLE_CAPTURE, /* a legal capture */
    ROLE_JUMP,    /* a King-jump destination */
    ROLE_FLIGHT,  /* a place a carpet may fly to */
    ROLE_LAST_MOVE,
    ROLE_CHECK,
    ROLE_ERROR,
    ROLE_INFO,
    ROLE_MENU_CURRENT,
    ROLE_PIECE_WHITE, /* a White piece's letter, drawn as a light token */
    ROLE_PIECE_BLACK, /* a Black piece's letter, drawn as a dark token */
    ROLE_COUNT
} ColorRole;

typedef enum { SCHEME_256, SCHEME_8, SCHEME_MONO } ColorScheme;

/* Picks the scheme (monochrome when forced, when NO_COLOR is set or the
 * terminal has no colour) and sets up the colour pairs. Call after initscr. */
ColorScheme Colors_init(bool force_mono);
/* The curses attribute for a role in the chosen scheme. */
int Colors_attr(ColorRole role);
/* The scheme picked by Colors_init. */
ColorScheme Colors_scheme(void);
/* The foreground and background colour numbers of a role in a colour
 * scheme (-1: the terminal's default), so tests can check contrast. */
void Colors_pair(ColorRole role, ColorScheme scheme, short *fg, short *bg);

#endif
