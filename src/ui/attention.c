/* The bell and the title: curses' beep(), and the title through the
 * terminal's status-line strings (tsl, fsl) or, for the terminals known to
 * read it, the OSC 2 sequence, the old title pushed first and popped at the
 * end so that the terminal gets it back. */
#include "ui/attention.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TITLE_MAX 120

static unsigned signalled;    /* the Play's opponent_moves already signalled */
static unsigned low_rung;     /* the Play's low_time_alerts already rung */
static int moves_titled = -1; /* game length the title speaks of, -1: none set */
static bool pushed;           /* the terminal's own title is on its stack */

/* Terminals that take OSC 2 (and xterm's title stack) without terminfo
 * saying so: xterm and its many look-alikes, screen and tmux. */
static bool Attention_knowsOsc(void)
{
    static const char *const families[] = {"xterm", "rxvt",  "screen",  "tmux",
                                           "vte",   "gnome", "konsole", "alacritty",
                                           "kitty", "foot",  "putty"};
    const char *term = getenv("TERM");
    for (size_t i = 0; term && i < sizeof families / sizeof families[0]; i++)
        if (strncmp(term, families[i], strlen(families[i])) == 0)
            return true;
    return false;
}

static bool Attention_usable(const char *cap)
{
    return cap != NULL && cap != (char *)-1 && cap[0] != '\0';
}

static void Attention_title(const char *text)
{
    char *tsl = tigetstr("tsl"), *fsl = tigetstr("fsl");
    if (tigetflag("hs") > 0 && Attention_usable(tsl) && Attention_usable(fsl)) {
        putp(tsl);
        fputs(text, stdout);
        putp(fsl);
    } else if (Attention_knowsOsc()) {
        if (!pushed)
            fputs("\033[22;2t", stdout); /* keep the terminal's own title */
        pushed = true;
        printf("\033]2;%s\007", text);
    }
    fflush(stdout);
}

/* The other side's move, as the move list writes it. */
static void Attention_moveTitle(const Play *p, char *buf, size_t len)
{
    int n = Session_game(p->s)->nmoves;
    const char *side = Session_position(p->s)->side == WHITE ? "Black" : "White";
    snprintf(buf, len, "zanzibar: %s played %s - your move", side,
             n > 0 && p->san ? p->san[n - 1] : "?");
}

void Attention_update(const Play *p)
{
    if (!p->bell) {
        signalled = p->opponent_moves;
        low_rung = p->low_time_alerts;
        return;
    }
    if (p->low_time_alerts != low_rung) {
        low_rung = p->low_time_alerts;
        beep();
    }
    char title[TITLE_MAX];
    if (p->opponent_moves != signalled) {
        signalled = p->opponent_moves;
        beep();
        Attention_moveTitle(p, title, sizeof title);
        Attention_title(title);
        moves_titled = Session_game(p->s)->nmoves;
    } else if (moves_titled >= 0 && moves_titled != Session_game(p->s)->nmoves) {
        moves_titled = -1;
        Attention_title("zanzibar");
    }
}

void Attention_end(void)
{
    if (pushed)
        fputs("\033[23;2t", stdout);
    pushed = false;
    fflush(stdout);
}
