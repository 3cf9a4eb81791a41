/* route_tiles.c -- GET /v1/tiles and GET /v1/tiles/{id}: the tile catalog.
 *
 * Every fact is in catalog orientation (contract section 2): edges as the
 * string N E S W ("CRFR"; '?' matches anything, the abbey), and each feature
 * #k with its locations: "C" for a building, edge names for cities and
 * roads, half names for fields, and "#k" where the feature owns something
 * no ring name reaches (an inner field, the second city segment of a split
 * edge). Each feature carries its index twice, as "index" and "k".
 *
 * Facts only some sets have are members only where they hold, so the
 * answer for a tile of the older sets keeps its exact form: a tile's
 * "spring", "lake", "fork", "volcano" (the river sets), a road's "inn", a
 * city's "cathedral" and "goods", a field's "pig_herd". */
#include "routes.h"

#include <string.h>

#include "../../engine/river.h"

static const char *const dir_names[4] = { "N", "E", "S", "W" };

static void feature_locations(jw *w, const cc_tile_feature *tf)
{
    char name[8];
    int n = 0;
    jw_array(w);
    if (tf->centre) {
        jw_string(w, "C");
        n++;
    }
    for (int r = 0; r < CC_RING_SIZE; r++)
        if (tf->ring_mask & (1u << r)) {
            jw_string(w, cc_loc_name(cc_loc_make(CC_LOC_RING, r), name));
            n++;
        }
    if (tf->split_edge >= 0 || n == 0)
        jw_string(w, cc_loc_name(cc_loc_make(CC_LOC_FEATURE, tf->index), name));
    jw_array_end(w);
}

/* A city segment's trade goods, {"wine": 1}, when it shows any. */
static void encode_goods(jw *w, const cc_tile_feature *tf)
{
    bool any = false;
    for (int g = 0; g < CC_NGOODS; g++)
        any |= tf->goods[g] > 0;
    if (!any)
        return;
    jw_key(w, "goods");
    jw_object(w);
    for (int g = 0; g < CC_NGOODS; g++)
        if (tf->goods[g] > 0)
            jw_member_int(w, cc_goods_name((cc_goods)g), tf->goods[g]);
    jw_object_end(w);
}

static void encode_feature(jw *w, const cc_tile_feature *tf)
{
    jw_object(w);
    /* The contract's tables call the member "index" (section 5) and its
     * prose "its index `k`" (section 2): both are given, same value. */
    jw_member_int(w, "index", tf->index);
    jw_member_int(w, "k", tf->index);
    jw_member_string(w, "type", cc_feature_type_name((cc_feature_type)tf->type));
    jw_key(w, "locations");
    feature_locations(w, tf);
    /* Section 5 lists pennants among every feature's members: 0 where the
     * feature is not a city, so a client can sum them without a type test. */
    jw_member_int(w, "pennants", tf->type == CC_FEAT_CITY ? tf->pennants : 0);
    switch ((cc_feature_type)tf->type) {
    case CC_FEAT_CITY:
        if (tf->split_edge >= 0 && tf->split_edge < 4)
            jw_member_string(w, "split_edge", dir_names[tf->split_edge]);
        if (tf->cathedral)
            jw_member_bool(w, "cathedral", true);
        encode_goods(w, tf);
        break;
    case CC_FEAT_FIELD:
        jw_key(w, "adjacent_cities");
        jw_array(w);
        for (int j = 0; j < 16; j++)
            if (tf->adjacent_cities & (1u << j))
                jw_int(w, j);
        jw_array_end(w);
        jw_member_bool(w, "inner", tf->inner);
        if (tf->pig_herd)
            jw_member_bool(w, "pig_herd", true);
        break;
    case CC_FEAT_ROAD:
        if (tf->ends_on[0])
            jw_member_string(w, "ends_on", tf->ends_on);
        if (tf->inn)
            jw_member_bool(w, "inn", true);
        break;
    default:
        break;
    }
    jw_object_end(w);
}

static void encode_wagon_links(jw *w, const cc_tile_type *t)
{
    jw_array(w);
    for (int i = 0; i < t->nwagon_links && i < CC_MAX_WAGON_LINKS; i++) {
        jw_array(w);
        for (int k = 0; k < 16; k++)
            if (t->wagon_links[i] & (1u << k))
                jw_int(w, k);
        jw_array_end(w);
    }
    jw_array_end(w);
}

static void encode_tile(jw *w, const cc_tile_type *t)
{
    char edges[5];
    memcpy(edges, t->edges, 4);
    edges[4] = '\0';
    jw_object(w);
    jw_member_string(w, "id", t->id);
    jw_member_string(w, "set", t->set);
    jw_member_string(w, "reference_id", t->reference_id);
    jw_key(w, "aliases");
    jw_array(w);
    for (int a = 0; a < t->naliases && a < CC_MAX_ALIASES; a++)
        jw_string(w, t->aliases[a]);
    jw_array_end(w);
    jw_member_int(w, "count", t->count);
    jw_member_string(w, "edges", edges);
    jw_member_bool(w, "hill", t->hill);
    jw_member_bool(w, "vineyard", t->vineyard);
    jw_member_bool(w, "garden", t->garden);
    jw_member_bool(w, "start", t->is_start);
    if (t->spring)
        jw_member_bool(w, "spring", true);
    if (t->lake)
        jw_member_bool(w, "lake", true);
    if (t->fork)
        jw_member_bool(w, "fork", true);
    if (t->volcano)
        jw_member_bool(w, "volcano", true);
    jw_key(w, "features");
    jw_array(w);
    for (int k = 0; k < t->nfeatures && k < CC_MAX_TILE_FEATURES; k++)
        encode_feature(w, &t->features[k]);
    jw_array_end(w);
    jw_key(w, "wagon_links");
    encode_wagon_links(w, t);
    jw_member_string(w, "notes", t->notes);
    jw_object_end(w);
}

/* ?set=: the tile set whose tiles are asked (a set of the catalog, as in
 * a tile's "set"), 0 for every tile; false with the 400 naming the
 * parameter when it names none. The spring, which both river sets share,
 * is a tile of each (engine/river.h: cc_tile_in_play). */
static bool pick_set(const svc_context *ctx, unsigned *set, svc_response *res)
{
    char v[64];
    *set = 0;
    int got = svc_query_param(ctx, "set", v, sizeof v);
    if (got == 0)
        return true;
    *set = got == 1 ? cc_expansion_of_set(v) : 0;
    if (*set == 0)
        return svc_problem_param(res, 400, "set", SVC_P_UNKNOWN_EXPANSION, SVC_D_TILES_SET_PARAMETER,
                                 CC_NO_ARGS);
    return true;
}

void route_tiles(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)param;
    unsigned set;
    if (!pick_set(ctx, &set, res))
        return;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "tiles");
    jw_array(&w);
    for (int i = 0; i < ctx->cat->ntypes; i++)
        if (set == 0 || cc_tile_in_play(&ctx->cat->types[i], set))
            encode_tile(&w, &ctx->cat->types[i]);
    jw_array_end(&w);
    jw_object_end(&w);
    svc_reply_jw(res, 200, &w);
}

void route_tile(const svc_context *ctx, const char *param, svc_response *res)
{
    int i = cc_catalog_find(ctx->cat, param);
    if (i < 0) {
        char shown[80];
        cc_error err;
        CC_FAIL(&err, 404, "", CC_MSG_P_UNKNOWN_TILE, SVC_D_NO_SUCH_TILE,
                CC_QUOTE(ID, cc_error_quote(&err, 0, svc_printable(shown, sizeof shown, param))));
        svc_reply_problem(res, &err);
        return;
    }
    jw w;
    jw_init(&w);
    encode_tile(&w, &ctx->cat->types[i]);
    svc_reply_jw(res, 200, &w);
}
