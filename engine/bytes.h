/* bytes.h -- short byte strings compared a word at a time.
 *
 * Owns: the one compare of a few-word text (a tile id, a player's name)
 * against another that the catalog's index (catalog.c) and the service's
 * reader (service/wire/decode_raw.h) both use per tile of a request. Such
 * texts are shorter than what a call of memcmp and its set-up cost: two or
 * three loads and compares do it. Words are read with memcpy (no alignment
 * assumed; the compiler makes it one load).
 *
 *   cc_load64(p), cc_load32(p)   eight or four bytes at p, as one word
 *   cc_same_bytes(a, b, n)       a[0..n) == b[0..n)
 */
#ifndef CC_BYTES_H
#define CC_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t cc_load64(const char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

static inline uint32_t cc_load32(const char *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
}

/* a[0..n) == b[0..n). The last word overlaps the one before it rather than
 * reading past n ("base.D": its first four bytes and its last four). */
static inline bool cc_same_bytes(const char *a, const char *b, size_t n)
{
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if (cc_load64(a + i) != cc_load64(b + i))
                return false;
        return cc_load64(a + n - 8) == cc_load64(b + n - 8);
    }
    if (n >= 4)
        return cc_load32(a) == cc_load32(b) && cc_load32(a + n - 4) == cc_load32(b + n - 4);
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

#endif
