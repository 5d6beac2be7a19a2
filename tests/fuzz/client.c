/* Fuzz target: the client's side of the protocol, into a Match. The first
 * byte chooses the seat the host gave this screen (White's player, Black's,
 * or a spectator); each following line comes from the host through a real
 * socket, until its first snapshot is whole, which the Match is built
 * from; then each line is a live message the Match takes in. A line that
 * starts with '@' is this player's own action instead (@move N plays the
 * N-th legal move, @text SAN, @resign, @draw, @answer y|n, @say TEXT,
 * @claim, @abort, @arrange N), sent back to the host. After every step the replica's game is
 * its start replayed, the seats say who plays here, and what the player is
 * told holds no control character. */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "match/match.h"

typedef struct {
    Match *match;
    MatchJoined joined; /* until the Match takes it over */
    int host;           /* the host's end of the socket */
} Client;

static const NetLimits CLIENT_LIMITS = {
    .burst = INT_MAX, .per_second = INT_MAX, .out_max = 64 * 1024};

/* The saved-games and state folders point into the scratch folder, and
 * the games a run keeps are removed after each input. */
static const char *Client_savedGames(void)
{
    static char data[200];
    if (!data[0]) {
        snprintf(data, sizeof data, "%s/data", Fuzz_folder());
        setenv("XDG_DATA_HOME", data, 1);
        strcat(data, "/zanzibar");
    }
    return data;
}

static void Client_forgetSaved(void)
{
    DIR *d = opendir(Client_savedGames());
    if (d == NULL)
        return;
    struct dirent *e;
    char path[512];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", Client_savedGames(), e->d_name);
        unlink(path);
    }
    closedir(d);
}

/* What the client sends the host is read and dropped. */
static void Client_drain(Client *c)
{
    char buf[4096];
    while (recv(c->host, buf, sizeof buf, MSG_DONTWAIT) > 0)
        ;
}

static void Client_fromHost(Client *c, const char *line)
{
    size_t len = strlen(line);
    char *text = malloc(len + 2);
    if (!text)
        Fuzz_fail("out of memory");
    memcpy(text, line, len);
    text[len] = '\n';
    size_t done = 0;
    while (done < len + 1) {
        ssize_t n = send(c->host, text + done, len + 1 - done, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n <= 0)
            break; /* the client closed, or its buffer is full: it reads the rest */
        done += (size_t)n;
    }
    free(text);
}

static void Client_check(const Client *c, const char *where)
{
    const GameSession *s = Match_session(c->match);
    Fuzz_checkGame(Session_game(s), where);
    for (const char *p = Session_notice(s, NULL); *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            Fuzz_fail("after '%s' the player is told a control character (0x%02x): %s", where,
                      (unsigned char)*p, Session_notice(s, NULL));
    int me = Match_localSide(c->match);
    if (me < -1 || me > 1)
        Fuzz_fail("after '%s' the side played here is %d", where, me);
    for (int side = WHITE; side <= BLACK; side++)
        if (Session_seat(s, side) != (side == me ? SEAT_HUMAN : SEAT_REMOTE))
            Fuzz_fail("after '%s' %s's seat is %d with side %d played here", where,
                      side == WHITE ? "White" : "Black", (int)Session_seat(s, side), me);
}

static void Client_act(Client *c, const char *line)
{
    Match *m = c->match;
    char why[200];
    int n;
    for (const char *p = line; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return; /* the line editor hands over no control character */
    if (sscanf(line, "@move %d", &n) == 1) {
        const MoveList *legal = Session_legal(Match_session(m));
        if (Match_mayMove(m, why, sizeof why) && legal->count > 0)
            Match_move(m, legal->moves[(unsigned)n % (unsigned)legal->count]);
    } else if (strncmp(line, "@text ", 6) == 0) {
        if (Match_mayMove(m, why, sizeof why))
            Match_moveText(m, line + 6);
    } else if (strcmp(line, "@resign") == 0) {
        Match_resign(m);
    } else if (strcmp(line, "@draw") == 0) {
        Match_request(m, REQUEST_DRAW);
    } else if (strncmp(line, "@answer", 7) == 0) {
        Match_answer(m, strchr(line, 'y') != NULL);
    } else if (strncmp(line, "@say ", 5) == 0) {
        Match_say(m, line + 5);
    } else if (strcmp(line, "@claim") == 0) {
        Match_claim(m);
    } else if (strcmp(line, "@abort") == 0) {
        Match_abort(m);
    } else if (sscanf(line, "@arrange %d", &n) == 1) {
        Match_arrangeDue(m);
        Match_arrange(m, n);
    }
}

/* The next line of the input (cut at its newline), or NULL at the end. */
static char *Client_nextLine(char **cursor)
{
    char *line = *cursor;
    if (line == NULL)
        return NULL;
    char *end = strchr(line, '\n');
    if (end) {
        *end = '\0';
        *cursor = end + 1;
    } else {
        *cursor = NULL;
    }
    return line;
}

/* The first snapshot, read as --join does once the welcome has come: true
 * when it is whole. */
static bool Client_firstSnapshot(Client *c, char **cursor)
{
    NetMsg *msg = malloc(sizeof *msg);
    if (!msg)
        Fuzz_fail("out of memory");
    char err[NET_TEXT_MAX];
    bool whole = false;
    char *line;
    while (!whole && (line = Client_nextLine(cursor)) != NULL) {
        Client_fromHost(c, line);
        NetClientEvent ev;
        while (!whole
               && (ev = NetClient_next(&c->joined.client, msg, err, sizeof err))
                   == NET_CLIENT_MESSAGE)
            whole = msg->type == NET_MSG_READY;
        if (!whole && ev == NET_CLIENT_ENDED)
            break;
    }
    free(msg);
    return whole;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const NetSide sides[] = {NET_SIDE_WHITE, NET_SIDE_BLACK, NET_SIDE_NONE};
    static const NetRole roles[] = {NET_ROLE_INVITER, NET_ROLE_GUEST, NET_ROLE_SPECTATOR};
    int fds[2];
    if (size < 1 || Client_savedGames()[0] == '\0' || socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
        return 0;
    Client *c = calloc(1, sizeof *c);
    if (!c)
        Fuzz_fail("out of memory");
    c->host = fds[1];
    NetClient *client = &c->joined.client;
    NetSnapshot_init(&client->snap);
    NetConn_init(&client->conn, fds[0], &CLIENT_LIMITS, Net_nowMs());
    client->side = sides[data[0] % 3];
    client->role = roles[data[0] % 3];
    snprintf(c->joined.other, sizeof c->joined.other, "bob");
    c->match = Match_new();
    char *text = Fuzz_text(data + 1, size - 1), *cursor = text, *line;
    char err[ERROR_MAX] = "";
    if (!Client_firstSnapshot(c, &cursor)) {
        NetClient_close(client);
    } else if (!Match_attach(c->match, &c->joined, err, sizeof err)) {
        if (!err[0])
            Fuzz_fail("a snapshot was refused without a message");
    } else {
        Client_check(c, "the first snapshot");
        while ((line = Client_nextLine(&cursor)) != NULL) {
            if (line[0] == '\0')
                continue;
            if (line[0] == '@')
                Client_act(c, line);
            else
                Client_fromHost(c, line);
            Match_tick(c->match, Session_nowMs());
            Client_drain(c);
            Client_check(c, line);
        }
        Match_end(c->match);
    }
    close(c->host);
    free(text);
    Match_free(c->match);
    free(c);
    Client_forgetSaved();
    return 0;
}
