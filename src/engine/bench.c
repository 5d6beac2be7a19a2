/* The fixed benchmark: positions of all five games searched to a fixed
 * depth from a cleared engine, so the node count is a signature of the
 * search and evaluation, and the time measures speed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/notation.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "engine/timeman.h"

#define BENCH_DEPTH 6

typedef struct {
    VariantId variant;
    const char *moves; /* played from the start position, in coordinates */
} BenchLine;

/* Each game's start and the same after a short, ordinary opening. */
static const BenchLine lines[] = {
    {VARIANT_PEMBA, ""},
    {VARIANT_PEMBA, "e3e5 e8e6 c2d4 c9d7"},
    {VARIANT_ZANZIBAR_S, ""},
    {VARIANT_ZANZIBAR_S, "f3f5 f10f8 c2d4 c11d9"},
    {VARIANT_ZANZIBAR_XL, "e4e6 e9e7 c2d4 c11d9"},
    {VARIANT_ZANZIBAR_XXL, "f4f6 f9f7 g4g5 g9g8"},
    {VARIANT_ARABIAN_NIGHTS, ""},
    {VARIANT_ARABIAN_NIGHTS, "e8e6 e2e4 c9d7 c1d3"},
};

/* Plays the line's moves; false (and nothing searched) if one is refused,
 * which would mean the rules changed under the benchmark. */
static bool Engine_benchPosition(const BenchLine *line, Position *pos)
{
    Setup_start(pos, Variant_get(line->variant));
    char buf[128], err[ERROR_MAX];
    snprintf(buf, sizeof buf, "%s", line->moves);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        Move m;
        if (!Notation_parse(pos, tok, &m, err, sizeof err))
            return false;
        Undo u;
        Position_make(pos, m, &u);
    }
    return true;
}

void Engine_bench(BenchResult *out)
{
    out->nodes = 0;
    out->ms = 0;
    Engine *e = Engine_new(ENGINE_DEFAULT_TT_MB);
    Position position, *pos = &position;
    int64_t start = TimeMan_now();
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        if (!Engine_benchPosition(&lines[i], pos))
            continue;
        Engine_clear(e);
        SearchLimits lim = {.level = LEVEL_MAX, .depth = BENCH_DEPTH};
        EngineInfo info;
        Engine_search(e, pos, NULL, 0, &lim, &info);
        out->nodes += info.nodes;
    }
    out->ms = (int)(TimeMan_now() - start);
    Engine_free(e);
}
