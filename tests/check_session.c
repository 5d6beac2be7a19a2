/* Tests of the game session without any screen: the one way in for moves
 * (side, seat, ply, legality), requests between the sides, clocks that stop
 * with the game, take-backs against the engine, the engine's wake-up fd,
 * and what is saved: finished games kept, a stranger's saved game set aside. */
#include <check.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/notation.h"
#include "record/autosave.h"
#include "record/record.h"
#include "record/saved.h"
#include "session/session.h"
#include "fixtures.h"
#include "runner.h"

/* Pemba: Black's King alone against White's King and Queen. */
#define LOST_FEN "4k5/10/10/10/q9/10/10/10/10/9K w - - 0 1"
/* Pemba: White mates with Rj10 (the King on b8 holds a9 and b9). */
#define MATE_IN_ONE_FEN "k9/10/1K8/4p5/10/10/10/10/10/9R w - - 0 1"
#define MATE_IN_ONE_MOVE "j1j10"

static GameSession *s;

static void startAt(const char *variant, const char *fen)
{
    Position pos = Fixture_named(variant, fen);
    s = Session_new();
    ck_assert(Session_begin(s, &pos));
}

static Move parse(const char *text)
{
    Position pos = Session_game(s)->pos;
    Move m;
    char err[ERROR_MAX];
    ck_assert_msg(Notation_parse(&pos, text, &m, err, sizeof err), "%s: %s", text, err);
    return m;
}

/* Ticks until the engine has moved, waking on its descriptor as a host would. */
static void waitForEngine(void)
{
    int64_t start = Session_nowMs();
    Session_tick(s, Session_nowMs());
    while (Session_thinking(s) != THINK_NONE && Session_nowMs() - start < 20000) {
        struct pollfd pfd = {Session_pollFd(s), POLLIN, 0};
        poll(&pfd, 1, 5000);
        Session_tick(s, Session_nowMs());
    }
    ck_assert_int_eq(Session_thinking(s), THINK_NONE);
}

/* Waits (up to 20 s) for the engine's descriptor to say its search has
 * ended, then ticks once. */
static void tickWhenSearchEnds(void)
{
    struct pollfd pfd = {Session_pollFd(s), POLLIN, 0};
    ck_assert_int_eq(poll(&pfd, 1, 20000), 1);
    Session_tick(s, Session_nowMs());
}

START_TEST(every_move_is_checked_whoever_sends_it)
{
    startAt("pemba", NULL);
    Move e3e5 = parse("e3e5");
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, BLACK, 0, e3e5), MOVE_REFUSED_SIDE);
    ck_assert_int_eq(Session_move(s, SEAT_REMOTE, WHITE, 0, e3e5), MOVE_REFUSED_SEAT);
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, WHITE, 1, e3e5), MOVE_REFUSED_STALE);
    ck_assert_int_eq(Session_game(s)->nmoves, 0);
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, WHITE, 0, e3e5), MOVE_OK);
    ck_assert_int_eq(Session_game(s)->nmoves, 1);
    /* The same message again is stale now, and a White move is out of turn. */
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, WHITE, 0, e3e5), MOVE_REFUSED_SIDE);
    Move e8e6 = parse("e8e6");
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, BLACK, 0, e8e6), MOVE_REFUSED_STALE);
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, BLACK, 1, e3e5), MOVE_REFUSED_ILLEGAL);
    bool error = false;
    Session_notice(s, &error);
    ck_assert(error);
    ck_assert_int_eq(Session_game(s)->nmoves, 1);
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, BLACK, 1, e8e6), MOVE_OK);
    Session_free(s);
}
END_TEST

START_TEST(remote_seat_moves_through_the_same_door)
{
    startAt("pemba", NULL);
    Session_setSeat(s, BLACK, SEAT_REMOTE);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    ck_assert_int_eq(Session_move(s, SEAT_HUMAN, BLACK, 1, parse("e8e6")), MOVE_REFUSED_SEAT);
    ck_assert_int_eq(Session_move(s, SEAT_REMOTE, BLACK, 1, parse("e8e6")), MOVE_OK);
    ck_assert_int_eq(Session_game(s)->nmoves, 2);
    Session_free(s);
}
END_TEST

START_TEST(draw_offer_waits_for_the_other_side)
{
    startAt("pemba", NULL);
    ck_assert(Session_request(s, WHITE, REQUEST_DRAW));
    ck_assert(!Game_over(Session_game(s)));
    ck_assert_int_eq(Session_askedSide(s), BLACK);
    ck_assert(!Session_answer(s, WHITE, true));          /* not one's own offer */
    ck_assert(!Session_request(s, BLACK, REQUEST_DRAW)); /* one at a time */
    ck_assert(Session_answer(s, BLACK, true));
    ck_assert(Game_over(Session_game(s)));
    ck_assert_int_eq(Session_game(s)->status.result, RESULT_DRAW);
    ck_assert_int_eq(Session_game(s)->status.reason, REASON_AGREEMENT);
    Session_free(s);
}
END_TEST

START_TEST(a_move_by_the_other_side_declines_a_draw)
{
    startAt("pemba", NULL);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    ck_assert(Session_request(s, WHITE, REQUEST_DRAW)); /* offered, then Black moves */
    ck_assert(Session_moveText(s, BLACK, "e8e6"));
    ck_assert_int_eq(Session_askedSide(s), -1);
    ck_assert_ptr_nonnull(strstr(Session_notice(s, NULL), "declined"));
    ck_assert(!Session_answer(s, BLACK, true));
    ck_assert(!Game_over(Session_game(s)));
    /* Declined with a key. */
    ck_assert(Session_request(s, WHITE, REQUEST_DRAW));
    ck_assert(Session_answer(s, BLACK, false));
    ck_assert(!Game_over(Session_game(s)));
    Session_free(s);
}
END_TEST

START_TEST(takeback_request_goes_back_to_the_asker)
{
    startAt("pemba", NULL);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    ck_assert(Session_moveText(s, BLACK, "e8e6"));
    ck_assert(Session_moveText(s, WHITE, "d3d4"));
    ck_assert(Session_request(s, BLACK, REQUEST_TAKEBACK));
    ck_assert(Session_answer(s, WHITE, true));
    ck_assert_int_eq(Session_game(s)->nmoves, 1);
    ck_assert_int_eq(Session_position(s)->side, BLACK);
    Session_free(s);
}
END_TEST

START_TEST(engine_declines_a_draw_when_better)
{
    startAt("pemba", LOST_FEN);
    Session_setSeat(s, BLACK, SEAT_ENGINE);
    ck_assert(!Session_engineAcceptsDraw(s, BLACK));
    /* A hint first (a search from the person's side) changes nothing. */
    Session_hint(s);
    waitForEngine();
    ck_assert_uint_ne(Session_hintMove(s), MOVE_NONE);
    ck_assert(!Session_request(s, WHITE, REQUEST_DRAW));
    ck_assert(!Game_over(Session_game(s)));
    ck_assert_ptr_nonnull(strstr(Session_notice(s, NULL), "declines"));
    Session_free(s);
}
END_TEST

START_TEST(clocks_stop_where_the_game_ended)
{
    startAt("pemba", NULL);
    Session_setClock(s, 60000, 0);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    Session_setClocksLeft(s, 60000, 57000); /* Black thought for three seconds */
    ck_assert(Session_resign(s, BLACK));
    int left = Session_clockLeft(s, BLACK, Session_nowMs() + 5000);
    ck_assert_int_le(left, 57000);
    ck_assert_int_ge(left, 56000);
    Session_free(s);
}
END_TEST

START_TEST(flag_leaves_the_clock_at_zero)
{
    startAt("pemba", NULL);
    Session_setClock(s, 1000, 0);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    ck_assert(Session_moveText(s, BLACK, "e8e6"));
    Session_setClocksLeft(s, 0, 1000); /* White thought too long */
    Session_tick(s, Session_nowMs());
    ck_assert(Game_over(Session_game(s)));
    ck_assert_int_eq(Session_game(s)->status.reason, REASON_TIME);
    ck_assert_int_eq(Session_clockLeft(s, WHITE, Session_nowMs()), 0);
    Session_free(s);
}
END_TEST

START_TEST(undo_with_the_engine_as_white_at_move_one)
{
    startAt("pemba", NULL);
    Session_setSeat(s, WHITE, SEAT_ENGINE);
    Session_choosePlayers(s, Session_seat(s, WHITE), Session_seat(s, BLACK), 1);
    waitForEngine();
    ck_assert_int_eq(Session_game(s)->nmoves, 1);
    Move first = Session_game(s)->moves[0];
    ck_assert(!Session_undo(s));
    ck_assert_ptr_nonnull(strstr(Session_notice(s, NULL), "nothing of yours"));
    ck_assert_int_eq(Session_game(s)->nmoves, 1);
    ck_assert_uint_eq(Session_game(s)->moves[0], first);
    Session_free(s);
}
END_TEST

START_TEST(poll_fd_wakes_when_the_engine_moves)
{
    startAt("pemba", NULL);
    Session_setSeat(s, BLACK, SEAT_ENGINE);
    Session_choosePlayers(s, Session_seat(s, WHITE), Session_seat(s, BLACK), 1);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    Session_tick(s, Session_nowMs());
    ck_assert_int_eq(Session_thinking(s), THINK_MOVE);
    tickWhenSearchEnds();
    ck_assert_int_eq(Session_game(s)->nmoves, 2);
    struct pollfd pfd = {Session_pollFd(s), POLLIN, 0};
    ck_assert_int_eq(poll(&pfd, 1, 0), 0); /* drained */
    Session_free(s);
}
END_TEST

/* Level 10 against itself at 1+0 through the screen lost on time: the
 * search for the side whose clock the move started began only at the
 * caller's next tick, and a screen sleeps until its clock's next second. */
START_TEST(the_engine_against_itself_answers_in_the_same_tick)
{
    startAt("pemba", NULL);
    Session_choosePlayers(s, SEAT_ENGINE, SEAT_ENGINE, 1);
    Session_setClock(s, 60000, 0);
    Session_tick(s, Session_nowMs());
    ck_assert_int_eq(Session_thinking(s), THINK_MOVE);
    tickWhenSearchEnds();
    ck_assert_int_eq(Session_game(s)->nmoves, 1);
    ck_assert_int_eq(Session_thinking(s), THINK_MOVE); /* Black's search, at once */
    Session_stopThinking(s);
    Session_free(s);
}
END_TEST

/* ---- saving, in folders of the test's own */

static char tmpdir[256];

static void setupTmp(void)
{
    char sub[300];
    TestRunner_tempDir(tmpdir, sizeof tmpdir, "session");
    const char *vars[] = {"XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME"};
    const char *names[] = {"state", "data", "config", "home"};
    for (int i = 0; i < 4; i++) {
        snprintf(sub, sizeof sub, "%s/%s", tmpdir, names[i]);
        setenv(vars[i], sub, 1);
    }
}

static void teardownTmp(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static int savedCount(SavedGame **list)
{
    int count;
    char err[256];
    ck_assert_msg(Saved_list(list, &count, err, sizeof err), "%s", err);
    return count;
}

START_TEST(a_finished_game_is_kept_and_the_state_file_cleared)
{
    SavedGame *list = NULL;
    startAt("pemba", NULL);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    Session_keepSaved(s);
    ck_assert(Autosave_exists());
    ck_assert(Session_resign(s, BLACK));
    Session_keepSaved(s);
    ck_assert_msg(strstr(Session_notice(s, NULL), "Black resigns")
                      && strstr(Session_notice(s, NULL), "; kept among the saved games"),
                  "%s", Session_notice(s, NULL));
    ck_assert(!Autosave_exists());
    ck_assert_int_eq(savedCount(&list), 1);
    ck_assert_str_eq(list[0].result, "1-0");
    free(list);
    /* Nothing more to keep: the next pass saves nothing again. */
    Session_keepSaved(s);
    ck_assert_int_eq(savedCount(&list), 1);
    free(list);
    Session_free(s);
}
END_TEST

START_TEST(a_strangers_saved_game_is_set_aside_before_it_is_replaced)
{
    SavedGame *list = NULL;
    startAt("pemba", NULL);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    Session_keepSaved(s);
    Session_free(s);
    /* Another run finds that game and starts a new one instead. */
    startAt("pemba", NULL);
    Session_setStateFileForeign(s, true);
    Session_keepSaved(s);
    ck_assert_int_eq(savedCount(&list), 0); /* no move yet: nothing replaced */
    ck_assert(Session_moveText(s, WHITE, "d3d5"));
    Session_keepSaved(s);
    ck_assert_msg(strstr(Session_notice(s, NULL), "the earlier unfinished game was kept as "), "%s",
                  Session_notice(s, NULL));
    ck_assert_int_eq(savedCount(&list), 1);
    ck_assert_int_eq(list[0].moves, 1);
    free(list);
    /* The state file is this session's own now: nothing more is set aside. */
    ck_assert(Session_setAside(s));
    ck_assert_int_eq(savedCount(&list), 1);
    free(list);
    ck_assert(Autosave_exists());
    Session_free(s);
}
END_TEST

START_TEST(an_unfinished_game_is_kept_before_another_replaces_it)
{
    SavedGame *list = NULL;
    startAt("pemba", NULL);
    ck_assert(Session_keepUnfinished(s)); /* no move yet: nothing to keep */
    ck_assert_int_eq(savedCount(&list), 0);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    ck_assert(Session_moveText(s, BLACK, "e8e6"));
    ck_assert(Session_keepUnfinished(s));
    ck_assert_msg(strstr(Session_notice(s, NULL), "unfinished game was kept as "), "%s",
                  Session_notice(s, NULL));
    ck_assert(!Autosave_exists());
    ck_assert_int_eq(savedCount(&list), 1);
    ck_assert_int_eq(list[0].moves, 1);
    ck_assert_str_eq(list[0].result, "*");
    free(list);
    /* The new game's first move finds nothing of another game to set aside. */
    Position start = Session_game(s)->start;
    ck_assert(Session_begin(s, &start));
    ck_assert(Session_moveText(s, WHITE, "d3d5"));
    Session_keepSaved(s);
    ck_assert_int_eq(savedCount(&list), 1);
    free(list);
    ck_assert(Autosave_exists());
    Session_free(s);
}
END_TEST

/* Issue 36: a game is kept with its own players and clock, not the ones
 * chosen since for the next game; a game a file holds as it stands is not
 * kept again; a loaded file's players and notes go with it. */
START_TEST(a_kept_game_is_the_game_as_played_and_kept_once)
{
    SavedGame *list = NULL;
    startAt("pemba", NULL);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    Session_keepSaved(s);
    Session_choosePlayers(s, SEAT_HUMAN, SEAT_ENGINE, 7); /* the menu, for the next game */
    Session_setClock(s, 300000, 0);
    ck_assert(Session_keepUnfinished(s));
    ck_assert_int_eq(savedCount(&list), 1);
    ck_assert_str_eq(list[0].black, "Human");
    ck_assert_str_eq(list[0].clock, ""); /* no clock */
    free(list);
    ck_assert(Session_keepUnfinished(s)); /* kept already */
    ck_assert_int_eq(savedCount(&list), 1);
    free(list);
    /* A file's game: nothing to keep until it is played on. */
    Game g;
    PgnHeader tags;
    GameNotes notes;
    char err[ERROR_MAX];
    Game_init(&g, &Session_game(s)->start);
    GameNotes_init(&notes);
    ck_assert_msg(Pgn_readNotes("[White \"Ann\"]\n[Variant \"pemba\"]\n\n1. f5 {a note} *\n", 0, &g,
                                &tags, &notes, err, sizeof err),
                  "%s", err);
    Session_adoptRecord(s, &g, &tags, &notes);
    ck_assert(Session_keepUnfinished(s));
    ck_assert_int_eq(savedCount(&list), 1);
    free(list);
    ck_assert(Session_moveText(s, BLACK, "e8e6"));
    Session_keepSaved(s);
    ck_assert(Session_keepUnfinished(s));
    ck_assert_int_eq(savedCount(&list), 2);
    int ann = strcmp(list[0].white, "Ann") == 0 ? 0 : 1;
    ck_assert_str_eq(list[ann].white, "Ann");
    Game_init(&g, &Session_game(s)->start);
    ck_assert(Record_loadPgnNotes(&g, NULL, &notes, list[ann].path, 0, err, sizeof err));
    ck_assert_str_eq(GameNotes_get(&notes, 0, NOTE_COMMENT), "a note");
    Game_free(&g);
    GameNotes_free(&notes);
    free(list);
    Session_free(s);
}
END_TEST

START_TEST(undo_after_resign_takes_back_the_resignation_alone)
{
    SavedGame *list = NULL;
    startAt("pemba", NULL);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    ck_assert(Session_moveText(s, BLACK, "e8e6"));
    Session_keepSaved(s);
    ck_assert(Session_resign(s, WHITE));
    Session_keepSaved(s);
    ck_assert_int_eq(savedCount(&list), 1);
    free(list);
    ck_assert(Session_undo(s));
    ck_assert_msg(strstr(Session_notice(s, NULL), "the resignation is taken back")
                      && strstr(Session_notice(s, NULL), "removed"),
                  "%s", Session_notice(s, NULL));
    ck_assert(!Game_over(Session_game(s)));
    ck_assert_int_eq(Session_game(s)->nmoves, 2);
    ck_assert_int_eq(savedCount(&list), 0);
    Session_keepSaved(s);
    ck_assert(Autosave_exists()); /* back to a game in progress */
    /* Resigned again, it is kept again. */
    ck_assert(Session_resign(s, BLACK));
    Session_keepSaved(s);
    ck_assert_int_eq(savedCount(&list), 1);
    ck_assert_str_eq(list[0].result, "1-0");
    free(list);
    Session_free(s);
}
END_TEST

START_TEST(undo_after_a_flag_is_refused)
{
    startAt("pemba", NULL);
    Session_setClock(s, 1000, 0);
    ck_assert(Session_moveText(s, WHITE, "e3e5"));
    Session_tick(s, Session_nowMs() + 5000);
    ck_assert(Game_over(Session_game(s)));
    ck_assert(!Session_undo(s));
    ck_assert_msg(strstr(Session_notice(s, NULL), "lost on time"), "%s", Session_notice(s, NULL));
    ck_assert(Game_over(Session_game(s)));
    Session_free(s);
}
END_TEST

START_TEST(undo_after_mate_takes_back_the_move_and_the_kept_file)
{
    SavedGame *list = NULL;
    startAt("pemba", MATE_IN_ONE_FEN);
    Session_keepSaved(s); /* as the loop does before the first move */
    ck_assert(Session_moveText(s, WHITE, MATE_IN_ONE_MOVE));
    ck_assert(Game_over(Session_game(s)));
    Session_keepSaved(s);
    ck_assert_int_eq(savedCount(&list), 1);
    free(list);
    ck_assert(Session_undo(s));
    ck_assert(!Game_over(Session_game(s)));
    ck_assert_int_eq(Session_game(s)->nmoves, 0);
    ck_assert_int_eq(savedCount(&list), 0);
    Session_free(s);
}
END_TEST

static Suite *sessionSuite(void)
{
    Suite *su = suite_create("session");
    TCase *moves = tcase_create("moves");
    tcase_add_test(moves, every_move_is_checked_whoever_sends_it);
    tcase_add_test(moves, remote_seat_moves_through_the_same_door);
    suite_add_tcase(su, moves);
    TCase *requests = tcase_create("requests");
    tcase_add_test(requests, draw_offer_waits_for_the_other_side);
    tcase_add_test(requests, a_move_by_the_other_side_declines_a_draw);
    tcase_add_test(requests, takeback_request_goes_back_to_the_asker);
    suite_add_tcase(su, requests);
    TCase *clocks = tcase_create("clocks");
    tcase_add_test(clocks, clocks_stop_where_the_game_ended);
    tcase_add_test(clocks, flag_leaves_the_clock_at_zero);
    suite_add_tcase(su, clocks);
    TCase *engine = tcase_create("engine");
    tcase_set_timeout(engine, 60);
    tcase_add_test(engine, engine_declines_a_draw_when_better);
    tcase_add_test(engine, undo_with_the_engine_as_white_at_move_one);
    tcase_add_test(engine, poll_fd_wakes_when_the_engine_moves);
    tcase_add_test(engine, the_engine_against_itself_answers_in_the_same_tick);
    suite_add_tcase(su, engine);
    TCase *saving = tcase_create("saving");
    tcase_add_checked_fixture(saving, setupTmp, teardownTmp);
    tcase_add_test(saving, a_finished_game_is_kept_and_the_state_file_cleared);
    tcase_add_test(saving, a_strangers_saved_game_is_set_aside_before_it_is_replaced);
    tcase_add_test(saving, an_unfinished_game_is_kept_before_another_replaces_it);
    tcase_add_test(saving, a_kept_game_is_the_game_as_played_and_kept_once);
    tcase_add_test(saving, undo_after_resign_takes_back_the_resignation_alone);
    tcase_add_test(saving, undo_after_a_flag_is_refused);
    tcase_add_test(saving, undo_after_mate_takes_back_the_move_and_the_kept_file);
    suite_add_tcase(su, saving);
    return su;
}

int main(void)
{
    return TestRunner_run(sessionSuite());
}
