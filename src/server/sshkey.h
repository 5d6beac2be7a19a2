/* SSH public keys as sshd hands them to the key command: the type word, the
 * base64 blob, and the SHA256 fingerprint that names a key on the server
 * (the form ssh-keygen -l shows: "SHA256:" and 43 base64 characters). */
#ifndef ZANZIBAR_SERVER_SSHKEY_H
#define ZANZIBAR_SERVER_SSHKEY_H

#include <stdbool.h>
#include <stddef.h>

/* "SHA256:" + 43 characters + NUL. */
#define SSHKEY_FINGERPRINT_MAX 51
/* The longest blob accepted in base64 (an RSA key of 16384 bits fits). */
#define SSHKEY_BLOB_MAX 8192

/* The fingerprint of a key given as type and base64 blob. Refuses (false,
 * a message) a type of characters other than a-z 0-9 @ . -, a blob that
 * is not canonical base64, and a blob whose own type is not type. */
bool SshKey_fingerprint(const char *type, const char *blob, char out[SSHKEY_FINGERPRINT_MAX],
                        char *err, size_t len);

/* True when text has the form of a fingerprint. */
bool SshKey_isFingerprint(const char *text);

#endif
