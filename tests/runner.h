/* The main() body shared by every Check program: run one suite and turn
 * its failures into the exit status that make check reads. */
#ifndef ZANZIBAR_TESTS_RUNNER_H
#define ZANZIBAR_TESTS_RUNNER_H

#include <check.h>

/* Runs s (and frees it); returns EXIT_SUCCESS or EXIT_FAILURE. */
int TestRunner_run(Suite *s);

#endif
