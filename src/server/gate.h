/* The gate: what sshd runs for every connection to the server account.
 * It learns the key from sshd (the key sshd wrote to SSH_USER_AUTH), maps
 * it to a name, and either answers a verb (SSH_ORIGINAL_COMMAND, split into
 * words, never given to a shell) or prepares the menu for that name. */
#ifndef ZANZIBAR_SERVER_GATE_H
#define ZANZIBAR_SERVER_GATE_H

#include <stdbool.h>
#include <stdio.h>

#include "match/match.h"
#include "net/place.h"
#include "record/paths.h"
#include "server/names.h"
#include "server/registry.h"
#include "server/netblock.h"
#include "server/sshkey.h"
#include "server/store.h"
#include "ui/netmenu.h"

/* Every setting of the administrator's (sshd's SetEnv) starts so. */
#define GATE_SETTING_PREFIX "ZANZIBAR_SERVER_"
/* A session on the server (the sign-up prompt, the menu, a board) that
 * sees no key and no move this long ends, unless the administrator says
 * otherwise with sshd's SetEnv (seconds, 1 to a day). */
#define GATE_IDLE_SECONDS (30 * 60)
#define GATE_IDLE_VARIABLE "ZANZIBAR_SERVER_IDLE_SECONDS"
#define GATE_IDLE_MAX_SECONDS (24 * 60 * 60)
/* The most games one name may play at once, unless the administrator
 * says otherwise with sshd's SetEnv (1 to GATE_GAMES_MAX). */
#define GATE_GAMES_PER_NAME 4
#define GATE_GAMES_VARIABLE "ZANZIBAR_SERVER_GAMES_PER_NAME"
#define GATE_GAMES_MAX 100
/* How many processes search at once on the whole server (games against
 * the engine, hints, analysis, reviews): the machine's processors, unless
 * the administrator says otherwise with sshd's SetEnv (1 to
 * GATE_ENGINES_MAX). */
#define GATE_ENGINES_VARIABLE "ZANZIBAR_SERVER_ENGINES"
#define GATE_ENGINES_MAX 256
/* How many new names one network (an IPv4 /24, an IPv6 /64) may make in
 * a day, unless the administrator says otherwise with sshd's SetEnv (1 to
 * STORE_REGISTRATIONS_MAX). */
#define GATE_NAMES_VARIABLE "ZANZIBAR_SERVER_NAMES_PER_NETWORK"
/* The most words and characters a command given after the host may have. */
#define GATE_MAX_WORDS 8
#define GATE_COMMAND_MAX 512
/* How many names a key new here may try before the gate gives up. */
#define GATE_NAME_TRIES 5
#define GATE_ACCOUNT_MAX 64
/* The server's data folder, below the account's home. */
#define GATE_DATA_FOLDER ".local/share/zanzibar/server"
#define GATE_ADDRESS_MAX 64

typedef struct {
    char account[GATE_ACCOUNT_MAX];
    char dir[PATHS_MAX]; /* the server's data folder (0700) */
    char fingerprint[SSHKEY_FINGERPRINT_MAX];
    char name[NAME_MAX_LEN + 1]; /* "" while the key has no name */
    char address[GATE_ADDRESS_MAX];
    char network[NETBLOCK_MAX]; /* the address's, as new names are counted */
    bool tty;
    Store *store;
    int argc;
    char *argv[GATE_MAX_WORDS];
    char words[GATE_COMMAND_MAX + 1];
    int presence_fd;         /* held while the name is online, -1 otherwise */
    int idle_ms;             /* how long a session may sit without a key or a move */
    bool rated;              /* the game a board verb starts (not --casual) */
    int games_cap;           /* games at once per name */
    RegistryEngines engines; /* searches at once, server-wide */
    FILE *out, *err;
} Gate;

/* What the gate asks of main when it returns. */
typedef enum { GATE_DONE, GATE_MENU, GATE_BOARD } GateNext;

/* --server-gate: *status is the exit status when it returns
 * GATE_DONE; GATE_MENU means the environment, working folder and paths
 * now belong to the player's name and the menu should run; GATE_BOARD the
 * same, with board joined to a game between names (invite, join, watch). */
GateNext Gate_run(Gate *g, MatchJoined *board, int *status);
/* The idle limit the administrator set (sshd's SetEnv), or the default. */
int Gate_idleSeconds(const char *setting);
/* The new names a network may make in a day the administrator set, or
 * the default. */
int Gate_namesPerNetwork(const char *setting);
/* The cap on games at once per name the administrator set, or the
 * default. */
int Gate_gamesCap(const char *setting);
/* The cap on games against the engine the administrator set, or the
 * machine's processors. */
int Gate_enginesCap(const char *setting);
/* The EngineSlots of a session on the server: every search takes one of
 * the server's engines (registry.h), and nobody gets one on a game
 * between names in play. */
void Gate_engineSlots(Gate *g, EngineSlots *slots);
/* Lets go of the store, the presence lock and the engine slot. */
void Gate_close(Gate *g);

/* Splits command into g's words at spaces and tabs; false (a message) on
 * a control character, too many words or too long a command. */
bool Gate_split(Gate *g, const char *command, char *err, size_t len);

/* The verbs after the host (gate_verbs.c): their exit status. */
int Gate_verb(Gate *g);
/* True when argv[0] names a verb that needs a board (and so a terminal). */
bool Gate_isBoardVerb(const char *verb);
/* The board verbs (gate_play.c): 0 with board joined to the game, or the exit
 * status after a message. */
int Gate_play(Gate *g, MatchJoined *board);
/* A player on a board now: of a running game (run/g.A.B), with a gate
 * that lives (in a menu elsewhere or not). */
#define GATE_ON_BOARD_MAX 64
typedef struct {
    char name[NAME_MAX_LEN + 1], opponent[NAME_MAX_LEN + 1];
} GateOnBoard;
/* The players on a board, at most max of them written to out. */
int Gate_onBoard(const Gate *g, GateOnBoard *out, int max);
/* True when name is among the n players on a board in b. */
bool Gate_isOnBoard(const GateOnBoard *b, int n, const char *name);
/* "Online: ..." (names in a menu, and on a board with their opponent), or
 * that nobody is, on g->out. */
void Gate_printOnline(Gate *g);
/* The menu's Join line on the server (gate_lobby.c), a NetMenuLister with
 * the Gate as ctx. */
int Gate_lobby(void *ctx, NetMenuLine *out, int max);
/* A descriptor (non-blocking) readable when the Join line may have
 * changed: a game's socket came or went, a name entered or left a menu.
 * -1 when the system cannot say. */
int Gate_lobbyWatch(const Gate *g);

#endif
