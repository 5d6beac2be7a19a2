/* The ':' commands about the game's record as a file: the tags and notes
 * a saved or copied game carries (a loaded file's own among them), :save,
 * :load with its game number, and :copy. */
#include "ui/commands_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "core/fen.h"
#include "core/timecontrol.h"
#include "record/record.h"
#include "ui/clipboard.h"
#include "ui/review.h"

/* The players and time control as PGN tags, so that a saved game says who
 * played it; a game loaded from a file keeps every tag the file gave it
 * (its date, event, site, ratings, opening...). */
static void Commands_tags(const Play *p, PgnHeader *tags)
{
    char date[11], who[2][48], tc[32];
    const PgnHeader *file = Session_fileTags(p->s);
    if (file != NULL)
        *tags = *file;
    else
        PgnHeader_init(tags);
    Record_today(date);
    if (PgnHeader_get(tags, "Date") == NULL)
        PgnHeader_set(tags, "Date", date);
    for (int side = 0; side < 2; side++)
        Record_playerName(Session_seat(p->s, side) == SEAT_ENGINE, Session_level(p->s), who[side],
                          sizeof who[side]);
    const char *white = Session_playerName(p->s, WHITE), *black = Session_playerName(p->s, BLACK);
    PgnHeader_set(tags, "White", white != NULL ? white : who[WHITE]);
    PgnHeader_set(tags, "Black", black != NULL ? black : who[BLACK]);
    int base_ms = 0, inc_ms = 0;
    bool clocks = Session_timeControl(p->s, &base_ms, &inc_ms);
    TimeControl_writePgn(clocks ? base_ms : 0, inc_ms, tc, sizeof tc);
    /* A file's time control this program does not play ("40/60") stays. */
    if (clocks || PgnHeader_get(tags, "TimeControl") == NULL)
        PgnHeader_set(tags, "TimeControl", tc);
}

/* The text after the command as typed: a file name may hold spaces, even
 * several in a row. The words lie in one buffer, each cut off by a '\0'
 * where the first blank after it stood, so putting a space back in those
 * places restores the text. */
static void Commands_rest(int argc, char **argv, char *buf, size_t len)
{
    const char *end = argv[argc - 1] + strlen(argv[argc - 1]);
    size_t n = (size_t)(end - argv[1]);
    if (n >= len)
        n = len - 1;
    for (size_t i = 0; i < n; i++)
        buf[i] = argv[1][i] != '\0' ? argv[1][i] : ' ';
    buf[n] = '\0';
}

/* "save NAME" never replaces a file; "save! NAME" does. */
UiAction CommandsFile_save(Play *p, int argc, char **argv)
{
    char err[ERROR_MAX], path[1024], name[COMMAND_LINE_MAX];
    bool replace = strcmp(argv[0], "save!") == 0, exists;
    PgnHeader tags;
    Commands_tags(p, &tags);
    Commands_rest(argc, argv, name, sizeof name);
    if (Record_saveAs(Session_game(p->s), &tags, Session_notes(p->s), name, replace, path,
                      sizeof path, &exists, err, sizeof err))
        Play_say(p, "game saved to %s", path);
    else if (exists)
        Play_error(p, "%s exists: use :save! %s to replace it", path, name);
    else
        Play_error(p, "could not save %s: %s", name, err);
    return ACTION_NONE;
}

/* "load FILE N": N counts games from 1, as a reader of the file would. */
static bool Commands_gameNumber(const char *text, int *index)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (*text < '0' || *text > '9' || *end || n < 1 || n > 100000)
        return false;
    *index = (int)n - 1;
    return true;
}

/* How many games the file holds; false (with err) when it cannot be read. */
static bool Commands_countGames(const char *path, int *count, char *err, size_t errlen)
{
    PgnHeader *list = NULL;
    if (!Record_listPgn(path, &list, count, err, errlen))
        return false;
    free(list);
    return true;
}

UiAction CommandsFile_load(Play *p, int argc, char **argv)
{
    char err[ERROR_MAX], path[1024], kept[PLAY_MESSAGE_MAX], name[COMMAND_LINE_MAX];
    int index = 0, count = 0;
    Game g;
    if (argc == 1)
        return ACTION_SAVED_LIST;
    /* The file's name is read as :save reads it; a last word that is a
     * number picks the game. */
    bool numbered = argc >= 3 && Commands_gameNumber(argv[argc - 1], &index);
    Commands_rest(numbered ? argc - 1 : argc, argv, name, sizeof name);
    if (!Record_findTyped(name, path, sizeof path, err, sizeof err)
        || !Commands_countGames(path, &count, err, sizeof err)) {
        if (argc >= 3 && !numbered)
            Play_error(p, "could not load %s: %s; and '%s' is not a game number", name, err,
                       argv[argc - 1]);
        else
            Play_error(p, "could not load %s: %s", name, err);
        return ACTION_NONE;
    }
    if (index >= count) {
        Play_error(p, "%s holds %d game%s; there is no game %d", name, count, count == 1 ? "" : "s",
                   index + 1);
        return ACTION_NONE;
    }
    /* The record layer replaces a game it is given, so it needs one. */
    Game_init(&g, &Session_game(p->s)->start);
    PgnHeader tags;
    GameNotes notes;
    GameNotes_init(&notes);
    if (!Record_loadPgnNotes(&g, &tags, &notes, path, index, err, sizeof err)) {
        Game_free(&g);
        Play_error(p, "could not load %s: %s", name, err);
        return ACTION_NONE;
    }
    if (!Play_keepUnfinished(p, kept, sizeof kept)) {
        Game_free(&g);
        GameNotes_free(&notes);
        return ACTION_NONE;
    }
    Play_adoptFile(p, &g, &tags, &notes);
    int moves = Game_moveCount(Session_game(p->s));
    const char *plural = moves == 1 ? "" : "s";
    if (count > 1)
        Play_say(p, "loaded game %d of %d from %s: %s, %d move%s (load FILE N picks another)",
                 index + 1, count, path, Session_variant(p->s)->title, moves, plural);
    else
        Play_say(p, "loaded %s: %s, %d move%s", path, Session_variant(p->s)->title, moves, plural);
    Play_addNote(p, kept);
    return ACTION_NONE;
}

/* The game's PGN, or the FEN of the position shown, to the player's own clipboard:
 * the terminal does the copying, so it works over SSH too. */
UiAction CommandsFile_copy(Play *p, int argc, char **argv)
{
    bool fen = argc == 2 && strcasecmp(argv[1], "fen") == 0;
    if (argc == 2 && !fen && strcasecmp(argv[1], "pgn") != 0) {
        Play_error(p, "copy takes pgn or fen, not '%s'", argv[1]);
        return ACTION_NONE;
    }
    char *text;
    if (fen) {
        Position shown; /* in review, the position on the board */
        text = Alloc_array(FEN_MAX, 1);
        Fen_write(Review_shown(p, &shown), text, FEN_MAX);
    } else {
        PgnHeader tags;
        Commands_tags(p, &tags);
        text = Pgn_writeNotes(Session_game(p->s), &tags, Session_notes(p->s));
    }
    if (Clipboard_copy(text))
        Play_say(p, "%s sent to your terminal's clipboard (if it accepts OSC 52)",
                 fen ? "the FEN" : "the game's PGN");
    else
        Play_error(p, "could not write to the terminal");
    free(text);
    return ACTION_NONE;
}
