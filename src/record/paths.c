/* XDG base directories for the program's files: which folder each kind of
 * file lives in, the fallbacks under $HOME, and creating them on demand. */
#include "record/paths.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define APP_FOLDER "zanzibar"

typedef struct {
    const char *variable;
    const char *fallback; /* under the home folder */
} XdgKind;

static const XdgKind XDG_KINDS[] = {
    [PATHS_CONFIG] = {"XDG_CONFIG_HOME", ".config"},
    [PATHS_DATA] = {"XDG_DATA_HOME", ".local/share"},
    [PATHS_STATE] = {"XDG_STATE_HOME", ".local/state"},
};

/* The specification: a relative path in these variables is invalid and
 * must be ignored, so only absolute values count. */
static const char *Paths_absoluteEnv(const char *name)
{
    const char *value = getenv(name);
    return value != NULL && value[0] == '/' ? value : NULL;
}

static const char *Paths_homeFolder(void)
{
    const char *home = Paths_absoluteEnv("HOME");
    if (home != NULL)
        return home;
    struct passwd *pw = getpwuid(getuid());
    return pw != NULL && pw->pw_dir != NULL && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
}

static bool Paths_fits(int n, size_t len, char *err, size_t errlen)
{
    if (n >= 0 && (size_t)n < len)
        return true;
    snprintf(err, errlen, "the path of the program's files is too long");
    return false;
}

bool Paths_dir(PathsKind kind, char *buf, size_t len, char *err, size_t errlen)
{
    const XdgKind *k = &XDG_KINDS[kind];
    const char *base = Paths_absoluteEnv(k->variable);
    if (base != NULL)
        return Paths_fits(snprintf(buf, len, "%s/%s", base, APP_FOLDER), len, err, errlen);
    const char *home = Paths_homeFolder();
    if (home == NULL) {
        snprintf(err, errlen, "neither %s nor HOME is set to an absolute path", k->variable);
        return false;
    }
    return Paths_fits(snprintf(buf, len, "%s/%s/%s", home, k->fallback, APP_FOLDER), len, err,
                      errlen);
}

static bool Paths_makeOne(const char *dir, char *err, size_t errlen)
{
    if (mkdir(dir, 0700) == 0)
        return true;
    struct stat st;
    if (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    snprintf(err, errlen, "cannot create the folder %s: %s", dir,
             errno == EEXIST ? "a file of that name is in the way" : strerror(errno));
    return false;
}

bool Paths_makeDirs(const char *dir, char *err, size_t errlen)
{
    char path[PATHS_MAX];
    if (!Paths_fits(snprintf(path, sizeof path, "%s", dir), sizeof path, err, errlen))
        return false;
    /* Each parent in turn, so a fresh account gets ~/.local/state too. */
    for (char *p = path + 1; *p != '\0'; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        bool ok = Paths_makeOne(path, err, errlen);
        *p = '/';
        if (!ok)
            return false;
    }
    return Paths_makeOne(path, err, errlen);
}

bool Paths_file(PathsKind kind, const char *name, char *buf, size_t len, char *err, size_t errlen)
{
    char dir[PATHS_MAX];
    if (!Paths_dir(kind, dir, sizeof dir, err, errlen) || !Paths_makeDirs(dir, err, errlen))
        return false;
    return Paths_fits(snprintf(buf, len, "%s/%s", dir, name), len, err, errlen);
}

/* Copies the quoted part that starts at *p (after its opening quote) up
 * to the closing one, as the shell reads it: nothing is special between
 * single quotes; between double quotes a backslash keeps \\, \" , $ and `. */
static bool Paths_quoted(const char **p, char quote, char *buf, size_t len, size_t *n, char *err,
                         size_t errlen)
{
    const char *s = *p;
    for (; *s != '\0' && *s != quote; s++) {
        if (quote == '"' && *s == '\\' && s[1] != '\0' && strchr("\\\"$`", s[1]) != NULL)
            s++;
        if (*n + 1 < len)
            buf[(*n)++] = *s;
    }
    if (*s != quote) {
        snprintf(err, errlen, "the file name has no closing %c", quote);
        return false;
    }
    *p = s + 1;
    return true;
}

/* Reads a typed file name as the shell reads a word, quotes and
 * backslashes included ("my game", 'my game', my\ game), and drops the
 * blanks around it; blanks inside it are kept even unquoted. */
static bool Paths_unquote(const char *typed, char *buf, size_t len, char *err, size_t errlen)
{
    while (*typed == ' ' || *typed == '\t')
        typed++;
    size_t n = 0, end = 0; /* end: past the last character that is no trailing blank */
    for (const char *p = typed; *p != '\0';) {
        char c = *p++;
        if (c == '\'' || c == '"') {
            if (!Paths_quoted(&p, c, buf, len, &n, err, errlen))
                return false;
            end = n;
            continue;
        }
        if (c == '\\' && *p != '\0')
            c = *p++;
        else if (c == ' ' || c == '\t') {
            if (n + 1 < len)
                buf[n++] = c;
            continue;
        }
        if (n + 1 < len)
            buf[n++] = c;
        end = n;
    }
    if (n + 1 >= len) {
        snprintf(err, errlen, "the file name is too long");
        return false;
    }
    buf[end] = '\0';
    if (end == 0) {
        snprintf(err, errlen, "no file name given");
        return false;
    }
    return true;
}

static bool Paths_expandHome(const char *name, char *buf, size_t len, char *err, size_t errlen)
{
    if (name[0] != '~')
        return Paths_fits(snprintf(buf, len, "%s", name), len, err, errlen);
    if (name[1] != '\0' && name[1] != '/') {
        snprintf(err, errlen, "'%s': only ~ and ~/ are understood, not ~user", name);
        return false;
    }
    const char *home = Paths_homeFolder();
    if (home == NULL) {
        snprintf(err, errlen, "'%s': HOME is not set, so ~ means nothing", name);
        return false;
    }
    return Paths_fits(snprintf(buf, len, "%s%s", home, name + 1), len, err, errlen);
}

static bool paths_confined;

void Paths_confineTyped(void)
{
    paths_confined = true;
}

bool Paths_typedConfined(void)
{
    return paths_confined;
}

bool Paths_typedNameAllowed(const char *name, char *err, size_t errlen)
{
    if (!paths_confined || (strchr(name, '/') == NULL && name[0] != '.' && name[0] != '~'))
        return true;
    snprintf(err, errlen,
             "on this server a saved game has a plain name (no '/', not starting "
             "with '.' or '~'), kept in your own folder");
    return false;
}

bool Paths_userFile(const char *typed, const char *ext, char *buf, size_t len, char *err,
                    size_t errlen)
{
    char name[PATHS_MAX];
    if (typed == NULL || !Paths_unquote(typed, name, sizeof name, err, errlen)
        || !Paths_typedNameAllowed(name, err, errlen))
        return false;
    /* As in the shell, only a ~ typed bare means the home folder. */
    bool bare_tilde = typed[strspn(typed, " \t")] == '~';
    if (!(bare_tilde ? Paths_expandHome(name, buf, len, err, errlen)
                     : Paths_fits(snprintf(buf, len, "%s", name), len, err, errlen)))
        return false;
    size_t n = strlen(buf);
    if (buf[n - 1] == '/') {
        snprintf(err, errlen, "'%s' names a folder: add a file name", typed);
        return false;
    }
    const char *last = strrchr(buf, '/');
    last = last != NULL ? last + 1 : buf;
    if (ext == NULL || strchr(last + 1, '.') != NULL)
        return true;
    return Paths_fits(snprintf(buf + n, len - n, "%s", ext), len - n, err, errlen);
}
