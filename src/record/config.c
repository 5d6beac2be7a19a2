/* Reading and writing the settings file. Each line is "key = value", '#'
 * starts a comment; a bad line is reported with its number and skipped, so
 * one typing mistake never costs the player the other settings. */
#include "record/config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/level.h"
#include "record/fileio.h"
#include "record/paths.h"

#define CONFIG_MODE 0600
#define LINE_MAX_LEN 512

void Config_defaults(Config *c)
{
    c->mono = false;
    c->level = LEVEL_DEFAULT;
    c->variant = NULL;
    c->bell = false;
    c->pace_ms = PACE_DEFAULT_MS;
}

typedef struct {
    Config *config;
    int line;
    int bad; /* bad lines so far */
    char *err;
    size_t errlen;
    ConfigMessages *messages; /* every bad line, when not NULL */
} ConfigReader;

/* line 0: a problem with the whole file. */
static void Config_addMessage(ConfigMessages *m, int line, const char *why)
{
    if (m->count == CONFIG_MAX_MESSAGES) {
        m->more++;
        return;
    }
    char *text = m->text[m->count++];
    if (line > 0)
        snprintf(text, CONFIG_MESSAGE_MAX, "line %d: %.200s", line, why);
    else
        snprintf(text, CONFIG_MESSAGE_MAX, "%.280s", why);
}

/* A setting of two words, `first` or `second`; *flag says whether it is
 * `set`, one of them. */
static bool Config_readSwitch(const char *name, const char *first, const char *second,
                              const char *set, bool *flag, const char *value, char *why, size_t len)
{
    if (strcmp(value, first) == 0 || strcmp(value, second) == 0) {
        *flag = strcmp(value, set) == 0;
        return true;
    }
    snprintf(why, len, "%s must be %s or %s, not '%s'", name, first, second, value);
    return false;
}

static bool Config_readColours(Config *c, const char *value, char *why, size_t len)
{
    return Config_readSwitch("colours", "auto", "mono", "mono", &c->mono, value, why, len);
}

static bool Config_readLevel(Config *c, const char *value, char *why, size_t len)
{
    char *end;
    errno = 0;
    long level = strtol(value, &end, 10);
    if (end != value && *end == '\0' && errno == 0 && level >= LEVEL_MIN && level <= LEVEL_MAX) {
        c->level = (int)level;
        return true;
    }
    snprintf(why, len, "level must be a whole number from %d to %d, not '%s'", LEVEL_MIN, LEVEL_MAX,
             value);
    return false;
}

static bool Config_readVariant(Config *c, const char *value, char *why, size_t len)
{
    if (strcmp(value, "ask") == 0) {
        c->variant = NULL;
        return true;
    }
    const Variant *v = Variant_byName(value);
    if (v != NULL) {
        c->variant = v;
        return true;
    }
    int n = snprintf(why, len, "unknown game '%s'; use ask or one of", value);
    for (int i = 0; i < VARIANT_COUNT && n >= 0 && (size_t)n < len; i++)
        n += snprintf(why + n, len - (size_t)n, " %s", Variant_get(i)->name);
    return false;
}

static bool Config_readBell(Config *c, const char *value, char *why, size_t len)
{
    return Config_readSwitch("bell", "on", "off", "on", &c->bell, value, why, len);
}

bool Config_readPaceText(const char *text, int *ms)
{
    char *end;
    errno = 0;
    double seconds = strtod(text, &end);
    if (end == text || *end != '\0' || errno != 0 || !(seconds >= 0)
        || seconds * 1000 > PACE_MAX_MS)
        return false;
    *ms = (int)(seconds * 1000 + 0.5);
    return true;
}

static bool Config_readPace(Config *c, const char *value, char *why, size_t len)
{
    if (Config_readPaceText(value, &c->pace_ms))
        return true;
    snprintf(why, len, "pace must be a number of seconds from 0 to %d, not '%s'",
             PACE_MAX_MS / 1000, value);
    return false;
}

typedef struct {
    const char *key;
    bool (*read)(Config *c, const char *value, char *why, size_t len);
} ConfigKey;

/* "colors" is accepted too: both spellings are common. */
static const ConfigKey KEYS[] = {
    {"colours", Config_readColours}, {"colors", Config_readColours}, {"level", Config_readLevel},
    {"variant", Config_readVariant}, {"bell", Config_readBell},      {"pace", Config_readPace},
};
#define NKEYS (sizeof KEYS / sizeof KEYS[0])

static char *Config_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static bool Config_readSetting(Config *c, char *line, char *why, size_t len)
{
    char *eq = strchr(line, '=');
    if (eq == NULL) {
        snprintf(why, len, "expected 'key = value', found '%.40s'", line);
        return false;
    }
    *eq = '\0';
    char *key = Config_trim(line), *value = Config_trim(eq + 1);
    for (size_t i = 0; i < NKEYS; i++) {
        if (strcmp(key, KEYS[i].key) != 0)
            continue;
        if (*value == '\0') {
            snprintf(why, len, "%s needs a value", key);
            return false;
        }
        return KEYS[i].read(c, value, why, len);
    }
    snprintf(why, len,
             "unknown setting '%.40s' (the settings are colours, level, variant, bell, pace)", key);
    return false;
}

static void Config_reportBad(ConfigReader *r, const char *why)
{
    if (r->messages != NULL)
        Config_addMessage(r->messages, r->line, why);
    if (r->bad++ == 0)
        snprintf(r->err, r->errlen, "line %d: %s", r->line, why);
}

static void Config_readLine(ConfigReader *r, const char *start, size_t len)
{
    char line[LINE_MAX_LEN], why[256];
    if (len >= sizeof line) {
        Config_reportBad(r, "the line is too long");
        return;
    }
    memcpy(line, start, len);
    line[len] = '\0';
    line[strcspn(line, "#")] = '\0';
    char *content = Config_trim(line);
    if (*content != '\0' && !Config_readSetting(r->config, content, why, sizeof why))
        Config_reportBad(r, why);
}

static bool Config_parseInto(Config *c, const char *text, char *err, size_t errlen,
                             ConfigMessages *m)
{
    ConfigReader r = {c, 1, 0, err, errlen, m};
    for (const char *p = text; *p != '\0'; r.line++) {
        size_t len = strcspn(p, "\n");
        Config_readLine(&r, p, len);
        p += len + (p[len] == '\n');
    }
    if (r.bad > 1) {
        size_t used = strlen(err);
        snprintf(err + used, errlen - used, " (and %d more bad line%s)", r.bad - 1,
                 r.bad > 2 ? "s" : "");
    }
    return r.bad == 0;
}

bool Config_parse(Config *c, const char *text, char *err, size_t errlen)
{
    return Config_parseInto(c, text, err, errlen, NULL);
}

static bool Config_configPath(char *buf, size_t len, char *err, size_t errlen)
{
    return Paths_file(PATHS_CONFIG, CONFIG_NAME, buf, len, err, errlen);
}

bool Config_load(Config *c, char *err, size_t errlen)
{
    char path[PATHS_MAX], why[512];
    char *text = NULL;
    Config_defaults(c);
    if (!Paths_dir(PATHS_CONFIG, path, sizeof path, err, errlen))
        return false;
    size_t used = strlen(path);
    snprintf(path + used, sizeof path - used, "/%s", CONFIG_NAME);
    if (!File_exists(path))
        return true;
    if (!File_readText(path, &text, err, errlen))
        return false;
    bool ok = Config_parse(c, text, why, sizeof why);
    if (!ok)
        snprintf(err, errlen, "%s: %s", path, why);
    free(text);
    return ok;
}

void Config_read(Config *c, ConfigMessages *m)
{
    char *path = m->path, err[512];
    char *text = NULL;
    Config_defaults(c);
    memset(m, 0, sizeof *m);
    if (!Paths_dir(PATHS_CONFIG, path, sizeof m->path, err, sizeof err)) {
        Config_addMessage(m, 0, err);
        return;
    }
    size_t used = strlen(path);
    snprintf(path + used, sizeof m->path - used, "/%s", CONFIG_NAME);
    if (!File_exists(path))
        return;
    /* File_readText names the path, which the messages' reader shows apart. */
    if (!File_readText(path, &text, err, sizeof err)) {
        Config_addMessage(m, 0, strncmp(err, path, used) == 0 ? err + strlen(path) + 2 : err);
        return;
    }
    Config_parseInto(c, text, err, sizeof err, m);
    free(text);
}

bool Config_save(const Config *c, char *err, size_t errlen)
{
    char path[PATHS_MAX], text[1024];
    if (!Config_configPath(path, sizeof path, err, errlen))
        return false;
    int n = snprintf(text, sizeof text,
                     "# zanzibar settings: one \"key = value\" a line; '#' starts a comment.\n"
                     "# colours: auto (colour when the terminal has it and NO_COLOR is unset)"
                     " or mono\n"
                     "colours = %s\n"
                     "# level: the engine level offered by default, %d (weakest) to %d\n"
                     "level = %d\n"
                     "# variant: the game offered by default, or ask\n"
                     "variant = %s\n"
                     "# bell: on to ring the bell and name the move in the terminal's title\n"
                     "# when the other side (the engine) has moved, or off\n"
                     "bell = %s\n"
                     "# pace: the pause in seconds after each move of a game between\n"
                     "# engines, so that it can be followed (0: none)\n"
                     "pace = %g\n",
                     c->mono ? "mono" : "auto", LEVEL_MIN, LEVEL_MAX, c->level,
                     c->variant != NULL ? c->variant->name : "ask", c->bell ? "on" : "off",
                     c->pace_ms / 1000.0);
    return File_writeAtomic(path, text, (size_t)n, CONFIG_MODE, err, errlen);
}
