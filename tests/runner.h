/* The main() body shared by every Check program: run one suite and turn
 * its failures into the exit status that make check reads, inside a
 * folder of the program's own that nothing outlives. */
#ifndef ZANZIBAR_TESTS_RUNNER_H
#define ZANZIBAR_TESTS_RUNNER_H

#include <check.h>
#include <stddef.h>

/* The prefix of every runner's folder in /tmp; the process id follows, so
 * that a folder whose process is gone is known to be left over. */
#define TEST_RUNNER_PREFIX "zanzibar-check-"

/* Runs s (and frees it); returns EXIT_SUCCESS or EXIT_FAILURE. Before the
 * tests it removes the folders that runs which died left behind, makes
 * this run's folder (/tmp/zanzibar-check-PID-XXXXXX, 0755 so that other
 * accounts reach what a test puts there) and points HOME,
 * XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME and XDG_RUNTIME_DIR at
 * private folders in it; after them it ends the processes that still
 * hold a file in it open (a failed test's daemons) and removes the folder,
 * whatever the tests did (a failed test ends before its teardown). */
int TestRunner_run(Suite *s);

/* Removes path and everything under it: read-only folders are opened up
 * first (a test may leave one), links are removed and never followed. */
void TestRunner_removeTree(const char *path);

/* The run's folder, for mkstemp's templates. */
const char *TestRunner_folder(void);

/* A fresh folder inside the run's folder (mkdtemp of NAME-XXXXXX), mode
 * 0700; path receives it. The test fails if it cannot be made. */
void TestRunner_tempDir(char *path, size_t len, const char *name);

#endif
