/* SHA-256 (FIPS 180-4), for the fingerprints of SSH keys as ssh-keygen -l
 * shows them. Pure arithmetic, no I/O. */
#ifndef ZANZIBAR_SERVER_SHA256_H
#define ZANZIBAR_SERVER_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_LEN 32

/* The digest of the len bytes at data. */
void Sha256_digest(const unsigned char *data, size_t len, unsigned char out[SHA256_DIGEST_LEN]);

#endif
