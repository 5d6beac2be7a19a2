/* Bracketed paste (see paste.h): the text between the terminal's marks,
 * read whole however slowly it arrives, and what a pasted FEN or PGN does
 * to the game shown. */
#include "ui/paste.h"

#include <ctype.h>
#include <curses.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "record/pgn.h"
#include "ui/keys.h"

#define PASTE_MAX (1 << 20) /* a few thousand games' moves; the rest is dropped */
/* How long a paste may pause (a slow SSH link) before its end is taken as
 * lost: the text so far is kept. */
#define PASTE_PAUSE_MS 1000

void Paste_enable(void)
{
    fputs("\033[?2004h", stdout);
    fflush(stdout);
}

void Paste_disable(void)
{
    fputs("\033[?2004l", stdout);
    fflush(stdout);
}

/* The next key of the paste; ERR once it has paused too long. */
static int Paste_nextKey(void)
{
    int key = getch();
    if (key != ERR)
        return key;
    struct pollfd in = {STDIN_FILENO, POLLIN, 0};
    if (poll(&in, 1, PASTE_PAUSE_MS) <= 0)
        return ERR;
    return getch();
}

char *Paste_collect(bool *cut)
{
    size_t cap = 256, len = 0;
    char *text = Alloc_array(cap, 1);
    *cut = false;
    for (int key = Paste_nextKey(); key != ERR && key != KEY_PASTE_END; key = Paste_nextKey()) {
        if (key > 0xff) /* a key's code inside the paste: no text */
            continue;
        if (len + 1 >= PASTE_MAX) {
            *cut = true;
            continue;
        }
        if (len + 1 >= cap)
            text = Alloc_grow(text, cap *= 2, 1);
        text[len++] = (char)(key == '\r' ? '\n' : key);
    }
    text[len] = '\0';
    return text;
}

/* The text without the blank lines and spaces around it. */
static char *Paste_trim(char *text)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && isspace((unsigned char)text[n - 1]))
        text[--n] = '\0';
    return text;
}

/* A FEN is one line of ranks parted by '/'; a game in PGN has tags or
 * numbered moves. */
static bool Paste_looksLikeFen(const char *text)
{
    return strchr(text, '\n') == NULL && strchr(text, '/') != NULL && strchr(text, '[') == NULL
        && strchr(text, '.') == NULL;
}

static bool Paste_looksLikePgn(const char *text)
{
    if (strchr(text, '[') != NULL)
        return true;
    for (const char *t = text; *t != '\0'; t++)
        if (isdigit((unsigned char)*t) && t[1] == '.')
            return true;
    return false;
}

bool Paste_isPlainLine(const char *text)
{
    return strchr(text, '\n') == NULL && !Paste_looksLikeFen(text) && !Paste_looksLikePgn(text);
}

static void Paste_loadPgn(Play *p, const char *text)
{
    char err[ERROR_MAX], kept[PLAY_MESSAGE_MAX];
    int count = 0;
    Game g;
    PgnHeader tags;
    GameNotes notes;
    GameNotes_init(&notes);
    Game_init(&g, &Session_game(p->s)->start);
    if (!Pgn_readNotes(text, 0, &g, &tags, &notes, err, sizeof err)
        || !Pgn_list(text, NULL, &count, err, sizeof err)) {
        Game_free(&g);
        GameNotes_free(&notes);
        Play_error(p, "the pasted game could not be loaded: %s", err);
        return;
    }
    if (!Play_keepUnfinished(p, kept, sizeof kept)) {
        Game_free(&g);
        GameNotes_free(&notes);
        return;
    }
    Play_adoptFile(p, &g, &tags, &notes);
    int moves = Game_moveCount(Session_game(p->s));
    Play_say(p, "loaded the pasted game%s: %s, %d move%s", count > 1 ? " (the first of them)" : "",
             Session_variant(p->s)->title, moves, moves == 1 ? "" : "s");
    Play_addNote(p, kept);
}

void Paste_apply(Play *p, const char *pasted)
{
    char *copy = strdup(pasted);
    char *text = copy != NULL ? Paste_trim(copy) : NULL;
    if (text == NULL || *text == '\0')
        Play_error(p, "nothing was pasted");
    else if (!Match_offers(p->match, MATCH_NEW))
        Play_error(p, "a pasted game is set up at this terminal, not in a game between terminals");
    else if (Paste_looksLikeFen(text))
        Play_setFen(p, text);
    else if (Paste_looksLikePgn(text))
        Paste_loadPgn(p, text);
    else
        Play_error(
            p,
            "the pasted text is neither a FEN nor a game in PGN (to paste a command, open the : line first)");
    free(copy);
}
