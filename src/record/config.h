/* The settings file, $XDG_CONFIG_HOME/zanzibar/config: colours, the default
 * engine level, the default game, the bell and the pace of a game between
 * engines, as "key = value" lines. */
#ifndef ZANZIBAR_RECORD_CONFIG_H
#define ZANZIBAR_RECORD_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "core/variant.h"
#include "record/paths.h"

#define CONFIG_NAME "config"

typedef struct {
    bool mono;              /* colours = mono: never use colour */
    int level;              /* the engine level offered by default */
    const Variant *variant; /* the game offered by default; NULL: ask */
    bool bell;              /* bell = on: ring (and set the title) when the other side moved */
    int pace_ms;            /* pace = SECONDS: engine against engine, the pause a move */
} Config;

#define CONFIG_MAX_MESSAGES 8
#define CONFIG_MESSAGE_MAX 300

/* What was wrong with the settings file, one message a problem ("line 3:
 * unknown setting 'x' ..." or what is wrong with the whole file), for the
 * front end to show after the file's path. */
typedef struct {
    char path[PATHS_MAX]; /* the settings file */
    int count;
    int more; /* problems beyond CONFIG_MAX_MESSAGES, not kept */
    char text[CONFIG_MAX_MESSAGES][CONFIG_MESSAGE_MAX];
} ConfigMessages;

void Config_defaults(Config *c);
/* A pace in seconds, as the settings file and the :pace command take it
 * ("1", "0.5", "0"; at most PACE_MAX_MS), in *ms; false otherwise. */
bool Config_readPaceText(const char *text, int *ms);
/* Applies every valid line of text to c. On bad lines returns false and err
 * names the first one ("line 3: ...") and how many more there are; the
 * valid lines are applied all the same. */
bool Config_parse(Config *c, const char *text, char *err, size_t errlen);
/* Defaults, then the settings file if there is one (a missing file is not
 * an error). Messages start with the file's path. */
bool Config_load(Config *c, char *err, size_t errlen);
/* Like Config_load, but every problem becomes a message of m (m->count 0:
 * all is well), and nothing is printed: the valid lines apply all the same. */
void Config_read(Config *c, ConfigMessages *m);
/* Writes the settings file atomically, with comments explaining each key. */
bool Config_save(const Config *c, char *err, size_t errlen);

#endif
