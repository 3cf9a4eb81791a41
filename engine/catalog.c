/* catalog.c -- look-ups over an immutable catalog; see catalog.h. */
#include "catalog.h"

#include <string.h>

static const struct { const char *name; unsigned bit; } expansions[] = {
    { "base", CC_EXP_BASE },
    { "abbey-mayor", CC_EXP_ABBEY_MAYOR },
    { "hills-sheep", CC_EXP_HILLS_SHEEP },
    { "messages", CC_EXP_MESSAGES },
    { "shrines", CC_EXP_SHRINES },
};

unsigned cc_expansion_parse(const char *name)
{
    for (size_t i = 0; i < sizeof expansions / sizeof expansions[0]; i++)
        if (strcmp(name, expansions[i].name) == 0)
            return expansions[i].bit;
    return 0;
}

const char *cc_expansion_name(unsigned bit)
{
    for (size_t i = 0; i < sizeof expansions / sizeof expansions[0]; i++)
        if (expansions[i].bit == bit)
            return expansions[i].name;
    return "?";
}

int cc_catalog_find(const cc_catalog *cat, const char *name)
{
    for (int i = 0; i < cat->ntypes; i++) {
        const cc_tile_type *t = &cat->types[i];
        if (strcmp(t->id, name) == 0)
            return i;
        for (int a = 0; a < t->naliases; a++)
            if (strcmp(t->aliases[a], name) == 0)
                return i;
    }
    return -1;
}

int cc_catalog_abbey(const cc_catalog *cat)
{
    for (int i = 0; i < cat->ntypes; i++)
        if (cat->types[i].is_abbey)
            return i;
    return -1;
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
        "city", "road", "field", "cloister", "shrine", "abbey"
    };
    return (unsigned)t < CC_FEAT_NTYPES ? names[t] : "?";
}
