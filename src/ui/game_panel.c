/* The game screen's side panel: the turn, the clocks, the engine or the
 * analysis, the captures, a deadline the host counts, and below them the
 * move list with what stands over it (the end panel, a variation, more
 * analysis lines, the review's graph, the chat) or the promotion chooser. */
#include "ui/game_panel.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/status.h"
#include "ui/analysis_view.h"
#include "ui/annotate_view.h"
#include "ui/captured.h"
#include "ui/chat_view.h"
#include "ui/colors.h"
#include "ui/end_panel.h"
#include "ui/review.h"
#include "ui/ui.h"
#include "ui/variation.h"

#define PANEL_TOP_ROWS 6 /* status, clocks, engine, captures, a gap */
/* The panel shows the review's graph only where the moves keep 8 rows. */
#define PANEL_GRAPH_MIN (ANNOTATE_GRAPH_ROWS + 1 + 8)
#define VARIATION_ROWS 3 /* the variation's moves, wrapped, over the move list */
/* A line of the move list: "%3d. " then White's move in MOVES_SAN_W columns. */
#define MOVES_WHITE_X 5
#define MOVES_SAN_W 10
#define MOVES_BLACK_X (MOVES_WHITE_X + MOVES_SAN_W)
/* With the clocks (a game that records them, a panel wide enough), a line
 * ends with each side's time left after its move: "  05:00  04:58". */
#define MOVES_CLOCK_W 7

static struct {
    int moves_clock_w;                   /* 0, or MOVES_CLOCK_W when the list shows clocks */
    int moves_top, moves_x, moves_first; /* the move list as drawn, for clicks */
} panel;

/* Rounded up, so that a clock reads zero only when its time is up. */
static void GamePanel_formatClock(char *buf, size_t len, int ms)
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

static void GamePanel_drawStatus(const Play *p, int y, int x, int w)
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

static void GamePanel_drawClocks(const Play *p, int y, int x, int w)
{
    int64_t now = Play_nowMs();
    if (!Session_timeControl(p->s, NULL, NULL)) {
        Ui_text(y, x, w, ROLE_LABEL, "no clock");
        return;
    }
    char c[2][16];
    for (int side = 0; side < 2; side++)
        GamePanel_formatClock(c[side], sizeof c[side], Play_clockLeft(p, side, now));
    Ui_text(y, x, w, ROLE_NORMAL, "White %s   Black %s", c[WHITE], c[BLACK]);
}

/* The search's score is shown from White's side, as the analysis and the
 * hint show it: "+1.20", "-0.35". */
static void GamePanel_drawEngine(const Play *p, int y, int x, int w)
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
static void GamePanel_drawCaptured(const Play *p, int y, int x, int w)
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
static void GamePanel_moveClock(const Play *p, int ply, char *buf, size_t len)
{
    char clock[16] = "";
    int ms = ply < Session_game(p->s)->nmoves ? Game_clockAt(Session_game(p->s), ply) : -1;
    if (ms >= 0)
        GamePanel_formatClock(clock, sizeof clock, ms);
    snprintf(buf, len, "%*s", MOVES_CLOCK_W, clock);
}

/* One line of the move list: "12. Nf3 Nc6"; Arabian Nights starts "1. ... e7".
 * The review's marks follow the moves, the clocks end the line. */
static int GamePanel_moveLine(const Play *p, int ply, char *buf, size_t len)
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
    if (panel.moves_clock_w == 0) {
        snprintf(buf, len, "%3d. %-*s%s", number, MOVES_SAN_W, white, black);
        return ply + 1;
    }
    char wc[16] = "", bc[16] = "";
    if (white_ply >= 0)
        GamePanel_moveClock(p, white_ply, wc, sizeof wc);
    else
        snprintf(wc, sizeof wc, "%*s", MOVES_CLOCK_W, "");
    if (black_ply >= 0)
        GamePanel_moveClock(p, black_ply, bc, sizeof bc);
    snprintf(buf, len, "%3d. %-*s%-*s%s%s", number, MOVES_SAN_W, white, MOVES_SAN_W, black, wc, bc);
    return ply + 1;
}

/* Clocks in the list when the game recorded any and the panel has room. */
static int GamePanel_clockWidth(const Play *p, int w)
{
    const Game *g = Session_game(p->s);
    bool recorded = false;
    for (int ply = 0; ply < g->nmoves && !recorded; ply++)
        recorded = Game_clockAt(g, ply) >= 0;
    return recorded && w >= MOVES_BLACK_X + MOVES_SAN_W + 2 * MOVES_CLOCK_W ? MOVES_CLOCK_W : 0;
}

/* The reviewed move stands out in its line of the list. */
static void GamePanel_markReviewed(const Play *p, int y, int x, int w)
{
    int ply = Review_ply(p) - 1;
    int side = (Session_game(p->s)->start.side + ply) % 2;
    int col = side == WHITE ? MOVES_WHITE_X : MOVES_BLACK_X;
    if (ply >= 0 && col < w)
        Ui_text(y, x + col, w - col, ROLE_MENU_CURRENT, "%s", p->san[ply]);
}

/* The list ends with the last move, or in review shows the move reviewed
 * (marked) in the middle. */
static void GamePanel_drawMoves(const Play *p, int y, int x, int w, int h)
{
    int lines = 0, first_line = 0, marked = -1;
    char buf[96];
    panel.moves_clock_w = GamePanel_clockWidth(p, w);
    if (Review_active(p) && Review_ply(p) == 0)
        marked = 0; /* the start: the list from its first line */
    for (int ply = 0; ply < Session_game(p->s)->nmoves; lines++) {
        int next = GamePanel_moveLine(p, ply, buf, sizeof buf);
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
    panel.moves_top = y + 1;
    panel.moves_x = x;
    panel.moves_first = first_line;
    Ui_text(y, x, w, Review_walking(p) ? ROLE_TITLE : ROLE_LABEL, "Moves%s",
            !Session_game(p->s)->nmoves ? ": none yet"
                : Review_walking(p)     ? " (arrows walk, Tab returns)"
                                        : "");
    int line = 0; /* the lines after the window are not drawn: below are the message and keys */
    for (int ply = 0; ply < Session_game(p->s)->nmoves && line - first_line < h - 1; line++) {
        ply = GamePanel_moveLine(p, ply, buf, sizeof buf);
        if (line >= first_line)
            Ui_text(y + 1 + line - first_line, x, w, ROLE_NORMAL, "%s", buf);
    }
    if (marked >= 0 && marked >= first_line && marked - first_line < h - 1)
        GamePanel_markReviewed(p, y + 1 + marked - first_line, x, w);
}

static void GamePanel_drawChooser(const Play *p, int y, int x, int w, int h)
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

static void GamePanel_variationRow(void *ctx, const char *s, int n)
{
    PanelRows *r = ctx;
    if (r->rows < VARIATION_ROWS)
        Ui_text(r->y + 1 + r->rows, r->x + (r->rows ? 2 : 0), r->w - (r->rows ? 2 : 0), ROLE_INFO,
                "%.*s", n, s);
    r->rows++;
}

/* The variation tried, above the game's own moves: the rows it took. */
static int GamePanel_drawVariation(const Play *p, int y, int x, int w)
{
    char line[PLAY_MESSAGE_MAX];
    Variation_describe(p, line, sizeof line);
    Ui_text(y, x, w, ROLE_TITLE, "Variation (Esc: back to the game)");
    PanelRows r = {y, x, w, 0};
    Ui_wrapHanging(line, w, 2, GamePanel_variationRow, &r);
    int shown = r.rows < VARIATION_ROWS ? r.rows : VARIATION_ROWS;
    return 1 + shown + 1;
}

/* Where the unfinished game went, until the next key: the message line
 * may have said something else since. Returns the rows taken. */
static int GamePanel_drawNote(const Play *p, int y, int x, int w, int h)
{
    const char *path = Session_asidePath(p->s), *slash = strrchr(path, '/');
    if (p->note[0] == '\0' || path[0] == '\0' || h < 3)
        return 0;
    Ui_text(y, x, w, ROLE_INFO, "The unfinished game was kept as");
    Ui_text(y + 1, x, w, ROLE_INFO, "%s", slash != NULL ? slash + 1 : path);
    return 3;
}

/* Who is waited for, counted down: "Black's first move: 0:42 left". */
static void GamePanel_deadlineText(const Play *p, const MatchDeadline *d, char *buf, size_t len)
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
static void GamePanel_drawDeadline(const Play *p, int y, int x, int w)
{
    MatchDeadline d = Match_deadline(p->match, Play_nowMs());
    if (d.kind == MATCH_DEADLINE_NONE)
        return;
    char text[PLAY_MESSAGE_MAX];
    GamePanel_deadlineText(p, &d, text, sizeof text);
    Ui_text(y, x, w, ROLE_ERROR, "%s", text);
}

/* The analysis's second and later lines, under its best one (drawn on
 * the engine's rows), where the move list keeps 8 rows: the rows taken. */
static int GamePanel_drawMoreLines(const Play *p, int y, int x, int w, int room)
{
    int n = AnalysisView_lineCount(p), shown = 0;
    char text[PLAY_MESSAGE_MAX];
    for (int i = 1; i < n && shown < room; i++, shown++) {
        AnalysisView_lineText(p, i, text, sizeof text);
        Ui_text(y + shown, x, w, ROLE_INFO, "%s", text);
    }
    return shown > 0 ? shown + 1 : 0;
}

void GamePanel_draw(const Play *p, int top, int x, int w, int h, bool graph_under_board)
{
    GamePanel_drawStatus(p, top, x, w);
    GamePanel_drawClocks(p, top + 1, x, w);
    GamePanel_drawEngine(p, top + 2, x, w);
    GamePanel_drawCaptured(p, top + 3, x, w);
    GamePanel_drawDeadline(p, top + 5, x, w);
    int rows = 0, below = h - PANEL_TOP_ROWS;
    if (p->entry.stage == ENTRY_PROMO) {
        GamePanel_drawChooser(p, top + PANEL_TOP_ROWS, x, w, below);
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
        rows = GamePanel_drawNote(p, top + PANEL_TOP_ROWS, x, w, below - 3);
    if (Variation_active(p))
        rows += GamePanel_drawVariation(p, top + PANEL_TOP_ROWS + rows, x, w);
    rows += GamePanel_drawMoreLines(p, top + PANEL_TOP_ROWS + rows, x, w, below - rows - 8);
    if (!graph_under_board && below - rows >= PANEL_GRAPH_MIN
        && AnnotateView_drawGraph(p, top + PANEL_TOP_ROWS + rows, x, w, ANNOTATE_GRAPH_ROWS))
        rows += ANNOTATE_GRAPH_ROWS + 1;
    int chat_rows = ChatView_tailRows(p, below - rows);
    GamePanel_drawMoves(p, top + PANEL_TOP_ROWS + rows, x, w, below - rows - chat_rows);
    if (chat_rows > 0)
        ChatView_draw(p, top + h - chat_rows, x, w, chat_rows);
}

int GamePanel_minRows(const Variant *v)
{
    return PANEL_TOP_ROWS + 1 + v->npromos;
}

int GamePanel_plyAt(const Play *p, int y, int x)
{
    int line = y - panel.moves_top + panel.moves_first;
    if (y < panel.moves_top || x < panel.moves_x || line < 0)
        return -1;
    /* Each line holds a move of White and then one of Black. */
    int start_side = Session_game(p->s)->start.side;
    int ply = line * 2 - (start_side == BLACK) + (x >= panel.moves_x + MOVES_BLACK_X);
    return ply >= 0 && ply < Session_game(p->s)->nmoves ? ply : -1;
}

bool GamePanel_deadlineTicked(const Play *p)
{
    static int64_t shown_s = -1;
    MatchDeadline d = Match_deadline(p->match, Play_nowMs());
    int64_t s = d.kind == MATCH_DEADLINE_NONE ? -1 : (d.left_ms + 999) / 1000;
    bool changed = s != shown_s;
    shown_s = s;
    return changed;
}

int GamePanel_deadlineWaitMs(const Play *p)
{
    MatchDeadline d = Match_deadline(p->match, Play_nowMs());
    if (d.kind == MATCH_DEADLINE_NONE || d.left_ms <= 0)
        return -1;
    return (int)((d.left_ms - 1) % 1000) + 1;
}
