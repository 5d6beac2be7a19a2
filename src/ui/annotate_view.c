/* The whole-game review on the game screen (see annotate_view.h): one
 * review at a time, kept for the game it was made of and dropped when
 * that game changes. */
#include "ui/annotate_view.h"

#include <stdio.h>
#include <string.h>

#include "engine/gamereview.h"
#include "ui/analysis_view.h"
#include "ui/colors.h"
#include "ui/ui.h"

static struct {
    GameReview *review;
    /* The game reviewed: its start, its length and where it ended. */
    uint64_t start_hash, end_hash;
    int nmoves;
    bool told; /* the summary has been said */
} annotate;

void AnnotateView_end(void)
{
    GameReview_free(annotate.review);
    annotate.review = NULL;
}

static bool AnnotateView_ofGame(const Play *p)
{
    const Game *g = Session_game(p->s);
    return annotate.review != NULL && g->nmoves == annotate.nmoves
        && g->pos.hash == annotate.end_hash && g->start.hash == annotate.start_hash;
}

static void AnnotateView_start(Play *p)
{
    const Game *g = Session_game(p->s);
    AnnotateView_end();
    annotate.review = GameReview_new(g, GAMEREVIEW_NODES, p->engines);
    annotate.start_hash = g->start.hash;
    annotate.end_hash = g->pos.hash;
    annotate.nmoves = g->nmoves;
    annotate.told = false;
    GameReview_step(annotate.review);
    if (GameReview_refusal(annotate.review)[0] != '\0') {
        Play_error(p, "no review: %s", GameReview_refusal(annotate.review));
        AnnotateView_end();
        return;
    }
    Play_say(p, "reviewing the game: the engine scores its %d positions (A again: how far)",
             GameReview_total(annotate.review));
}

UiAction AnnotateView_command(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (!AnalysisView_allowed(p)) {
        Play_error(p, "no review of the game while you play it: once it is over");
        return ACTION_NONE;
    }
    if (Session_game(p->s)->nmoves == 0) {
        Play_error(p, "no move to review yet");
        return ACTION_NONE;
    }
    if (!AnnotateView_ofGame(p))
        AnnotateView_start(p);
    else if (!GameReview_finished(annotate.review))
        Play_say(p, "reviewing: %d of %d positions scored", GameReview_scored(annotate.review),
                 GameReview_total(annotate.review));
    else
        Play_say(p, "the game is reviewed: its marks are in the move list");
    return ACTION_NONE;
}

int AnnotateView_pollFds(struct pollfd *fds, int max)
{
    int fd = annotate.review != NULL ? GameReview_fd(annotate.review) : -1;
    if (fd < 0 || max < 1)
        return 0;
    fds[0] = (struct pollfd){fd, POLLIN, 0};
    return 1;
}

/* "2 inaccuracies, 1 blunder", or "no mistake" for a side with no mark. */
static void AnnotateView_counts(const int count[4], char *buf, size_t len)
{
    static const char *const one[] = {"", "inaccuracy", "mistake", "blunder"};
    static const char *const many[] = {"", "inaccuracies", "mistakes", "blunders"};
    size_t used = 0;
    buf[0] = '\0';
    for (int m = REVIEW_INACCURACY; m <= REVIEW_BLUNDER; m++)
        if (count[m] > 0 && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%d %s", used ? ", " : "", count[m],
                                     count[m] == 1 ? one[m] : many[m]);
    if (used == 0)
        snprintf(buf, len, "no mistake");
}

/* The review goes into the record: each marked move gets its NAG, each
 * move the score after it as [%eval], where the file had none, so that
 * :save keeps them (lichess writes its analysis so). */
static void AnnotateView_note(Play *p)
{
    const GameNotes *notes = Session_notes(p->s);
    for (int ply = 0; ply < annotate.nmoves; ply++) {
        ReviewMark mark = GameReview_mark(annotate.review, ply);
        char text[32];
        if (mark != REVIEW_GOOD && GameNotes_get(notes, ply, NOTE_NAG) == NULL) {
            snprintf(text, sizeof text, "$%d", ReviewMark_nag(mark));
            Match_addNote(p->match, ply, NOTE_NAG, text);
        }
        const char *said = GameNotes_get(notes, ply, NOTE_COMMENT);
        if (said == NULL || strstr(said, "[%eval") == NULL) {
            snprintf(text, sizeof text, "[%%eval %.2f]",
                     GameReview_score(annotate.review, ply + 1) / 100.0);
            Match_addNote(p->match, ply, NOTE_COMMENT, text);
        }
    }
}

/* The count of each mark, by side, said once the review is done. */
static void AnnotateView_summary(Play *p)
{
    int count[2][4] = {{0}};
    char side[2][80];
    for (int ply = 0; ply < annotate.nmoves; ply++)
        count[Game_moverAt(Session_game(p->s), ply)][GameReview_mark(annotate.review, ply)]++;
    for (int c = WHITE; c <= BLACK; c++)
        AnnotateView_counts(count[c], side[c], sizeof side[c]);
    AnnotateView_note(p);
    Play_say(p, "review done: White %s; Black %s (?!, ?, ?? in the move list; s saves them)",
             side[WHITE], side[BLACK]);
    annotate.told = true;
}

bool AnnotateView_tick(Play *p)
{
    if (annotate.review == NULL)
        return false;
    if (!AnnotateView_ofGame(p)) { /* a move, a takeback, another game */
        AnnotateView_end();
        return true;
    }
    bool changed = GameReview_step(annotate.review);
    if (GameReview_refusal(annotate.review)[0] != '\0') { /* the engine went to another */
        Play_error(p, "the review stopped: %s", GameReview_refusal(annotate.review));
        AnnotateView_end();
        return true;
    }
    if (GameReview_finished(annotate.review) && !annotate.told)
        AnnotateView_summary(p);
    return changed;
}

const char *AnnotateView_mark(const Play *p, int ply)
{
    if (!AnnotateView_ofGame(p))
        return "";
    return ReviewMark_symbol(GameReview_mark(annotate.review, ply));
}

bool AnnotateView_progress(char *buf, int w)
{
    if (annotate.review == NULL || GameReview_finished(annotate.review) || w < 16)
        return false;
    int done = GameReview_scored(annotate.review), total = GameReview_total(annotate.review);
    int n = snprintf(buf, (size_t)w + 1, "review %d/%d [", done, total);
    int bar = w - n - 1;
    if (bar < 4)
        return snprintf(buf, (size_t)w + 1, "review %d/%d", done, total) > 0;
    for (int i = 0; i < bar; i++)
        buf[n + i] = i < bar * done / total ? '#' : '-';
    snprintf(buf + n + bar, 2, "]");
    return true;
}

/* The row of a column's bar end: the middle row for an even game, the
 * top for White's sure win, the bottom for Black's. */
static int AnnotateView_barRow(int score, int h)
{
    double share = GameReview_winPercent(score) / 100.0; /* White's chances */
    int half = h / 2;
    int rows = (int)((share - 0.5) * 2.0 * half + (share >= 0.5 ? 0.5 : -0.5));
    return half - rows;
}

bool AnnotateView_drawGraph(const Play *p, int y, int x, int w, int h)
{
    if (!AnnotateView_ofGame(p) || w < 8 || h < 3)
        return false;
    int total = GameReview_scored(annotate.review), mid = h / 2;
    for (int col = 0; col < w; col++) {
        int ply = (int)((long)col * total / w);        /* the game spread over the width */
        Ui_text(y + mid, x + col, 1, ROLE_LABEL, "-"); /* an even game */
        int end = AnnotateView_barRow(GameReview_score(annotate.review, ply), h);
        for (int row = end; row < mid; row++)
            Ui_text(y + row, x + col, 1, ROLE_NORMAL, "+"); /* White ahead */
        for (int row = mid + 1; row <= end; row++)
            Ui_text(y + row, x + col, 1, ROLE_INFO, "#"); /* Black ahead */
    }
    return true;
}
