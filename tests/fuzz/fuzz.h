/* What every fuzz target shares: turning the input into text, choosing a
 * game from a byte, and the invariants checked after each step (a broken
 * one aborts, which libFuzzer and the replay driver both report). */
#ifndef ZANZIBAR_TESTS_FUZZ_H
#define ZANZIBAR_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Called once before the first input (by libFuzzer, and by the replay
 * driver): every target runs with its folders in Fuzz_folder. */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Prints the broken invariant and aborts. */
_Noreturn void Fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A NUL-terminated malloc'd copy of the input (aborts without memory). */
char *Fuzz_text(const uint8_t *data, size_t size);
/* The game a byte names. */
const Variant *Fuzz_variant(uint8_t byte);
/* The hash kept equals the hash recomputed from the board. */
void Fuzz_checkHash(const Position *pos, const char *where);
/* Equal as positions: the same pieces, rights, counters and hash. */
bool Fuzz_samePosition(const Position *a, const Position *b);
/* The game's position is its start replayed, its counts are in order. */
void Fuzz_checkGame(const Game *g, const char *where);
/* The same start, the same moves played and the same redo list. */
void Fuzz_checkSameGame(const Game *a, const Game *b, const char *where);
/* A private folder for the targets whose code may reach files (autosave,
 * settings), made once and removed at exit; HOME, XDG_CONFIG_HOME,
 * XDG_DATA_HOME, XDG_STATE_HOME and XDG_RUNTIME_DIR point into it, so that
 * a fuzz run never touches the user's own files. */
const char *Fuzz_folder(void);

#endif
