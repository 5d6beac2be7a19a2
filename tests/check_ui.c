/* Tests of the front end's logic without a terminal: the command parser,
 * the key table, and moves entered by cursor and by text (refusals,
 * promotion chooser, King jump marks, carpet flights, undo/redo). */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fen.h"
#include "ui/commands.h"
#include "ui/play.h"
#include "fixtures.h"
#include "runner.h"

#define PROMO_FEN "11k/1P10/12/12/12/12/12/12/12/12/12/11K w - - 0 1"
#define JUMP_FEN "k10r/12/12/12/12/12/12/12/12/12/12/5K6 w K - 0 1"
#define CARPET_FEN "*1kedsdekr*/*pgppvppgp*/1r9/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSDEKR* b - - 0 1"

static Play play;

static void startAt(const char *variant, const char *fen)
{
    Position pos = Fixture_named(variant, fen);
    Play_create(&play);
    ck_assert(Play_begin(&play, &pos));
}

static void stop(void)
{
    Play_destroy(&play);
}

static int cellOf(const char *name)
{
    int cell = Position_parseCell(Session_position(play.s), &name);
    ck_assert_int_ge(cell, 0);
    return cell;
}

/* Moves the cursor to a square and presses Enter, as the keys would. */
static void pickAt(const char *name)
{
    Play_setCursor(&play, cellOf(name));
    Play_pick(&play);
}

/* ---- the parser */

/* Parses a line that must be accepted as the command `name` (NULL: a move). */
static void parsedAs(const char *line, const char *name, ParsedLine *pl)
{
    char err[160];
    ck_assert_msg(Commands_parse(line, pl, err, sizeof err), "'%s': %s", line, err);
    if (name == NULL) {
        ck_assert_ptr_null(pl->cmd);
        return;
    }
    ck_assert_ptr_nonnull(pl->cmd);
    ck_assert_str_eq(pl->cmd->name, name);
}

START_TEST(parse_command_with_argument)
{
    ParsedLine pl;
    parsedAs("  level \t 5  ", "level", &pl);
    ck_assert_int_eq(pl.argc, 2);
    ck_assert_str_eq(pl.argv[1], "5");
}
END_TEST

START_TEST(parse_command_in_any_case)
{
    ParsedLine pl;
    parsedAs("RESIGN", "resign", &pl);
    parsedAs("Level 3", "level", &pl);
}
END_TEST

START_TEST(parse_move_is_not_a_command)
{
    ParsedLine pl;
    parsedAs("e2e4", NULL, &pl);
    ck_assert_int_eq(pl.argc, 1);
    ck_assert_str_eq(pl.argv[0], "e2e4");
}
END_TEST

START_TEST(parse_refuses_bad_lines)
{
    static const struct {
        const char *line, *phrase;
    } bad[] = {
        {"", "empty"},
        {"level", "usage: level N"},
        {"undo now", "usage: undo"},
        {"a b c d e f g h i", "too many"},
    };
    ParsedLine pl;
    char err[160], longline[400];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(!Commands_parse(bad[i].line, &pl, err, sizeof err), "'%s'", bad[i].line);
        ck_assert_msg(strstr(err, bad[i].phrase) != NULL, "'%s': %s", bad[i].line, err);
    }
    memset(longline, 'x', sizeof longline - 1);
    longline[sizeof longline - 1] = '\0';
    ck_assert(!Commands_parse(longline, &pl, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "too long"));
}
END_TEST

START_TEST(parse_fen_takes_six_words)
{
    ParsedLine pl;
    parsedAs("fen " PROMO_FEN, "fen", &pl);
    ck_assert_int_eq(pl.argc, 7);
    parsedAs("fen", "fen", &pl);
    ck_assert_int_eq(pl.argc, 1);
}
END_TEST

/* ---- the key table */

START_TEST(keys_reach_their_entries)
{
    static const struct {
        int key;
        const char *name;
    } bindings[] = {
        {'h', "left"},       {KEY_LEFT, "left"}, {'j', "down"},    {KEY_DOWN, "down"},
        {'k', "up"},         {KEY_UP, "up"},     {'l', "right"},   {KEY_RIGHT, "right"},
        {'\n', "pick"},      {'\r', "pick"},     {' ', "pick"},    {KEY_ENTER, "pick"},
        {KEY_MOUSE, "pick"}, {27, "cancel"},     {':', "command"}, {'?', "help"},
        {'q', "quit"},       {'i', "piece"},     {'u', "undo"},    {'f', "flip"},
    };
    for (unsigned i = 0; i < sizeof bindings / sizeof bindings[0]; i++) {
        const Command *c = Commands_forKey(bindings[i].key);
        ck_assert_msg(c != NULL, "key %d unbound", bindings[i].key);
        ck_assert_str_eq(c->name, bindings[i].name);
    }
    ck_assert_ptr_null(Commands_forKey('z'));
    ck_assert_ptr_null(Commands_forKey(0));
}
END_TEST

START_TEST(table_is_consistent)
{
    int n;
    const Command *t = Commands_table(&n);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++) {
        ck_assert_msg(t[i].help && t[i].help[0], "%s has no help", t[i].name);
        ck_assert_ptr_nonnull(t[i].fn);
        if (t[i].typed) {
            ck_assert_int_eq(strncmp(t[i].usage, t[i].name, strlen(t[i].name)), 0);
            ck_assert_ptr_eq(Commands_byName(t[i].name), &t[i]);
        } else {
            ck_assert_ptr_null(Commands_byName(t[i].name));
            ck_assert_int_ne(t[i].keys[0], 0);
        }
        for (int k = 0; k < COMMAND_MAX_KEYS && t[i].keys[k]; k++)
            ck_assert_msg(Commands_forKey(t[i].keys[k]) == &t[i], "key %d bound twice",
                          t[i].keys[k]);
    }
}
END_TEST

START_TEST(required_commands_exist)
{
    static const char *names[] = {"new",  "undo", "redo",   "flip", "hint", "level", "save",
                                  "load", "fen",  "resign", "draw", "help", "quit"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        ck_assert_msg(Commands_byName(names[i]) != NULL, "no command %s", names[i]);
}
END_TEST

/* The manual page is written by hand: every command and letter key of the
 * table must be in its PLAYING section, so that the two cannot drift. */
static char *readManPlaying(void)
{
    static char text[65536];
    char path[512];
    const char *srcdir = getenv("ZANZIBAR_SRCDIR");
    snprintf(path, sizeof path, "%s/man/zanzibar.6", srcdir ? srcdir : ".");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *start = strstr(text, ".SH PLAYING");
    ck_assert_ptr_nonnull(start);
    char *end = strstr(start + 1, "\n.SH ");
    if (end)
        *end = '\0';
    return start;
}

static bool manHasKey(const char *man, int key)
{
    char a[8], b[8], c[8];
    /* roff writes a minus sign as \- */
    const char *k = key == '-' ? "\\-" : (char[2]){(char)key, 0};
    snprintf(a, sizeof a, ".B %s\n", k);
    snprintf(b, sizeof b, "\" %s ", k);
    snprintf(c, sizeof c, "\" %s\n", k);
    return strstr(man, a) || strstr(man, b) || strstr(man, c);
}

START_TEST(man_page_lists_the_table)
{
    const char *man = readManPlaying();
    int n;
    const Command *t = Commands_table(&n);
    for (int i = 0; i < n; i++) {
        if (t[i].typed)
            ck_assert_msg(strstr(man, t[i].name) != NULL, "man page lacks command %s", t[i].name);
        for (int k = 0; k < COMMAND_MAX_KEYS && t[i].keys[k]; k++) {
            int key = t[i].keys[k];
            if (key < 128 && key > ' ' && key != ':' && key != '?')
                ck_assert_msg(manHasKey(man, key), "man page lacks key %c (%s)", key, t[i].name);
        }
    }
}
END_TEST

/* ---- commands acting on a game */

START_TEST(typed_moves_undo_redo)
{
    startAt("pemba", NULL);
    ck_assert_int_eq(Commands_execute(&play, "e3e5"), ACTION_NONE);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    ck_assert(!play.message_error);
    ck_assert_str_eq(play.san[0], "e5");
    Commands_execute(&play, "undo");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    Commands_execute(&play, "redo");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    Commands_execute(&play, "redo");
    ck_assert(play.message_error);
    ck_assert_ptr_nonnull(strstr(play.message, "nothing to redo"));
    stop();
}
END_TEST

START_TEST(bad_input_changes_nothing)
{
    startAt("pemba", NULL);
    char before[FEN_MAX], after[FEN_MAX];
    Fen_write(Session_position(play.s), before, sizeof before);
    Commands_execute(&play, "e3e7");
    ck_assert(play.message_error);
    ck_assert_ptr_nonnull(strstr(play.message, "e3e7"));
    Commands_execute(&play, "bogus");
    ck_assert(play.message_error);
    ck_assert_ptr_nonnull(strstr(play.message, "'bogus' is not a command"));
    Commands_execute(&play, "level 11");
    ck_assert(play.message_error);
    ck_assert_int_eq(Session_level(play.s), 5);
    Commands_execute(&play, "level x");
    ck_assert_ptr_nonnull(strstr(play.message, "not a number"));
    Commands_execute(&play, "fen 12/12 w - - 0 1");
    ck_assert_ptr_nonnull(strstr(play.message, "bad FEN"));
    Fen_write(Session_position(play.s), after, sizeof after);
    ck_assert_str_eq(before, after);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    stop();
}
END_TEST

START_TEST(level_flip_fen_and_actions)
{
    char fen[FEN_MAX];
    startAt("pemba", NULL);
    Commands_execute(&play, "level 3");
    ck_assert_int_eq(Session_level(play.s), 3);
    ck_assert(!Session_flipped(play.s));
    Commands_execute(&play, "flip");
    ck_assert(Session_flipped(play.s));
    Commands_execute(&play, "fen");
    Fen_write(Session_position(play.s), fen, sizeof fen);
    ck_assert_str_eq(play.message, fen);
    ck_assert_int_eq(Commands_execute(&play, "quit"), ACTION_QUIT);
    ck_assert_int_eq(Commands_execute(&play, "help"), ACTION_HELP);
    ck_assert_int_eq(Commands_execute(&play, "new"), ACTION_MENU);
    Commands_execute(&play, "e3e5");
    ck_assert_int_eq(Commands_execute(&play, "quit"), ACTION_CONFIRM_QUIT);
    ck_assert_int_eq(Commands_execute(&play, "resign"), ACTION_CONFIRM_RESIGN);
    ck_assert(!Game_over(Session_game(play.s))); /* the screen asks first */
    Play_resign(&play);
    ck_assert(Game_over(Session_game(play.s)));
    ck_assert_int_eq(Session_game(play.s)->status.result, RESULT_WHITE_WINS);
    ck_assert_int_eq(Commands_execute(&play, "quit"), ACTION_QUIT);
    stop();
}
END_TEST

START_TEST(save_and_load_round_trip)
{
    char path[64];
    snprintf(path, sizeof path, "%s/ui-XXXXXX.pgn", TestRunner_folder());
    int fd = mkstemps(path, 4);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char line[128];
    startAt("pemba", NULL);
    Commands_execute(&play, "e3e5");
    Commands_execute(&play, "e8e6");
    /* mkstemps made the file: save refuses to replace it, save! does. */
    snprintf(line, sizeof line, "save %s", path);
    Commands_execute(&play, line);
    ck_assert(play.message_error);
    ck_assert_msg(strstr(play.message, "use :save! ") != NULL, "%s", play.message);
    snprintf(line, sizeof line, "save! %s", path);
    Commands_execute(&play, line);
    ck_assert_msg(!play.message_error, "%s", play.message);
    Commands_execute(&play, "new");
    stop();
    startAt("zanzibar-s", NULL);
    snprintf(line, sizeof line, "load %s", path);
    Commands_execute(&play, line);
    ck_assert_msg(!play.message_error, "%s", play.message);
    ck_assert_str_eq(Session_variant(play.s)->name, "pemba");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 2);
    Commands_execute(&play, "load /nonexistent/file.pgn");
    ck_assert(play.message_error);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 2);
    stop();
    unlink(path);
}
END_TEST

/* The name after :save is the text as typed: blanks inside it, even two
 * in a row, and quotes around it are the player's. */
START_TEST(save_keeps_the_name_as_typed)
{
    char dir[128], line[256], want[160];
    TestRunner_tempDir(dir, sizeof dir, "ui");
    startAt("pemba", NULL);
    Commands_execute(&play, "e3e5");
    snprintf(line, sizeof line, "save %s/two  blanks", dir);
    Commands_execute(&play, line);
    ck_assert_msg(!play.message_error, "%s", play.message);
    snprintf(want, sizeof want, "%s/two  blanks.pgn", dir);
    ck_assert_msg(access(want, F_OK) == 0, "%s", play.message);
    snprintf(line, sizeof line, "save \"%s/a quoted  name\"", dir);
    Commands_execute(&play, line);
    ck_assert_msg(!play.message_error, "%s", play.message);
    snprintf(want, sizeof want, "%s/a quoted  name.pgn", dir);
    ck_assert_msg(access(want, F_OK) == 0, "%s", play.message);
    stop();
    snprintf(line, sizeof line, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(line), 0);
}
END_TEST

/* A file of two games: "load FILE N" picks one; a missing N, a bad N and
 * an N past the end are each answered, and a refusal keeps the game. */
START_TEST(load_picks_a_game_by_number)
{
    char path[64];
    snprintf(path, sizeof path, "%s/ui-XXXXXX", TestRunner_folder());
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    const char *two = "[Variant \"pemba\"]\n\n1. e3e5 e8e6 *\n\n"
                      "[Variant \"pemba\"]\n\n1. e3e5 e8e6 2. d3d5 *\n";
    ck_assert_int_eq(write(fd, two, strlen(two)), (ssize_t)strlen(two));
    close(fd);
    char line[128];
    startAt("zanzibar-s", NULL);
    snprintf(line, sizeof line, "load %s 2", path);
    Commands_execute(&play, line);
    ck_assert_msg(!play.message_error, "%s", play.message);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 3);
    ck_assert_msg(strstr(play.message, "game 2 of 2"), "%s", play.message);
    snprintf(line, sizeof line, "load %s", path);
    Commands_execute(&play, line);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 2);
    snprintf(line, sizeof line, "load %s 3", path);
    Commands_execute(&play, line);
    ck_assert(play.message_error);
    ck_assert_msg(strstr(play.message, "holds 2 games"), "%s", play.message);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 2);
    snprintf(line, sizeof line, "load %s x", path);
    Commands_execute(&play, line);
    ck_assert(play.message_error);
    ck_assert_msg(strstr(play.message, "not a game number"), "%s", play.message);
    stop();
    unlink(path);
}
END_TEST

/* ---- the cursor and moves entered with it */

START_TEST(cursor_moves_and_stops_at_edges)
{
    startAt("pemba", NULL);
    UiAction a;
    Play_setCursor(&play, cellOf("a1"));
    ck_assert(Commands_key(&play, 'h', &a));
    ck_assert_int_eq(play.cursor, cellOf("a1"));
    Commands_key(&play, 'l', &a);
    Commands_key(&play, KEY_UP, &a);
    ck_assert_int_eq(play.cursor, cellOf("b2"));
    Play_flip(&play);
    Commands_key(&play, 'k', &a);
    ck_assert_int_eq(play.cursor, cellOf("b1"));
    Commands_key(&play, KEY_LEFT, &a);
    ck_assert_int_eq(play.cursor, cellOf("c1"));
    stop();
}
END_TEST

START_TEST(cursor_move_refusals_explain)
{
    startAt("pemba", NULL);
    pickAt("e8");
    ck_assert(play.message_error);
    ck_assert_ptr_nonnull(strstr(play.message, "Black's"));
    pickAt("e5");
    ck_assert_ptr_nonnull(strstr(play.message, "empty"));
    pickAt("e3");
    ck_assert_int_eq(play.entry.stage, ENTRY_PIECE);
    uint8_t marks[MAX_CELLS];
    Play_marks(&play, marks);
    ck_assert(marks[cellOf("e4")] & MARK_DEST);
    ck_assert(marks[cellOf("e5")] & MARK_DEST);
    ck_assert(!marks[cellOf("e6")]);
    pickAt("e7");
    ck_assert(play.message_error);
    ck_assert_ptr_nonnull(strstr(play.message, "e3e7"));
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    ck_assert_int_eq(play.entry.stage, ENTRY_PIECE);
    pickAt("e4");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    ck_assert_int_eq(play.entry.stage, ENTRY_IDLE);
    stop();
}
END_TEST

START_TEST(promotion_chooser_offers_exactly_the_allowed)
{
    startAt("zanzibar-s", PROMO_FEN);
    pickAt("b11");
    pickAt("b12");
    ck_assert_int_eq(play.entry.stage, ENTRY_PROMO);
    int types[VARIANT_MAX_PROMOS];
    int n = Play_promotionChoices(&play, types);
    ck_assert_int_eq(n, Session_variant(play.s)->npromos);
    ck_assert(!Play_choosePromotion(&play, 'n'));
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    ck_assert(Play_choosePromotion(&play, 'l'));
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    uint8_t piece = Session_position(play.s)->board[cellOf("b12")];
    ck_assert_int_eq(Variant_letter(Session_variant(play.s), PIECE_TYPE(piece)), 'L');
    stop();
}
END_TEST

START_TEST(promotion_chooser_by_cursor_and_enter)
{
    startAt("zanzibar-s", PROMO_FEN);
    pickAt("b11");
    pickAt("b12");
    int types[VARIANT_MAX_PROMOS];
    Play_promotionChoices(&play, types);
    play.entry.promo_cursor = 2;
    Play_pick(&play);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    ck_assert_int_eq(PIECE_TYPE(Session_position(play.s)->board[cellOf("b12")]), types[2]);
    stop();
}
END_TEST

START_TEST(no_moves_after_the_end)
{
    startAt("pemba", NULL);
    Commands_execute(&play, "draw");
    /* Between two people the other side accepts the offer. */
    ck_assert(Play_asked(&play));
    ck_assert(Play_answerRequest(&play, true));
    ck_assert(Game_over(Session_game(play.s)));
    ck_assert_int_eq(Session_game(play.s)->status.reason, REASON_AGREEMENT);
    Commands_execute(&play, "e3e5");
    ck_assert(play.message_error);
    ck_assert_ptr_nonnull(strstr(play.message, "the game is over"));
    pickAt("e3");
    ck_assert_int_eq(play.entry.stage, ENTRY_IDLE);
    Commands_execute(&play, "resign");
    ck_assert_ptr_nonnull(strstr(play.message, "already over"));
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    stop();
}
END_TEST

START_TEST(king_jump_squares_are_marked)
{
    startAt("zanzibar-s", JUMP_FEN);
    pickAt("f1");
    uint8_t marks[MAX_CELLS];
    Play_marks(&play, marks);
    ck_assert(marks[cellOf("d1")] & MARK_JUMP);
    ck_assert(marks[cellOf("h3")] & MARK_JUMP);
    ck_assert(marks[cellOf("g2")] & MARK_DEST);
    ck_assert(!(marks[cellOf("g2")] & MARK_JUMP));
    pickAt("h3");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    ck_assert(MOVE_FLAGS(Session_game(play.s)->moves[0]) & MF_JUMP);
    stop();
}
END_TEST

START_TEST(king_jump_in_check_refused_with_the_rule)
{
    startAt("zanzibar-s", "k10r/12/12/12/12/12/12/12/12/12/12/5K6 b K - 0 1");
    Commands_execute(&play, "l12f12");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    pickAt("f1");
    pickAt("h3");
    ck_assert(play.message_error);
    ck_assert_ptr_nonnull(strstr(play.message, "may not jump while it is in check"));
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    uint8_t marks[MAX_CELLS];
    Play_marks(&play, marks);
    ck_assert(!(marks[cellOf("h3")] & MARK_JUMP));
    stop();
}
END_TEST

START_TEST(carpet_flight_by_cursor)
{
    startAt("arabian-nights", CARPET_FEN);
    pickAt("b7");
    pickAt("a7");
    ck_assert_int_eq(play.entry.stage, ENTRY_FLIGHT);
    uint8_t marks[MAX_CELLS];
    Play_marks(&play, marks);
    ck_assert(marks[cellOf("a7")] & MARK_STAY);
    ck_assert(marks[cellOf("k5")] & MARK_FLIGHT);
    ck_assert(!(marks[cellOf("k7")] & MARK_FLIGHT)); /* a carpet lies there */
    pickAt("e5");
    ck_assert(play.message_error);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    pickAt("k5");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    ck_assert_int_ge(MOVE_FLY(Session_game(play.s)->moves[0]), 0);
    ck_assert(Position_hasCarpet(Session_position(play.s), cellOf("k5")));
    ck_assert(IS_PIECE(Session_position(play.s)->board[cellOf("k5")]));
    stop();
}
END_TEST

START_TEST(escape_cancels_the_entry)
{
    startAt("pemba", NULL);
    UiAction a;
    pickAt("e3");
    ck_assert(Commands_key(&play, 27, &a));
    ck_assert_int_eq(play.entry.stage, ENTRY_IDLE);
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    stop();
}
END_TEST

/* Ticks the game until the engine is done, for at most ten seconds. */
static void tickUntilIdle(void)
{
    int64_t start = Play_nowMs();
    while (Session_thinking(play.s) != THINK_NONE && Play_nowMs() - start < 10000) {
        Play_tick(&play, Play_nowMs());
        usleep(20000);
    }
    ck_assert_int_eq(Session_thinking(play.s), THINK_NONE);
}

START_TEST(hint_is_a_legal_move)
{
    startAt("pemba", NULL);
    Play_hint(&play);
    ck_assert_int_eq(Session_thinking(play.s), THINK_HINT);
    tickUntilIdle();
    ck_assert_uint_ne(Session_hintMove(play.s), MOVE_NONE);
    Position pos = Session_game(play.s)->pos;
    ck_assert(Movegen_isLegalMove(&pos, Session_hintMove(play.s)));
    ck_assert_ptr_nonnull(strstr(play.message, "hint: "));
    stop();
}
END_TEST

START_TEST(a_move_drops_the_pending_hint)
{
    startAt("pemba", NULL);
    Play_hint(&play);
    Commands_execute(&play, "e3e5");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 1);
    ck_assert_int_eq(Session_thinking(play.s), THINK_NONE);
    Play_tick(&play, Play_nowMs());
    ck_assert_uint_eq(Session_hintMove(play.s), MOVE_NONE);
    stop();
}
END_TEST

START_TEST(engine_replies_as_black)
{
    startAt("pemba", NULL);
    Match_choosePlayers(play.match, Session_seat(play.s, WHITE), SEAT_ENGINE, 1);
    Commands_execute(&play, "e3e5");
    Play_tick(&play, Play_nowMs());
    ck_assert_int_eq(Session_thinking(play.s), THINK_MOVE);
    Commands_execute(&play, "e5e6");
    ck_assert(play.message_error); /* not the person's move */
    tickUntilIdle();
    ck_assert_int_eq(Session_game(play.s)->nmoves, 2);
    /* Undo against the engine goes back to the person's last move. */
    Commands_execute(&play, "undo");
    ck_assert_int_eq(Session_game(play.s)->nmoves, 0);
    stop();
}
END_TEST

static Suite *uiSuite(void)
{
    Suite *s = suite_create("ui");
    TCase *parse = tcase_create("parser");
    tcase_add_test(parse, parse_command_with_argument);
    tcase_add_test(parse, parse_command_in_any_case);
    tcase_add_test(parse, parse_move_is_not_a_command);
    tcase_add_test(parse, parse_refuses_bad_lines);
    tcase_add_test(parse, parse_fen_takes_six_words);
    suite_add_tcase(s, parse);
    TCase *keys = tcase_create("keys");
    tcase_add_test(keys, keys_reach_their_entries);
    tcase_add_test(keys, table_is_consistent);
    tcase_add_test(keys, required_commands_exist);
    tcase_add_test(keys, man_page_lists_the_table);
    suite_add_tcase(s, keys);
    TCase *play_tc = tcase_create("play");
    tcase_add_test(play_tc, typed_moves_undo_redo);
    tcase_add_test(play_tc, bad_input_changes_nothing);
    tcase_add_test(play_tc, level_flip_fen_and_actions);
    tcase_add_test(play_tc, save_and_load_round_trip);
    tcase_add_test(play_tc, save_keeps_the_name_as_typed);
    tcase_add_test(play_tc, load_picks_a_game_by_number);
    tcase_add_test(play_tc, cursor_moves_and_stops_at_edges);
    tcase_add_test(play_tc, cursor_move_refusals_explain);
    tcase_add_test(play_tc, promotion_chooser_offers_exactly_the_allowed);
    tcase_add_test(play_tc, promotion_chooser_by_cursor_and_enter);
    tcase_add_test(play_tc, no_moves_after_the_end);
    tcase_add_test(play_tc, king_jump_squares_are_marked);
    tcase_add_test(play_tc, king_jump_in_check_refused_with_the_rule);
    tcase_add_test(play_tc, carpet_flight_by_cursor);
    tcase_add_test(play_tc, escape_cancels_the_entry);
    suite_add_tcase(s, play_tc);
    TCase *engine = tcase_create("engine");
    tcase_set_timeout(engine, 30);
    tcase_add_test(engine, hint_is_a_legal_move);
    tcase_add_test(engine, a_move_drops_the_pending_hint);
    tcase_add_test(engine, engine_replies_as_black);
    suite_add_tcase(s, engine);
    return s;
}

int main(void)
{
    return TestRunner_run(uiSuite());
}
