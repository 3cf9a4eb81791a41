/* test_dispatch.c -- the service without sockets: svc_dispatch() on real
 * positions (model: h2o's t/00unit), every foundation route's happy path,
 * and the shared failures: 404, 405 with Allow, 400 for bodies that are not
 * a JSON object, 413 past the body limit, and the problem+json shape of
 * docs/problems.md (RFC 9457).
 *
 * Positions are written as JSON, as a client sends them. Where an answer is
 * checked against the engine, the engine is asked independently through
 * the test builders (support/testutil.h), not through the route. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/service.h"
#include "../../support/testutil.h"

CC_SUITE(dispatch);

static const char test_yaml[] = "openapi: 3.1.0\n";
static const char test_html[] = "<!DOCTYPE html><html></html>";

static svc_context context(void)
{
    svc_context ctx = {
        .cat = tu_catalog(),
        .openapi_yaml = test_yaml, .openapi_len = sizeof test_yaml - 1,
        .docs_html = test_html, .docs_len = sizeof test_html - 1,
    };
    return ctx;
}

/* The bytes of a response, whichever way it holds them. */
static const char *body_of(const svc_response *res)
{
    return res->body ? res->body : res->static_body;
}

/* Dispatch, check the status, parse the JSON answer. The caller puts it. */
static json_object *ask(const char *method, const char *path, const char *body, int status)
{
    svc_context ctx = context();
    svc_response res;
    svc_dispatch(&ctx, method, path, body, body ? strlen(body) : 0, &res);
    cr_assert_eq(res.status, status, "%s %s: status %d, expected %d: %.400s", method, path,
                 res.status, status, body_of(&res) ? body_of(&res) : "(no body)");
    cr_assert_not_null(body_of(&res));
    cr_assert_eq(strlen(body_of(&res)), res.len, "len is the body's length");
    json_object *root = json_tokener_parse(body_of(&res));
    cr_assert_not_null(root, "the answer is JSON: %.400s", body_of(&res));
    const char *want = status >= 400 ? "application/problem+json" : "application/json";
    cr_assert_str_eq(res.content_type, want);
    svc_response_free(&res);
    return root;
}

static json_object *member(json_object *o, const char *name)
{
    json_object *v = NULL;
    cr_assert(json_object_object_get_ex(o, name, &v), "member %s missing in %s", name,
              json_object_to_json_string(o));
    return v;
}

static const char *str_member(json_object *o, const char *name)
{
    json_object *v = member(o, name);
    cr_assert(json_object_is_type(v, json_type_string), "%s is not a string", name);
    return json_object_get_string(v);
}

static int int_member(json_object *o, const char *name)
{
    json_object *v = member(o, name);
    cr_assert(json_object_is_type(v, json_type_int), "%s is not an integer", name);
    return json_object_get_int(v);
}

static bool bool_member(json_object *o, const char *name)
{
    json_object *v = member(o, name);
    cr_assert(json_object_is_type(v, json_type_boolean), "%s is not a boolean", name);
    return json_object_get_boolean(v);
}

static json_object *array_member(json_object *o, const char *name)
{
    json_object *v = member(o, name);
    cr_assert(json_object_is_type(v, json_type_array), "%s is not an array", name);
    return v;
}

/* RFC 9457 + contract section 4: exactly type, title, status, detail,
 * pointer; type a URI of our scheme; status repeats the HTTP status. */
static void assert_problem(json_object *p, int status, const char *pointer)
{
    cr_assert_eq(json_object_object_length(p), 5, "problem members: %s",
                 json_object_to_json_string(p));
    const char *type = str_member(p, "type");
    cr_assert_eq(strncmp(type, SVC_PROBLEM_BASE, strlen(SVC_PROBLEM_BASE)), 0, "type %s", type);
    cr_assert_gt(strlen(type), strlen(SVC_PROBLEM_BASE));
    cr_assert_gt(strlen(str_member(p, "title")), 0);
    cr_assert_gt(strlen(str_member(p, "detail")), 0);
    cr_assert_eq(int_member(p, "status"), status);
    if (pointer)
        cr_assert_str_eq(str_member(p, "pointer"), pointer);
    else
        str_member(p, "pointer");
}

static void ask_problem(const char *method, const char *path, const char *body, int status,
                        const char *pointer)
{
    json_object *p = ask(method, path, body, status);
    assert_problem(p, status, pointer);
    json_object_put(p);
}

/* Is the string s an element of the array a? */
static bool array_has_string(json_object *a, const char *s)
{
    for (size_t i = 0; i < json_object_array_length(a); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(a, i)), s) == 0)
            return true;
    return false;
}

static void assert_xy(json_object *o, int x, int y)
{
    cr_assert_eq(int_member(o, "x"), x, "x in %s", json_object_to_json_string(o));
    cr_assert_eq(int_member(o, "y"), y, "y in %s", json_object_to_json_string(o));
}

static void assert_xyat(json_object *o, int x, int y, const char *at)
{
    assert_xy(o, x, y);
    cr_assert_str_eq(str_member(o, "at"), at, "at in %s", json_object_to_json_string(o));
}

/* ---- positions --------------------------------------------------------- */

/* The start tile alone (contract section 2: base.D starts at (0, 0)). */
#define START_ONLY \
    "{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}]," \
    "\"figures\":[]}"

/* base.D at (0,0): city N, road E-W (tiles.md). base.E (city on its N edge)
 * turned 180 at (0,-1) faces its city south and closes the city: two city
 * segments, no open edge. base.U (road E-W) at (1,0) continues the road.
 * red's meeple in the city, blue's on the road at (1,0). */
#define CITY_AND_ROAD \
    "{\"players\":[\"red\",\"blue\"],\"tiles\":[" \
    "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}," \
    "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180}," \
    "{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0}]," \
    "\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}," \
    "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":1,\"y\":0,\"at\":\"E\"}]}"

static void city_and_road(cc_position *pos)
{
    tu_pos(pos, 2, 0);
    tu_tile(pos, "base.D", 0, 0, 0);
    tu_tile(pos, "base.E", 0, -1, 180);
    tu_tile(pos, "base.U", 1, 0, 0);
    tu_fig(pos, 0, "meeple", 0, 0, "N");
    tu_fig(pos, 1, "meeple", 1, 0, "E");
}

/* ---- routing ---------------------------------------------------------- */

/* Contract section 5: GET /healthz answers 200. */
Test(dispatch, healthz_answers_200_status_ok)
{
    json_object *o = ask("GET", "/healthz", NULL, 200);
    cr_assert_str_eq(str_member(o, "status"), "ok");
    json_object_put(o);
}

/* The health answer is a constant: the HTTP layer may reuse one response. */
Test(dispatch, healthz_body_is_static)
{
    svc_context ctx = context();
    svc_response res;
    svc_dispatch(&ctx, "GET", "/healthz", NULL, 0, &res);
    cr_assert_null(res.body);
    cr_assert_not_null(res.static_body);
    svc_response_free(&res);
}

/* A query string is not part of the path. HEAD is answered like GET (the
 * HTTP layer drops the body). */
Test(dispatch, query_string_ignored_and_head_answered_like_get)
{
    json_object_put(ask("GET", "/healthz?probe=1", NULL, 200));
    json_object_put(ask("HEAD", "/healthz", NULL, 200));
}

/* Contract section 4: 404 for an unknown route. */
Test(dispatch, unknown_route_is_404_problem)
{
    ask_problem("GET", "/v2/nothing", NULL, 404, "");
    ask_problem("POST", "/v1/validat", "{}", 404, "");
    ask_problem("GET", "/healthz/extra", NULL, 404, "");
    ask_problem("GET", "/v1/tiles/", NULL, 404, "");   /* a prefix needs a parameter */
}

/* RFC 9110 15.5.6: 405 names the allowed methods in Allow. */
Test(dispatch, wrong_method_is_405_with_allow)
{
    svc_context ctx = context();
    svc_response res;
    svc_dispatch(&ctx, "POST", "/healthz", "{}", 2, &res);
    cr_assert_eq(res.status, 405);
    cr_assert_str_eq(res.allow, "GET, HEAD");
    svc_response_free(&res);
    svc_dispatch(&ctx, "GET", "/v1/validate", NULL, 0, &res);
    cr_assert_eq(res.status, 405);
    cr_assert_str_eq(res.allow, "POST");
    svc_response_free(&res);
    svc_dispatch(&ctx, "DELETE", "/v1/tiles/base.D", NULL, 0, &res);
    cr_assert_eq(res.status, 405);
    cr_assert_str_eq(res.allow, "GET, HEAD");
    svc_response_free(&res);
    ask_problem("PUT", "/v1/features", "{}", 405, "");
}

/* Contract section 4: 400 for a body that is not JSON or not an object. */
Test(dispatch, body_not_a_json_object_is_400)
{
    ask_problem("POST", "/v1/validate", "not json", 400, NULL);
    ask_problem("POST", "/v1/validate", "[1, 2]", 400, NULL);
    ask_problem("POST", "/v1/validate", "", 400, NULL);
    ask_problem("POST", "/v1/validate", "{\"position\": NaN}", 400, NULL);
    ask_problem("POST", "/v1/validate", "{\"position\":" START_ONLY "} trailing", 400, NULL);
}

/* Contract section 4: 400 for unknown members, at their pointer. */
Test(dispatch, unknown_member_is_400_at_its_pointer)
{
    ask_problem("POST", "/v1/validate", "{\"position\":" START_ONLY ",\"extra\":1}", 400, "/extra");
    ask_problem("POST", "/v1/placements",
                "{\"position\":" START_ONLY ",\"tile\":\"base.A\",\"x\":1}", 400, "/x");
}

/* Contract section 4: 413 past the documented limit (at least 1 MiB is
 * accepted). The HTTP layer answers early; the dispatcher refuses too. */
Test(dispatch, body_over_the_limit_is_413_and_the_limit_itself_is_read)
{
    cr_assert_geq(SVC_BODY_LIMIT, 1024 * 1024);
    size_t n = SVC_BODY_LIMIT + 1;
    char *big = malloc(n + 1);
    cr_assert_not_null(big);
    memset(big, ' ', n);
    big[n] = '\0';
    svc_context ctx = context();
    svc_response res;
    svc_dispatch(&ctx, "POST", "/v1/validate", big, n, &res);
    cr_assert_eq(res.status, 413);
    svc_response_free(&res);
    /* Exactly the limit is read: all blanks, so the parser says 400, not 413. */
    svc_dispatch(&ctx, "POST", "/v1/validate", big, n - 1, &res);
    cr_assert_eq(res.status, 400);
    svc_response_free(&res);
    free(big);
}

/* JSON Pointers are written without escaping '/' (engineering-notes.md:
 * json-c escapes it by default). */
Test(dispatch, pointers_are_written_without_escaped_slashes)
{
    svc_context ctx = context();
    svc_response res;
    const char *body = "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":["
                       "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
                       "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":0}],\"figures\":[]}}";
    svc_dispatch(&ctx, "POST", "/v1/validate", body, strlen(body), &res);
    cr_assert_eq(res.status, 422);
    cr_assert_not_null(strstr(res.body, "\"pointer\":\"/position/tiles/1\""), "%s", res.body);
    cr_assert_null(strstr(res.body, "\\/"));
    svc_response_free(&res);
}

/* RFC 9457: type identifies the kind of problem; ours is the base URI plus
 * the title in lower case with dashes, and a non-error status becomes 500. */
Test(dispatch, problem_type_is_derived_from_the_title)
{
    svc_response res;
    memset(&res, 0, sizeof res);
    svc_fail(&res, 422, "/position/tiles/2", "Edges do not match", "tile %d", 2);
    json_object *p = json_tokener_parse(res.body);
    cr_assert_str_eq(str_member(p, "type"), SVC_PROBLEM_BASE "edges-do-not-match");
    cr_assert_str_eq(str_member(p, "detail"), "Tile 2.", "details reach clients as sentences");
    cr_assert_str_eq(res.content_type, "application/problem+json");
    json_object_put(p);
    svc_response_free(&res);
    svc_fail(&res, 200, "", "Not an error", "x");
    cr_assert_eq(res.status, 500);
    svc_response_free(&res);
}

/* Client text quoted in a detail stays printable ASCII. */
Test(dispatch, client_text_in_details_is_made_printable)
{
    char out[12];
    cr_assert_str_eq(svc_printable(out, sizeof out, "a\x01\xc3\xa9z"), "a???z");
    cr_assert_str_eq(svc_printable(out, sizeof out, "0123456789abcdef"), "01234567...");
}

/* ---- GET /openapi.yaml, GET /docs --------------------------------------- */

/* Contract section 5: the document and the page that renders it, served
 * from what the context holds (embedded in the binary). */
Test(dispatch, openapi_and_docs_are_served_with_their_types)
{
    svc_context ctx = context();
    svc_response res;
    svc_dispatch(&ctx, "GET", "/openapi.yaml", NULL, 0, &res);
    cr_assert_eq(res.status, 200);
    cr_assert_eq(res.len, sizeof test_yaml - 1);
    cr_assert_eq(memcmp(body_of(&res), test_yaml, res.len), 0);
    cr_assert_eq(strncmp(res.content_type, "application/yaml", 16), 0);
    svc_response_free(&res);
    svc_dispatch(&ctx, "GET", "/docs", NULL, 0, &res);
    cr_assert_eq(res.status, 200);
    cr_assert_eq(memcmp(body_of(&res), test_html, res.len), 0);
    cr_assert_eq(strncmp(res.content_type, "text/html", 9), 0);
    svc_response_free(&res);
    ctx.docs_html = NULL;
    svc_dispatch(&ctx, "GET", "/docs", NULL, 0, &res);
    cr_assert_eq(res.status, 404);
    svc_response_free(&res);
}

/* ---- GET /v1/tiles ------------------------------------------------------- */

/* Contract section 2: every catalog tile with id, set, count, edges,
 * features (index, type, locations, pennants), hill, vineyard. */
Test(dispatch, tiles_lists_every_catalog_tile_with_its_facts)
{
    const cc_catalog *cat = tu_catalog();
    json_object *o = ask("GET", "/v1/tiles", NULL, 200);
    json_object *tiles = array_member(o, "tiles");
    cr_assert_eq((int)json_object_array_length(tiles), cat->ntypes);
    for (int i = 0; i < cat->ntypes; i++) {
        json_object *t = json_object_array_get_idx(tiles, (size_t)i);
        const cc_tile_type *type = &cat->types[i];
        cr_assert_str_eq(str_member(t, "id"), type->id);
        cr_assert_str_eq(str_member(t, "set"), type->set);
        cr_assert_eq(int_member(t, "count"), type->count);
        cr_assert_eq(strlen(str_member(t, "edges")), 4);
        cr_assert_eq(strncmp(str_member(t, "edges"), type->edges, 4), 0);
        cr_assert_eq(bool_member(t, "hill"), type->hill);
        cr_assert_eq(bool_member(t, "vineyard"), type->vineyard);
        array_member(t, "aliases");
        str_member(t, "reference_id");
        str_member(t, "notes");
        json_object *features = array_member(t, "features");
        cr_assert_eq((int)json_object_array_length(features), type->nfeatures, "%s", type->id);
        for (int k = 0; k < type->nfeatures; k++) {
            json_object *f = json_object_array_get_idx(features, (size_t)k);
            cr_assert_eq(int_member(f, "k"), k);
            cr_assert_str_eq(str_member(f, "type"),
                             cc_feature_type_name((cc_feature_type)type->features[k].type));
            cr_assert_gt(json_object_array_length(array_member(f, "locations")), 0,
                         "%s #%d has a location", type->id, k);
            if (type->features[k].type == CC_FEAT_CITY)
                cr_assert_eq(int_member(f, "pennants"), type->features[k].pennants);
        }
    }
    json_object_put(o);
}

/* Issue 27: GET /v1/tiles?set=river answers the river's 12 tiles (the
 * spring, the lake, 10 others; rule page river.txt: "12 river tiles"),
 * ?set=river-ii River II's 12 with the spring both share; every set of the
 * catalog answers its own tiles and only them; a set the catalog has not
 * is a 400 naming the parameter. */
Test(dispatch, tiles_of_one_set_with_the_shared_spring)
{
    const cc_catalog *cat = tu_catalog();
    static const struct { const char *set; int types, tiles; } sets[] = {
        { "river", 10, 12 }, { "river-ii", 12, 12 },
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char path[64];
        snprintf(path, sizeof path, "/v1/tiles?set=%s", sets[i].set);
        json_object *o = ask("GET", path, NULL, 200);
        json_object *tiles = array_member(o, "tiles");
        int n = (int)json_object_array_length(tiles), count = 0;
        bool spring = false;
        for (int k = 0; k < n; k++) {
            json_object *t = json_object_array_get_idx(tiles, (size_t)k);
            count += int_member(t, "count");
            spring |= strcmp(str_member(t, "id"), "river.s") == 0;
        }
        cr_expect_eq(n, sets[i].types, "%s: %d tile types", sets[i].set, n);
        cr_expect_eq(count, sets[i].tiles, "%s: %d tiles", sets[i].set, count);
        cr_expect(spring, "%s holds the spring", sets[i].set);
        json_object_put(o);
    }
    for (int t = 0; t < cat->ntypes; t++) {   /* every set: its own tiles, and only them */
        char path[96];
        snprintf(path, sizeof path, "/v1/tiles?set=%s", cat->types[t].set);
        json_object *o = ask("GET", path, NULL, 200);
        json_object *tiles = array_member(o, "tiles");
        int mine = 0, found = 0;
        for (int u = 0; u < cat->ntypes; u++)
            mine += strcmp(cat->types[u].set, cat->types[t].set) == 0;
        for (size_t k = 0; k < json_object_array_length(tiles); k++) {
            json_object *tk = json_object_array_get_idx(tiles, k);
            bool own = strcmp(str_member(tk, "set"), cat->types[t].set) == 0;
            cr_assert(own || strcmp(str_member(tk, "id"), "river.s") == 0, "%s: %s", path,
                      str_member(tk, "id"));
            found += own;
        }
        cr_assert_eq(found, mine, "%s: %d of the set's %d tiles", path, found, mine);
        json_object_put(o);
    }
    static const char *const bad[] = { "/v1/tiles?set=rivers", "/v1/tiles?set=", "/v1/tiles?set=RIVER",
                                       "/v1/tiles?set=river%00" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_object *p = ask("GET", bad[i], NULL, 400);
        cr_assert_str_eq(str_member(p, "pointer"), "", "%s", bad[i]);   /* the query is no body */
        cr_assert_str_eq(str_member(p, "parameter"), "set", "%s", bad[i]);
        cr_assert(strstr(str_member(p, "type"), "/unknown-expansion") != NULL, "%s", bad[i]);
        json_object_put(p);
    }
}

/* Contract section 5 names a tile feature's index "index" ("features (index,
 * type, locations, pennants)"), section 2 "its index `k`": every feature of
 * every tile answers both, and both are its position in the list. */
Test(dispatch, tile_features_carry_their_index_as_index_and_k)
{
    json_object *o = ask("GET", "/v1/tiles", NULL, 200);
    json_object *tiles = array_member(o, "tiles");
    for (size_t i = 0; i < json_object_array_length(tiles); i++) {
        json_object *features = array_member(json_object_array_get_idx(tiles, i), "features");
        for (size_t k = 0; k < json_object_array_length(features); k++) {
            json_object *f = json_object_array_get_idx(features, k);
            cr_assert_eq(int_member(f, "index"), (int)k, "%s", json_object_to_json_string(f));
            cr_assert_eq(int_member(f, "k"), (int)k, "%s", json_object_to_json_string(f));
        }
    }
    json_object_put(o);
}

/* Contract section 5: "features (index, type, locations, pennants)" -- every
 * feature has pennants: a city its coats of arms (tiles.md: base.C 1, base.D
 * 0), any other feature 0. */
Test(dispatch, tile_features_all_carry_pennants)
{
    const cc_catalog *cat = tu_catalog();
    json_object *o = ask("GET", "/v1/tiles", NULL, 200);
    json_object *tiles = array_member(o, "tiles");
    int cities_with_arms = 0;
    for (int i = 0; i < cat->ntypes; i++) {
        const cc_tile_type *type = &cat->types[i];
        json_object *features = array_member(json_object_array_get_idx(tiles, (size_t)i), "features");
        for (int k = 0; k < type->nfeatures; k++) {
            json_object *f = json_object_array_get_idx(features, (size_t)k);
            bool city = type->features[k].type == CC_FEAT_CITY;
            int want = city ? type->features[k].pennants : 0;
            cr_assert_eq(int_member(f, "pennants"), want, "%s #%d", type->id, k);
            cities_with_arms += city && want > 0;
        }
    }
    cr_assert_gt(cities_with_arms, 0, "some city has a coat of arms (base.C)");
    json_object_put(o);
    json_object *c = ask("GET", "/v1/tiles/base.C", NULL, 200);
    cr_assert_eq(int_member(json_object_array_get_idx(array_member(c, "features"), 0), "pennants"), 1);
    json_object_put(c);
}

/* tiles.md base.D: edges CRFR; #0 road E+W, #1 city N, #2 field ENE WNW
 * bordering city #1, #3 field ESE SSE SSW WSW. Asked by its alias BA/RCr,
 * whose '/' arrives percent-encoded. */
Test(dispatch, tile_by_escaped_alias_is_the_start_tile)
{
    json_object *t = ask("GET", "/v1/tiles/BA%2FRCr", NULL, 200);
    cr_assert_str_eq(str_member(t, "id"), "base.D");
    cr_assert_str_eq(str_member(t, "edges"), "CRFR");
    cr_assert(bool_member(t, "start"));
    cr_assert(array_has_string(array_member(t, "aliases"), "BA/RCr"));
    json_object *f = array_member(t, "features");
    json_object *road = json_object_array_get_idx(f, 0), *city = json_object_array_get_idx(f, 1);
    json_object *field = json_object_array_get_idx(f, 2);
    cr_assert_str_eq(str_member(road, "type"), "road");
    cr_assert(array_has_string(array_member(road, "locations"), "E"));
    cr_assert(array_has_string(array_member(road, "locations"), "W"));
    cr_assert_str_eq(str_member(city, "type"), "city");
    cr_assert(array_has_string(array_member(city, "locations"), "N"));
    cr_assert_str_eq(str_member(field, "type"), "field");
    cr_assert(array_has_string(array_member(field, "locations"), "ENE"));
    cr_assert(array_has_string(array_member(field, "locations"), "WNW"));
    json_object *adj = array_member(field, "adjacent_cities");
    cr_assert_eq(json_object_array_length(adj), 1);
    cr_assert_eq(json_object_get_int(json_object_array_get_idx(adj, 0)), 1);
    cr_assert_not(bool_member(field, "inner"));
    json_object_put(t);
}

/* tiles.md HS/CC!.v: city #1 owns edge E and the eastern segment of the
 * split N edge, reachable only as "#1" (contract section 1). */
Test(dispatch, split_edge_city_is_named_by_its_index)
{
    json_object *t = ask("GET", "/v1/tiles/hills-sheep.CC!.v", NULL, 200);
    cr_assert(bool_member(t, "vineyard"));
    json_object *city = json_object_array_get_idx(array_member(t, "features"), 1);
    cr_assert_str_eq(str_member(city, "split_edge"), "N");
    cr_assert(array_has_string(array_member(city, "locations"), "E"));
    cr_assert(array_has_string(array_member(city, "locations"), "#1"));
    json_object_put(t);
}

/* tiles.md AM/CCcc+: #2 is an inner field, touching no edge: "#2". */
Test(dispatch, inner_field_is_named_by_its_index)
{
    json_object *t = ask("GET", "/v1/tiles/AM%2FCCcc%2B", NULL, 200);
    cr_assert_str_eq(str_member(t, "id"), "abbey-mayor.CCcc+");
    json_object *field = json_object_array_get_idx(array_member(t, "features"), 2);
    cr_assert(bool_member(field, "inner"));
    json_object *locs = array_member(field, "locations");
    cr_assert_eq(json_object_array_length(locs), 1);
    cr_assert(array_has_string(locs, "#2"));
    json_object_put(t);
}

/* Contract section 4: 404 for an unknown tile id in a path; a malformed
 * escape or an encoded NUL is a bad request. */
Test(dispatch, unknown_or_malformed_tile_id_in_the_path)
{
    ask_problem("GET", "/v1/tiles/base.Z", NULL, 404, "");
    ask_problem("GET", "/v1/tiles/%zz", NULL, 400, "");
    ask_problem("GET", "/v1/tiles/base.D%00", NULL, 400, "");
    ask_problem("GET", "/v1/tiles/base.D%2", NULL, 400, "");
}

/* ---- GET /v1/rules -------------------------------------------------------- */

/* Contract section 5: each rule with id, expansion and a statement. */
Test(dispatch, rules_lists_the_whole_rule_catalog)
{
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    json_object *o = ask("GET", "/v1/rules", NULL, 200);
    json_object *list = array_member(o, "rules");
    cr_assert_eq(json_object_array_length(list), n);
    for (size_t i = 0; i < n; i++) {
        json_object *r = json_object_array_get_idx(list, i);
        cr_assert_str_eq(str_member(r, "id"), rules[i].id);
        cr_assert_str_eq(str_member(r, "expansion"), rules[i].expansion);
        cr_assert_str_eq(str_member(r, "edition"), rules[i].edition);
        cr_assert_str_eq(str_member(r, "statement"), rules[i].statement);
        cr_assert_str_eq(str_member(r, "source"), rules[i].source);
    }
    json_object_put(o);
}

/* Every id an answer cites is in GET /v1/rules (contract section 5). */
static void assert_rules_known(json_object *answer)
{
    json_object *rules = array_member(answer, "rules");
    for (size_t i = 0; i < json_object_array_length(rules); i++) {
        const char *id = json_object_get_string(json_object_array_get_idx(rules, i));
        cr_assert_not_null(cc_rule_find(id), "cited rule %s is not in the catalog", id);
    }
}

/* ---- POST /v1/validate ----------------------------------------------------- */

/* Contract section 5: a possible position is valid with a summary. The
 * city of CITY_AND_ROAD is closed (base.E turned 180 caps base.D's city),
 * the road is open at both ends; fields: base.D's north field joins
 * base.U's north field, base.D's south field joins base.U's south field,
 * base.E's field is the third. */
Test(dispatch, validate_a_possible_position_with_summary)
{
    json_object *o = ask("POST", "/v1/validate", "{\"position\":" CITY_AND_ROAD "}", 200);
    cr_assert(bool_member(o, "valid"));
    json_object *s = member(o, "summary");
    cr_assert_eq(int_member(s, "tiles"), 3);
    json_object *features = member(s, "features");
    cr_assert_eq(int_member(member(features, "city"), "count"), 1);
    cr_assert_eq(int_member(member(features, "city"), "complete"), 1);
    cr_assert_eq(int_member(member(features, "road"), "count"), 1);
    cr_assert_eq(int_member(member(features, "road"), "complete"), 0);
    cr_assert_eq(int_member(member(features, "field"), "count"), 3);
    cr_assert_eq(int_member(member(features, "cloister"), "count"), 0);
    json_object *figures = member(s, "figures");
    cr_assert_eq(int_member(member(figures, "red"), "meeple"), 1);
    cr_assert_eq(int_member(member(figures, "blue"), "meeple"), 1);
    cr_assert_eq(int_member(member(figures, "blue"), "mayor"), 0);
    json_object *rules = array_member(o, "rules");
    cr_assert(array_has_string(rules, "base.placement.edges"));
    cr_assert(array_has_string(rules, "base.feature.city"));
    assert_rules_known(o);
    json_object_put(o);
}

/* The summary agrees with the engine's own feature graph. */
Test(dispatch, validate_summary_agrees_with_the_engine)
{
    cc_position pos;
    city_and_road(&pos);
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(&pos, b, f);
    int cities = 0, fields = 0;
    for (int id = 0; id < f->nfeatures; id++) {
        cities += f->features[id].type == CC_FEAT_CITY;
        fields += f->features[id].type == CC_FEAT_FIELD;
    }
    json_object *o = ask("POST", "/v1/validate", "{\"position\":" CITY_AND_ROAD "}", 200);
    json_object *features = member(member(o, "summary"), "features");
    cr_assert_eq(int_member(member(features, "city"), "count"), cities);
    cr_assert_eq(int_member(member(features, "field"), "count"), fields);
    json_object_put(o);
    free(f);
    free(b);
}

/* Contract section 4: edges that do not match are 422 at the tile. base.E
 * unturned puts its field edge S against base.D's city edge N. */
Test(dispatch, validate_mismatched_edges_is_422)
{
    ask_problem("POST", "/v1/validate",
                "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":["
                "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
                "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":0}],\"figures\":[]}}",
                422, "/position/tiles/1");
}

/* Contract section 4: a missing position is a 400. */
Test(dispatch, validate_without_position_is_400)
{
    ask_problem("POST", "/v1/validate", "{}", 400, "/position");
}

/* ---- POST /v1/placements ----------------------------------------------------- */

/* Contract section 5, placement rules (base.placement.*): base.A (edges
 * FFRF, road S) next to the start tile alone. North of it base.D shows a
 * city: base.A has none. East and west base.D shows a road: base.A's road
 * must face it, rot 90 at (1, 0) and rot 270 at (-1, 0). South base.D
 * shows field: any rotation whose north edge is field: 0, 90, 270. Sorted
 * by y, x, rot. */
Test(dispatch, placements_of_a_cloister_road_beside_the_start_tile)
{
    json_object *o = ask("POST", "/v1/placements",
                         "{\"position\":" START_ONLY ",\"tile\":\"base.A\"}", 200);
    cr_assert_str_eq(str_member(o, "tile"), "base.A");
    static const int want[][3] = { { -1, 0, 270 }, { 1, 0, 90 }, { 0, 1, 0 }, { 0, 1, 90 }, { 0, 1, 270 } };
    json_object *list = array_member(o, "placements");
    cr_assert_eq(json_object_array_length(list), 5, "%s", json_object_to_json_string(list));
    for (size_t i = 0; i < 5; i++) {
        json_object *p = json_object_array_get_idx(list, i);
        assert_xy(p, want[i][0], want[i][1]);
        cr_assert_eq(int_member(p, "rot"), want[i][2], "placement %zu", i);
    }
    json_object *rules = array_member(o, "rules");
    cr_assert(array_has_string(rules, "base.placement.edges"));
    cr_assert_not(array_has_string(rules, "base.placement.discard"));
    assert_rules_known(o);
    json_object_put(o);
}

/* An alias names the tile; the answer gives the canonical id. */
Test(dispatch, placements_answer_the_canonical_id_for_an_alias)
{
    json_object *o = ask("POST", "/v1/placements",
                         "{\"position\":" START_ONLY ",\"tile\":\"BA/LR\"}", 200);
    cr_assert_str_eq(str_member(o, "tile"), "base.A");
    json_object_put(o);
}

/* base.C (city on all four edges) fits nowhere around CITY_AND_ROAD: every
 * open edge there is a road or a field. An empty list: the tile is
 * discarded (base.placement.discard). */
Test(dispatch, placements_empty_means_discard)
{
    json_object *o = ask("POST", "/v1/placements",
                         "{\"position\":" CITY_AND_ROAD ",\"tile\":\"base.C\"}", 200);
    cr_assert_eq(json_object_array_length(array_member(o, "placements")), 0);
    cr_assert(array_has_string(array_member(o, "rules"), "base.placement.discard"));
    json_object_put(o);
}

/* tiles.md: the game has one base.C. With it on the board, no player can
 * hold another: 422 at /tile. */
Test(dispatch, placements_of_a_tile_with_every_copy_placed_is_422)
{
    ask_problem("POST", "/v1/placements",
                "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":["
                "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
                "{\"tile\":\"base.C\",\"x\":0,\"y\":-1,\"rot\":0}],\"figures\":[]},"
                "\"tile\":\"base.C\"}",
                422, "/tile");
}

/* Contract section 3: a tile of an expansion not listed is an error. */
Test(dispatch, placements_of_a_tile_of_an_unlisted_expansion_is_422)
{
    ask_problem("POST", "/v1/placements",
                "{\"position\":" START_ONLY ",\"tile\":\"hills-sheep.CC!.v\"}", 422, "/tile");
    ask_problem("POST", "/v1/placements",
                "{\"position\":" START_ONLY ",\"tile\":\"no.such.tile\"}", 422, "/tile");
}

/* Abbey & Mayor: each player has one abbey. A player whose abbey is
 * used (position.abbeys 0) cannot place one: 422 at /tile. With it still
 * in hand, the abbey goes only into a hole: beside the start tile alone
 * there is none, so the list is empty, and an abbey is not discarded. */
Test(dispatch, placements_of_the_abbey_need_one_in_hand_and_a_hole)
{
    /* Red's abbey already fills the hole of a ring of eight tiles, so red
     * (active) holds none: asking where it may go is impossible. */
    ask_problem("POST", "/v1/placements",
                "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],"
                "\"tiles\":["
                "{\"tile\":\"base.B\",\"x\":0,\"y\":0,\"rot\":0},"
                "{\"tile\":\"base.A\",\"x\":1,\"y\":0,\"rot\":0},"
                "{\"tile\":\"base.B\",\"x\":2,\"y\":0,\"rot\":0},"
                "{\"tile\":\"base.E\",\"x\":0,\"y\":1,\"rot\":270},"
                "{\"tile\":\"base.E\",\"x\":2,\"y\":1,\"rot\":90},"
                "{\"tile\":\"base.B\",\"x\":0,\"y\":2,\"rot\":0},"
                "{\"tile\":\"base.A\",\"x\":1,\"y\":2,\"rot\":180},"
                "{\"tile\":\"base.B\",\"x\":2,\"y\":2,\"rot\":0},"
                "{\"tile\":\"abbey-mayor.abbey\",\"x\":1,\"y\":1,\"rot\":0,\"player\":\"red\"}],"
                "\"figures\":[]},\"tile\":\"abbey-mayor.abbey\"}",
                422, "/tile");
    /* Red plays without an abbey tile (none placed, none in hand): none to
     * place either. */
    ask_problem("POST", "/v1/placements",
                "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],"
                "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[],"
                "\"abbeys\":{\"red\":0,\"blue\":1}},\"tile\":\"abbey-mayor.abbey\"}",
                422, "/tile");
    json_object *o = ask("POST", "/v1/placements",
                         "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],"
                         "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]},"
                         "\"tile\":\"abbey-mayor.abbey\"}",
                         200);
    cr_assert_eq(json_object_array_length(array_member(o, "placements")), 0);
    json_object *rules = array_member(o, "rules");
    cr_assert(array_has_string(rules, "abbey.placement.hole"));
    cr_assert_not(array_has_string(rules, "base.placement.discard"));
    json_object_put(o);
}

/* Abbey & Mayor: the abbey fills a hole, an empty cell with tiles on
 * all four sides, and its edges match anything, so all four rotations fit
 * (contract: all four rotations are listed). A ring of eight tiles round
 * (1, 1): cloisters (base.B, all field) on the corners, base.A with its
 * road pointing into the hole north and south, base.E with its city
 * pointing out west and east. The only hole is (1, 1). */
Test(dispatch, placements_of_the_abbey_into_a_hole_list_four_rotations)
{
    json_object *o = ask("POST", "/v1/placements",
                         "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],"
                         "\"tiles\":["
                         "{\"tile\":\"base.B\",\"x\":0,\"y\":0,\"rot\":0},"
                         "{\"tile\":\"base.A\",\"x\":1,\"y\":0,\"rot\":0},"
                         "{\"tile\":\"base.B\",\"x\":2,\"y\":0,\"rot\":0},"
                         "{\"tile\":\"base.E\",\"x\":0,\"y\":1,\"rot\":270},"
                         "{\"tile\":\"base.E\",\"x\":2,\"y\":1,\"rot\":90},"
                         "{\"tile\":\"base.B\",\"x\":0,\"y\":2,\"rot\":0},"
                         "{\"tile\":\"base.A\",\"x\":1,\"y\":2,\"rot\":180},"
                         "{\"tile\":\"base.B\",\"x\":2,\"y\":2,\"rot\":0}],\"figures\":[]},"
                         "\"tile\":\"abbey-mayor.abbey\"}",
                         200);
    json_object *list = array_member(o, "placements");
    cr_assert_eq(json_object_array_length(list), 4, "%s", json_object_to_json_string(list));
    for (size_t i = 0; i < 4; i++) {
        json_object *p = json_object_array_get_idx(list, i);
        assert_xy(p, 1, 1);
        cr_assert_eq(int_member(p, "rot"), (int)i * 90);
    }
    json_object_put(o);
}

/* ---- POST /v1/features ----------------------------------------------------- */

/* Contract section 5: every feature with type, cells, complete,
 * occupants and its value if scored now; named canonically (section 1),
 * listed by name. The closed
 * city spans (0,-1) and (0,0), named at its first cell by y: base.E at
 * (0,-1), whose city faces S after the turn. */
Test(dispatch, features_lists_every_feature_named_and_sorted)
{
    cc_position pos;
    city_and_road(&pos);
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(&pos, b, f);
    json_object *o = ask("POST", "/v1/features", "{\"position\":" CITY_AND_ROAD "}", 200);
    json_object *list = array_member(o, "features");
    cr_assert_eq((int)json_object_array_length(list), f->nfeatures);
    int prev_y = -1000, prev_x = -1000;
    bool saw_city = false;
    for (size_t i = 0; i < json_object_array_length(list); i++) {
        json_object *feat = json_object_array_get_idx(list, i);
        json_object *ref = member(feat, "feature");
        int y = int_member(ref, "y"), x = int_member(ref, "x");
        cr_assert(y > prev_y || (y == prev_y && x >= prev_x), "sorted by name");
        prev_y = y;
        prev_x = x;
        array_member(feat, "cells");
        bool_member(feat, "complete");
        member(feat, "occupants");
        if (strcmp(str_member(feat, "type"), "city") == 0) {
            saw_city = true;
            assert_xyat(ref, 0, -1, "S");
            json_object *cells = array_member(feat, "cells");
            cr_assert_eq(json_object_array_length(cells), 2);
            assert_xy(json_object_array_get_idx(cells, 0), 0, -1);
            assert_xy(json_object_array_get_idx(cells, 1), 0, 0);
            cr_assert(bool_member(feat, "complete"));
            cr_assert_eq(int_member(feat, "pennants"), 0);
            json_object *red = array_member(member(feat, "occupants"), "red");
            cr_assert_eq(json_object_array_length(red), 1);
            json_object *m = json_object_array_get_idx(red, 0);
            cr_assert_str_eq(str_member(m, "kind"), "meeple");
            assert_xyat(m, 0, 0, "N");
            /* base rules, scoring cities: a completed city scores 2 per
             * tile, 2 per coat of arms; red alone has a follower there. */
            cr_assert_eq(int_member(feat, "value"), 4);
            cr_assert_eq(int_member(member(feat, "points"), "red"), 4);
            cr_assert_null(json_object_object_get(member(feat, "points"), "blue"));
        }
        if (strcmp(str_member(feat, "type"), "field") == 0 &&
            json_object_array_length(array_member(feat, "cities")) == 1) {
            /* base rules, final scoring of farms: 3 per completed city the
             * field borders; nobody farms it, so nobody would score. */
            cr_assert_eq(int_member(feat, "value"), 3);
            cr_assert_eq(json_object_object_length(member(feat, "points")), 0);
        }
    }
    cr_assert(saw_city);
    assert_rules_known(o);
    json_object_put(o);
    free(f);
    free(b);
}

/* The feature at (1, 0, W) is the road that base.D starts: it is named at
 * its first cell (0, 0) by its first location there, E; blue stands on it. */
Test(dispatch, features_at_a_location_gives_that_one_feature)
{
    json_object *o = ask("POST", "/v1/features",
                         "{\"position\":" CITY_AND_ROAD ",\"x\":1,\"y\":0,\"at\":\"W\"}", 200);
    json_object *list = array_member(o, "features");
    cr_assert_eq(json_object_array_length(list), 1);
    json_object *road = json_object_array_get_idx(list, 0);
    cr_assert_str_eq(str_member(road, "type"), "road");
    assert_xyat(member(road, "feature"), 0, 0, "E");
    cr_assert_not(bool_member(road, "complete"));
    cr_assert_eq(json_object_array_length(array_member(road, "cells")), 2);
    cr_assert_null(json_object_object_get(road, "pennants"), "pennants are for cities");
    json_object *blue = array_member(member(road, "occupants"), "blue");
    assert_xyat(json_object_array_get_idx(blue, 0), 1, 0, "E");
    /* base rules, scoring roads: 1 point per tile, complete or not. */
    cr_assert_eq(int_member(road, "value"), 2);
    cr_assert_eq(int_member(member(road, "points"), "blue"), 2);
    cr_assert(array_has_string(array_member(o, "rules"), "base.feature.road"));
    cr_assert(array_has_string(array_member(o, "rules"), "base.score.road"));
    assert_rules_known(o);
    json_object_put(o);
}

/* tiles.md base.D: the field north of the road (ENE, WNW) borders the city
 * #1; a field's answer lists the cities it borders by their names. */
Test(dispatch, features_a_field_lists_the_cities_it_borders)
{
    json_object *o = ask("POST", "/v1/features",
                         "{\"position\":" START_ONLY ",\"x\":0,\"y\":0,\"at\":\"WNW\"}", 200);
    json_object *field = json_object_array_get_idx(array_member(o, "features"), 0);
    cr_assert_str_eq(str_member(field, "type"), "field");
    assert_xyat(member(field, "feature"), 0, 0, "ENE");
    json_object *cities = array_member(field, "cities");
    cr_assert_eq(json_object_array_length(cities), 1);
    assert_xyat(json_object_array_get_idx(cities, 0), 0, 0, "N");
    cr_assert_eq(json_object_object_length(member(field, "occupants")), 0);
    json_object_put(o);
}

/* Abbey & Mayor, barn: a barn stands on a corner where four field
 * corners meet and belongs to that field. Four base.B (cloister, all field)
 * in a square meet at the SE corner of (0, 0); the barn is among the field's
 * occupants, at its corner. */
Test(dispatch, features_a_barn_occupies_the_field_of_its_corner)
{
    json_object *o = ask("POST", "/v1/features",
                         "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],"
                         "\"tiles\":["
                         "{\"tile\":\"base.B\",\"x\":0,\"y\":0,\"rot\":0},"
                         "{\"tile\":\"base.B\",\"x\":1,\"y\":0,\"rot\":0},"
                         "{\"tile\":\"base.B\",\"x\":0,\"y\":1,\"rot\":0},"
                         "{\"tile\":\"base.B\",\"x\":1,\"y\":1,\"rot\":0}],"
                         "\"figures\":[{\"player\":\"blue\",\"kind\":\"barn\",\"x\":0,\"y\":0,\"at\":\"SE\"}]},"
                         "\"x\":1,\"y\":1,\"at\":\"NNW\"}",
                         200);
    json_object *field = json_object_array_get_idx(array_member(o, "features"), 0);
    cr_assert_str_eq(str_member(field, "type"), "field");
    cr_assert_eq(json_object_array_length(array_member(field, "cells")), 4);
    json_object *barn = json_object_array_get_idx(array_member(member(field, "occupants"), "blue"), 0);
    cr_assert_str_eq(str_member(barn, "kind"), "barn");
    assert_xyat(barn, 0, 0, "SE");
    json_object_put(o);
}

/* Contract section 4: a question about a tile that is not on the board is
 * 422 (at /x); a location where the tile has nothing is 422 at /at (base.D
 * has no building at C); x, y, at come together or not at all (400). */
Test(dispatch, features_at_a_missing_tile_or_empty_location)
{
    ask_problem("POST", "/v1/features",
                "{\"position\":" START_ONLY ",\"x\":3,\"y\":3,\"at\":\"N\"}", 422, "/x");
    ask_problem("POST", "/v1/features",
                "{\"position\":" START_ONLY ",\"x\":0,\"y\":0,\"at\":\"C\"}", 422, "/at");
    ask_problem("POST", "/v1/features",
                "{\"position\":" START_ONLY ",\"x\":0,\"at\":\"N\"}", 400, "/y");
    ask_problem("POST", "/v1/features",
                "{\"position\":" START_ONLY ",\"x\":0,\"y\":0,\"at\":\"nowhere\"}", 400, "/at");
}

/* ---- the request envelope: query parameters and response headers ---------- */

/* svc_query_param() reads the request a handler sees (ctx->req). */
static int query_param(const char *path, const char *query, const char *name, char *out,
                       size_t size)
{
    svc_request req = { .method = "GET", .path = path, .query = query };
    svc_context ctx = context();
    ctx.req = &req;
    if (query == NULL) {
        const char *q = strchr(path, '?');
        req.query = q ? q + 1 : NULL;
    }
    return svc_query_param(&ctx, name, out, size);
}

Test(dispatch, query_param_is_percent_decoded_and_first_one_wins)
{
    char v[32];
    cr_assert_eq(query_param("/x?lang=cs&width=800&lang=de", NULL, "lang", v, sizeof v), 1);
    cr_assert_str_eq(v, "cs");
    cr_assert_eq(query_param("/x", "a=1&width=8%30%30", "width", v, sizeof v), 1);
    cr_assert_str_eq(v, "800");
    cr_assert_eq(query_param("/x", "q=a+b", "q", v, sizeof v), 1, "'+' is a space");
    cr_assert_str_eq(v, "a b");
    cr_assert_eq(query_param("/x", "flag", "flag", v, sizeof v), 1, "a name alone: empty value");
    cr_assert_str_eq(v, "");
    cr_assert_eq(query_param("/x", "language=cs", "lang", v, sizeof v), 0, "a longer name is another");
    cr_assert_eq(query_param("/x", NULL, "lang", v, sizeof v), 0);
}

Test(dispatch, query_param_malformed_or_too_long_is_minus_one)
{
    char v[8];
    cr_assert_eq(query_param("/x", "lang=%00", "lang", v, sizeof v), -1, "an encoded NUL");
    cr_assert_str_eq(v, "");
    cr_assert_eq(query_param("/x", "lang=%zz", "lang", v, sizeof v), -1, "a malformed escape");
    cr_assert_eq(query_param("/x", "lang=%4", "lang", v, sizeof v), -1, "a cut escape");
    cr_assert_eq(query_param("/x", "lang=abcdefghijk", "lang", v, sizeof v), -1, "no room");
}

Test(dispatch, handle_passes_the_request_and_keeps_the_query_off_the_path)
{
    svc_context ctx = context();
    svc_request req = { .method = "GET", .path = "/healthz", .query = "lang=cs",
                        .accept_language = "cs-CZ" };
    svc_response res;
    svc_handle(&ctx, &req, &res);
    cr_assert_eq(res.status, 200);
    svc_response_free(&res);
}

Test(dispatch, add_header_replaces_a_name_and_is_bounded)
{
    svc_response res;
    memset(&res, 0, sizeof res);
    cr_assert(svc_add_header(&res, "Content-Language", "%s", "en"));
    cr_assert(svc_add_header(&res, "content-language", "%s", "cs"), "names are case-insensitive");
    cr_assert_eq(res.nheaders, 1);
    cr_assert_str_eq(res.headers[0].value, "cs");
    for (int i = 1; i < SVC_MAX_HEADERS; i++)
        cr_assert(svc_add_header(&res, i % 2 ? "X-A" : "X-B", "%d", i));
    static const char *const names[] = { "H1", "H2", "H3", "H4", "H5", "H6", "H7" };
    int n = res.nheaders;
    for (int i = 0; n < SVC_MAX_HEADERS; i++, n++)
        cr_assert(svc_add_header(&res, names[i], "v"));
    cr_assert_not(svc_add_header(&res, "One-Too-Many", "v"));
    cr_assert_eq(res.nheaders, SVC_MAX_HEADERS);
}

/* ---- 415: a JSON body must say it is JSON (issue 16) ---------------------- */

/* A position any route accepts, sent with a given Content-Type. */
static int post_with_type(const char *type, svc_response *res)
{
    static const char body[] = "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":"
                               "[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]}}";
    svc_context ctx = context();
    svc_request req = { .method = "POST", .path = "/v1/validate", .body = body,
                        .len = sizeof body - 1, .content_type = type };
    svc_handle(&ctx, &req, res);
    return res->status;
}

/* A web page may send text/plain, a form or multipart to any address without
 * a CORS preflight; none of them is JSON, so none is read as JSON. */
Test(dispatch, a_body_not_declared_json_is_415_before_it_is_read)
{
    static const char *const refused[] = {
        "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x", "application/jsonx", "application/json-seq",
        "text/json", "application/json; charset=latin1", "application/json;charset=\"utf-16\"",
        "json", "", "application/+json",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        svc_response res;
        cr_assert_eq(post_with_type(refused[i], &res), 415, "Content-Type \"%s\"", refused[i]);
        cr_assert_str_eq(res.content_type, "application/problem+json");
        json_object *p = json_tokener_parse(body_of(&res));
        cr_assert_not_null(p);
        cr_assert_str_eq(json_object_get_string(member(p, "type")),
                         SVC_PROBLEM_BASE "unsupported-media-type");
        cr_assert_str_eq(json_object_get_string(member(p, "pointer")), "");
        json_object_put(p);
        svc_response_free(&res);
    }
}

/* No Content-Type at all: a page can send that too (a Blob without type),
 * and curl -d labels its data as a form, so it is refused the same way and
 * every documented example says -H 'Content-Type: application/json'. */
Test(dispatch, a_body_with_no_content_type_is_415)
{
    svc_response res;
    cr_assert_eq(post_with_type(NULL, &res), 415);
    cr_assert(strstr(body_of(&res), "no Content-Type") != NULL, "%s", body_of(&res));
    svc_response_free(&res);
}

Test(dispatch, json_and_plus_json_types_are_read_whatever_their_case_and_parameters)
{
    static const char *const accepted[] = {
        "application/json", "Application/JSON", "application/json; charset=utf-8",
        "application/json;charset=\"UTF-8\"", " application/json ; foo=bar",
        "application/problem+json", "application/vnd.carcassonne+json; charset=utf-8",
    };
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
        svc_response res;
        cr_assert_eq(post_with_type(accepted[i], &res), 200, "Content-Type \"%s\": %s",
                     accepted[i], body_of(&res));
        svc_response_free(&res);
    }
}

/* GET routes read no body: their Content-Type does not matter. */
Test(dispatch, get_routes_ignore_the_content_type)
{
    svc_context ctx = context();
    svc_request req = { .method = "GET", .path = "/healthz", .content_type = "text/plain" };
    svc_response res;
    svc_handle(&ctx, &req, &res);
    cr_assert_eq(res.status, 200);
    svc_response_free(&res);
}

/* Issue 16: a number too small for a double ("rot": 1e-330) was read as 0,
 * so the tile stood unturned; it is a number with a fraction like 1e-5, and
 * the whole answer is the same problem, byte for byte, wherever an integer
 * is read (here a rotation and a coordinate). */
Test(dispatch, an_underflowing_number_is_the_same_wrong_type_answer_as_1e_5)
{
    static const char *const fmts[] = {
        "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,"
        "\"y\":0,\"rot\":%s}],\"figures\":[]}}",
        "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":%s,"
        "\"y\":0,\"rot\":0}],\"figures\":[]}}",
    };
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        char tiny[256], small_body[256];
        snprintf(tiny, sizeof tiny, fmts[i], "1e-330");
        snprintf(small_body, sizeof small_body, fmts[i], "1e-5");
        json_object *a = ask("POST", "/v1/validate", tiny, 400);
        json_object *b = ask("POST", "/v1/validate", small_body, 400);
        cr_expect_str_eq(json_object_to_json_string(a), json_object_to_json_string(b));
        cr_expect_str_eq(json_object_get_string(member(a, "title")), "Wrong type");
        json_object_put(a);
        json_object_put(b);
    }
}
