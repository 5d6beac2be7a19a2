/* Text measured in the terminal's columns rather than in bytes: one
 * reading of the locale's multibyte characters (mbrtowc, wcwidth) shared
 * by everything that fits text into a width, and what makes any text,
 * a peer's included, safe to put on the screen. */
#ifndef ZANZIBAR_UI_COLUMNS_H
#define ZANZIBAR_UI_COLUMNS_H

#include <stddef.h>

/* The character the n bytes at s start with: its length in bytes (at
 * least 1 when n > 0) and, in *cols when not NULL, the columns it takes.
 * A byte that starts no valid character, a character cut short, and one
 * that does not print (a control, an escape) are one byte that the screen
 * shows as one '?' column. */
int Columns_char(const char *s, int n, int *cols);
/* The columns the n bytes at s take. */
int Columns_count(const char *s, int n);
/* How many of the n bytes at s fit in width columns, whole characters
 * only. */
int Columns_fit(const char *s, int n, int width);
/* The bytes at the start of s to leave out so that at least skip columns
 * are gone, whole characters only. */
int Columns_skip(const char *s, int n, int skip);
/* Copies what of s fits in width columns into out (size bytes, at least
 * 1), each character that does not print replaced by '?'. */
void Columns_safe(const char *s, int width, char *out, size_t size);

#endif
