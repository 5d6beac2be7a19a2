/* The ways a game's opening array can be chosen, which the menu offers and
 * the setup screen carries out. No curses here. */
#ifndef ZANZIBAR_UI_SETUPMETHOD_H
#define ZANZIBAR_UI_SETUPMETHOD_H

#include <stdbool.h>

#include "core/variant.h"

typedef enum {
    METHOD_STANDARD, /* the array of the variant's start FEN */
    METHOD_CURSOR,   /* Black places the free pieces with the cursor */
    METHOD_NUMBER,   /* Black types a setup number */
    METHOD_RANDOM,
    METHOD_ENGINE, /* the engine plays Black and chooses */
    METHOD_PHASE,  /* Arabian Nights: pieces placed one at a time */
    METHOD_COUNT
} SetupMethod;

#define SETUP_MAX_METHODS 5

/* The setup methods offered for v, and their names. When the engine plays
 * Black it chooses by default, but the person may still arrange Black's
 * pieces, pick a number or a random setup, as Black would. */
int SetupMethod_offered(const Variant *v, bool engine_black, SetupMethod out[SETUP_MAX_METHODS]);
const char *SetupMethod_name(SetupMethod m);

#endif
