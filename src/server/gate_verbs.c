/* The verbs given after the host: public lists (who is online, ratings,
 * finished games and their PGN), link codes for a second key, and help.
 * Anything a player typed is shown back only cleaned. */
#include "server/gate.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/variant.h"
#include "server/registry.h"

#define GATE_GAMES_SHOWN 50
#define GATE_SHOWN_MAX 40
#define GATE_LIST_WAITING 64 /* lines of the Join line looked at */

typedef struct {
    const char *verb;
    const char *args;
    const char *what;
    bool board;
} GateVerb;

static const GateVerb GATE_VERBS[] = {
    {"help", "", "this list", false},
    {"list", "", "who is online, the seeks and invitations for you, your own games", false},
    {"ratings", "[GAME]", "the ratings, best first, of one game or each", false},
    {"games", "[NAME]", "finished games, newest first, with their numbers", false},
    {"pgn", "NUMBER", "a finished game as PGN (ssh ... pgn 42 > game.pgn)", false},
    {"link-key", "[CODE]", "a code for a new key; with CODE, from the new key: join the name",
     false},
    {"invite", "NAME", "a game against NAME; again after a dropped link: back to it", true},
    {"seek", "", "an open challenge: the first to join you plays you", true},
    {"join", "NAME", "NAME's invitation, or your game with NAME (also adjourned)", true},
    {"watch", "NAME", "watch NAME's game", true},
};
#define GATE_NVERBS ((int)(sizeof GATE_VERBS / sizeof GATE_VERBS[0]))

/* A word from the player, shown back: printable ASCII only, cut short. */
static void Gate_shown(const char *word, char out[GATE_SHOWN_MAX + 4])
{
    size_t i = 0;
    for (; word[i] != '\0' && i < GATE_SHOWN_MAX; i++)
        out[i] = word[i] > ' ' && word[i] < 0x7f ? word[i] : '?';
    snprintf(out + i, 4, "%s", word[i] != '\0' ? "..." : "");
}

static int Gate_refuse(Gate *g, const char *fmt, const char *word)
{
    char shown[GATE_SHOWN_MAX + 4];
    Gate_shown(word, shown);
    fprintf(g->err, "zanzibar: ");
    fprintf(g->err, fmt, shown);
    fprintf(g->err, "\n");
    return 2;
}

static int Gate_storeFailed(Gate *g)
{
    fprintf(g->err, "zanzibar: %s\n", Store_error(g->store));
    return 1;
}

static int Gate_help(Gate *g)
{
    fprintf(g->out, "zanzibar on %s: ssh -t %s@HOST opens the menu; or give one of these:\n",
            g->account, g->account);
    for (int i = 0; i < GATE_NVERBS; i++)
        fprintf(g->out, "  %-9s %-7s %s\n", GATE_VERBS[i].verb, GATE_VERBS[i].args,
                GATE_VERBS[i].what);
    fprintf(g->out,
            "invite, seek, join and watch open a board: use ssh -t. The options of invite and\n"
            "seek: --variant GAME, --time MINUTES+SECONDS, --setup N|random|black, --as-black,\n"
            "--private, --casual (not rated), --new (an adjourned game with NAME is set\n"
            "aside). The menu (ssh -t, no command) lists the same on its Join line.\n");
    if (g->name[0] != '\0')
        fprintf(g->out, "This key plays as %s.\n", g->name);
    else
        fprintf(g->out, "This key has no name yet: ssh -t %s@HOST chooses one.\n", g->account);
    return 0;
}

/* The seeks and the invitations for this name, and its own games, as the
 * menu's Join line shows them, with the command that takes each instead
 * of the key. A finished game its host could not keep is kept now, as
 * the menu keeps it. */
static void Gate_listWaiting(Gate *g)
{
    NetMenuLine lines[GATE_LIST_WAITING];
    int n = Gate_lobby(g, lines, GATE_LIST_WAITING);
    for (int i = 0; i < n; i++) {
        if (!lines[i].invitation && !lines[i].own)
            continue;
        char *key = strstr(lines[i].line, ": Enter");
        if (key != NULL)
            *key = '\0';
        fprintf(g->out, "%s: %s%s%s\n", lines[i].line, lines[i].verb,
                lines[i].name[0] != '\0' ? " " : "", lines[i].name);
    }
}

typedef struct {
    Gate *g;
    const GateOnBoard *board;
    int playing, count;
} GateOnline;

static bool Gate_printInMenu(void *ctx, const char *name)
{
    GateOnline *o = ctx;
    if (!Gate_isOnBoard(o->board, o->playing, name))
        fprintf(o->g->out, "%s%s", o->count++ == 0 ? "Online: " : ", ", name);
    return true;
}

void Gate_printOnline(Gate *g)
{
    GateOnBoard board[GATE_ON_BOARD_MAX];
    GateOnline o = {g, board, Gate_onBoard(g, board, GATE_ON_BOARD_MAX), 0};
    Registry_eachOnline(g->dir, Gate_printInMenu, &o);
    for (int i = 0; i < o.playing; i++)
        fprintf(g->out, "%s%s (playing %s)", o.count++ == 0 ? "Online: " : ", ", board[i].name,
                board[i].opponent);
    fprintf(g->out, o.count == 0 ? "Nobody is online now.\n" : "\n");
}

static int Gate_list(Gate *g)
{
    Gate_printOnline(g);
    Gate_listWaiting(g);
    return 0;
}

typedef struct {
    Gate *g;
    int rank;
    const Variant *v;
} GateRatingsCtx;

static void Gate_printRating(const StoreRating *r, void *ctx)
{
    GateRatingsCtx *c = ctx;
    char text[GLICKO_TEXT_MAX];
    if (c->rank == 0)
        fprintf(c->g->out, "%s:\n", c->v->title);
    Glicko_format(r->rating, text, sizeof text);
    fprintf(c->g->out, "  %3d. %-16s %6s  %d game%s\n", ++c->rank, r->name, text, r->games,
            r->games == 1 ? "" : "s");
}

static int Gate_ratings(Gate *g)
{
    const Variant *only = NULL;
    if (g->argc > 2)
        return Gate_refuse(g, "ratings takes at most one game's name, not %s", g->argv[2]);
    if (g->argc == 2 && (only = Variant_byName(g->argv[1])) == NULL)
        return Gate_refuse(g,
                           "ratings: no game named %s; the games are zanzibar-s, zanzibar-xl, "
                           "zanzibar-xxl, pemba and arabian-nights",
                           g->argv[1]);
    int shown = 0;
    for (int id = 0; id < VARIANT_COUNT; id++) {
        GateRatingsCtx c = {g, 0, Variant_get((VariantId)id)};
        if (only != NULL && c.v != only)
            continue;
        if (Store_eachRating(g->store, c.v->name, Gate_printRating, &c) != STORE_OK)
            return Gate_storeFailed(g);
        shown += c.rank;
    }
    if (shown == 0)
        fprintf(g->out, "No rated games yet.\n");
    return 0;
}

typedef struct {
    Gate *g;
    int shown;
} GateGamesCtx;

static void Gate_printGame(const StoreGame *game, void *ctx)
{
    GateGamesCtx *c = ctx;
    char date[16];
    struct tm tm;
    time_t t = game->ended;
    if (gmtime_r(&t, &tm) == NULL || strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
        snprintf(date, sizeof date, "?");
    fprintf(c->g->out, "%6lld  %s  %-14s %s - %s  %s%s\n", (long long)game->id, date, game->variant,
            game->white, game->black, game->result, game->rated ? "" : "  casual");
    c->shown++;
}

static int Gate_games(Gate *g)
{
    char exact[STORE_NAME_MAX];
    const char *name = g->argc == 2 ? g->argv[1] : NULL;
    if (g->argc > 2)
        return Gate_refuse(g, "games takes at most one name, not %s", g->argv[2]);
    if (name != NULL && !ServerName_isWellFormed(name))
        return Gate_refuse(g, "games: %s is not a player's name", name);
    StoreStatus st = name != NULL ? Store_findName(g->store, name, exact, sizeof exact) : STORE_OK;
    if (st == STORE_NOT_FOUND)
        return Gate_refuse(g, "games: there is no player named %s here", name);
    GateGamesCtx c = {g, 0};
    if (st != STORE_OK
        || Store_eachGame(g->store, name, GATE_GAMES_SHOWN, Gate_printGame, &c) != STORE_OK)
        return Gate_storeFailed(g);
    if (c.shown == 0 && name != NULL)
        fprintf(g->out, "No finished games of %s yet.\n", exact);
    else if (c.shown == 0)
        fprintf(g->out, "No finished games yet.\n");
    return 0;
}

static int Gate_pgn(Gate *g)
{
    if (g->argc != 2)
        return Gate_refuse(g, "pgn takes a game's number (games lists them)%s", "");
    char *end;
    errno = 0;
    long long id = strtoll(g->argv[1], &end, 10);
    if (errno != 0 || *end != '\0' || id <= 0 || g->argv[1][0] == '+')
        return Gate_refuse(g, "pgn: %s is not a game's number", g->argv[1]);
    char *pgn;
    StoreStatus st = Store_gamePgn(g->store, id, &pgn);
    if (st == STORE_NOT_FOUND)
        return Gate_refuse(g, "pgn: there is no game number %s", g->argv[1]);
    if (st != STORE_OK)
        return Gate_storeFailed(g);
    fputs(pgn, g->out);
    free(pgn);
    return 0;
}

static int Gate_linkKey(Gate *g)
{
    char code[STORE_LINK_CODE_LEN + 1], name[STORE_NAME_MAX];
    if (g->argc > 2)
        return Gate_refuse(g, "link-key takes at most a code, not %s", g->argv[2]);
    if (g->argc == 1) {
        if (g->name[0] == '\0')
            return Gate_refuse(g, "this key has no name yet to link another key to%s", "");
        if (Store_linkCodeNew(g->store, g->name, time(NULL), code) != STORE_OK)
            return Gate_storeFailed(g);
        fprintf(g->out,
                "%s\nFrom the new key, within %d minutes: ssh %s@HOST link-key %s\n"
                "It then plays as %s. The code works once.\n",
                code, STORE_LINK_SECONDS / 60, g->account, code, g->name);
        return 0;
    }
    if (g->name[0] != '\0')
        return Gate_refuse(g, "this key already plays as %s", g->name);
    StoreStatus st =
        Store_linkCodeUse(g->store, g->argv[1], g->fingerprint, time(NULL), name, sizeof name);
    if (st == STORE_NOT_FOUND)
        return Gate_refuse(g, "link-key: %s is not a code, or it was used or has expired",
                           g->argv[1]);
    if (st != STORE_OK)
        return Gate_storeFailed(g);
    fprintf(g->out, "This key now plays as %s.\n", name);
    return 0;
}

bool Gate_isBoardVerb(const char *verb)
{
    for (int i = 0; i < GATE_NVERBS; i++)
        if (strcmp(verb, GATE_VERBS[i].verb) == 0)
            return GATE_VERBS[i].board;
    return false;
}

static int Gate_boardVerb(Gate *g)
{
    return Gate_refuse(g, "%s needs a board: use ssh -t", g->argv[0]);
}

int Gate_verb(Gate *g)
{
    static const struct {
        const char *verb;
        int (*run)(Gate *g);
    } RUN[] = {{"help", Gate_help},   {"list", Gate_list}, {"ratings", Gate_ratings},
               {"games", Gate_games}, {"pgn", Gate_pgn},   {"link-key", Gate_linkKey}};
    for (size_t i = 0; i < sizeof RUN / sizeof RUN[0]; i++)
        if (strcmp(g->argv[0], RUN[i].verb) == 0)
            return RUN[i].run(g);
    if (Gate_isBoardVerb(g->argv[0]))
        return Gate_boardVerb(g);
    return Gate_refuse(g,
                       "unknown command %s; the commands are help, list, ratings, games, pgn, "
                       "link-key, invite, seek, join and watch",
                       g->argv[0]);
}
