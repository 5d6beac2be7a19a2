/* OSC 52: ESC ] 52 ; c ; BASE64 BEL sets the terminal's clipboard. tmux
 * passes a sequence on to the terminal outside only inside its DCS
 * wrapper, with each ESC doubled. */
#include "ui/clipboard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"

static const char clipboard_base64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Writes the base64 of len bytes of in to out (4 characters for each 3
 * bytes, padded with '='), and its end. */
static char *Clipboard_base64(const unsigned char *in, size_t len, char *out)
{
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned)in[i] << 16;
        v |= i + 1 < len ? (unsigned)in[i + 1] << 8 : 0;
        v |= i + 2 < len ? in[i + 2] : 0;
        *out++ = clipboard_base64[v >> 18 & 63];
        *out++ = clipboard_base64[v >> 12 & 63];
        *out++ = i + 1 < len ? clipboard_base64[v >> 6 & 63] : '=';
        *out++ = i + 2 < len ? clipboard_base64[v & 63] : '=';
    }
    return out;
}

char *Clipboard_sequence(const char *text, bool tmux)
{
    size_t len = strlen(text);
    char *seq = Alloc_array(4 * (len / 3 + 1) + 32, 1);
    char *at = seq;
    if (tmux)
        at += sprintf(at, "\033Ptmux;\033");
    at += sprintf(at, "\033]52;c;");
    at = Clipboard_base64((const unsigned char *)text, len, at);
    at += sprintf(at, "\a");
    if (tmux)
        at += sprintf(at, "\033\\");
    *at = '\0';
    return seq;
}

static bool Clipboard_send(const char *seq)
{
    size_t len = strlen(seq), done = 0;
    while (done < len) {
        ssize_t n = write(STDOUT_FILENO, seq + done, len - done);
        if (n <= 0)
            return false;
        done += (size_t)n;
    }
    return true;
}

bool Clipboard_copy(const char *text)
{
    fflush(stdout);
    char *plain = Clipboard_sequence(text, false);
    bool ok = Clipboard_send(plain);
    free(plain);
    if (ok && getenv("TMUX") != NULL) {
        char *wrapped = Clipboard_sequence(text, true);
        ok = Clipboard_send(wrapped);
        free(wrapped);
    }
    return ok;
}
