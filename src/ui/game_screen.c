/* The game screen: the board with its highlights, the review's graph under
 * it, the side panel (game_panel.c), the message line and the ':' command
 * line. Keys go through the command table. */
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
#include "ui/colors.h"
#include "ui/commands.h"
#include "ui/end_panel.h"
#include "ui/game_panel.h"
#include "ui/keys.h"
#include "ui/lineedit.h"
#include "ui/nav.h"
#include "ui/paste.h"
#include "ui/review.h"
#include "ui/ui.h"

#define PANEL_MIN 26
#define TITLE_ROWS 1
/* The command line after its colon, leaving the last column unwritten. */
#define LINE_FIELD(cols) ((cols)-2)
#define BOTTOM_ROWS 2
#define MESSAGE_LINES 3
#define BOARD_LABEL_W 3 /* the review's graph starts under the board's files */

typedef struct {
    BoardView bv;
    LineEdit line;
    bool confirm_quit;
    bool confirm_new;                   /* leave the game in progress for the menu? */
    bool confirm_resign;                /* give the game up? */
    char message[2 * PLAY_MESSAGE_MAX]; /* the message line's text (Play_messageText) */
} GameState;

static GameState game;

static void GameScreen_minSize(const Variant *v, int *rows, int *cols)
{
    Position pos;
    Position_init(&pos, v);
    int panel = GamePanel_minRows(v);
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
    bool graph_under_board = graph_top + ANNOTATE_GRAPH_ROWS <= rows - BOTTOM_ROWS
        && AnnotateView_drawGraph(p, graph_top, BOARD_LABEL_W, px - 2 - BOARD_LABEL_W,
                                  ANNOTATE_GRAPH_ROWS);
    GamePanel_draw(p, TITLE_ROWS, px, cols - px, max_h - (message_rows > 1 ? message_rows - 1 : 0),
                   graph_under_board);
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
    int ply = p->entry.stage == ENTRY_PROMO ? -1 : GamePanel_plyAt(p, y, x);
    if (ply >= 0)
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

static int GameScreen_waitMs(void)
{
    return GamePanel_deadlineWaitMs(App_play());
}

static bool GameScreen_tick(void)
{
    bool deadline = GamePanel_deadlineTicked(App_play());
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
