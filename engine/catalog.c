/* catalog.c -- look-ups over an immutable catalog; see catalog.h. */
#include "catalog.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "bytes.h"

static const struct { const char *name; unsigned bit; } expansions[] = {
    { "base", CC_EXP_BASE },
    { "abbey-mayor", CC_EXP_ABBEY_MAYOR },
    { "hills-sheep", CC_EXP_HILLS_SHEEP },
    { "messages", CC_EXP_MESSAGES },
    { "shrines", CC_EXP_SHRINES },
    { "river", CC_EXP_RIVER },
    { "river-ii", CC_EXP_RIVER_II },
    { "inns-cathedrals", CC_EXP_INNS_CATHEDRALS },
    { "traders-builders", CC_EXP_TRADERS_BUILDERS },
};

unsigned cc_expansion_of_set(const char *name)
{
    for (size_t i = 0; i < sizeof expansions / sizeof expansions[0]; i++)
        if (strcmp(name, expansions[i].name) == 0)
            return expansions[i].bit;
    return 0;
}

unsigned cc_expansion_parse(const char *name)
{
    return cc_expansion_of_set(name) & CC_EXP_RULED;
}

const char *cc_expansion_name(unsigned bit)
{
    for (size_t i = 0; i < sizeof expansions / sizeof expansions[0]; i++)
        if (expansions[i].bit == bit)
            return expansions[i].name;
    return "?";
}

/* Ids share their beginnings ("base.", "abbey-mayor.") and differ at
 * their ends ("base.D", "base.RCr"): the length and the last four bytes,
 * read as one word, hash well enough, and a look-up hashes without a
 * loop. */
static uint32_t name_hash_n(const char *name, size_t len)
{
    uint32_t tail = 0;
    if (len >= 4)
        memcpy(&tail, name + len - 4, 4);
    else
        for (size_t i = 0; i < len; i++)
            tail = tail << 8 | (unsigned char)name[i];
    uint32_t h = tail ^ (uint32_t)len * 0x9E3779B9u;
    h ^= h >> 16;               /* every input bit reaches the low bits */
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    return h ^ (h >> 16);
}

int cc_catalog_count_names(const cc_catalog *cat)
{
    int n = 0, slots = 16;
    for (int i = 0; i < cat->ntypes; i++)
        n += 1 + cat->types[i].naliases;
    while (slots < 2 * n)
        slots *= 2;
    return slots;
}

/* A record's first line holds its flags and the start of its id (catalog.h). */
_Static_assert(offsetof(cc_tile_type, id) < 64 && offsetof(cc_tile_type, is_abbey) < 64,
               "an id's look-up and the checks of its type read one line");

/* The text a slot names: an id or alias in the catalog's records. */
static const char *slot_name(const cc_catalog *cat, const cc_catalog_name *slot)
{
    return (const char *)cat->types + slot->at;
}

/* The byte of the hash a slot keeps: the top one (the low bits pick the slot). */
static uint8_t hash_tag(uint32_t hash)
{
    return (uint8_t)(hash >> 24);
}

static void add_name(const cc_catalog *cat, cc_catalog_name *names, int nslots, int type,
                     const char *name)
{
    size_t len = strlen(name);
    uint32_t hash = name_hash_n(name, len);
    int i = (int)(hash & (unsigned)(nslots - 1));
    for (; names[i].type >= 0; i = (i + 1) & (nslots - 1))
        if (names[i].len == len && strcmp(slot_name(cat, &names[i]), name) == 0)
            return;                           /* the first type keeps it */
    names[i] = (cc_catalog_name){ (uint32_t)(name - (const char *)cat->types), (int16_t)type,
                                  (uint8_t)len, hash_tag(hash) };
}

void cc_catalog_names(const cc_catalog *cat, cc_catalog_name *names, int nslots)
{
    for (int i = 0; i < nslots; i++)
        names[i] = (cc_catalog_name){ 0, -1, 0, 0 };
    for (int i = 0; i < cat->ntypes; i++) {
        add_name(cat, names, nslots, i, cat->types[i].id);
        for (int a = 0; a < cat->types[i].naliases; a++)
            add_name(cat, names, nslots, i, cat->types[i].aliases[a]);
    }
}

int cc_catalog_find(const cc_catalog *cat, const char *name)
{
    return cc_catalog_find_n(cat, name, strlen(name));
}

/* Is the C string stored exactly name[0..len)? Compared a byte at a time
 * up to stored's end, so a name holding a NUL never matches and stored is
 * never read past its terminator (the scan, without the index). */
static bool name_equals(const char *stored, const char *name, size_t len)
{
    size_t i = 0;
    while (i < len && stored[i] != '\0' && stored[i] == name[i])
        i++;
    return i == len && stored[len] == '\0';
}

int cc_catalog_find_n(const cc_catalog *cat, const char *name, size_t len)
{
    if (cat->nnames > 0) {
        int mask = cat->nnames - 1;
        uint32_t hash = name_hash_n(name, len);
        uint8_t tag = hash_tag(hash);
        for (int i = (int)(hash & (unsigned)mask); cat->names[i].type >= 0; i = (i + 1) & mask) {
            const cc_catalog_name *slot = &cat->names[i];
            if (slot->tag == tag && slot->len == len &&
                cc_same_bytes(slot_name(cat, slot), name, len))
                return slot->type;
        }
        return -1;
    }
    for (int i = 0; i < cat->ntypes; i++) {
        const cc_tile_type *t = &cat->types[i];
        if (name_equals(t->id, name, len))
            return i;
        for (int a = 0; a < t->naliases; a++)
            if (name_equals(t->aliases[a], name, len))
                return i;
    }
    return -1;
}

/* ---- suggestions for a mistaken id ----------------------------------------------- */

/* The part of an id or alias after its set: "D" of "base.D", "RCr" of "BA/RCr". */
static const char *after_set(const char *s)
{
    const char *p = strrchr(s, '/');
    if (p == NULL)
        p = strchr(s, '.');
    return p ? p + 1 : s;
}

/* Levenshtein distance of a and b, case aside, capped: anything above
 * limit reads limit + 1 (names are short, at most CC_ID_MAX bytes). */
static int distance(const char *a, const char *b, int limit)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na >= CC_ID_MAX || nb >= CC_ID_MAX)
        return limit + 1;
    if ((na > nb ? na - nb : nb - na) > (size_t)limit)
        return limit + 1;
    int row[CC_ID_MAX + 1];
    for (size_t j = 0; j <= nb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= na; i++) {
        int diag = row[0], best = row[0] = (int)i;
        for (size_t j = 1; j <= nb; j++) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int v = diag + cost;
            if (up + 1 < v)
                v = up + 1;
            if (row[j - 1] + 1 < v)
                v = row[j - 1] + 1;
            row[j] = v;
            diag = up;
            if (v < best)
                best = v;
        }
        if (best > limit)
            return limit + 1;
    }
    return row[nb] <= limit ? row[nb] : limit + 1;
}

/* How well name fits tile type t: 0 the same but for case, 1 the part after
 * the set, 2 + edits within two edits, -1 not at all. */
static int fit(const cc_tile_type *t, const char *name)
{
    int best = -1;
    for (int a = -1; a < t->naliases; a++) {
        const char *s = a < 0 ? t->id : t->aliases[a];
        int f = -1;
        if (strcasecmp(s, name) == 0)
            f = 0;
        else if (strcmp(after_set(s), name) == 0 || strcasecmp(after_set(s), name) == 0)
            f = 1;
        else {
            int d = distance(s, name, 2);
            if (d <= 2)
                f = 2 + d;
        }
        if (f >= 0 && (best < 0 || f < best))
            best = f;
    }
    return best;
}

int cc_catalog_suggest(const cc_catalog *cat, const char *name, int *out, int max)
{
    int n = 0;
    if (name == NULL || name[0] == '\0' || max <= 0)
        return 0;
    /* Only the best fit found, in catalog order: one pass per fit level
     * (five levels, a catalog of a few hundred types) until one matches. */
    for (int level = 0; level <= 4 && n == 0; level++)
        for (int i = 0; i < cat->ntypes && n < max; i++)
            if (fit(&cat->types[i], name) == level)
                out[n++] = i;
    return n;
}

int cc_catalog_abbey(const cc_catalog *cat)
{
    for (int i = 0; i < cat->ntypes; i++)
        if (cat->types[i].is_abbey)
            return i;
    return -1;
}

/* One rotation: what cc_tile_feature_at_ring() and cc_tile_centre_feature()
 * say for every ring position and the centre (the lowest k owning it), in
 * one walk of the features from the last to the first. */
static void turn_one(const cc_tile_type *t, int rot, cc_tile_turn *out)
{
    for (int d = 0; d < 4; d++) {
        out->edge[cc_dir_rotate(d, rot)] = t->edges[d];
        out->split_city[d] = -1;
    }
    memset(out->ring_feature, -1, sizeof out->ring_feature);
    out->centre_feature = -1;
    int turn = cc_ring_rotate(0, rot);   /* ring positions the tile turns by */
    for (int k = t->nfeatures - 1; k >= 0; k--) {
        unsigned mask = t->features[k].ring_mask & ((1u << CC_RING_SIZE) - 1);
        for (; mask != 0; mask &= mask - 1) {   /* each ring position it owns */
            int r = __builtin_ctz(mask) + turn;
            out->ring_feature[r >= CC_RING_SIZE ? r - CC_RING_SIZE : r] = (int8_t)k;
        }
        if (t->features[k].centre)
            out->centre_feature = (int8_t)k;
    }
    for (int k = 0; k < t->nfeatures; k++)
        if (t->features[k].split_edge >= 0)
            out->split_city[cc_dir_rotate(t->features[k].split_edge, rot)] = (int8_t)k;
}

void cc_tile_type_turn(cc_tile_type *t)
{
    for (int rot = 0; rot < 4; rot++)
        turn_one(t, rot, &t->turn[rot]);
    for (int k = 0; k < CC_MAX_TILE_FEATURES; k++)
        t->feature_type[k] = k < t->nfeatures ? t->features[k].type : CC_FEAT_NTYPES;
}

int cc_tile_feature_at_ring(const cc_tile_type *t, int r)
{
    for (int k = 0; k < t->nfeatures; k++)
        if (t->features[k].ring_mask & (1u << r))
            return k;
    return -1;
}

int cc_tile_centre_feature(const cc_tile_type *t)
{
    for (int k = 0; k < t->nfeatures; k++)
        if (t->features[k].centre)
            return k;
    return -1;
}

const char *cc_feature_type_name(cc_feature_type t)
{
    static const char *const names[CC_FEAT_NTYPES] = {
        "city", "road", "field", "cloister", "shrine", "abbey", "river"
    };
    return (unsigned)t < CC_FEAT_NTYPES ? names[t] : "?";
}

const char *cc_goods_name(cc_goods g)
{
    static const char *const names[CC_NGOODS] = { "wine", "grain", "cloth" };
    return (unsigned)g < CC_NGOODS ? names[g] : "?";
}
