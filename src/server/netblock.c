/* An address's network for the count of new names: the bits kept of each
 * family, and the text written back. */
#include "server/netblock.h"

#include <arpa/inet.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define NETBLOCK_V4_BITS 24
#define NETBLOCK_V6_BITS 64

/* Zeroes every bit of bytes[0..len) past the first keep. */
static void NetBlock_mask(unsigned char *bytes, size_t len, int keep)
{
    for (size_t i = 0; i < len; i++) {
        int bit = (int)i * 8;
        if (bit >= keep)
            bytes[i] = 0;
        else if (bit + 8 > keep)
            bytes[i] &= (unsigned char)(0xff << (bit + 8 - keep));
    }
}

static void NetBlock_write(int family, const void *bytes, int bits, char out[NETBLOCK_MAX])
{
    char text[INET6_ADDRSTRLEN];
    if (inet_ntop(family, bytes, text, sizeof text) == NULL)
        snprintf(out, NETBLOCK_MAX, "unknown");
    else
        snprintf(out, NETBLOCK_MAX, "%s/%d", text, bits);
}

void NetBlock_of(const char *address, char out[NETBLOCK_MAX])
{
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    unsigned char v6[16], v4[4];
    bool is_v4 = inet_pton(AF_INET, address, v4) == 1;
    bool is_v6 = !is_v4 && inet_pton(AF_INET6, address, v6) == 1;
    if (is_v6 && memcmp(v6, mapped, sizeof mapped) == 0) { /* ::ffff:192.0.2.7 */
        memcpy(v4, v6 + sizeof mapped, sizeof v4);
        is_v4 = true;
        is_v6 = false;
    }
    if (is_v4) {
        NetBlock_mask(v4, sizeof v4, NETBLOCK_V4_BITS);
        NetBlock_write(AF_INET, v4, NETBLOCK_V4_BITS, out);
    } else if (is_v6) {
        NetBlock_mask(v6, sizeof v6, NETBLOCK_V6_BITS);
        NetBlock_write(AF_INET6, v6, NETBLOCK_V6_BITS, out);
    } else {
        snprintf(out, NETBLOCK_MAX, "%.*s", NETBLOCK_MAX - 1, address);
    }
}
