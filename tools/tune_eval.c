/* tune_eval: fits the evaluation's weights other than material to game
 * results (Texel's method) on the quiet positions tools/positions.py writes,
 * and reports the fit on a held-out fifth of the games as well. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/setup.h"
#include "core/variant.h"
#include "engine/evaluate.h"

#define LINE_MAX_LEN 512
#define HOLDOUT_EVERY 5 /* one game in five is kept out of the fit */
#define MAX_ROUNDS 40

typedef struct {
    const Variant *v;
    char fen[FEN_MAX];
    double result; /* for White: 1, 0.5 or 0 */
    bool holdout;
} Sample;

typedef struct {
    Sample *s;
    size_t n, cap;
} SampleSet;

typedef struct {
    double train, test;
    size_t ntrain, ntest;
} Errors;

/* Everything one pass needs: a scratch position and the tables per game. */
typedef struct {
    Position *pos;
    EvalTables *tables[VARIANT_COUNT];
    double k;
    const Variant *only; /* NULL: every game */
    bool used[VARIANT_COUNT];
    bool fixed[EW_COUNT]; /* weights --only leaves alone */
    bool built;           /* the tables hold built_with */
    EvalWeights built_with;
} Fit;

static unsigned long TuneEval_hashText(const char *text)
{
    unsigned long h = 5381;
    for (; *text; text++)
        h = h * 33 + (unsigned char)*text;
    return h;
}

static bool TuneEval_addSample(SampleSet *set, const Sample *s)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 4096;
        Sample *grown = realloc(set->s, cap * sizeof *grown);
        if (!grown)
            return false;
        set->s = grown;
        set->cap = cap;
    }
    set->s[set->n++] = *s;
    return true;
}

/* One line: VARIANT <tab> FEN <tab> RESULT <tab> GAME. */
static bool TuneEval_parseLine(char *line, Sample *s, const char **why)
{
    char *fields[4];
    char *save = NULL;
    for (int i = 0; i < 4; i++) {
        fields[i] = strtok_r(i ? NULL : line, "\t\n", &save);
        if (!fields[i]) {
            *why = "expected four tab-separated fields";
            return false;
        }
    }
    s->v = Variant_byName(fields[0]);
    if (!s->v) {
        *why = "unknown game name";
        return false;
    }
    if (strlen(fields[1]) >= FEN_MAX) {
        *why = "FEN too long";
        return false;
    }
    strcpy(s->fen, fields[1]);
    char *end;
    s->result = strtod(fields[2], &end);
    if (end == fields[2] || s->result < 0 || s->result > 1) {
        *why = "result must be 0, 0.5 or 1";
        return false;
    }
    s->holdout = TuneEval_hashText(fields[3]) % HOLDOUT_EVERY == 0;
    return true;
}

static bool TuneEval_checkFen(Position *scratch, const Sample *s, char *err, const char **why)
{
    if (Fen_read(scratch, s->v, s->fen, err, ERROR_MAX))
        return true;
    *why = err;
    return false;
}

static bool TuneEval_wholeLine(const char *line, FILE *f)
{
    return strchr(line, '\n') || feof(f);
}

static bool TuneEval_readSamples(const char *path, SampleSet *set, Position *scratch)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return false;
    }
    char line[LINE_MAX_LEN];
    bool ok = true;
    for (long no = 1; ok && fgets(line, sizeof line, f); no++) {
        Sample s;
        char err[ERROR_MAX];
        const char *why = "line too long";
        if (!TuneEval_wholeLine(line, f) || !TuneEval_parseLine(line, &s, &why)
            || !TuneEval_checkFen(scratch, &s, err, &why)) {
            fprintf(stderr, "%s:%ld: %s\n", path, no, why);
            ok = false;
        } else if (!TuneEval_addSample(set, &s)) {
            fprintf(stderr, "tune_eval: out of memory\n");
            ok = false;
        }
    }
    fclose(f);
    return ok;
}

/* Only the games the positions come from, and only when the weights
 * changed (fit_k scores the same weights sixty times): building a table
 * costs a move generation from every square for every piece. */
static void TuneEval_buildTables(Fit *fit, const EvalWeights *w)
{
    if (fit->built && !memcmp(&fit->built_with, w, sizeof *w))
        return;
    fit->built = true;
    fit->built_with = *w;
    for (int id = 0; id < VARIANT_COUNT; id++) {
        if (!fit->used[id])
            continue;
        Setup_start(fit->pos, Variant_get((VariantId)id));
        Evaluate_buildWeighted(fit->tables[id], fit->pos, w);
    }
}

static double TuneEval_winProbability(double k, int score)
{
    return 1.0 / (1.0 + pow(10.0, -k * score / 400.0));
}

/* The FENs were checked when read. */
static int TuneEval_whiteScore(Fit *fit, const Sample *s)
{
    char err[ERROR_MAX];
    Fen_read(fit->pos, s->v, s->fen, err, sizeof err);
    int score = Evaluate_position(fit->tables[s->v->id], fit->pos);
    return fit->pos->side == WHITE ? score : -score;
}

static Errors TuneEval_meanErrors(Fit *fit, const SampleSet *set, const EvalWeights *w)
{
    Errors e = {0, 0, 0, 0};
    TuneEval_buildTables(fit, w);
    for (size_t i = 0; i < set->n; i++) {
        const Sample *s = &set->s[i];
        if (fit->only && s->v != fit->only)
            continue;
        int score = TuneEval_whiteScore(fit, s);
        double d = s->result - TuneEval_winProbability(fit->k, score);
        if (s->holdout) {
            e.test += d * d;
            e.ntest++;
        } else {
            e.train += d * d;
            e.ntrain++;
        }
    }
    e.train = e.ntrain ? e.train / (double)e.ntrain : 0;
    e.test = e.ntest ? e.test / (double)e.ntest : 0;
    return e;
}

/* The curve's steepness that best fits the hand-set weights: a golden
 * section search, since the error has a single minimum in k. */
static double TuneEval_fitK(Fit *fit, const SampleSet *set, const EvalWeights *w)
{
    const double phi = (sqrt(5.0) - 1) / 2;
    double lo = 0.1, hi = 3.0;
    for (int i = 0; i < 30; i++) {
        double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
        fit->k = a;
        double ea = TuneEval_meanErrors(fit, set, w).train;
        fit->k = b;
        double eb = TuneEval_meanErrors(fit, set, w).train;
        if (ea < eb)
            hi = b;
        else
            lo = a;
    }
    fit->k = (lo + hi) / 2;
    return fit->k;
}

/* A step is kept when it lowers the error on the fitted games without
 * raising it on the held-out ones: with a few hundred games, the fitted
 * error alone rewards whatever happened to win those games. */
static bool TuneEval_tryStep(Fit *fit, const SampleSet *set, EvalWeights *w, int i, int step,
                             Errors *best)
{
    EvalWeights trial = *w;
    trial.w[i] += step;
    if (trial.w[i] < 0)
        return false;
    Errors e = TuneEval_meanErrors(fit, set, &trial);
    if (e.train >= best->train || e.test > best->test)
        return false;
    *best = e;
    *w = trial;
    return true;
}

/* Coordinate search: each weight moves while try_step keeps a step in
 * either direction; the steps start at a quarter of the weight and halve
 * each round down to 1. */
static void TuneEval_tune(Fit *fit, const SampleSet *set, EvalWeights *w)
{
    int step[EW_COUNT];
    for (int i = 0; i < EW_COUNT; i++)
        step[i] = w->w[i] / 4 > 1 ? w->w[i] / 4 : 1;
    Errors best = TuneEval_meanErrors(fit, set, w);
    for (int round = 0; round < MAX_ROUNDS; round++) {
        bool moved = false, any_step = false;
        for (int i = 0; i < EW_COUNT; i++) {
            if (fit->fixed[i])
                continue;
            while (TuneEval_tryStep(fit, set, w, i, step[i], &best)
                   || TuneEval_tryStep(fit, set, w, i, -step[i], &best))
                moved = true;
            if (step[i] > 1) {
                step[i] /= 2;
                any_step = true;
            }
        }
        fprintf(stderr, "round %d: error %.6f fitted, %.6f held out\n", round + 1, best.train,
                best.test);
        if (!moved && !any_step)
            break;
    }
}

static void TuneEval_printReport(const EvalWeights *before, const EvalWeights *after, Errors e0,
                                 Errors e1, double k)
{
    printf("k %.4f (score to win probability: 1 / (1 + 10^(-k * cp / 400)))\n", k);
    printf("positions: %zu fitted, %zu held out\n", e0.ntrain, e0.ntest);
    printf("mean squared error  fitted %.6f -> %.6f   held out %.6f -> %.6f\n", e0.train, e1.train,
           e0.test, e1.test);
    printf("%-14s %8s %8s\n", "weight", "before", "after");
    for (int i = 0; i < EW_COUNT; i++)
        printf("%-14s %8d %8d\n", Evaluate_weight_name(i), before->w[i], after->w[i]);
}

static int TuneEval_usage(void)
{
    fprintf(stderr, "usage: tune_eval [--game NAME] [--only WEIGHT,...] POSITIONS.tsv...\n");
    return 2;
}

static int TuneEval_weightByName(const char *name, size_t len)
{
    for (int i = 0; i < EW_COUNT; i++) {
        const char *known = Evaluate_weight_name(i);
        if (strlen(known) == len && !strncmp(known, name, len))
            return i;
    }
    return -1;
}

/* --only a,b,c: fit those weights and keep the others as they are, so that
 * a new term can be fitted without disturbing the tried ones. */
static bool TuneEval_parseOnly(const char *list, Fit *fit)
{
    for (int i = 0; i < EW_COUNT; i++)
        fit->fixed[i] = true;
    for (const char *p = list;; p++) {
        size_t len = strcspn(p, ",");
        int w = TuneEval_weightByName(p, len);
        if (w < 0) {
            fprintf(stderr,
                    "tune_eval: --only: no weight named '%.*s' (the names are "
                    "those tune_eval prints)\n",
                    (int)len, p);
            return false;
        }
        fit->fixed[w] = false;
        p += len;
        if (!*p)
            return true;
    }
}

static bool TuneEval_parseArgs(int argc, char **argv, Fit *fit, SampleSet *set)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--game")) {
            fit->only = i + 1 < argc ? Variant_byName(argv[++i]) : NULL;
            if (!fit->only) {
                fprintf(stderr, "tune_eval: --game needs one of the five game names\n");
                return false;
            }
        } else if (!strcmp(argv[i], "--only")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tune_eval: --only needs a list of weight names\n");
                return false;
            }
            if (!TuneEval_parseOnly(argv[++i], fit))
                return false;
        } else if (argv[i][0] == '-' || !TuneEval_readSamples(argv[i], set, fit->pos)) {
            return false;
        }
    }
    for (size_t i = 0; i < set->n; i++)
        fit->used[set->s[i].v->id] = true;
    if (set->n == 0)
        fprintf(stderr, "tune_eval: no positions to fit\n");
    return set->n > 0;
}

static bool TuneEval_allocFit(Fit *fit)
{
    fit->pos = malloc(sizeof *fit->pos);
    bool ok = fit->pos != NULL;
    for (int id = 0; id < VARIANT_COUNT; id++) {
        fit->tables[id] = malloc(sizeof *fit->tables[id]);
        ok = ok && fit->tables[id];
    }
    return ok;
}

static void TuneEval_freeFit(Fit *fit)
{
    free(fit->pos);
    for (int id = 0; id < VARIANT_COUNT; id++)
        free(fit->tables[id]);
}

int main(int argc, char **argv)
{
    Fit fit = {0};
    SampleSet set = {0};
    int status = 0;
    if (!TuneEval_allocFit(&fit)) {
        fprintf(stderr, "tune_eval: out of memory\n");
        status = 1;
    } else if (!TuneEval_parseArgs(argc, argv, &fit, &set)) {
        status = TuneEval_usage();
    } else {
        EvalWeights w = Evaluate_default_weights;
        double k = TuneEval_fitK(&fit, &set, &w);
        Errors e0 = TuneEval_meanErrors(&fit, &set, &w);
        TuneEval_tune(&fit, &set, &w);
        TuneEval_printReport(&Evaluate_default_weights, &w, e0, TuneEval_meanErrors(&fit, &set, &w),
                             k);
    }
    TuneEval_freeFit(&fit);
    free(set.s);
    return status;
}
