/* Key blobs and fingerprints: strict base64 both ways and the blob's own
 * type string (SSH wire format: a 32-bit length, then the bytes). */
#include "server/sshkey.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "server/sha256.h"

static const char SSHKEY_B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
#define SSHKEY_TYPE_MAX 64

static int SshKey_b64Value(char c)
{
    const char *p = c != '\0' ? strchr(SSHKEY_B64, c) : NULL;
    return p != NULL ? (int)(p - SSHKEY_B64) : -1;
}

/* Decodes padded base64; false on any other character or a bad length. */
static bool SshKey_decode(const char *text, unsigned char *out, size_t cap, size_t *n)
{
    size_t len = strlen(text);
    if (len == 0 || len % 4 != 0 || len / 4 * 3 > cap)
        return false;
    *n = 0;
    for (size_t i = 0; i < len; i += 4) {
        int pad = 0; /* '=' only closes the last group, and at most two */
        if (i + 4 == len && text[len - 1] == '=')
            pad = text[len - 2] == '=' ? 2 : 1;
        int v[4] = {0, 0, 0, 0};
        for (int j = 0; j < 4 - pad; j++)
            if ((v[j] = SshKey_b64Value(text[i + j])) < 0)
                return false;
        uint32_t word =
            (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 | (uint32_t)v[3];
        out[(*n)++] = (unsigned char)(word >> 16);
        if (pad < 2)
            out[(*n)++] = (unsigned char)(word >> 8);
        if (pad < 1)
            out[(*n)++] = (unsigned char)word;
    }
    return true;
}

/* Base64 without the '=' padding, as OpenSSH writes fingerprints. */
static void SshKey_encode(const unsigned char *in, size_t n, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t word = (uint32_t)in[i] << 16;
        if (i + 1 < n)
            word |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < n)
            word |= in[i + 2];
        size_t chars = n - i >= 3 ? 4 : n - i + 1;
        for (size_t j = 0; j < chars; j++)
            out[o++] = SSHKEY_B64[(word >> (18 - 6 * j)) & 63];
    }
    out[o] = '\0';
}

static bool SshKey_typeIsPlain(const char *type)
{
    size_t n = strlen(type);
    return n > 0 && n < SSHKEY_TYPE_MAX
        && strspn(type, "abcdefghijklmnopqrstuvwxyz0123456789@.-") == n;
}

static bool SshKey_blobHasType(const unsigned char *blob, size_t n, const char *type)
{
    if (n < 4)
        return false;
    uint32_t len = (uint32_t)blob[0] << 24 | (uint32_t)blob[1] << 16 | (uint32_t)blob[2] << 8
        | (uint32_t)blob[3];
    return len == strlen(type) && len <= n - 4 && memcmp(blob + 4, type, len) == 0;
}

bool SshKey_fingerprint(const char *type, const char *blob, char out[SSHKEY_FINGERPRINT_MAX],
                        char *err, size_t len)
{
    unsigned char raw[SSHKEY_BLOB_MAX];
    size_t n;
    if (!SshKey_typeIsPlain(type)) {
        snprintf(err, len, "not a key type: the type has characters a key type never has");
        return false;
    }
    if (strlen(blob) >= SSHKEY_BLOB_MAX || !SshKey_decode(blob, raw, sizeof raw, &n)) {
        snprintf(err, len, "not a key: the key is not base64 of a sensible length");
        return false;
    }
    if (!SshKey_blobHasType(raw, n, type)) {
        snprintf(err, len, "the key's blob is not of type %s", type);
        return false;
    }
    unsigned char digest[SHA256_DIGEST_LEN];
    Sha256_digest(raw, n, digest);
    memcpy(out, "SHA256:", 7);
    SshKey_encode(digest, sizeof digest, out + 7);
    return true;
}

bool SshKey_isFingerprint(const char *text)
{
    if (strncmp(text, "SHA256:", 7) != 0 || strlen(text) != SSHKEY_FINGERPRINT_MAX - 1)
        return false;
    for (const char *p = text + 7; *p != '\0'; p++)
        if (SshKey_b64Value(*p) < 0)
            return false;
    return true;
}
