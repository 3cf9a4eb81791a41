/* test_route_inns_cathedrals.c -- Inns & Cathedrals through svc_dispatch():
 * the large meeple (kind "big") as a client writes and reads it in every
 * route that names figures (/v1/validate, /v1/deployments, /v1/score,
 * /v1/turn, /v1/describe, /v1/rules), in English and the other languages.
 * The rules behind it are tested in tests/engine/test_inns_cathedrals.c;
 * readings: docs/clarifications.md, "Inns & Cathedrals". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_inns_cathedrals);

/* A road of 5 tiles between two junctions along y = 0, (2,0) placed last:
 * red's large meeple (2) against blue's two meeples (1 + 1): a tie, each
 * scores 5 (hand count: 5 tiles x 1). */
#define ROAD_TILES                                                             \
    "\"tiles\":[{\"tile\":\"base.W\",\"x\":-2,\"y\":0,\"rot\":0},"             \
    "{\"tile\":\"base.U\",\"x\":-1,\"y\":0,\"rot\":0},"                        \
    "{\"tile\":\"base.U\",\"x\":0,\"y\":0,\"rot\":0},"                         \
    "{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0},"                         \
    "{\"tile\":\"base.W\",\"x\":2,\"y\":0,\"rot\":0}]"
#define ROAD_POSITION                                                          \
    "{\"expansions\":[\"inns-cathedrals\"],\"players\":[\"red\",\"blue\"]," ROAD_TILES \
    ",\"figures\":[{\"player\":\"red\",\"kind\":\"big\",\"x\":-1,\"y\":0,\"at\":\"E\"}," \
    "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"E\"},"  \
    "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":1,\"y\":0,\"at\":\"E\"}]}"

Test(route_inns_cathedrals, big_strength_tie_scored_through_v1_score)
{
    json_object *a = tu_post("/v1/score", "{\"position\":" ROAD_POSITION ",\"x\":2,\"y\":0}", 200);
    json_object *events = tu_member(a, "events");
    cr_assert_eq(json_object_array_length(events), 1);
    json_object *ev = json_object_array_get_idx(events, 0);
    cr_assert(tu_cites(ev, "big.strength") && tu_cites(ev, "base.score.tie"));
    json_object *totals = tu_member(a, "totals");
    cr_assert_eq(tu_int(totals, "red"), 5, "the large meeple does not double the points");
    cr_assert_eq(tu_int(totals, "blue"), 5);
    const char *explain = tu_str(ev, "explain");
    cr_assert(strstr(explain, "A large meeple counts as two followers") != NULL, "%s", explain);
    json_object_put(a);
}

/* Every language words the sentence and the rule (the po files): none falls
 * back to the English. */
Test(route_inns_cathedrals, big_strength_explained_in_every_language)
{
    const char *langs[TXT_LANGUAGES_MAX];
    size_t nlangs = tu_languages(langs, true);
    for (size_t i = 0; i < nlangs; i++) {
        char path[64];
        snprintf(path, sizeof path, "/v1/score?lang=%s", langs[i]);
        json_object *a = tu_post(path, "{\"position\":" ROAD_POSITION ",\"x\":2,\"y\":0}", 200);
        json_object *ev = json_object_array_get_idx(tu_member(a, "events"), 0);
        const char *explain = tu_str(ev, "explain");
        cr_assert(strstr(explain, "large meeple") == NULL && strstr(explain, "counts as two") == NULL,
                  "%s: %s", langs[i], explain);
        json_object_put(a);
    }
}

/* The large meeple is listed wherever a meeple is, after the older kinds,
 * and not once it has left the supply. */
Test(route_inns_cathedrals, big_listed_by_v1_deployments)
{
    const char *body =
        "{\"position\":{\"expansions\":[\"inns-cathedrals\"],\"players\":[\"red\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
        "{\"tile\":\"base.V\",\"x\":1,\"y\":0,\"rot\":0}],\"figures\":[]},\"x\":1,\"y\":0}";
    json_object *a = tu_post("/v1/deployments", body, 200);
    json_object *opts = tu_member(a, "options");
    cr_assert_eq(json_object_array_length(opts), 6);
    static const char *const want[6][2] = { { "meeple", "NNE" }, { "meeple", "S" },
                                            { "meeple", "SSW" }, { "big", "NNE" },
                                            { "big", "S" },      { "big", "SSW" } };
    for (int i = 0; i < 6; i++) {
        json_object *o = json_object_array_get_idx(opts, (size_t)i);
        cr_assert_str_eq(tu_str(o, "kind"), want[i][0]);
        cr_assert_str_eq(tu_str(o, "at"), want[i][1]);
    }
    json_object_put(a);
}

/* A position without the expansion may not hold one (422 at its kind);
 * two for one player is over the supply. */
Test(route_inns_cathedrals, big_refused_without_the_expansion_or_over_the_supply)
{
    json_object *p = tu_post("/v1/validate",
                             "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":"
                             "\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[{\"player\":\"red\","
                             "\"kind\":\"big\",\"x\":0,\"y\":0,\"at\":\"N\"}]}}",
                             422);
    cr_assert_str_eq(tu_str(p, "pointer"), "/position/figures/0/kind");
    json_object_put(p);
    p = tu_post("/v1/validate",
                "{\"position\":{\"expansions\":[\"inns-cathedrals\"],\"players\":[\"red\",\"blue\"],"
                "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":["
                "{\"player\":\"red\",\"kind\":\"big\",\"x\":0,\"y\":0,\"at\":\"N\"},"
                "{\"player\":\"red\",\"kind\":\"big\",\"x\":0,\"y\":0,\"at\":\"E\"}]}}",
                422);
    cr_assert_str_eq(tu_str(p, "pointer"), "/position/figures/1");
    json_object_put(p);
}

/* /v1/validate counts the large meeples per player, only when the
 * expansion is in play (older answers keep their members). */
Test(route_inns_cathedrals, big_counted_by_v1_validate_with_its_expansion_only)
{
    json_object *a = tu_post("/v1/validate", "{\"position\":" ROAD_POSITION "}", 200);
    json_object *figs = tu_member(tu_member(a, "summary"), "figures");
    cr_assert_eq(tu_int(tu_member(figs, "red"), "big"), 1);
    cr_assert_eq(tu_int(tu_member(figs, "blue"), "big"), 0);
    json_object_put(a);
    a = tu_post("/v1/validate",
                "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\","
                "\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]}}",
                200);
    json_object *none;
    figs = tu_member(tu_member(a, "summary"), "figures");
    cr_assert(!json_object_object_get_ex(tu_member(figs, "red"), "big", &none));
    json_object_put(a);
}

/* /v1/turn: deploying the large meeple; the next position holds it. */
Test(route_inns_cathedrals, big_deployed_by_v1_turn)
{
    const char *body =
        "{\"position\":{\"expansions\":[\"inns-cathedrals\"],\"players\":[\"red\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]},"
        "\"tile\":\"base.V\",\"x\":1,\"y\":0,\"rot\":0,\"deploy\":{\"kind\":\"big\",\"at\":\"S\"}}";
    json_object *a = tu_post("/v1/turn", body, 200);
    cr_assert(json_object_get_boolean(tu_member(a, "legal")));
    json_object *figs = tu_member(tu_member(a, "position"), "figures");
    cr_assert_eq(json_object_array_length(figs), 1);
    cr_assert_str_eq(tu_str(json_object_array_get_idx(figs, 0), "kind"), "big");
    json_object_put(a);
    /* A second one is over the supply: illegal, citing the rule. */
    const char *again =
        "{\"position\":{\"expansions\":[\"inns-cathedrals\"],\"players\":[\"red\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":["
        "{\"player\":\"red\",\"kind\":\"big\",\"x\":0,\"y\":0,\"at\":\"N\"}]},"
        "\"tile\":\"base.V\",\"x\":1,\"y\":0,\"rot\":0,\"deploy\":{\"kind\":\"big\",\"at\":\"S\"}}";
    a = tu_post("/v1/turn", again, 200);
    cr_assert(!json_object_get_boolean(tu_member(a, "legal")));
    cr_assert(tu_cites(a, "base.deploy.supply"));
    json_object_put(a);
}

/* /v1/describe names the expansion and the figure in words. */
Test(route_inns_cathedrals, big_described_in_words)
{
    json_object *a = tu_post("/v1/describe", "{\"position\":" ROAD_POSITION "}", 200);
    const char *text = tu_str(a, "text");
    cr_assert(strstr(text, "Inns & Cathedrals") != NULL, "%s", text);
    cr_assert(strstr(text, "large meeple") != NULL, "%s", text);
    json_object_put(a);
    a = tu_post("/v1/describe?lang=de", "{\"position\":" ROAD_POSITION "}", 200);
    text = tu_str(a, "text");
    cr_assert(strstr(text, "Wirtshäuser und Kathedralen") != NULL, "%s", text);
    cr_assert(strstr(text, "großer Meeple") != NULL || strstr(text, "großen Meeple") != NULL,
              "%s", text);
    json_object_put(a);
}

/* /v1/features: the value now and who would score it, the large meeple
 * tying blue's two meeples (5 each), and the rule cited. */
Test(route_inns_cathedrals, big_strength_in_v1_features)
{
    json_object *a = tu_post("/v1/features",
                             "{\"position\":" ROAD_POSITION ",\"x\":0,\"y\":0,\"at\":\"E\"}", 200);
    json_object *feats = tu_member(a, "features");
    cr_assert_eq(json_object_array_length(feats), 1, "%s", json_object_to_json_string(a));
    json_object *f = json_object_array_get_idx(feats, 0);
    cr_assert_eq(tu_int(f, "value"), 5);
    cr_assert_eq(tu_int(tu_member(f, "points"), "red"), 5, "%s", json_object_to_json_string(f));
    cr_assert_eq(tu_int(tu_member(f, "points"), "blue"), 5);
    cr_assert(tu_cites(a, "big.strength"));
    json_object_put(a);
}
