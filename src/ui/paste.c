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
/* The end mark, which curses reads as KEY_PASTE_END when it comes whole
 * within its escape delay; parted by a slow link, it comes byte by byte,
 * and once its first bytes are in, the rest is awaited this long. */
#define PASTE_END_MARK "\033[201~"
#define PASTE_MARK_PAUSE_MS 5000

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

/* The next key of the paste; ERR once it has paused pause_ms. */
static int Paste_nextKey(int pause_ms)
{
    int key = getch();
    if (key != ERR)
        return key;
    struct pollfd in = {STDIN_FILENO, POLLIN, 0};
    if (poll(&in, 1, pause_ms) <= 0)
        return ERR;
    return getch();
}

typedef struct {
    char *text;
    size_t len, cap;
    bool cut;
    size_t marked; /* how many bytes of PASTE_END_MARK came last, held back */
} PasteText;

static void Paste_add(PasteText *t, int byte)
{
    if (t->len + 1 >= PASTE_MAX) {
        t->cut = true;
        return;
    }
    if (t->len + 1 >= t->cap)
        t->text = Alloc_grow(t->text, t->cap *= 2, 1);
    t->text[t->len++] = (char)(byte == '\r' ? '\n' : byte);
}

/* The bytes held back as the start of the end mark were text after all. */
static void Paste_release(PasteText *t)
{
    for (size_t i = 0; i < t->marked; i++)
        Paste_add(t, PASTE_END_MARK[i]);
    t->marked = 0;
}

/* Takes one key of the paste; true once it is the end mark's last. */
static bool Paste_take(PasteText *t, int key)
{
    if (key == KEY_PASTE_END) {
        Paste_release(t);
        return true;
    }
    if (key == PASTE_END_MARK[t->marked])
        return ++t->marked == strlen(PASTE_END_MARK);
    Paste_release(t);
    if (key == PASTE_END_MARK[0])
        t->marked = 1;
    else if (key <= 0xff) /* a key's code inside the paste is no text */
        Paste_add(t, key);
    return false;
}

char *Paste_collect(bool *cut)
{
    PasteText t = {Alloc_array(256, 1), 0, 256, false, 0};
    for (;;) {
        int key = Paste_nextKey(t.marked > 0 ? PASTE_MARK_PAUSE_MS : PASTE_PAUSE_MS);
        if (key == ERR) {
            Paste_release(&t); /* the end is lost: everything read is kept */
            break;
        }
        if (Paste_take(&t, key))
            break;
    }
    t.text[t.len] = '\0';
    *cut = t.cut;
    return t.text;
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
