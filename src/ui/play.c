/* The game in progress at the terminal: move entry by cursor or by text,
 * engine turns and hints, clocks, undo/redo and the move list. Everything the
 * screens show is read from here; nothing here draws. */
#include "ui/play.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/fen.h"
#include "core/status.h"

#define HINT_MS 1000

static void Play_vset(Play *p, bool error, const char *fmt, va_list ap)
{
    vsnprintf(p->message, sizeof p->message, fmt, ap);
    p->message_error = error;
    p->changes++;
}

void Play_say(Play *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Play_vset(p, false, fmt, ap);
    va_end(ap);
}

void Play_error(Play *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Play_vset(p, true, fmt, ap);
    va_end(ap);
}

int64_t Play_nowMs(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void Play_create(Play *p)
{
    memset(p, 0, sizeof *p);
    p->player[WHITE] = PLAYER_HUMAN;
    p->player[BLACK] = PLAYER_HUMAN;
    p->level = 5;
    p->seed = (uint64_t)time(NULL) ^ (uint64_t)Play_nowMs() << 20;
}

/* Ends any search and forgets its result: the position it was about has gone. */
static void Play_stopThinking(Play *p)
{
    if (p->thinking == THINK_NONE)
        return;
    Engine_stop(p->engine);
    Engine_wait(p->engine, &p->info);
    p->thinking = THINK_NONE;
    p->changes++;
}

void Play_destroy(Play *p)
{
    Play_stopThinking(p);
    if (p->engine)
        Engine_free(p->engine);
    if (p->active)
        Game_free(&p->game);
    free(p->san);
    memset(p, 0, sizeof *p);
}

/* Rebuilds the SAN move list by replaying the game from its start. */
static bool Play_rebuildSan(Play *p)
{
    if (p->game.nmoves > p->san_capacity) {
        int cap = p->game.nmoves + 64;
        void *grown = realloc(p->san, (size_t)cap * sizeof *p->san);
        if (!grown)
            return false;
        p->san = grown;
        p->san_capacity = cap;
    }
    Position pos = p->game.start;
    for (int i = 0; i < p->game.nmoves; i++) {
        Undo u;
        Notation_san(&pos, p->game.moves[i], p->san[i]);
        Position_make(&pos, p->game.moves[i], &u);
    }
    return true;
}

/* Called after every change of the position: legal moves, result, list. */
static void Play_refresh(Play *p)
{
    Position pos = p->game.pos;
    Movegen_legal(&pos, &p->legal);
    if (!Game_over(&p->game)) {
        GameStatus st = Status_of(&pos);
        if (st.result != RESULT_NONE)
            Game_end(&p->game, st.result, st.reason);
    }
    if (!Play_rebuildSan(p))
        Play_error(p, "out of memory for the move list");
    memset(&p->entry, 0, sizeof p->entry);
    p->hint = MOVE_NONE;
    p->changes++;
}

static void Play_resetClock(Play *p)
{
    p->clock.left_ms[WHITE] = p->clock.base_ms;
    p->clock.left_ms[BLACK] = p->clock.base_ms;
    p->clock.turn_start_ms = Play_nowMs();
}

void Play_setClock(Play *p, int base_ms, int inc_ms)
{
    p->clock.base_ms = base_ms > 0 ? base_ms : 0;
    p->clock.inc_ms = inc_ms > 0 ? inc_ms : 0;
    Play_resetClock(p);
}

/* The board shows the human's side at the bottom when only Black is human,
 * and the cursor starts on the royal piece of the side to move. */
static void Play_cursorHome(Play *p)
{
    const Position *pos = &p->game.pos;
    p->flipped = p->player[WHITE] == PLAYER_ENGINE && p->player[BLACK] == PLAYER_HUMAN;
    int side = p->player[pos->side] == PLAYER_HUMAN ? pos->side : !pos->side;
    int king = pos->king[side];
    p->cursor = king ? king : Position_cell(pos, pos->geo.files / 2, pos->geo.ranks / 2);
}

bool Play_begin(Play *p, const Position *start)
{
    Play_stopThinking(p);
    if (p->active)
        Game_free(&p->game);
    p->active = Game_init(&p->game, start);
    if (!p->active) {
        Play_error(p, "could not start the game (out of memory)");
        return false;
    }
    p->v = start->v;
    if (p->engine)
        Engine_clear(p->engine);
    Play_resetClock(p);
    Play_cursorHome(p);
    Play_refresh(p);
    p->message[0] = '\0';
    return true;
}

void Play_adopt(Play *p, Game *g)
{
    Play_stopThinking(p);
    if (p->active)
        Game_free(&p->game);
    p->game = *g;
    memset(g, 0, sizeof *g);
    p->active = true;
    p->v = p->game.pos.v;
    Play_resetClock(p);
    Play_cursorHome(p);
    Play_refresh(p);
}

bool Play_inProgress(const Play *p)
{
    return p->active && p->game.nmoves > 0 && !Game_over(&p->game);
}

bool Play_humanToMove(const Play *p)
{
    return p->active && !Game_over(&p->game) && p->player[p->game.pos.side] == PLAYER_HUMAN;
}

Move Play_lastMove(const Play *p)
{
    return p->game.nmoves > 0 ? p->game.moves[p->game.nmoves - 1] : MOVE_NONE;
}

void Play_moveCursor(Play *p, int right, int up)
{
    const Position *pos = &p->game.pos;
    if (p->flipped) {
        right = -right;
        up = -up;
    }
    int file = Position_file(pos, p->cursor) + right;
    int rank = Position_rank(pos, p->cursor) + up;
    if (file < 0 || file >= pos->geo.files || rank < 0 || rank >= pos->geo.ranks)
        return;
    p->cursor = Position_cell(pos, file, rank);
    p->changes++;
}

void Play_setCursor(Play *p, int cell)
{
    if (cell >= 0 && Position_file(&p->game.pos, cell) >= 0) {
        p->cursor = cell;
        p->changes++;
    }
}

static const char *Play_sideName(int side)
{
    return side == WHITE ? "White" : "Black";
}

static const char *Play_pieceName(const Play *p, uint8_t piece)
{
    const PieceKind *k = Variant_kind(p->v, PIECE_TYPE(piece));
    return k ? k->name : "piece";
}

/* Says why the player cannot move now, or returns true when they can. */
static bool Play_mayEnterMove(Play *p)
{
    if (Game_over(&p->game)) {
        Play_error(p, "the game is over (%s, %s): :new starts another, :undo takes back",
                   Status_resultText(p->game.status.result),
                   Status_reasonText(p->game.status.reason));
        return false;
    }
    if (!Play_humanToMove(p)) {
        Play_error(p, "it is the engine's move; please wait");
        return false;
    }
    return true;
}

static int Play_movesFrom(const Play *p, int from)
{
    int n = 0;
    for (int i = 0; i < p->legal.count; i++)
        n += MOVE_FROM(p->legal.moves[i]) == from;
    return n;
}

static void Play_pickUp(Play *p)
{
    const Position *pos = &p->game.pos;
    char name[8];
    Position_cellName(pos, p->cursor, name);
    uint8_t piece = pos->board[p->cursor];
    if (!Position_isSquare(pos, p->cursor)) {
        Play_error(p, "%s is not a square of the board", name);
    } else if (!IS_PIECE(piece)) {
        Play_error(p, "%s is empty: pick up one of your pieces", name);
    } else if (PIECE_COLOR(piece) != pos->side) {
        Play_error(p, "that is %s's %s; %s is to move", Play_sideName(PIECE_COLOR(piece)),
                   Play_pieceName(p, piece), Play_sideName(pos->side));
    } else if (Play_movesFrom(p, p->cursor) == 0) {
        Play_error(p, "the %s on %s has no legal move", Play_pieceName(p, piece), name);
    } else {
        p->entry.stage = ENTRY_PIECE;
        p->entry.from = p->cursor;
        Play_say(p, "%s on %s: choose where it goes (Esc puts it back)",
                 Play_pieceName(p, piece), name);
    }
}

/* The core explains best why a move is refused: ask it with the move's text. */
static void Play_explainRefusal(Play *p, int from, int to)
{
    char text[16], err[ERROR_MAX];
    Position pos = p->game.pos;
    Move m;
    Position_cellName(&pos, from, text);
    Position_cellName(&pos, to, text + strlen(text));
    if (!Notation_parse(&pos, text, &m, err, sizeof err))
        Play_error(p, "%s: %s", text, err);
    else
        Play_error(p, "%s: no such move", text);
}

static bool Play_sameChoice(Move a, Move b, EntryStage stage)
{
    return stage == ENTRY_PROMO ? MOVE_PROMO(a) == MOVE_PROMO(b) : MOVE_FLY(a) == MOVE_FLY(b);
}

/* How many different choices of one kind the candidates still offer. */
static int Play_distinct(const Play *p, EntryStage stage)
{
    int n = 0;
    for (int i = 0; i < p->entry.ncands; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = Play_sameChoice(p->entry.cands[i], p->entry.cands[j], stage);
        n += !seen;
    }
    return n;
}

static void Play_commit(Play *p, Move m);

/* Asks for the next choice the candidates differ in, or plays the move. */
static void Play_narrow(Play *p)
{
    char name[8];
    Position_cellName(&p->game.pos, p->entry.to, name);
    if (Play_distinct(p, ENTRY_PROMO) > 1) {
        p->entry.stage = ENTRY_PROMO;
        p->entry.promo_cursor = 0;
        Play_say(p, "promotion on %s: choose the new piece", name);
    } else if (Play_distinct(p, ENTRY_FLIGHT) > 1) {
        p->entry.stage = ENTRY_FLIGHT;
        p->cursor = p->entry.to;
        Play_say(p, "carpet on %s: choose where it flies (Enter here stays)", name);
    } else {
        Play_commit(p, p->entry.cands[0]);
    }
    p->changes++;
}

static void Play_putDown(Play *p)
{
    int from = p->entry.from, to = p->cursor;
    const Position *pos = &p->game.pos;
    if (to == from) {
        Play_cancel(p);
        return;
    }
    uint8_t there = pos->board[to];
    if (IS_PIECE(there) && PIECE_COLOR(there) == pos->side && Play_movesFrom(p, to) > 0) {
        Play_pickUp(p);
        return;
    }
    p->entry.ncands = 0;
    for (int i = 0; i < p->legal.count && p->entry.ncands < PLAY_MAX_CANDIDATES; i++) {
        Move m = p->legal.moves[i];
        if (MOVE_FROM(m) == from && MOVE_TO(m) == to)
            p->entry.cands[p->entry.ncands++] = m;
    }
    if (p->entry.ncands == 0) {
        Play_explainRefusal(p, from, to);
        return;
    }
    p->entry.to = to;
    Play_narrow(p);
}

static void Play_keepCandidates(Play *p, bool (*keep)(Move m, int arg), int arg)
{
    int n = 0;
    for (int i = 0; i < p->entry.ncands; i++)
        if (keep(p->entry.cands[i], arg))
            p->entry.cands[n++] = p->entry.cands[i];
    p->entry.ncands = n;
}

static bool Play_flightIs(Move m, int slot)
{
    return MOVE_FLY(m) == slot;
}

static bool Play_promoIs(Move m, int type)
{
    return MOVE_PROMO(m) == type;
}

static void Play_chooseFlight(Play *p)
{
    const Position *pos = &p->game.pos;
    int slot = p->cursor == p->entry.to ? -1 : Position_carpetSlot(pos, p->cursor);
    bool offered = false;
    for (int i = 0; i < p->entry.ncands && !offered; i++)
        offered = MOVE_FLY(p->entry.cands[i]) == slot;
    if (!offered || (slot < 0 && p->cursor != p->entry.to)) {
        char name[8];
        Position_cellName(pos, p->cursor, name);
        Play_error(p, "the carpet cannot fly to %s: pick a marked place, or the "
                   "landing square to stay", name);
        return;
    }
    Play_keepCandidates(p, Play_flightIs, slot);
    Play_narrow(p);
}

void Play_pick(Play *p)
{
    if (!Play_mayEnterMove(p))
        return;
    switch (p->entry.stage) {
    case ENTRY_IDLE: Play_pickUp(p); break;
    case ENTRY_PIECE: Play_putDown(p); break;
    case ENTRY_FLIGHT: Play_chooseFlight(p); break;
    case ENTRY_PROMO: {
        int types[VARIANT_MAX_PROMOS];
        int n = Play_promotionChoices(p, types);
        if (p->entry.promo_cursor < n)
            Play_choosePromotion(p, Variant_letter(p->v, types[p->entry.promo_cursor]));
        break;
    }
    }
}

int Play_promotionChoices(const Play *p, int types[VARIANT_MAX_PROMOS])
{
    int n = 0;
    for (int t = 0; t < p->v->ntypes; t++) {
        bool offered = false;
        for (int i = 0; i < p->entry.ncands && !offered; i++)
            offered = MOVE_PROMO(p->entry.cands[i]) == t;
        if (offered && n < VARIANT_MAX_PROMOS)
            types[n++] = t;
    }
    return n;
}

bool Play_choosePromotion(Play *p, char letter)
{
    if (p->entry.stage != ENTRY_PROMO)
        return false;
    int type = Variant_typeOfLetter(p->v, letter);
    int types[VARIANT_MAX_PROMOS];
    int n = Play_promotionChoices(p, types);
    for (int i = 0; i < n; i++) {
        if (types[i] == type) {
            Play_keepCandidates(p, Play_promoIs, type);
            Play_narrow(p);
            return true;
        }
    }
    Play_error(p, "'%c' is not one of the pieces offered for promotion", letter);
    return false;
}

void Play_cancel(Play *p)
{
    if (p->entry.stage != ENTRY_IDLE)
        Play_say(p, "move cancelled");
    memset(&p->entry, 0, sizeof p->entry);
    p->changes++;
}

static void Play_chargeClock(Play *p, int64_t now)
{
    if (p->clock.base_ms == 0)
        return;
    int side = p->game.pos.side;
    p->clock.left_ms[side] -= (int)(now - p->clock.turn_start_ms);
    p->clock.left_ms[side] += p->clock.inc_ms;
    p->clock.turn_start_ms = now;
}

static void Play_commit(Play *p, Move m)
{
    char san[MOVE_TEXT_MAX];
    Position before = p->game.pos;
    Notation_san(&before, m, san);
    int mover = p->game.pos.side;
    /* A hint still being searched is about the position that is going away. */
    if (p->thinking == THINK_HINT)
        Play_stopThinking(p);
    Play_chargeClock(p, Play_nowMs());
    if (!Game_play(&p->game, m)) {
        Play_error(p, "%s was refused by the rules core", san);
        return;
    }
    Play_refresh(p);
    if (Game_over(&p->game))
        Play_say(p, "%s %s: %s", san, Status_resultText(p->game.status.result),
                 Status_reasonText(p->game.status.reason));
    else
        Play_say(p, "%s played %s", Play_sideName(mover), san);
}

bool Play_typedMove(Play *p, const char *text)
{
    if (!Play_mayEnterMove(p))
        return false;
    char err[ERROR_MAX];
    Position pos = p->game.pos;
    Move m;
    if (!Notation_parse(&pos, text, &m, err, sizeof err)) {
        Play_error(p, "%s: %s", text, err);
        return false;
    }
    Play_commit(p, m);
    return true;
}

/* Against the engine one step back would hand the move to the engine, which
 * would replay at once: take back to the last position a human had to play. */
static bool Play_stepWhile(Play *p, bool (*step)(Game *g))
{
    if (!step(&p->game))
        return false;
    while (p->player[p->game.pos.side] == PLAYER_ENGINE &&
           p->player[!p->game.pos.side] == PLAYER_HUMAN && step(&p->game))
        ;
    return true;
}

bool Play_undo(Play *p)
{
    Play_stopThinking(p);
    if (!Play_stepWhile(p, Game_undo)) {
        Play_error(p, "nothing to undo: no move has been played");
        return false;
    }
    p->clock.turn_start_ms = Play_nowMs();
    Play_refresh(p);
    Play_say(p, "move taken back");
    return true;
}

bool Play_redo(Play *p)
{
    Play_stopThinking(p);
    if (!Play_stepWhile(p, Game_redo)) {
        Play_error(p, "nothing to redo");
        return false;
    }
    p->clock.turn_start_ms = Play_nowMs();
    Play_refresh(p);
    Play_say(p, "move replayed");
    return true;
}

/* The side a resignation or draw offer comes from: the only human, or the
 * side to move when two people share the keyboard. */
static int Play_humanSide(const Play *p)
{
    if (p->player[WHITE] != p->player[BLACK])
        return p->player[WHITE] == PLAYER_HUMAN ? WHITE : BLACK;
    return p->game.pos.side;
}

void Play_resign(Play *p)
{
    if (Game_over(&p->game)) {
        Play_error(p, "the game is already over");
        return;
    }
    Play_stopThinking(p);
    int side = Play_humanSide(p);
    Game_end(&p->game, side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS, REASON_RESIGNATION);
    Play_refresh(p);
    Play_say(p, "%s resigns: %s", Play_sideName(side), Status_resultText(p->game.status.result));
}

static Engine *Play_engine(Play *p);

void Play_offerDraw(Play *p)
{
    if (Game_over(&p->game)) {
        Play_error(p, "the game is already over");
        return;
    }
    int side = Play_humanSide(p);
    bool engine = p->player[!side] == PLAYER_ENGINE;
    Engine *e = engine ? Play_engine(p) : NULL;
    if (engine && (!e || !Engine_acceptsDraw(e, &p->game.pos, !side, p->level,
                                             p->seed + (uint64_t)p->game.nmoves))) {
        Play_say(p, "the engine declines the draw: it wants to play on");
        return;
    }
    Play_stopThinking(p);
    Game_end(&p->game, RESULT_DRAW, REASON_AGREEMENT);
    Play_refresh(p);
    Play_say(p, "draw agreed: 1/2-1/2");
}

static Engine *Play_engine(Play *p)
{
    if (!p->engine)
        p->engine = Engine_new(ENGINE_DEFAULT_TT_MB);
    return p->engine;
}

static void Play_limits(const Play *p, SearchLimits *lim, bool hint)
{
    memset(lim, 0, sizeof *lim);
    lim->level = hint ? ENGINE_LEVEL_MAX : p->level;
    lim->seed = p->seed + (uint64_t)p->game.nmoves;
    if (p->clock.base_ms && !hint) {
        lim->time_ms[WHITE] = p->clock.left_ms[WHITE];
        lim->time_ms[BLACK] = p->clock.left_ms[BLACK];
        lim->inc_ms[WHITE] = lim->inc_ms[BLACK] = p->clock.inc_ms;
    } else if (hint) {
        lim->movetime_ms = HINT_MS; /* a hint should not keep the player waiting */
    }
    /* Otherwise the level's own time per move applies (engine/levels.c). */
}

static bool Play_startEngine(Play *p, ThinkKind kind)
{
    SearchLimits lim;
    Engine *e = Play_engine(p);
    if (!e) {
        Play_error(p, "the engine could not be started (out of memory)");
        return false;
    }
    Play_limits(p, &lim, kind == THINK_HINT);
    if (!Engine_start(e, &p->game.pos, &lim)) {
        Play_error(p, "the engine could not be started");
        return false;
    }
    memset(&p->info, 0, sizeof p->info);
    p->thinking = kind;
    p->changes++;
    return true;
}

void Play_hint(Play *p)
{
    if (!Play_mayEnterMove(p))
        return;
    if (p->thinking != THINK_NONE) {
        Play_error(p, "the engine is busy; ask again in a moment");
        return;
    }
    if (Play_startEngine(p, THINK_HINT))
        Play_say(p, "looking for a hint...");
}

void Play_moveNow(Play *p)
{
    if (p->thinking == THINK_NONE) {
        Play_error(p, "the engine is not thinking now");
        return;
    }
    Engine_stop(p->engine);  /* the next tick takes its move, as on time */
    Play_say(p, p->thinking == THINK_HINT ? "the hint comes now" : "the engine plays now");
}

bool Play_setLevel(Play *p, int level)
{
    if (level < ENGINE_LEVEL_MIN || level > ENGINE_LEVEL_MAX) {
        Play_error(p, "level must be a number from %d to %d", ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX);
        return false;
    }
    p->level = level;
    Play_say(p, "engine level %d", level);
    return true;
}

void Play_flip(Play *p)
{
    p->flipped = !p->flipped;
    Play_say(p, "%s is now at the bottom", p->flipped ? "Black" : "White");
}

bool Play_setFen(Play *p, const char *fen)
{
    char err[ERROR_MAX];
    Position pos;
    if (!Fen_read(&pos, p->v, fen, err, sizeof err)) {
        Play_error(p, "bad FEN: %s", err);
        return false;
    }
    if (!Play_begin(p, &pos))
        return false;
    Play_say(p, "position set from FEN");
    return true;
}

static void Play_engineDone(Play *p)
{
    ThinkKind kind = p->thinking;
    Move best = Engine_wait(p->engine, &p->info);
    p->thinking = THINK_NONE;
    p->changes++;
    if (best == MOVE_NONE) {
        Play_error(p, "the engine found no move");
        return;
    }
    if (kind == THINK_MOVE) {
        Play_commit(p, best);
        return;
    }
    char san[MOVE_TEXT_MAX];
    Position pos = p->game.pos;
    Notation_san(&pos, best, san);
    p->hint = best;
    Play_say(p, "hint: %s", san);
}

static bool Play_tickEngine(Play *p)
{
    if (p->thinking != THINK_NONE) {
        EngineInfo info;
        if (!Engine_busy(p->engine)) {
            Play_engineDone(p);
            return true;
        }
        Engine_info(p->engine, &info);
        bool changed = info.depth != p->info.depth || info.score != p->info.score;
        /* Full strength may think for many seconds: the screen counts them. */
        bool new_second = info.elapsed_ms / 1000 != p->info.elapsed_ms / 1000;
        p->info = info;
        return new_second || (changed && p->show_analysis);
    }
    if (p->active && !Game_over(&p->game) && p->player[p->game.pos.side] == PLAYER_ENGINE)
        return Play_startEngine(p, THINK_MOVE);
    return false;
}

int Play_clockLeft(const Play *p, int side, int64_t now_ms)
{
    if (p->clock.base_ms == 0)
        return -1;
    int left = p->clock.left_ms[side];
    if (side == p->game.pos.side && !Game_over(&p->game))
        left -= (int)(now_ms - p->clock.turn_start_ms);
    return left > 0 ? left : 0;
}

static bool Play_tickClock(Play *p, int64_t now_ms)
{
    if (p->clock.base_ms == 0 || !p->active || Game_over(&p->game) || p->game.nmoves == 0)
        return false;
    int side = p->game.pos.side;
    if (Play_clockLeft(p, side, now_ms) > 0)
        return false;
    Play_stopThinking(p);
    Game_end(&p->game, side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS, REASON_TIME);
    Play_refresh(p);
    Play_say(p, "%s's time is up: %s", Play_sideName(side),
             Status_resultText(p->game.status.result));
    return true;
}

bool Play_tick(Play *p, int64_t now_ms)
{
    if (!p->active)
        return false;
    if (p->game.nmoves == 0)
        p->clock.turn_start_ms = now_ms; /* clocks start with the first move */
    bool changed = Play_tickClock(p, now_ms);
    return Play_tickEngine(p) || changed;
}

static void Play_markDestinations(const Play *p, uint8_t marks[MAX_CELLS])
{
    const Position *pos = &p->game.pos;
    for (int i = 0; i < p->legal.count; i++) {
        Move m = p->legal.moves[i];
        if (MOVE_FROM(m) != p->entry.from)
            continue;
        int to = MOVE_TO(m);
        if (MOVE_FLAGS(m) & MF_JUMP)
            marks[to] |= MARK_JUMP;
        else if (IS_PIECE(pos->board[to]) || (MOVE_FLAGS(m) & MF_EP))
            marks[to] |= MARK_CAPTURE;
        else
            marks[to] |= MARK_DEST;
    }
}

static void Play_markFlights(const Play *p, uint8_t marks[MAX_CELLS])
{
    const Geometry *geo = &p->game.pos.geo;
    for (int i = 0; i < p->entry.ncands; i++) {
        int slot = MOVE_FLY(p->entry.cands[i]);
        if (slot < 0)
            marks[p->entry.to] |= MARK_STAY;
        else if (slot < geo->ncarpet_cells)
            marks[geo->carpet_cell[slot]] |= MARK_FLIGHT;
    }
}

void Play_marks(const Play *p, uint8_t marks[MAX_CELLS])
{
    memset(marks, 0, MAX_CELLS);
    if (p->entry.stage == ENTRY_PIECE)
        Play_markDestinations(p, marks);
    else if (p->entry.stage == ENTRY_FLIGHT)
        Play_markFlights(p, marks);
}

void Play_captured(const Play *p, char captured[2][MAX_PIECES + 1])
{
    int n[2] = {0, 0};
    Position pos = p->game.start;
    for (int i = 0; i < p->game.nmoves; i++) {
        Undo u;
        Position_make(&pos, p->game.moves[i], &u);
        if (IS_PIECE(u.captured)) {
            int side = PIECE_COLOR(u.captured);
            char letter = Variant_letter(p->v, PIECE_TYPE(u.captured));
            if (n[side] < MAX_PIECES)
                captured[side][n[side]++] = side == WHITE ? letter : (char)(letter - 'A' + 'a');
        }
    }
    captured[WHITE][n[WHITE]] = '\0';
    captured[BLACK][n[BLACK]] = '\0';
}
