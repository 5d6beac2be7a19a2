/* The chat's lines on the game screen (see chat_view.h): each line word-
 * wrapped to the panel's width, so that nothing said is cut off, and the
 * history scrolled by screen rows from its newest end. */
#include "ui/chat_view.h"

#include <curses.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "ui/colors.h"
#include "ui/keys.h"
#include "ui/ui.h"

#define CHAT_TAIL_MAX 4   /* the latest lines shown under the move list */
#define CHAT_MOVES_KEPT 8 /* rows the move list keeps for itself */
/* A line's second and later rows start this far in: only a line's first
 * row starts at the speaker's column, so no words can pass for a speaker. */
#define CHAT_INDENT 2

typedef struct {
    const char *s;
    int n;
    bool continued; /* not a line's first row: drawn CHAT_INDENT in */
} ChatRow;

typedef struct {
    ChatRow *rows;
    int count, capacity;
    bool in_line; /* the next row continues the line being wrapped */
} ChatRows;

static struct {
    bool open;
    int back;       /* rows scrolled back from the newest */
    int page;       /* rows shown when last drawn */
    int total_rows; /* the history's rows when last drawn */
} chat;

void ChatView_toggle(const Play *p)
{
    chat.open = !chat.open && Match_chatCount(p->match) > 0;
    chat.back = 0;
}

bool ChatView_open(void)
{
    return chat.open;
}

void ChatView_close(void)
{
    chat.open = false;
}

bool ChatView_key(int key)
{
    int page = chat.page > 1 ? chat.page - 1 : 1;
    int most = chat.total_rows - chat.page > 0 ? chat.total_rows - chat.page : 0;
    switch (key) {
        case KEY_UP:
        case 'k': chat.back++; break;
        case KEY_DOWN:
        case 'j': chat.back--; break;
        case KEY_PPAGE: chat.back += page; break;
        case KEY_NPAGE: chat.back -= page; break;
        case KEY_HOME: chat.back = most; break;
        case KEY_END: chat.back = 0; break;
        case KEY_ESC:
        case 'c': chat.open = false; return true;
        default: chat.open = false; return false;
    }
    chat.back = chat.back < 0 ? 0 : chat.back > most ? most : chat.back;
    return true;
}

UiAction ChatView_command(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (Match_chatCount(p->match) > 0)
        return ACTION_CHAT;
    Play_say(p, "nothing has been said in this game yet");
    return ACTION_NONE;
}

static void ChatView_collect(void *ctx, const char *s, int n)
{
    ChatRows *r = ctx;
    if (r->count == r->capacity) {
        r->capacity = r->capacity ? r->capacity * 2 : 64;
        r->rows = Alloc_grow(r->rows, (size_t)r->capacity, sizeof *r->rows);
    }
    r->rows[r->count++] = (ChatRow){s, n, r->in_line};
    r->in_line = true;
}

/* The rows of the lines from first on, wrapped to w columns. */
static ChatRows ChatView_wrap(const Play *p, int first, int w)
{
    ChatRows r = {0};
    for (int i = first; i < Match_chatCount(p->match); i++) {
        r.in_line = false;
        Ui_wrapHanging(Match_chatLine(p->match, i), w, CHAT_INDENT, ChatView_collect, &r);
    }
    return r;
}

int ChatView_tailRows(const Play *p, int h)
{
    int n = Match_chatCount(p->match);
    if (n == 0 || h < CHAT_MOVES_KEPT + 2)
        return 0;
    int room = h - CHAT_MOVES_KEPT;
    int want = 1 + (n < CHAT_TAIL_MAX ? n : CHAT_TAIL_MAX);
    return want < room ? want : room;
}

void ChatView_draw(const Play *p, int y, int x, int w, int h)
{
    int n = Match_chatCount(p->match);
    ChatRows r = ChatView_wrap(p, chat.open || n < h ? 0 : n - h, w);
    int page = h - 1;
    int back = chat.open ? chat.back : 0;
    int last = r.count - back; /* one past the last row shown */
    int first = last - page > 0 ? last - page : 0;
    if (chat.open) {
        chat.page = page;
        chat.total_rows = r.count;
        Ui_text(y, x, w, ROLE_TITLE, "Chat %d-%d of %d rows (arrows, PgUp, Esc)",
                r.count ? first + 1 : 0, last, r.count);
    } else {
        Ui_text(y, x, w, ROLE_LABEL, "Chat (c: all of it)");
    }
    for (int i = first; i < last; i++) {
        int in = r.rows[i].continued ? CHAT_INDENT : 0;
        Ui_text(y + 1 + i - first, x + in, w - in, ROLE_NORMAL, "%.*s", r.rows[i].n, r.rows[i].s);
    }
    free(r.rows);
}
