/* loc.c -- see loc.h. */
#include "loc.h"

#include <stdio.h>
#include <string.h>

const int cc_dir_dx[4] = { 0, 1, 0, -1 };
const int cc_dir_dy[4] = { -1, 0, 1, 0 };

static const char *const ring_names[CC_RING_SIZE] = {
    "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW"
};
static const char *const corner_names[CC_NCORNERS] = { "NE", "SE", "SW", "NW" };

int cc_ring_facing(int r)
{
    /* Edges face the opposite edge; halves keep their side of the midpoint,
     * which mirrors the ring across the axis of that edge. */
    static const int facing[CC_RING_SIZE] = {
        [CC_RING_N] = CC_RING_S,     [CC_RING_NNE] = CC_RING_SSE,
        [CC_RING_ENE] = CC_RING_WNW, [CC_RING_E] = CC_RING_W,
        [CC_RING_ESE] = CC_RING_WSW, [CC_RING_SSE] = CC_RING_NNE,
        [CC_RING_S] = CC_RING_N,     [CC_RING_SSW] = CC_RING_NNW,
        [CC_RING_WSW] = CC_RING_ESE, [CC_RING_W] = CC_RING_E,
        [CC_RING_WNW] = CC_RING_ENE, [CC_RING_NNW] = CC_RING_SSW,
    };
    return facing[r];
}

bool cc_loc_parse(const char *s, cc_loc *out)
{
    if (s == NULL)
        return false;
    if (strcmp(s, "C") == 0) {
        *out = cc_loc_make(CC_LOC_CENTRE, 0);
        return true;
    }
    /* Most names differ in their first byte: compare the rest only then
     * (a position names a location for each of its figures). */
    for (int r = 0; r < CC_RING_SIZE; r++)
        if (s[0] == ring_names[r][0] && strcmp(s, ring_names[r]) == 0) {
            *out = cc_loc_make(CC_LOC_RING, r);
            return true;
        }
    for (int c = 0; c < CC_NCORNERS; c++)
        if (s[0] == corner_names[c][0] && strcmp(s, corner_names[c]) == 0) {
            *out = cc_loc_make(CC_LOC_CORNER, c);
            return true;
        }
    if (s[0] == '#' && s[1] >= '0' && s[1] <= '9') {
        if (s[1] == '0' && s[2] != '\0')
            return false;                 /* no leading zeros: one name per k */
        int k = 0;
        for (const char *p = s + 1; *p; p++) {
            if (*p < '0' || *p > '9')
                return false;
            k = k * 10 + (*p - '0');
            if (k > 63)
                return false;
        }
        *out = cc_loc_make(CC_LOC_FEATURE, k);
        return true;
    }
    return false;
}

char *cc_loc_name(cc_loc loc, char *buf)
{
    switch ((cc_loc_kind)loc.kind) {
    case CC_LOC_CENTRE: strcpy(buf, "C"); break;
    case CC_LOC_RING:   strcpy(buf, ring_names[loc.value % CC_RING_SIZE]); break;
    case CC_LOC_CORNER: strcpy(buf, corner_names[loc.value % CC_NCORNERS]); break;
    case CC_LOC_FEATURE: {   /* "#%u" without snprintf: answers name hundreds */
        unsigned v = loc.value;
        char *o = buf;
        *o++ = '#';
        if (v >= 100)
            *o++ = (char)('0' + v / 100);
        if (v >= 10)
            *o++ = (char)('0' + v / 10 % 10);
        *o++ = (char)('0' + v % 10);
        *o = '\0';
        break;
    }
    default: strcpy(buf, "?"); break;
    }
    return buf;
}

static int loc_rank(cc_loc l)
{
    switch ((cc_loc_kind)l.kind) {
    case CC_LOC_CENTRE:  return 0;
    case CC_LOC_RING:    return 1 + l.value;
    case CC_LOC_FEATURE: return 1 + CC_RING_SIZE + l.value;
    case CC_LOC_CORNER:  return 1 + CC_RING_SIZE + 64 + l.value;
    }
    return 1000;
}

int cc_loc_compare(cc_loc a, cc_loc b)
{
    return loc_rank(a) - loc_rank(b);
}
