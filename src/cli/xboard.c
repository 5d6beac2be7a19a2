/* The XBoard/CECP version 2 loop: keeps the game, answers the GUI's
 * commands, and lets the engine think in its thread while commands keep
 * arriving. Square names follow XBoard's rule for boards with exactly ten
 * ranks, where ranks are counted from 0. */
#include "config.h"

#include "cli/xboard.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/linereader.h"
#include "cli/xbsetup.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "engine/engine.h"

#define POLL_MS 1
#define NO_SIDE (-1)

typedef struct {
    FILE *out;
    const Variant *v;
    Game game;
    Engine *engine;
    int engine_side;     /* NO_SIDE in force mode */
    bool thinking;
    bool post;
    int posted_depth;
    int sd, st_ms;
    int mps, base_ms, inc_ms;
    int my_ms, opp_ms;   /* from "time" and "otim" */
    uint64_t seed;
    int level;           /* ENGINE_LEVEL_MIN..MAX, set with "option Level=N" */
} Xb;

/* ---- square names in XBoard's numbering -------------------------------- */

/* Rewrites every square name in text, shifting ranks by delta. */
static void shift_ranks(const char *in, char *out, size_t len, int delta)
{
    size_t o = 0;
    for (size_t i = 0; in[i] && o + 4 < len;) {
        if (isalpha((unsigned char)in[i]) && isdigit((unsigned char)in[i + 1])) {
            out[o++] = in[i++];
            int rank = 0;
            while (isdigit((unsigned char)in[i]))
                rank = rank * 10 + (in[i++] - '0');
            o += (size_t)snprintf(out + o, len - o, "%d", rank + delta);
        } else {
            out[o++] = in[i++];
        }
    }
    out[o] = '\0';
}

static int rank_shift(const Variant *v)
{
    return v->ranks == 10 ? 1 : 0;
}

static void move_text(const Xb *xb, const Position *pos, Move m, char *buf, size_t len)
{
    char ours[MOVE_TEXT_MAX];
    Notation_coord(pos, m, ours);
    shift_ranks(ours, buf, len, -rank_shift(xb->v));
}

/* XBoard's form to ours; a two-leg "a,b" form of a carpet flight becomes
 * our single word (landing square, then the flight's square). */
static void parse_text(const Xb *xb, const char *in, char *buf, size_t len)
{
    char joined[64];
    const char *comma = strchr(in, ',');
    if (comma && (size_t)(comma - in) < sizeof joined - 8) {
        size_t n = (size_t)(comma - in);
        memcpy(joined, in, n);
        joined[n] = '\0';
        const char *second = comma + 1;
        while (isalpha((unsigned char)*second) && isdigit((unsigned char)second[1])) {
            second++;
            while (isdigit((unsigned char)*second))
                second++;
            break;  /* skip the second leg's start square only */
        }
        snprintf(joined + n, sizeof joined - n, "%s", second);
        in = joined;
    }
    shift_ranks(in, buf, len, rank_shift(xb->v));
}

/* ---- game state ---------------------------------------------------------- */

static void stop_thinking(Xb *xb)
{
    if (!xb->thinking)
        return;
    Engine_stop(xb->engine);
    Engine_wait(xb->engine, NULL);
    xb->thinking = false;
}

static void reset_game(Xb *xb, const Position *start)
{
    stop_thinking(xb);
    Game_free(&xb->game);
    Game_init(&xb->game, start);
}

static void print_result_if_over(Xb *xb)
{
    if (!Game_over(&xb->game))
        return;
    GameStatus st = xb->game.status;
    fprintf(xb->out, "%s {%s}\n", Status_resultText(st.result), Status_reasonText(st.reason));
}

static int score_for_gui(int score)
{
    if (score > ENGINE_MATE - 1000)
        return 100000 + (ENGINE_MATE - score + 1) / 2;
    if (score < -ENGINE_MATE + 1000)
        return -100000 - (ENGINE_MATE + score) / 2;
    return score;
}

static void post_info(Xb *xb, const EngineInfo *info)
{
    char line[2048], mv[MOVE_TEXT_MAX + 8];
    Position pos = xb->game.pos;
    int o = snprintf(line, sizeof line, "%d %d %d %llu", info->depth,
                     score_for_gui(info->score), info->elapsed_ms / 10,
                     (unsigned long long)info->nodes);
    for (int i = 0; i < info->npv && o < (int)sizeof line - 40; i++) {
        if (!Movegen_isLegalMove(&pos, info->pv[i]))
            break;
        move_text(xb, &pos, info->pv[i], mv, sizeof mv);
        o += snprintf(line + o, sizeof line - (size_t)o, " %s", mv);
        Undo u;
        Position_make(&pos, info->pv[i], &u);
    }
    fprintf(xb->out, "%s\n", line);
}

static SearchLimits limits_now(Xb *xb)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = xb->level;
    lim.depth = xb->sd;
    lim.seed = xb->seed++;
    int side = xb->game.pos.side;
    if (xb->st_ms) {
        lim.movetime_ms = xb->st_ms;
    } else if (xb->my_ms > 0 || xb->base_ms > 0) {
        lim.time_ms[side] = xb->my_ms > 0 ? xb->my_ms : xb->base_ms;
        lim.time_ms[!side] = xb->opp_ms > 0 ? xb->opp_ms : xb->base_ms;
        lim.inc_ms[0] = lim.inc_ms[1] = xb->inc_ms;
        if (xb->mps > 0) {
            int played = xb->game.nmoves / 2;
            lim.movestogo = xb->mps - played % xb->mps;
        }
    }
    return lim;  /* with no limit at all the level's default time applies */
}

static void maybe_think(Xb *xb)
{
    if (xb->thinking || xb->engine_side != xb->game.pos.side || Game_over(&xb->game))
        return;
    SearchLimits lim = limits_now(xb);
    xb->posted_depth = 0;
    xb->thinking = Engine_start(xb->engine, &xb->game.pos, &lim);
    if (!xb->thinking)
        fprintf(xb->out, "Error (engine): could not start a search thread\n");
}

/* Called while thinking: posts new iterations and plays the move once
 * the search has ended. */
static void poll_engine(Xb *xb)
{
    EngineInfo info;
    Engine_info(xb->engine, &info);
    if (xb->post && info.depth > xb->posted_depth && info.npv > 0) {
        post_info(xb, &info);
        xb->posted_depth = info.depth;
    }
    if (Engine_busy(xb->engine))
        return;
    Move m = Engine_wait(xb->engine, &info);
    xb->thinking = false;
    if (m == MOVE_NONE)
        return;
    char text[MOVE_TEXT_MAX + 8];
    move_text(xb, &xb->game.pos, m, text, sizeof text);
    if (!Game_play(&xb->game, m)) {
        fprintf(xb->out, "Error (engine): produced an illegal move %s\n", text);
        return;
    }
    fprintf(xb->out, "move %s\n", text);
    print_result_if_over(xb);
}

/* ---- commands -------------------------------------------------------------- */

static void cmd_protover(Xb *xb, const char *arg)
{
    (void)arg;
    fprintf(xb->out,
            "feature myname=\"Zanzibar " PACKAGE_VERSION "\" variants=\"zanzibar-s,"
            "zanzibar-xl,zanzibar-xxl,pemba,arabian-nights\" setboard=1 usermove=1 "
            "ping=1 playother=1 colors=0 time=1 reuse=1 analyze=0 draw=1 san=0 "
            "sigint=0 sigterm=0 name=0 nps=0 memory=0 smp=0 debug=1\n");
    fprintf(xb->out, "feature option=\"Level -spin %d %d %d\"\n", xb->level,
            ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX);
    fprintf(xb->out, "feature done=1\n");
}

static void cmd_new(Xb *xb, const char *arg)
{
    (void)arg;
    Position pos;
    Position_start(&pos, xb->v);
    reset_game(xb, &pos);
    Engine_clear(xb->engine);
    xb->engine_side = BLACK;
    xb->sd = xb->st_ms = 0;
}

/* Accepts our names and XBoard's "WxH+S_name" form of them. */
static void cmd_variant(Xb *xb, const char *arg)
{
    const char *name = strchr(arg, '_') ? strchr(arg, '_') + 1 : arg;
    const Variant *v = Variant_byName(name);
    if (!v) {
        fprintf(xb->out, "Error (unsupported variant): %s\n", arg);
        return;
    }
    xb->v = v;
    /* Always the same start: XBoard takes the last "setup" it hears as the
     * variant's start and tells no engine of a change, so two engines
     * that each chose a Zanzibar setup would play on different boards.
     * Other setups reach us by setboard. */
    Position pos;
    Position_start(&pos, v);
    reset_game(xb, &pos);
    XbSetup_send(xb->out, &pos);
}

/* XBoard writes the King-jump rights as castling rights, naming files
 * ("Ff" for both Kings on the f file); any letter of a side means its
 * King keeps the right, which our FEN writes K or k. */
static void fen_from_xboard(const char *in, char *out, size_t len)
{
    int field = 0;
    bool white = false, black = false;
    size_t n = 0;
    for (const char *c = in; *c && n + 2 < len; c++) {
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
}

static void cmd_setboard(Xb *xb, const char *arg)
{
    Position pos;
    char err[ERROR_MAX], fen[FEN_MAX];
    fen_from_xboard(arg, fen, sizeof fen);
    if (!Fen_read(&pos, xb->v, fen, err, sizeof err)) {
        fprintf(xb->out, "tellusererror Illegal position: %s\n", err);
        return;
    }
    reset_game(xb, &pos);
}

static void cmd_usermove(Xb *xb, const char *arg)
{
    char text[64], err[ERROR_MAX];
    Move m;
    stop_thinking(xb);
    parse_text(xb, arg, text, sizeof text);
    if (Game_over(&xb->game)) {
        fprintf(xb->out, "Illegal move (the game is over): %s\n", arg);
        return;
    }
    if (!Notation_parse(&xb->game.pos, text, &m, err, sizeof err) || !Game_play(&xb->game, m)) {
        fprintf(xb->out, "Illegal move (%s): %s\n", err, arg);
        return;
    }
    print_result_if_over(xb);
    maybe_think(xb);
}

static void cmd_go(Xb *xb, const char *arg)
{
    (void)arg;
    xb->engine_side = xb->game.pos.side;
    maybe_think(xb);
}

static void cmd_playother(Xb *xb, const char *arg)
{
    (void)arg;
    xb->engine_side = !xb->game.pos.side;
}

static void cmd_force(Xb *xb, const char *arg)
{
    (void)arg;
    stop_thinking(xb);
    xb->engine_side = NO_SIDE;
}

static void cmd_undo(Xb *xb, const char *arg)
{
    (void)arg;
    stop_thinking(xb);
    if (!Game_undo(&xb->game))
        fprintf(xb->out, "Error (command not legal now): undo\n");
}

static void cmd_remove(Xb *xb, const char *arg)
{
    (void)arg;
    stop_thinking(xb);
    if (xb->game.nmoves < 2 || !Game_undo(&xb->game) || !Game_undo(&xb->game))
        fprintf(xb->out, "Error (command not legal now): remove\n");
}

static bool parse_int(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (end == s || *end || v < 0 || v > 100000000)
        return false;
    *out = (int)v;
    return true;
}

static void cmd_sd(Xb *xb, const char *arg)
{
    if (!parse_int(arg, &xb->sd))
        fprintf(xb->out, "Error (bad depth): sd %s\n", arg);
}

static void cmd_st(Xb *xb, const char *arg)
{
    char *end;
    double s = strtod(arg, &end);
    if (end == arg || s <= 0 || s > 1e6)
        fprintf(xb->out, "Error (bad time): st %s\n", arg);
    else
        xb->st_ms = (int)(s * 1000);
}

/* level MPS BASE INC, BASE in minutes or minutes:seconds, INC in seconds. */
static void cmd_level(Xb *xb, const char *arg)
{
    int mps, minutes, seconds = 0, used = 0;
    double inc;
    char base[32];
    if (sscanf(arg, "%d %31s %lf", &mps, base, &inc) != 3 || mps < 0 || inc < 0
        || (sscanf(base, "%d:%d%n", &minutes, &seconds, &used) < 1)) {
        fprintf(xb->out, "Error (bad time control): level %s\n", arg);
        return;
    }
    double base_min = strchr(base, ':') ? minutes : strtod(base, NULL);
    xb->mps = mps;
    xb->base_ms = (int)(base_min * 60000) + seconds * 1000;
    xb->inc_ms = (int)(inc * 1000);
    xb->st_ms = 0;
}

static void cmd_time(Xb *xb, const char *arg)
{
    int cs;
    if (parse_int(arg, &cs))
        xb->my_ms = cs * 10;
    else
        fprintf(xb->out, "Error (bad time): time %s\n", arg);
}

static void cmd_otim(Xb *xb, const char *arg)
{
    int cs;
    if (parse_int(arg, &cs))
        xb->opp_ms = cs * 10;
    else
        fprintf(xb->out, "Error (bad time): otim %s\n", arg);
}

static void cmd_ping(Xb *xb, const char *arg)
{
    fprintf(xb->out, "pong %s\n", arg);
}

static void cmd_result(Xb *xb, const char *arg)
{
    (void)arg;
    stop_thinking(xb);
    xb->engine_side = NO_SIDE;
}

static void cmd_post(Xb *xb, const char *arg)
{
    (void)arg;
    xb->post = true;
}

static void cmd_nopost(Xb *xb, const char *arg)
{
    (void)arg;
    xb->post = false;
}

static void cmd_movenow(Xb *xb, const char *arg)
{
    (void)arg;
    if (xb->thinking)
        Engine_stop(xb->engine);
}

/* The opponent offers a draw: "offer draw" accepts it, silence declines.
 * The judgement runs beside any search in progress, which goes on. */
static void cmd_draw(Xb *xb, const char *arg)
{
    (void)arg;
    if (xb->engine_side == NO_SIDE || Game_over(&xb->game))
        return;
    if (Engine_acceptsDraw(xb->engine, &xb->game.pos, xb->engine_side, xb->level, xb->seed))
        fprintf(xb->out, "offer draw\n");
}

/* Two additions for scripts (tools/match.py), harmless to a GUI because
 * XBoard shows lines starting with '#' only in its debug log. */
static void cmd_fen(Xb *xb, const char *arg)
{
    (void)arg;
    char fen[FEN_MAX];
    Fen_write(&xb->game.pos, fen, sizeof fen);
    fprintf(xb->out, "# fen %s\n", fen);
}

static void cmd_legalmoves(Xb *xb, const char *arg)
{
    (void)arg;
    MoveList *list = malloc(sizeof *list);
    if (!list) {
        fprintf(xb->out, "Error (out of memory): legalmoves\n");
        return;
    }
    Movegen_legal(&xb->game.pos, list);
    fprintf(xb->out, "# legalmoves");
    char text[MOVE_TEXT_MAX + 8];
    for (int i = 0; i < list->count && !Game_over(&xb->game); i++) {
        move_text(xb, &xb->game.pos, list->moves[i], text, sizeof text);
        fprintf(xb->out, " %s", text);
    }
    fprintf(xb->out, "\n");
    free(list);
}

/* option NAME=VALUE; the only option is the playing level. */
static void cmd_option(Xb *xb, const char *arg)
{
    int level;
    if (strncmp(arg, "Level=", 6) == 0 && parse_int(arg + 6, &level)
        && level >= ENGINE_LEVEL_MIN && level <= ENGINE_LEVEL_MAX)
        xb->level = level;
    else
        fprintf(xb->out, "Error (unknown option or bad value, Level is %d..%d): option %s\n",
                ENGINE_LEVEL_MIN, ENGINE_LEVEL_MAX, arg);
}

static void cmd_ignore(Xb *xb, const char *arg)
{
    (void)xb;
    (void)arg;
}

typedef struct {
    const char *name;
    void (*run)(Xb *xb, const char *arg);
} Command;

static const Command commands[] = {
    {"protover", cmd_protover}, {"new", cmd_new}, {"variant", cmd_variant},
    {"setboard", cmd_setboard}, {"usermove", cmd_usermove}, {"go", cmd_go},
    {"playother", cmd_playother}, {"force", cmd_force}, {"undo", cmd_undo},
    {"remove", cmd_remove}, {"sd", cmd_sd}, {"st", cmd_st}, {"level", cmd_level},
    {"time", cmd_time}, {"otim", cmd_otim}, {"ping", cmd_ping}, {"result", cmd_result},
    {"option", cmd_option}, {"fen", cmd_fen}, {"legalmoves", cmd_legalmoves}, {"post", cmd_post}, {"nopost", cmd_nopost}, {"?", cmd_movenow},
    {"xboard", cmd_ignore}, {"accepted", cmd_ignore}, {"rejected", cmd_ignore},
    {"random", cmd_ignore}, {"computer", cmd_ignore}, {"easy", cmd_ignore},
    {"hard", cmd_ignore}, {"name", cmd_ignore}, {"rating", cmd_ignore},
    {"ics", cmd_ignore}, {"draw", cmd_draw}, {"hint", cmd_ignore},
    {"bk", cmd_ignore}, {"white", cmd_ignore}, {"black", cmd_ignore},
    {".", cmd_ignore}, {"exit", cmd_ignore}, {"cores", cmd_ignore},
    {"memory", cmd_ignore},
};

/* Runs one command line; false on quit. */
static bool handle(Xb *xb, char *line)
{
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
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(line, commands[i].name)) {
            commands[i].run(xb, arg);
            return true;
        }
    /* A bare move is also accepted, as XBoard sends without usermove=1. */
    char text[64];
    Move m;
    char err[ERROR_MAX];
    parse_text(xb, line, text, sizeof text);
    if (!*arg && isalpha((unsigned char)line[0]) && isdigit((unsigned char)line[1])
        && Notation_parse(&xb->game.pos, text, &m, err, sizeof err)) {
        cmd_usermove(xb, line);
        return true;
    }
    fprintf(xb->out, "Error (unknown command): %s\n", line);
    return true;
}

static bool xb_init(Xb *xb, FILE *out)
{
    memset(xb, 0, sizeof *xb);
    xb->out = out;
    xb->v = Variant_get(VARIANT_PEMBA);
    xb->engine_side = BLACK;
    xb->post = false;
    xb->level = ENGINE_LEVEL_MAX;
    xb->seed = (uint64_t)time(NULL);
    xb->engine = Engine_new(ENGINE_DEFAULT_TT_MB);
    if (!xb->engine)
        return false;
    Position pos;
    Position_start(&pos, xb->v);
    return Game_init(&xb->game, &pos);
}

static void loop(Xb *xb, LineReader *reader)
{
    for (;;) {
        bool eof = false;
        char *line = LineReader_next(reader, xb->thinking ? POLL_MS : -1, &eof);
        if (xb->thinking)
            poll_engine(xb);
        if (!line && eof) {
            while (xb->thinking) {  /* let a move in progress arrive first */
                struct timespec nap = {0, POLL_MS * 1000000L};
                nanosleep(&nap, NULL);
                poll_engine(xb);
            }
            return;
        }
        bool go_on = !line || handle(xb, line);
        free(line);
        fflush(xb->out);
        if (!go_on)
            return;
    }
}

int Xboard_run(FILE *in, FILE *out)
{
    Xb xb;
    if (!xb_init(&xb, out)) {
        fprintf(stderr, "zanzibar: not enough memory for the engine\n");
        Engine_free(xb.engine);
        return 1;
    }
    setvbuf(out, NULL, _IOLBF, 0);
    LineReader *reader = LineReader_start(in, "quit");
    if (!reader) {
        fprintf(stderr, "zanzibar: cannot start the input thread\n");
        Game_free(&xb.game);
        Engine_free(xb.engine);
        return 1;
    }
    fprintf(out, "\n");
    loop(&xb, reader);
    stop_thinking(&xb);
    fflush(out);
    LineReader_free(reader);
    Game_free(&xb.game);
    Engine_free(xb.engine);
    return 0;
}
