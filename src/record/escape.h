/* "%zanzibar" escape lines: what a record of ours holds beyond PGN, one
 * "%zanzibar KIND VALUE" line each, which PGN readers skip (a '%' at the
 * start of a line). The state file and the game host's record use them. */
#ifndef ZANZIBAR_RECORD_ESCAPE_H
#define ZANZIBAR_RECORD_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define ESCAPE_PREFIX "%zanzibar "

/* Writes ESCAPE_PREFIX, the text printf makes of fmt, and a line break to
 * f. A byte below ' ' in the text (a line break, a carriage return) is
 * written as a space: nothing a value holds can end the line and start
 * another (a tag, a move, another escape line). False when f fails. */
bool Escape_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Visits every escape line of text, first to last, with what follows the
 * prefix (the visitor may change it; NULL when memory is short, which the
 * visitor reports) and its line number (from 1); stops at the first visit
 * that returns false, and returns false then. */
typedef bool (*EscapeVisit)(void *ctx, int line, char *body);
bool Escape_each(const char *text, EscapeVisit visit, void *ctx);

#endif
