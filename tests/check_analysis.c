/* Tests of the analysis below the screen: it follows the position shown
 * (the game's, a reviewed one), gives a legal best move and a line in the
 * move list's notation with its numbers, scores from White's side, and
 * stops when turned off. */
#include <check.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include "core/movegen.h"
#include "ui/analysis_view.h"
#include "ui/play.h"
#include "ui/review.h"
#include "fixtures.h"
#include "runner.h"

/* Pemba: White mates with Rj10 (the King on b8 holds a9 and b9). */
#define MATE_IN_ONE_FEN "k9/10/1K8/4p5/10/10/10/10/10/9R w - - 0 1"

static Play play;
static char head[64], line[256];

static void startAt(const char *fen)
{
    Position pos = Fixture_named("pemba", fen);
    ck_assert(Play_create(&play));
    ck_assert(Play_begin(&play, &pos));
    play.show_analysis = true;
}

/* Ticks as the loop does until the search reports a line (at most 20 s). */
static void waitForLine(void)
{
    for (int i = 0; i < 400; i++) {
        AnalysisView_tick(&play);
        AnalysisView_describe(&play, head, sizeof head, line, sizeof line);
        if (line[0] != '\0')
            return;
        poll(NULL, 0, 50);
    }
    ck_abort_msg("no line after 20 s: %s", head);
}

static bool isLegal(Move m)
{
    MoveList legal;
    Movegen_legal(Session_position(play.s), &legal);
    for (int i = 0; i < legal.count; i++)
        if (legal.moves[i] == m)
            return true;
    return false;
}

START_TEST(follows_the_position_shown_and_stops_when_off)
{
    startAt(NULL);
    ck_assert(Play_typedMove(&play, "e3e5"));
    waitForLine();
    ck_assert(AnalysisView_running(&play));
    ck_assert_msg(strncmp(head, "analysis d", 10) == 0, "%s", head);
    ck_assert_msg(strncmp(line, "1... ", 5) == 0, "Black's line is numbered 1...: %s", line);
    ck_assert(isLegal(AnalysisView_best(&play)));
    /* The review's start: White to move, the line begins "1. ". */
    Review_go(&play, 0);
    waitForLine();
    ck_assert_msg(strncmp(line, "1. ", 3) == 0, "%s", line);
    Review_leave(&play);
    waitForLine();
    ck_assert_msg(strncmp(line, "1... ", 5) == 0, "%s", line);
    play.show_analysis = false;
    AnalysisView_tick(&play);
    ck_assert(!AnalysisView_running(&play));
    ck_assert_int_eq(AnalysisView_best(&play), MOVE_NONE);
    AnalysisView_free(play.analysis);
    Play_destroy(&play);
}
END_TEST

START_TEST(a_mate_is_scored_from_whites_side)
{
    startAt(MATE_IN_ONE_FEN);
    waitForLine();
    for (int i = 0; i < 100 && strstr(head, "#1") == NULL; i++) {
        poll(NULL, 0, 50);
        AnalysisView_tick(&play);
        AnalysisView_describe(&play, head, sizeof head, line, sizeof line);
    }
    ck_assert_msg(strstr(head, " #1") != NULL, "%s", head);
    ck_assert_msg(strncmp(line, "1. Rj10#", 8) == 0, "%s", line);
    AnalysisView_free(play.analysis); /* ends a search that may still run */
    Play_destroy(&play);
}
END_TEST

START_TEST(no_legal_move_no_search)
{
    startAt(MATE_IN_ONE_FEN);
    ck_assert(Play_typedMove(&play, "j1j10"));
    AnalysisView_tick(&play);
    ck_assert(!AnalysisView_running(&play));
    AnalysisView_describe(&play, head, sizeof head, line, sizeof line);
    ck_assert_str_eq(head, "analysis: no legal move here");
    ck_assert_str_eq(line, "");
    AnalysisView_free(play.analysis);
    Play_destroy(&play);
}
END_TEST

static Suite *analysisSuite(void)
{
    Suite *su = suite_create("analysis");
    TCase *tc = tcase_create("analysis");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, follows_the_position_shown_and_stops_when_off);
    tcase_add_test(tc, a_mate_is_scored_from_whites_side);
    tcase_add_test(tc, no_legal_move_no_search);
    suite_add_tcase(su, tc);
    return su;
}

int main(void)
{
    return TestRunner_run(analysisSuite());
}
