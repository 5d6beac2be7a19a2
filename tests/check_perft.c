/* Perft against the independent vectors: every line of
 * ../shared/perft/public.tsv (or the copy shipped in tests/data when the
 * shared folder is absent, as in a distribution tarball). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/perft.h"
#include "runner.h"

#define MAX_CASES 4096

typedef struct {
    char variant[32];
    char fen[FEN_MAX];
    int depth;
    unsigned long long nodes;
    int line;
} PerftCase;

static PerftCase cases[MAX_CASES];
static int ncases;
static char source[1024];

static FILE *open_vectors(void)
{
    const char *srcdir = getenv("ZANZIBAR_SRCDIR");
    const char *rel[] = {"/../shared/perft/public.tsv", "/tests/data/public.tsv"};
    for (int i = 0; i < 2; i++) {
        snprintf(source, sizeof source, "%s%s", srcdir ? srcdir : ".", rel[i]);
        FILE *f = fopen(source, "r");
        if (f)
            return f;
    }
    return NULL;
}

static bool parse_line(char *line, PerftCase *c)
{
    char *fields[4];
    int n = 0;
    for (char *tok = strtok(line, "\t\r\n"); tok && n < 4; tok = strtok(NULL, "\t\r\n"))
        fields[n++] = tok;
    if (n != 4 || strlen(fields[0]) >= sizeof c->variant || strlen(fields[1]) >= sizeof c->fen)
        return false;
    strcpy(c->variant, fields[0]);
    strcpy(c->fen, fields[1]);
    c->depth = atoi(fields[2]);
    c->nodes = strtoull(fields[3], NULL, 10);
    return c->depth > 0;
}

/* Reads every case; a malformed line is itself a failure, reported by name. */
static int load_vectors(char *problem, size_t len)
{
    FILE *f = open_vectors();
    if (!f) {
        snprintf(problem, len, "perft vectors not found (looked for %s)", source);
        return -1;
    }
    char line[2048];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r')
            continue;
        if (ncases == MAX_CASES || !parse_line(line, &cases[ncases])) {
            snprintf(problem, len, "%s line %d is not 'variant<TAB>fen<TAB>depth<TAB>nodes'",
                     source, lineno);
            fclose(f);
            return -1;
        }
        cases[ncases++].line = lineno;
    }
    fclose(f);
    return ncases;
}

START_TEST(test_vector)
{
    const PerftCase *c = &cases[_i];
    const Variant *v = Variant_byName(c->variant);
    ck_assert_msg(v != NULL, "line %d: unknown variant %s", c->line, c->variant);
    static Position pos;
    char err[ERROR_MAX];
    ck_assert_msg(Fen_read(&pos, v, c->fen, err, sizeof err), "line %d: %s", c->line, err);
    unsigned long long nodes = Perft_count(&pos, c->depth);
    ck_assert_msg(nodes == c->nodes, "line %d: %s %s depth %d: expected %llu, counted %llu",
                  c->line, c->variant, c->fen, c->depth, c->nodes, nodes);
    char after[FEN_MAX];
    Fen_write(&pos, after, sizeof after);
    ck_assert_msg(strcmp(after, c->fen) == 0, "line %d: position changed by perft: %s", c->line,
                  after);
}
END_TEST

static char load_problem[1200];

START_TEST(test_vectors_loaded)
{
    ck_assert_msg(ncases > 0, "%s",
                  load_problem[0] ? load_problem : "no perft vectors in the file");
}
END_TEST

int main(void)
{
    load_vectors(load_problem, sizeof load_problem);
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("public vectors");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_vectors_loaded);
    if (ncases > 0)
        tcase_add_loop_test(tc, test_vector, 0, ncases);
    suite_add_tcase(s, tc);
    printf("perft vectors from %s: %d cases\n", source, ncases);
    return TestRunner_run(s);
}
