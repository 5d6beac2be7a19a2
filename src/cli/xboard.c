/* The XBoard/CECP version 2 loop: keeps the game, answers the GUI's
 * commands, and lets the engine think in its thread while commands keep
 * arriving; one poll() waits for both. Square names follow XBoard's rule
 * for boards with exactly ten ranks, where ranks are counted from 0. */
#include "cli/xboard.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/linereader.h"
#include "cli/xbanalyze.h"
#include "cli/xbmove.h"
#include "cli/xbnumber.h"
#include "cli/xbsetup.h"
#include "config.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "match/match.h"
#include "session/session.h"

/* While the GUI shows the engine's thinking, the loop wakes this often to
 * post a deeper iteration; otherwise it sleeps until a command or the
 * engine's move. */
#define POST_WAKE_MS 100
#define NO_SIDE (-1)

struct Xboard {
    FILE *out;
    const Variant *v;
    Match *match; /* the game, played here: the GUI's moves go through it */
    /* The match's session, which XBoard also drives itself: it hands the
     * sides over at will and searches the engine with the GUI's limits.
     * Every move still passes Session_move. */
    GameSession *s;
    int engine_side; /* NO_SIDE in force mode */
    bool post;
    int posted_depth;
    int sd, st_ms;
    int mps, base_ms, inc_ms;
    int my_ms, opp_ms; /* from "time" and "otim" */
    uint64_t seed;
    int level;         /* LEVEL_MIN..MAX, set with "option Level=N" */
    uint64_t node_cap; /* 0, or a node limit on every search (fuzzing) */
    XbAnalysis an;     /* analyze mode, which searches in the session's engine */
};
typedef struct Xboard Xb;

/* ---- game state ---------------------------------------------------------- */

/* A move by the GUI's player, through the Match as a person's at the
 * terminal: the player sits at the side to move now, since XBoard hands
 * sides over at will (go, playother, force). */
static bool Xboard_play(Xb *xb, Move m)
{
    Session_setSeat(xb->s, Session_position(xb->s)->side, SEAT_HUMAN);
    return Match_move(xb->match, m);
}

/* The engine thinks for the session (Session_think): its move comes
 * through Session_tick like any engine move. */
static bool Xboard_thinking(const Xb *xb)
{
    return Session_thinking(xb->s) != THINK_NONE;
}

/* Stops the search for a move and the analysis alike. */
static void Xboard_stopThinking(Xb *xb)
{
    Session_stopThinking(xb->s);
    XbAnalyze_halt(&xb->an, xb->s);
}

/* Whether a search runs whose progress the loop must watch. */
static bool Xboard_busy(const Xb *xb)
{
    return Xboard_thinking(xb) || xb->an.running;
}

static void Xboard_resetGame(Xb *xb, const Position *start)
{
    Xboard_stopThinking(xb);
    Session_begin(xb->s, start);
    XbAnalyze_newPosition(&xb->an);
}

static void Xboard_printResultIfOver(Xb *xb)
{
    if (!Game_over(Session_game(xb->s)))
        return;
    GameStatus st = Session_game(xb->s)->status;
    fprintf(xb->out, "%s {%s}\n", Status_resultText(st.result), Status_reasonText(st.reason));
}

/* The search's progress, its moves read from pos (where it started). */
static void Xboard_postInfo(Xb *xb, const EngineInfo *info, const Position *pos)
{
    XbMove_thinking(xb->out, pos, info->depth, info, info->score, info->pv, info->npv);
    /* Once a search: what the clock manager keeps back for the GUI's lag. */
    if (xb->posted_depth == 0)
        fprintf(xb->out, "# learned delay %d ms\n", info->delay_ms);
}

static SearchLimits Xboard_limitsNow(Xb *xb)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = xb->level;
    lim.depth = xb->sd;
    lim.seed = xb->seed++;
    lim.nodes = xb->node_cap;
    int side = Session_position(xb->s)->side;
    if (xb->st_ms) {
        lim.movetime_ms = xb->st_ms;
    } else if (xb->my_ms > 0 || xb->base_ms > 0) {
        lim.time_ms[side] = xb->my_ms > 0 ? xb->my_ms : xb->base_ms;
        lim.time_ms[!side] = xb->opp_ms > 0 ? xb->opp_ms : xb->base_ms;
        lim.inc_ms[0] = lim.inc_ms[1] = xb->inc_ms;
        if (xb->mps > 0) {
            int played = Session_game(xb->s)->nmoves / 2;
            lim.movestogo = xb->mps - played % xb->mps;
        }
    }
    return lim; /* with no limit at all the level's default time applies */
}

static void Xboard_maybeThink(Xb *xb)
{
    int side = Session_position(xb->s)->side;
    if (Xboard_thinking(xb) || xb->an.on || xb->engine_side != side
        || Game_over(Session_game(xb->s)))
        return;
    SearchLimits lim = Xboard_limitsNow(xb);
    xb->posted_depth = 0;
    Session_setSeat(xb->s, side, SEAT_ENGINE);
    /* The GUI plays the other side: the session must not go on to search
     * for it once this move is played (a seat left from an earlier go). */
    Session_setSeat(xb->s, !side, SEAT_HUMAN);
    if (!Session_think(xb->s, &lim))
        fprintf(xb->out, "Error (engine): could not start a search thread\n");
}

/* Called while thinking: the session takes the search's progress, or
 * plays its move once it has ended; posts new iterations and the move. */
static void Xboard_pollEngine(Xb *xb)
{
    Position before = *Session_position(xb->s);
    int played = Session_game(xb->s)->nmoves;
    Session_tick(xb->s, Session_nowMs());
    const EngineInfo *info = Session_progress(xb->s);
    if (xb->post && info->depth > xb->posted_depth && info->npv > 0) {
        Xboard_postInfo(xb, info, &before);
        xb->posted_depth = info->depth;
    }
    if (Xboard_thinking(xb))
        return;
    if (Session_game(xb->s)->nmoves == played) {
        fprintf(xb->out, "Error (engine): %s\n", Session_notice(xb->s, NULL));
        return;
    }
    char text[MOVE_TEXT_MAX + 8];
    XbMove_text(&before, Session_lastMove(xb->s), text, sizeof text);
    fprintf(xb->out, "move %s\n", text);
    Xboard_printResultIfOver(xb);
}

/* ---- commands -------------------------------------------------------------- */

static void Xboard_cmdProtover(Xb *xb, const char *arg)
{
    (void)arg;
    fprintf(xb->out, "feature myname=\"Zanzibar " PACKAGE_VERSION "\" variants=\"");
    for (int i = 0; i < VARIANT_COUNT; i++)
        fprintf(xb->out, "%s%s", i ? "," : "", Variant_get((VariantId)i)->name);
    fprintf(xb->out,
            "\" setboard=1 usermove=1 "
            "ping=1 playother=1 colors=0 time=1 reuse=1 analyze=1 exclude=1 draw=1 san=0 "
            "sigint=0 sigterm=0 name=0 nps=0 memory=0 smp=0 debug=1\n");
    fprintf(xb->out, "feature option=\"Level -spin %d %d %d\"\n", xb->level, LEVEL_MIN, LEVEL_MAX);
    fprintf(xb->out, "feature option=\"MultiPV -spin %d 1 %d\"\n", xb->an.multipv, XB_MULTIPV_MAX);
    fprintf(xb->out, "feature done=1\n");
}

static void Xboard_cmdNew(Xb *xb, const char *arg)
{
    (void)arg;
    Position pos;
    Setup_start(&pos, xb->v);
    Xboard_resetGame(xb, &pos); /* which clears the engine's memory of the last game */
    xb->engine_side = BLACK;
    xb->sd = xb->st_ms = 0;
}

/* Accepts our names and XBoard's "WxH+S_name" form of them. */
static void Xboard_cmdVariant(Xb *xb, const char *arg)
{
    const Variant *v = Variant_byName(arg);
    if (!v && strchr(arg, '_'))
        v = Variant_byName(strchr(arg, '_') + 1);
    if (!v) {
        fprintf(xb->out, "Error (unsupported variant): %s\n", arg);
        return;
    }
    /* Always the same start: XBoard takes the last "setup" it hears as the
     * variant's start and tells no engine of a change, so two engines
     * that each chose a Zanzibar setup would play on different boards.
     * Other setups reach us by setboard. */
    Position pos;
    Setup_start(&pos, v);
    Xboard_resetGame(xb, &pos);
    xb->v = v;
    XbSetup_send(xb->out, &pos);
}

/* XBoard writes the King-jump rights as castling rights, naming files
 * ("Ff" for both Kings on the f file); any letter of a side means its
 * King keeps the right, which our FEN writes K or k. */
static bool Xboard_fenFromXboard(const char *in, char *out, size_t len)
{
    int field = 0;
    bool white = false, black = false;
    size_t n = 0;
    for (const char *c = in; *c; c++) {
        if (n + 2 >= len)
            return false;
        if (*c == ' ' && c > in && c[-1] != ' ')
            field++;
        if (field == 2 && isalpha((unsigned char)*c)) {
            bool upper = isupper((unsigned char)*c);
            if (upper ? white : black)
                continue;
            *(upper ? &white : &black) = true;
            out[n++] = upper ? 'K' : 'k';
        } else {
            out[n++] = *c;
        }
    }
    out[n] = '\0';
    return true;
}

static void Xboard_cmdSetboard(Xb *xb, const char *arg)
{
    Position pos;
    char err[ERROR_MAX], fen[FEN_MAX];
    if (!Xboard_fenFromXboard(arg, fen, sizeof fen)) {
        fprintf(xb->out, "tellusererror Illegal position: the FEN is longer than %d characters\n",
                FEN_MAX - 1);
        return;
    }
    if (!Fen_read(&pos, xb->v, fen, err, sizeof err)) {
        fprintf(xb->out, "tellusererror Illegal position: %s\n", err);
        return;
    }
    Xboard_resetGame(xb, &pos);
}

static void Xboard_cmdUsermove(Xb *xb, const char *arg)
{
    char text[XB_WORD_MAX], err[SESSION_NOTICE_MAX];
    Move m;
    Xboard_stopThinking(xb);
    if (!XbMove_parse(xb->v, arg, text, sizeof text)) {
        fprintf(xb->out, "Illegal move (the move text is too long to be a move): %s\n", arg);
        return;
    }
    if (Game_over(Session_game(xb->s))) {
        fprintf(xb->out, "Illegal move (the game is over): %s\n", arg);
        return;
    }
    bool parsed = Notation_parse(Session_position(xb->s), text, &m, err, sizeof err);
    if (!parsed || !Xboard_play(xb, m)) {
        if (parsed) /* the session says why it refused */
            snprintf(err, sizeof err, "%s", Session_notice(xb->s, NULL));
        /* the reason quotes squares in our numbering: give them in XBoard's */
        char theirs[SESSION_NOTICE_MAX];
        if (!XbMove_shiftRanks(err, theirs, sizeof theirs, -XbMove_rankShift(xb->v)))
            snprintf(theirs, sizeof theirs, "%s", err);
        fprintf(xb->out, "Illegal move (%s): %s\n", theirs, arg);
        return;
    }
    XbAnalyze_newPosition(&xb->an);
    Xboard_printResultIfOver(xb);
    Xboard_maybeThink(xb);
}

static void Xboard_cmdGo(Xb *xb, const char *arg)
{
    (void)arg;
    xb->engine_side = Session_position(xb->s)->side;
    Xboard_maybeThink(xb);
}

static void Xboard_cmdPlayother(Xb *xb, const char *arg)
{
    (void)arg;
    xb->engine_side = !Session_position(xb->s)->side;
}

static void Xboard_cmdForce(Xb *xb, const char *arg)
{
    (void)arg;
    Xboard_stopThinking(xb);
    xb->engine_side = NO_SIDE;
}

static void Xboard_cmdUndo(Xb *xb, const char *arg)
{
    (void)arg;
    Xboard_stopThinking(xb);
    if (!Session_takeBack(xb->s, 1))
        fprintf(xb->out, "Error (command not legal now): undo\n");
    XbAnalyze_newPosition(&xb->an);
}

static void Xboard_cmdRemove(Xb *xb, const char *arg)
{
    (void)arg;
    Xboard_stopThinking(xb);
    if (!Session_takeBack(xb->s, 2))
        fprintf(xb->out, "Error (command not legal now): remove\n");
    XbAnalyze_newPosition(&xb->an);
}

static void Xboard_cmdSd(Xb *xb, const char *arg)
{
    long depth;
    if (XbNumber_int(arg, 1000000, &depth))
        xb->sd = (int)depth;
    else
        fprintf(xb->out, "Error (bad depth): sd %s\n", arg);
}

static void Xboard_cmdSt(Xb *xb, const char *arg)
{
    char *end;
    int ms;
    if (!XbNumber_seconds(arg, &end, &ms) || ms <= 0 || *end)
        fprintf(xb->out, "Error (bad time): st %s\n", arg);
    else
        xb->st_ms = ms;
}

/* level MPS BASE INC, BASE in minutes or minutes:seconds, INC in seconds. */
static void Xboard_cmdLevel(Xb *xb, const char *arg)
{
    char *p;
    errno = 0;
    long mps = strtol(arg, &p, 10);
    int base_ms, inc_ms;
    bool ok =
        p != arg && errno != ERANGE && mps >= 0 && mps <= 100000 && isspace((unsigned char)*p);
    ok = ok && XbNumber_base(p, &p, &base_ms) && isspace((unsigned char)*p);
    ok = ok && XbNumber_seconds(p, &p, &inc_ms);
    while (ok && isspace((unsigned char)*p))
        p++;
    if (!ok || *p) {
        /* XBoard reads "Error (TYPE): COMMAND", so the limits go on a
         * comment line of their own. */
        fprintf(xb->out,
                "Error (bad time control): level %s\n"
                "# level MOVES MINUTES[:SECONDS] INCREMENT: at most 100000 moves and %d seconds\n",
                arg, XB_MAX_MS / 1000);
        return;
    }
    xb->mps = (int)mps;
    xb->base_ms = base_ms;
    xb->inc_ms = inc_ms;
    xb->st_ms = 0;
}

/* "time" and "otim" in centiseconds; a longer clock than we can count
 * plays as the longest we can. */
static bool Xboard_parseClock(Xb *xb, const char *cmd, const char *arg, int *ms)
{
    char *end;
    errno = 0;
    long long cs = strtoll(arg, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (end == arg || *end || cs < 0) {
        fprintf(xb->out, "Error (bad time): %s %s\n", cmd, arg);
        return false;
    }
    *ms = cs > XB_MAX_MS / 10 || errno == ERANGE ? XB_MAX_MS : (int)cs * 10;
    return true;
}

static void Xboard_cmdTime(Xb *xb, const char *arg)
{
    Xboard_parseClock(xb, "time", arg, &xb->my_ms);
}

static void Xboard_cmdOtim(Xb *xb, const char *arg)
{
    Xboard_parseClock(xb, "otim", arg, &xb->opp_ms);
}

static void Xboard_cmdPing(Xb *xb, const char *arg)
{
    fprintf(xb->out, "pong %s\n", arg);
}

static void Xboard_cmdResult(Xb *xb, const char *arg)
{
    (void)arg;
    Xboard_stopThinking(xb);
    xb->engine_side = NO_SIDE;
}

static void Xboard_cmdPost(Xb *xb, const char *arg)
{
    (void)arg;
    xb->post = true;
}

static void Xboard_cmdNopost(Xb *xb, const char *arg)
{
    (void)arg;
    xb->post = false;
}

static void Xboard_cmdMovenow(Xb *xb, const char *arg)
{
    (void)arg;
    if (Xboard_thinking(xb))
        Session_moveNow(xb->s);
}

/* The opponent offers a draw: "offer draw" accepts it, silence declines.
 * The judgement runs beside any search in progress, which goes on. */
static void Xboard_cmdDraw(Xb *xb, const char *arg)
{
    (void)arg;
    if (xb->engine_side == NO_SIDE || Game_over(Session_game(xb->s)))
        return;
    if (Engine_acceptsDraw(Session_engine(xb->s), Session_position(xb->s),
                           Session_game(xb->s)->hashes, Session_game(xb->s)->nmoves,
                           xb->engine_side, xb->level, xb->seed))
        fprintf(xb->out, "offer draw\n");
}

/* Two additions for scripts (tools/match.py), harmless to a GUI because
 * XBoard shows lines starting with '#' only in its debug log. */
static void Xboard_cmdFen(Xb *xb, const char *arg)
{
    (void)arg;
    char fen[FEN_MAX];
    Fen_write(Session_position(xb->s), fen, sizeof fen);
    fprintf(xb->out, "# fen %s\n", fen);
}

static void Xboard_cmdLegalmoves(Xb *xb, const char *arg)
{
    (void)arg;
    MoveList *list = malloc(sizeof *list);
    if (!list) {
        fprintf(xb->out, "Error (out of memory): legalmoves\n");
        return;
    }
    Movegen_legal(Session_position(xb->s), list);
    fprintf(xb->out, "# legalmoves");
    char text[MOVE_TEXT_MAX + 8];
    for (int i = 0; i < list->count && !Game_over(Session_game(xb->s)); i++) {
        XbMove_text(Session_position(xb->s), list->moves[i], text, sizeof text);
        fprintf(xb->out, " %s", text);
    }
    fprintf(xb->out, "\n");
    free(list);
}

/* option NAME=VALUE: the playing level and the lines of the analysis. */
static void Xboard_cmdOption(Xb *xb, const char *arg)
{
    long n;
    if (strncmp(arg, "Level=", 6) == 0 && XbNumber_int(arg + 6, LEVEL_MAX, &n) && n >= LEVEL_MIN)
        xb->level = (int)n;
    else if (strncmp(arg, "MultiPV=", 8) == 0 && XbNumber_int(arg + 8, XB_MULTIPV_MAX, &n)
             && XbAnalyze_setLines(&xb->an, n))
        return;
    else
        fprintf(xb->out,
                "Error (unknown option or bad value, Level is %d..%d, MultiPV 1..%d): "
                "option %s\n",
                LEVEL_MIN, LEVEL_MAX, XB_MULTIPV_MAX, arg);
}

/* Analyze mode is force mode with the engine searching the position. */
static void Xboard_cmdAnalyze(Xb *xb, const char *arg)
{
    (void)arg;
    Xboard_stopThinking(xb);
    xb->engine_side = NO_SIDE;
    XbAnalyze_enter(&xb->an);
}

static void Xboard_cmdExit(Xb *xb, const char *arg)
{
    (void)arg;
    XbAnalyze_exit(&xb->an, xb->s);
}

static void Xboard_cmdStatus(Xb *xb, const char *arg)
{
    (void)arg;
    XbAnalyze_status(&xb->an, xb->s, xb->out);
}

static void Xboard_cmdExclude(Xb *xb, const char *arg)
{
    XbAnalyze_exclude(&xb->an, Session_position(xb->s), arg, true, xb->out);
}

static void Xboard_cmdInclude(Xb *xb, const char *arg)
{
    XbAnalyze_exclude(&xb->an, Session_position(xb->s), arg, false, xb->out);
}

static void Xboard_cmdIgnore(Xb *xb, const char *arg)
{
    (void)xb;
    (void)arg;
}

typedef struct {
    const char *name;
    void (*run)(Xb *xb, const char *arg);
} Command;

static const Command commands[] = {
    {"protover", Xboard_cmdProtover},
    {"new", Xboard_cmdNew},
    {"variant", Xboard_cmdVariant},
    {"setboard", Xboard_cmdSetboard},
    {"usermove", Xboard_cmdUsermove},
    {"go", Xboard_cmdGo},
    {"playother", Xboard_cmdPlayother},
    {"force", Xboard_cmdForce},
    {"undo", Xboard_cmdUndo},
    {"remove", Xboard_cmdRemove},
    {"sd", Xboard_cmdSd},
    {"st", Xboard_cmdSt},
    {"level", Xboard_cmdLevel},
    {"time", Xboard_cmdTime},
    {"otim", Xboard_cmdOtim},
    {"ping", Xboard_cmdPing},
    {"result", Xboard_cmdResult},
    {"option", Xboard_cmdOption},
    {"fen", Xboard_cmdFen},
    {"legalmoves", Xboard_cmdLegalmoves},
    {"post", Xboard_cmdPost},
    {"nopost", Xboard_cmdNopost},
    {"?", Xboard_cmdMovenow},
    {"xboard", Xboard_cmdIgnore},
    {"accepted", Xboard_cmdIgnore},
    {"rejected", Xboard_cmdIgnore},
    {"random", Xboard_cmdIgnore},
    {"computer", Xboard_cmdIgnore},
    {"easy", Xboard_cmdIgnore},
    {"hard", Xboard_cmdIgnore},
    {"name", Xboard_cmdIgnore},
    {"rating", Xboard_cmdIgnore},
    {"ics", Xboard_cmdIgnore},
    {"draw", Xboard_cmdDraw},
    {"hint", Xboard_cmdIgnore},
    {"bk", Xboard_cmdIgnore},
    {"white", Xboard_cmdIgnore},
    {"black", Xboard_cmdIgnore},
    {"analyze", Xboard_cmdAnalyze},
    {".", Xboard_cmdStatus},
    {"exit", Xboard_cmdExit},
    {"exclude", Xboard_cmdExclude},
    {"include", Xboard_cmdInclude},
    {"cores", Xboard_cmdIgnore},
    {"memory", Xboard_cmdIgnore},
};

/* Posts and plays what the searches running have found. */
static void Xboard_pollSearches(Xb *xb)
{
    if (Xboard_thinking(xb))
        Xboard_pollEngine(xb);
    XbAnalyze_poll(&xb->an, xb->s, xb->out);
}

static void Xboard_runCommand(Xb *xb, char *line, char *arg)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(line, commands[i].name)) {
            commands[i].run(xb, arg);
            return;
        }
    /* A bare move is also accepted, as XBoard sends without usermove=1. */
    char text[XB_WORD_MAX];
    Move m;
    char err[ERROR_MAX];
    if (!*arg && isalpha((unsigned char)line[0]) && isdigit((unsigned char)line[1])
        && XbMove_parse(xb->v, line, text, sizeof text)
        && Notation_parse(Session_position(xb->s), text, &m, err, sizeof err)) {
        Xboard_cmdUsermove(xb, line);
        return;
    }
    fprintf(xb->out, "Error (unknown command): %s\n", line);
}

/* Runs one command line; false on quit. */
bool Xboard_handleLine(Xboard *xb, char *line)
{
    Xboard_pollSearches(xb);
    while (isspace((unsigned char)*line))
        line++;
    if (!*line)
        return true;
    char *arg = line;
    while (*arg && !isspace((unsigned char)*arg))
        arg++;
    if (*arg)
        *arg++ = '\0';
    while (isspace((unsigned char)*arg))
        arg++;
    if (!strcmp(line, "quit"))
        return false;
    Xboard_runCommand(xb, line, arg);
    if (!XbAnalyze_resume(&xb->an, xb->s))
        fprintf(xb->out, "Error (engine): could not start a search thread\n");
    return true;
}

Xboard *Xboard_new(FILE *out, size_t tt_mb)
{
    Xb *xb = calloc(1, sizeof *xb);
    if (!xb)
        return NULL;
    xb->out = out;
    xb->v = Variant_get(VARIANT_PEMBA);
    xb->engine_side = BLACK;
    xb->post = false;
    xb->level = LEVEL_MAX;
    xb->seed = (uint64_t)time(NULL);
    XbAnalyze_init(&xb->an);
    xb->match = Match_new();
    xb->s = Match_drivenSession(xb->match);
    Session_createEngine(xb->s, tt_mb); /* searched with XBoard's limits */
    Position pos;
    Setup_start(&pos, xb->v);
    Session_begin(xb->s, &pos);
    return xb;
}

void Xboard_capSearch(Xboard *xb, uint64_t nodes, uint64_t seed)
{
    xb->node_cap = nodes;
    xb->an.node_cap = nodes;
    xb->seed = seed;
}

const Game *Xboard_game(const Xboard *xb)
{
    return Session_game(xb->s);
}

/* Sleeps until the input (when in_fd >= 0) is readable, or, while the
 * engine thinks, until it has finished or its thinking is due to be
 * posted; then posts and plays what the engine has. True when the input
 * is readable. */
static bool Xboard_await(Xb *xb, int in_fd)
{
    bool busy = Xboard_busy(xb);
    int done_fd = busy ? Session_pollFd(xb->s) : -1;
    struct pollfd fds[2] = {{in_fd, POLLIN, 0}, {done_fd, POLLIN, 0}};
    bool posting = xb->post || xb->an.running || done_fd < 0;
    int wait = busy && posting ? POST_WAKE_MS : -1;
    bool readable = poll(fds, 2, wait) > 0 && fds[0].revents != 0;
    if (busy)
        Xboard_pollSearches(xb);
    return readable;
}

void Xboard_finish(Xboard *xb)
{
    while (Xboard_busy(xb)) /* let a move or an analysis in progress arrive first */
        Xboard_await(xb, -1);
}

void Xboard_free(Xboard *xb)
{
    if (!xb)
        return;
    Xboard_stopThinking(xb);
    Match_free(xb->match);
    free(xb);
}

/* Waits for a command line and, while the engine thinks, for its move. */
static char *Xboard_nextLine(Xb *xb, LineReader *reader, bool *eof)
{
    char *line;
    while ((line = LineReader_take(reader, eof)) == NULL && !*eof) {
        if (Xboard_await(xb, LineReader_fd(reader)))
            LineReader_fill(reader);
        fflush(xb->out);
    }
    return line;
}

static void Xboard_loop(Xb *xb, LineReader *reader)
{
    for (;;) {
        bool eof = false;
        char *line = Xboard_nextLine(xb, reader, &eof);
        if (!line) {
            Xboard_finish(xb);
            return;
        }
        bool go_on = Xboard_handleLine(xb, line);
        free(line);
        fflush(xb->out);
        if (!go_on)
            return;
    }
}

int Xboard_run(FILE *in, FILE *out)
{
    Xb *xb = Xboard_new(out, ENGINE_DEFAULT_TT_MB);
    if (!xb) {
        fprintf(stderr, "zanzibar: not enough memory for the engine\n");
        return 1;
    }
    setvbuf(out, NULL, _IOLBF, 0);
    LineReader *reader = LineReader_new(fileno(in));
    if (!reader) {
        fprintf(stderr, "zanzibar: not enough memory for the input\n");
        Xboard_free(xb);
        return 1;
    }
    fprintf(out, "\n");
    Xboard_loop(xb, reader);
    Xboard_stopThinking(xb);
    fflush(out);
    LineReader_free(reader);
    Xboard_free(xb);
    return 0;
}
