/* The game screen: the board with its highlights, the side panel (turn,
 * clocks, engine, captures, move list or promotion chooser), the message
 * line and the ':' command line. Keys go through the command table. */
#include "ui/game_screen.h"

#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/status.h"
#include "ui/analysis_view.h"
#include "ui/annotate_view.h"
#include "ui/app.h"
#include "ui/board_view.h"
#include "ui/chat_view.h"
#include "ui/columns.h"
#include "ui/captured.h"
#include "ui/colors.h"
#include "ui/commands.h"
#include "ui/end_panel.h"
#include "ui/keys.h"
#include "ui/lineedit.h"
#include "ui/nav.h"
#include "ui/paste.h"
#include "ui/review.h"
#include "ui/ui.h"
#include "ui/variation.h"

#define PANEL_MIN 26
#define TITLE_ROWS 1
/* The command line after its colon, leaving the last column unwritten. */
#define LINE_FIELD(cols) ((cols)-2)
#define BOTTOM_ROWS 2
#define MESSAGE_LINES 3
#define PANEL_TOP_ROWS 6 /* status, clocks, engine, captures, a gap */
/* The panel shows the review's graph only where the moves keep 8 rows. */
#define PANEL_GRAPH_MIN (ANNOTATE_GRAPH_ROWS + 1 + 8)
#define BOARD_LABEL_W 3  /* the graph starts under the board's files */
#define VARIATION_ROWS 3 /* the variation's moves, wrapped, over the move list */
/* A line of the move list: "%3d. " then White's move in MOVES_SAN_W columns. */
#define MOVES_WHITE_X 5
#define MOVES_SAN_W 10
#define MOVES_BLACK_X (MOVES_WHITE_X + MOVES_SAN_W)
/* With the clocks (a game that records them, a panel wide enough), a line
 * ends with each side's time left after its move: "  05:00  04:58". */
#define MOVES_CLOCK_W 7

typedef struct {
    BoardView bv;
    LineEdit line;
    bool graph_under_board; /* the review's graph fits there: not in the panel */
    int moves_clock_w;      /* 0, or MOVES_CLOCK_W when the list shows clocks */
    bool confirm_quit;
    bool confirm_new;                    /* leave the game in progress for the menu? */
    bool confirm_resign;                 /* give the game up? */
    int moves_top, moves_x, moves_first; /* the move list, for clicks */
    char message[2 * PLAY_MESSAGE_MAX];  /* the message line's text (Play_messageText) */
} GameState;

static GameState game;

static void GameScreen_minSize(const Variant *v, int *rows, int *cols)
{
    Position pos;
    Position_init(&pos, v);
    /* The panel must hold the promotion chooser's every choice. */
    int panel = PANEL_TOP_ROWS + 1 + v->npromos;
    int board = BoardView_height(&pos, 1);
    *rows = TITLE_ROWS + (board > panel ? board : panel) + BOTTOM_ROWS;
    *cols = BoardView_width(&pos, 3) + 2 + PANEL_MIN;
}

/* The name the game's record gives the player (a loaded file's White or
 * Black), else who plays the side here; the engine is said either way. */
static void GameScreen_playerName(const Play *p, int side, char *buf, size_t len)
{
    const char *name = Session_playerName(p->s, side);
    bool engine = Session_seat(p->s, side) == SEAT_ENGINE;
    if (name == NULL)
        snprintf(buf, len, "%s", engine ? "engine" : "human");
    else
        snprintf(buf, len, "%s%s", name, engine ? " (engine)" : "");
}

/* Who is missing while the game is played, as long as the line allows:
 * with what they must type, then without their name twice, then only who;
 * never cut in the middle of the command. */
static void GameScreen_waitingText(const Match *m, int me, int room, char *buf, size_t len)
{
    const char *other = Match_name(m, !me), *option = Match_otherOption(m);
    snprintf(buf, len, "   waiting for %s (%s runs: %s %s)", other, other, option,
             Match_name(m, me));
    if (Columns_count(buf, (int)strlen(buf)) > room)
        snprintf(buf, len, "   waiting for %s (%s %s)", other, option, Match_name(m, me));
    if (Columns_count(buf, (int)strlen(buf)) > room)
        snprintf(buf, len, "   waiting for %s", other);
}

/* A game between terminals: the players' accounts, who is connected, and
 * how the one who is missing comes in. */
static void GameScreen_drawNetTitle(const Play *p, int cols)
{
    const Match *m = p->match;
    int me = Match_localSide(m);
    char players[200], waiting[200] = "";
    snprintf(players, sizeof players, "%s   White: %s%s   Black: %s%s%s",
             Session_variant(p->s)->title, Match_name(m, WHITE),
             Match_connected(m, WHITE) ? "" : " (away)", Match_name(m, BLACK),
             Match_connected(m, BLACK) ? "" : " (away)", me < 0 ? "   watching" : "");
    if (me >= 0 && !Match_connected(m, !me) && !Game_over(Session_game(p->s)))
        GameScreen_waitingText(m, me, cols - Columns_count(players, (int)strlen(players)), waiting,
                               sizeof waiting);
    Ui_text(0, 0, cols, ROLE_TITLE, "%s%s", players, waiting);
}

static void GameScreen_drawTitle(int cols)
{
    const Play *p = App_play();
    if (Match_offers(p->match, MATCH_NAMED)) {
        GameScreen_drawNetTitle(p, cols);
        return;
    }
    char white[96], black[96]; /* a longer name would not fit the line */
    GameScreen_playerName(p, WHITE, white, sizeof white);
    GameScreen_playerName(p, BLACK, black, sizeof black);
    Ui_text(0, 0, cols, ROLE_TITLE, "%s   White: %s   Black: %s   level %d",
            Session_variant(p->s)->title, white, black, Session_level(p->s));
}

static void GameScreen_markLastMove(const Play *p, uint16_t hl[MAX_CELLS])
{
    Move last = Review_move(p);
    if (last == MOVE_NONE)
        return;
    hl[MOVE_FROM(last)] |= HL_LAST;
    hl[MOVE_TO(last)] |= HL_LAST;
    int slot = MOVE_FLY(last);
    if (slot >= 0 && slot < Session_position(p->s)->geo->ncarpet_cells)
        hl[Session_position(p->s)->geo->carpet_cell[slot]] |= HL_LAST;
}

/* In review the board shows only the position, its last move and check. */
static void GameScreen_highlights(const Play *p, const Position *pos, uint16_t hl[MAX_CELLS])
{
    uint8_t marks[MAX_CELLS];
    Play_marks(p, marks);
    for (int c = 0; c < MAX_CELLS; c++) {
        hl[c] = (uint16_t)((marks[c] & MARK_DEST ? HL_DEST : 0)
                           | (marks[c] & MARK_CAPTURE ? HL_CAPTURE : 0)
                           | (marks[c] & MARK_JUMP ? HL_JUMP : 0)
                           | (marks[c] & MARK_FLIGHT ? HL_FLIGHT : 0)
                           | (marks[c] & MARK_STAY ? HL_STAY : 0));
    }
    GameScreen_markLastMove(p, hl);
    if (pos->king[pos->side] && Position_inCheck(pos))
        hl[pos->king[pos->side]] |= HL_CHECK;
    if (Session_hintMove(p->s) != MOVE_NONE && !Review_active(p)) {
        hl[MOVE_FROM(Session_hintMove(p->s))] |= HL_HINT;
        hl[MOVE_TO(Session_hintMove(p->s))] |= HL_HINT;
    }
    Move best = AnalysisView_best(p);
    if (best != MOVE_NONE) {
        hl[MOVE_FROM(best)] |= HL_HINT;
        hl[MOVE_TO(best)] |= HL_HINT;
    }
    if (p->entry.stage != ENTRY_IDLE)
        hl[p->entry.from] |= HL_SELECTED;
    hl[p->cursor] |= HL_CURSOR;
}

/* Rounded up, so that a clock reads zero only when its time is up. */
static void GameScreen_formatClock(char *buf, size_t len, int ms)
{
    int tenths = ms > 0 ? (ms + 99) / 100 : 0;
    if (ms < PLAY_TENTHS_BELOW_MS && tenths < 100) {
        snprintf(buf, len, "00:%02d.%d", tenths / 10, tenths % 10);
        return;
    }
    int s = (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(buf, len, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%02d:%02d", s / 60, s % 60);
}

static void GameScreen_drawStatus(const Play *p, int y, int x, int w)
{
    const Game *g = Session_game(p->s);
    if (Game_over(g)) {
        Ui_text(y, x, w, ROLE_TITLE, "Game over: %s, %s", Status_resultText(g->status.result),
                Status_reasonText(g->status.reason));
        return;
    }
    if (Session_aborted(p->s)) {
        Ui_text(y, x, w, ROLE_TITLE, "Game aborted: no result");
        return;
    }
    int arranging = Match_arranging(p->match);
    if (arranging >= 0) {
        bool mine = arranging == Match_localSide(p->match);
        Ui_text(y, x, w, ROLE_TITLE,
                mine ? "You arrange the pieces (:arrange)" : "Waiting for %s's arrangement",
                arranging == WHITE ? "White" : "Black");
        return;
    }
    Ui_text(y, x, w, ROLE_NORMAL, "%s to move%s", g->pos.side == WHITE ? "White" : "Black",
            Position_inCheck(&g->pos) ? ", in check" : "");
}

static void GameScreen_drawClocks(const Play *p, int y, int x, int w)
{
    int64_t now = Play_nowMs();
    if (!Session_timeControl(p->s, NULL, NULL)) {
        Ui_text(y, x, w, ROLE_LABEL, "no clock");
        return;
    }
    char c[2][16];
    for (int side = 0; side < 2; side++)
        GameScreen_formatClock(c[side], sizeof c[side], Play_clockLeft(p, side, now));
    Ui_text(y, x, w, ROLE_NORMAL, "White %s   Black %s", c[WHITE], c[BLACK]);
}

/* The search's score is shown from White's side, as the analysis and the
 * hint show it: "+1.20", "-0.35". */
static void GameScreen_drawEngine(const Play *p, int y, int x, int w)
{
    char bar[128];
    if (AnnotateView_progress(bar, w < (int)sizeof bar ? w : (int)sizeof bar - 1)) {
        Ui_text(y, x, w, ROLE_INFO, "%s", bar);
        return;
    }
    if (Match_offers(p->match, MATCH_NAMED) && !p->show_analysis) { /* whose side is this */
        int me = Match_localSide(p->match);
        Ui_text(y, x, w, ROLE_LABEL, me < 0 ? "you are watching" : "you play %s",
                me == WHITE ? "White" : "Black");
        return;
    }
    if (Session_thinking(p->s) == THINK_NONE && p->show_analysis) {
        char head[64], line[256];
        AnalysisView_describe(p, head, sizeof head, line, sizeof line);
        Ui_text(y, x, w, ROLE_INFO, "%s", head);
        Ui_text(y + 3, x, w, ROLE_INFO, "%s", line); /* the row under the captures */
        return;
    }
    if (Session_thinking(p->s) == THINK_NONE) {
        Ui_text(y, x, w, ROLE_LABEL, "engine idle (a: analysis)");
        return;
    }
    const char *what = Session_thinking(p->s) == THINK_HINT ? "hint" : "thinking";
    char secs[16] = "";
    if (Session_progress(p->s)->elapsed_ms >= 1000)
        snprintf(secs, sizeof secs, " %d s", Session_progress(p->s)->elapsed_ms / 1000);
    if (!p->show_analysis || Session_progress(p->s)->depth == 0) {
        Ui_text(y, x, w, ROLE_INFO, "engine: %s...%s", what, secs);
        return;
    }
    char score[32];
    Session_scoreText(Session_progress(p->s)->score, Session_position(p->s)->side, score,
                      sizeof score);
    Ui_text(y, x, w, ROLE_INFO, "%s d%d %s%s",
            Session_thinking(p->s) == THINK_HINT ? "hint" : "engine", Session_progress(p->s)->depth,
            score, secs);
}

/* Each side's line lists the pieces it took, and the material balance
 * stands beside the side ahead, "+3", as lichess shows them. */
static void GameScreen_drawCaptured(const Play *p, int y, int x, int w)
{
    Captured c;
    Captured_of(Session_game(p->s), Review_ply(p), &c);
    for (int side = 0; side < 2; side++) {
        char plus[16] = "";
        if (c.ahead == side)
            snprintf(plus, sizeof plus, "%s+%d", c.lost[!side][0] ? "  " : "", c.pawns);
        Ui_text(y + side, x, w, ROLE_NORMAL, "%s took: %s%s", side == WHITE ? "White" : "Black",
                c.lost[!side], plus);
    }
}

/* "  04:58": the time its mover had left after move ply, or blanks. */
static void GameScreen_moveClock(const Play *p, int ply, char *buf, size_t len)
{
    char clock[16] = "";
    int ms = ply < Session_game(p->s)->nmoves ? Game_clockAt(Session_game(p->s), ply) : -1;
    if (ms >= 0)
        GameScreen_formatClock(clock, sizeof clock, ms);
    snprintf(buf, len, "%*s", MOVES_CLOCK_W, clock);
}

/* One line of the move list: "12. Nf3 Nc6"; Arabian Nights starts "1. ... e7".
 * The review's marks follow the moves, the clocks end the line. */
static int GameScreen_moveLine(const Play *p, int ply, char *buf, size_t len)
{
    int side = Game_moverAt(Session_game(p->s), ply);
    int number = Game_moveNumberAt(Session_game(p->s), ply);
    char white[MOVE_TEXT_MAX + 4] = "...", black[MOVE_TEXT_MAX + 4] = "";
    int white_ply = side == WHITE ? ply : -1;
    if (side == WHITE)
        snprintf(white, sizeof white, "%s%s", p->san[ply++], AnnotateView_mark(p, white_ply));
    int black_ply = ply < Session_game(p->s)->nmoves ? ply : -1;
    if (black_ply >= 0)
        snprintf(black, sizeof black, "%s%s", p->san[ply], AnnotateView_mark(p, black_ply));
    if (game.moves_clock_w == 0) {
        snprintf(buf, len, "%3d. %-*s%s", number, MOVES_SAN_W, white, black);
        return ply + 1;
    }
    char wc[16] = "", bc[16] = "";
    if (white_ply >= 0)
        GameScreen_moveClock(p, white_ply, wc, sizeof wc);
    else
        snprintf(wc, sizeof wc, "%*s", MOVES_CLOCK_W, "");
    if (black_ply >= 0)
        GameScreen_moveClock(p, black_ply, bc, sizeof bc);
    snprintf(buf, len, "%3d. %-*s%-*s%s%s", number, MOVES_SAN_W, white, MOVES_SAN_W, black, wc, bc);
    return ply + 1;
}

/* Clocks in the list when the game recorded any and the panel has room. */
static int GameScreen_clockWidth(const Play *p, int w)
{
    const Game *g = Session_game(p->s);
    bool recorded = false;
    for (int ply = 0; ply < g->nmoves && !recorded; ply++)
        recorded = Game_clockAt(g, ply) >= 0;
    return recorded && w >= MOVES_BLACK_X + MOVES_SAN_W + 2 * MOVES_CLOCK_W ? MOVES_CLOCK_W : 0;
}

/* The reviewed move stands out in its line of the list. */
static void GameScreen_markReviewed(const Play *p, int y, int x, int w)
{
    int ply = Review_ply(p) - 1;
    int side = (Session_game(p->s)->start.side + ply) % 2;
    int col = side == WHITE ? MOVES_WHITE_X : MOVES_BLACK_X;
    if (ply >= 0 && col < w)
        Ui_text(y, x + col, w - col, ROLE_MENU_CURRENT, "%s", p->san[ply]);
}

/* The list ends with the last move, or in review shows the move reviewed
 * (marked) in the middle. */
static void GameScreen_drawMoves(const Play *p, int y, int x, int w, int h)
{
    int lines = 0, first_line = 0, marked = -1;
    char buf[96];
    game.moves_clock_w = GameScreen_clockWidth(p, w);
    if (Review_active(p) && Review_ply(p) == 0)
        marked = 0; /* the start: the list from its first line */
    for (int ply = 0; ply < Session_game(p->s)->nmoves; lines++) {
        int next = GameScreen_moveLine(p, ply, buf, sizeof buf);
        if ((Review_active(p) || Review_walking(p)) && Review_ply(p) > ply && Review_ply(p) <= next)
            marked = lines;
        ply = next;
    }
    if (lines > h - 1)
        first_line = lines - (h - 1);
    if (marked >= 0 && lines > h - 1) {
        first_line = marked - (h - 1) / 2;
        first_line = first_line < 0        ? 0
            : first_line > lines - (h - 1) ? lines - (h - 1)
                                           : first_line;
    }
    game.moves_top = y + 1;
    game.moves_x = x;
    game.moves_first = first_line;
    Ui_text(y, x, w, Review_walking(p) ? ROLE_TITLE : ROLE_LABEL, "Moves%s",
            !Session_game(p->s)->nmoves ? ": none yet"
                : Review_walking(p)     ? " (arrows walk, Tab returns)"
                                        : "");
    int line = 0; /* the lines after the window are not drawn: below are the message and keys */
    for (int ply = 0; ply < Session_game(p->s)->nmoves && line - first_line < h - 1; line++) {
        ply = GameScreen_moveLine(p, ply, buf, sizeof buf);
        if (line >= first_line)
            Ui_text(y + 1 + line - first_line, x, w, ROLE_NORMAL, "%s", buf);
    }
    if (marked >= 0 && marked >= first_line && marked - first_line < h - 1)
        GameScreen_markReviewed(p, y + 1 + marked - first_line, x, w);
}

static void GameScreen_drawChooser(const Play *p, int y, int x, int w, int h)
{
    int types[VARIANT_MAX_PROMOS];
    int n = Play_promotionChoices(p, types);
    Ui_text(y, x, w, ROLE_TITLE, "Promote to (letter, or arrows+Enter):");
    for (int i = 0; i < n && i + 1 < h; i++) {
        const PieceKind *k = Variant_kind(Session_variant(p->s), types[i]);
        int role = i == p->entry.promo_cursor ? ROLE_MENU_CURRENT : ROLE_NORMAL;
        Ui_text(y + 1 + i, x, w, role, " %c  %s", k->letter, k->name);
    }
}

typedef struct {
    int y, x, w, rows;
} PanelRows;

static void GameScreen_variationRow(void *ctx, const char *s, int n)
{
    PanelRows *r = ctx;
    if (r->rows < VARIATION_ROWS)
        Ui_text(r->y + 1 + r->rows, r->x + (r->rows ? 2 : 0), r->w - (r->rows ? 2 : 0), ROLE_INFO,
                "%.*s", n, s);
    r->rows++;
}

/* The variation tried, above the game's own moves: the rows it took. */
static int GameScreen_drawVariation(const Play *p, int y, int x, int w)
{
    char line[PLAY_MESSAGE_MAX];
    Variation_describe(p, line, sizeof line);
    Ui_text(y, x, w, ROLE_TITLE, "Variation (Esc: back to the game)");
    PanelRows r = {y, x, w, 0};
    Ui_wrapHanging(line, w, 2, GameScreen_variationRow, &r);
    int shown = r.rows < VARIATION_ROWS ? r.rows : VARIATION_ROWS;
    return 1 + shown + 1;
}

/* Where the unfinished game went, until the next key: the message line
 * may have said something else since. Returns the rows taken. */
static int GameScreen_drawNote(const Play *p, int y, int x, int w, int h)
{
    const char *path = Session_asidePath(p->s), *slash = strrchr(path, '/');
    if (p->note[0] == '\0' || path[0] == '\0' || h < 3)
        return 0;
    Ui_text(y, x, w, ROLE_INFO, "The unfinished game was kept as");
    Ui_text(y + 1, x, w, ROLE_INFO, "%s", slash != NULL ? slash + 1 : path);
    return 3;
}

/* Who is waited for, counted down: "Black's first move: 0:42 left". */
static void GameScreen_deadlineText(const Play *p, const MatchDeadline *d, char *buf, size_t len)
{
    static const char *const colours[] = {"White", "Black"};
    int s = (int)((d->left_ms + 999) / 1000), me = Match_localSide(p->match);
    const char *claimer = me == !d->colour ? "you" : colours[!d->colour];
    if (d->kind == MATCH_DEADLINE_FIRST_MOVE && me == d->colour)
        snprintf(buf, len, "your first move: %d:%02d left", s / 60, s % 60);
    else if (d->kind == MATCH_DEADLINE_FIRST_MOVE)
        snprintf(buf, len, "%s's first move: %d:%02d left", colours[d->colour], s / 60, s % 60);
    else if (s > 0)
        snprintf(buf, len, "%s away: %s may claim in %d:%02d", colours[d->colour], claimer, s / 60,
                 s % 60);
    else
        snprintf(buf, len, "%s away: %s may :claim now", colours[d->colour], claimer);
}

/* The row under the captures: a deadline the host counts, when one runs. */
static void GameScreen_drawDeadline(const Play *p, int y, int x, int w)
{
    MatchDeadline d = Match_deadline(p->match, Play_nowMs());
    if (d.kind == MATCH_DEADLINE_NONE)
        return;
    char text[PLAY_MESSAGE_MAX];
    GameScreen_deadlineText(p, &d, text, sizeof text);
    Ui_text(y, x, w, ROLE_ERROR, "%s", text);
}

/* The analysis's second and later lines, under its best one (drawn on
 * the engine's rows), where the move list keeps 8 rows: the rows taken. */
static int GameScreen_drawMoreLines(const Play *p, int y, int x, int w, int room)
{
    int n = AnalysisView_lineCount(p), shown = 0;
    char text[PLAY_MESSAGE_MAX];
    for (int i = 1; i < n && shown < room; i++, shown++) {
        AnalysisView_lineText(p, i, text, sizeof text);
        Ui_text(y + shown, x, w, ROLE_INFO, "%s", text);
    }
    return shown > 0 ? shown + 1 : 0;
}

static void GameScreen_drawPanel(int top, int x, int w, int h)
{
    const Play *p = App_play();
    GameScreen_drawStatus(p, top, x, w);
    GameScreen_drawClocks(p, top + 1, x, w);
    GameScreen_drawEngine(p, top + 2, x, w);
    GameScreen_drawCaptured(p, top + 3, x, w);
    GameScreen_drawDeadline(p, top + 5, x, w);
    int rows = 0, below = h - PANEL_TOP_ROWS;
    if (p->entry.stage == ENTRY_PROMO) {
        GameScreen_drawChooser(p, top + PANEL_TOP_ROWS, x, w, below);
        return;
    }
    if (ChatView_open()) {
        ChatView_draw(p, top + PANEL_TOP_ROWS, x, w, below);
        return;
    }
    /* The move list keeps a few rows under the end panel. */
    if (EndPanel_shown(p))
        rows = EndPanel_draw(p, top + PANEL_TOP_ROWS, x, w, below - 3);
    else
        rows = GameScreen_drawNote(p, top + PANEL_TOP_ROWS, x, w, below - 3);
    if (Variation_active(p))
        rows += GameScreen_drawVariation(p, top + PANEL_TOP_ROWS + rows, x, w);
    rows += GameScreen_drawMoreLines(p, top + PANEL_TOP_ROWS + rows, x, w, below - rows - 8);
    if (!game.graph_under_board && below - rows >= PANEL_GRAPH_MIN
        && AnnotateView_drawGraph(p, top + PANEL_TOP_ROWS + rows, x, w, ANNOTATE_GRAPH_ROWS))
        rows += ANNOTATE_GRAPH_ROWS + 1;
    int chat_rows = ChatView_tailRows(p, below - rows);
    GameScreen_drawMoves(p, top + PANEL_TOP_ROWS + rows, x, w, below - rows - chat_rows);
    if (chat_rows > 0)
        ChatView_draw(p, top + h - chat_rows, x, w, chat_rows);
}

typedef struct {
    int n;
    const char *start[MESSAGE_LINES];
    int len[MESSAGE_LINES];
} MessageLines;

static void GameScreen_collectLine(void *ctx, const char *s, int n)
{
    MessageLines *m = ctx;
    if (m->n < MESSAGE_LINES) {
        m->start[m->n] = s;
        m->len[m->n++] = n;
    }
}

/* A long message (a Zanzibar FEN is wider than 80 columns) takes the free
 * rows above the message line under the board rather than being cut; the
 * side panel ends above it (GameScreen_draw). */
static MessageLines GameScreen_messageLines(int rows, int cols)
{
    const Play *p = App_play();
    MessageLines m = {0};
    Play_messageText(p, game.message, sizeof game.message);
    Ui_wrap(game.message, cols, GameScreen_collectLine, &m);
    int board_end = game.bv.top + BoardView_height(Session_position(p->s), game.bv.ch);
    while (m.n > 1 && rows - 1 - m.n < board_end)
        m.n--;
    return m;
}

static void GameScreen_drawMessage(int rows, int cols)
{
    const Play *p = App_play();
    MessageLines m = GameScreen_messageLines(rows, cols);
    int top = rows - 1 - m.n;
    for (int i = 0; i < m.n; i++)
        Ui_text(top + i, 0, cols, p->message_error ? ROLE_ERROR : ROLE_INFO, "%.*s", m.len[i],
                m.start[i]);
}

static void GameScreen_drawReview(int rows, int cols)
{
    char marker[PLAY_MESSAGE_MAX];
    Review_describe(App_play(), marker, sizeof marker);
    Ui_text(rows - 1, 0, cols, ROLE_TITLE, "%s", marker);
}

/* Between terminals the one who asked is named, as on their own screen. */
static void GameScreen_drawQuestion(int rows, int cols)
{
    const Play *p = App_play();
    int asked = Session_askedSide(p->s);
    const char *what = Session_requestName(Session_pending(p->s).kind);
    if (Match_offers(p->match, MATCH_NAMED))
        Ui_text(rows - 1, 0, cols, ROLE_TITLE, "%s (%s) asks for the %s: accept? (y/n)",
                Match_name(p->match, !asked), asked == WHITE ? "Black" : "White", what);
    else
        Ui_text(rows - 1, 0, cols, ROLE_TITLE, "%s, accept the %s? (y/n)",
                asked == WHITE ? "White" : "Black", what);
}

static void GameScreen_drawBottom(int rows, int cols)
{
    GameScreen_drawMessage(rows, cols);
    if (game.confirm_quit)
        Ui_text(rows - 1, 0, cols, ROLE_TITLE, "Quit the game in progress? (y/n)");
    else if (game.confirm_new)
        Ui_text(rows - 1, 0, cols, ROLE_TITLE, "Leave the game in progress for a new one? (y/n)");
    else if (game.confirm_resign)
        Ui_text(rows - 1, 0, cols, ROLE_TITLE, "Resign the game? (y/n)");
    else if (Play_asked(App_play()))
        GameScreen_drawQuestion(rows, cols);
    else if (game.line.active)
        Ui_text(rows - 1, 0, cols, ROLE_NORMAL, ":%s",
                game.line.buf + LineEdit_scroll(&game.line, LINE_FIELD(cols)));
    else if (Review_active(App_play()))
        GameScreen_drawReview(rows, cols);
    else if (EndPanel_shown(App_play()))
        Ui_text(rows - 1, 0, cols, ROLE_TITLE, "%s", EndPanel_keyLine(App_play()));
    else
        Ui_text(rows - 1, 0, cols, ROLE_LABEL,
                "arrows/hjkl move  Enter pick/put  : command  i piece  ? help  q quit");
}

static void GameScreen_draw(int rows, int cols)
{
    Play *p = App_play();
    BoardView *bv = &game.bv;
    uint16_t hl[MAX_CELLS];
    Position reviewed;
    const Position *pos = Review_shown(p, &reviewed);
    int max_h = rows - TITLE_ROWS - BOTTOM_ROWS;
    BoardView_layout(bv, pos, max_h, cols - 2 - PANEL_MIN);
    bv->top = TITLE_ROWS;
    bv->left = 0;
    bv->flipped = Session_flipped(p->s);
    GameScreen_drawTitle(cols);
    GameScreen_highlights(p, pos, hl);
    BoardView_draw(bv, pos, hl, NULL);
    int px = BoardView_width(pos, bv->cw) + 2;
    int message_rows = GameScreen_messageLines(rows, cols).n;
    int graph_top = TITLE_ROWS + BoardView_height(pos, bv->ch) + 1;
    game.graph_under_board = graph_top + ANNOTATE_GRAPH_ROWS <= rows - BOTTOM_ROWS
        && AnnotateView_drawGraph(p, graph_top, BOARD_LABEL_W, px - 2 - BOARD_LABEL_W,
                                  ANNOTATE_GRAPH_ROWS);
    GameScreen_drawPanel(TITLE_ROWS, px, cols - px,
                         max_h - (message_rows > 1 ? message_rows - 1 : 0));
    GameScreen_drawBottom(rows, cols);
    if (game.line.active) {
        const LineEdit *le = &game.line;
        move(rows - 1, 1 + LineEdit_cursorColumn(le, LINE_FIELD(cols)));
        curs_set(1);
    } else {
        curs_set(0);
    }
}

/* The ':' line opened with the start of a command typed, for the rest. */
static void GameScreen_openLine(const char *start)
{
    LineEdit *le = &game.line;
    LineEdit_open(le);
    snprintf(le->buf, sizeof le->buf, "%s", start);
    le->len = le->cursor = (int)strlen(le->buf);
}

static void GameScreen_act(UiAction action)
{
    switch (action) {
        case ACTION_QUIT: Nav_quit(); break;
        case ACTION_CONFIRM_QUIT: game.confirm_quit = true; break;
        case ACTION_CONFIRM_NEW: game.confirm_new = true; break;
        case ACTION_CONFIRM_RESIGN: game.confirm_resign = true; break;
        case ACTION_HELP: Nav_openHelp(Session_variant(App_play()->s), -1); break;
        case ACTION_PIECE_HELP:
            Nav_openHelp(Session_variant(App_play()->s), App_play()->cursor);
            break;
        case ACTION_MENU: Nav_show(SCREEN_MENU); break;
        case ACTION_COMMAND_LINE: LineEdit_open(&game.line); break;
        case ACTION_SAVE_LINE: GameScreen_openLine("save "); break;
        case ACTION_SAVED_LIST: Nav_openSaved(); break;
        case ACTION_CHAT: ChatView_toggle(App_play()); break;
        case ACTION_NONE: break;
    }
}

static void GameScreen_confirmQuit(int key)
{
    game.confirm_quit = false;
    if (key == 'y' || key == 'Y')
        Nav_quit();
    else
        Play_say(App_play(), "quit cancelled: the game goes on");
}

static void GameScreen_confirmNew(int key)
{
    game.confirm_new = false;
    if (key == 'y' || key == 'Y')
        Nav_show(SCREEN_MENU);
    else
        Play_say(App_play(), "the game goes on");
}

static void GameScreen_confirmResign(int key)
{
    game.confirm_resign = false;
    if (key == 'y' || key == 'Y')
        Play_resign(App_play());
    else
        Play_say(App_play(), "not resigned: the game goes on");
}

/* A request from the other side at this keyboard waits for its answer. */
static void GameScreen_answerKey(int key)
{
    if (key == 'y' || key == 'Y')
        Play_answerRequest(App_play(), true);
    else if (key == 'n' || key == 'N' || key == KEY_ESC)
        Play_answerRequest(App_play(), false);
    else
        Play_error(App_play(), "answer first: y accepts, n declines");
}

static void GameScreen_lineKey(int key)
{
    LineEdit *le = &game.line;
    if (LineEdit_key(le, key) != LINE_DONE)
        return;
    if (le->len == 0)
        return;
    char text[LINEEDIT_MAX + 1];
    strcpy(text, le->buf);
    GameScreen_act(Commands_execute(App_play(), text));
}

/* The chooser takes piece letters before the key table sees them, because
 * 'q' means Queen there and not quit. */
static bool GameScreen_chooserKey(int key)
{
    Play *p = App_play();
    int types[VARIANT_MAX_PROMOS];
    int n = Play_promotionChoices(p, types);
    if (key == KEY_UP || key == KEY_DOWN) {
        p->entry.promo_cursor = (p->entry.promo_cursor + (key == KEY_UP ? n - 1 : 1)) % n;
        p->changes++;
        return true;
    }
    if (key < 128 && isalpha(key)) {
        Play_choosePromotion(p, (char)key);
        return true;
    }
    return false;
}

/* A click on a move of the list reviews the position after it. */
static void GameScreen_clickMoves(int y, int x)
{
    Play *p = App_play();
    int line = y - game.moves_top + game.moves_first;
    if (y < game.moves_top || x < game.moves_x || p->entry.stage == ENTRY_PROMO || line < 0)
        return;
    /* Each line holds a move of White and then one of Black. */
    int start_side = Session_game(p->s)->start.side;
    int ply = line * 2 - (start_side == BLACK) + (x >= game.moves_x + MOVES_BLACK_X);
    if (ply < 0 || ply >= Session_game(p->s)->nmoves)
        return;
    Review_go(p, ply + 1);
}

static void GameScreen_mouse(void)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        return;
    int cell = BoardView_cellAt(&game.bv, Session_position(App_play()->s), ev.y, ev.x);
    if (cell < 0) {
        GameScreen_clickMoves(ev.y, ev.x);
        return;
    }
    Play_setCursor(App_play(), cell);
    UiAction action;
    Commands_key(App_play(), KEY_MOUSE, &action);
    GameScreen_act(action);
}

static void GameScreen_key(int key)
{
    UiAction action;
    Play_dropNote(App_play()); /* read: the next key takes it away */
    if (game.confirm_quit) {
        GameScreen_confirmQuit(key);
    } else if (game.confirm_new) {
        GameScreen_confirmNew(key);
    } else if (game.confirm_resign) {
        GameScreen_confirmResign(key);
    } else if (Play_asked(App_play()) && !game.line.active) {
        GameScreen_answerKey(key);
    } else if (game.line.active) {
        GameScreen_lineKey(key);
    } else if (App_play()->entry.stage == ENTRY_PROMO && GameScreen_chooserKey(key)) {
        return;
    } else if (ChatView_open() && ChatView_key(key)) {
        return;
    } else if (Review_walking(App_play()) && Review_walkKey(App_play(), key)) {
        return;
    } else if (key == KEY_MOUSE) {
        GameScreen_mouse();
    } else if (Commands_key(App_play(), key, &action)) {
        GameScreen_act(action);
    } else {
        Play_error(App_play(), "key %s does nothing here; press ? for the list of keys",
                   Keys_name(key));
    }
}

static int GameScreen_pollFds(struct pollfd *fds, int max)
{
    return AnnotateView_pollFds(fds, max);
}

/* A deadline counted down is drawn again each second. */
static bool GameScreen_deadlineTicked(void)
{
    static int64_t shown_s = -1;
    MatchDeadline d = Match_deadline(App_play()->match, Play_nowMs());
    int64_t s = d.kind == MATCH_DEADLINE_NONE ? -1 : (d.left_ms + 999) / 1000;
    bool changed = s != shown_s;
    shown_s = s;
    return changed;
}

/* Until the deadline counted down shows its next second (-1: none runs). */
static int GameScreen_waitMs(void)
{
    MatchDeadline d = Match_deadline(App_play()->match, Play_nowMs());
    if (d.kind == MATCH_DEADLINE_NONE || d.left_ms <= 0)
        return -1;
    return (int)((d.left_ms - 1) % 1000) + 1;
}

static bool GameScreen_tick(void)
{
    bool deadline = GameScreen_deadlineTicked();
    return AnnotateView_tick(App_play()) || deadline;
}

/* A pasted line that is no game goes to the open ':' line as if typed;
 * a FEN or a PGN sets up or loads the game, wherever it is pasted. A
 * question waiting for its answer is answered first. */
static void GameScreen_paste(const char *text)
{
    if (game.confirm_quit || game.confirm_new || game.confirm_resign
        || (Play_asked(App_play()) && !game.line.active)) {
        Play_error(App_play(), "answer the question first (y or n): the paste was not used");
        return;
    }
    if (game.line.active && Paste_isPlainLine(text)) {
        for (const char *t = text; *t != '\0'; t++)
            LineEdit_key(&game.line, (unsigned char)*t);
        return;
    }
    game.line.active = false;
    Paste_apply(App_play(), text);
}

static const Variant *GameScreen_shown(void)
{
    return Session_variant(App_play()->s);
}

/* A new game or a return to it: no question or line left open, unless the
 * question is why the screen was opened. */
static void GameScreen_enter(const NavArgs *args)
{
    game.line.active = false;
    ChatView_close();
    game.confirm_new = false;
    game.confirm_resign = false;
    game.confirm_quit = args->ask_quit;
    App_play()->explorer = &REVIEW_EXPLORER; /* moves in review try variations */
}

const Screen GameScreen = {
    .draw = GameScreen_draw,
    .key = GameScreen_key,
    .minSize = GameScreen_minSize,
    .variant = GameScreen_shown,
    .enter = GameScreen_enter,
    .paste = GameScreen_paste,
    .pollFds = GameScreen_pollFds,
    .tick = GameScreen_tick,
    .waitMs = GameScreen_waitMs,
};
