/* Choosing the opening array: the Zanzibars' free pieces placed by Black
 * with the cursor or picked by number, random or engine-chosen setups, and
 * the Arabian Nights setup phase with placements made on the board; between
 * terminals, what the host says while Black arranges (an abort ends it). */
#include "ui/setup_screen.h"

#include <ctype.h>
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/setup.h"
#include "engine/engine.h"
#include "match/match.h"
#include "ui/app.h"
#include "ui/board_view.h"
#include "ui/colors.h"
#include "ui/keys.h"
#include "ui/lineedit.h"
#include "ui/nav.h"
#include "ui/ui.h"

#define PANEL_MIN 30

typedef enum {
    SETUP_CHOOSE, /* which way Black arranges the pieces */
    SETUP_PLACE,  /* placing the free pieces with the cursor */
    SETUP_NUMBER, /* typing a setup number */
    SETUP_PHASE   /* Arabian Nights: pieces placed one by one */
} SetupStage;

typedef struct {
    SetupStage stage;
    int choice;
    const Variant *v;
    Position pos; /* the board shown while placing */
    int cursor;
    char letters[VARIANT_MAX_SETUP_SQUARES + 1]; /* placed so far, ' ' for none */
    LineEdit line;
    SetupPhase phase;
    int nplaced;
    int placed_cell[2 * MAX_PIECES], placed_type[2 * MAX_PIECES];
    char message[PLAY_MESSAGE_MAX];
    bool message_error;
} SetupState;

static SetupState setup;
/* The game's notices already on the message line while its pieces are
 * arranged between terminals: kept apart from setup, which each choice
 * clears. */
static unsigned notices_shown;

static void SetupScreen_say(SetupState *s, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void SetupScreen_say(SetupState *s, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->message, sizeof s->message, fmt, ap);
    va_end(ap);
    s->message_error = error;
}

/* Starts the game on setup number n of the variant. */
static void SetupScreen_startNumber(const Variant *v, int n)
{
    Position pos;
    if (!Setup_position(&pos, v, n)) {
        SetupScreen_say(&setup, true, "setup %d does not exist (1 to %d)", n, Setup_count(v));
        return;
    }
    Nav_setupDone(&pos);
    Play_say(App_play(), "%s, setup number %d of %d", v->title, n, Setup_count(v));
}

/* Black's free square i and White's mirror of it. */
static int SetupScreen_squareCell(const Position *pos, const Variant *v, int i, int side)
{
    const char *name = v->setup_squares[i];
    int cell = Position_parseCell(pos, &name);
    if (cell < 0 || side == WHITE)
        return cell;
    int mirrored = pos->geo->ranks - 1 - Position_rank(pos, cell);
    return Position_cell(pos, Position_file(pos, cell), mirrored);
}

static void SetupScreen_beginPlacing(const Variant *v)
{
    SetupState *s = &setup;
    Setup_position(&s->pos, v, Setup_default(v));
    for (int i = 0; i < v->nsetup_squares; i++) {
        Position_remove(&s->pos, SetupScreen_squareCell(&s->pos, v, i, WHITE));
        Position_remove(&s->pos, SetupScreen_squareCell(&s->pos, v, i, BLACK));
        s->letters[i] = ' ';
    }
    s->letters[v->nsetup_squares] = '\0';
    s->cursor = SetupScreen_squareCell(&s->pos, v, 0, BLACK);
    SetupScreen_say(s, false, "type a piece letter to place it on the cursor's square");
}

/* The engine's placements in the setup phase: a random legal one each time. */
static void SetupScreen_autoPlace(void)
{
    SetupState *s = &setup;
    while (!SetupPhase_done(&s->phase)
           && Session_seat(App_play()->s, s->phase.pos.side) == SEAT_ENGINE) {
        int options[MAX_CELLS * 2][2], n = 0;
        for (int t = 0; t < s->v->ntypes; t++)
            for (int c = 0; c < MAX_CELLS && n < MAX_CELLS * 2; c++)
                if (SetupPhase_canPlace(&s->phase, t, c))
                    options[n][0] = t, options[n][1] = c, n++;
        if (n == 0)
            break;
        int pick = (int)(Match_random(App_play()->match) % (uint64_t)n);
        char err[128];
        if (!SetupPhase_place(&s->phase, options[pick][0], options[pick][1], err, sizeof err))
            break;
        s->placed_type[s->nplaced] = options[pick][0];
        s->placed_cell[s->nplaced++] = options[pick][1];
    }
}

static void SetupScreen_finishPhase(void)
{
    Position pos;
    SetupPhase_finish(&setup.phase, &pos);
    Nav_setupDone(&pos);
    Play_say(App_play(), "all pieces placed: Black moves first");
}

/* The first empty square of the camp of the side to place, back rank first:
 * after each placement the cursor waits there, so that placing a whole army
 * is a matter of typing its letters. */
static void SetupScreen_followTurn(SetupState *s)
{
    const Position *pos = &s->phase.pos;
    int side = pos->side;
    for (int depth = 0; depth < s->v->camp_depth; depth++) {
        int rank = side == WHITE ? depth : pos->geo->ranks - 1 - depth;
        for (int file = 0; file < pos->geo->files; file++) {
            int cell = Position_cell(pos, file, rank);
            if (Position_isSquare(pos, cell) && pos->board[cell] == CELL_EMPTY) {
                s->cursor = cell;
                return;
            }
        }
    }
}

static void SetupScreen_beginPhase(const Variant *v)
{
    SetupState *s = &setup;
    SetupPhase_init(&s->phase, v);
    s->nplaced = 0;
    SetupScreen_say(s, false, "type a piece letter to place it on the cursor's square");
    SetupScreen_autoPlace();
    SetupScreen_followTurn(s);
    if (SetupPhase_done(&s->phase))
        SetupScreen_finishPhase();
}

static void SetupScreen_begin(const Variant *v, SetupMethod m)
{
    SetupState *s = &setup;
    Position pos;
    memset(s, 0, sizeof *s);
    s->v = v;
    Nav_show(SCREEN_SETUP);
    switch (m) {
        case METHOD_STANDARD:
            Setup_start(&pos, v);
            Nav_setupDone(&pos);
            break;
        case METHOD_RANDOM:
            SetupScreen_startNumber(v, Setup_random(v, Match_random(App_play()->match)));
            break;
        case METHOD_ENGINE:
            SetupScreen_startNumber(v,
                                    Engine_chooseSetup(v, Session_level(App_play()->s),
                                                       Match_random(App_play()->match)));
            break;
        case METHOD_CURSOR:
            s->stage = SETUP_PLACE;
            SetupScreen_beginPlacing(v);
            break;
        case METHOD_NUMBER:
            s->stage = SETUP_NUMBER;
            LineEdit_open(&s->line);
            break;
        case METHOD_PHASE:
            s->stage = SETUP_PHASE;
            SetupScreen_beginPhase(v);
            break;
        default: break;
    }
}

static void SetupScreen_ask(const Variant *v)
{
    memset(&setup, 0, sizeof setup);
    setup.v = v;
    setup.stage = SETUP_CHOOSE;
    Nav_show(SCREEN_SETUP);
}

/* The board being arranged: the placing position or the setup phase's. */
static Position *SetupScreen_board(SetupState *s)
{
    return s->stage == SETUP_PHASE ? &s->phase.pos : &s->pos;
}

static void SetupScreen_minSize(const Variant *v, int *rows, int *cols)
{
    Position pos;
    Position_init(&pos, v);
    *rows = BoardView_height(&pos, 1) + 4;
    *cols = BoardView_width(&pos, 3) + 2 + PANEL_MIN;
}

static void SetupScreen_drawChoices(int cols)
{
    SetupState *s = &setup;
    SetupMethod methods[SETUP_MAX_METHODS];
    int n = SetupMethod_offered(s->v, false, methods);
    Ui_text(2, 2, cols - 4, ROLE_NORMAL, "Black chooses the arrangement of the free pieces:");
    for (int i = 0; i < n; i++)
        Ui_text(4 + i, 4, cols - 6, i == s->choice ? ROLE_MENU_CURRENT : ROLE_NORMAL, "%d  %s",
                i + 1, SetupMethod_name(methods[i]));
}

/* Where Esc leaves to: the game when its pieces are arranged between
 * terminals, else the menu. */
static const char *SetupScreen_escTarget(void)
{
    return Nav_arrangingGame() ? "game" : "menu";
}

static void SetupScreen_drawPlacingPanel(const SetupState *s, int x, int w)
{
    const Variant *v = s->v;
    Ui_text(1, x, w, ROLE_NORMAL, "Black's free squares and");
    Ui_text(2, x, w, ROLE_NORMAL, "the pieces allowed there:");
    const Position *pos = &s->pos;
    for (int i = 0; i < v->nsetup_squares; i++) {
        char name[8];
        Position_cellName(pos, SetupScreen_squareCell(pos, v, i, BLACK), name);
        Ui_text(3 + i, x, w, ROLE_NORMAL, " %-4s %s  %c", name, v->setup_allowed[i],
                s->letters[i] == ' ' ? '-' : s->letters[i]);
    }
    Ui_text(4 + v->nsetup_squares, x, w, ROLE_LABEL, "letter: place it, go on");
    Ui_text(5 + v->nsetup_squares, x, w, ROLE_LABEL, "arrows: move    Del: clear");
    Ui_text(6 + v->nsetup_squares, x, w, ROLE_LABEL, "Enter: done     Esc: %s",
            SetupScreen_escTarget());
}

/* The letters of the pieces a side still has to place, as on the board. */
static int SetupScreen_lettersLeft(const SetupState *s, int side, char out[MAX_PIECES + 1])
{
    int n = 0;
    for (int t = 0; t < s->v->ntypes; t++) {
        char letter = Variant_letter(s->v, t);
        if (side == BLACK)
            letter = (char)tolower((unsigned char)letter);
        for (int k = 0; k < s->phase.left[side][t] && n < MAX_PIECES; k++)
            out[n++] = letter;
    }
    out[n] = '\0';
    return n;
}

static void SetupScreen_drawPhasePanel(const SetupState *s, int x, int w)
{
    const SetupPhase *sp = &s->phase;
    for (int side = 0; side < 2; side++) {
        char left[MAX_PIECES + 1];
        int n = SetupScreen_lettersLeft(s, side, left);
        Ui_text(2 + 2 * side, x, w, ROLE_NORMAL,
                "%s still to place:", side == WHITE ? "White" : "Black");
        Ui_text(3 + 2 * side, x, w, ROLE_NORMAL, " %s", n ? left : "none");
    }
    Ui_text(1, x, w, ROLE_TITLE, "%s places a piece", sp->pos.side == WHITE ? "White" : "Black");
    Ui_text(7, x, w, ROLE_LABEL, "Pawns go on the front rank");
    Ui_text(8, x, w, ROLE_LABEL, "arrows: move   letter: place");
    Ui_text(9, x, w, ROLE_LABEL, "Backspace: take back");
}

/* Black arranges its pieces from its own side of the board: when it places
 * its free pieces, and in the placing phase when only Black is played by a
 * person here (as the game's board is turned then). */
static bool SetupScreen_flipped(const SetupState *s)
{
    if (s->stage == SETUP_PLACE)
        return true;
    const GameSession *g = App_play()->s;
    return s->stage == SETUP_PHASE && Session_seat(g, WHITE) != SEAT_HUMAN
        && Session_seat(g, BLACK) == SEAT_HUMAN;
}

static void SetupScreen_drawBoard(int rows, int cols)
{
    SetupState *s = &setup;
    Position *pos = SetupScreen_board(s);
    uint16_t hl[MAX_CELLS];
    memset(hl, 0, sizeof hl);
    if (s->stage == SETUP_PLACE)
        for (int i = 0; i < s->v->nsetup_squares; i++)
            hl[SetupScreen_squareCell(pos, s->v, i, BLACK)] |= HL_DEST;
    hl[s->cursor] |= HL_CURSOR;
    BoardView bv = {.top = 1, .left = 0, .flipped = SetupScreen_flipped(s)};
    BoardView_layout(&bv, pos, rows - 3, cols - 2 - PANEL_MIN);
    BoardView_draw(&bv, pos, hl, NULL);
    int x = BoardView_width(pos, bv.cw) + 2;
    if (s->stage == SETUP_PLACE)
        SetupScreen_drawPlacingPanel(s, x, cols - x);
    else
        SetupScreen_drawPhasePanel(s, x, cols - x);
}

/* The number being typed, with the arrangement it names shown below it. */
static void SetupScreen_drawNumber(const SetupState *s, int rows, int cols)
{
    char *end;
    Position pos;
    long n = strtol(s->line.buf, &end, 10);
    bool valid = end != s->line.buf && *end == '\0' && n >= 1 && n <= Setup_count(s->v);
    BoardView bv = {.top = 4, .left = 0, .flipped = true}; /* Black's arrangement */
    if (valid && Setup_position(&pos, s->v, (int)n)
        && BoardView_layout(&bv, &pos, rows - bv.top - 2, cols))
        BoardView_draw(&bv, &pos, NULL, NULL);
    Ui_text(1, 2, cols - 4, ROLE_NORMAL, "Setup number (1 to %d), then Enter:", Setup_count(s->v));
    int scroll = LineEdit_scroll(&s->line, cols - 6);
    Ui_text(2, 4, cols - 6, ROLE_NORMAL, "%s", s->line.buf + scroll);
    move(2, 4 + LineEdit_cursorColumn(&s->line, cols - 6));
    curs_set(1);
}

/* The bottom line says which keys work, as on the board and in the menu;
 * the placing board says so beside itself. */
static void SetupScreen_drawKeyLine(const SetupState *s, int rows, int cols)
{
    SetupMethod methods[SETUP_MAX_METHODS];
    int n = SetupMethod_offered(s->v, false, methods);
    if (s->stage == SETUP_CHOOSE)
        Ui_text(rows - 1, 0, cols, ROLE_LABEL,
                "Up/Down choose  Enter or 1-%d take it  Esc back to the %s", n,
                SetupScreen_escTarget());
    else if (s->stage == SETUP_NUMBER)
        Ui_text(rows - 1, 0, cols, ROLE_LABEL,
                "digits type the number  Enter start  Esc back to the %s", SetupScreen_escTarget());
}

static void SetupScreen_draw(int rows, int cols)
{
    SetupState *s = &setup;
    curs_set(0);
    Ui_text(0, 0, cols, ROLE_TITLE, "%s: choosing the array", s->v->title);
    if (s->stage == SETUP_CHOOSE) {
        SetupScreen_drawChoices(cols);
    } else if (s->stage == SETUP_NUMBER) {
        SetupScreen_drawNumber(s, rows, cols);
    } else {
        SetupScreen_drawBoard(rows, cols);
    }
    Ui_text(rows - 2, 0, cols, s->message_error ? ROLE_ERROR : ROLE_INFO, "%s", s->message);
    SetupScreen_drawKeyLine(s, rows, cols);
}

static void SetupScreen_chooseKey(int key)
{
    SetupState *s = &setup;
    SetupMethod methods[SETUP_MAX_METHODS];
    int n = SetupMethod_offered(s->v, false, methods);
    if (key == KEY_UP || key == 'k')
        s->choice = (s->choice + n - 1) % n;
    else if (key == KEY_DOWN || key == 'j')
        s->choice = (s->choice + 1) % n;
    else if (key >= '1' && key < '1' + n)
        SetupScreen_begin(s->v, methods[key - '1']);
    else if (key == '\n' || key == '\r' || key == KEY_ENTER)
        SetupScreen_begin(s->v, methods[s->choice]);
    else if (key == KEY_ESC)
        Nav_setupLeft();
    else
        SetupScreen_say(s, true, "choose with Up/Down and Enter, or type 1 to %d", n);
}

static void SetupScreen_numberKey(int key)
{
    SetupState *s = &setup;
    LineState st = LineEdit_key(&s->line, key);
    if (st == LINE_CANCELLED) {
        Nav_setupLeft();
        return;
    }
    if (st != LINE_DONE)
        return;
    char *end;
    long n = strtol(s->line.buf, &end, 10);
    LineEdit_open(&s->line);
    if (end == s->line.buf || *end != '\0' || n < 1 || n > Setup_count(s->v)) {
        SetupScreen_say(s, true, "that is not a setup number: type 1 to %d", Setup_count(s->v));
        return;
    }
    SetupScreen_startNumber(s->v, (int)n);
}

/* Moves the cursor in screen directions, from square to square. */
static void SetupScreen_moveCursor(SetupState *s, int dx, int dy)
{
    if (SetupScreen_flipped(s)) {
        dx = -dx;
        dy = -dy;
    }
    int cell = Play_nextSquare(SetupScreen_board(s), s->cursor, dx, dy, false);
    if (cell >= 0)
        s->cursor = cell;
}

/* Only the arrows move the cursor here: letters name pieces (K, L...). */
static bool SetupScreen_cursorKey(SetupState *s, int key)
{
    static const struct {
        int key, dx, dy;
    } moves[] = {{KEY_LEFT, -1, 0}, {KEY_RIGHT, 1, 0}, {KEY_UP, 0, 1}, {KEY_DOWN, 0, -1}};
    for (unsigned i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        if (moves[i].key == key) {
            SetupScreen_moveCursor(s, moves[i].dx, moves[i].dy);
            return true;
        }
    }
    return false;
}

static int SetupScreen_cursorSquare(SetupState *s)
{
    for (int i = 0; i < s->v->nsetup_squares; i++)
        if (SetupScreen_squareCell(&s->pos, s->v, i, BLACK) == s->cursor)
            return i;
    return -1;
}

/* Puts letter on free square i for Black and its mirror for White. */
static void SetupScreen_put(SetupState *s, int i, char letter)
{
    int black = SetupScreen_squareCell(&s->pos, s->v, i, BLACK);
    int white = SetupScreen_squareCell(&s->pos, s->v, i, WHITE);
    Position_remove(&s->pos, black);
    Position_remove(&s->pos, white);
    s->letters[i] = letter;
    if (letter == ' ')
        return;
    int type = Variant_typeOfLetter(s->v, letter);
    Position_put(&s->pos, black, PIECE_MAKE(BLACK, type));
    Position_put(&s->pos, white, PIECE_MAKE(WHITE, type));
}

/* How many of that letter an arrangement holds, read from a legal one. */
static int SetupScreen_needed(const Variant *v, char letter)
{
    char full[VARIANT_MAX_SETUP_SQUARES + 1] = "";
    int n = 0;
    Setup_letters(v, 1, full);
    for (int i = 0; i < v->nsetup_squares; i++)
        n += full[i] == letter;
    return n;
}

/* After a placement the cursor waits on the next free square (after i, in
 * the variant's order, round to the first), so that typing the letters one
 * after the other fills the arrangement. */
static void SetupScreen_nextFree(SetupState *s, int i)
{
    int n = s->v->nsetup_squares;
    for (int k = 1; k < n; k++) {
        int j = (i + k) % n;
        if (s->letters[j] == ' ') {
            s->cursor = SetupScreen_squareCell(&s->pos, s->v, j, BLACK);
            return;
        }
    }
}

static void SetupScreen_placeLetter(SetupState *s, int i, char letter)
{
    char name[8];
    Position_cellName(&s->pos, s->cursor, name);
    if (!strchr(s->v->setup_allowed[i], letter)) {
        SetupScreen_say(s, true, "%c may not stand on %s: allowed there are %s", letter, name,
                        s->v->setup_allowed[i]);
        return;
    }
    int have = 0;
    for (int j = 0; j < s->v->nsetup_squares; j++)
        have += s->letters[j] == letter && j != i;
    for (int j = 0; have >= SetupScreen_needed(s->v, letter) && j < s->v->nsetup_squares; j++) {
        if (s->letters[j] == letter && j != i) {
            SetupScreen_put(s, j, ' '); /* only one of each: it moves here */
            have--;
        }
    }
    SetupScreen_put(s, i, letter);
    const PieceKind *k = Variant_kind(s->v, Variant_typeOfLetter(s->v, letter));
    SetupScreen_say(s, false, "%s placed on %s", k->name, name);
    SetupScreen_nextFree(s, i);
}

static void SetupScreen_finishPlacing(void)
{
    SetupState *s = &setup;
    if (strchr(s->letters, ' ')) {
        SetupScreen_say(s, true, "some free squares are still empty (marked -)");
        return;
    }
    char letters[VARIANT_MAX_SETUP_SQUARES + 1];
    strcpy(letters, s->letters);
    int n = Setup_number(s->v, letters);
    if (n == 0) {
        SetupScreen_say(s, true, "that arrangement is not allowed by the rules");
        return;
    }
    SetupScreen_startNumber(s->v, n);
}

static void SetupScreen_placingKey(int key)
{
    SetupState *s = &setup;
    int i = SetupScreen_cursorSquare(s);
    if (SetupScreen_cursorKey(s, key))
        return;
    if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        SetupScreen_finishPlacing();
    } else if (key == KEY_ESC) {
        Nav_setupLeft();
    } else if (i < 0) {
        SetupScreen_say(s, true, "move the cursor onto one of Black's free squares (marked)");
    } else if (key == KEY_DC || key == KEY_BACKSPACE || key == KEY_DEL || key == '.') {
        SetupScreen_put(s, i, ' ');
    } else if (key < 128 && isalpha(key) && Variant_typeOfLetter(s->v, (char)key) >= 0) {
        SetupScreen_placeLetter(s, i, (char)toupper(key));
    } else {
        SetupScreen_say(s, true, "type the letter of a piece allowed on this square");
    }
}

static void SetupScreen_undoPlacement(void)
{
    SetupState *s = &setup;
    /* Take back the engine's placements too, back to the person's last one. */
    if (s->nplaced == 0) {
        SetupScreen_say(s, true, "nothing to take back");
        return;
    }
    do {
        s->nplaced--;
        SetupPhase_undo(&s->phase, s->placed_type[s->nplaced], s->placed_cell[s->nplaced]);
    } while (s->nplaced > 0 && Session_seat(App_play()->s, s->phase.pos.side) == SEAT_ENGINE);
    SetupScreen_say(s, false, "placement taken back");
    SetupScreen_autoPlace(); /* when the engine placed first, it places again */
    SetupScreen_followTurn(s);
}

static void SetupScreen_phaseKey(int key)
{
    SetupState *s = &setup;
    char err[160];
    if (SetupScreen_cursorKey(s, key))
        return;
    if (key == KEY_BACKSPACE || key == KEY_DEL || key == KEY_DC || key == 'u') {
        SetupScreen_undoPlacement();
    } else if (key == KEY_ESC) {
        Nav_setupLeft();
    } else if (key < 128 && isalpha(key) && Variant_typeOfLetter(s->v, (char)key) >= 0) {
        int type = Variant_typeOfLetter(s->v, (char)key);
        if (!SetupPhase_place(&s->phase, type, s->cursor, err, sizeof err)) {
            SetupScreen_say(s, true, "%s", err);
            return;
        }
        s->placed_type[s->nplaced] = type;
        s->placed_cell[s->nplaced++] = s->cursor;
        SetupScreen_say(s, false, "placed");
        SetupScreen_autoPlace();
        if (SetupPhase_done(&s->phase))
            SetupScreen_finishPhase();
        else
            SetupScreen_followTurn(s);
    } else {
        SetupScreen_say(s, true, "type the letter of one of your pieces still to place");
    }
}

static void SetupScreen_key(int key)
{
    static void (*const handlers[])(int) = {
        [SETUP_CHOOSE] = SetupScreen_chooseKey,
        [SETUP_PLACE] = SetupScreen_placingKey,
        [SETUP_NUMBER] = SetupScreen_numberKey,
        [SETUP_PHASE] = SetupScreen_phaseKey,
    };
    if (key == '?') {
        Nav_openHelp(setup.v, -1);
        return;
    }
    handlers[setup.stage](key);
}

static const Variant *SetupScreen_shown(void)
{
    return setup.v;
}

void SetupScreen_note(bool error, const char *text)
{
    SetupScreen_say(&setup, error, "%s", text);
}

/* What the host says while the pieces are arranged here shows at once; an
 * arrangement it no longer waits for (the game aborted, the link gone)
 * gives way to the game, whose message line says why. */
static bool SetupScreen_tick(void)
{
    const Play *p = App_play();
    if (!Nav_arrangingGame())
        return false;
    if (!Match_awaitsArrangement(p->match)) {
        Nav_arrangementEnded();
        return true;
    }
    if (p->notices_seen == notices_shown)
        return false;
    notices_shown = p->notices_seen;
    SetupScreen_say(&setup, p->message_error, "%s", p->message);
    return true;
}

/* METHOD_COUNT: Black chooses the method first. */
static void SetupScreen_enter(const NavArgs *args)
{
    notices_shown = App_play()->notices_seen;
    if (args->method == METHOD_COUNT)
        SetupScreen_ask(args->v);
    else
        SetupScreen_begin(args->v, args->method);
}

const Screen SetupScreen = {
    .draw = SetupScreen_draw,
    .key = SetupScreen_key,
    .minSize = SetupScreen_minSize,
    .variant = SetupScreen_shown,
    .enter = SetupScreen_enter,
    .tick = SetupScreen_tick,
};
