/* peers.h -- open connections per client address, for the per-address cap.
 *
 * Owns: a count of open connections per client address, shared by every
 * worker thread (one mutex: it is touched once when a connection opens and
 * once when it closes, never per request). An IPv4-mapped IPv6 address
 * counts as the IPv4 address; any other IPv6 address counts as its /64
 * network, since one host usually holds a whole /64.
 *
 * The table is sized once for the connection limit (open addressing, at
 * most half full: there are never more distinct addresses than open
 * connections), so adding never allocates.
 *
 *   peers_new(max_conns)           NULL if out of memory
 *   peers_free(p)
 *   peer_key_of(sockaddr)          the key a client address counts under
 *   peers_add(p, key, cap)         one more connection; false at the cap
 *   peers_remove(p, key)           one connection fewer
 *   peers_count(p, key)            open connections under key (tests)
 */
#ifndef PEERS_H
#define PEERS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

typedef struct {
    uint8_t family;      /* AF_INET, AF_INET6, or 0 (unknown: never capped) */
    uint8_t addr[16];
} peer_key;

typedef struct peers peers;

peers *peers_new(unsigned max_conns);
void peers_free(peers *p);

peer_key peer_key_of(const struct sockaddr *sa);

/* Count one more connection under key unless it already has cap (false:
 * nothing counted). A key of family 0 is always admitted, never counted. */
bool peers_add(peers *p, const peer_key *key, unsigned cap);
void peers_remove(peers *p, const peer_key *key);
unsigned peers_count(peers *p, const peer_key *key);

#endif
