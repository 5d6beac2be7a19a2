/* The Home, End and F1 keys as the common terminals send them, taught to
 * curses whatever the terminal's description says, the wait that tells
 * the Esc key from the start of such a sequence, and keys named as the
 * keyboard names them. */
#include "ui/keys.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>

/* Long enough for the rest of a key's sequence to arrive over a slow SSH
 * link (curses otherwise reads Esc, then letters), short enough that Esc
 * alone still feels immediate. The ESCDELAY variable, when set, wins. */
#define KEYS_ESC_DELAY_MS 300

/* xterm (ESC[H, ESC O H), PuTTY, the Linux console, tmux and screen (ESC[1~),
 * rxvt (ESC[7~): a terminfo entry names only one of each. F1 is ESC O P on
 * xterm, ESC[11~ on PuTTY and rxvt, ESC[[A on the Linux console (read
 * unknown, that last one would be Esc, '[' and 'A': a step back in review). */
static const struct {
    const char *seq;
    int key;
} keys_taught[] = {
    {"\033[1~", KEY_HOME}, {"\033[7~", KEY_HOME},  {"\033[H", KEY_HOME},  {"\033OH", KEY_HOME},
    {"\033[4~", KEY_END},  {"\033[8~", KEY_END},   {"\033[F", KEY_END},   {"\033OF", KEY_END},
    {"\033OP", KEY_F(1)},  {"\033[11~", KEY_F(1)}, {"\033[[A", KEY_F(1)},
};

void Keys_setUp(void)
{
    for (size_t i = 0; i < sizeof keys_taught / sizeof keys_taught[0]; i++) {
        /* A sequence terminfo gives to another key (ESC[1~ is Find for a
         * VT220) is taken back first: on a PC keyboard it is Home. */
        define_key(keys_taught[i].seq, 0);
        define_key(keys_taught[i].seq, keys_taught[i].key);
    }
    define_key("\033[200~", KEY_PASTE_BEGIN);
    define_key("\033[201~", KEY_PASTE_END);
    const char *env = getenv("ESCDELAY");
    if (env == NULL || *env == '\0')
        set_escdelay(KEYS_ESC_DELAY_MS);
}

/* Curses' names ("KEY_IC") mean nothing to a player: the keyboard's do. */
static const struct {
    int key;
    const char *name;
} keys_named[] = {
    {KEY_UP, "Up"},
    {KEY_DOWN, "Down"},
    {KEY_LEFT, "Left"},
    {KEY_RIGHT, "Right"},
    {KEY_HOME, "Home"},
    {KEY_END, "End"},
    {KEY_PPAGE, "PgUp"},
    {KEY_NPAGE, "PgDn"},
    {KEY_IC, "Insert"},
    {KEY_DC, "Delete"},
    {KEY_BACKSPACE, "Backspace"},
    {KEY_DEL, "Backspace"},
    {KEY_ENTER, "Enter"},
    {'\n', "Enter"},
    {'\r', "Enter"},
    {'\t', "Tab"},
    {KEY_BTAB, "Shift-Tab"},
    {KEY_ESC, "Esc"},
    {' ', "Space"},
    {KEY_MOUSE, "a click"},
    {KEY_PASTE_BEGIN, "a paste"},
};

const char *Keys_name(int key)
{
    static char buf[32];
    size_t len = sizeof buf;
    for (size_t i = 0; i < sizeof keys_named / sizeof keys_named[0]; i++)
        if (keys_named[i].key == key)
            return keys_named[i].name;
    if (key >= KEY_F(1) && key <= KEY_F(24))
        snprintf(buf, len, "F%d", key - KEY_F(0));
    else if (key > ' ' && key < KEY_DEL)
        snprintf(buf, len, "%c", key);
    else if (key >= 1 && key < ' ')
        snprintf(buf, len, "Ctrl-%c", key + '@');
    else if (key >= 128 && key < 256)
        snprintf(buf, len, "a character outside ASCII");
    else
        snprintf(buf, len, "%d", key);
    return buf;
}
