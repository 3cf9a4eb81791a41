/* catalog_db.c -- the tile catalog from SQLite into engine structs; see
 * catalog_db.h.
 *
 * How a load goes: open the database (the image linked into the binary, or
 * a file, both read-only), check its schema version, read each table once
 * in catalog order into a zeroed array of cc_tile_type, close the
 * database, then check each tile as a whole. Every table has one row
 * reader (read_*_row); the checks that need a whole tile are in
 * check_tile(). The first problem found is reported in errbuf and the
 * catalog is left empty.
 *
 * Why the loader checks again what schema.sql already enforces on insert:
 * another database file may be named at start (catalog_load_file), and
 * SQLite only enforces foreign keys when they are switched on. So nothing
 * read here is trusted to fit the C structs until checked. */
#include "catalog_db.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/position.h"

/* schema.sql sets PRAGMA user_version to this; a database of another
 * layout would be misread column by column, so it is refused. */
#define CATALOG_SCHEMA_VERSION 2

/* A bound on the number of tile types, against a corrupt count. */
#define CATALOG_MAX_TYPES 1000
_Static_assert(CATALOG_MAX_TYPES <= INT16_MAX, "the name index holds a type in 16 bits (catalog.h)");

/* The default catalog, made by the Makefile from schema/ with xxd -i. */
extern unsigned char catalog_db_image[];
extern unsigned int catalog_db_image_len;

/* One load in progress: where rows go and where the first error is told. */
typedef struct {
    sqlite3 *db;
    cc_catalog *cat;
    int capacity;          /* entries allocated in cat->types */
    char *err;
    size_t errlen;
} loader;

typedef bool (*row_reader)(loader *ld, sqlite3_stmt *row);

/* ---- errors ---------------------------------------------------------- */

static bool fail(loader *ld, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Report the problem and return false, so callers can `return fail(...)`. */
static bool fail(loader *ld, const char *fmt, ...)
{
    if (ld->err != NULL && ld->errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ld->err, ld->errlen, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* ---- small readers ----------------------------------------------------- */

static const char *text_or_null(sqlite3_stmt *row, int col)
{
    return (const char *)sqlite3_column_text(row, col);
}

/* Copy a name (id, alias, set) that must fit whole: a cut name would make
 * a look-up silently miss. */
static bool copy_name(loader *ld, sqlite3_stmt *row, int col, char *dst,
                      size_t size, const char *what)
{
    const char *s = text_or_null(row, col);
    if (s == NULL || s[0] == '\0')
        return fail(ld, "catalog: empty %s", what);
    if (strlen(s) >= size)
        return fail(ld, "catalog: %s \"%s\" is longer than %zu bytes", what, s, size - 1);
    memcpy(dst, s, strlen(s) + 1);
    return true;
}

/* Append prose to dst (notes, what a road ends at). Prose is for humans, so
 * an overlong text is cut rather than refused, at a UTF-8 character
 * boundary so the result stays valid UTF-8 in JSON output. */
static void append_prose(char *dst, size_t size, const char *sep, const char *s)
{
    size_t used = strlen(dst);
    if (used > 0 && sep != NULL)
        snprintf(dst + used, size - used, "%s", sep);
    used = strlen(dst);
    size_t room = size - 1 - used;
    size_t n = strlen(s);
    if (n > room) {
        n = room;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;                       /* s[n] continues a character: back off */
    }
    memcpy(dst + used, s, n);
    dst[used + n] = '\0';
}

static bool read_bool(loader *ld, sqlite3_stmt *row, int col, bool *out, const char *what)
{
    if (sqlite3_column_type(row, col) != SQLITE_INTEGER)
        return fail(ld, "catalog: %s is not 0 or 1", what);
    int v = sqlite3_column_int(row, col);
    if (v != 0 && v != 1)
        return fail(ld, "catalog: %s is %d, not 0 or 1", what, v);
    *out = v == 1;
    return true;
}

static cc_tile_type *tile_named(loader *ld, sqlite3_stmt *row, int col)
{
    const char *id = text_or_null(row, col);
    for (int i = 0; id != NULL && i < ld->cat->ntypes; i++)
        if (strcmp(ld->cat->types[i].id, id) == 0)
            return &ld->cat->types[i];
    fail(ld, "catalog: a row names unknown tile type \"%s\"", id ? id : "(null)");
    return NULL;
}

/* The feature #k of t named by column col, or NULL (and the error). */
static cc_tile_feature *feature_numbered(loader *ld, cc_tile_type *t, sqlite3_stmt *row, int col)
{
    int k = sqlite3_column_int(row, col);
    if (sqlite3_column_type(row, col) != SQLITE_INTEGER || k < 0 || k >= t->nfeatures) {
        fail(ld, "catalog: %s has no feature #%s", t->id,
             text_or_null(row, col) ? text_or_null(row, col) : "(null)");
        return NULL;
    }
    return &t->features[k];
}

static int feature_type_parse(const char *name)
{
    for (int ft = 0; name != NULL && ft < CC_FEAT_NTYPES; ft++)
        if (strcmp(name, cc_feature_type_name((cc_feature_type)ft)) == 0)
            return ft;
    return -1;
}

/* Run sql and hand each row to read_row; stops at the first false. */
static bool for_each_row(loader *ld, const char *sql, row_reader read_row)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(ld->db, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(ld, "catalog: cannot read the database: %s", sqlite3_errmsg(ld->db));
    bool ok = true;
    int rc = SQLITE_DONE;
    while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW)
        ok = read_row(ld, st);
    if (ok && rc != SQLITE_DONE)
        ok = fail(ld, "catalog: cannot read the database: %s", sqlite3_errmsg(ld->db));
    sqlite3_finalize(st);
    return ok;
}

/* ---- one reader per table ---------------------------------------------- */

static bool read_version_row(loader *ld, sqlite3_stmt *row)
{
    int v = sqlite3_column_int(row, 0);
    if (v != CATALOG_SCHEMA_VERSION)
        return fail(ld, "catalog: schema version %d, this service reads version %d",
                    v, CATALOG_SCHEMA_VERSION);
    return true;
}

static bool read_count_row(loader *ld, sqlite3_stmt *row)
{
    int n = sqlite3_column_int(row, 0);
    if (n < 1 || n > CATALOG_MAX_TYPES)
        return fail(ld, "catalog: %d tile types (expected 1..%d)", n, CATALOG_MAX_TYPES);
    /* Each record on a cache line of its own (engine/catalog.h says why);
     * its size is a multiple of its alignment, as aligned_alloc wants. */
    size_t size = (size_t)n * sizeof *ld->cat->types;
    ld->cat->types = aligned_alloc(_Alignof(cc_tile_type), size);
    if (ld->cat->types == NULL)
        return fail(ld, "catalog: out of memory for %d tile types", n);
    memset(ld->cat->types, 0, size);
    ld->capacity = n;
    return true;
}

static bool read_edges(loader *ld, cc_tile_type *t, const char *edges)
{
    if (edges == NULL || strlen(edges) != 4 || strspn(edges, "CRFI?") != 4)
        return fail(ld, "catalog: %s: edge pattern \"%s\" is not four of C R F I ?",
                    t->id, edges ? edges : "(null)");
    memcpy(t->edges, edges, 4);
    return true;
}

/* tile_type: id, set_id, count, edges, is_abbey, is_start, hill, vineyard, garden,
 * spring, lake, fork, volcano */
static bool read_tile_row(loader *ld, sqlite3_stmt *row)
{
    if (ld->cat->ntypes >= ld->capacity)
        return fail(ld, "catalog: more tile rows than counted");
    cc_tile_type *t = &ld->cat->types[ld->cat->ntypes++];
    if (!copy_name(ld, row, 0, t->id, sizeof t->id, "tile id") ||
        !copy_name(ld, row, 1, t->set, sizeof t->set, "expansion id"))
        return false;
    t->expansion = cc_expansion_of_set(t->set);
    if (t->expansion == 0)
        return fail(ld, "catalog: %s: unknown expansion \"%s\"", t->id, t->set);
    t->count = sqlite3_column_type(row, 2) == SQLITE_NULL ? 0 : sqlite3_column_int(row, 2);
    return read_edges(ld, t, text_or_null(row, 3)) &&
           read_bool(ld, row, 4, &t->is_abbey, "is_abbey") &&
           read_bool(ld, row, 5, &t->is_start, "is_start") &&
           read_bool(ld, row, 6, &t->hill, "hill") &&
           read_bool(ld, row, 7, &t->vineyard, "vineyard") &&
           read_bool(ld, row, 8, &t->garden, "garden") &&
           read_bool(ld, row, 9, &t->spring, "spring") &&
           read_bool(ld, row, 10, &t->lake, "lake") &&
           read_bool(ld, row, 11, &t->fork, "fork") &&
           read_bool(ld, row, 12, &t->volcano, "volcano");
}

/* tile_variant: tile_id, variant -- the only set variant that holds the
 * tile, a row of cc_tile_sets[] (engine/position.c) of the tile's own
 * expansion. */
static bool read_variant_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    if (t == NULL || !copy_name(ld, row, 1, t->variant, sizeof t->variant, "variant"))
        return false;
    int s = cc_tile_set_parse(t->variant);
    if (s < 0 || cc_tile_sets[s].expansion != t->expansion)
        return fail(ld, "catalog: %s: \"%s\" is no tile set of %s", t->id, t->variant, t->set);
    return true;
}

/* tile_alias: tile_id, alias, source -- the reference id comes first. */
static bool read_alias_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    if (t == NULL)
        return false;
    const char *alias = text_or_null(row, 1);
    const char *source = text_or_null(row, 2);
    if (alias != NULL && cc_catalog_find(ld->cat, alias) >= 0)
        return fail(ld, "catalog: %s: alias \"%s\" already names a tile", t->id, alias);
    if (t->naliases >= CC_MAX_ALIASES)
        return fail(ld, "catalog: %s has more than %d aliases", t->id, CC_MAX_ALIASES);
    if (!copy_name(ld, row, 1, t->aliases[t->naliases], sizeof t->aliases[0], "alias"))
        return false;
    t->naliases++;
    if (source != NULL && strcmp(source, "reference") == 0) {
        if (t->reference_id[0] != '\0')
            return fail(ld, "catalog: %s has two reference ids", t->id);
        const char *copied = t->aliases[t->naliases - 1];   /* fits: copied above */
        memcpy(t->reference_id, copied, strlen(copied) + 1);
    } else if (source == NULL || strcmp(source, "wiki") != 0) {
        return fail(ld, "catalog: %s: alias source \"%s\" is not reference or wiki",
                    t->id, source ? source : "(null)");
    }
    return true;
}

static bool read_split_edge(loader *ld, cc_tile_type *t, cc_tile_feature *f, const char *name)
{
    cc_loc loc;
    f->split_edge = -1;
    if (name == NULL)
        return true;
    if (!cc_loc_parse(name, &loc) || loc.kind != CC_LOC_RING || !cc_ring_is_edge(loc.value))
        return fail(ld, "catalog: %s #%d: split edge \"%s\" is not N, E, S or W",
                    t->id, f->index, name);
    f->split_edge = (int8_t)cc_dir_of_ring(loc.value);
    return true;
}

/* feature: tile_id, idx, type, pennants, inner, split_edge, ends_on, inn,
 * cathedral, pig_herd, in catalog order and by idx, so the numbers must
 * come 0, 1, 2... */
static bool read_feature_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    if (t == NULL)
        return false;
    int k = sqlite3_column_int(row, 1);
    if (k != t->nfeatures || k >= CC_MAX_TILE_FEATURES)
        return fail(ld, "catalog: %s: feature #%d where #%d was due (numbers run 0..n-1, at most %d)",
                    t->id, k, t->nfeatures, CC_MAX_TILE_FEATURES);
    cc_tile_feature *f = &t->features[k];
    f->index = (uint8_t)k;
    int type = feature_type_parse(text_or_null(row, 2));
    if (type < 0)
        return fail(ld, "catalog: %s #%d: unknown feature type \"%s\"", t->id, k,
                    text_or_null(row, 2) ? text_or_null(row, 2) : "(null)");
    f->type = (uint8_t)type;
    int pennants = sqlite3_column_int(row, 3);
    if (pennants < 0 || pennants > 9 || (pennants > 0 && type != CC_FEAT_CITY))
        return fail(ld, "catalog: %s #%d: %d pennants", t->id, k, pennants);
    f->pennants = (uint8_t)pennants;
    if (!read_bool(ld, row, 4, &f->inner, "inner") ||
        !read_split_edge(ld, t, f, text_or_null(row, 5)))
        return false;
    if (text_or_null(row, 6) != NULL)
        append_prose(f->ends_on, sizeof f->ends_on, NULL, text_or_null(row, 6));
    if (!read_bool(ld, row, 7, &f->inn, "inn") ||
        !read_bool(ld, row, 8, &f->cathedral, "cathedral") ||
        !read_bool(ld, row, 9, &f->pig_herd, "pig_herd"))
        return false;
    if ((f->inn && type != CC_FEAT_ROAD) || (f->cathedral && type != CC_FEAT_CITY) ||
        (f->pig_herd && type != CC_FEAT_FIELD))
        return fail(ld, "catalog: %s #%d: an inn is on a road, a cathedral in a city, "
                    "a pig herd in a field", t->id, k);
    t->nfeatures++;
    return true;
}

static int goods_parse(const char *name)
{
    for (int g = 0; name != NULL && g < CC_NGOODS; g++)
        if (strcmp(name, cc_goods_name((cc_goods)g)) == 0)
            return g;
    return -1;
}

/* feature_goods: tile_id, feature_idx, kind, count */
static bool read_goods_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    cc_tile_feature *f = t ? feature_numbered(ld, t, row, 1) : NULL;
    if (f == NULL)
        return false;
    int g = goods_parse(text_or_null(row, 2));
    int n = sqlite3_column_int(row, 3);
    if (g < 0)
        return fail(ld, "catalog: %s #%d: unknown goods \"%s\"", t->id, f->index,
                    text_or_null(row, 2) ? text_or_null(row, 2) : "(null)");
    if (f->type != CC_FEAT_CITY || n < 1 || n > 9 || f->goods[g] != 0)
        return fail(ld, "catalog: %s #%d: goods are 1 to 9 symbols of a kind, once, on a city",
                    t->id, f->index);
    f->goods[g] = (uint8_t)n;
    return true;
}

/* Does a feature of this type belong at loc?  Cities, roads and rivers own
 * edges, fields own half-edges, monasteries stand at C (tiles.md section 1). */
static bool location_fits(cc_feature_type type, cc_loc loc)
{
    if (loc.kind == CC_LOC_CENTRE)
        return cc_feature_is_monastery(type);
    if (loc.kind != CC_LOC_RING)
        return false;
    if (type == CC_FEAT_CITY || type == CC_FEAT_ROAD || type == CC_FEAT_RIVER)
        return cc_ring_is_edge(loc.value);
    return type == CC_FEAT_FIELD && !cc_ring_is_edge(loc.value);
}

/* feature_location: tile_id, feature_idx, location */
static bool read_location_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    cc_tile_feature *f = t ? feature_numbered(ld, t, row, 1) : NULL;
    if (f == NULL)
        return false;
    const char *name = text_or_null(row, 2);
    cc_loc loc;
    if (!cc_loc_parse(name, &loc) || (loc.kind != CC_LOC_CENTRE && loc.kind != CC_LOC_RING))
        return fail(ld, "catalog: %s #%d: \"%s\" is not a location name (C, N, NNE, ... NNW)",
                    t->id, f->index, name ? name : "(null)");
    if (!location_fits((cc_feature_type)f->type, loc))
        return fail(ld, "catalog: %s #%d: a %s cannot lie at %s", t->id, f->index,
                    cc_feature_type_name((cc_feature_type)f->type), name);
    if (loc.kind == CC_LOC_CENTRE) {
        if (cc_tile_centre_feature(t) >= 0)
            return fail(ld, "catalog: %s: two features at C", t->id);
        f->centre = true;
        return true;
    }
    if (cc_tile_feature_at_ring(t, loc.value) >= 0)
        return fail(ld, "catalog: %s: two features at %s", t->id, name);
    f->ring_mask |= (uint16_t)(1u << loc.value);
    return true;
}

/* field_city: tile_id, field_idx, city_idx */
static bool read_field_city_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    cc_tile_feature *field = t ? feature_numbered(ld, t, row, 1) : NULL;
    cc_tile_feature *city = field ? feature_numbered(ld, t, row, 2) : NULL;
    if (city == NULL)
        return false;
    if (field->type != CC_FEAT_FIELD || city->type != CC_FEAT_CITY)
        return fail(ld, "catalog: %s: #%d borders #%d, but only fields border cities",
                    t->id, field->index, city->index);
    field->adjacent_cities |= (uint16_t)(1u << city->index);
    return true;
}

/* wagon_link: tile_id, link_group, feature_idx */
static bool read_wagon_link_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    cc_tile_feature *f = t ? feature_numbered(ld, t, row, 2) : NULL;
    if (f == NULL)
        return false;
    int g = sqlite3_column_int(row, 1);
    if (g < 0 || g >= CC_MAX_WAGON_LINKS)
        return fail(ld, "catalog: %s: wagon link group %d (at most %d groups)",
                    t->id, g, CC_MAX_WAGON_LINKS);
    t->wagon_links[g] |= (uint16_t)(1u << f->index);
    if (g >= t->nwagon_links)
        t->nwagon_links = g + 1;
    return true;
}

/* tile_note: tile_id, text, in seq order; several notes become lines. */
static bool read_note_row(loader *ld, sqlite3_stmt *row)
{
    cc_tile_type *t = tile_named(ld, row, 0);
    if (t == NULL)
        return false;
    const char *text = text_or_null(row, 1);
    if (text != NULL)
        append_prose(t->notes, sizeof t->notes, "\n", text);
    return true;
}

/* ---- whole-tile checks --------------------------------------------------- */

/* Each edge's letter must agree with what owns it: a city edge belongs to
 * a city and its halves to nobody, a road edge to a road and a river edge
 * to a river, each between two field halves, a field edge to nobody and
 * both halves to fields. Matching uses
 * the letters and feature building uses the masks, so a disagreement would
 * make the two halves of the engine see different tiles. */
static bool check_edge(loader *ld, const cc_tile_type *t, int d)
{
    int r = cc_ring_of_dir(d);
    int edge = cc_tile_feature_at_ring(t, r);
    int left = cc_tile_feature_at_ring(t, (r + CC_RING_SIZE - 1) % CC_RING_SIZE);
    int right = cc_tile_feature_at_ring(t, r + 1);
    bool halves_fields = left >= 0 && right >= 0 &&
                         t->features[left].type == CC_FEAT_FIELD &&
                         t->features[right].type == CC_FEAT_FIELD;
    bool ok = false;
    switch (t->edges[d]) {
    case 'C': ok = edge >= 0 && t->features[edge].type == CC_FEAT_CITY && left < 0 && right < 0; break;
    case 'R': ok = edge >= 0 && t->features[edge].type == CC_FEAT_ROAD && halves_fields; break;
    case 'I': ok = edge >= 0 && t->features[edge].type == CC_FEAT_RIVER && halves_fields; break;
    case 'F': ok = edge < 0 && halves_fields; break;
    default: break;
    }
    if (!ok)
        return fail(ld, "catalog: %s: edge %c is '%c' but its features disagree",
                    t->id, "NESW"[d], t->edges[d]);
    return true;
}

static bool check_feature(loader *ld, const cc_tile_type *t, const cc_tile_feature *f)
{
    bool monastery = cc_feature_is_monastery((cc_feature_type)f->type);
    if (monastery != f->centre)
        return fail(ld, "catalog: %s #%d: a monastery stands at C, nothing else does", t->id, f->index);
    if (f->type == CC_FEAT_FIELD && f->inner != (f->ring_mask == 0))
        return fail(ld, "catalog: %s #%d: a field is inner exactly when it touches no edge",
                    t->id, f->index);
    if ((f->type == CC_FEAT_CITY || f->type == CC_FEAT_ROAD || f->type == CC_FEAT_RIVER) &&
        f->ring_mask == 0)
        return fail(ld, "catalog: %s #%d: a %s owns no edge", t->id, f->index,
                    cc_feature_type_name((cc_feature_type)f->type));
    if (f->split_edge >= 0) {
        int owner = cc_tile_feature_at_ring(t, cc_ring_of_dir(f->split_edge));
        if (f->type != CC_FEAT_CITY || owner < 0 || owner == f->index ||
            t->features[owner].type != CC_FEAT_CITY)
            return fail(ld, "catalog: %s #%d: a split edge is a city edge another city owns",
                        t->id, f->index);
    }
    return true;
}

static bool check_abbey(loader *ld, const cc_tile_type *t)
{
    bool has_abbey_feature = false;
    for (int k = 0; k < t->nfeatures; k++)
        has_abbey_feature |= t->features[k].type == CC_FEAT_ABBEY;
    if (t->is_abbey != has_abbey_feature)
        return fail(ld, "catalog: %s: the abbey tile and only it has an abbey feature", t->id);
    if (t->is_abbey && (t->count != 0 || memcmp(t->edges, "????", 4) != 0 || t->nfeatures != 1))
        return fail(ld, "catalog: %s: the abbey has no count, edges ???? and one feature", t->id);
    return true;
}

/* The river flags against the river edges (schema.sql says the same on
 * insert): a spring or a lake has one river edge, a fork three, the volcano
 * is a lake, a tile has at most one of spring, lake and fork; river edges
 * only in the river sets, whose rules know them. */
static bool check_river(loader *ld, const cc_tile_type *t)
{
    int river_edges = 0;
    for (int d = 0; d < CC_NDIRS; d++)
        river_edges += t->edges[d] == 'I';
    bool river_set = t->expansion & (CC_EXP_RIVER | CC_EXP_RIVER_II);
    if (river_edges > 0 && !river_set)
        return fail(ld, "catalog: %s: river edges outside the river sets", t->id);
    if (t->spring + t->lake + t->fork > 1 || (t->volcano && !t->lake))
        return fail(ld, "catalog: %s: at most one of spring, lake and fork; a volcano is a lake",
                    t->id);
    if (((t->spring || t->lake) && river_edges != 1) || (t->fork && river_edges != 3))
        return fail(ld, "catalog: %s: a spring or a lake has one river edge, a fork three",
                    t->id);
    return true;
}

static bool check_tile(loader *ld, const cc_tile_type *t)
{
    if (t->reference_id[0] == '\0')
        return fail(ld, "catalog: %s has no reference id", t->id);
    if (t->nfeatures == 0)
        return fail(ld, "catalog: %s has no features", t->id);
    if (!check_abbey(ld, t) || !check_river(ld, t))
        return false;
    if (t->is_abbey)
        return true;        /* no edges to check: '?' matches anything */
    if (t->count < 1)
        return fail(ld, "catalog: %s: count %d (only the abbey has none)", t->id, t->count);
    for (int k = 0; k < t->nfeatures; k++)
        if (!check_feature(ld, t, &t->features[k]))
            return false;
    for (int d = 0; d < CC_NDIRS; d++)
        if (!check_edge(ld, t, d))
            return false;
    for (int g = 0; g < t->nwagon_links; g++)
        if (t->wagon_links[g] == 0)
            return fail(ld, "catalog: %s: wagon link group %d is empty", t->id, g);
    return true;
}

static bool check_catalog(loader *ld)
{
    int starts = 0, abbeys = 0;
    for (int i = 0; i < ld->cat->ntypes; i++) {
        const cc_tile_type *t = &ld->cat->types[i];
        if (!check_tile(ld, t))
            return false;
        starts += t->is_start;
        abbeys += t->is_abbey;
    }
    if (ld->cat->ntypes != ld->capacity)
        return fail(ld, "catalog: %d tile rows, %d counted", ld->cat->ntypes, ld->capacity);
    if (starts != 1 || abbeys > 1)
        return fail(ld, "catalog: %d start tile types and %d abbeys (need 1 and at most 1)",
                    starts, abbeys);
    return true;
}

/* ---- the load ------------------------------------------------------------ */

/* Order by tile position so a tile's rows arrive in catalog order; the
 * feature numbers and the reference-first alias order depend on it. */
static bool read_all(loader *ld)
{
    return for_each_row(ld, "PRAGMA user_version", read_version_row) &&
           for_each_row(ld, "SELECT count(*) FROM tile_type", read_count_row) &&
           for_each_row(ld,
               "SELECT id, set_id, count, edges, is_abbey, is_start, hill, vineyard, garden,"
               " spring, lake, fork, volcano"
               " FROM tile_type ORDER BY position", read_tile_row) &&
           for_each_row(ld, "SELECT tile_id, variant FROM tile_variant", read_variant_row) &&
           for_each_row(ld,
               "SELECT a.tile_id, a.alias, a.source FROM tile_alias a"
               " JOIN tile_type t ON t.id = a.tile_id"
               " ORDER BY t.position, a.source <> 'reference', a.alias", read_alias_row) &&
           for_each_row(ld,
               "SELECT f.tile_id, f.idx, f.type, f.pennants, f.inner, f.split_edge, f.ends_on,"
               " f.inn, f.cathedral, f.pig_herd"
               " FROM feature f JOIN tile_type t ON t.id = f.tile_id"
               " ORDER BY t.position, f.idx", read_feature_row) &&
           for_each_row(ld,
               "SELECT tile_id, feature_idx, kind, count FROM feature_goods", read_goods_row) &&
           for_each_row(ld,
               "SELECT tile_id, feature_idx, location FROM feature_location",
               read_location_row) &&
           for_each_row(ld,
               "SELECT tile_id, field_idx, city_idx FROM field_city", read_field_city_row) &&
           for_each_row(ld,
               "SELECT tile_id, link_group, feature_idx FROM wagon_link", read_wagon_link_row) &&
           for_each_row(ld,
               "SELECT tile_id, text FROM tile_note ORDER BY tile_id, seq", read_note_row);
}

/* Each type's facts in its four rotations (cc_tile_turn), so that placing a
 * tile on a request's board copies them instead of turning them. */
static bool turn_types(loader *ld)
{
    for (int i = 0; i < ld->cat->ntypes; i++)
        cc_tile_type_turn(&ld->cat->types[i]);
    return true;
}

/* Every id and alias in a hash table, so a request's tile names are one
 * look-up each (cc_catalog_find), not scans of the catalog. */
static bool index_names(loader *ld)
{
    int n = cc_catalog_count_names(ld->cat);
    ld->cat->names = malloc(sizeof *ld->cat->names * (size_t)n);
    if (ld->cat->names == NULL)
        return fail(ld, "catalog: out of memory");
    cc_catalog_names(ld->cat, ld->cat->names, n);
    ld->cat->nnames = n;
    return true;
}

/* Read everything from an open db, close it, check the result. Takes
 * ownership of db (closed on every path). */
static bool load_from(sqlite3 *db, cc_catalog *cat, char *errbuf, size_t errlen)
{
    loader ld = { .db = db, .cat = cat, .capacity = 0, .err = errbuf, .errlen = errlen };
    bool ok = read_all(&ld);
    sqlite3_close(db);
    ld.db = NULL;
    ok = ok && check_catalog(&ld) && turn_types(&ld) && index_names(&ld);
    if (!ok)
        catalog_free(cat);
    return ok;
}

static void catalog_reset(cc_catalog *cat)
{
    cat->ntypes = 0;
    cat->types = NULL;
    cat->nnames = 0;
    cat->names = NULL;
}

bool catalog_load_default(cc_catalog *cat, char *errbuf, size_t errlen)
{
    loader ld = { .cat = cat, .err = errbuf, .errlen = errlen };
    catalog_reset(cat);
    sqlite3 *db = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
        fail(&ld, "catalog: cannot open an in-memory database: %s",
             db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return false;
    }
    /* READONLY: SQLite never writes to (or frees) the image in the binary. */
    int rc = sqlite3_deserialize(db, "main", catalog_db_image, catalog_db_image_len,
                                 catalog_db_image_len, SQLITE_DESERIALIZE_READONLY);
    if (rc != SQLITE_OK) {
        fail(&ld, "catalog: cannot open the embedded catalog: %s", sqlite3_errmsg(db));
        sqlite3_close(db);
        return false;
    }
    return load_from(db, cat, errbuf, errlen);
}

bool catalog_load_file(const char *path, cc_catalog *cat, char *errbuf, size_t errlen)
{
    loader ld = { .cat = cat, .err = errbuf, .errlen = errlen };
    catalog_reset(cat);
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fail(&ld, "catalog: cannot open %s: %s", path,
             db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return false;
    }
    return load_from(db, cat, errbuf, errlen);
}

void catalog_free(cc_catalog *cat)
{
    free(cat->names);
    free(cat->types);
    catalog_reset(cat);
}
