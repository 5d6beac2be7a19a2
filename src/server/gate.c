/* The gate's identity and sign-up: whose key this is (from sshd only), a
 * name for a key seen first, and the player's own folders and a clean
 * environment before the menu opens. */
#include "server/gate.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server/sshd.h"

#define GATE_AUTH_MAX 16384
#define GATE_ERR_MAX 512

/* The server's folder: always below the account's home as the password
 * database says it, whatever the environment claims. */
static bool Gate_findAccount(Gate *g, char *err, size_t len)
{
    struct passwd *pw = getpwuid(getuid());
    if (pw == NULL || pw->pw_uid == 0) {
        snprintf(err, len, "the gate runs only as the server's own account, never as root");
        return false;
    }
    snprintf(g->account, sizeof g->account, "%s", pw->pw_name);
    int n = snprintf(g->dir, sizeof g->dir, "%s/" GATE_DATA_FOLDER, pw->pw_dir);
    if (n < 0 || (size_t)n >= sizeof g->dir) {
        snprintf(err, len, "the account's home folder has too long a name");
        return false;
    }
    return Paths_makeDirs(g->dir, err, len);
}

/* The one "publickey TYPE BLOB" line of the file sshd wrote for this
 * session (ExposeAuthInfo). */
static bool Gate_keyFromAuthInfo(char out[SSHKEY_FINGERPRINT_MAX], char *err, size_t len)
{
    const char *path = getenv("SSH_USER_AUTH");
    if (path == NULL || path[0] != '/') {
        snprintf(err, len, "sshd did not say which key this is (ExposeAuthInfo yes is needed)");
        return false;
    }
    static char text[GATE_AUTH_MAX];
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n <= 0) {
        snprintf(err, len, "cannot read the key sshd recorded for this session");
        return false;
    }
    text[n] = '\0';
    char *save = NULL, *type = NULL, *blob = NULL;
    int keys = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *s2 = NULL;
        char *method = strtok_r(line, " ", &s2);
        if (method == NULL || strcmp(method, "publickey") != 0)
            continue;
        type = strtok_r(NULL, " ", &s2);
        blob = strtok_r(NULL, " ", &s2);
        keys++;
    }
    if (keys != 1 || type == NULL || blob == NULL) {
        snprintf(err, len, "sshd recorded %d keys for this session; the server needs one", keys);
        return false;
    }
    return SshKey_fingerprint(type, blob, out, err, len);
}

/* The key is the one sshd checked and recorded for this session; the
 * key command printed no fingerprint, and nothing on the command line
 * names one (the process list shows every argv). */
static bool Gate_findKey(Gate *g, char *err, size_t len)
{
    if (getenv("SSH_USER_AUTH") == NULL) {
        snprintf(err, len,
                 "sshd runs this for the server account; see zanzibar(6), "
                 "--server-config");
        return false;
    }
    return Gate_keyFromAuthInfo(g->fingerprint, err, len);
}

/* SSH_CONNECTION is "client-address client-port server-address port". */
static void Gate_findAddress(Gate *g)
{
    const char *c = getenv("SSH_CONNECTION");
    size_t n = c != NULL ? strcspn(c, " ") : 0;
    if (n == 0 || n >= sizeof g->address)
        snprintf(g->address, sizeof g->address, "unknown");
    else
        snprintf(g->address, sizeof g->address, "%.*s", (int)n, c);
    NetBlock_of(g->address, g->network);
}

bool Gate_split(Gate *g, const char *command, char *err, size_t len)
{
    g->argc = 0;
    if (command == NULL)
        return true;
    if (strlen(command) > GATE_COMMAND_MAX) {
        snprintf(err, len, "the command is too long");
        return false;
    }
    for (const char *p = command; *p != '\0'; p++)
        if ((unsigned char)*p < ' ' && *p != '\t') {
            snprintf(err, len, "the command holds a control character");
            return false;
        }
    snprintf(g->words, sizeof g->words, "%s", command);
    char *save = NULL;
    for (char *w = strtok_r(g->words, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        if (g->argc == GATE_MAX_WORDS) {
            snprintf(err, len, "the command has too many words");
            return false;
        }
        g->argv[g->argc++] = w;
    }
    return true;
}

static int Gate_fail(Gate *g, const char *why)
{
    fprintf(g->err, "zanzibar: %s\n", why);
    return 2;
}

/* What a new key is told before it chooses: the name's rules, and how
 * many names its network may still make today. False (the message said)
 * when it may make none. */
static bool Gate_welcome(Gate *g, int *status)
{
    int left = 0;
    if (Store_registrationsLeft(g->store, g->network, time(NULL), &left) != STORE_OK) {
        *status = Gate_fail(g, Store_error(g->store));
        return false;
    }
    if (left == 0) {
        char why[GATE_ERR_MAX];
        snprintf(why, sizeof why,
                 "this key is new here, and your network (%s) made all the new names it may "
                 "make in a day (%d); try again tomorrow, or add this key to a name you have "
                 "(link-key CODE)",
                 g->network, Gate_namesPerNetwork(getenv(GATE_NAMES_VARIABLE)));
        *status = Gate_fail(g, why);
        return false;
    }
    fprintf(g->out,
            "Welcome to zanzibar. This key is new here: choose the name you will play under\n"
            "(%d to %d of a-z 0-9 _ -, starting with a letter). To add this key to a name you\n"
            "already have, leave and connect with: link-key CODE\n"
            "Your network (%s) may make %d more new name%s today.\n",
            NAME_MIN_LEN, NAME_MAX_LEN, g->network, left, left == 1 ? "" : "s");
    return true;
}

/* A line typed within the idle limit; false at its end (said) or at the
 * end of the input. stdin is unbuffered, so that poll() sees what is
 * still to be read. */
static bool Gate_readLine(Gate *g, char *line, int size)
{
    struct pollfd in = {STDIN_FILENO, POLLIN, 0};
    setvbuf(stdin, NULL, _IONBF, 0);
    int ready;
    while ((ready = poll(&in, 1, g->idle_ms)) < 0 && errno == EINTR)
        ;
    if (ready == 0) {
        fprintf(g->out, "\nNo name was typed in %d seconds: this connection is closed.\n",
                g->idle_ms / 1000);
        return false;
    }
    return fgets(line, size, stdin) != NULL;
}

/* Asks a key seen first for a name, on its terminal. */
static int Gate_signUp(Gate *g)
{
    char line[128], name[NAME_MAX_LEN + 1], why[GATE_ERR_MAX];
    int status = 0;
    if (!Gate_welcome(g, &status))
        return status;
    fprintf(g->out, "(Without a name typed, this connection closes after %d seconds.)\n",
            g->idle_ms / 1000);
    for (int tries = 0; tries < GATE_NAME_TRIES; tries++) {
        fprintf(g->out, "Name: ");
        fflush(g->out);
        if (!Gate_readLine(g, line, sizeof line))
            return Gate_fail(g, "no name chosen");
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            return Gate_fail(g, "no name chosen");
        if (!ServerName_check(line, g->account, name, why, sizeof why)) {
            fprintf(g->out, "Refused: %s.\n", why);
            continue;
        }
        StoreStatus st = Store_register(g->store, name, g->fingerprint, g->network, time(NULL));
        if (st == STORE_OK) {
            snprintf(g->name, sizeof g->name, "%s", name);
            fprintf(g->out, "You play as %s from now on.\n", name);
            Store_seen(g->store, g->name, g->address, time(NULL));
            return 0;
        }
        if (st == STORE_TAKEN) {
            fprintf(g->out, "Refused: %s is taken; choose another.\n", name);
            continue;
        }
        if (st == STORE_LIMIT)
            return Gate_fail(g,
                             "your network made all the new names it may make in a day; "
                             "try again tomorrow");
        return Gate_fail(g, Store_error(g->store));
    }
    return Gate_fail(g, "no name chosen");
}

/* The folder of the player's name: built from the validated name only. */
static bool Gate_playerDir(const Gate *g, const char *sub, char *buf, size_t len)
{
    if (!ServerName_isWellFormed(g->name))
        return false;
    int n = snprintf(buf, len, "%s/players/%s%s%s", g->dir, g->name, sub[0] ? "/" : "", sub);
    return n > 0 && (size_t)n < len;
}

static bool Gate_isPlainWord(const char *text, size_t max)
{
    size_t n = strlen(text);
    return n > 0 && n <= max
        && strspn(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.@+-") == n;
}

/* What sshd set that the gate reads again when the menu hands a player to
 * a game (it runs itself afresh): the key's record, the address, and the
 * administrator's settings (SetEnv). */
static bool Gate_keptFromSshd(const char *entry)
{
    return strncmp(entry, "SSH_USER_AUTH=", 14) == 0 || strncmp(entry, "SSH_CONNECTION=", 15) == 0
        || strncmp(entry, GATE_SETTING_PREFIX, sizeof GATE_SETTING_PREFIX - 1) == 0;
}

extern char **environ;

#define GATE_KEPT_MAX 16
#define GATE_KEPT_LEN 256

/* Keeps the terminal type and locale only when they are plain words the
 * system knows, and what sshd set for the gate; everything else of the
 * client's environment goes. */
static void Gate_cleanEnvironment(const Gate *g, const char *home)
{
    static const char *const locale_vars[] = {"LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES"};
    char keep[4][64] = {{0}}, sshd[GATE_KEPT_MAX][GATE_KEPT_LEN];
    int nsshd = 0;
    const char *term = getenv("TERM");
    char term_kept[64] = "";
    if (term != NULL && Gate_isPlainWord(term, sizeof term_kept - 1))
        snprintf(term_kept, sizeof term_kept, "%s", term);
    for (int i = 0; i < 4; i++) {
        const char *v = getenv(locale_vars[i]);
        if (v != NULL && Gate_isPlainWord(v, sizeof keep[i] - 1))
            snprintf(keep[i], sizeof keep[i], "%s", v);
    }
    for (char **e = environ; *e != NULL && nsshd < GATE_KEPT_MAX; e++)
        if (Gate_keptFromSshd(*e) && strlen(*e) < GATE_KEPT_LEN)
            snprintf(sshd[nsshd++], GATE_KEPT_LEN, "%s", *e);
    clearenv();
    for (int i = 0; i < nsshd; i++) {
        char *eq = strchr(sshd[i], '=');
        *eq = '\0';
        setenv(sshd[i], eq + 1, 1);
    }
    setenv("PATH", "/usr/bin:/bin", 1);
    setenv("HOME", home, 1);
    setenv("USER", g->account, 1);
    setenv("LOGNAME", g->account, 1);
    setenv("TERM", term_kept[0] ? term_kept : "vt100", 1);
    for (int i = 0; i < 4; i++)
        if (keep[i][0])
            setenv(locale_vars[i], keep[i], 1);
    if (setlocale(LC_ALL, "") == NULL) { /* a locale this system lacks */
        for (int i = 0; i < 4; i++)
            unsetenv(locale_vars[i]);
        setenv("LANG", "C.UTF-8", 1);
    }
    setlocale(LC_ALL, "C");
}

/* A number the administrator sets (SetEnv in the sshd block): a whole
 * number from 1 to max, or fallback when it is unset or anything else. */
static int Gate_settingNumber(const char *setting, long max, int fallback)
{
    char *end;
    long v = setting != NULL ? strtol(setting, &end, 10) : 0;
    if (setting == NULL || end == setting || *end != '\0' || v < 1 || v > max)
        return fallback;
    return (int)v;
}

int Gate_idleSeconds(const char *setting)
{
    return Gate_settingNumber(setting, GATE_IDLE_MAX_SECONDS, GATE_IDLE_SECONDS);
}

int Gate_namesPerNetwork(const char *setting)
{
    return Gate_settingNumber(setting, STORE_REGISTRATIONS_MAX, STORE_REGISTRATIONS_PER_DAY);
}

int Gate_gamesCap(const char *setting)
{
    return Gate_settingNumber(setting, GATE_GAMES_MAX, GATE_GAMES_PER_NAME);
}

int Gate_enginesCap(const char *setting)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int machine = cpus >= 1 && cpus <= GATE_ENGINES_MAX ? (int)cpus : 1;
    return Gate_settingNumber(setting, GATE_ENGINES_MAX, machine);
}

static bool Gate_takeEngine(void *ctx, char *why, size_t len)
{
    return Registry_takeEngine(&((Gate *)ctx)->engines, why, len);
}

static void Gate_giveEngine(void *ctx)
{
    Registry_giveEngine(&((Gate *)ctx)->engines);
}

void Gate_engineSlots(Gate *g, EngineSlots *slots)
{
    *slots = (EngineSlots){Gate_takeEngine, Gate_giveEngine, g, false};
}

/* The name is in the menu while its presence is held, and in one menu
 * only (its games and settings are one folder); it goes when the process
 * does, however it ends. */
static bool Gate_beOnline(Gate *g)
{
    g->presence_fd = Registry_beOnline(g->dir, g->name);
    return g->presence_fd >= 0;
}

/* The name's own folders become the program's home and XDG folders; the
 * caller then confines typed file names to them. */
static int Gate_enterFolders(Gate *g)
{
    static const char *const kinds[][2] = {
        {"XDG_CONFIG_HOME", "config"}, {"XDG_DATA_HOME", "data"}, {"XDG_STATE_HOME", "state"}};
    char home[PATHS_MAX], sub[PATHS_MAX], err[GATE_ERR_MAX];
    if (!Gate_playerDir(g, "", home, sizeof home) || !Paths_makeDirs(home, err, sizeof err)
        || chdir(home) != 0)
        return Gate_fail(g, "cannot prepare your folder on the server");
    Gate_cleanEnvironment(g, home);
    for (int i = 0; i < 3; i++) {
        if (!Gate_playerDir(g, kinds[i][1], sub, sizeof sub))
            return Gate_fail(g, "cannot prepare your folder on the server");
        setenv(kinds[i][0], sub, 1);
    }
    return 0;
}

static int Gate_enterMenu(Gate *g)
{
    int status = Gate_enterFolders(g);
    if (status != 0)
        return status;
    Paths_confineTyped();
    if (!Gate_beOnline(g)) {
        fprintf(g->err,
                "zanzibar: %s is already in the menu on another connection (one that dropped "
                "ends within %d seconds)\n",
                g->name, SSHD_ALIVE_INTERVAL * SSHD_ALIVE_COUNT);
        return 2;
    }
    return 0;
}

static bool Gate_start(Gate *g, char *err, size_t len)
{
    if (!Gate_findAccount(g, err, len) || !Gate_findKey(g, err, len)
        || !Gate_split(g, getenv("SSH_ORIGINAL_COMMAND"), err, len))
        return false;
    Gate_findAddress(g);
    g->idle_ms = Gate_idleSeconds(getenv(GATE_IDLE_VARIABLE)) * 1000;
    g->games_cap = Gate_gamesCap(getenv(GATE_GAMES_VARIABLE));
    g->engines = (RegistryEngines){g->dir, Gate_enginesCap(getenv(GATE_ENGINES_VARIABLE)), -1, 0};
    char path[PATHS_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", g->dir, STORE_FILE_NAME);
    g->store = Store_open(path, err, len);
    if (g->store == NULL)
        return false;
    Store_setRegistrationsPerDay(g->store, Gate_namesPerNetwork(getenv(GATE_NAMES_VARIABLE)));
    StoreStatus st = Store_nameOfKey(g->store, g->fingerprint, g->name, sizeof g->name);
    bool banned = false;
    if (st == STORE_OK)
        st = Store_isBanned(g->store, g->name, &banned);
    if (st == STORE_OK && banned) {
        snprintf(err, len, "the name %s is banned from this server", g->name);
        return false;
    }
    if (st == STORE_OK)
        st = Store_seen(g->store, g->name, g->address, time(NULL));
    if (st == STORE_FAILED) {
        snprintf(err, len, "%s", Store_error(g->store));
        return false;
    }
    return true;
}

/* A verb that opens a board, in a terminal: a key new here chooses its
 * name first. */
static GateNext Gate_board(Gate *g, MatchJoined *board, int *status)
{
    if (g->name[0] == '\0' && (*status = Gate_signUp(g)) != 0)
        return GATE_DONE;
    if ((*status = Gate_enterFolders(g)) != 0 || (*status = Gate_play(g, board)) != 0)
        return GATE_DONE;
    Paths_confineTyped(); /* after the game's host read its adjourned game */
    Store_close(g->store);
    g->store = NULL;
    return GATE_BOARD;
}

GateNext Gate_run(Gate *g, MatchJoined *board, int *status)
{
    char err[GATE_ERR_MAX];
    g->presence_fd = -1;
    g->tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    if (!Gate_start(g, err, sizeof err)) {
        *status = Gate_fail(g, err);
        return GATE_DONE;
    }
    if (g->argc > 0 && g->tty && Gate_isBoardVerb(g->argv[0]))
        return Gate_board(g, board, status);
    if (g->argc > 0) {
        *status = Gate_verb(g);
        return GATE_DONE;
    }
    if (!g->tty) {
        *status = Gate_fail(g,
                            "no command given and no terminal: use ssh -t for the menu, "
                            "or give a command (help lists them)");
        return GATE_DONE;
    }
    if (g->name[0] == '\0' && (*status = Gate_signUp(g)) != 0)
        return GATE_DONE;
    *status = Gate_enterMenu(g);
    Store_close(g->store); /* the menu keeps nothing in it (yet) */
    g->store = NULL;
    return *status == 0 ? GATE_MENU : GATE_DONE;
}

void Gate_close(Gate *g)
{
    Store_close(g->store);
    g->store = NULL;
    if (g->presence_fd >= 0)
        close(g->presence_fd);
    g->presence_fd = -1;
    while (g->engines.holds > 0)
        Registry_giveEngine(&g->engines);
}
