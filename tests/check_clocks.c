/* Tests of the clocks a record keeps: PGN's TimeControl tag read and
 * written, [%clk] comments after each move (ours and other programs'),
 * the session recording each mover's time and a loaded game resuming with
 * the clocks and names of its file. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/setup.h"
#include "core/timecontrol.h"
#include "record/pgn.h"
#include "runner.h"
#include "session/session.h"

#define ERR_LEN 512

/* As lichess writes it, with another command, a fraction, a malformed
 * clock and a clock inside a variation, which are none of the main line's. */
static const char LICHESS[] = "[Event \"Rated game\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n"
                              "[Variant \"pemba\"]\n[TimeControl \"600+5\"]\n\n"
                              "1. e4 { [%clk 0:10:00] } 1... e7 { [%eval 0.2] [%clk 0:09:58.4] }\n"
                              "2. d4 {[%clk 0:09:55]} ( 2. f4 { [%clk 0:00:01] } ) 2... d7\n"
                              "{ [%clk oops] } 3. c4 *\n";

static void readGame(const char *text, Game *g, PgnHeader *tags)
{
    char err[ERR_LEN];
    Position start;
    Setup_start(&start, Variant_get(VARIANT_PEMBA));
    Game_init(g, &start);
    ck_assert_msg(Pgn_read(text, 0, g, tags, err, sizeof err), "%s", err);
}

START_TEST(test_clk_read)
{
    Game g;
    PgnHeader tags;
    readGame(LICHESS, &g, &tags);
    ck_assert_int_eq(g.nmoves, 5);
    ck_assert_int_eq(Game_clockAt(&g, 0), 600000);
    ck_assert_int_eq(Game_clockAt(&g, 1), 598400);
    ck_assert_int_eq(Game_clockAt(&g, 2), 595000); /* not the variation's */
    ck_assert_int_eq(Game_clockAt(&g, 3), -1);     /* malformed: ignored */
    ck_assert_int_eq(Game_clockAt(&g, 4), -1);
    ck_assert_int_eq(Game_lastClock(&g, WHITE), -1); /* White's last move has none */
    ck_assert_int_eq(Game_lastClock(&g, BLACK), -1);
    Game_undo(&g);
    ck_assert_int_eq(Game_lastClock(&g, WHITE), 595000);
    Game_free(&g);
}
END_TEST

START_TEST(test_clk_written_and_read_back)
{
    Game g, back;
    PgnHeader tags;
    readGame(LICHESS, &g, &tags);
    Game_setClock(&g, 3, 3723400); /* 1:02:03.4, written rounded up */
    Game_setClock(&g, 99, 5);      /* past the record: nothing */
    char *text = Pgn_write(&g, &tags), *flat = strdup(text);
    ck_assert_ptr_nonnull(flat);
    for (char *p = flat; *p != '\0'; p++) /* the lines are wrapped at 80 columns */
        *p = *p == '\n' ? ' ' : *p;
    ck_assert_msg(strstr(flat, "1. e4 {[%clk 0:10:00]} e7 {[%clk 0:09:59]} 2. d4 {[%clk 0:09:55]}")
                      != NULL,
                  "%s", text);
    ck_assert_msg(strstr(flat, "d7 {[%clk 1:02:04]} 3. c4 *") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "[TimeControl \"600+5\"]") != NULL, "%s", text);
    readGame(text, &back, NULL);
    for (int i = 0; i < g.nmoves; i++)
        ck_assert_int_eq(Game_clockAt(&back, i) / 1000, (Game_clockAt(&g, i) + 999) / 1000);
    free(text);
    free(flat);
    Game_free(&g);
    Game_free(&back);
}
END_TEST

START_TEST(test_time_control_tag)
{
    int base = 1, inc = 2;
    char buf[32];
    ck_assert(TimeControl_readPgn("600+5", &base, &inc));
    ck_assert(base == 600000 && inc == 5000);
    ck_assert(TimeControl_readPgn("180", &base, &inc));
    ck_assert(base == 180000 && inc == 0);
    ck_assert(TimeControl_readPgn("0+2", &base, &inc)); /* the first increment in advance */
    ck_assert(base == 2000 && inc == 2000);
    static const char *const refused[] = {"-",      "?", "",           "40/7200", "*60",     "600+",
                                          "600+5s", "0", "99999999+1", "60:30",   "600+3601"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        base = inc = 7;
        ck_assert_msg(!TimeControl_readPgn(refused[i], &base, &inc), "'%s' read", refused[i]);
        ck_assert(base == 7 && inc == 7);
    }
    ck_assert(!TimeControl_readPgn(NULL, &base, &inc));
    TimeControl_writePgn(600000, 5000, buf, sizeof buf);
    ck_assert_str_eq(buf, "600+5");
    TimeControl_writePgn(0, 0, buf, sizeof buf);
    ck_assert_str_eq(buf, "-");
}
END_TEST

/* Each move keeps its mover's time; a loaded game resumes with its file's
 * clock, each side's last [%clk], and the players' names. */
START_TEST(test_session_clocks)
{
    GameSession *s = Session_new();
    ck_assert_ptr_nonnull(s);
    Position start;
    Setup_start(&start, Variant_get(VARIANT_PEMBA));
    Session_setClock(s, 60000, 2000);
    Session_begin(s, &start);
    ck_assert(Session_moveText(s, WHITE, "e4"));
    ck_assert_int_eq(Game_clockAt(Session_game(s), 0), 62000); /* with the increment */
    ck_assert(Session_moveText(s, BLACK, "e7"));
    ck_assert(Game_clockAt(Session_game(s), 1) > 61000
              && Game_clockAt(Session_game(s), 1) <= 62000);
    ck_assert_ptr_null(Session_playerName(s, WHITE));

    Game g;
    PgnHeader tags;
    readGame(LICHESS, &g, &tags);
    Game_undo(&g); /* White's last move has its [%clk] now */
    Session_adoptRecord(s, &g, &tags, NULL);
    int base_ms, inc_ms, now = 0;
    ck_assert(Session_timeControl(s, &base_ms, &inc_ms));
    ck_assert_int_eq(base_ms, 600000);
    ck_assert_int_eq(inc_ms, 5000);
    int64_t t = Session_nowMs();
    now = Session_clockLeft(s, WHITE, t); /* White's, to move, runs from there */
    ck_assert_msg(now > 594000 && now <= 595000, "%d", now);
    ck_assert_int_eq(Session_clockLeft(s, BLACK, t), 600000); /* no [%clk]: the base */
    ck_assert_str_eq(Session_playerName(s, WHITE), "Ann");
    ck_assert_str_eq(Session_playerName(s, BLACK), "Bo");

    /* a file without a clock leaves the clock set; our own names are no names */
    readGame("[White \"Human\"]\n[Black \"?\"]\n[Variant \"pemba\"]\n\n1. e4 *\n", &g, &tags);
    Session_setClock(s, 30000, 0);
    Session_adoptRecord(s, &g, &tags, NULL);
    ck_assert(Session_timeControl(s, &base_ms, &inc_ms));
    ck_assert_int_eq(base_ms, 30000);
    ck_assert_int_eq(Session_clockLeft(s, WHITE, Session_nowMs()), 30000);
    ck_assert_ptr_null(Session_playerName(s, WHITE));
    ck_assert_ptr_null(Session_playerName(s, BLACK));
    Session_free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("clocks");
    TCase *tc = tcase_create("clocks");
    tcase_add_test(tc, test_clk_read);
    tcase_add_test(tc, test_clk_written_and_read_back);
    tcase_add_test(tc, test_time_control_tag);
    tcase_add_test(tc, test_session_clocks);
    suite_add_tcase(s, tc);
    return TestRunner_run(s);
}
