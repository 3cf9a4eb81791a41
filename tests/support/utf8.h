/* utf8.h -- is a byte string valid UTF-8? (RFC 3629: no overlong form, no
 * encoded surrogate, nothing past U+10FFFF, no sequence cut short.)
 *
 * Owns the one check the tests and the fuzz harnesses make of every text
 * answer (issue 35: a problem whose pointer was cut inside a character was
 * unreadable to strict JSON clients). Header-only, so a harness needs no
 * object of the tests. */
#ifndef TU_UTF8_H
#define TU_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The offset of the first byte that is not part of valid UTF-8, or len. */
static inline size_t tu_utf8_bad_at(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        size_t n;
        unsigned lo = 0x80, hi = 0xBF;      /* the second byte's range */
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            n = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 3;
            if (c == 0xE0)
                lo = 0xA0;                  /* overlong */
            else if (c == 0xED)
                hi = 0x9F;                  /* surrogates */
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 4;
            if (c == 0xF0)
                lo = 0x90;                  /* overlong */
            else if (c == 0xF4)
                hi = 0x8F;                  /* past U+10FFFF */
        } else {
            return i;
        }
        if (i + n > len || s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (size_t k = 2; k < n; k++)
            if ((s[i + k] & 0xC0) != 0x80)
                return i;
        i += n;
    }
    return len;
}

static inline bool tu_utf8_valid(const char *text, size_t len)
{
    return tu_utf8_bad_at(text, len) == len;
}

#endif
