/* The help screens: keys and commands read from the command table, each
 * game's rules text, and a page per piece with a diagram computed by the
 * core's Movegen_destinations, never drawn by hand. */
#include "ui/help_screen.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "core/movegen.h"
#include "ui/board_view.h"
#include "ui/colors.h"
#include "ui/commands.h"
#include "ui/keys.h"
#include "ui/nav.h"

#define HEADER_ROWS 2
#define FOOTER_ROWS 2   /* a message line and the keys line */
#define TEXT_MIN 26
#define KEYS_WIDTH 17
#define USAGE_WIDTH 13 /* the longest usage, "load FILE [N]" */

typedef struct {
    int page;         /* 0 keys, 1 rules, 2.. the variant's pieces */
    int scroll;
    ScreenId back;    /* where Esc returns */
    const Variant *v;
    bool from_board;  /* the piece page shows the game's own position */
    int cell;         /* the square the piece stands on, from the board */
} HelpState;

static HelpState help;

/* Lines that scroll: only those inside the window are drawn. */
typedef struct {
    int top, x, width, height, scroll, count;
} Scroller;

static void HelpScreen_line(Scroller *s, int role, const char *text, int n)
{
    int row = s->count++ - s->scroll;
    if (row >= 0 && row < s->height)
        Ui_text(s->top + row, s->x, s->width, role, "%.*s", n, text);
}

static void HelpScreen_wrapLine(void *ctx, const char *text, int n)
{
    HelpScreen_line(ctx, ROLE_NORMAL, text, n);
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
    Scroller column = {s->top, s->x + x, s->width - x, s->height, s->scroll, s->count};
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

static void HelpScreen_drawKeys(Scroller *s)
{
    int n;
    const Command *cmds = Commands_table(&n);
    char line[160];
    snprintf(line, sizeof line, "%-*s %-*s %s", KEYS_WIDTH, "Keys", USAGE_WIDTH, "Command",
             "What it does");
    HelpScreen_line(s, ROLE_TITLE, line, (int)strlen(line));
    for (int i = 0; i < n; i++)
        HelpScreen_drawRow(s, cmds[i].keynames, cmds[i].typed ? cmds[i].usage : "", cmds[i].help);
    static const char *notes[] = {
        "",
        "After ':' a move is typed in coordinates (e2e4, e11e12q, b7a7k5)",
        "or as in the move list (Nf3, exd5, e12=Q, Ra7>k5). Up and Down",
        "recall earlier lines; Left, Right, Home, End, Delete and",
        "Ctrl-A E B F D K U W edit as in a shell; Esc leaves the line.",
        "While promoting, the piece's letter chooses it; q is then the Queen.",
        "While arranging pieces, the arrows move and letters place pieces.",
        "A draw offered by the other person at this keyboard is answered",
        "with y (accept) or n (decline).",
        "Between terminals (zanzibar --invite USER, --join USER): draw,",
        "takeback, adjourn and rematch ask the other player, who answers",
        "with y or n; say sends a line to everyone in the game; undo,",
        "redo, hint, move, analysis, level, new, load and fen FEN do not apply.",
        "q leaves the game without ending it: the same command comes back.",
    };
    for (unsigned i = 0; i < sizeof notes / sizeof notes[0]; i++)
        HelpScreen_line(s, ROLE_NORMAL, notes[i], (int)strlen(notes[i]));
    const Screen *menu = Nav_screen(SCREEN_MENU), *self = Nav_screen(SCREEN_HELP);
    HelpScreen_drawScreenKeys(s, "In the start menu", menu->keys, menu->nkeys);
    HelpScreen_drawScreenKeys(s, "In the help", self->keys, self->nkeys);
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
    static const char pieces[] = "Pieces (Tab or Right for each one's page):";
    HelpScreen_line(s, ROLE_TITLE, pieces, (int)strlen(pieces));
    for (int t = 0; t < v->ntypes; t++) {
        const PieceKind *k = Variant_kind(v, t);
        snprintf(line, sizeof line, "  %c  %s", k->letter, k->name);
        HelpScreen_line(s, ROLE_NORMAL, line, (int)strlen(line));
    }
}

/* The square a piece stands on in its diagram: near the middle, on a real
 * square, and on the start rank when its double step needs that. Beside a
 * hole in the middle, the diagram shows how the hole blocks. */
static int HelpScreen_diagramSquare(const Position *pos, const PieceKind *k)
{
    int file = (pos->geo->files - 1) / 2, rank = (pos->geo->ranks - 1) / 2;
    for (int i = 0; i < k->natoms; i++)
        if (k->atoms[i].kind == ATOM_DOUBLE && k->atoms[i].cond == DOUBLE_FROM_START)
            rank = pos->v->pawn_start_rank - 1;
    int cell = Position_cell(pos, file, rank);
    while (!Position_isSquare(pos, cell) && file > 0)
        cell = Position_cell(pos, --file, rank);
    return cell;
}

static bool HelpScreen_hops(const PieceKind *k)
{
    for (int i = 0; i < k->natoms; i++)
        if (k->atoms[i].kind == ATOM_HOP)
            return true;
    return false;
}

/* A hopper's diagram needs something to hop over: a friendly screen two
 * squares away along each of its hop lines. */
static void HelpScreen_placeScreens(Position *pos, const PieceKind *k, int from, uint8_t screen)
{
    int f = Position_file(pos, from), r = Position_rank(pos, from);
    for (int i = 0; i < k->natoms; i++) {
        if (k->atoms[i].kind != ATOM_HOP)
            continue;
        int dx = k->atoms[i].dx, dy = k->atoms[i].dy;
        int dirs[8][2] = {{dx, dy}, {-dx, dy}, {dx, -dy}, {-dx, -dy},
                          {dy, dx}, {-dy, dx}, {dy, -dx}, {-dy, -dx}};
        for (int d = 0; d < 8; d++) {
            int cell = Position_cell(pos, f + 2 * dirs[d][0], r + 2 * dirs[d][1]);
            if (cell >= 0 && Position_isSquare(pos, cell) && pos->board[cell] == CELL_EMPTY)
                Position_put(pos, cell, screen);
        }
    }
}

/* An empty board of the game (carpets where they start) with the piece alone. */
static int HelpScreen_diagramPosition(Position *pos, const Variant *v, int type)
{
    Setup_start(pos, v);
    for (int c = 0; c < MAX_CELLS; c++)
        if (IS_PIECE(pos->board[c]))
            Position_remove(pos, c);
    const PieceKind *k = Variant_kind(v, type);
    int from = HelpScreen_diagramSquare(pos, k);
    if (k->flags & PF_KING_JUMP)
        Position_setRights(pos, 3);
    Position_put(pos, from, PIECE_MAKE(WHITE, type));
    if (HelpScreen_hops(k))
        HelpScreen_placeScreens(pos, k, from, PIECE_MAKE(WHITE, v->ntypes - 1));
    return from;
}

/* Where the piece takes: each empty square in turn gets an enemy on it. */
static void HelpScreen_captureSquares(Position *pos, int type, int from, uint8_t dest[MAX_CELLS])
{
    uint8_t enemy = PIECE_MAKE(BLACK, pos->v->ntypes - 1), probe[MAX_CELLS];
    for (int c = 0; c < MAX_CELLS; c++) {
        if (c == from || !Position_isSquare(pos, c) || pos->board[c] != CELL_EMPTY)
            continue;
        Position_put(pos, c, enemy);
        memset(probe, 0, sizeof probe);
        Movegen_destinations(pos, WHITE, type, from, probe);
        Position_remove(pos, c);
        dest[c] |= probe[c] & (DEST_CAPTURE | DEST_HOP);
    }
}

static char HelpScreen_glyph(uint8_t d, uint16_t *hl)
{
    static const struct {
        uint8_t bits, none;
        char glyph;
        uint16_t hl;
    } order[] = {
        {DEST_JUMP, 0, '@', HL_JUMP},     {DEST_HOP, 0, '^', HL_TAKES},
        {DEST_BENT, 0, '%', HL_FLIGHT},   {DEST_DOUBLE, 0, '=', HL_JUMP},
        {DEST_MOVE | DEST_CAPTURE, 0, '*', HL_DEST},
        {DEST_MOVE, DEST_CAPTURE, 'o', HL_DEST}, {DEST_CAPTURE, DEST_MOVE, 'x', HL_TAKES},
    };
    for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {
        if ((d & order[i].bits) == order[i].bits && !(d & order[i].none)) {
            *hl = order[i].hl;
            return order[i].glyph;
        }
    }
    return 0;
}

static void HelpScreen_drawDiagram(const BoardView *bv, Position *pos, int type, int from,
                                   bool generic)
{
    uint8_t dest[MAX_CELLS];
    uint16_t hl[MAX_CELLS];
    char glyphs[MAX_CELLS];
    int color = PIECE_COLOR(pos->board[from]);
    memset(dest, 0, sizeof dest);
    Movegen_destinations(pos, color, type, from, dest);
    if (generic)
        HelpScreen_captureSquares(pos, type, from, dest);
    for (int c = 0; c < MAX_CELLS; c++) {
        hl[c] = 0;
        glyphs[c] = HelpScreen_glyph(dest[c], &hl[c]);
        if (IS_PIECE(pos->board[c]) && dest[c])
            hl[c] = HL_CAPTURE;
    }
    hl[from] = HL_SELECTED;
    BoardView_draw(bv, pos, hl, glyphs);
}

static const char *legend[] = {
    "* moves or takes    o moves only",
    "x takes only        ^ takes by hopping",
    "% bent ride         = double step",
    "@ King jump         <X> the piece",
};

static void HelpScreen_drawPieceText(Scroller *s, const Variant *v, int type, const char *where)
{
    const PieceKind *k = Variant_kind(v, type);
    int value = Variant_value(v, type);
    char line[160];
    snprintf(line, sizeof line, "%s (%c)  %s", k->name, k->letter, where);
    HelpScreen_line(s, ROLE_TITLE, line, (int)strlen(line));
    if (k->flags & PF_ROYAL)
        snprintf(line, sizeof line, "Royal: it must never be left in check.");
    else
        snprintf(line, sizeof line, "Value: about %d.%02d, where a Rook is 5", value / 100,
                 value % 100);
    HelpScreen_line(s, ROLE_NORMAL, line, (int)strlen(line));
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
    Ui_wrap(k->help, s->width, HelpScreen_wrapLine, s);
    HelpScreen_line(s, ROLE_NORMAL, "", 0);
    for (unsigned i = 0; i < sizeof legend / sizeof legend[0]; i++)
        HelpScreen_line(s, ROLE_LABEL, legend[i], (int)strlen(legend[i]));
}

static int HelpScreen_drawPiece(int rows, int cols)
{
    HelpState *h = &help;
    int type = h->page - 2;
    Position pos;
    int from;
    char where[64] = "on an empty board";
    bool generic = !(h->from_board && Nav_play()->s.active && h->v == Nav_play()->s.v);
    if (!generic) {
        pos = Nav_play()->s.game.pos;
        from = h->cell;
        char name[8];
        Position_cellName(&pos, from, name);
        snprintf(where, sizeof where, "from %s in this game", name);
    } else {
        from = HelpScreen_diagramPosition(&pos, h->v, type);
    }
    BoardView bv = {.top = HEADER_ROWS, .left = 0};
    int text_w = cols / 3 > TEXT_MIN ? cols / 3 : TEXT_MIN;
    BoardView_layout(&bv, &pos, rows - HEADER_ROWS - FOOTER_ROWS, cols - text_w - 2);
    bv.flipped = h->from_board && Nav_play()->flipped;
    HelpScreen_drawDiagram(&bv, &pos, type, from, generic);
    int x = BoardView_width(&pos, bv.cw) + 2;
    Scroller s = {HEADER_ROWS, x, cols - x, rows - HEADER_ROWS - FOOTER_ROWS, h->scroll, 0};
    HelpScreen_drawPieceText(&s, h->v, type, where);
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
    Scroller s = {HEADER_ROWS, 0, cols, rows - HEADER_ROWS - FOOTER_ROWS, h->scroll, 0};
    if (h->page == 0)
        HelpScreen_drawKeys(&s);
    else if (h->page == 1)
        HelpScreen_drawRules(&s, h->v);
    else
        s.count = HelpScreen_drawPiece(rows, cols);
    /* Scrolling stops once the last line is in view. */
    if (h->scroll > s.count - s.height)
        h->scroll = s.count > s.height ? s.count - s.height : 0;
    if (Nav_noteText()[0])
        Ui_text(rows - 2, 0, cols, ROLE_ERROR, "%s", Nav_noteText());
    Ui_text(rows - 1, 0, cols, ROLE_LABEL,
            "Left/Right/Tab page  Up/Down scroll  g other game  Esc back");
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
    {{KEY_RIGHT, 'l', '\t', KEY_NPAGE, ' '}, "Right l Tab PgDn", "the next page", HelpScreen_next},
    {{KEY_LEFT, 'h', KEY_BTAB, KEY_PPAGE}, "Left h PgUp", "the previous page", HelpScreen_previous},
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
        Nav_note("key %s does nothing in the help (see below)", keyname(key) ? keyname(key) : "?");
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
        uint8_t piece = Nav_play()->s.game.pos.board[args->cell];
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
