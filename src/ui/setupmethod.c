/* Which setup methods a game offers and what the menu calls them: one list
 * that the menu and the setup screen both read. */
#include "ui/setupmethod.h"

static const char *method_names[METHOD_COUNT] = {
    [METHOD_STANDARD] = "the standard array",
    [METHOD_CURSOR] = "Black's pieces placed with the cursor",
    [METHOD_NUMBER] = "a setup picked by number",
    [METHOD_RANDOM] = "a random setup",
    [METHOD_ENGINE] = "the engine chooses (it plays Black)",
    [METHOD_PHASE] = "setup phase: pieces placed one by one",
};

const char *SetupMethod_name(SetupMethod m)
{
    return (unsigned)m < METHOD_COUNT ? method_names[m] : "?";
}

int SetupMethod_offered(const Variant *v, bool engine_black, SetupMethod out[SETUP_MAX_METHODS])
{
    int n = 0;
    if (v->rules & VR_CHOSEN_SETUP) {
        if (engine_black)
            out[n++] = METHOD_ENGINE;
        out[n++] = METHOD_CURSOR;
        out[n++] = METHOD_NUMBER;
        out[n++] = METHOD_RANDOM;
        out[n++] = METHOD_STANDARD;
    } else {
        out[n++] = METHOD_STANDARD;
        if (v->rules & VR_SETUP_PHASE)
            out[n++] = METHOD_PHASE;
    }
    return n;
}
