/* loc.h -- locations on a tile, rotation, and the contract's canonical order.
 *
 * Owns: the vocabulary every other module uses to say "where on a tile":
 *   - the 12-position ring round a tile's border (edges and field halves),
 *   - the centre building C, a catalog feature #k, and the four corners,
 *   - rotation (clockwise quarter turns), edge facing, half-edge meeting,
 *   - parsing and printing the contract's location names.
 *
 * Why a ring: walking clockwise from north, the border of a tile is
 *   N NNE ENE E ESE SSE S SSW WSW W WNW NNW
 * and a quarter turn clockwise moves every position three steps along it.
 * The ring order is also the contract's canonical order after C, so sorting
 * by (kind, ring index, k) sorts canonically.
 *
 * Pure functions, no state. */
#ifndef CC_LOC_H
#define CC_LOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { CC_DIR_N, CC_DIR_E, CC_DIR_S, CC_DIR_W, CC_NDIRS };

/* Ring positions, clockwise from north (RING_N == 0). */
enum {
    CC_RING_N, CC_RING_NNE, CC_RING_ENE, CC_RING_E, CC_RING_ESE, CC_RING_SSE,
    CC_RING_S, CC_RING_SSW, CC_RING_WSW, CC_RING_W, CC_RING_WNW, CC_RING_NNW,
    CC_RING_SIZE
};

/* Corners, clockwise from north-east (barns stand on them). */
enum { CC_CORNER_NE, CC_CORNER_SE, CC_CORNER_SW, CC_CORNER_NW, CC_NCORNERS };

typedef enum {
    CC_LOC_CENTRE,   /* "C" */
    CC_LOC_RING,     /* an edge or a field half: value = ring index */
    CC_LOC_FEATURE,  /* "#k": value = k, rotation-independent */
    CC_LOC_CORNER    /* "NE" "SE" "SW" "NW": value = corner */
} cc_loc_kind;

typedef struct {
    uint8_t kind;   /* cc_loc_kind */
    uint8_t value;
} cc_loc;

/* Ring index of edge direction d (N=0, E=3, S=6, W=9). */
static inline int cc_ring_of_dir(int d) { return 3 * d; }
static inline bool cc_ring_is_edge(int r) { return r % 3 == 0; }
/* The edge a ring position lies on: an edge itself, or the edge a half
 * belongs to. Halves sit one step either side of their edge (NNW=11 and
 * NNE=1 round N=0), so round to the nearest multiple of 3, wrapping. */
static inline int cc_dir_of_ring(int r) { return (r + 1) / 3 % 4; }
static inline int cc_dir_opposite(int d) { return (d + 2) & 3; }

/* Rotate ring position r by q clockwise quarter turns (q may be negative). */
/* Hot (every tile of every request is turned): one division at most, and
 * the four-way turns as a mask, which is the mathematical modulo for
 * negative sums too in two's complement. */
static inline int cc_ring_rotate(int r, int q)
{
    int s = (r + 3 * q) % 12;
    return s < 0 ? s + 12 : s;
}
static inline int cc_dir_rotate(int d, int q) { return (d + q) & 3; }
static inline int cc_corner_rotate(int c, int q) { return (c + q) & 3; }

/* The ring position of the neighbour across the border that touches ring
 * position r of this tile: an edge meets the facing edge, a half meets the
 * half on the same side of the midpoint (NNW<->SSW, NNE<->SSE, ENE<->WNW,
 * ESE<->WSW). */
int cc_ring_facing(int r);

/* The two field halves that bound corner c, in clockwise order. */
static inline int cc_corner_half_a(int c) { return 3 * c + 1; }
static inline int cc_corner_half_b(int c) { return 3 * c + 2; }

/* Cell offsets of direction d, y growing south. */
extern const int cc_dir_dx[4];
extern const int cc_dir_dy[4];

/* Parse a contract location name ("C", "N", "NNE", "#3", "SE"...).
 * Returns true and fills *out on success; false for anything else
 * (the caller owns the error message). "#k" accepts 0..63 without
 * leading zeros. */
bool cc_loc_parse(const char *s, cc_loc *out);

/* Write the contract name of loc into buf (at least 8 bytes). Returns buf. */
char *cc_loc_name(cc_loc loc, char *buf);

/* Corner c (CC_CORNER_*) as a location. */
static inline cc_loc cc_corner_loc(int c)
{
    cc_loc l = { CC_LOC_CORNER, (uint8_t)c };
    return l;
}

/* A location as one integer (message arguments, engine/text.h) and back. */
static inline int cc_loc_pack(cc_loc loc) { return loc.kind << 8 | loc.value; }
static inline cc_loc cc_loc_unpack(int v)
{
    cc_loc l = { (uint8_t)(v >> 8 & 0xFF), (uint8_t)(v & 0xFF) };
    return l;
}

/* Canonical order: C, ring N..NNW, #0, #1, ..., then corners.
 * Returns <0, 0, >0 like strcmp. */
int cc_loc_compare(cc_loc a, cc_loc b);

static inline cc_loc cc_loc_make(cc_loc_kind kind, int value)
{
    cc_loc l = { (uint8_t)kind, (uint8_t)value };
    return l;
}

/* A location's name of one to three bytes ("C", "N", "NNE", "SE", "#12")
 * as one word: its bytes, the first lowest and the ones it lacks zero,
 * and its length in bits 24 and 25 (so that "N" and "N" with a NUL after
 * it, which no name has but a body may, differ). */
#define CC_LOC_KEY(a, b, c, len) \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(len) << 24)
#define CC_LOC_KEY_MASK 0x03FFFFFFu

/* The slot of cc_loc_names[] a key goes to. Each of the 17 names has a slot
 * of its own (the multiplier was searched for it): two in one would be an
 * initializer given twice, which the build refuses (-Woverride-init, in
 * -Wextra). */
#define CC_LOC_SLOT(key) ((uint32_t)((key) * 0xAF29D115u) >> 27)

/* A slot of cc_loc_names[]: the name's key, its location's kind in bits
 * 26 and 27 and value in bits 28 to 31 (a ring position is below 12); 0
 * where empty (the key of no text of one to three bytes). */
extern const uint32_t cc_loc_names[32];

/* cc_loc_parse() for the text s[0..len), which need not end in a NUL (a
 * name read in place from a request's body, once per figure: inline): a
 * text holding a NUL names none. */
static inline bool cc_loc_parse_n(const char *s, size_t len, cc_loc *out)
{
    const unsigned char *raw = (const unsigned char *)s;
    if (len == 0 || len > 3)
        return false;           /* no name has four bytes or more */
    if (raw[0] == '#') {        /* "#0" to "#63", no leading zero: "#" alone has no digit */
        unsigned tens = len == 3 ? (unsigned)raw[1] - '0' : 0;
        unsigned units = (unsigned)raw[len - 1] - '0';
        if (len == 1 || tens > 9 || units > 9 || (len == 3 && tens == 0) || tens * 10 + units > 63)
            return false;
        *out = cc_loc_make(CC_LOC_FEATURE, (int)(tens * 10 + units));
        return true;
    }
    uint32_t key = CC_LOC_KEY(raw[0], len > 1 ? raw[1] : 0, len > 2 ? raw[2] : 0, len);
    uint32_t slot = cc_loc_names[CC_LOC_SLOT(key)];
    if ((slot & CC_LOC_KEY_MASK) != key)
        return false;
    *out = cc_loc_make((cc_loc_kind)(slot >> 26 & 3), (int)(slot >> 28));
    return true;
}

static inline bool cc_loc_equal(cc_loc a, cc_loc b)
{
    return a.kind == b.kind && a.value == b.value;
}

#endif
