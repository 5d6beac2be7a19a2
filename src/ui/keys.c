/* The Home, End and F1 keys as the common terminals send them, taught to
 * curses whatever the terminal's description says, and the wait that tells
 * the Esc key from the start of such a sequence. */
#include "ui/keys.h"

#include <curses.h>
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
