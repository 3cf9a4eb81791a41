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
