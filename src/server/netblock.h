/* The network a client's address belongs to, as the server counts new
 * names: an IPv4 address's /24 and an IPv6 address's /64 (one home or one
 * provider's customer has a whole /64, and often a /24's neighbours). */
#ifndef ZANZIBAR_SERVER_NETBLOCK_H
#define ZANZIBAR_SERVER_NETBLOCK_H

#include <stddef.h>

#define NETBLOCK_MAX 64

/* Writes the network of address ("192.0.2.0/24", "2001:db8:1:2::/64"; an
 * IPv4 address mapped into IPv6 counts as IPv4) into out; anything that is
 * no address is kept as it is, so that all such count together. */
void NetBlock_of(const char *address, char out[NETBLOCK_MAX]);

#endif
