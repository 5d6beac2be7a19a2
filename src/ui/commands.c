/* The command table and its parser: keys and ':' commands of the game
 * screen, each one entry with its usage and help, so that dispatch and the
 * help screen cannot drift apart. Handlers act on the Play only. */
#include "ui/commands.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/fen.h"
#include "core/notation.h"
#include "ui/analysis_view.h"
#include "ui/annotate_view.h"
#include "ui/chat_view.h"
#include "ui/commands_engine.h"
#include "ui/commands_file.h"
#include "ui/keys.h"
#include "ui/review.h"

static UiAction Commands_left(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_moveCursor(p, -1, 0);
    return ACTION_NONE;
}

static UiAction Commands_right(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_moveCursor(p, 1, 0);
    return ACTION_NONE;
}

static UiAction Commands_up(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_moveCursor(p, 0, 1);
    return ACTION_NONE;
}

static UiAction Commands_down(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_moveCursor(p, 0, -1);
    return ACTION_NONE;
}

static UiAction Commands_pick(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_pick(p);
    return ACTION_NONE;
}

static UiAction Commands_cancel(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_cancel(p);
    return ACTION_NONE;
}

static UiAction Commands_commandLine(Play *p, int argc, char **argv)
{
    (void)p, (void)argc, (void)argv;
    return ACTION_COMMAND_LINE;
}

static UiAction Commands_help(Play *p, int argc, char **argv)
{
    (void)p, (void)argc, (void)argv;
    return ACTION_HELP;
}

static UiAction Commands_pieceHelp(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (!IS_PIECE(Session_position(p->s)->board[p->cursor])) {
        Play_error(p, "put the cursor on a piece to see its moves");
        return ACTION_NONE;
    }
    return ACTION_PIECE_HELP;
}

static UiAction Commands_quit(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    return Play_inProgress(p) ? ACTION_CONFIRM_QUIT : ACTION_QUIT;
}

static UiAction Commands_new(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    return Play_inProgress(p) ? ACTION_CONFIRM_NEW : ACTION_MENU;
}

static UiAction Commands_undo(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_undo(p);
    return ACTION_NONE;
}

static UiAction Commands_redo(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_redo(p);
    return ACTION_NONE;
}

static UiAction Commands_flip(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_flip(p);
    return ACTION_NONE;
}

/* "engine white|black|both|off": who the engine plays from now on, in the
 * game in play too (XBoard's Machine White, Machine Black, Edit Game). */
static UiAction Commands_engine(Play *p, int argc, char **argv)
{
    (void)argc;
    static const char *const sides[] = {"off", "white", "black", "both"};
    for (int i = 0; i < 4; i++) {
        if (strcasecmp(argv[1], sides[i]) == 0) {
            Play_setEngines(p, (i & 1) != 0, (i & 2) != 0);
            return ACTION_NONE;
        }
    }
    Play_error(p, "engine takes white, black, both or off, not '%s'", argv[1]);
    return ACTION_NONE;
}

/* A FEN has spaces, so the words after "fen" are joined back together.
 * Alone, it shows the position on the board (in review, the one reviewed,
 * as :copy fen copies it) and the review goes on; a new position ends it. */
static UiAction Commands_fen(Play *p, int argc, char **argv)
{
    if (argc == 1) {
        char fen[FEN_MAX];
        Position shown;
        Fen_write(Review_shown(p, &shown), fen, sizeof fen);
        Play_say(p, "%s", fen);
        return ACTION_NONE;
    }
    Review_leave(p);
    if (!Match_offers(p->match, MATCH_NEW)) {
        Play_error(p, "fen FEN sets up a game at this terminal, not between terminals");
        return ACTION_NONE;
    }
    char fen[COMMAND_LINE_MAX] = "";
    for (int i = 1; i < argc; i++) {
        strncat(fen, argv[i], sizeof fen - strlen(fen) - 2);
        if (i + 1 < argc)
            strcat(fen, " ");
    }
    Play_setFen(p, fen);
    return ACTION_NONE;
}

/* A game given up by a slip of the keyboard is lost for good: ask first. */
static UiAction Commands_resign(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (Session_hasGame(p->s) && !Game_over(Session_game(p->s)))
        return ACTION_CONFIRM_RESIGN;
    Play_resign(p); /* says why there is nothing to give up */
    return ACTION_NONE;
}

static UiAction Commands_draw(Play *p, int argc, char **argv)
{
    (void)argc, (void)argv;
    Play_offerDraw(p);
    return ACTION_NONE;
}

/* Asked of the other side: a rematch after the end (the engine agrees at
 * once and Play_update sees the new game; a person is asked), and between
 * terminals a takeback or an adjournment. */
static UiAction Commands_request(Play *p, int argc, char **argv)
{
    (void)argc;
    RequestKind k = strcmp(argv[0], "takeback") == 0 ? REQUEST_TAKEBACK
        : strcmp(argv[0], "adjourn") == 0            ? REQUEST_ADJOURN
                                                     : REQUEST_REMATCH;
    Match_request(p->match, k);
    Play_update(p);
    return ACTION_NONE;
}

static UiAction Commands_saveLine(Play *p, int argc, char **argv)
{
    (void)p, (void)argc, (void)argv;
    return ACTION_SAVE_LINE;
}

/* What only a game between terminals asks of its host: claim an absent
 * player's game, abort it before both have moved, show the board to
 * arrange Black's pieces again. */
static UiAction Commands_toHost(Play *p, int argc, char **argv)
{
    (void)argc;
    if (strcasecmp(argv[0], "claim") == 0)
        Match_claim(p->match);
    else if (strcasecmp(argv[0], "abort") == 0)
        Match_abort(p->match);
    else
        Match_offerArrangement(p->match);
    Play_update(p);
    return ACTION_NONE;
}

/* Never called with words: Commands_execute hands "say" the rest of the line. */
static UiAction Commands_say(Play *p, int argc, char **argv)
{
    (void)argc;
    if (argv[1] == NULL || argv[1][0] == '\0') {
        Play_error(p, "say needs a message: say TEXT");
        return ACTION_NONE;
    }
    Match_say(p->match, argv[1]);
    Play_update(p);
    return ACTION_NONE;
}

static const Command commands[] = {
    {.name = "left",
     .looks = true,
     .keys = {KEY_LEFT, 'h'},
     .keynames = "Left h",
     .help = "move the cursor left",
     .fn = Commands_left},
    {.name = "down",
     .looks = true,
     .keys = {KEY_DOWN, 'j'},
     .keynames = "Down j",
     .help = "move the cursor down",
     .fn = Commands_down},
    {.name = "up",
     .looks = true,
     .keys = {KEY_UP, 'k'},
     .keynames = "Up k",
     .help = "move the cursor up",
     .fn = Commands_up},
    {.name = "right",
     .looks = true,
     .keys = {KEY_RIGHT, 'l'},
     .keynames = "Right l",
     .help = "move the cursor right",
     .fn = Commands_right},
    {.name = "pick",
     .keys = {'\n', '\r', KEY_ENTER, ' ', KEY_MOUSE},
     .keynames = "Enter Space click",
     .help = "pick up the piece under the cursor, or put it down there",
     .fn = Commands_pick},
    {.name = "cancel",
     .keys = {KEY_ESC},
     .keynames = "Esc",
     .help = "put the picked piece back, close the chooser",
     .fn = Commands_cancel},
    {.name = "command",
     .looks = true,
     .keys = {':'},
     .keynames = ":",
     .help = "type a move or a command",
     .fn = Commands_commandLine},
    {.name = "piece",
     .keys = {'i'},
     .keynames = "i",
     .help = "help on the piece under the cursor, with its moves from there",
     .fn = Commands_pieceHelp},
    {.name = "help",
     .looks = true,
     .typed = true,
     .keys = {'?', KEY_F(1)},
     .keynames = "? F1",
     .usage = "help",
     .help = "rules, pieces, keys and commands",
     .fn = Commands_help},
    {.name = "quit",
     .looks = true,
     .typed = true,
     .keys = {'q'},
     .keynames = "q",
     .usage = "quit",
     .help = "leave the program (asks during a game)",
     .fn = Commands_quit},
    {.name = "new",
     .needs = MATCH_NEW,
     .typed = true,
     .keys = {'n'},
     .keynames = "n",
     .usage = "new",
     .help = "start a new game from the menu (asks during a game, which is then kept "
             "among the saved games)",
     .fn = Commands_new},
    {.name = "undo",
     .needs = MATCH_UNDO,
     .typed = true,
     .keys = {'u'},
     .keynames = "u",
     .usage = "undo",
     .help = "take back a move (against the engine, to your move); after the end, the "
             "ending: a resignation alone",
     .fn = Commands_undo},
    {.name = "redo",
     .needs = MATCH_UNDO,
     .typed = true,
     .keys = {'r'},
     .keynames = "r",
     .usage = "redo",
     .help = "replay a move taken back",
     .fn = Commands_redo},
    {.name = "flip",
     .looks = true,
     .typed = true,
     .keys = {'f'},
     .keynames = "f",
     .usage = "flip",
     .help = "turn the board around",
     .fn = Commands_flip},
    {.name = "hint",
     .needs = MATCH_ENGINE,
     .typed = true,
     .keys = {'t'},
     .keynames = "t",
     .usage = "hint",
     .help = "ask the engine for a move",
     .fn = CommandsEngine_hint},
    {.name = "move",
     .needs = MATCH_ENGINE,
     .typed = true,
     .keys = {'m'},
     .keynames = "m",
     .usage = "move",
     .help = "make the thinking engine play its best move so far",
     .fn = CommandsEngine_moveNow},
    {.name = "analysis",
     .looks = true,
     .typed = true,
     .keys = {'a'},
     .keynames = "a",
     .usage = "analysis",
     .help = "analysis: the engine thinks without end about the position shown (in review "
             "too): score from White's side, depth, best line; its move is marked",
     .fn = AnalysisView_command},
    {.name = "more-lines",
     .looks = true,
     .keys = {'+', '='},
     .keynames = "+",
     .help = "analysis: one line more, up to 5, each with its score (the best first)",
     .fn = AnalysisView_moreLines},
    {.name = "fewer-lines",
     .looks = true,
     .keys = {'-'},
     .keynames = "-",
     .help = "analysis: one line fewer",
     .fn = AnalysisView_fewerLines},
    {.name = "annotate",
     .looks = true,
     .typed = true,
     .keys = {'A'},
     .keynames = "A",
     .usage = "annotate",
     .help = "review the whole game with the engine: a progress bar, then ?!, ? and ?? "
             "mark the moves that gave most away, and a graph of the score over the game",
     .fn = AnnotateView_command},
    {.name = "back",
     .looks = true,
     .keys = {'[', KEY_PPAGE},
     .keynames = "[ PgUp",
     .help = "review: show the position one move earlier (nothing is taken back); "
             "a click on a move of the list shows the position after it",
     .fn = Review_cmdBack},
    {.name = "forward",
     .looks = true,
     .keys = {']', KEY_NPAGE},
     .keynames = "] PgDn",
     .help = "review: one move later; after the last move the review ends",
     .fn = Review_cmdForward},
    {.name = "first",
     .looks = true,
     .keys = {KEY_HOME, '{'},
     .keynames = "Home {",
     .help = "review: the position before the first move",
     .fn = Review_cmdFirst},
    {.name = "last",
     .looks = true,
     .keys = {KEY_END, '}'},
     .keynames = "End } Esc",
     .help = "end the review (and a variation): the game as it stands; in review a move "
             "tries a variation instead",
     .fn = Review_cmdLast},
    {.name = "level",
     .needs = MATCH_ENGINE,
     .typed = true,
     .usage = "level N",
     .help = "set the engine's strength, 1 (weakest) to 10",
     .minargs = 1,
     .maxargs = 1,
     .fn = CommandsEngine_level},
    {.name = "pace",
     .needs = MATCH_ENGINE,
     .typed = true,
     .usage = "pace [S]",
     .help = "the pause in seconds after each move of a game between engines (0: none), "
             "or what it is now",
     .maxargs = 1,
     .fn = CommandsEngine_pace},
    {.name = "engine",
     .needs = MATCH_ENGINE,
     .typed = true,
     .usage = "engine white|black|both|off",
     .help = "let the engine play White, Black or both from now on, or neither (off); also "
             "in the middle of a game, and after load, which leaves both sides to people",
     .minargs = 1,
     .maxargs = 1,
     .fn = Commands_engine},
    {.name = "save",
     .typed = true,
     .usage = "save FILE",
     .help = "write the game to FILE as PGN (.pgn added, ~ understood, quotes for spaces)",
     .minargs = 1,
     .maxargs = 7,
     .fn = CommandsFile_save},
    {.name = "save!",
     .typed = true,
     .usage = "save! FILE",
     .help = "the same, replacing FILE if it exists",
     .minargs = 1,
     .maxargs = 7,
     .fn = CommandsFile_save},
    {.name = "load",
     .needs = MATCH_NEW,
     .typed = true,
     .usage = "load FILE [N]",
     .help = "read game N (first if omitted) of the PGN file FILE, with its clock, its "
             "[%clk] times and players (named on the title line); without FILE, choose from "
             "the list of saved games (an unfinished game is kept among them first); FILE "
             "is found as save writes it (.pgn added, ~ understood, quotes for spaces)",
     .maxargs = 7,
     .fn = CommandsFile_load},
    {.name = "copy",
     .looks = true,
     .typed = true,
     .usage = "copy [pgn|fen]",
     .help = "copy the game's PGN (or the position's FEN) to your terminal's clipboard, "
             "also over SSH (OSC 52)",
     .maxargs = 1,
     .fn = CommandsFile_copy},
    {.name = "keep",
     .looks = true,
     .typed = true,
     .keys = {'K'},
     .keynames = "K",
     .usage = "keep",
     .help = "keep the variation tried with the game: saved beside its move as a PGN variation",
     .fn = Review_cmdKeep},
    {.name = "walk",
     .looks = true,
     .keys = {'\t'},
     .keynames = "Tab",
     .help = "walk the move list with the arrows (Up, Down a line); Tab or Enter returns",
     .fn = Review_cmdWalk},
    {.name = "goto",
     .looks = true,
     .typed = true,
     .usage = "goto N",
     .help = "review: the position after move N of the list (N. after White's, N... after "
             "Black's; 0 the start)",
     .minargs = 1,
     .maxargs = 1,
     .fn = Review_cmdGoto},
    {.name = "fen",
     .typed = true,
     .usage = "fen [FEN]",
     .help = "show the position on the board as FEN (in review, the one shown), or set up "
             "the FEN given (an unfinished game is kept among the saved games first)",
     .maxargs = 6,
     .looks = true,
     .fn = Commands_fen},
    {.name = "resign",
     .typed = true,
     .usage = "resign",
     .help = "give up the game (asks first; undo right after takes it back)",
     .fn = Commands_resign},
    {.name = "draw",
     .typed = true,
     .usage = "draw",
     .help = "offer a draw: the other side (or the engine, from its side) accepts or declines",
     .fn = Commands_draw},
    {.name = "takeback",
     .needs = MATCH_ASK,
     .typed = true,
     .usage = "takeback",
     .help = "ask the other player to take back your last move",
     .fn = Commands_request},
    {.name = "adjourn",
     .needs = MATCH_ASK,
     .typed = true,
     .usage = "adjourn",
     .help = "ask to stop for now and resume the game later",
     .fn = Commands_request},
    {.name = "rematch",
     .typed = true,
     .keys = {'R'},
     .keynames = "R",
     .usage = "rematch",
     .help = "after the game, another one with the colours swapped (the engine or the other "
             "player answers)",
     .fn = Commands_request},
    {.name = "save-line",
     .keys = {'s'},
     .keynames = "s",
     .help = "open the command line with save typed, for a file name",
     .fn = Commands_saveLine},
    {.name = "say",
     .needs = MATCH_CHAT,
     .typed = true,
     .usage = "say TEXT",
     .help = "a one-line message (a spectator's reaches the players after the game)",
     .maxargs = COMMAND_MAX_ARGS,
     .fn = Commands_say},
    {.name = "chat",
     .looks = true,
     .needs = MATCH_CHAT,
     .typed = true,
     .keys = {'c'},
     .keynames = "c",
     .usage = "chat",
     .help = "open or close the chat's history beside the board (arrows and PgUp scroll it)",
     .fn = ChatView_command},
    {.name = "claim",
     .needs = MATCH_HOST,
     .typed = true,
     .usage = "claim",
     .help = "win the game when the other player stays away past the grace",
     .fn = Commands_toHost},
    {.name = "abort",
     .needs = MATCH_HOST,
     .typed = true,
     .usage = "abort",
     .help = "call the game off while one side has yet to make a first move: no result, no "
             "rating, nothing kept",
     .fn = Commands_toHost},
    {.name = "arrange",
     .needs = MATCH_ARRANGE,
     .typed = true,
     .usage = "arrange",
     .help = "show again the board on which you arrange Black's pieces, when the game waits "
             "for your arrangement",
     .fn = Commands_toHost},
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

const Command *Commands_table(int *count)
{
    *count = NCOMMANDS;
    return commands;
}

/* Any case: a player who types RESIGN or Level means the command. */
const Command *Commands_byName(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (commands[i].typed && strcasecmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

const Command *Commands_forKey(int key)
{
    if (key == 0)
        return NULL;
    for (int i = 0; i < NCOMMANDS; i++)
        for (int k = 0; k < COMMAND_MAX_KEYS && commands[i].keys[k]; k++)
            if (commands[i].keys[k] == key)
                return &commands[i];
    return NULL;
}

static int Commands_split(char *buf, char **argv)
{
    int argc = 0;
    char *rest = NULL;
    for (char *word = strtok_r(buf, " \t", &rest); word; word = strtok_r(NULL, " \t", &rest)) {
        if (argc == COMMAND_MAX_ARGS)
            return -1;
        argv[argc++] = word;
    }
    argv[argc] = NULL;
    return argc;
}

bool Commands_parse(const char *line, ParsedLine *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (strlen(line) >= sizeof out->buf) {
        snprintf(err, errlen, "the line is too long (at most %d characters)", COMMAND_LINE_MAX - 1);
        return false;
    }
    strcpy(out->buf, line);
    out->argc = Commands_split(out->buf, out->argv);
    if (out->argc < 0) {
        snprintf(err, errlen, "too many words (at most %d)", COMMAND_MAX_ARGS);
        return false;
    }
    if (out->argc == 0) {
        snprintf(err, errlen, "empty line: type a move (e2e4) or a command (help)");
        return false;
    }
    out->cmd = Commands_byName(out->argv[0]);
    if (!out->cmd)
        return true;
    int words = out->argc - 1;
    if (words < out->cmd->minargs || words > out->cmd->maxargs) {
        snprintf(err, errlen, "%s %s; usage: %s", out->cmd->name,
                 words < out->cmd->minargs ? "needs more words" : "takes fewer words",
                 out->cmd->usage);
        return false;
    }
    return true;
}

/* Says why a command does not fit this game, or returns true. */
static bool Commands_fits(Play *p, const Command *c)
{
    if (Match_permits(p->match, c->needs, c->name))
        return true;
    Play_update(p); /* the match's notice says which games it is for */
    return false;
}

/* "say" takes the rest of the line as it was typed, however many words. */
static bool Commands_chat(Play *p, const char *line)
{
    const char *start = line + strspn(line, " \t");
    if (strncmp(start, "say", 3) != 0 || (start[3] != ' ' && start[3] != '\0'))
        return false;
    const Command *c = Commands_byName("say");
    if (Commands_fits(p, c)) {
        char name[4] = "say", text[COMMAND_LINE_MAX];
        snprintf(text, sizeof text, "%s", start + 3 + strspn(start + 3, " \t"));
        char *argv[3] = {name, text, NULL};
        c->fn(p, 2, argv);
    }
    return true;
}

UiAction Commands_execute(Play *p, const char *line)
{
    ParsedLine parsed;
    char err[ERROR_MAX + 64];
    if (Commands_chat(p, line))
        return ACTION_NONE;
    if (!Commands_parse(line, &parsed, err, sizeof err)) {
        Play_error(p, "%s", err);
        return ACTION_NONE;
    }
    if (parsed.cmd && !Commands_fits(p, parsed.cmd))
        return ACTION_NONE;
    /* A move in review goes to a variation when the screen explores. */
    if (Review_active(p) && !(parsed.cmd ? Review_keeps(parsed.cmd) : Play_explores(p)))
        Review_leave(p);
    if (parsed.cmd)
        return parsed.cmd->fn(p, parsed.argc, parsed.argv);
    /* Every move names a square, so a word without a digit was meant as a command. */
    bool castling = Notation_isCastling(parsed.argv[0]);
    if (parsed.argc > 1 || (!castling && strpbrk(parsed.argv[0], "0123456789") == NULL)) {
        Play_error(p, "'%s' is not a command (type help for the list)", parsed.argv[0]);
        return ACTION_NONE;
    }
    Play_typedMove(p, parsed.argv[0]);
    return ACTION_NONE;
}

/* Picking a piece in review tries the move in a variation; Esc then puts
 * a piece picked up back before it leaves the review. */
static bool Commands_entersVariation(const Play *p, const Command *c)
{
    return Play_explores(p)
        && (c->fn == Commands_pick || (c->fn == Commands_cancel && p->entry.stage != ENTRY_IDLE));
}

bool Commands_key(Play *p, int key, UiAction *action)
{
    const Command *c = Commands_forKey(key);
    char name[32];
    char *argv[2] = {name, NULL};
    *action = ACTION_NONE;
    if (!c)
        return false;
    if (Review_active(p) && !Review_keeps(c) && !Commands_entersVariation(p, c)) {
        Review_leave(p);
        if (key == KEY_ESC)
            return true; /* Esc only closes the review */
    }
    snprintf(name, sizeof name, "%s", c->name);
    if (Commands_fits(p, c))
        *action = c->fn(p, 1, argv);
    return true;
}
