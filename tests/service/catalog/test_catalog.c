/* test_catalog.c -- the tile catalog as loaded from SQLite (service/catalog/catalog_db.c)
 * against the tile facts of the tile reference (tools/gen_tiles_sql.py).
 *
 * The per-tile expectations come from tests/catalog_expect.inc, rendered
 * from tiles.json by tools/gen_tiles_sql.py WITHOUT the database: locations
 * as contract names in canonical order, feature sets as "#0 #1". Each test
 * turns the loaded structs back into the same text, so the SQLite -> C path
 * is compared with an independent rendering of the reference, not with
 * itself. Then: totals per set, alias look-ups, and loads that must fail. */
#include "../../support/testutil.h"

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../../service/catalog/catalog_db.h"

CC_SUITE(catalog);

/* ---- what tiles.md says about one tile type ------------------------------- */

typedef struct {
    const char *type;        /* "city", "road", "field", "cloister", "shrine", "abbey" */
    const char *locations;   /* contract names, canonical order, space-separated */
    int pennants;
    const char *adjacent;    /* fields: "#0 #1" ("" for none); NULL otherwise */
    bool inner;
    const char *split_edge;  /* "N" ... or NULL */
    const char *ends_on;     /* a road ending on the tile: what at; else NULL */
    bool inn, cathedral, pig_herd;
    int goods[CC_NGOODS];    /* wine, grain, cloth symbols */
} expect_feature;

typedef struct {
    const char *id, *set, *reference_id;
    int count;               /* 0 for the abbey */
    const char *edges;
    bool hill, vineyard, garden, is_abbey, is_start;
    bool spring, lake, fork, volcano;
    const char *aliases[CC_MAX_ALIASES];
    int nfeatures;
    expect_feature features[CC_MAX_TILE_FEATURES];
    const char *wagon_links[CC_MAX_WAGON_LINKS];   /* "#0 #1" per group */
    const char *notes;
    const char *variant;                           /* the set variant that alone holds it */
} expect_tile;

/* Every expectation, in tiles.json order (the catalog order). */
#define CATALOG_EXPECT(name, ...) __VA_ARGS__,
static const expect_tile all_expectations[] = {
#include "catalog_expect.inc"
};
#undef CATALOG_EXPECT
#define NEXPECTATIONS ((int)(sizeof all_expectations / sizeof all_expectations[0]))

/* ---- the loaded structs, rendered like the expectations ---------------------- */

static void append_word(char *buf, size_t size, const char *word)
{
    size_t used = strlen(buf);
    snprintf(buf + used, size - used, "%s%s", used > 0 ? " " : "", word);
}

/* "C" if the feature stands at the centre, then its ring positions N..NNW. */
static void render_locations(const cc_tile_feature *f, char *buf, size_t size)
{
    char name[8];
    buf[0] = '\0';
    if (f->centre)
        append_word(buf, size, "C");
    for (int r = 0; r < CC_RING_SIZE; r++)
        if (f->ring_mask & (1u << r))
            append_word(buf, size, cc_loc_name(cc_loc_make(CC_LOC_RING, r), name));
}

/* "#0 #2" for the bits of a feature mask. */
static void render_features(unsigned mask, char *buf, size_t size)
{
    char name[8];
    buf[0] = '\0';
    for (int k = 0; k < CC_MAX_TILE_FEATURES; k++)
        if (mask & (1u << k))
            append_word(buf, size, cc_loc_name(cc_loc_make(CC_LOC_FEATURE, k), name));
}

/* Prose that fits is kept whole; longer prose is cut near the end of the
 * field, at a character boundary (catalog_db.c append_prose). */
static void expect_prose(const char *what, const char *loaded, size_t size, const char *expected)
{
    if (expected == NULL)
        expected = "";
    if (strlen(expected) < size) {
        cr_expect_str_eq(loaded, expected, "%s", what);
        return;
    }
    cr_expect_eq(strncmp(loaded, expected, strlen(loaded)), 0, "%s: not a prefix", what);
    cr_expect_geq(strlen(loaded), size - 4, "%s: cut too short", what);
}

static void check_feature(const cc_tile_type *t, int k, const expect_feature *e)
{
    const cc_tile_feature *f = &t->features[k];
    char got[128];
    cr_expect_eq(f->index, k, "%s #%d: index", t->id, k);
    cr_expect_str_eq(cc_feature_type_name((cc_feature_type)f->type), e->type, "%s #%d: type", t->id, k);
    render_locations(f, got, sizeof got);
    cr_expect_str_eq(got, e->locations, "%s #%d: locations", t->id, k);
    cr_expect_eq(f->pennants, e->pennants, "%s #%d: pennants", t->id, k);
    render_features(f->adjacent_cities, got, sizeof got);
    cr_expect_str_eq(got, e->adjacent ? e->adjacent : "", "%s #%d: adjacent cities", t->id, k);
    cr_expect_eq(f->inner, e->inner, "%s #%d: inner", t->id, k);
    int split = e->split_edge ? (int)(strchr("NESW", e->split_edge[0]) - "NESW") : -1;
    cr_expect_eq(f->split_edge, split, "%s #%d: split edge", t->id, k);
    expect_prose("ends_on", f->ends_on, sizeof f->ends_on, e->ends_on);
    cr_expect_eq(f->inn, e->inn, "%s #%d: inn", t->id, k);
    cr_expect_eq(f->cathedral, e->cathedral, "%s #%d: cathedral", t->id, k);
    cr_expect_eq(f->pig_herd, e->pig_herd, "%s #%d: pig herd", t->id, k);
    for (int g = 0; g < CC_NGOODS; g++)
        cr_expect_eq(f->goods[g], e->goods[g], "%s #%d: %s", t->id, k, cc_goods_name((cc_goods)g));
}

static void check_tile(const expect_tile *e)
{
    const cc_catalog *cat = tu_catalog();
    int i = cc_catalog_find(cat, e->id);
    cr_assert_geq(i, 0, "%s is not in the catalog", e->id);
    const cc_tile_type *t = &cat->types[i];

    cr_expect_str_eq(t->id, e->id);
    cr_expect_str_eq(t->set, e->set);
    cr_expect_eq(t->expansion, cc_expansion_of_set(e->set));
    cr_expect_neq(t->expansion, 0u);
    cr_expect_str_eq(t->reference_id, e->reference_id);
    cr_expect_eq(t->count, e->count, "%s: count", e->id);
    cr_expect_eq(memcmp(t->edges, e->edges, 4), 0, "%s: edges %.4s, tiles.md %s", e->id, t->edges, e->edges);
    cr_expect_eq(t->hill, e->hill, "%s: hill", e->id);
    cr_expect_eq(t->vineyard, e->vineyard, "%s: vineyard", e->id);
    cr_expect_eq(t->garden, e->garden, "%s: garden", e->id);
    cr_expect_eq(t->is_abbey, e->is_abbey, "%s: is_abbey", e->id);
    cr_expect_eq(t->is_start, e->is_start, "%s: is_start", e->id);
    cr_expect_eq(t->spring, e->spring, "%s: spring", e->id);
    cr_expect_eq(t->lake, e->lake, "%s: lake", e->id);
    cr_expect_eq(t->fork, e->fork, "%s: fork", e->id);
    cr_expect_eq(t->volcano, e->volcano, "%s: volcano", e->id);

    int naliases = 0;
    while (naliases < CC_MAX_ALIASES && e->aliases[naliases] != NULL)
        naliases++;
    cr_assert_eq(t->naliases, naliases, "%s: aliases", e->id);
    for (int a = 0; a < naliases; a++) {
        cr_expect_str_eq(t->aliases[a], e->aliases[a]);
        cr_expect_eq(cc_catalog_find(cat, e->aliases[a]), i, "alias %s", e->aliases[a]);
    }

    cr_assert_eq(t->nfeatures, e->nfeatures, "%s: number of features", e->id);
    for (int k = 0; k < e->nfeatures; k++)
        check_feature(t, k, &e->features[k]);

    int nlinks = 0;
    while (nlinks < CC_MAX_WAGON_LINKS && e->wagon_links[nlinks] != NULL)
        nlinks++;
    cr_assert_eq(t->nwagon_links, nlinks, "%s: wagon link groups", e->id);
    for (int g = 0; g < nlinks; g++) {
        char got[128];
        render_features(t->wagon_links[g], got, sizeof got);
        cr_expect_str_eq(got, e->wagon_links[g], "%s: wagon link group %d", e->id, g);
    }
    expect_prose("notes", t->notes, sizeof t->notes, e->notes);
    cr_expect_str_eq(t->variant, e->variant ? e->variant : "", "%s: variant", e->id);
}

/* One test per tile type: tile_<id>_matches_tiles_md, citing its section. */
#define CATALOG_EXPECT(name, ...)                                  \
    Test(catalog, tile_##name##_matches_tiles_md)                  \
    {                                                              \
        static const expect_tile e = __VA_ARGS__;                  \
        check_tile(&e);                                            \
    }
#include "catalog_expect.inc"
#undef CATALOG_EXPECT

/* ---- the catalog as a whole ------------------------------------------------- */

/* tiles.md: the catalog holds every tile type of tiles.json, in its order
 * (a type's index must not move between builds), and nothing else. */
Test(catalog, catalog_holds_exactly_the_tiles_md_types_in_order)
{
    const cc_catalog *cat = tu_catalog();
    cr_assert_eq(cat->ntypes, NEXPECTATIONS);
    for (int i = 0; i < cat->ntypes; i++)
        cr_expect_str_eq(cat->types[i].id, all_expectations[i].id, "index %d", i);
}

static int copies_in_set(const char *set, int *ntypes)
{
    const cc_catalog *cat = tu_catalog();
    int copies = 0;
    *ntypes = 0;
    for (int i = 0; i < cat->ntypes; i++)
        if (strcmp(cat->types[i].set, set) == 0) {
            copies += cat->types[i].count;
            (*ntypes)++;
        }
    return copies;
}

/* tiles.md section 3: "Total base tiles: 72" in 24 types, start tile included. */
Test(catalog, base_game_has_72_tiles_in_24_types)
{
    int ntypes;
    cr_expect_eq(copies_in_set("base", &ntypes), 72);
    cr_expect_eq(ntypes, 24);
}

/* tiles.md section 4: "Total A&M land tiles: 12 (each x1)", plus the abbey,
 * which is not drawn (count 0, one per player). */
Test(catalog, abbey_mayor_has_12_land_tiles_plus_the_abbey)
{
    int ntypes;
    cr_expect_eq(copies_in_set("abbey-mayor", &ntypes), 12);
    cr_expect_eq(ntypes, 13);
    int abbey = cc_catalog_abbey(tu_catalog());
    cr_assert_geq(abbey, 0);
    cr_expect_eq(tu_catalog()->types[abbey].count, 0);
}

/* tiles.md section 5: "Total H&S tiles: 18" in 16 types, 8 with a hill and
 * 8 with a vineyard (C!.v and CC!.v come twice). */
Test(catalog, hills_sheep_has_18_tiles_8_hills_8_vineyards)
{
    int ntypes, hills = 0, vineyards = 0;
    cr_expect_eq(copies_in_set("hills-sheep", &ntypes), 18);
    cr_expect_eq(ntypes, 16);
    const cc_catalog *cat = tu_catalog();
    for (int i = 0; i < cat->ntypes; i++) {
        hills += cat->types[i].hill * cat->types[i].count;
        vineyards += cat->types[i].vineyard * cat->types[i].count;
    }
    cr_expect_eq(hills, 8);
    cr_expect_eq(vineyards, 8);
}

/* tiles.md section 7: the 5 shrine tiles of Count, King & Robber (the
 * box: the apps' cult/5), and the 6th, CU/SRCR, which only the variant
 * shrines-6 (cult/6) holds: a box game's bag has 5, the variant's 6. */
Test(catalog, shrines_has_5_tiles_and_its_variant_6)
{
    int ntypes;
    cr_expect_eq(copies_in_set("shrines", &ntypes), 6);
    cr_expect_eq(ntypes, 6);
    const cc_catalog *cat = tu_catalog();
    cc_position pos;
    cc_position_init(&pos);
    pos.expansions |= CC_EXP_SHRINES;
    int box = 0, six = 0;
    for (int i = 0; i < cat->ntypes; i++)
        box += cc_position_bag_count(&pos, cat, i) * (strcmp(cat->types[i].set, "shrines") == 0);
    pos.sets_given = true;
    pos.copies[CC_SET_BASE] = 1;
    pos.copies[CC_SET_SHRINES_6] = 1;
    for (int i = 0; i < cat->ntypes; i++)
        six += cc_position_bag_count(&pos, cat, i) * (strcmp(cat->types[i].set, "shrines") == 0);
    cr_expect_eq(box, 5);
    cr_expect_eq(six, 6);
    cr_expect_str_eq(cat->types[cc_catalog_find(cat, "CU/SRCR")].variant, "shrines-6");
}

/* tiles.md section 8: Messages brings no tile type to this catalog (its
 * crop-circle tile is not identified). */
Test(catalog, messages_has_no_tile_type)
{
    int ntypes;
    cr_expect_eq(copies_in_set("messages", &ntypes), 0);
    cr_expect_eq(ntypes, 0);
}

/* tiles-expansions.md, counts: "12 river tiles" (spring, lake, 10 others;
 * IFI and II twice), the spring shared with The River II. */
Test(catalog, river_has_12_tiles_in_10_types_spring_and_lake)
{
    int ntypes;
    cr_expect_eq(copies_in_set("river", &ntypes), 12);
    cr_expect_eq(ntypes, 10);
    const cc_tile_type *s = &tu_catalog()->types[cc_catalog_find(tu_catalog(), "RI/s")];
    cr_expect_str_eq(s->id, "river.s");
    cr_expect(s->spring);
    cr_expect_not(s->is_start, "base.D stays the catalog's start tile; a river game starts at the spring");
    cr_expect(tu_catalog()->types[cc_catalog_find(tu_catalog(), "RI.1/I.e")].lake);
}

/* tiles-expansions.md: River II is "12 river tiles" with the shared
 * spring: 11 types of its own, one fork, one volcano lake, one inn. */
Test(catalog, river_ii_has_11_tiles_of_its_own_fork_volcano_and_inn)
{
    int ntypes;
    cr_expect_eq(copies_in_set("river-ii", &ntypes), 11);
    cr_expect_eq(ntypes, 11);
    const cc_catalog *cat = tu_catalog();
    const cc_tile_type *fork = &cat->types[cc_catalog_find(cat, "RI.2/III")];
    const cc_tile_type *volcano = &cat->types[cc_catalog_find(cat, "RI.2/I.v")];
    const cc_tile_type *inn = &cat->types[cc_catalog_find(cat, "RI.2/RIrI")];
    cr_expect(fork->fork);
    cr_expect(volcano->volcano && volcano->lake);
    cr_expect(inn->features[0].type == CC_FEAT_ROAD && inn->features[0].inn);
    cr_expect_not(cat->types[cc_catalog_find(cat, "RI.1/RIrI")].features[0].inn,
                  "the River I bridge has no inn");
    cr_expect(cat->types[cc_catalog_find(cat, "RI.2/II+")].features[0].pig_herd);
}

/* tiles-expansions.md: "18 landscape tiles including 6 inns and 2
 * cathedrals" (Cccc.c twice) in 17 types. */
Test(catalog, inns_cathedrals_has_18_tiles_6_inns_2_cathedrals)
{
    int ntypes, inns = 0, cathedrals = 0;
    cr_expect_eq(copies_in_set("inns-cathedrals", &ntypes), 18);
    cr_expect_eq(ntypes, 17);
    const cc_catalog *cat = tu_catalog();
    for (int i = 0; i < cat->ntypes; i++) {
        if (strcmp(cat->types[i].set, "inns-cathedrals") != 0)
            continue;
        for (int k = 0; k < cat->types[i].nfeatures; k++) {
            inns += cat->types[i].features[k].inn * cat->types[i].count;
            cathedrals += cat->types[i].features[k].cathedral * cat->types[i].count;
        }
    }
    cr_expect_eq(inns, 6);
    cr_expect_eq(cathedrals, 2);
}

/* tiles-expansions.md: "24 landscape tiles ... 9 with wine, 6 with grain,
 * 5 with cloth", each goods tile with exactly one symbol. */
Test(catalog, traders_builders_has_24_tiles_9_wine_6_grain_5_cloth)
{
    int ntypes, goods[CC_NGOODS] = { 0 };
    cr_expect_eq(copies_in_set("traders-builders", &ntypes), 24);
    cr_expect_eq(ntypes, 24);
    const cc_catalog *cat = tu_catalog();
    for (int i = 0; i < cat->ntypes; i++)
        for (int k = 0; k < cat->types[i].nfeatures; k++)
            for (int g = 0; g < CC_NGOODS; g++)
                goods[g] += cat->types[i].features[k].goods[g] * cat->types[i].count;
    cr_expect_eq(goods[CC_GOODS_WINE], 9);
    cr_expect_eq(goods[CC_GOODS_GRAIN], 6);
    cr_expect_eq(goods[CC_GOODS_CLOTH], 5);
}

/* engine/catalog.h CC_EXP_RULED: the catalog holds the new sets' tiles,
 * but a position may name only a set whose rules are built. */
Test(catalog, sets_without_rules_are_in_the_catalog_but_no_position_names_them)
{
    const char *sets[] = { "river", "river-ii", "inns-cathedrals", "traders-builders" };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        unsigned bit = cc_expansion_of_set(sets[i]);
        cr_expect_neq(bit, 0u, "%s", sets[i]);
        cr_expect_str_eq(cc_expansion_name(bit), sets[i]);
        cr_expect_eq(cc_expansion_parse(sets[i]), bit & CC_EXP_RULED, "%s", sets[i]);
    }
    cr_expect_eq(cc_expansion_parse("shrines"), (unsigned)CC_EXP_SHRINES);
    cr_expect_eq(cc_expansion_of_set("rivers"), 0u);
}

/* tiles.md section 3 base.D: the one start tile type. */
Test(catalog, base_D_is_the_only_start_tile)
{
    const cc_catalog *cat = tu_catalog();
    int starts = 0;
    for (int i = 0; i < cat->ntypes; i++)
        starts += cat->types[i].is_start;
    cr_expect_eq(starts, 1);
    cr_expect(cat->types[cc_catalog_find(cat, "base.D")].is_start);
}

/* ---- names ------------------------------------------------------------------ */

static const char *id_of(const char *name)
{
    int i = cc_catalog_find(tu_catalog(), name);
    return i < 0 ? "(none)" : tu_catalog()->types[i].id;
}

/* tiles.md section 9: reference ids and the certain wiki letters resolve. */
Test(catalog, reference_ids_and_certain_wiki_letters_name_their_tiles)
{
    cr_expect_str_eq(id_of("BA/RCr"), "base.D");
    cr_expect_str_eq(id_of("AM/A"), "abbey-mayor.abbey");
    cr_expect_str_eq(id_of("abbey-mayor.A"), "abbey-mayor.abbey");
    cr_expect_str_eq(id_of("abbey-mayor.C"), "abbey-mayor.CCcc+");
    cr_expect_str_eq(id_of("AM/CCcc+"), "abbey-mayor.CCcc+");
    cr_expect_str_eq(id_of("abbey-mayor.E"), "abbey-mayor.CCc+");
    cr_expect_str_eq(id_of("hills-sheep.E"), "hills-sheep.RR.h");
    cr_expect_str_eq(id_of("HS/CC!.v"), "hills-sheep.CC!.v");
    cr_expect_str_eq(id_of("CU/SCFR"), "shrines.SCFR");
    cr_expect_eq(cc_catalog_find(tu_catalog(), "abbey-mayor.A"), cc_catalog_abbey(tu_catalog()));
}

/* tiles.md section 9: letters that could not be matched are not invented. */
Test(catalog, uncertain_wiki_letters_name_no_tile)
{
    const char *unknown[] = { "abbey-mayor.B", "abbey-mayor.D", "hills-sheep.K",
                              "hills-sheep.L", "shrines.1", "base.Y", "", "BA/rcr" };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        cr_expect_eq(cc_catalog_find(tu_catalog(), unknown[i]), -1, "%s", unknown[i]);
}

/* The loader's hash table of names (cc_catalog_names) answers exactly as
 * the scan of the types does: every id and alias, and names that are none
 * (self-test against the naive version, model: SQLite's bitvec.c). */
Test(catalog, the_name_index_finds_what_the_scan_finds)
{
    const cc_catalog *indexed = tu_catalog();
    cr_assert_gt(indexed->nnames, indexed->ntypes, "the loader indexes ids and aliases");
    cc_catalog scan = { .ntypes = indexed->ntypes, .types = indexed->types };
    int names = 0;
    for (int t = 0; t < scan.ntypes; t++) {
        const cc_tile_type *tt = &scan.types[t];
        cr_expect_eq(cc_catalog_find(indexed, tt->id), cc_catalog_find(&scan, tt->id), "%s", tt->id);
        for (int a = 0; a < tt->naliases; a++)
            cr_expect_eq(cc_catalog_find(indexed, tt->aliases[a]),
                         cc_catalog_find(&scan, tt->aliases[a]), "%s", tt->aliases[a]);
        names += 1 + tt->naliases;
    }
    int filled = 0;
    for (int i = 0; i < indexed->nnames; i++)
        filled += indexed->names[i].type >= 0;
    cr_expect_leq(filled, names);
    cr_expect_geq(indexed->nnames, 2 * names, "the table stays at most half full");
    const char *none[] = { "", "a", "base.", "base.D ", "zzzz", "base.d", "BA/RCr/", "\x7f" };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        cr_expect_eq(cc_catalog_find(indexed, none[i]), cc_catalog_find(&scan, none[i]), "%s", none[i]);
        cr_expect_eq(cc_catalog_find(indexed, none[i]), -1, "%s", none[i]);
    }
}

/* The loader puts each record on cache lines of its own, so that an id's
 * look-up and the checks of its type read the same line (catalog.h). */
Test(catalog, each_loaded_record_starts_a_cache_line)
{
    const cc_catalog *cat = tu_catalog();
    for (int t = 0; t < cat->ntypes; t++) {
        const cc_tile_type *tt = &cat->types[t];
        cr_expect_eq((uintptr_t)tt % 64, 0, "%s", tt->id);
        cr_expect_leq(offsetof(cc_tile_type, id) + strlen(tt->id), 64,
                      "%s: the whole id on the first line", tt->id);
    }
}

/* Each feature's type, kept beside nfeatures for the checks of figures. */
Test(catalog, each_type_keeps_its_features_types_beside_their_count)
{
    const cc_catalog *cat = tu_catalog();
    for (int t = 0; t < cat->ntypes; t++) {
        const cc_tile_type *tt = &cat->types[t];
        for (int k = 0; k < tt->nfeatures; k++)
            cr_expect_eq(tt->feature_type[k], tt->features[k].type, "%s #%d", tt->id, k);
    }
    cr_expect_eq(offsetof(cc_tile_type, feature_type) / 64,
                 offsetof(cc_tile_type, nfeatures) / 64, "one line");
}

/* cc_catalog_find_n() compares a span with an indexed name a word at a
 * time (engine/bytes.h, cc_same_bytes). Every id with any one byte changed
 * has the same length, and but for its last four bytes the same hash, so
 * only that compare tells it apart: each reads as the scan reads it, from a span
 * followed by more text. */
Test(catalog, a_span_one_byte_off_an_id_finds_what_the_scan_finds)
{
    const cc_catalog *indexed = tu_catalog();
    cc_catalog scan = { .ntypes = indexed->ntypes, .types = indexed->types };
    for (int t = 0; t < scan.ntypes; t++) {
        const char *id = scan.types[t].id;
        size_t len = strlen(id);
        for (size_t at = 0; at <= len; at++) {
            char span[CC_ID_MAX + 8], name[CC_ID_MAX + 1];
            memcpy(span, id, len);
            memcpy(span + len, "\",\"x\"", 6);   /* the text goes on */
            if (at < len)
                span[at] = span[at] == 'Q' ? 'R' : 'Q';
            memcpy(name, span, len);
            name[len] = '\0';
            cr_expect_eq(cc_catalog_find_n(indexed, span, len), cc_catalog_find(&scan, name),
                         "%s changed at %zu", id, at);
        }
    }
}

/* ---- loading from files ------------------------------------------------------- */

extern unsigned char catalog_db_image[];
extern unsigned int catalog_db_image_len;

/* A private copy of the embedded catalog on disk, to load or to damage. */
static void write_image_copy(char *path)
{
    strcpy(path, "/tmp/cc-catalog-test-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, catalog_db_image, catalog_db_image_len), (ssize_t)catalog_db_image_len);
    close(fd);
}

/* Change the copy with SQL, as a hand-edited catalog file could be:
 * foreign keys are off, as in any plain sqlite3 session. */
static void damage(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    cr_assert_eq(sqlite3_open(path, &db), SQLITE_OK);
    char *msg = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
    cr_assert_eq(rc, SQLITE_OK, "%s: %s", sql, msg ? msg : "");
    sqlite3_free(msg);
    sqlite3_close(db);
}

/* Load path, which must fail with a message containing expected and leave
 * the catalog empty. */
static void expect_load_fails(const char *path, const char *expected)
{
    cc_catalog cat = { .ntypes = 99, .types = NULL };
    char err[256] = "";
    cr_expect_not(catalog_load_file(path, &cat, err, sizeof err));
    cr_expect_eq(cat.ntypes, 0);
    cr_expect_null(cat.types);
    cr_expect_neq(strstr(err, expected), NULL, "message \"%s\" lacks \"%s\"", err, expected);
}

/* Prefix of damage SQL that breaks the schema's CHECKs, as a file written
 * by other means could: the loader must refuse what SQL would have. */
#define UNCHECKED "PRAGMA ignore_check_constraints = ON; "

static void expect_damaged_copy_fails(const char *sql, const char *expected)
{
    char path[64];
    write_image_copy(path);
    damage(path, sql);
    expect_load_fails(path, expected);
    unlink(path);
}

/* catalog_db.h: the file the build makes loads like the embedded image. */
Test(catalog, build_catalog_db_file_loads_like_the_embedded_one)
{
    cc_catalog cat;
    char err[256] = "";
    cr_assert(catalog_load_file("build/catalog.db", &cat, err, sizeof err), "%s", err);
    cr_expect_eq(cat.ntypes, tu_catalog()->ntypes);
    for (int i = 0; i < cat.ntypes && i < tu_catalog()->ntypes; i++)
        cr_expect_eq(memcmp(&cat.types[i], &tu_catalog()->types[i], sizeof cat.types[i]), 0,
                     "%s differs", cat.types[i].id);
    catalog_free(&cat);
}

Test(catalog, a_missing_file_fails_with_its_name)
{
    expect_load_fails("/nonexistent/catalog.db", "/nonexistent/catalog.db");
}

Test(catalog, a_file_that_is_not_sqlite_fails)
{
    char path[64];
    strcpy(path, "/tmp/cc-catalog-test-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    static const char junk[] = "this is not an SQLite database, only some text";
    cr_assert_eq(write(fd, junk, sizeof junk), (ssize_t)sizeof junk);
    close(fd);
    expect_load_fails(path, "not a database");
    unlink(path);
}

Test(catalog, a_truncated_image_fails)
{
    char path[64];
    strcpy(path, "/tmp/cc-catalog-test-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    size_t half = catalog_db_image_len / 2;
    cr_assert_eq(write(fd, catalog_db_image, half), (ssize_t)half);
    close(fd);
    cc_catalog cat;
    char err[256] = "";
    cr_expect_not(catalog_load_file(path, &cat, err, sizeof err));
    cr_expect_null(cat.types);
    cr_expect_neq(err[0], '\0');
    unlink(path);
}

/* schema.sql PRAGMA user_version: another layout is refused, not misread. */
Test(catalog, a_database_of_another_schema_version_fails)
{
    expect_damaged_copy_fails("PRAGMA user_version = 7", "schema version 7");
}

Test(catalog, a_database_without_the_tables_fails)
{
    expect_damaged_copy_fails("DROP TABLE tile_note", "no such table: tile_note");
}

/* SQL's foreign key to location only works with foreign keys on: the
 * loader itself refuses a name that is not a contract location. */
Test(catalog, an_unknown_location_name_fails)
{
    expect_damaged_copy_fails(
        "UPDATE feature_location SET location = 'NW' WHERE tile_id = 'base.D' AND location = 'N'",
        "\"NW\" is not a location name");
}

/* tiles.md section 1: cities and roads own edges, fields half-edges. */
Test(catalog, a_field_on_an_edge_fails)
{
    expect_damaged_copy_fails(
        "UPDATE feature_location SET feature_idx = 3 WHERE tile_id = 'base.D' AND location = 'N'",
        "base.D #3: a field cannot lie at N");
}

/* tiles.md section 1: the edge pattern and the features must describe the
 * same tile (matching reads one, feature building the other). */
Test(catalog, an_edge_pattern_that_disagrees_with_the_features_fails)
{
    expect_damaged_copy_fails("UPDATE tile_type SET edges = 'FRFR' WHERE id = 'base.D'",
                              "base.D: edge N is 'F'");
}

/* Feature numbers are the contract's #k: a gap would shift them. */
Test(catalog, a_gap_in_feature_numbers_fails)
{
    expect_damaged_copy_fails("DELETE FROM feature WHERE tile_id = 'base.U' AND idx = 1",
                              "base.U: feature #2 where #1 was due");
}

/* tiles-expansions.md: "a river edge only matches a river edge": the
 * letter I belongs to a river between two field halves. */
Test(catalog, a_river_edge_without_a_river_fails)
{
    expect_damaged_copy_fails(
        "UPDATE feature SET type = 'road' WHERE tile_id = 'river.CICI' AND idx = 4",
        "river.CICI: edge E is 'I'");
}

Test(catalog, a_river_edge_outside_the_river_sets_fails)
{
    expect_damaged_copy_fails(UNCHECKED "UPDATE tile_type SET set_id = 'base' WHERE id = 'river.IFI'",
                              "river.IFI: river edges outside the river sets");
}

/* tiles-expansions.md: the spring and the lake have one river edge, the
 * fork three; the volcano is a lake. */
Test(catalog, river_flags_that_disagree_with_the_river_edges_fail)
{
    expect_damaged_copy_fails(UNCHECKED "UPDATE tile_type SET spring = 1 WHERE id = 'river.IFI'",
                              "river.IFI: a spring or a lake has one river edge");
    expect_damaged_copy_fails(UNCHECKED "UPDATE tile_type SET fork = 1 WHERE id = 'river.IFI'",
                              "river.IFI: a spring or a lake has one river edge, a fork three");
    expect_damaged_copy_fails(
        UNCHECKED "UPDATE tile_type SET volcano = 1, lake = 0 WHERE id = 'river-ii.I.v'",
        "a volcano is a lake");
}

/* tiles-expansions.md: inns on roads, cathedrals in cities, goods on city
 * segments, pig herds in fields (base.D: #0 road, #1 city). */
Test(catalog, inn_cathedral_goods_and_pig_herd_on_the_wrong_feature_fail)
{
    expect_damaged_copy_fails(UNCHECKED "UPDATE feature SET inn = 1 WHERE tile_id = 'base.D' AND idx = 1",
                              "base.D #1: an inn is on a road");
    expect_damaged_copy_fails(
        UNCHECKED "UPDATE feature SET cathedral = 1 WHERE tile_id = 'base.D' AND idx = 0",
        "base.D #0: an inn is on a road, a cathedral in a city");
    expect_damaged_copy_fails(
        UNCHECKED "UPDATE feature SET pig_herd = 1 WHERE tile_id = 'base.D' AND idx = 0",
        "base.D #0: an inn is on a road, a cathedral in a city, a pig herd");
    expect_damaged_copy_fails(
        UNCHECKED "DROP TRIGGER goods_on_a_city; INSERT INTO feature_goods VALUES ('base.D', 0, 'wine', 1)",
        "base.D #0: goods are 1 to 9 symbols of a kind, once, on a city");
    expect_damaged_copy_fails(
        UNCHECKED "INSERT INTO feature_goods VALUES ('base.D', 1, 'silk', 1)", "unknown goods \"silk\"");
}

Test(catalog, an_alias_naming_two_tiles_fails)
{
    expect_damaged_copy_fails(
        "DROP TRIGGER alias_not_a_tile_id;"
        "INSERT INTO tile_alias VALUES ('base.E', 'base.D', 'wiki')",
        "alias \"base.E\" already names a tile");
}

/* catalog_db.h: errbuf may be absent; the load still fails cleanly. */
Test(catalog, a_failed_load_without_an_error_buffer_is_clean)
{
    cc_catalog cat;
    cr_expect_not(catalog_load_file("/nonexistent/catalog.db", &cat, NULL, 0));
    cr_expect_null(cat.types);
    cr_expect_eq(cat.ntypes, 0);
}

/* catalog_db.h: catalog_free leaves an empty catalog, safe to free again. */
Test(catalog, catalog_free_empties_and_may_be_repeated)
{
    cc_catalog cat;
    char err[256];
    cr_assert(catalog_load_default(&cat, err, sizeof err), "%s", err);
    catalog_free(&cat);
    cr_expect_eq(cat.ntypes, 0);
    cr_expect_null(cat.types);
    catalog_free(&cat);
}
