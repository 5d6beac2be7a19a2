/* The terminal check before curses starts. It is kept apart from ui.c
 * because <term.h> defines a macro for every capability name. setupterm,
 * unlike a newterm that fails, leaves nothing allocated behind. */
#include "ui/term_probe.h"

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>
#include <term.h>
#include <unistd.h>

const char *TermProbe_problem(void)
{
    int err = 0;
    if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
        return "cannot use this terminal";
    const char *cup = tigetstr("cup");
    bool addressable = cup != NULL && cup != (const char *)-1;
    del_curterm(cur_term);
    return addressable ? NULL
                       : "this terminal cannot move its cursor; zanzibar needs a real terminal";
}
