/* Fuzz target: the ':' command line on a game between two humans, no
 * curses involved. The first byte names the game, then one command line
 * per line of input. Commands that reach files or start the engine (save,
 * load, hint, move) are left out: a fuzzer must not write where it likes,
 * and a search per line would slow it a hundredfold. The game's record
 * must stay consistent after every line. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/setup.h"
#include "ui/analysis_view.h"
#include "ui/commands.h"
#include "ui/play.h"

static bool Commands_allowed(const char *line)
{
    static const char *const left_out[] = {"save", "load", "hint", "move"};
    ParsedLine parsed;
    char err[ERROR_MAX] = "";
    if (!Commands_parse(line, &parsed, err, sizeof err)) {
        if (!err[0])
            Fuzz_fail("the line '%s' was refused without a message", line);
        return true; /* executing it shows the same refusal */
    }
    for (size_t i = 0; parsed.cmd && i < sizeof left_out / sizeof left_out[0]; i++)
        if (!strcmp(parsed.cmd->name, left_out[i]))
            return false;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    Fuzz_folder(); /* a game in play autosaves: never into the user's HOME */
    Play p;
    Play_create(&p);
    Match_setSeed(p.match, 1);
    Position start;
    Setup_start(&start, Fuzz_variant(data[0]));
    if (!Play_begin(&p, &start))
        Fuzz_fail("no memory for a game");
    char *text = Fuzz_text(data + 1, size - 1), *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!Commands_allowed(line))
            continue;
        Commands_execute(&p, line);
        if (Session_hasGame(p.s))
            Fuzz_checkGame(Session_game(p.s), line);
        if (Session_seat(p.s, WHITE) != SEAT_HUMAN || Session_seat(p.s, BLACK) != SEAT_HUMAN)
            Fuzz_fail("'%s' handed a side to the engine", line);
    }
    free(text);
    AnalysisView_free(p.analysis); /* the loop frees it in the program, not Play */
    Play_destroy(&p);
    return 0;
}
