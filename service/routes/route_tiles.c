/* route_tiles.c -- GET /v1/tiles and GET /v1/tiles/{id}: the tile catalog.
 *
 * Every fact is in catalog orientation (contract section 2): edges as the
 * string N E S W ("CRFR"; '?' matches anything, the abbey), and each feature
 * #k with its locations: "C" for a building, edge names for cities and
 * roads, half names for fields, and "#k" where the feature owns something
 * no ring name reaches (an inner field, the second city segment of a split
 * edge). Each feature carries its index twice, as "index" and "k". */
#include "routes.h"

#include <string.h>

static const char *const dir_names[4] = { "N", "E", "S", "W" };

static json_object *feature_locations(const cc_tile_feature *tf)
{
    json_object *a = json_object_new_array();
    if (tf->centre)
        json_object_array_add(a, json_object_new_string("C"));
    for (int r = 0; r < CC_RING_SIZE; r++)
        if (tf->ring_mask & (1u << r)) {
            char name[8];
            json_object_array_add(a, json_object_new_string(
                                         cc_loc_name(cc_loc_make(CC_LOC_RING, r), name)));
        }
    if (tf->split_edge >= 0 || json_object_array_length(a) == 0) {
        char name[8];
        json_object_array_add(a, json_object_new_string(
                                     cc_loc_name(cc_loc_make(CC_LOC_FEATURE, tf->index), name)));
    }
    return a;
}

static json_object *encode_feature(const cc_tile_feature *tf)
{
    json_object *o = json_object_new_object();
    /* The contract's tables call the member "index" (section 5) and its
     * prose "its index `k`" (section 2): both are given, same value. */
    json_object_object_add(o, "index", json_object_new_int(tf->index));
    json_object_object_add(o, "k", json_object_new_int(tf->index));
    json_object_object_add(o, "type", json_object_new_string(
                                          cc_feature_type_name((cc_feature_type)tf->type)));
    json_object_object_add(o, "locations", feature_locations(tf));
    /* Section 5 lists pennants among every feature's members: 0 where the
     * feature is not a city, so a client can sum them without a type test. */
    json_object_object_add(o, "pennants", json_object_new_int(
                                              tf->type == CC_FEAT_CITY ? tf->pennants : 0));
    switch ((cc_feature_type)tf->type) {
    case CC_FEAT_CITY:
        if (tf->split_edge >= 0 && tf->split_edge < 4)
            json_object_object_add(o, "split_edge", json_object_new_string(dir_names[tf->split_edge]));
        break;
    case CC_FEAT_FIELD: {
        json_object *cities = json_object_new_array();
        for (int j = 0; j < 16; j++)
            if (tf->adjacent_cities & (1u << j))
                json_object_array_add(cities, json_object_new_int(j));
        json_object_object_add(o, "adjacent_cities", cities);
        json_object_object_add(o, "inner", json_object_new_boolean(tf->inner));
        break;
    }
    case CC_FEAT_ROAD:
        if (tf->ends_on[0])
            json_object_object_add(o, "ends_on", json_object_new_string(tf->ends_on));
        break;
    default:
        break;
    }
    return o;
}

static json_object *encode_wagon_links(const cc_tile_type *t)
{
    json_object *a = json_object_new_array();
    for (int i = 0; i < t->nwagon_links && i < CC_MAX_WAGON_LINKS; i++) {
        json_object *group = json_object_new_array();
        for (int k = 0; k < 16; k++)
            if (t->wagon_links[i] & (1u << k))
                json_object_array_add(group, json_object_new_int(k));
        json_object_array_add(a, group);
    }
    return a;
}

static json_object *encode_tile(const cc_tile_type *t)
{
    json_object *o = json_object_new_object();
    char edges[5];
    memcpy(edges, t->edges, 4);
    edges[4] = '\0';
    json_object_object_add(o, "id", json_object_new_string(t->id));
    json_object_object_add(o, "set", json_object_new_string(t->set));
    json_object_object_add(o, "reference_id", json_object_new_string(t->reference_id));
    json_object *aliases = json_object_new_array();
    for (int a = 0; a < t->naliases && a < CC_MAX_ALIASES; a++)
        json_object_array_add(aliases, json_object_new_string(t->aliases[a]));
    json_object_object_add(o, "aliases", aliases);
    json_object_object_add(o, "count", json_object_new_int(t->count));
    json_object_object_add(o, "edges", json_object_new_string(edges));
    json_object_object_add(o, "hill", json_object_new_boolean(t->hill));
    json_object_object_add(o, "vineyard", json_object_new_boolean(t->vineyard));
    json_object_object_add(o, "garden", json_object_new_boolean(t->garden));
    json_object_object_add(o, "start", json_object_new_boolean(t->is_start));
    json_object *features = json_object_new_array_ext(t->nfeatures);
    for (int k = 0; k < t->nfeatures && k < CC_MAX_TILE_FEATURES; k++)
        json_object_array_add(features, encode_feature(&t->features[k]));
    json_object_object_add(o, "features", features);
    json_object_object_add(o, "wagon_links", encode_wagon_links(t));
    json_object_object_add(o, "notes", json_object_new_string(t->notes));
    return o;
}

void route_tiles(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)param;
    json_object *list = json_object_new_array_ext(ctx->cat->ntypes);
    for (int i = 0; i < ctx->cat->ntypes; i++)
        json_object_array_add(list, encode_tile(&ctx->cat->types[i]));
    json_object *body = json_object_new_object();
    json_object_object_add(body, "tiles", list);
    svc_reply_json(res, 200, body);
}

void route_tile(const svc_context *ctx, const char *param, svc_response *res)
{
    int i = cc_catalog_find(ctx->cat, param);
    if (i < 0) {
        char shown[80];
        svc_fail(res, 404, "", "Unknown tile",
                 "no tile has the id or alias \"%s\" (GET /v1/tiles lists them)",
                 svc_printable(shown, sizeof shown, param));
        return;
    }
    svc_reply_json(res, 200, encode_tile(&ctx->cat->types[i]));
}
