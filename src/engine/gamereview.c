/* The engine's review of a whole game (see gamereview.h): one engine of
 * its own, a position at a time, from the start to the last move. */
#include "engine/gamereview.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/movegen.h"
#include "core/status.h"
#include "engine/engine.h"

/* Its own table, small: it is freed with the review. */
#define GAMEREVIEW_TT_MB 8
/* The share of the winning chances a move may give away before it is an
 * inaccuracy, a mistake, a blunder (in points of 100, as lichess). */
#define GAMEREVIEW_INACCURACY 10.0
#define GAMEREVIEW_MISTAKE 20.0
#define GAMEREVIEW_BLUNDER 30.0
/* The steepness of the curve from a score to the chance of winning. */
#define GAMEREVIEW_CURVE 0.00368208

struct GameReview {
    Engine *engine;
    Game game;    /* a copy of the moves played: the caller's may change */
    Position pos; /* the position being searched, before move `scored` */
    int *scores;  /* one a position, White's side */
    int scored;   /* positions scored; the next to search is this one */
    bool searching;
    uint64_t nodes;
};

GameReview *GameReview_new(const Game *g, uint64_t nodes_per_position, const EngineSlots *slots)
{
    GameReview *r = Alloc_array(1, sizeof *r);
    memset(r, 0, sizeof *r);
    r->engine = Engine_new(GAMEREVIEW_TT_MB);
    Engine_useSlots(r->engine, slots);
    Game_init(&r->game, &g->start);
    for (int i = 0; i < g->nmoves && Game_play(&r->game, g->moves[i]); i++)
        ;
    r->pos = g->start;
    r->scores = Alloc_array((size_t)r->game.nmoves + 1, sizeof *r->scores);
    r->nodes = nodes_per_position;
    return r;
}

/* The history before the position being searched, as the engine takes it. */
static const uint64_t *GameReview_history(const GameReview *r)
{
    return r->game.hashes;
}

void GameReview_free(GameReview *r)
{
    if (r == NULL)
        return;
    if (r->searching) {
        Engine_stop(r->engine);
        Engine_wait(r->engine, NULL);
    }
    Engine_free(r->engine);
    Game_free(&r->game);
    free(r->scores);
    free(r);
}

static int GameReview_cap(int score)
{
    return score > GAMEREVIEW_SCORE_CAP ? GAMEREVIEW_SCORE_CAP
        : score < -GAMEREVIEW_SCORE_CAP ? -GAMEREVIEW_SCORE_CAP
                                        : score;
}

/* A position the rules have ended (mate, stalemate, a bare King...) is
 * scored by its result, not searched. */
static bool GameReview_decided(GameReview *r, int *white_score)
{
    GameStatus st = Status_of(&r->pos, GameReview_history(r), r->scored);
    if (st.result == RESULT_NONE)
        return false;
    *white_score = st.result == RESULT_WHITE_WINS ? GAMEREVIEW_SCORE_CAP
        : st.result == RESULT_BLACK_WINS          ? -GAMEREVIEW_SCORE_CAP
                                                  : 0;
    return true;
}

static void GameReview_record(GameReview *r, int white_score)
{
    r->scores[r->scored] = GameReview_cap(white_score);
    if (r->scored < r->game.nmoves) {
        Undo u;
        Position_make(&r->pos, r->game.moves[r->scored], &u);
    }
    r->scored++;
}

/* Starts the next position's search, scoring at once those the rules end. */
static void GameReview_startNext(GameReview *r)
{
    int score;
    while (r->scored <= r->game.nmoves && GameReview_decided(r, &score))
        GameReview_record(r, score);
    if (r->scored > r->game.nmoves)
        return;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.nodes = r->nodes;
    r->searching = Engine_start(r->engine, &r->pos, GameReview_history(r), r->scored, &lim);
    bool refused = GameReview_refusal(r)[0] != '\0'; /* no engine: the review stops */
    if (!r->searching && !refused) /* no legal move, yet no result: nothing to judge */
        GameReview_record(r, 0);
}

bool GameReview_step(GameReview *r)
{
    if (r->searching && Engine_busy(r->engine))
        return false;
    int before = r->scored;
    if (r->searching) {
        EngineInfo info;
        Engine_wait(r->engine, &info);
        r->searching = false;
        GameReview_record(r, r->pos.side == WHITE ? info.score : -info.score);
    }
    if (!r->searching && r->scored <= r->game.nmoves && GameReview_refusal(r)[0] == '\0')
        GameReview_startNext(r);
    return r->scored != before;
}

int GameReview_fd(const GameReview *r)
{
    return r->searching ? Engine_doneFd(r->engine) : -1;
}

const char *GameReview_refusal(const GameReview *r)
{
    return Engine_refusal(r->engine);
}

bool GameReview_finished(const GameReview *r)
{
    return r->scored > r->game.nmoves;
}

int GameReview_scored(const GameReview *r)
{
    return r->scored;
}

int GameReview_total(const GameReview *r)
{
    return r->game.nmoves + 1;
}

int GameReview_score(const GameReview *r, int ply)
{
    return ply >= 0 && ply < r->scored ? r->scores[ply] : 0;
}

double GameReview_winPercent(int score)
{
    return 50.0 + 50.0 * (2.0 / (1.0 + exp(-GAMEREVIEW_CURVE * score)) - 1.0);
}

ReviewMark GameReview_mark(const GameReview *r, int ply)
{
    if (ply < 0 || ply + 1 >= r->scored)
        return REVIEW_GOOD;
    int sign = Game_moverAt(&r->game, ply) == WHITE ? 1 : -1;
    double lost = GameReview_winPercent(sign * r->scores[ply])
        - GameReview_winPercent(sign * r->scores[ply + 1]);
    return lost >= GAMEREVIEW_BLUNDER   ? REVIEW_BLUNDER
        : lost >= GAMEREVIEW_MISTAKE    ? REVIEW_MISTAKE
        : lost >= GAMEREVIEW_INACCURACY ? REVIEW_INACCURACY
                                        : REVIEW_GOOD;
}

const char *ReviewMark_symbol(ReviewMark m)
{
    static const char *const symbols[] = {"", "?!", "?", "??"};
    return symbols[m];
}

int ReviewMark_nag(ReviewMark m)
{
    static const int nags[] = {0, 6, 2, 4};
    return nags[m];
}
