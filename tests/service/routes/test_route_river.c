/* test_route_river.c -- The River and The River II through svc_dispatch()
 * (issue 27): /v1/placements, /v1/deployments, /v1/features, /v1/score,
 * /v1/turn, /v1/describe and /v1/render with river positions, and MCP's
 * tools over the same positions.
 *
 * The engine's rules are tested in tests/engine/test_river.c; here the
 * question is whether each route carries them: the rule ids it cites, the
 * members it answers, the problems it gives. Rule source: the River page
 * of Wikicarpedia (C2), as docs/clarifications.md#river-readings reads it.
 * The catalog: river.s has its river E; river.IFI E+W (fields N and S of
 * it); river.II S+W; river.CICI E+W between two cities N and S. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_river);

/* The spring at (0, 0), a straight river tile east of it (1, 0); red's
 * farmer on the field north of the river. */
#define RIVER_TILES                                                              \
    "\"tiles\": [{\"tile\": \"river.s\", \"x\": 0, \"y\": 0, \"rot\": 0},"       \
    " {\"tile\": \"river.IFI\", \"x\": 1, \"y\": 0, \"rot\": 0}]"
#define RIVER_POS                                                                \
    "{\"expansions\": [\"river\"], \"players\": [\"red\", \"blue\"], " RIVER_TILES "," \
    " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 1, \"y\": 0, \"at\": \"NNE\"}]}"
#define RIVER_POS_EMPTY                                                          \
    "{\"expansions\": [\"river\"], \"players\": [\"red\", \"blue\"], " RIVER_TILES ", \"figures\": []}"

static bool has_string(json_object *a, const char *s)
{
    for (size_t i = 0; i < json_object_array_length(a); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(a, i)), s) == 0)
            return true;
    return false;
}

static const char *text_of(json_object *o)
{
    return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
}

/* River, Placing a tile: a river tile continues the river. river.II (S+W)
 * goes only at (2, 0), its W edge against the open end: turned 0 (flowing
 * on south) or 90 (north); the answer cites the river's placement rules. */
Test(route_river, placements_of_a_river_tile_continue_the_river)
{
    json_object *a = tu_post("/v1/placements",
                             "{\"position\": " RIVER_POS_EMPTY ", \"tile\": \"river.II\"}", 200);
    json_object *list = tu_member(a, "placements");
    cr_assert_eq(json_object_array_length(list), 2, "%s", text_of(a));
    for (size_t i = 0; i < 2; i++) {
        json_object *p = json_object_array_get_idx(list, i);
        cr_assert_eq(tu_int(p, "x"), 2);
        cr_assert_eq(tu_int(p, "y"), 0);
        cr_assert_eq(tu_int(p, "rot"), i == 0 ? 0 : 90, "%s", text_of(p));
    }
    json_object *rules = tu_member(a, "rules");
    cr_assert(has_string(rules, "river.placement.continue"), "%s", text_of(rules));
    cr_assert(has_string(rules, "river.placement.no-u-turn"), "%s", text_of(rules));
    json_object_put(a);
}

/* River, Placing a tile: "All river tiles must be drawn and placed before
 * anyone draws a normal tile": a land tile while the river is open is a
 * 422 at /tile citing river.placement.first. */
Test(route_river, a_land_tile_while_the_river_is_open_is_422)
{
    json_object *p = tu_post("/v1/placements",
                             "{\"position\": " RIVER_POS_EMPTY ", \"tile\": \"base.E\"}", 422);
    cr_assert_str_eq(tu_str(p, "pointer"), "/tile");
    cr_assert(strstr(tu_str(p, "detail"), "river.placement.first") != NULL, "%s", tu_str(p, "detail"));
    json_object_put(p);
}

/* River, Placing a meeple: "Meeples may NOT be placed on the river
 * itself"; the river separates the fields: the tile just placed offers its
 * two fields, north and south, and nothing on its river edges E and W. */
Test(route_river, deployments_beside_the_river_never_on_it)
{
    json_object *a = tu_post("/v1/deployments",
                             "{\"position\": " RIVER_POS_EMPTY ", \"x\": 1, \"y\": 0}", 200);
    json_object *opts = tu_member(a, "options");
    cr_assert_eq(json_object_array_length(opts), 2, "north and south of the river: %s", text_of(a));
    for (size_t i = 0; i < 2; i++) {
        const char *at = tu_str(json_object_array_get_idx(opts, i), "at");
        cr_assert(strcmp(at, "E") != 0 && strcmp(at, "W") != 0, "%s", at);
    }
    json_object_put(a);
    /* Asking for a meeple on the river itself: refused, with the rule. */
    json_object *t = tu_post("/v1/turn",
                             "{\"position\": " RIVER_POS_EMPTY ", \"tile\": \"river.IFI\", \"x\": 2, \"y\": 0,"
                             " \"rot\": 0, \"deploy\": {\"kind\": \"meeple\", \"at\": \"E\"}}", 200);
    cr_assert_not(json_object_get_boolean(tu_member(t, "legal")), "%s", text_of(t));
    cr_assert_str_eq(tu_str(t, "rule"), "river.deploy.not-on-river");
    json_object_put(t);
}

/* River, Scoring: "The river feature itself is never scored": /v1/features
 * values the river 0 citing river.feature.river (it was valued as a
 * cloister before); the field goes all round the spring ("The field goes
 * all round the spring and the lake"), so the fields north and south of
 * the river are one; the final scoring has no event for the river. */
Test(route_river, features_and_score_the_river_never_scores)
{
    json_object *a = tu_post("/v1/features", "{\"position\": " RIVER_POS "}", 200);
    json_object *features = tu_member(a, "features");
    int fields = 0, rivers = 0;
    for (size_t i = 0; i < json_object_array_length(features); i++) {
        json_object *f = json_object_array_get_idx(features, i);
        fields += strcmp(tu_str(f, "type"), "field") == 0;
        if (strcmp(tu_str(f, "type"), "river") == 0) {
            rivers++;
            cr_assert_eq(tu_int(f, "value"), 0, "%s", text_of(f));
        }
    }
    cr_assert_eq(fields, 1, "one field round the spring: %s", text_of(features));
    cr_assert_eq(rivers, 1, "%s", text_of(features));
    cr_assert(has_string(tu_member(a, "rules"), "river.feature.river"));
    cr_assert_not(has_string(tu_member(a, "rules"), "base.score.cloister.end"), "%s", text_of(a));
    json_object_put(a);
    json_object *s = tu_post("/v1/score", "{\"position\": " RIVER_POS ", \"final\": true}", 200);
    json_object *events = tu_member(s, "events");
    for (size_t i = 0; i < json_object_array_length(events); i++)
        cr_assert_str_neq(tu_str(json_object_array_get_idx(events, i), "type"), "river",
                          "%s", text_of(events));
    json_object_put(s);
}

/* /v1/turn: a river tile placed where it continues the river is legal and
 * blue plays next; the same tile making a U-turn is illegal, citing
 * river.placement.no-u-turn. Spring (0,0) E, river.II at (1, 0) turned 0
 * (in from W, out S), then river.II at (1, 1) turned 90 (in from N, out
 * W)... is a turn the same way twice: the river would run back west. */
Test(route_river, turn_with_river_tiles)
{
    const char *pos =
        "{\"expansions\": [\"river\"], \"players\": [\"red\", \"blue\"],"
        " \"tiles\": [{\"tile\": \"river.s\", \"x\": 0, \"y\": 0, \"rot\": 0},"
        " {\"tile\": \"river.II\", \"x\": 1, \"y\": 0, \"rot\": 0}], \"figures\": []}";
    char body[1024];
    snprintf(body, sizeof body, "{\"position\": %s, \"tile\": \"river.II\", \"x\": 1, \"y\": 1, \"rot\": 90}", pos);
    json_object *t = tu_post("/v1/turn", body, 200);
    cr_assert_not(json_object_get_boolean(tu_member(t, "legal")), "%s", text_of(t));
    cr_assert_str_eq(tu_str(t, "rule"), "river.placement.no-u-turn");
    json_object_put(t);
    snprintf(body, sizeof body, "{\"position\": %s, \"tile\": \"river.II\", \"x\": 1, \"y\": 1, \"rot\": 180}", pos);
    t = tu_post("/v1/turn", body, 200);
    cr_assert(json_object_get_boolean(tu_member(t, "legal")), "%s", text_of(t));
    cr_assert_str_eq(tu_str(tu_member(t, "position"), "active"), "blue");
    json_object_put(t);
}

/* /v1/describe names the river sets and reads the river edges back (both
 * were missing: "The base game, no expansion", and river.s's east edge
 * left out); the river is worth nothing. */
Test(route_river, describe_names_the_river)
{
    json_object *a = tu_post("/v1/describe", "{\"position\": " RIVER_POS "}", 200);
    const char *text = tu_str(a, "text");
    cr_assert(strstr(text, "The River") != NULL, "%s", text);
    cr_assert(strstr(text, "river on the east edge") != NULL, "%s", text);
    cr_assert(strstr(text, "river on the east and west edges") != NULL, "%s", text);
    cr_assert(strstr(text, "worth 8") == NULL, "%s", text);
    json_object_put(a);
    a = tu_post("/v1/describe?lang=de", "{\"position\": " RIVER_POS "}", 200);
    cr_assert(strstr(tu_str(a, "text"), "Der Fluss") != NULL, "%s", tu_str(a, "text"));
    json_object_put(a);
}

/* The MCP tools carry river positions: legal_placements answers what
 * /v1/placements answers, with its sentences. */
Test(route_river, mcp_tools_answer_river_positions)
{
    static const char args[] = "{\"position\": " RIVER_POS_EMPTY ", \"tile\": \"river.II\"}";
    json_object *content = tu_mcp_tool("legal_placements", args);
    json_object *route = tu_post("/v1/placements", args, 200);
    cr_assert(json_object_equal(content, route), "%s", text_of(content));
    json_object_put(route);
    json_object_put(content);
}
