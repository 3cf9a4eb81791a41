/* decode_raw.h -- plain text compared and read where it stands: the
 * helpers the decoder's fast paths (decode.c) and its lane (decode_lane.c)
 * share.
 *
 * "Plain" text is the bytes of a JSON string or member name without
 * escapes (json_reader.h: jr_plain_byte), so its bytes are its value and
 * hold no NUL. Each helper answers what the careful reader would answer
 * for such text, or "no" (-1, false); the caller then leaves the value to
 * the careful reader, which says what is wrong.
 *
 *   raw_is(raw, len, s)          raw[0..len) is exactly the C string s
 *   cc_same_bytes(a, b, n)            two texts' first n bytes alike, a word at a time
 *   raw_player(raw, len, pos)    the player so named, or -1
 *   raw_kind(raw, len)           the figure kind so named, or -1
 *   raw_loc()                    a location
 *   placed_tile(), placed_figure()   an element's values as the engine holds them
 */
#ifndef DECODE_RAW_H
#define DECODE_RAW_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../engine/bytes.h"
#include "../../engine/loc.h"
#include "../../engine/position.h"

/* Is the plain text raw[0..len) exactly the C string s? A loop, not
 * strncmp: names and kinds are a few bytes, shorter than a call. Since
 * raw holds no NUL (the strict pass refuses raw control bytes), the loop
 * stops at s's end at the latest. */
static inline bool raw_is(const char *raw, uint32_t len, const char *s)
{
    for (uint32_t i = 0; i < len; i++)
        if (raw[i] != s[i])
            return false;
    return s[len] == '\0';
}

/* The player named raw[0..len), the plain text of a string or a member
 * name, or -1. */
static inline int raw_player(const char *raw, uint32_t len, const cc_position *pos)
{
    if (len >= CC_NAME_MAX)
        return -1;
    for (int p = 0; p < pos->nplayers; p++)
        if (raw_is(raw, len, pos->players[p]))
            return p;
    return -1;
}

/* The figure kind the plain text raw[0..len) names, or -1. */
static inline int raw_kind(const char *raw, uint32_t len)
{
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (raw_is(raw, len, cc_figure_kind_name((cc_figure_kind)k)))
            return k;
    return -1;
}

/* A location's name of one to three bytes ("C", "N", "NNE", "SE", "#12")
 * as one word: its bytes, the first lowest and the ones it lacks zero,
 * and its length in bits 24 and 25 (so that "N" and "N" with a NUL after
 * it, which no name has but a body may, differ). */
#define LOC_KEY(a, b, c, len) \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(len) << 24)
#define LOC_KEY_MASK 0x03FFFFFFu

/* The slot of loc_names[] a key goes to. Each of the 17 names has a slot
 * of its own (the multiplier was searched for it): two in one would be an
 * initializer given twice, which the build refuses (-Woverride-init, in
 * -Wextra). */
#define LOC_SLOT(key) ((uint32_t)((key) * 0xAF29D115u) >> 27)

/* A slot: the name's key, its location's kind in bits 26 and 27 and value
 * in bits 28 to 31 (a ring position is below 12). */
#define LOC_NAME(a, b, c, len, kind, value) \
    [LOC_SLOT(LOC_KEY(a, b, c, len))] =     \
        LOC_KEY(a, b, c, len) | (uint32_t)(kind) << 26 | (uint32_t)(value) << 28

/* cc_loc_parse()'s names but "#k", found in one probe of 128 bytes (two
 * cache lines): a location is read for every figure, and the names are
 * few. Empty slots hold 0, the key of no text of one to three bytes. */
static const uint32_t loc_names[32] = {
    LOC_NAME('C', 0, 0, 1, CC_LOC_CENTRE, 0),
    LOC_NAME('N', 0, 0, 1, CC_LOC_RING, CC_RING_N),
    LOC_NAME('N', 'N', 'E', 3, CC_LOC_RING, CC_RING_NNE),
    LOC_NAME('E', 'N', 'E', 3, CC_LOC_RING, CC_RING_ENE),
    LOC_NAME('E', 0, 0, 1, CC_LOC_RING, CC_RING_E),
    LOC_NAME('E', 'S', 'E', 3, CC_LOC_RING, CC_RING_ESE),
    LOC_NAME('S', 'S', 'E', 3, CC_LOC_RING, CC_RING_SSE),
    LOC_NAME('S', 0, 0, 1, CC_LOC_RING, CC_RING_S),
    LOC_NAME('S', 'S', 'W', 3, CC_LOC_RING, CC_RING_SSW),
    LOC_NAME('W', 'S', 'W', 3, CC_LOC_RING, CC_RING_WSW),
    LOC_NAME('W', 0, 0, 1, CC_LOC_RING, CC_RING_W),
    LOC_NAME('W', 'N', 'W', 3, CC_LOC_RING, CC_RING_WNW),
    LOC_NAME('N', 'N', 'W', 3, CC_LOC_RING, CC_RING_NNW),
    LOC_NAME('N', 'E', 0, 2, CC_LOC_CORNER, CC_CORNER_NE),
    LOC_NAME('S', 'E', 0, 2, CC_LOC_CORNER, CC_CORNER_SE),
    LOC_NAME('S', 'W', 0, 2, CC_LOC_CORNER, CC_CORNER_SW),
    LOC_NAME('N', 'W', 0, 2, CC_LOC_CORNER, CC_CORNER_NW),
};

/* The location the text raw[0..len) names, as cc_loc_parse() reads it: a
 * name of the table, or "#k", k in 0..63 without a leading zero (no text
 * of four bytes or more names one). */
static inline bool raw_loc(const unsigned char *raw, uint32_t len, cc_loc *out)
{
    if (len == 0 || len > 3)
        return false;
    if (raw[0] == '#') {        /* "#0" to "#63": "#" alone has no digit */
        unsigned tens = len == 3 ? (unsigned)raw[1] - '0' : 0;
        unsigned units = (unsigned)raw[len - 1] - '0';
        if (len == 1 || tens > 9 || units > 9 || (len == 3 && tens == 0) || tens * 10 + units > 63)
            return false;
        *out = cc_loc_make(CC_LOC_FEATURE, (int)(tens * 10 + units));
        return true;
    }
    uint32_t key = LOC_KEY(raw[0], len > 1 ? raw[1] : 0, len > 2 ? raw[2] : 0, len);
    uint32_t slot = loc_names[LOC_SLOT(key)];
    if ((slot & LOC_KEY_MASK) != key)
        return false;
    *out = cc_loc_make((cc_loc_kind)(slot >> 26 & 3), (int)(slot >> 28));
    return true;
}

/* A tile element read: rot in degrees (a multiple of 90) becomes quarter
 * turns; owner -1 where no "player" is given. */
static inline cc_placed_tile placed_tile(int type, int x, int y, int rot_degrees, int owner)
{
    cc_placed_tile t = { .type = type, .x = x, .y = y, .rot = rot_degrees / 90, .owner = owner };
    return t;
}

/* A figure element read into *out (no flock yet): every other byte zero,
 * as the careful reader leaves it, so that positions compare byte for
 * byte. Filled in place rather than returned, so that no 44-byte figure is
 * copied for every element. */
static inline void placed_figure(cc_figure *out, int player, cc_figure_kind kind, int x, int y,
                                 cc_loc at)
{
    memset(out, 0, sizeof *out);
    out->player = player;
    out->kind = kind;
    out->x = x;
    out->y = y;
    out->at = at;
}

#endif
