/* The protocol's grammar (see proto.h): one table gives each message its
 * keyword and its fields, and a parser and a formatter walk that table, so
 * that a field's form is written once for both directions. */
#include "net/proto.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"

/* Field letters: v version, W want, R role, S side, Z side or "-", n ply,
 * a/b White's and Black's clock, B/I base time and increment (ms), Q
 * request, Y yes/no, C connected/away, P private/public, V variant, r
 * result, E how the game ended, u a setup's number, N name, X move; the last field may take the rest of the line: F
 * a FEN, L a list of moves, K a list of clocks (ms, or "-" for none), t
 * text, T text that may be empty. */
typedef struct {
    const char *keyword;
    const char *fields;
} MsgForm;

static const MsgForm FORMS[NET_MSG_COUNT] = {
    [NET_MSG_HELLO] = {"hello", "vW"},
    [NET_MSG_WELCOME] = {"welcome", "vRZ"},
    [NET_MSG_REFUSED] = {"refused", "t"},
    [NET_MSG_SNAPSHOT] = {"snapshot", "n"},
    [NET_MSG_GAME] = {"game", "VBIP"},
    [NET_MSG_START] = {"start", "F"},
    [NET_MSG_MOVES] = {"moves", "nL"},
    [NET_MSG_SEAT] = {"seat", "SCN"},
    [NET_MSG_PENDING] = {"pending", "QS"},
    [NET_MSG_READY] = {"ready", ""},
    [NET_MSG_SYNC] = {"sync", ""},
    [NET_MSG_MOVE] = {"move", "nX"},
    [NET_MSG_REJECTED] = {"rejected", "nt"},
    [NET_MSG_CLOCK] = {"clock", "abZ"},
    [NET_MSG_OFFER] = {"offer", "Q"},
    [NET_MSG_OFFERED] = {"offered", "QS"},
    [NET_MSG_ANSWER] = {"answer", "QY"},
    [NET_MSG_ANSWERED] = {"answered", "QSY"},
    [NET_MSG_SAY] = {"say", "t"},
    [NET_MSG_SAID] = {"said", "ZNt"},
    [NET_MSG_RESIGN] = {"resign", ""},
    [NET_MSG_CLAIM] = {"claim", ""},
    [NET_MSG_RESULT] = {"result", "rET"},
    [NET_MSG_JOINED] = {"joined", "ZN"},
    [NET_MSG_LEFT] = {"left", "ZN"},
    [NET_MSG_ERROR] = {"error", "t"},
    [NET_MSG_BYE] = {"bye", "T"},
    [NET_MSG_ABORT] = {"abort", ""},
    [NET_MSG_ARRANGE] = {"arrange", "S"},
    [NET_MSG_ARRANGED] = {"arranged", "u"},
    [NET_MSG_CLOCKS] = {"clocks", "nK"},
    [NET_MSG_EARLIER] = {"earlier", "ZNt"},
    [NET_MSG_DEADLINE] = {"deadline", "DZM"},
};

static const char *const SIDES[] = {"-", "white", "black", NULL};
static const char *const WANTS[] = {"play", "watch", "info", NULL};
static const char *const ROLES[] = {"refused", "inviter", "guest", "spectator", NULL};
static const char *const REQUESTS[] = {"-", "draw", "takeback", "adjourn", "rematch", NULL};
static const char *const YESNO[] = {"no", "yes", NULL};
static const char *const DEADLINES[] = {"-", "first-move", "claim", NULL};
static const char *const PRESENCE[] = {"away", "connected", NULL};
static const char *const PRIVACY[] = {"public", "private", NULL};
static const char *const RESULTS[] = {"*", "1-0", "0-1", "1/2-1/2", NULL};
static const char *const REASONS[REASON_COUNT + 1] = {[REASON_NONE] = "adjourned",
                                                      [REASON_CHECKMATE] = "checkmate",
                                                      [REASON_STALEMATE] = "stalemate",
                                                      [REASON_REPETITION] = "repetition",
                                                      [REASON_FIFTY_MOVES] = "fifty",
                                                      [REASON_BARE_KINGS] = "bare-kings",
                                                      [REASON_BARE_SULTAN] = "bare-sultan",
                                                      [REASON_RESIGNATION] = "resignation",
                                                      [REASON_AGREEMENT] = "agreement",
                                                      [REASON_TIME] = "time",
                                                      [REASON_ABANDONED] = "abandoned",
                                                      [REASON_ABORTED] = "aborted",
                                                      [REASON_COUNT] = NULL};

const char *NetMsg_keyword(NetMsgType type)
{
    return type > NET_MSG_NONE && type < NET_MSG_COUNT ? FORMS[type].keyword : "?";
}

const char *NetSide_name(NetSide side)
{
    return side <= NET_SIDE_BLACK ? SIDES[side] : "?";
}

const char *NetRequest_name(NetRequest r)
{
    return r <= NET_REQ_REMATCH ? REQUESTS[r] : "?";
}

const char *NetRole_name(NetRole r)
{
    return r <= NET_ROLE_SPECTATOR ? ROLES[r] : "?";
}

const char *NetReason_name(GameReason r)
{
    return (unsigned)r < REASON_COUNT ? REASONS[r] : "?";
}

void NetMsg_init(NetMsg *m, NetMsgType type)
{
    memset(m, 0, sizeof *m);
    m->type = type;
    m->version = NET_PROTOCOL_VERSION;
}

/* ---- field forms shared by both directions */

static int Proto_wordIndex(const char *const *words, const char *s, size_t len)
{
    for (int i = 0; words[i] != NULL; i++)
        if (strlen(words[i]) == len && memcmp(words[i], s, len) == 0)
            return i;
    return -1;
}

/* The word table of an enumerated field, and its first allowed value
 * (a required side or request cannot be "-"). */
static const char *const *Proto_words(char f, int *first)
{
    *first = 0;
    switch (f) {
        case 'W': return WANTS;
        case 'R': *first = 1; return ROLES;
        case 'S': *first = 1; return SIDES;
        case 'Z': return SIDES;
        case 'Q': *first = 1; return REQUESTS;
        case 'Y': return YESNO;
        case 'C': return PRESENCE;
        case 'P': return PRIVACY;
        case 'r': return RESULTS;
        case 'E': return REASONS;
        case 'D': return DEADLINES;
        default: return NULL;
    }
}

static int *Proto_enumField(NetMsg *m, char f)
{
    switch (f) {
        case 'W': return (int *)&m->want;
        case 'R': return (int *)&m->role;
        case 'S':
        case 'Z': return (int *)&m->side;
        case 'Q': return (int *)&m->request;
        case 'E': return (int *)&m->reason;
        case 'D': return (int *)&m->deadline;
        default: return NULL;
    }
}

static bool *Proto_flagField(NetMsg *m, char f)
{
    return f == 'Y' ? &m->yes : f == 'C' ? &m->connected : f == 'P' ? &m->private_game : NULL;
}

static int64_t *Proto_numField(NetMsg *m, char f, int64_t *max)
{
    *max = NET_MS_MAX;
    switch (f) {
        case 'v': *max = 999; return NULL;
        case 'n': *max = NET_PLY_MAX; return NULL;
        case 'u': *max = NET_SETUP_MAX; return NULL;
        case 'a': return &m->white_ms;
        case 'b': return &m->black_ms;
        case 'B': return &m->base_ms;
        case 'I': return &m->inc_ms;
        case 'M': return &m->due_ms;
        default: return NULL;
    }
}

static bool Proto_isNumber(char f)
{
    return strchr("vnuabBIM", f) != NULL;
}

bool NetMsg_isMoveText(const char *s, size_t len)
{
    if (len == 0 || len >= MOVE_TEXT_MAX)
        return false;
    for (size_t i = 0; i < len; i++)
        if (s[i] <= ' ' || s[i] > '~')
            return false;
    return true;
}

static bool Proto_variantChars(const char *s, size_t len)
{
    if (len == 0 || len >= NET_WORD_MAX)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
            return false;
    return true;
}

static bool Proto_fenChars(const char *s, size_t len)
{
    if (len == 0 || len >= FEN_MAX || s[0] == ' ' || s[len - 1] == ' ')
        return false;
    for (size_t i = 0; i < len; i++)
        if (s[i] < ' ' || s[i] > '~')
            return false;
    return true;
}

/* ---- parsing */

typedef struct {
    const char *s;
    size_t len, pos;
    const char *keyword;
    char *err;
    size_t errlen;
} Cursor;

/* The refusal quotes the peer's word cleaned, as any text from a peer:
 * it is shown on a terminal. */
static bool Proto_refuse(Cursor *c, const char *what, const char *tok, size_t toklen)
{
    char shown[41] = "";
    if (tok != NULL)
        NetText_clean(shown, sizeof shown, tok, toklen < 40 ? toklen : 40);
    return Error_set(c->err, c->errlen, "'%s' message: %s%s%s%s", c->keyword, what,
                     tok != NULL ? " ('" : "", shown, tok != NULL ? "')" : "");
}

/* The next space-separated word; fields are separated by exactly one space. */
static bool Proto_token(Cursor *c, const char **tok, size_t *toklen)
{
    if (c->pos >= c->len || c->s[c->pos] != ' ')
        return Proto_refuse(c, "a field is missing", NULL, 0);
    size_t start = ++c->pos;
    while (c->pos < c->len && c->s[c->pos] != ' ')
        c->pos++;
    *tok = c->s + start;
    *toklen = c->pos - start;
    if (*toklen == 0)
        return Proto_refuse(c, "two spaces in a row or a space at the end", NULL, 0);
    return true;
}

static bool Proto_number(const char *t, size_t n, int64_t max, int64_t *out)
{
    if (n == 0 || n > 13 || (n > 1 && t[0] == '0'))
        return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        v = v * 10 + (t[i] - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

static bool Proto_parseList(NetMsg *m, Cursor *c)
{
    m->nmoves = 0;
    while (c->pos < c->len || m->nmoves == 0) {
        const char *t;
        size_t n;
        if (!Proto_token(c, &t, &n))
            return false;
        if (!NetMsg_isMoveText(t, n))
            return Proto_refuse(c, "a move is not one word of printable characters", t, n);
        if (m->nmoves == NET_MOVES_PER_LINE)
            return Proto_refuse(c, "too many moves on one line", NULL, 0);
        memcpy(m->moves[m->nmoves], t, n);
        m->moves[m->nmoves++][n] = '\0';
    }
    return true;
}

static bool Proto_parseClocks(NetMsg *m, Cursor *c)
{
    m->nclocks = 0;
    while (c->pos < c->len || m->nclocks == 0) {
        const char *t;
        size_t n;
        int64_t v = -1;
        if (!Proto_token(c, &t, &n))
            return false;
        if (!(n == 1 && t[0] == '-') && !Proto_number(t, n, INT_MAX, &v))
            return Proto_refuse(c, "a clock is not a number of ms in range, nor -", t, n);
        if (m->nclocks == NET_MOVES_PER_LINE)
            return Proto_refuse(c, "too many clocks on one line", NULL, 0);
        m->clocks[m->nclocks++] = (int)v;
    }
    return true;
}

/* The rest of the line, after one space (text that may be empty may also
 * be absent with its space). */
static bool Proto_parseRest(NetMsg *m, char f, Cursor *c)
{
    if (f == 'L')
        return Proto_parseList(m, c);
    if (f == 'K')
        return Proto_parseClocks(m, c);
    if (f == 'T' && c->pos == c->len)
        return true;
    if (c->pos >= c->len || c->s[c->pos] != ' ')
        return Proto_refuse(c, "a field is missing", NULL, 0);
    const char *t = c->s + c->pos + 1;
    size_t n = c->len - c->pos - 1;
    c->pos = c->len;
    if (f == 'F') {
        if (!Proto_fenChars(t, n))
            return Proto_refuse(c, "the position is not printable text of a FEN's length", t, n);
        memcpy(m->fen, t, n);
        m->fen[n] = '\0';
        return true;
    }
    if (NetText_clean(m->text, sizeof m->text, t, n) == 0 && f == 't')
        return Proto_refuse(c, "the text is empty", NULL, 0);
    return true;
}

static bool Proto_parseWordField(NetMsg *m, char f, const char *t, size_t n, Cursor *c)
{
    if (f == 'N') {
        if (n >= NET_NAME_MAX)
            return Proto_refuse(c, "the name is too long", t, n);
        NetText_cleanName(m->name, sizeof m->name, t, n);
    } else if (f == 'X') {
        if (!NetMsg_isMoveText(t, n))
            return Proto_refuse(c, "the move is not one short word of printable characters", t, n);
        memcpy(m->move, t, n);
        m->move[n] = '\0';
    } else { /* 'V' */
        if (!Proto_variantChars(t, n))
            return Proto_refuse(c, "a variant's name has only a-z, 0-9 and '-'", t, n);
        memcpy(m->word, t, n);
        m->word[n] = '\0';
    }
    return true;
}

static bool Proto_parseField(NetMsg *m, char f, Cursor *c)
{
    if (strchr("FLKtT", f) != NULL)
        return Proto_parseRest(m, f, c);
    const char *t;
    size_t n;
    if (!Proto_token(c, &t, &n))
        return false;
    if (Proto_isNumber(f)) {
        int64_t max, v;
        int64_t *field = Proto_numField(m, f, &max);
        if (!Proto_number(t, n, max, &v))
            return Proto_refuse(c, "not a number in range", t, n);
        if (field != NULL)
            *field = v;
        else if (f == 'v')
            m->version = (int)v;
        else if (f == 'u')
            m->setup = (int)v;
        else
            m->ply = (int)v;
        return true;
    }
    int first;
    const char *const *words = Proto_words(f, &first);
    if (words == NULL)
        return Proto_parseWordField(m, f, t, n, c);
    int k = Proto_wordIndex(words, t, n);
    if (k < first)
        return Proto_refuse(c, "unknown word", t, n);
    if (f == 'r') {
        snprintf(m->word, sizeof m->word, "%s", words[k]);
    } else if (Proto_flagField(m, f) != NULL) {
        *Proto_flagField(m, f) = k == 1;
    } else {
        *Proto_enumField(m, f) = k;
    }
    return true;
}

/* A result of "*" (adjourned or aborted: no result) and only it goes
 * with "adjourned" and "aborted". */
static bool Proto_resultAgrees(const NetMsg *m)
{
    bool none = m->reason == REASON_NONE || m->reason == REASON_ABORTED;
    return m->type != NET_MSG_RESULT || (strcmp(m->word, "*") == 0) == none;
}

bool NetMsg_parse(const char *line, size_t len, NetMsg *out, char *err, size_t errlen)
{
    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (len >= NET_LINE_MAX)
        return Error_set(err, errlen, "a line longer than %d bytes", NET_LINE_MAX - 1);
    size_t kw = 0;
    while (kw < len && line[kw] != ' ')
        kw++;
    NetMsgType type = NET_MSG_NONE;
    for (int t = NET_MSG_NONE + 1; t < NET_MSG_COUNT; t++)
        if (strlen(FORMS[t].keyword) == kw && memcmp(FORMS[t].keyword, line, kw) == 0)
            type = (NetMsgType)t;
    if (type == NET_MSG_NONE) {
        char shown[41];
        NetText_clean(shown, sizeof shown, line, kw);
        return Error_set(err, errlen, "unknown message '%s'", shown);
    }
    NetMsg_init(out, type);
    Cursor c = {line, len, kw, FORMS[type].keyword, err, errlen};
    for (const char *f = FORMS[type].fields; *f != '\0'; f++)
        if (!Proto_parseField(out, *f, &c))
            return false;
    if (c.pos != len)
        return Proto_refuse(&c, "more fields than it takes", NULL, 0);
    if (!Proto_resultAgrees(out))
        return Proto_refuse(&c, "a result of * is adjourned or aborted, and only it", NULL, 0);
    return true;
}

/* ---- formatting */

typedef struct {
    char *buf;
    size_t cap, len;
    bool ok;
} Out;

static void Proto_put(Out *o, const char *s, size_t n)
{
    if (!o->ok || o->len + n + 2 > o->cap || o->len + n + 1 > NET_LINE_MAX) {
        o->ok = false;
        return;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

static void Proto_putWord(Out *o, const char *s)
{
    Proto_put(o, " ", 1);
    Proto_put(o, s, strlen(s));
}

static void Proto_formatEnum(Out *o, const NetMsg *m, char f)
{
    int first;
    const char *const *words = Proto_words(f, &first);
    int v;
    if (f == 'r') {
        v = Proto_wordIndex(words, m->word, strlen(m->word));
    } else if (Proto_flagField((NetMsg *)m, f) != NULL) {
        v = *Proto_flagField((NetMsg *)m, f) ? 1 : 0;
    } else {
        v = *Proto_enumField((NetMsg *)m, f);
    }
    int count = 0;
    while (words[count] != NULL)
        count++;
    if (v < first || v >= count)
        o->ok = false;
    else
        Proto_putWord(o, words[v]);
}

static void Proto_formatNumber(Out *o, const NetMsg *m, char f)
{
    int64_t max;
    int64_t *field = Proto_numField((NetMsg *)m, f, &max);
    int64_t v = field != NULL ? *field : f == 'v' ? m->version : f == 'u' ? m->setup : m->ply;
    char num[24];
    if (v < 0 || v > max) {
        o->ok = false;
        return;
    }
    snprintf(num, sizeof num, "%lld", (long long)v);
    Proto_putWord(o, num);
}

static void Proto_formatText(Out *o, const NetMsg *m, char f)
{
    char clean[NET_TEXT_MAX];
    size_t n = NetText_clean(clean, sizeof clean, m->text, strlen(m->text));
    if (n == 0 && f == 't')
        o->ok = false;
    else if (n > 0)
        Proto_putWord(o, clean);
}

static void Proto_formatClocks(Out *o, const NetMsg *m)
{
    char num[24];
    o->ok = o->ok && m->nclocks > 0 && m->nclocks <= NET_MOVES_PER_LINE;
    for (int i = 0; o->ok && i < m->nclocks; i++) {
        o->ok = m->clocks[i] >= -1;
        snprintf(num, sizeof num, "%d", m->clocks[i]);
        Proto_putWord(o, m->clocks[i] < 0 ? "-" : num);
    }
}

static void Proto_formatField(Out *o, const NetMsg *m, char f)
{
    char name[NET_NAME_MAX];
    if (Proto_isNumber(f)) {
        Proto_formatNumber(o, m, f);
    } else if (Proto_words(f, &(int){0}) != NULL) {
        Proto_formatEnum(o, m, f);
    } else if (f == 'N') {
        NetText_cleanName(name, sizeof name, m->name, strlen(m->name));
        Proto_putWord(o, name);
    } else if (f == 'X' || f == 'V' || f == 'F') {
        const char *s = f == 'X' ? m->move : f == 'V' ? m->word : m->fen;
        bool good = f == 'X' ? NetMsg_isMoveText(s, strlen(s))
            : f == 'V'       ? Proto_variantChars(s, strlen(s))
                             : Proto_fenChars(s, strlen(s));
        o->ok = o->ok && good;
        Proto_putWord(o, s);
    } else if (f == 'L') {
        o->ok = o->ok && m->nmoves > 0 && m->nmoves <= NET_MOVES_PER_LINE;
        for (int i = 0; o->ok && i < m->nmoves; i++) {
            o->ok = NetMsg_isMoveText(m->moves[i], strlen(m->moves[i]));
            Proto_putWord(o, m->moves[i]);
        }
    } else if (f == 'K') {
        Proto_formatClocks(o, m);
    } else {
        Proto_formatText(o, m, f);
    }
}

size_t NetMsg_format(const NetMsg *m, char *buf, size_t buflen)
{
    if (m->type <= NET_MSG_NONE || m->type >= NET_MSG_COUNT || buflen == 0)
        return 0;
    Out o = {buf, buflen, 0, Proto_resultAgrees(m)};
    Proto_put(&o, FORMS[m->type].keyword, strlen(FORMS[m->type].keyword));
    for (const char *f = FORMS[m->type].fields; *f != '\0'; f++)
        Proto_formatField(&o, m, *f);
    if (!o.ok) {
        buf[0] = '\0';
        return 0;
    }
    buf[o.len++] = '\n';
    buf[o.len] = '\0';
    return o.len;
}
