/* test_route_traders.c -- Traders & Builders through svc_dispatch() (issue
 * 29): the builder's double turn in /v1/turn, builders and pigs in
 * /v1/deployments and /v1/validate, goods in /v1/features and in /v1/score
 * (a turn's and the final scoring), /v1/describe, and MCP's play_turn.
 *
 * The engine's rules are tested in tests/engine/test_traders.c; here the
 * question is whether each route carries them: the rule ids it cites, the
 * members it answers, the words it uses. Rule source: the Traders and
 * Builders page of Wikicarpedia (C2), as docs/clarifications.md#traders-readings
 * reads it. The catalog: base.D has its city N, a road E-W and fields
 * between; base.U a road E-W; base.E a city N; traders-builders.Cc.w a city
 * N+W showing 1 wine. Every count below is by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_traders);

/* README's double turn: red's meeple in the road at (0, 0) W, red's builder
 * in the same road at (1, 0) E. */
#define ROAD_POS                                                                       \
    "{\"expansions\":[\"traders-builders\"],\"players\":[\"red\",\"blue\"],"           \
    "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"                      \
    "{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0}],"                                \
    "\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"W\"}," \
    "{\"player\":\"red\",\"kind\":\"builder\",\"x\":1,\"y\":0,\"at\":\"E\"}]}"
#define DOUBLE_TURN "{\"position\":" ROAD_POS ",\"tile\":\"base.U\",\"x\":2,\"y\":0,\"rot\":0}"

/* The wine city: traders-builders.Cc.w at (0, 0) (city N+W), closed N by
 * base.E turned 180 at (0, -1) and W by base.E turned 90 at (-1, 0): 3
 * tiles, complete. */
#define WINE_TILES                                                                     \
    "\"tiles\":[{\"tile\":\"traders-builders.Cc.w\",\"x\":0,\"y\":0,\"rot\":0},"        \
    "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180},"                               \
    "{\"tile\":\"base.E\",\"x\":-1,\"y\":0,\"rot\":90}]"

static const char *text_of(json_object *o)
{
    return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
}

static bool is_true(json_object *o, const char *member)
{
    json_object *v = NULL;
    return json_object_object_get_ex(o, member, &v) && json_object_get_boolean(v);
}

/* Page, The builder: a tile extending the road of red's builder gives red a
 * second tile at once: legal, the next position red's again with
 * builder_turn true, citing traders.builder.double-turn. That second tile
 * extends the road again and gives no third: blue plays next, builder_turn
 * false. */
Test(route_traders, turn_builder_double_turn_and_no_third_tile)
{
    json_object *a = tu_post("/v1/turn", DOUBLE_TURN, 200);
    cr_assert(is_true(a, "legal"), "%s", text_of(a));
    json_object *next = tu_member(a, "position");
    cr_assert_str_eq(tu_str(next, "active"), "red");
    cr_assert(is_true(next, "builder_turn"), "%s", text_of(next));
    cr_assert(tu_cites(a, "traders.builder.double-turn"), "%s", text_of(a));

    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", json_object_get(next));
    json_object_object_add(body, "tile", json_object_new_string("base.U"));
    json_object_object_add(body, "x", json_object_new_int(3));
    json_object_object_add(body, "y", json_object_new_int(0));
    json_object_object_add(body, "rot", json_object_new_int(0));
    json_object *b = tu_post("/v1/turn", text_of(body), 200);
    cr_assert(is_true(b, "legal"), "%s", text_of(b));
    json_object *after = tu_member(b, "position");
    cr_assert_str_eq(tu_str(after, "active"), "blue");
    cr_assert_not(is_true(after, "builder_turn"), "no third tile: %s", text_of(after));
    cr_assert_not(tu_cites(b, "traders.builder.double-turn"), "%s", text_of(b));
    json_object_put(body);
    json_object_put(b);
    json_object_put(a);
}

/* /v1/deployments on base.U just placed at (1, 0): red's meeple holds the
 * road (a builder may join it), red's farmer the south field (a pig may
 * join it); the north field is free for a meeple. (traders.builder.deploy,
 * traders.pig.deploy) */
Test(route_traders, deployments_list_the_builder_and_the_pig_beside_their_followers)
{
    const char *body =
        "{\"position\":{\"expansions\":[\"traders-builders\"],\"players\":[\"red\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
        "{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0}],\"figures\":["
        "{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"W\"},"
        "{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"SSE\"}]},\"x\":1,\"y\":0}";
    json_object *a = tu_post("/v1/deployments", body, 200);
    json_object *opts = tu_member(a, "options");
    static const char *const want[3][2] = { { "meeple", "NNE" }, { "builder", "E" }, { "pig", "ESE" } };
    cr_assert_eq(json_object_array_length(opts), 3, "%s", text_of(a));
    for (size_t i = 0; i < 3; i++) {
        json_object *o = json_object_array_get_idx(opts, i);
        cr_assert_str_eq(tu_str(o, "kind"), want[i][0], "%s", text_of(opts));
        cr_assert_str_eq(tu_str(o, "at"), want[i][1], "%s", text_of(opts));
    }
    json_object_put(a);
    /* Blue owns nothing there: neither a builder nor a pig for blue. */
    char blue[1024];
    size_t head = strlen("{\"position\":{");
    snprintf(blue, sizeof blue, "%.*s\"active\":\"blue\",%s", (int)head, body, body + head);
    a = tu_post("/v1/deployments", blue, 200);
    opts = tu_member(a, "options");
    for (size_t i = 0; i < json_object_array_length(opts); i++) {
        const char *kind = tu_str(json_object_array_get_idx(opts, i), "kind");
        cr_assert(strcmp(kind, "builder") != 0 && strcmp(kind, "pig") != 0, "%s", text_of(opts));
    }
    json_object_put(a);
}

/* /v1/validate counts builders and pigs per player, only with the
 * expansion in play (older answers keep their members). */
Test(route_traders, validate_counts_builders_and_pigs_with_the_expansion_only)
{
    json_object *a = tu_post("/v1/validate", "{\"position\":" ROAD_POS "}", 200);
    json_object *figs = tu_member(tu_member(a, "summary"), "figures");
    cr_assert_eq(tu_int(tu_member(figs, "red"), "builder"), 1, "%s", text_of(figs));
    cr_assert_eq(tu_int(tu_member(figs, "red"), "pig"), 0);
    json_object_put(a);
    a = tu_post("/v1/validate",
                "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\","
                "\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]}}",
                200);
    json_object *none;
    figs = tu_member(tu_member(a, "summary"), "figures");
    cr_assert(!json_object_object_get_ex(tu_member(figs, "red"), "builder", &none));
    cr_assert(!json_object_object_get_ex(tu_member(figs, "red"), "pig", &none));
    json_object_put(a);
}

/* /v1/features shows a city's goods symbols (what its completer takes),
 * only with the expansion in play. */
Test(route_traders, features_show_a_citys_goods)
{
    json_object *a = tu_post("/v1/features",
                             "{\"position\":{\"expansions\":[\"traders-builders\"],\"players\":[\"red\","
                             "\"blue\"]," WINE_TILES ",\"figures\":[]}}",
                             200);
    json_object *features = tu_member(a, "features");
    int cities = 0;
    for (size_t i = 0; i < json_object_array_length(features); i++) {
        json_object *f = json_object_array_get_idx(features, i);
        if (strcmp(tu_str(f, "type"), "city") != 0)
            continue;
        cities++;
        json_object *goods = tu_member(f, "goods");
        cr_assert_eq(tu_int(goods, "wine"), 1, "%s", text_of(f));
        cr_assert_eq(tu_int(goods, "grain"), 0);
        cr_assert_eq(tu_int(goods, "cloth"), 0);
    }
    cr_assert_eq(cities, 1, "%s", text_of(features));
    json_object_put(a);
}

/* Page, Goods tokens: blue places the tile completing the wine city, which
 * only red occupies: red scores 3 x 2 = 6, blue takes the wine (event
 * goods, no points), citing traders.goods.collect. */
Test(route_traders, score_turn_goods_go_to_the_completer)
{
    json_object *a = tu_post("/v1/score",
                             "{\"position\":{\"expansions\":[\"traders-builders\"],\"players\":[\"red\","
                             "\"blue\"],\"active\":\"blue\"," WINE_TILES ",\"figures\":[{\"player\":"
                             "\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}]},\"x\":-1,\"y\":0}",
                             200);
    json_object *events = tu_member(a, "events");
    cr_assert_eq(json_object_array_length(events), 2, "%s", text_of(events));
    json_object *goods = json_object_array_get_idx(events, 1);
    cr_assert_str_eq(tu_str(goods, "kind"), "goods");
    cr_assert_str_eq(tu_str(goods, "player"), "blue");
    cr_assert_eq(tu_int(tu_member(goods, "goods"), "wine"), 1);
    cr_assert(tu_cites(goods, "traders.goods.collect"));
    cr_assert_eq(tu_int(tu_member(a, "totals"), "red"), 6);
    cr_assert_eq(tu_int(tu_member(a, "totals"), "blue"), 0);
    json_object_put(a);
}

/* Page, Final scoring: red and blue hold 1 wine each, the most: 10 each
 * (ties share), citing traders.goods.final; every language words the
 * explanation (none falls back to the English). */
Test(route_traders, score_final_goods_ties_score_ten_each_in_every_language)
{
    const char *body = "{\"position\":{\"expansions\":[\"traders-builders\"],\"players\":[\"red\","
                       "\"blue\"]," WINE_TILES ",\"figures\":[],\"goods\":{\"red\":{\"wine\":1},"
                       "\"blue\":{\"wine\":1}}},\"final\":true}";
    json_object *a = tu_post("/v1/score", body, 200);
    json_object *events = tu_member(a, "events");
    cr_assert_eq(json_object_array_length(events), 1, "%s", text_of(events));
    json_object *ev = json_object_array_get_idx(events, 0);
    cr_assert_str_eq(tu_str(ev, "kind"), "goods-final");
    cr_assert_str_eq(tu_str(ev, "goods"), "wine");
    cr_assert(tu_cites(ev, "traders.goods.final"));
    cr_assert_eq(tu_int(tu_member(a, "totals"), "red"), 10);
    cr_assert_eq(tu_int(tu_member(a, "totals"), "blue"), 10);
    const char *english = tu_str(ev, "explain");
    cr_assert(strstr(english, "wine") != NULL, "%s", english);
    json_object_put(a);
    const char *langs[TXT_LANGUAGES_MAX];
    size_t nlangs = tu_languages(langs, true);
    for (size_t i = 0; i < nlangs; i++) {
        char path[64];
        snprintf(path, sizeof path, "/v1/score?lang=%s", langs[i]);
        a = tu_post(path, body, 200);
        ev = json_object_array_get_idx(tu_member(a, "events"), 0);
        const char *explain = tu_str(ev, "explain");
        cr_assert(strstr(explain, "tokens") == NULL && strstr(explain, "wine") == NULL,
                  "%s: %s", langs[i], explain);
        json_object_put(a);
    }
}

/* /v1/describe names the expansion and the figures in words, in English
 * and in German (Händler & Baumeister, Baumeister, Schwein). */
Test(route_traders, describe_names_the_expansion_the_builder_and_the_pig)
{
    const char *body =
        "{\"position\":{\"expansions\":[\"traders-builders\"],\"players\":[\"red\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
        "{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0}],\"figures\":["
        "{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"W\"},"
        "{\"player\":\"red\",\"kind\":\"builder\",\"x\":1,\"y\":0,\"at\":\"E\"},"
        "{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"SSE\"},"
        "{\"player\":\"red\",\"kind\":\"pig\",\"x\":1,\"y\":0,\"at\":\"ESE\"}]}}";
    json_object *a = tu_post("/v1/describe", body, 200);
    const char *text = tu_str(a, "text");
    cr_assert(strstr(text, "Traders & Builders") != NULL, "%s", text);
    cr_assert(strstr(text, "red's builder") != NULL, "%s", text);
    cr_assert(strstr(text, "red's pig") != NULL, "%s", text);
    json_object_put(a);
    a = tu_post("/v1/describe?lang=de", body, 200);
    text = tu_str(a, "text");
    cr_assert(strstr(text, "Händler & Baumeister") != NULL, "%s", text);
    cr_assert(strstr(text, "Baumeister") != NULL && strstr(text, "Schwein") != NULL, "%s", text);
    json_object_put(a);
}

/* MCP's play_turn carries the double turn: its structured answer is what
 * /v1/turn answers. */
Test(route_traders, mcp_play_turn_answers_the_double_turn)
{
    json_object *content = tu_mcp_tool("play_turn", DOUBLE_TURN);
    json_object *route = tu_post("/v1/turn", DOUBLE_TURN, 200);
    cr_assert(json_object_equal(content, route), "%s", text_of(content));
    cr_assert(is_true(tu_member(content, "position"), "builder_turn"));
    json_object_put(route);
    json_object_put(content);
}
