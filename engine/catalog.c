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

static unsigned name_hash(const char *name)
{
    unsigned h = 2166136261u;                 /* FNV-1a */
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        h = (h ^ *c) * 16777619u;
    return h;
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

static void add_name(cc_catalog_name *names, int nslots, const char *name, int type)
{
    int i = (int)(name_hash(name) & (unsigned)(nslots - 1));
    for (; names[i].name != NULL; i = (i + 1) & (nslots - 1))
        if (strcmp(names[i].name, name) == 0)
            return;                           /* the first type keeps it */
    names[i] = (cc_catalog_name){ name, type };
}

void cc_catalog_names(const cc_catalog *cat, cc_catalog_name *names, int nslots)
{
    for (int i = 0; i < nslots; i++)
        names[i] = (cc_catalog_name){ NULL, -1 };
    for (int i = 0; i < cat->ntypes; i++) {
        add_name(names, nslots, cat->types[i].id, i);
        for (int a = 0; a < cat->types[i].naliases; a++)
            add_name(names, nslots, cat->types[i].aliases[a], i);
    }
}

int cc_catalog_find(const cc_catalog *cat, const char *name)
{
    if (cat->nnames > 0) {
        int mask = cat->nnames - 1;
        for (int i = (int)(name_hash(name) & (unsigned)mask); cat->names[i].name != NULL;
             i = (i + 1) & mask)
            if (strcmp(cat->names[i].name, name) == 0)
                return cat->names[i].type;
        return -1;
    }
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
