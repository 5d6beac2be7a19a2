/* Cleaning of text that came from another user (see text.h): a small
 * decoder that drops invalid UTF-8 and a scanner that drops whole escape
 * sequences, so that "\e[2J" cannot clear the other player's screen. */
#include "net/text.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum { TEXT_ESC = 0x1b, TEXT_BEL = 0x07, TEXT_CSI8 = 0x9b, TEXT_OSC8 = 0x9d };

/* Decodes one UTF-8 character at s (n bytes left); returns its length and
 * sets *cp, or 0 when the bytes are not valid UTF-8 (overlong forms,
 * surrogates and code points past U+10FFFF included). */
static size_t Text_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    size_t need;
    uint32_t min, c;
    if ((s[0] & 0xe0) == 0xc0) {
        need = 2, min = 0x80, c = s[0] & 0x1f;
    } else if ((s[0] & 0xf0) == 0xe0) {
        need = 3, min = 0x800, c = s[0] & 0x0f;
    } else if ((s[0] & 0xf8) == 0xf0) {
        need = 4, min = 0x10000, c = s[0] & 0x07;
    } else {
        return 0;
    }
    if (n < need)
        return 0;
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return need;
}

/* Unicode's format characters (general category Cf: zero-width spaces
 * and joiners, bidirectional marks, overrides and isolates, invisible
 * operators, tags...) and its line and paragraph separators, which a
 * terminal shows as nothing or as a line break. */
/* clang-format off */
static const uint32_t TEXT_INVISIBLE[][2] = {
    {0x00ad, 0x00ad},   {0x0600, 0x0605},   {0x061c, 0x061c},   {0x06dd, 0x06dd},
    {0x070f, 0x070f},   {0x0890, 0x0891},   {0x08e2, 0x08e2},   {0x180e, 0x180e},
    {0x200b, 0x200f},   {0x2028, 0x202e},   {0x2060, 0x2064},   {0x2066, 0x206f},
    {0xfeff, 0xfeff},   {0xfff9, 0xfffb},   {0x110bd, 0x110bd}, {0x110cd, 0x110cd},
    {0x13430, 0x1343f}, {0x1bca0, 0x1bca3}, {0x1d173, 0x1d17a}, {0xe0001, 0xe0001},
    {0xe0020, 0xe007f},
};
/* clang-format on */

/* Characters that move the cursor, switch the terminal's mode, reorder
 * the text around them or take no room are never shown. */
static bool Text_hidden(uint32_t c)
{
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
        return true;
    for (size_t i = 0; i < sizeof TEXT_INVISIBLE / sizeof TEXT_INVISIBLE[0]; i++)
        if (c >= TEXT_INVISIBLE[i][0] && c <= TEXT_INVISIBLE[i][1])
            return true;
    return false;
}

/* The length of the escape sequence starting at s[i] (an ESC or an 8-bit
 * CSI/OSC already decoded as code point c spanning clen bytes): control
 * sequences run to their final byte, string sequences to BEL or ESC \. */
static size_t Text_escapeLength(const unsigned char *s, size_t n, size_t i, uint32_t c, size_t clen)
{
    size_t j = i + clen;
    bool csi = c == TEXT_CSI8, str = c == TEXT_OSC8;
    if (c == TEXT_ESC) {
        if (j >= n)
            return n - i;
        unsigned char k = s[j++];
        csi = k == '[';
        str = k == ']' || k == 'P' || k == 'X' || k == '^' || k == '_';
        if (!csi && !str) {
            while (k >= 0x20 && k <= 0x2f && j < n) /* intermediates, then final */
                k = s[j++];
            return j - i;
        }
    }
    if (csi) {
        while (j < n && !(s[j] >= 0x40 && s[j] <= 0x7e) && s[j] >= 0x20)
            j++;
        return (j < n && s[j] >= 0x40 && s[j] <= 0x7e ? j + 1 : j) - i;
    }
    if (str) {
        while (j < n && s[j] != TEXT_BEL && !(s[j] == TEXT_ESC && j + 1 < n && s[j + 1] == '\\'))
            j++;
        if (j < n)
            j += s[j] == TEXT_BEL ? 1 : 2;
        return j - i;
    }
    return clen;
}

size_t NetText_clean(char *dst, size_t dstlen, const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t out = 0, i = 0;
    if (dstlen == 0)
        return 0;
    while (i < len) {
        uint32_t c;
        size_t clen = Text_decode(s + i, len - i, &c);
        if (clen == 0) {
            i++;
            continue;
        }
        if (c == TEXT_ESC || c == TEXT_CSI8 || c == TEXT_OSC8) {
            i += Text_escapeLength(s, len, i, c, clen);
            continue;
        }
        if (c == '\t')
            c = ' ';
        if (Text_hidden(c) || (c == ' ' && out == 0) || out + clen >= dstlen) {
            if (out + clen >= dstlen && !Text_hidden(c))
                break;
            i += clen;
            continue;
        }
        memcpy(dst + out, c == ' ' ? " " : (const char *)s + i, clen);
        out += clen;
        i += clen;
    }
    while (out > 0 && dst[out - 1] == ' ')
        out--;
    dst[out] = '\0';
    return out;
}

size_t NetText_cleanName(char *dst, size_t dstlen, const char *src, size_t len)
{
    size_t n = NetText_clean(dst, dstlen, src, len);
    for (size_t i = 0; i < n; i++)
        if (dst[i] == ' ')
            dst[i] = '_';
    if (n == 0 && dstlen > 1) {
        dst[0] = '?';
        dst[1] = '\0';
        n = 1;
    }
    return n;
}
