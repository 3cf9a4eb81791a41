/* test_route_score.c -- POST /v1/score through svc_dispatch(): the JSON a
 * client sends and reads (contract section 5, members shared by /v1/score
 * and /v1/turn), the decoding of deployed/shepherd/final, and the errors.
 * The engine behind it has its own tests (test_scoring.c and friends);
 * here the positions are the rule pages' worked examples written as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/service.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_score);

static json_object *ask(const char *body, int status)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    svc_dispatch(&ctx, "POST", "/v1/score", body, strlen(body), &res);
    const char *text = res.body ? res.body : res.static_body;
    cr_assert_eq(res.status, status, "status %d, expected %d: %.600s", res.status, status,
                 text ? text : "(no body)");
    json_object *root = json_tokener_parse(text);
    cr_assert_not_null(root);
    svc_response_free(&res);
    return root;
}

static int int_at(json_object *o, const char *a, const char *b)
{
    return json_object_get_int(tu_member(tu_member(o, a), b));
}

static void expect_problem(const char *body, int status, const char *pointer)
{
    json_object *p = ask(body, status);
    cr_assert_str_eq(json_object_get_string(tu_member(p, "pointer")), pointer, "%s",
                     json_object_to_json_string(p));
    json_object_put(p);
}

/* Abbey & Mayor, Mayor Example 1 (the 20 points), as JSON. */
#define MAYOR_POSITION                                                                        \
    "{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],\"tiles\":["             \
    "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180},"                                     \
    "{\"tile\":\"base.E\",\"x\":-2,\"y\":0,\"rot\":90},"                                      \
    "{\"tile\":\"base.F\",\"x\":-1,\"y\":0,\"rot\":0},"                                       \
    "{\"tile\":\"base.C\",\"x\":0,\"y\":0,\"rot\":0},"                                        \
    "{\"tile\":\"base.F\",\"x\":1,\"y\":0,\"rot\":0},"                                        \
    "{\"tile\":\"base.E\",\"x\":2,\"y\":0,\"rot\":270},"                                      \
    "{\"tile\":\"base.E\",\"x\":0,\"y\":1,\"rot\":0}],\"figures\":["                          \
    "{\"player\":\"red\",\"kind\":\"mayor\",\"x\":0,\"y\":0,\"at\":\"N\"},"                    \
    "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":-2,\"y\":0,\"at\":\"E\"},"                 \
    "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":2,\"y\":0,\"at\":\"W\"}]}"

Test(route_score, mayor_example_answers_every_member_of_an_event)
{
    json_object *a = ask("{\"position\":" MAYOR_POSITION ",\"x\":0,\"y\":1}", 200);
    json_object *events = tu_member(a, "events");
    cr_assert_eq(json_object_array_length(events), 1);
    json_object *ev = json_object_array_get_idx(events, 0);
    cr_assert_str_eq(json_object_get_string(tu_member(ev, "kind")), "completed");
    cr_assert_str_eq(json_object_get_string(tu_member(ev, "type")), "city");
    json_object *feature = tu_member(ev, "feature");
    cr_assert_eq(json_object_get_int(tu_member(feature, "x")), 0);
    cr_assert_eq(json_object_get_int(tu_member(feature, "y")), -1);
    cr_assert_str_eq(json_object_get_string(tu_member(feature, "at")), "S");
    json_object *cells = tu_member(ev, "cells");
    cr_assert_eq(json_object_array_length(cells), 7);
    cr_assert_eq(json_object_get_int(tu_member(json_object_array_get_idx(cells, 0), "y")), -1);
    cr_assert_eq(json_object_get_int(tu_member(json_object_array_get_idx(cells, 1), "x")), -2);
    cr_assert(json_object_get_boolean(tu_member(ev, "complete")));
    cr_assert_eq(json_object_get_int(tu_member(ev, "value")), 20);
    cr_assert_eq(int_at(ev, "strength", "red"), 3);
    cr_assert_eq(int_at(ev, "strength", "blue"), 2);
    cr_assert_eq(int_at(ev, "points", "red"), 20);
    cr_assert_eq(int_at(ev, "points", "blue"), 0);
    json_object *returned = tu_member(ev, "returned");
    cr_assert_eq(json_object_array_length(returned), 3);
    json_object *mayor = json_object_array_get_idx(returned, 0);
    cr_assert_str_eq(json_object_get_string(tu_member(mayor, "player")), "red");
    cr_assert_str_eq(json_object_get_string(tu_member(mayor, "kind")), "mayor");
    cr_assert_str_eq(json_object_get_string(tu_member(mayor, "at")), "N");
    cr_assert_gt(strlen(json_object_get_string(tu_member(ev, "explain"))), 20);
    json_object *rules = tu_member(a, "rules");
    cr_assert_gt(json_object_array_length(rules), 0);
    for (size_t i = 0; i < json_object_array_length(rules); i++)
        cr_assert_not_null(cc_rule_find(json_object_get_string(json_object_array_get_idx(rules, i))),
                           "every cited rule is in GET /v1/rules");
    cr_assert_eq(int_at(a, "totals", "red"), 20);
    cr_assert_eq(int_at(a, "totals", "blue"), 0);
    json_object_put(a);
}

/* The same board one tile short, at the end of the game: the city is
 * incomplete, 6 tiles + 3 coats of arms = 9 for the mayor's 3 strength. */
Test(route_score, final_scoring)
{
    const char *pos =
        "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],\"tiles\":["
        "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180},"
        "{\"tile\":\"base.E\",\"x\":-2,\"y\":0,\"rot\":90},"
        "{\"tile\":\"base.F\",\"x\":-1,\"y\":0,\"rot\":0},"
        "{\"tile\":\"base.C\",\"x\":0,\"y\":0,\"rot\":0},"
        "{\"tile\":\"base.F\",\"x\":1,\"y\":0,\"rot\":0},"
        "{\"tile\":\"base.E\",\"x\":2,\"y\":0,\"rot\":270}],\"figures\":["
        "{\"player\":\"red\",\"kind\":\"mayor\",\"x\":0,\"y\":0,\"at\":\"N\"},"
        "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":-2,\"y\":0,\"at\":\"E\"}]},"
        "\"final\":true}";
    json_object *a = ask(pos, 200);
    json_object *ev = json_object_array_get_idx(tu_member(a, "events"), 0);
    cr_assert_str_eq(json_object_get_string(tu_member(ev, "kind")), "final");
    cr_assert_not(json_object_get_boolean(tu_member(ev, "complete")));
    cr_assert_eq(json_object_get_int(tu_member(ev, "value")), 9);
    cr_assert_eq(int_at(a, "totals", "red"), 9);
    json_object_put(a);
}

/* hills-and-sheep note 2 through the route: a shepherd deployed on the
 * inner field of abbey-mayor.CCcc+ carries its first draw as
 * deployed.token; then it is guided at once. */
#define INNER_FIELD_POSITION                                                             \
    "{\"expansions\":[\"abbey-mayor\",\"hills-sheep\"],\"players\":[\"red\",\"blue\"],"     \
    "\"tiles\":[{\"tile\":\"base.E\",\"x\":0,\"y\":0,\"rot\":0},"                          \
    "{\"tile\":\"abbey-mayor.CCcc+\",\"x\":0,\"y\":-1,\"rot\":0}],"                       \
    "\"figures\":[{\"player\":\"red\",\"kind\":\"shepherd\",\"x\":0,\"y\":-1,\"at\":\"#2\"," \
    "\"flock\":[]}]}"

Test(route_score, deployed_shepherd_first_draw_and_automatic_guide)
{
    json_object *a = ask("{\"position\":" INNER_FIELD_POSITION ",\"x\":0,\"y\":-1,"
                         "\"deployed\":{\"player\":\"red\",\"kind\":\"shepherd\",\"x\":0,\"y\":-1,"
                         "\"at\":\"#2\",\"flock\":[],\"token\":3}}",
                         200);
    json_object *events = tu_member(a, "events");
    cr_assert_eq(json_object_array_length(events), 2);
    json_object *draw = json_object_array_get_idx(events, 0);
    cr_assert_str_eq(json_object_get_string(tu_member(draw, "kind")), "sheep");
    cr_assert_eq(json_object_get_int(tu_member(draw, "token")), 3);
    cr_assert_str_eq(json_object_get_string(tu_member(tu_member(draw, "figure"), "kind")), "shepherd");
    json_object *guide = json_object_array_get_idx(events, 1);
    cr_assert_str_eq(json_object_get_string(tu_member(guide, "kind")), "guide");
    cr_assert_eq(int_at(guide, "points", "red"), 3);
    cr_assert_eq(int_at(a, "totals", "red"), 3);
    json_object_put(a);

    a = ask("{\"position\":" INNER_FIELD_POSITION ",\"x\":0,\"y\":-1,"
            "\"deployed\":{\"player\":\"red\",\"kind\":\"shepherd\",\"x\":0,\"y\":-1,"
            "\"at\":\"#2\",\"token\":\"wolf\"}}",
            200);
    json_object *wolf = json_object_array_get_idx(tu_member(a, "events"), 0);
    cr_assert_str_eq(json_object_get_string(tu_member(wolf, "kind")), "wolf");
    cr_assert_str_eq(json_object_get_string(tu_member(wolf, "token")), "wolf");
    json_object_put(a);
}

/* Two shepherds in an open field of three cloister tiles (hills-and-sheep
 * Example 2): the request names the active player's choice. */
#define TWO_FLOCKS_POSITION                                                               \
    "{\"expansions\":[\"hills-sheep\"],\"players\":[\"red\",\"blue\"],\"tiles\":["          \
    "{\"tile\":\"base.B\",\"x\":0,\"y\":0,\"rot\":0},"                                     \
    "{\"tile\":\"base.B\",\"x\":1,\"y\":0,\"rot\":0},"                                     \
    "{\"tile\":\"base.B\",\"x\":2,\"y\":0,\"rot\":0}],\"figures\":["                       \
    "{\"player\":\"red\",\"kind\":\"shepherd\",\"x\":0,\"y\":0,\"at\":\"NNE\",\"flock\":[3,2]}," \
    "{\"player\":\"blue\",\"kind\":\"shepherd\",\"x\":1,\"y\":0,\"at\":\"NNE\",\"flock\":[2,1]}]}"

Test(route_score, shepherd_choice_guide_and_grow)
{
    json_object *a = ask("{\"position\":" TWO_FLOCKS_POSITION ",\"x\":2,\"y\":0,"
                         "\"shepherd\":{\"action\":\"guide\"}}", 200);
    cr_assert_eq(int_at(a, "totals", "red"), 8);
    cr_assert_eq(int_at(a, "totals", "blue"), 8);
    json_object_put(a);
    a = ask("{\"position\":" TWO_FLOCKS_POSITION ",\"x\":2,\"y\":0,"
            "\"shepherd\":{\"action\":\"grow\",\"token\":\"wolf\"}}", 200);
    json_object *wolf = json_object_array_get_idx(tu_member(a, "events"), 0);
    cr_assert_str_eq(json_object_get_string(tu_member(wolf, "kind")), "wolf");
    cr_assert_eq(json_object_array_length(tu_member(wolf, "returned")), 2);
    json_object_put(a);
}

Test(route_score, request_errors)
{
    /* 400: malformed or members that do not belong. */
    expect_problem("{\"position\":" MAYOR_POSITION ",\"y\":1}", 400, "/x");
    expect_problem("{\"position\":" MAYOR_POSITION ",\"x\":0,\"y\":1,\"z\":2}", 400, "/z");
    expect_problem("{\"position\":" MAYOR_POSITION ",\"x\":0,\"y\":1,\"final\":true}", 400, "/x");
    expect_problem("{\"position\":" MAYOR_POSITION ",\"final\":1}", 400, "/final");
    expect_problem("{\"position\":" TWO_FLOCKS_POSITION ",\"x\":2,\"y\":0,"
                   "\"shepherd\":{\"action\":\"grow\"}}", 400, "/shepherd/token");
    expect_problem("{\"position\":" TWO_FLOCKS_POSITION ",\"x\":2,\"y\":0,"
                   "\"shepherd\":{\"action\":\"shear\"}}", 400, "/shepherd/action");
    expect_problem("{\"position\":" TWO_FLOCKS_POSITION ",\"x\":2,\"y\":0,"
                   "\"shepherd\":{\"action\":\"grow\",\"token\":5}}", 400, "/shepherd/token");
    expect_problem("{\"position\":" INNER_FIELD_POSITION ",\"x\":0,\"y\":-1,"
                   "\"deployed\":{\"player\":\"red\",\"kind\":\"shepherd\",\"x\":0,\"y\":-1,"
                   "\"at\":\"#2\"}}", 400, "/deployed/token");
    expect_problem("{\"position\":" MAYOR_POSITION ",\"x\":0,\"y\":1,\"deployed\":{\"player\":"
                   "\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":1,\"at\":\"N\",\"token\":2}}",
                   400, "/deployed/token");
    /* 422: well-formed but impossible. */
    expect_problem("{\"position\":" MAYOR_POSITION ",\"x\":7,\"y\":1}", 422, "/x");
    expect_problem("{\"position\":" MAYOR_POSITION ",\"x\":0,\"y\":1,\"deployed\":{\"player\":"
                   "\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":1,\"at\":\"N\"}}", 422, "/deployed");
    expect_problem("{\"position\":" MAYOR_POSITION ",\"x\":0,\"y\":1,\"deployed\":{\"player\":"
                   "\"red\",\"kind\":\"mayor\",\"x\":0,\"y\":0,\"at\":\"N\"}}", 422, "/deployed");
    expect_problem("{\"position\":" TWO_FLOCKS_POSITION ",\"x\":2,\"y\":0}", 422, "/shepherd");
    expect_problem("{\"position\":" MAYOR_POSITION ",\"x\":0,\"y\":1,"
                   "\"shepherd\":{\"action\":\"guide\"}}", 422, "/shepherd");
}

/* docs/scoring.md shows real answers: each ```json request block is
 * followed by the block of its answer. Ask the service again and compare,
 * so the documentation cannot drift from what the service says. */
/* The next ```json block at or after *cursor, copied into a new string. */
static char *next_json_block(const char **cursor)
{
    const char *start = strstr(*cursor, "```json\n");
    if (start == NULL)
        return NULL;
    start += strlen("```json\n");
    const char *end = strstr(start, "```");
    cr_assert_not_null(end);
    *cursor = end + 3;
    char *block = malloc((size_t)(end - start) + 1);
    cr_assert_not_null(block);
    memcpy(block, start, (size_t)(end - start));
    block[end - start] = '\0';
    return block;
}

Test(route_score, docs_scoring_md_shows_real_answers)
{
    char *text = tu_read_file("docs/scoring.md", NULL);
    const char *cursor = text;
    int pairs = 0;
    char *request;
    while ((request = next_json_block(&cursor)) != NULL) {
        char *expected = next_json_block(&cursor);
        cr_assert_not_null(expected, "a request block without its answer");
        json_object *got = ask(request, 200);
        json_object *want = json_tokener_parse(expected);
        cr_assert_not_null(want, "the documented answer is not JSON");
        cr_assert(json_object_equal(got, want), "docs/scoring.md example %d differs from the service:\n%s",
                  pairs + 1, json_object_to_json_string(got));
        json_object_put(got);
        json_object_put(want);
        free(request);
        free(expected);
        pairs++;
    }
    cr_assert_geq(pairs, 2);
    free(text);
}
