/* The settings file, $XDG_CONFIG_HOME/zanzibar/config: colours, the default
 * engine level and the default game, as "key = value" lines. */
#ifndef ZANZIBAR_RECORD_CONFIG_H
#define ZANZIBAR_RECORD_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "core/variant.h"

#define CONFIG_NAME "config"

typedef struct {
    bool mono;              /* colours = mono: never use colour */
    int level;              /* the engine level offered by default */
    const Variant *variant; /* the game offered by default; NULL: ask */
} Config;

void Config_defaults(Config *c);
/* Applies every valid line of text to c. On bad lines returns false and err
 * names the first one ("line 3: ...") and how many more there are; the
 * valid lines are applied all the same. */
bool Config_parse(Config *c, const char *text, char *err, size_t errlen);
/* Defaults, then the settings file if there is one (a missing file is not
 * an error). Messages start with the file's path. */
bool Config_load(Config *c, char *err, size_t errlen);
/* Writes the settings file atomically, with comments explaining each key. */
bool Config_save(const Config *c, char *err, size_t errlen);

#endif
