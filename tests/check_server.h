/* The public server's unit tests, one test case per module, gathered into
 * one suite by check_server.c. */
#ifndef ZANZIBAR_TESTS_CHECK_SERVER_H
#define ZANZIBAR_TESTS_CHECK_SERVER_H

#include <check.h>

TCase *CheckStore_case(void);
TCase *CheckGate_case(void);

#endif
