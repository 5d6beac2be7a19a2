/* Cleaning of text that came from another user: names and chat lines lose
 * control characters, terminal escape sequences and invalid UTF-8 before
 * they can reach anyone's terminal. */
#ifndef ZANZIBAR_NET_TEXT_H
#define ZANZIBAR_NET_TEXT_H

#include <stddef.h>

/* Longest user name kept (with its terminator). */
#define NET_NAME_MAX 33

/* Copies src[0..len) into dst (always terminated, cut at a character
 * boundary) keeping only printable characters of valid UTF-8: escape
 * sequences (ESC [ ... final, ESC ] ... BEL, ...) are removed whole, other
 * controls and Unicode direction overrides dropped, a tab becomes a space;
 * leading and trailing spaces go. Returns the cleaned length. */
size_t NetText_clean(char *dst, size_t dstlen, const char *src, size_t len);
/* As NetText_clean, then spaces become '_' so that the name stays one word
 * of a protocol line; an empty result becomes "?". */
size_t NetText_cleanName(char *dst, size_t dstlen, const char *src, size_t len);

#endif
