/* The game screen's view of the session: the cursor, the flip, move entry
 * by cursor or by text, the SAN list and the message line. The game itself
 * (moves, engine, clocks, requests) is the session's; nothing here draws. */
#include "ui/play.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/fen.h"
#include "core/status.h"

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
    return Session_nowMs();
}

bool Play_create(Play *p)
{
    memset(p, 0, sizeof *p);
    p->match = Match_new();
    p->s = Match_session(p->match);
    return true;
}

void Play_destroy(Play *p)
{
    Match_free(p->match);
    free(p->san);
    memset(p, 0, sizeof *p);
}

/* Rebuilds the SAN move list by replaying the game from its start. */
static void Play_rebuildSan(Play *p)
{
    if (Session_game(p->s)->nmoves > p->san_capacity) {
        p->san_capacity = Session_game(p->s)->nmoves + 64;
        p->san = Alloc_grow(p->san, (size_t)p->san_capacity, sizeof *p->san);
    }
    Position pos = Session_game(p->s)->start;
    for (int i = 0; i < Session_game(p->s)->nmoves; i++) {
        Undo u;
        Notation_san(&pos, Session_game(p->s)->moves[i], p->san[i]);
        Position_make(&pos, Session_game(p->s)->moves[i], &u);
    }
}

/* Called after the session changed the game: the move list, the entry. */
static void Play_keepCursorOnBoard(Play *p);

/* Drops a move half entered and a review past the game's end, and keeps
 * the cursor on a square. */
static void Play_resetView(Play *p)
{
    memset(&p->entry, 0, sizeof p->entry);
    Play_keepCursorOnBoard(p);
    if (p->review_ply >= Session_game(p->s)->nmoves)
        p->reviewing = false;
    p->changes++;
}

static void Play_refresh(Play *p)
{
    Play_rebuildSan(p);
    Play_resetView(p);
}

static void Play_cursorHome(Play *p);

/* Takes over what the session last said, and the position it now holds;
 * a game that replaced the one shown starts with the cursor home. */
void Play_update(Play *p)
{
    const GameSession *s = p->s;
    SessionCounters now = Session_counters(s);
    int nmoves = Session_game(s)->nmoves;
    if (now.games != p->games_seen) {
        p->games_seen = now.games;
        p->reviewing = false;
        p->moves_seen = nmoves;
        Play_cursorHome(p);
    }
    if (Session_hasGame(s) && now.positions != p->positions_seen) {
        p->positions_seen = now.positions;
        /* One move more, made by a side nobody here plays: worth a signal. */
        if (nmoves == p->moves_seen + 1
            && Session_seat(s, !Session_position(s)->side) != SEAT_HUMAN)
            p->opponent_moves++;
        p->moves_seen = nmoves;
        Play_refresh(p);
    }
    if (now.notices != p->notices_seen) {
        p->notices_seen = now.notices;
        snprintf(p->message, sizeof p->message, "%s", Session_notice(s, &p->message_error));
        p->changes++;
    }
}

void Play_setClock(Play *p, int base_ms, int inc_ms)
{
    Match_setClock(p->match, base_ms, inc_ms);
}

/* The board shows the human's side at the bottom when only Black is human,
 * and the cursor starts on the royal piece of the side to move. */
static void Play_cursorHome(Play *p)
{
    const Position *pos = Session_position(p->s);
    int side = Session_seat(p->s, pos->side) == SEAT_HUMAN ? pos->side : !pos->side;
    int king = pos->king[side];
    p->cursor = king ? king : Position_cell(pos, pos->geo->files / 2, pos->geo->ranks / 2);
    Play_keepCursorOnBoard(p);
}

bool Play_begin(Play *p, const Position *start)
{
    if (!Match_begin(p->match, start)) {
        Play_update(p);
        return false;
    }
    Play_update(p);
    p->message[0] = '\0';
    return true;
}

bool Play_keepUnfinished(Play *p, char *kept, size_t len)
{
    kept[0] = '\0';
    unsigned before = Session_counters(p->s).notices;
    bool ok = Match_keepUnfinished(p->match);
    if (ok && Session_counters(p->s).notices != before)
        snprintf(kept, len, "%s", Session_notice(p->s, NULL));
    Play_update(p);
    return ok;
}

void Play_addNote(Play *p, const char *note)
{
    char said[PLAY_MESSAGE_MAX];
    if (note[0] == '\0')
        return;
    snprintf(p->note, sizeof p->note, "%s", note);
    snprintf(said, sizeof said, "%s", p->message);
    if (said[0] != '\0')
        Play_say(p, "%s; %s", said, note);
    else
        Play_say(p, "%s", note);
}

void Play_dropNote(Play *p)
{
    if (p->note[0] == '\0')
        return;
    p->note[0] = '\0';
    p->changes++;
}

void Play_messageText(const Play *p, char *buf, size_t len)
{
    if (p->note[0] == '\0' || strstr(p->message, p->note) != NULL)
        snprintf(buf, len, "%s", p->message);
    else if (p->message[0] == '\0')
        snprintf(buf, len, "%s", p->note);
    else
        snprintf(buf, len, "%s; %s", p->message, p->note);
}

void Play_adoptNotes(Play *p, Game *g, const PgnHeader *tags, GameNotes *notes)
{
    Match_adopt(p->match, g, tags, notes);
    Play_update(p);
}

void Play_adoptFile(Play *p, Game *g, const PgnHeader *tags, GameNotes *notes)
{
    /* Nobody plays a file's game yet: :engine hands a side to the engine. */
    Match_choosePlayers(p->match, SEAT_HUMAN, SEAT_HUMAN, Session_level(p->s));
    Play_adoptNotes(p, g, tags, notes);
}

void Play_adopt(Play *p, Game *g, const PgnHeader *tags)
{
    Play_adoptNotes(p, g, tags, NULL);
}

bool Play_inProgress(const Play *p)
{
    return Session_inProgress(p->s);
}

bool Play_humanToMove(const Play *p)
{
    return Session_humanToMove(p->s);
}

Move Play_lastMove(const Play *p)
{
    return Session_lastMove(p->s);
}

int Play_nextSquare(const Position *pos, int cell, int df, int dr, bool carpets)
{
    int file = Position_file(pos, cell), rank = Position_rank(pos, cell);
    for (;;) {
        file += df;
        rank += dr;
        if (file < 0 || file >= pos->geo->files || rank < 0 || rank >= pos->geo->ranks)
            return -1;
        int next = Position_cell(pos, file, rank);
        if (Position_isSquare(pos, next) || (carpets && Position_isCarpetCell(pos, next)))
            return next;
    }
}

bool Play_explores(const Play *p)
{
    return p->explorer != NULL && p->explorer->wanted(p);
}

/* The position moves are entered on: a variation's, or the game's. */
static const Position *Play_board(const Play *p)
{
    return Play_explores(p) ? p->explorer->board(p) : Session_position(p->s);
}

static const MoveList *Play_legalHere(const Play *p)
{
    return Play_explores(p) ? p->explorer->legal(p) : Session_legal(p->s);
}

static bool Play_mayStand(const Play *p, int cell)
{
    const Position *pos = Play_board(p);
    return Position_isSquare(pos, cell)
        || (p->entry.stage == ENTRY_FLIGHT && Position_isCarpetCell(pos, cell));
}

void Play_moveCursor(Play *p, int right, int up)
{
    if (Session_flipped(p->s)) {
        right = -right;
        up = -up;
    }
    int next = Play_nextSquare(Session_position(p->s), p->cursor, right, up,
                               p->entry.stage == ENTRY_FLIGHT);
    if (next < 0)
        return;
    p->cursor = next;
    p->changes++;
}

void Play_setCursor(Play *p, int cell)
{
    if (cell >= 0 && Position_file(Session_position(p->s), cell) >= 0 && Play_mayStand(p, cell)) {
        p->cursor = cell;
        p->changes++;
    }
}

/* A carpet that flew away from under the cursor leaves it on no square:
 * it steps inwards, towards the middle file, onto the board. */
static void Play_keepCursorOnBoard(Play *p)
{
    const Position *pos = Play_board(p);
    if (Play_mayStand(p, p->cursor))
        return;
    int df = Position_file(pos, p->cursor) < pos->geo->files / 2 ? 1 : -1;
    int next = Play_nextSquare(pos, p->cursor, df, 0, false);
    if (next >= 0)
        p->cursor = next;
}

static const char *Play_sideName(int side)
{
    return side == WHITE ? "White" : "Black";
}

static const char *Play_pieceName(const Play *p, uint8_t piece)
{
    const PieceKind *k = Variant_kind(Session_variant(p->s), PIECE_TYPE(piece));
    return k ? k->name : "piece";
}

/* Says why the player cannot move now, or returns true when they can. */
static bool Play_mayEnterMove(Play *p)
{
    if (Play_explores(p))
        return true; /* a variation: the game is not touched */
    if (Game_over(Session_game(p->s))) {
        Play_error(p, "the game is over (%s, %s): :new starts another, :undo takes back",
                   Status_resultText(Session_game(p->s)->status.result),
                   Status_reasonText(Session_game(p->s)->status.reason));
        return false;
    }
    char why[PLAY_MESSAGE_MAX];
    if (!Match_mayMove(p->match, why, sizeof why)) {
        Play_error(p, "%s", why);
        return false;
    }
    return true;
}

static int Play_movesFrom(const Play *p, int from)
{
    const MoveList *legal = Play_legalHere(p);
    int n = 0;
    for (int i = 0; i < legal->count; i++)
        n += MOVE_FROM(legal->moves[i]) == from;
    return n;
}

static void Play_pickUp(Play *p)
{
    const Position *pos = Play_board(p);
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
        Play_say(p, "%s on %s: choose where it goes (Esc puts it back)", Play_pieceName(p, piece),
                 name);
    }
}

/* The core explains best why a move is refused: ask it with the move's text. */
static void Play_explainRefusal(Play *p, int from, int to)
{
    char text[16], err[ERROR_MAX];
    const Position *pos = Play_board(p);
    Move m;
    Position_cellName(pos, from, text);
    Position_cellName(pos, to, text + strlen(text));
    if (!Notation_parse(pos, text, &m, err, sizeof err))
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
    Position_cellName(Session_position(p->s), p->entry.to, name);
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
    const Position *pos = Play_board(p);
    const MoveList *legal = Play_legalHere(p);
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
    for (int i = 0; i < legal->count && p->entry.ncands < PLAY_MAX_CANDIDATES; i++) {
        Move m = legal->moves[i];
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
    const Position *pos = Play_board(p);
    int slot = p->cursor == p->entry.to ? -1 : Position_carpetSlot(pos, p->cursor);
    bool offered = false;
    for (int i = 0; i < p->entry.ncands && !offered; i++)
        offered = MOVE_FLY(p->entry.cands[i]) == slot;
    if (!offered || (slot < 0 && p->cursor != p->entry.to)) {
        char name[8];
        Position_cellName(pos, p->cursor, name);
        Play_error(p,
                   "the carpet cannot fly to %s: pick a marked place, or the "
                   "landing square to stay",
                   name);
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
                Play_choosePromotion(
                    p, Variant_letter(Session_variant(p->s), types[p->entry.promo_cursor]));
            break;
        }
    }
}

int Play_promotionChoices(const Play *p, int types[VARIANT_MAX_PROMOS])
{
    int n = 0;
    for (int t = 0; t < Session_variant(p->s)->ntypes; t++) {
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
    int type = Variant_typeOfLetter(Session_variant(p->s), letter);
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
    Play_resetView(p);
}

/* Hands the finished entry to the match: played here through Session_move,
 * or shown when the game's host sends it back. */
static void Play_commit(Play *p, Move m)
{
    if (Play_explores(p))
        p->explorer->play(p, m);
    else
        Match_move(p->match, m);
    memset(&p->entry, 0, sizeof p->entry);
    p->changes++;
    Play_update(p);
}

/* A move typed in a variation is read where the board stands. */
static bool Play_exploreText(Play *p, const char *text)
{
    char err[ERROR_MAX];
    Move m;
    if (!Notation_parse(Play_board(p), text, &m, err, sizeof err)) {
        Play_error(p, "%s: %s", text, err);
        return false;
    }
    p->explorer->play(p, m);
    p->changes++;
    return true;
}

bool Play_typedMove(Play *p, const char *text)
{
    if (!Play_mayEnterMove(p))
        return false;
    if (Play_explores(p))
        return Play_exploreText(p, text);
    bool ok = Match_moveText(p->match, text);
    Play_update(p);
    return ok;
}

bool Play_undo(Play *p)
{
    bool ok = Match_undo(p->match);
    p->moves_seen = Session_game(p->s)->nmoves;
    Play_update(p);
    return ok;
}

bool Play_redo(Play *p)
{
    bool ok = Match_redo(p->match);
    p->moves_seen = Session_game(p->s)->nmoves;
    Play_update(p);
    return ok;
}

void Play_resign(Play *p)
{
    Match_resign(p->match);
    Play_update(p);
}

void Play_offerDraw(Play *p)
{
    Match_request(p->match, REQUEST_DRAW);
    Play_update(p);
}

bool Play_answerRequest(Play *p, bool accept)
{
    bool ok = Match_answer(p->match, accept);
    Play_update(p);
    return ok;
}

bool Play_asked(const Play *p)
{
    return Match_asked(p->match);
}

void Play_hint(Play *p)
{
    if (!Play_mayEnterMove(p))
        return;
    Match_hint(p->match);
    Play_update(p);
}

void Play_moveNow(Play *p)
{
    Match_moveNow(p->match);
    Play_update(p);
}

bool Play_setLevel(Play *p, int level)
{
    bool ok = Match_setLevel(p->match, level);
    Play_update(p);
    return ok;
}

void Play_setEngines(Play *p, bool white, bool black)
{
    if (Match_setEngines(p->match, white, black)) {
        const char *who = white && black ? "both sides" : white ? "White" : black ? "Black" : NULL;
        if (who != NULL)
            Play_say(p, "the engine plays %s from now on", who);
        else
            Play_say(p, "people here play both sides from now on");
    }
    Play_update(p);
}

void Play_flip(Play *p)
{
    Match_flip(p->match);
    Play_say(p, "%s is now at the bottom", Session_flipped(p->s) ? "Black" : "White");
}

/* The FEN in the game shown, or else in the first other game it fits (a
 * Pemba FEN typed or pasted during a Zanzibar-S game); err says why it
 * does not fit the game shown. */
static bool Play_readFen(const Play *p, const char *fen, Position *pos, char *err, size_t len)
{
    const Variant *shown = Session_variant(p->s);
    if (Fen_read(pos, shown, fen, err, len))
        return true;
    char other_err[ERROR_MAX];
    for (int id = 0; id < VARIANT_COUNT; id++) {
        const Variant *v = Variant_get((VariantId)id);
        if (v != shown && Fen_read(pos, v, fen, other_err, sizeof other_err))
            return true;
    }
    return false;
}

bool Play_setFen(Play *p, const char *fen)
{
    char err[ERROR_MAX], kept[PLAY_MESSAGE_MAX];
    Position pos;
    if (!Play_readFen(p, fen, &pos, err, sizeof err)) {
        Play_error(p, "bad FEN: %s", err);
        return false;
    }
    const Variant *before = Session_variant(p->s);
    if (!Play_keepUnfinished(p, kept, sizeof kept) || !Play_begin(p, &pos))
        return false;
    if (pos.v != before)
        Play_say(p, "position set from FEN: a game of %s", pos.v->title);
    else
        Play_say(p, "position set from FEN");
    Play_addNote(p, kept);
    return true;
}

int Play_clockLeft(const Play *p, int side, int64_t now_ms)
{
    return Session_clockLeft(p->s, side, now_ms);
}

int Play_clockStepMs(const Play *p, int64_t now_ms)
{
    if (Game_over(Session_game(p->s)))
        return 1000;
    int left = Play_clockLeft(p, Session_position(p->s)->side, now_ms);
    return left >= 0 && left < PLAY_TENTHS_BELOW_MS ? 100 : 1000;
}

/* Once each time it falls under the mark; a clock back above it (an
 * increment, a takeback, a new game) may be warned about again. */
static void Play_warnLowTime(Play *p, int64_t now_ms)
{
    int side = Match_localSide(p->match), base;
    if (side < 0 || !Session_timeControl(p->s, &base, NULL) || !Play_inProgress(p))
        return;
    int mark = base / 10 > PLAY_LOW_TIME_MS ? base / 10 : PLAY_LOW_TIME_MS;
    mark = mark > base / 2 ? base / 2 : mark;
    int left = Play_clockLeft(p, side, now_ms);
    if (left >= mark) {
        p->low_time_told[side] = false;
        return;
    }
    if (p->low_time_told[side] || side != Session_position(p->s)->side)
        return;
    p->low_time_told[side] = true;
    p->low_time_alerts++;
    bool mine = Match_offers(p->match, MATCH_NAMED); /* this screen is one player's */
    Play_error(p, "low time: %d s left on %s clock", (left + 999) / 1000,
               mine                ? "your"
                   : side == WHITE ? "White's"
                                   : "Black's");
}

bool Play_tick(Play *p, int64_t now_ms)
{
    unsigned before = p->changes;
    bool changed = Match_tick(p->match, now_ms);
    Play_update(p);
    Play_warnLowTime(p, now_ms);
    return changed || before != p->changes;
}

static void Play_markDestinations(const Play *p, uint8_t marks[MAX_CELLS])
{
    const Position *pos = Play_board(p);
    const MoveList *legal = Play_legalHere(p);
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
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
    const Geometry *geo = Session_position(p->s)->geo;
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
