/* peers.c -- see peers.h. Linear probing with backward-shift deletion
 * (no tombstones, so the table never fills with dead slots). */
#include "peers.h"

#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    peer_key key;
    unsigned count;      /* 0: the slot is empty */
} slot;

struct peers {
    pthread_mutex_t lock;
    size_t mask;         /* slots - 1, slots a power of two */
    slot *slots;
};

peers *peers_new(unsigned max_conns)
{
    size_t n = 64;
    while (n < 2 * (size_t)max_conns + 2)
        n *= 2;
    peers *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    /* calloc: zero pages are not touched until used, so a large table for
     * a large limit costs little memory until clients come. */
    p->slots = calloc(n, sizeof *p->slots);
    if (p->slots == NULL) {
        free(p);
        return NULL;
    }
    p->mask = n - 1;
    pthread_mutex_init(&p->lock, NULL);
    return p;
}

void peers_free(peers *p)
{
    if (p == NULL)
        return;
    pthread_mutex_destroy(&p->lock);
    free(p->slots);
    free(p);
}

peer_key peer_key_of(const struct sockaddr *sa)
{
    peer_key k;
    memset(&k, 0, sizeof k);
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)(const void *)sa;
        k.family = AF_INET;
        memcpy(k.addr, &in->sin_addr, 4);
    } else if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)(const void *)sa;
        if (IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr)) {
            k.family = AF_INET;
            memcpy(k.addr, in6->sin6_addr.s6_addr + 12, 4);
        } else {
            k.family = AF_INET6;
            memcpy(k.addr, in6->sin6_addr.s6_addr, 8);   /* the /64 */
        }
    }
    return k;
}

/* FNV-1a over the key. */
static size_t hash(const peer_key *k)
{
    uint64_t h = 14695981039346656037ull;
    h = (h ^ k->family) * 1099511628211ull;
    for (int i = 0; i < 16; i++)
        h = (h ^ k->addr[i]) * 1099511628211ull;
    return (size_t)(h ^ (h >> 29));
}

static bool same(const peer_key *a, const peer_key *b)
{
    return a->family == b->family && memcmp(a->addr, b->addr, sizeof a->addr) == 0;
}

/* The slot holding key, or the empty slot where it would go. */
static size_t find(const peers *p, const peer_key *key)
{
    size_t i = hash(key) & p->mask;
    while (p->slots[i].count != 0 && !same(&p->slots[i].key, key))
        i = (i + 1) & p->mask;
    return i;
}

bool peers_add(peers *p, const peer_key *key, unsigned cap)
{
    if (key->family == 0)
        return true;
    pthread_mutex_lock(&p->lock);
    size_t i = find(p, key);
    bool ok = p->slots[i].count < cap;
    if (ok) {
        p->slots[i].key = *key;
        p->slots[i].count++;
    }
    pthread_mutex_unlock(&p->lock);
    return ok;
}

void peers_remove(peers *p, const peer_key *key)
{
    if (key->family == 0)
        return;
    pthread_mutex_lock(&p->lock);
    size_t i = find(p, key);
    if (p->slots[i].count > 1) {
        p->slots[i].count--;
    } else if (p->slots[i].count == 1) {
        /* Empty the slot, then shift back every later entry of the run
         * that would no longer be found past the hole. */
        size_t hole = i;
        p->slots[hole].count = 0;
        for (size_t j = (hole + 1) & p->mask; p->slots[j].count != 0; j = (j + 1) & p->mask) {
            size_t home = hash(&p->slots[j].key) & p->mask;
            /* j's entry may move to hole unless its home lies in (hole, j]. */
            bool stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
            if (!stays) {
                p->slots[hole] = p->slots[j];
                p->slots[j].count = 0;
                hole = j;
            }
        }
    }
    pthread_mutex_unlock(&p->lock);
}

unsigned peers_count(peers *p, const peer_key *key)
{
    pthread_mutex_lock(&p->lock);
    unsigned n = p->slots[find(p, key)].count;
    pthread_mutex_unlock(&p->lock);
    return n;
}
