/* Fuzz target: the settings file. Whatever it holds, the settings stay
 * within their ranges, a refusal names a line, and the settings saved
 * read back the same. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "core/level.h"
#include "record/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz_folder();
    char *text = Fuzz_text(data, size);
    Config c, back;
    char err[512] = "";
    Config_defaults(&c);
    if (!Config_parse(&c, text, err, sizeof err) && strncmp(err, "line ", 5) != 0)
        Fuzz_fail("a refused settings file names no line: '%s'", err);
    if (c.level < LEVEL_MIN || c.level > LEVEL_MAX)
        Fuzz_fail("level %d out of range", c.level);
    if (!Config_save(&c, err, sizeof err))
        Fuzz_fail("the settings cannot be saved: %s", err);
    if (!Config_load(&back, err, sizeof err))
        Fuzz_fail("the settings saved do not read back: %s", err);
    if (back.mono != c.mono || back.level != c.level || back.variant != c.variant
        || back.bell != c.bell)
        Fuzz_fail("the settings changed when saved and read back");
    free(text);
    return 0;
}
