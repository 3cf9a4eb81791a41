/* jcz_loc.c -- see jcz_loc.h.
 *
 * The saved game's locations are bit masks in the reference engine; what
 * reaches a file is their printed form, so this file works on names only:
 * a table of the names a part may have, each with the ring positions it
 * covers, and the union of the parts of a dotted name. */
#include "jcz_loc.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/loc.h"

#define BIT(r) ((uint16_t)(1u << (r)))
#define EDGES (BIT(CC_RING_N) | BIT(CC_RING_E) | BIT(CC_RING_S) | BIT(CC_RING_W))

/* The field halves in the order a dotted name lists them. */
static const struct {
    const char *name;
    int ring;
} halves[] = {
    { "NL", CC_RING_NNW }, { "NR", CC_RING_NNE }, { "EL", CC_RING_ENE }, { "ER", CC_RING_ESE },
    { "SL", CC_RING_SSE }, { "SR", CC_RING_SSW }, { "WL", CC_RING_WSW }, { "WR", CC_RING_WNW },
};

/* Every union of edges has exactly one name. */
static const struct {
    const char *name;
    uint16_t ring;
} edge_names[] = {
    { "N", BIT(CC_RING_N) },
    { "E", BIT(CC_RING_E) },
    { "S", BIT(CC_RING_S) },
    { "W", BIT(CC_RING_W) },
    { "NE", BIT(CC_RING_N) | BIT(CC_RING_E) },
    { "NS", BIT(CC_RING_N) | BIT(CC_RING_S) },
    { "NW", BIT(CC_RING_N) | BIT(CC_RING_W) },
    { "SE", BIT(CC_RING_S) | BIT(CC_RING_E) },
    { "SW", BIT(CC_RING_S) | BIT(CC_RING_W) },
    { "WE", BIT(CC_RING_W) | BIT(CC_RING_E) },
    { "_N", EDGES & (uint16_t)~BIT(CC_RING_N) },
    { "_E", EDGES & (uint16_t)~BIT(CC_RING_E) },
    { "_S", EDGES & (uint16_t)~BIT(CC_RING_S) },
    { "_W", EDGES & (uint16_t)~BIT(CC_RING_W) },
    { "NWSE", EDGES },
};

static const char *const inner_names[] = { "I", "II", "III", "IV" };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* One part of a dotted name: its ring mask and whether it is made of
 * halves, or its inner index. False if unknown. */
static bool parse_part(const char *s, size_t n, jcz_loc *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < COUNT(halves); i++)
        if (strlen(halves[i].name) == n && memcmp(s, halves[i].name, n) == 0) {
            out->ring = BIT(halves[i].ring);
            out->field = true;
            return true;
        }
    for (size_t i = 0; i < COUNT(edge_names); i++)
        if (strlen(edge_names[i].name) == n && memcmp(s, edge_names[i].name, n) == 0) {
            out->ring = edge_names[i].ring;
            return true;
        }
    for (size_t i = 0; i < COUNT(inner_names); i++)
        if (strlen(inner_names[i]) == n && memcmp(s, inner_names[i], n) == 0) {
            out->inner = (int)i + 1;
            return true;
        }
    return false;
}

bool jcz_loc_parse(const char *name, jcz_loc *out)
{
    jcz_loc all = { 0, 0, false };
    int parts = 0;
    const char *s = name;
    for (;;) {
        const char *dot = strchr(s, '.');
        size_t n = dot ? (size_t)(dot - s) : strlen(s);
        jcz_loc part;
        if (n == 0 || !parse_part(s, n, &part))
            return false;
        /* An inner name stands alone; halves and edges do not mix. */
        if (part.inner != 0 || all.inner != 0) {
            if (parts > 0)
                return false;
            all = part;
        } else if (parts > 0 && part.field != all.field) {
            return false;
        } else {
            all.ring |= part.ring;
            all.field = part.field;
        }
        parts++;
        if (dot == NULL)
            break;
        s = dot + 1;
    }
    *out = all;
    return true;
}

unsigned jcz_feature_class(const char *name)
{
    if (strcmp(name, "City") == 0)
        return 1u << CC_FEAT_CITY;
    if (strcmp(name, "Road") == 0)
        return 1u << CC_FEAT_ROAD;
    if (strcmp(name, "Field") == 0)
        return 1u << CC_FEAT_FIELD;
    if (strcmp(name, "Monastery") == 0)
        return (1u << CC_FEAT_CLOISTER) | (1u << CC_FEAT_SHRINE) | (1u << CC_FEAT_ABBEY);
    if (strcmp(name, "River") == 0)
        return 1u << CC_FEAT_RIVER;
    return 0;
}

const char *jcz_feature_class_name(cc_feature_type type)
{
    switch (type) {
    case CC_FEAT_CITY: return "City";
    case CC_FEAT_ROAD: return "Road";
    case CC_FEAT_FIELD: return "Field";
    case CC_FEAT_RIVER: return "River";
    default: return "Monastery";
    }
}

static uint16_t rotate_mask(uint16_t mask, int q)
{
    uint16_t out = 0;
    for (int r = 0; r < CC_RING_SIZE; r++)
        if (mask & BIT(r))
            out |= BIT(cc_ring_rotate(r, q));
    return out;
}

/* The n-th (from 1) inner field of t, or -1. */
static int inner_field(const cc_tile_type *t, int n)
{
    for (int k = 0; k < t->nfeatures; k++)
        if (t->features[k].type == CC_FEAT_FIELD && t->features[k].inner && --n == 0)
            return k;
    return -1;
}

int jcz_feature_k(const cc_tile_type *t, int rot, unsigned types, const jcz_loc *loc)
{
    if (loc->inner != 0) {
        int centre = cc_tile_centre_feature(t);
        if (loc->inner == 1 && centre >= 0 && (types & (1u << t->features[centre].type)))
            return centre;
        if (!(types & (1u << CC_FEAT_FIELD)))
            return -1;
        return inner_field(t, loc->inner);
    }
    uint16_t want = rotate_mask(loc->ring, -rot);
    if (want == 0)
        return -1;
    for (int k = 0; k < t->nfeatures; k++) {
        const cc_tile_feature *tf = &t->features[k];
        bool field = tf->type == CC_FEAT_FIELD;
        if ((types & (1u << tf->type)) && field == loc->field && (tf->ring_mask & want) == want)
            return k;
    }
    return -1;
}

char *jcz_feature_location(const cc_tile_type *t, int rot, int k, char *out, size_t size)
{
    const cc_tile_feature *tf = &t->features[k];
    out[0] = '\0';
    if (tf->centre) {
        snprintf(out, size, "I");
        return out;
    }
    if (tf->type == CC_FEAT_FIELD && tf->inner) {
        int n = 0;
        for (int j = 0; j <= k; j++)
            n += t->features[j].type == CC_FEAT_FIELD && t->features[j].inner;
        snprintf(out, size, "%s", n >= 1 && n <= (int)COUNT(inner_names) ? inner_names[n - 1] : "I");
        return out;
    }
    uint16_t mask = rotate_mask(tf->ring_mask, rot);
    if (tf->type != CC_FEAT_FIELD) {
        for (size_t i = 0; i < COUNT(edge_names); i++)
            if (edge_names[i].ring == (mask & EDGES)) {
                snprintf(out, size, "%s", edge_names[i].name);
                break;
            }
        return out;
    }
    size_t len = 0;
    for (size_t i = 0; i < COUNT(halves); i++)
        if ((mask & BIT(halves[i].ring)) && len + 4 < size)
            len += (size_t)snprintf(out + len, size - len, "%s%s", len ? "." : "", halves[i].name);
    return out;
}
