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

/* Drops surrounding blanks and one pair of matching quotes. */
static bool Paths_unquote(const char *typed, char *buf, size_t len, char *err, size_t errlen)
{
    while (*typed == ' ' || *typed == '\t')
        typed++;
    size_t n = strlen(typed);
    while (n > 0 && (typed[n - 1] == ' ' || typed[n - 1] == '\t'))
        n--;
    char quote = n > 0 && (typed[0] == '"' || typed[0] == '\'') ? typed[0] : '\0';
    if (quote != '\0') {
        if (n < 2 || typed[n - 1] != quote) {
            snprintf(err, errlen, "the file name has no closing %c", quote);
            return false;
        }
        typed++;
        n -= 2;
    }
    if (n == 0) {
        snprintf(err, errlen, "no file name given");
        return false;
    }
    return Paths_fits(snprintf(buf, len, "%.*s", (int)n, typed), len, err, errlen);
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
        || !Paths_typedNameAllowed(name, err, errlen)
        || !Paths_expandHome(name, buf, len, err, errlen))
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
