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

/* The names but "#k", found in one probe of 128 bytes (two cache lines):
 * a request's body names a location for every figure, and the names are
 * few. Empty slots hold 0, the key of no text of one to three bytes. The
 * names are ring_names[] and corner_names[] (a test parses every name
 * cc_loc_name() writes). */
/* A designator and its value, which no parentheses may enclose. */
/* NOLINTBEGIN(bugprone-macro-parentheses) */
#define CC_LOC_NAME(a, b, c, len, kind, value) \
    [CC_LOC_SLOT(CC_LOC_KEY(a, b, c, len))] =     \
        CC_LOC_KEY(a, b, c, len) | (uint32_t)(kind) << 26 | (uint32_t)(value) << 28
/* NOLINTEND(bugprone-macro-parentheses) */

const uint32_t cc_loc_names[32] = {
    CC_LOC_NAME('C', 0, 0, 1, CC_LOC_CENTRE, 0),
    CC_LOC_NAME('N', 0, 0, 1, CC_LOC_RING, CC_RING_N),
    CC_LOC_NAME('N', 'N', 'E', 3, CC_LOC_RING, CC_RING_NNE),
    CC_LOC_NAME('E', 'N', 'E', 3, CC_LOC_RING, CC_RING_ENE),
    CC_LOC_NAME('E', 0, 0, 1, CC_LOC_RING, CC_RING_E),
    CC_LOC_NAME('E', 'S', 'E', 3, CC_LOC_RING, CC_RING_ESE),
    CC_LOC_NAME('S', 'S', 'E', 3, CC_LOC_RING, CC_RING_SSE),
    CC_LOC_NAME('S', 0, 0, 1, CC_LOC_RING, CC_RING_S),
    CC_LOC_NAME('S', 'S', 'W', 3, CC_LOC_RING, CC_RING_SSW),
    CC_LOC_NAME('W', 'S', 'W', 3, CC_LOC_RING, CC_RING_WSW),
    CC_LOC_NAME('W', 0, 0, 1, CC_LOC_RING, CC_RING_W),
    CC_LOC_NAME('W', 'N', 'W', 3, CC_LOC_RING, CC_RING_WNW),
    CC_LOC_NAME('N', 'N', 'W', 3, CC_LOC_RING, CC_RING_NNW),
    CC_LOC_NAME('N', 'E', 0, 2, CC_LOC_CORNER, CC_CORNER_NE),
    CC_LOC_NAME('S', 'E', 0, 2, CC_LOC_CORNER, CC_CORNER_SE),
    CC_LOC_NAME('S', 'W', 0, 2, CC_LOC_CORNER, CC_CORNER_SW),
    CC_LOC_NAME('N', 'W', 0, 2, CC_LOC_CORNER, CC_CORNER_NW),
};

bool cc_loc_parse(const char *s, cc_loc *out)
{
    return s != NULL && cc_loc_parse_n(s, strlen(s), out);
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
