/* The help screens: keys and commands read from the command table, each
 * game's rules text, and a page per piece with its diagram and text from
 * help_piece, never drawn by hand. */
#include "ui/help_screen.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/board_view.h"
#include "ui/colors.h"
#include "ui/commands.h"
#include "ui/help_flight.h"
#include "ui/help_moves.h"
#include "ui/help_piece.h"
#include "ui/keys.h"
#include "ui/nav.h"
#include "ui/netmenu.h"
#include "ui/ui.h"

#define HEADER_ROWS 2
#define FOOTER_ROWS 2 /* a message line and the keys line */
#define TEXT_MIN 26
#define KEYS_WIDTH 17
#define USAGE_WIDTH 13  /* the longest usage, "load FILE [N]" */
#define LEGEND_WIDTH 20 /* a legend entry and the gap after it */

typedef struct {
    int page; /* 0 keys, 1 rules, 2.. the variant's pieces */
    int scroll;
    ScreenId back; /* where Esc returns */
    const Variant *v;
    bool from_board; /* the piece page shows the game's own position */
    int cell;        /* the square the piece stands on, from the board */
    int height;      /* text rows shown at the last draw */
    bool more;       /* text continues below them */
} HelpState;

static HelpState help;

/* Lines that scroll: only those inside the window are drawn. */
typedef struct {
    int top, x, width, height, scroll, count;
    int role; /* of the lines Ui_wrap hands over; ROLE_NORMAL unless set */
} Scroller;

static void HelpScreen_line(Scroller *s, int role, const char *text, int n)
{
    int row = s->count++ - s->scroll;
    if (row >= 0 && row < s->height)
        Ui_text(s->top + row, s->x, s->width, role, "%.*s", n, text);
}

static void HelpScreen_wrapLine(void *ctx, const char *text, int n)
{
    Scroller *s = ctx;
    HelpScreen_line(s, s->role, text, n);
}

/* A line of its own that wraps on a narrow column instead of being cut. */
static void HelpScreen_wrapped(Scroller *s, int role, const char *text)
{
    s->role = role;
    Ui_wrap(text, s->width, HelpScreen_wrapLine, s);
    s->role = ROLE_NORMAL;
}

static int HelpScreen_pageCount(const HelpState *h)
{
    return 2 + h->v->ntypes;
}

static void HelpScreen_minSize(const Variant *v, int *rows, int *cols)
{
    Position pos;
    Position_init(&pos, v);
    *rows = HEADER_ROWS + BoardView_height(&pos, 1) + FOOTER_ROWS + 1;
    *cols = BoardView_width(&pos, 3) + 2 + TEXT_MIN;
}

/* One row per entry: its keys, then its description wrapped in a column. */
static void HelpScreen_drawRow(Scroller *s, const char *keys, const char *usage, const char *help)
{
    char line[160];
    int x = KEYS_WIDTH + USAGE_WIDTH + 2;
    snprintf(line, sizeof line, "%-*s %-*s", KEYS_WIDTH, keys && keys[0] ? keys : "-", USAGE_WIDTH,
             usage ? usage : "");
    Scroller column = {s->top, s->x + x, s->width - x, s->height, s->scroll, s->count, ROLE_NORMAL};
    HelpScreen_line(s, ROLE_LABEL, line, (int)strlen(line));
    Ui_wrap(help, column.width, HelpScreen_wrapLine, &column);
    s->count = column.count;
}

static void HelpScreen_drawScreenKeys(Scroller *s, const char *title, const ScreenKey *keys, int n)
{
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
    HelpScreen_line(s, ROLE_TITLE, title, (int)strlen(title));
    for (int i = 0; i < n; i++)
        HelpScreen_drawRow(s, keys[i].keynames, "", keys[i].help);
}

static void HelpScreen_drawKeys(Scroller *s, const Variant *v)
{
    int n;
    const Command *cmds = Commands_table(&n);
    char line[160];
    snprintf(line, sizeof line, "%-*s %-*s %s", KEYS_WIDTH, "Keys", USAGE_WIDTH, "Command",
             "What it does");
    HelpScreen_line(s, ROLE_TITLE, line, (int)strlen(line));
    for (int i = 0; i < n; i++)
        HelpScreen_drawRow(s, cmds[i].keynames, cmds[i].typed ? cmds[i].usage : "", cmds[i].help);
    /* The examples are the game's own, so that none names a square or a
     * piece the board shown does not have. */
    char moves[HELP_MOVES_MAX];
    HelpMoves_text(v, moves, sizeof moves);
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
    Ui_wrap(moves, s->width, HelpScreen_wrapLine, s);
    static const char *notes[] = {
        "On the ':' line Up and Down recall earlier lines; Left, Right,",
        "Home, End, Delete and Ctrl-A E B F D K U W edit as in a shell;",
        "Esc leaves the line.",
        "Commands may be typed in any case (RESIGN, Level 3).",
        "Paste a FEN or a whole game in PGN on the board to set it up or",
        "load it; a line pasted on the open ':' line is typed there.",
        "While arranging pieces, the arrows move and letters place pieces.",
        "A draw offered by the other person at this keyboard is answered",
        "with y (accept) or n (decline).",
        NULL, /* games between players: between terminals, or between names */
        "takeback, adjourn and rematch ask the other player, who answers",
        "with y or n; say sends a line to everyone in the game, but a",
        "spectator's reaches the players only once the game is over; undo,",
        "redo, hint, move, level, new, load and fen FEN do not apply, and",
        "analysis only for spectators, or for the players after the game.",
        "q leaves the game without ending it: the same command comes back.",
        "The game begins when both players are there, and no clock runs",
        "before each side has made its first move. A side that makes no",
        "first move within a minute calls the game off, as abort does",
        "until both have moved: no result, no rating, nothing kept.",
        "When Black chooses the Zanzibar array, Black's player arranges",
        "it on joining; :arrange shows that board again after Esc. Not",
        "arranged within a minute, the game is called off too.",
    };
    /* Arabian Nights promotes by itself: no choice, and no Queen. */
    static const char chosen[] = "While promoting, the piece's letter chooses it (q the Queen).";
    static const char automatic[] = "Promotion is automatic: there is nothing to choose.";
    const char *promoting = v->npromos > 0 ? chosen : automatic;
    HelpScreen_line(s, ROLE_NORMAL, promoting, (int)strlen(promoting));
    /* On a public server a game between players is between names, opened
     * with the server's own commands (the menu's Join line, or after the
     * host), never with the accounts' --invite. */
    static const char between_terminals[] =
        "Between terminals (zanzibar --invite USER, --join USER): draw,";
    static const char between_names[] =
        "Between names (invite NAME, join NAME, or the Join line): draw,";
    for (unsigned i = 0; i < sizeof notes / sizeof notes[0]; i++) {
        const char *note = notes[i] != NULL ? notes[i]
            : NetMenu_onServer()            ? between_names
                                            : between_terminals;
        HelpScreen_line(s, ROLE_NORMAL, note, (int)strlen(note));
    }
    const Screen *menu = Nav_screen(SCREEN_MENU), *self = Nav_screen(SCREEN_HELP);
    const Screen *saved = Nav_screen(SCREEN_SAVED);
    HelpScreen_drawScreenKeys(s, "In the start menu", menu->keys, menu->nkeys);
    HelpScreen_drawScreenKeys(s, "In the list of saved games (:load)", saved->keys, saved->nkeys);
    HelpScreen_drawScreenKeys(s, "In the help", self->keys, self->nkeys);
}

/* Where the game has carpets, a picture of a flight after the rules. */
static void HelpScreen_drawFlight(Scroller *s, const Variant *v)
{
    char text[HELP_FLIGHT_MAX];
    if (!HelpFlight_diagram(v, text, sizeof text))
        return;
    static const char title[] = "A carpet flight:";
    HelpScreen_line(s, ROLE_TITLE, title, (int)strlen(title));
    for (char *line = text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        *end = '\0';
        if ((int)strlen(line) <= s->width)
            HelpScreen_line(s, ROLE_NORMAL, line, (int)strlen(line));
        else
            HelpScreen_wrapped(s, ROLE_NORMAL, line);
    }
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
}

static void HelpScreen_drawRules(Scroller *s, const Variant *v)
{
    char line[200];
    snprintf(line, sizeof line, "%s: %s", v->title, v->summary);
    HelpScreen_line(s, ROLE_TITLE, line, (int)strlen(line));
    snprintf(line, sizeof line, "Board %d files x %d ranks; %s moves first.", v->files, v->ranks,
             v->first_side == WHITE ? "White" : "Black");
    HelpScreen_line(s, ROLE_NORMAL, line, (int)strlen(line));
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
    const char *text = v->rules_help;
    while (*text) {
        const char *end = strchr(text, '\n');
        size_t n = end ? (size_t)(end - text) : strlen(text);
        char para[1024];
        snprintf(para, sizeof para, "%.*s", (int)n, text);
        Ui_wrap(para, s->width, HelpScreen_wrapLine, s);
        HelpScreen_line(s, ROLE_NORMAL, "", 0);
        text += n + (end != NULL);
    }
    HelpScreen_drawFlight(s, v);
    static const char pieces[] = "Pieces (Tab or Right for each one's page):";
    HelpScreen_line(s, ROLE_TITLE, pieces, (int)strlen(pieces));
    for (int t = 0; t < v->ntypes; t++) {
        const PieceKind *k = Variant_kind(v, t);
        snprintf(line, sizeof line, "  %c  %s", k->letter, k->name);
        HelpScreen_line(s, ROLE_NORMAL, line, (int)strlen(line));
    }
}

/* The colour of each of help_piece's symbols. */
static uint16_t HelpScreen_highlight(char glyph)
{
    switch (glyph) {
        case '@':
        case '=': return HL_JUMP;
        case '^':
        case 'x': return HL_TAKES;
        case '%': return HL_FLIGHT;
        case 0: return 0;
        default: return HL_DEST;
    }
}

/* Draws the diagram and leaves its symbols in glyphs for the legend. */
static void HelpScreen_drawDiagram(const BoardView *bv, Position *pos, int type, int from,
                                   bool generic, char glyphs[MAX_CELLS])
{
    uint8_t dest[MAX_CELLS];
    uint16_t hl[MAX_CELLS];
    HelpPiece_marks(pos, type, from, generic, dest);
    for (int c = 0; c < MAX_CELLS; c++) {
        glyphs[c] = HelpPiece_glyph(dest[c]);
        hl[c] = HelpScreen_highlight(glyphs[c]);
        if (IS_PIECE(pos->board[c]) && dest[c])
            hl[c] = HL_CAPTURE;
    }
    hl[from] = HL_SELECTED;
    BoardView_draw(bv, pos, hl, glyphs);
}

/* The legend of the symbols the diagram shows: two entries a line where
 * the column is wide enough, else one. */
static void HelpScreen_drawLegend(Scroller *s, const char glyphs[MAX_CELLS])
{
    const char *entries[HELP_PIECE_MAX_LEGEND];
    int n = HelpPiece_legend(glyphs, entries);
    int step = s->width >= 2 * LEGEND_WIDTH ? 2 : 1;
    char line[80];
    for (int i = 0; i < n; i += step) {
        snprintf(line, sizeof line, "%-*s%s", LEGEND_WIDTH, entries[i],
                 step == 2 && i + 1 < n ? entries[i + 1] : "");
        HelpScreen_wrapped(s, ROLE_LABEL, line);
    }
}

static void HelpScreen_drawPieceText(Scroller *s, const Variant *v, int type, const char *where,
                                     const char glyphs[MAX_CELLS])
{
    const PieceKind *k = Variant_kind(v, type);
    int value = Variant_value(v, type);
    char line[160];
    snprintf(line, sizeof line, "%s (%c)  %s", k->name, k->letter, where);
    HelpScreen_wrapped(s, ROLE_TITLE, line);
    if (k->flags & PF_ROYAL)
        snprintf(line, sizeof line, "Royal: it must never be left in check.");
    else
        snprintf(line, sizeof line, "Value: about %d.%02d, where a Rook is 5", value / 100,
                 value % 100);
    HelpScreen_wrapped(s, ROLE_NORMAL, line);
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
    Ui_wrap(k->help, s->width, HelpScreen_wrapLine, s);
    const char *note = Variant_pieceNote(v, type);
    if (note) {
        snprintf(line, sizeof line, "In %s:", v->title);
        HelpScreen_wrapped(s, ROLE_LABEL, line);
        Ui_wrap(note, s->width, HelpScreen_wrapLine, s);
    }
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
    HelpScreen_drawLegend(s, glyphs);
}

static int HelpScreen_drawPiece(int rows, int cols)
{
    HelpState *h = &help;
    int type = h->page - 2;
    Position pos;
    int from;
    char where[64] = "on an empty board";
    bool generic = !(h->from_board && Session_hasGame(App_play()->s)
                     && h->v == Session_variant(App_play()->s));
    if (!generic) {
        pos = Session_game(App_play()->s)->pos;
        from = h->cell;
        char name[8];
        Position_cellName(&pos, from, name);
        snprintf(where, sizeof where, "from %s in this game", name);
    } else {
        from = HelpPiece_setUp(&pos, h->v, type);
    }
    BoardView bv = {.top = HEADER_ROWS, .left = 0};
    int text_w = cols / 3 > TEXT_MIN ? cols / 3 : TEXT_MIN;
    BoardView_layout(&bv, &pos, rows - HEADER_ROWS - FOOTER_ROWS, cols - text_w - 2);
    bv.flipped = h->from_board && Session_flipped(App_play()->s);
    char glyphs[MAX_CELLS];
    HelpScreen_drawDiagram(&bv, &pos, type, from, generic, glyphs);
    int x = BoardView_width(&pos, bv.cw) + 2;
    Scroller s = {HEADER_ROWS, x, cols - x,   rows - HEADER_ROWS - FOOTER_ROWS,
                  h->scroll,   0, ROLE_NORMAL};
    HelpScreen_drawPieceText(&s, h->v, type, where, glyphs);
    return s.count;
}

static void HelpScreen_drawHeader(const HelpState *h, int cols)
{
    const char *what = h->page == 0 ? "keys and commands" : h->page == 1 ? "rules" : "pieces";
    Ui_text(0, 0, cols, ROLE_TITLE, "Help: %s - %s   (page %d of %d)", h->v->title, what,
            h->page + 1, HelpScreen_pageCount(h));
}

static void HelpScreen_draw(int rows, int cols)
{
    HelpState *h = &help;
    curs_set(0);
    HelpScreen_drawHeader(h, cols);
    Scroller s = {HEADER_ROWS, 0, cols,       rows - HEADER_ROWS - FOOTER_ROWS,
                  h->scroll,   0, ROLE_NORMAL};
    if (h->page == 0)
        HelpScreen_drawKeys(&s, h->v);
    else if (h->page == 1)
        HelpScreen_drawRules(&s, h->v);
    else
        s.count = HelpScreen_drawPiece(rows, cols);
    /* Scrolling stops once the last line is in view. */
    if (h->scroll > s.count - s.height)
        h->scroll = s.count > s.height ? s.count - s.height : 0;
    h->height = s.height;
    h->more = s.count > h->scroll + s.height;
    if (Nav_noteText()[0])
        Ui_text(rows - 2, 0, cols, ROLE_ERROR, "%s", Nav_noteText());
    else if (h->more)
        Ui_text(rows - 2, 0, cols, ROLE_INFO, "-- more below (Space/PgDn, Down) --");
    Ui_text(rows - 1, 0, cols, ROLE_LABEL,
            "Left/Right/Tab page  Space/Up/Down scroll  g other game  Esc back");
}

static void HelpScreen_turnPage(HelpState *h, int delta)
{
    int n = HelpScreen_pageCount(h);
    h->page = (h->page + delta + n) % n;
    h->scroll = 0;
    h->from_board = false;
}

static void HelpScreen_nextGame(HelpState *h)
{
    h->v = Variant_get((VariantId)((h->v->id + 1) % VARIANT_COUNT));
    h->page = h->page > 1 ? 1 : h->page;
    h->scroll = 0;
    h->from_board = false;
}

static void HelpScreen_next(void)
{
    HelpScreen_turnPage(&help, 1);
}

static void HelpScreen_previous(void)
{
    HelpScreen_turnPage(&help, -1);
}

/* Space and PgDn read on: the next screenful while the page goes on, then
 * the next page; PgUp the other way. One line stays in view for context. */
static void HelpScreen_pageDown(void)
{
    if (help.more)
        help.scroll += help.height > 2 ? help.height - 1 : 1;
    else
        HelpScreen_turnPage(&help, 1);
}

static void HelpScreen_pageUp(void)
{
    if (help.scroll == 0) {
        HelpScreen_turnPage(&help, -1);
        return;
    }
    help.scroll -= help.height > 2 ? help.height - 1 : 1;
    if (help.scroll < 0)
        help.scroll = 0;
}

static void HelpScreen_down(void)
{
    help.scroll++;
}

static void HelpScreen_up(void)
{
    help.scroll -= help.scroll > 0;
}

static void HelpScreen_otherGame(void)
{
    HelpScreen_nextGame(&help);
}

static void HelpScreen_back(void)
{
    Nav_show(help.back);
}

static const ScreenKey help_keys[] = {
    {{KEY_RIGHT, 'l', '\t'}, "Right l Tab", "the next page", HelpScreen_next},
    {{KEY_LEFT, 'h', KEY_BTAB}, "Left h", "the previous page", HelpScreen_previous},
    {{' ', KEY_NPAGE},
     "Space PgDn",
     "read on: the next screenful, at its end the next page",
     HelpScreen_pageDown},
    {{KEY_PPAGE}, "PgUp", "back a screenful, at the top the previous page", HelpScreen_pageUp},
    {{KEY_DOWN, 'j'}, "Down j", "scroll down", HelpScreen_down},
    {{KEY_UP, 'k'}, "Up k", "scroll up", HelpScreen_up},
    {{'g'}, "g", "the same help for the next game", HelpScreen_otherGame},
    {{KEY_ESC, 'q', '?'}, "Esc q ?", "leave the help", HelpScreen_back},
};

#define NHELP_KEYS ((int)(sizeof help_keys / sizeof help_keys[0]))

static void HelpScreen_key(int key)
{
    Nav_note("%s", "");
    if (!ScreenKeys_run(help_keys, NHELP_KEYS, key))
        Nav_note("key %s does nothing in the help (see below)", Keys_name(key));
}

static const Variant *HelpScreen_shown(void)
{
    return help.v;
}

/* From the game the keys come first; elsewhere the rules. A square of the
 * game's board opens its piece's page, drawn from there. */
static void HelpScreen_enter(const NavArgs *args)
{
    HelpState *h = &help;
    memset(h, 0, sizeof *h);
    h->back = args->back;
    h->v = args->v;
    h->page = args->back == SCREEN_GAME ? 0 : 1;
    if (args->cell >= 0) {
        uint8_t piece = Session_position(App_play()->s)->board[args->cell];
        h->page = 2 + PIECE_TYPE(piece);
        h->from_board = true;
        h->cell = args->cell;
    }
}

const Screen HelpScreen = {
    .draw = HelpScreen_draw,
    .key = HelpScreen_key,
    .minSize = HelpScreen_minSize,
    .variant = HelpScreen_shown,
    .enter = HelpScreen_enter,
    .keys = help_keys,
    .nkeys = NHELP_KEYS,
};
