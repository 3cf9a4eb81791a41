/* test_route_options.c -- the position options barn_placement, tiny_city_scoring
 * and farmers, honoured by every route that a rule they change can reach.
 *
 * Each option is a variant a JCloisterZone game can carry (its rules
 * "barn-placement", "tiny-city-scoring" and the "farmers" element), so an
 * imported game keeps scoring as it was played. Worked examples:
 *   - tiny_city_scoring "2" (1st edition): base.E north of the start tile
 *     closes a two-tile city: 2 points instead of 4 (rule base.score.city.tiny);
 *   - farmers "off": no meeple on a field, in /v1/deployments, /v1/turn and
 *     /v1/validate (rule base.deploy.no-farmers); shepherds still go there;
 *   - barn_placement "occupied": a second barn joins a field that has one
 *     (rule abbey.barn.occupied), in /v1/barn-check, /v1/deployments and
 *     /v1/turn; refused by default (abbey.barn.one-per-field). */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_options);

static bool has_rule(json_object *rules, const char *id)
{
    for (size_t i = 0; i < json_object_array_length(rules); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(rules, i)), id) == 0)
            return true;
    return false;
}

static void assert_rules_known(json_object *rules)
{
    for (size_t i = 0; i < json_object_array_length(rules); i++) {
        const char *id = json_object_get_string(json_object_array_get_idx(rules, i));
        cr_assert_not_null(cc_rule_find(id), "rule %s is not in the catalog", id);
    }
}

/* ---- tiny_city_scoring ---------------------------------------------------- */

#define TINY(opts)                                                                  \
    "{\"position\": {\"options\": {" opts "}, \"players\": [\"red\", \"blue\"],"   \
    " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []},"    \
    " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180,"                     \
    " \"deploy\": {\"kind\": \"meeple\", \"at\": \"S\"}}"

/* The README's worked example: red closes the two-tile city with a meeple
 * on it. C2 scores 2 x 2 = 4; the 1st edition 2 x 1 = 2. */
Test(route_options, tiny_city_scores_two_under_the_first_edition_option)
{
    json_object *c2 = tu_post("/v1/turn", TINY(""), 200);
    json_object *c1 = tu_post("/v1/turn", TINY("\"tiny_city_scoring\": \"2\""), 200);
    json_object *ev2 = json_object_array_get_idx(tu_member(c2, "events"), 0);
    json_object *ev1 = json_object_array_get_idx(tu_member(c1, "events"), 0);
    cr_assert_eq(tu_int(tu_member(ev2, "points"), "red"), 4);
    cr_assert_eq(tu_int(tu_member(ev1, "points"), "red"), 2);
    cr_assert_not(has_rule(tu_member(c2, "rules"), "base.score.city.tiny"));
    cr_assert(has_rule(tu_member(c1, "rules"), "base.score.city.tiny"));
    cr_assert(has_rule(tu_member(ev1, "rules"), "base.score.city.tiny"));
    cr_assert(strstr(tu_str(ev1, "explain"), "2 tiles x 1 = 2 points") != NULL, "%s",
              tu_str(ev1, "explain"));
    /* The next position carries the option on, ready to send back. */
    json_object *opts = tu_member(tu_member(c1, "position"), "options");
    cr_assert_str_eq(tu_str(opts, "tiny_city_scoring"), "2");
    cr_assert_eq(tu_int(tu_member(tu_member(c1, "position"), "scores"), "red"), 2);
    assert_rules_known(tu_member(c1, "rules"));
    json_object_put(c2);
    json_object_put(c1);
}

/* /v1/score and /v1/features value the same city the same way; a larger
 * city and the end-game rate are untouched. */
Test(route_options, tiny_city_option_reaches_score_and_features)
{
    static const char *const pos =
        "{\"options\": {\"tiny_city_scoring\": \"2\"}, \"players\": [\"red\", \"blue\"],"
        " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0},"
        " {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}],"
        " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": -1, \"at\": \"S\"}]}";
    char body[1024];
    snprintf(body, sizeof body, "{\"position\": %s, \"x\": 0, \"y\": -1}", pos);
    json_object *s = tu_post("/v1/score", body, 200);
    cr_assert_eq(tu_int(tu_member(s, "totals"), "red"), 2);
    json_object_put(s);
    snprintf(body, sizeof body, "{\"position\": %s, \"x\": 0, \"y\": -1, \"at\": \"S\"}", pos);
    json_object *f = tu_post("/v1/features", body, 200);
    json_object *feature = json_object_array_get_idx(tu_member(f, "features"), 0);
    cr_assert_eq(tu_int(feature, "value"), 2, "%s", json_object_to_json_string(f));
    json_object_put(f);
}

/* ---- farmers ------------------------------------------------------------- */

#define FARMERS(opts)                                                               \
    "{\"options\": {" opts "}, \"expansions\": [\"hills-sheep\"],"                  \
    " \"players\": [\"red\", \"blue\"],"                                            \
    " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0},"          \
    " {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}], \"figures\": []}"

static int count_kind(json_object *options, const char *kind)
{
    int n = 0;
    for (size_t i = 0; i < json_object_array_length(options); i++)
        n += strcmp(tu_str(json_object_array_get_idx(options, i), "kind"), kind) == 0;
    return n;
}

/* Without farmers only the city takes a meeple; the shepherd still goes on
 * the field. */
Test(route_options, without_farmers_no_meeple_is_offered_a_field)
{
    json_object *on = tu_post("/v1/deployments",
                              "{\"position\": " FARMERS("") ", \"x\": 0, \"y\": -1}", 200);
    json_object *off = tu_post("/v1/deployments",
                               "{\"position\": " FARMERS("\"farmers\": \"off\"") ", \"x\": 0, \"y\": -1}", 200);
    cr_assert_eq(count_kind(tu_member(on, "options"), "meeple"), 2);
    cr_assert_eq(count_kind(tu_member(off, "options"), "meeple"), 1);
    cr_assert_str_eq(tu_str(json_object_array_get_idx(tu_member(off, "options"), 0), "at"), "S");
    cr_assert_eq(count_kind(tu_member(off, "options"), "shepherd"), 1);
    cr_assert(has_rule(tu_member(off, "rules"), "base.deploy.no-farmers"));
    cr_assert_not(has_rule(tu_member(on, "rules"), "base.deploy.no-farmers"));
    assert_rules_known(tu_member(off, "rules"));
    json_object_put(on);
    json_object_put(off);
}

Test(route_options, without_farmers_a_farmer_is_an_illegal_move_and_an_impossible_position)
{
    json_object *a = tu_post("/v1/turn",
                             "{\"position\": {\"options\": {\"farmers\": \"off\"}, \"players\": [\"red\", \"blue\"],"
                             " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []},"
                             " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180,"
                             " \"deploy\": {\"kind\": \"meeple\", \"at\": \"NNE\"}}", 200);
    cr_assert_not(json_object_get_boolean(tu_member(a, "legal")));
    cr_assert_str_eq(tu_str(a, "rule"), "base.deploy.no-farmers");
    cr_assert_str_eq(tu_str(a, "pointer"), "/deploy/at");
    json_object_put(a);
    json_object *p = tu_post("/v1/validate",
                             "{\"position\": {\"options\": {\"farmers\": \"off\"}, \"players\": [\"red\", \"blue\"],"
                             " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}],"
                             " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"SSE\"}]}}",
                             422);
    cr_assert_str_eq(tu_str(p, "pointer"), "/position/figures/0/at");
    cr_assert(strstr(tu_str(p, "detail"), "farmers") != NULL);
    json_object_put(p);
}

/* ---- barn_placement ------------------------------------------------------ */

/* One field over six tiles with two junctions: blue's barn stands at the
 * first, (1,1) NW; red has just placed (2,1), whose NW corner is the second. */
#define BARNS(opts, last)                                                           \
    "{\"options\": {" opts "}, \"expansions\": [\"abbey-mayor\"],"                  \
    " \"players\": [\"red\", \"blue\"],"                                            \
    " \"tiles\": [{\"tile\": \"base.B\", \"x\": 0, \"y\": 0, \"rot\": 0},"          \
    " {\"tile\": \"base.B\", \"x\": 1, \"y\": 0, \"rot\": 0},"                      \
    " {\"tile\": \"base.B\", \"x\": 0, \"y\": 1, \"rot\": 0},"                      \
    " {\"tile\": \"base.B\", \"x\": 1, \"y\": 1, \"rot\": 0},"                      \
    " {\"tile\": \"base.A\", \"x\": 2, \"y\": 0, \"rot\": 180}" last "],"           \
    " \"figures\": [{\"player\": \"blue\", \"kind\": \"barn\", \"x\": 1, \"y\": 1, \"at\": \"NW\"}]}"
#define LAST_TILE ", {\"tile\": \"base.A\", \"x\": 2, \"y\": 1, \"rot\": 0}"

Test(route_options, a_barn_joins_a_field_with_a_barn_only_under_the_variant)
{
    json_object *no = tu_post("/v1/barn-check",
                              "{\"position\": " BARNS("", LAST_TILE) ", \"x\": 2, \"y\": 1, \"at\": \"NW\"}", 200);
    cr_assert_not(json_object_get_boolean(tu_member(no, "legal")));
    cr_assert_str_eq(tu_str(tu_member(no, "reason"), "rule"), "abbey.barn.one-per-field");
    json_object_put(no);
    json_object *yes = tu_post("/v1/barn-check",
                               "{\"position\": " BARNS("\"barn_placement\": \"occupied\"", LAST_TILE)
                               ", \"x\": 2, \"y\": 1, \"at\": \"NW\"}", 200);
    cr_assert(json_object_get_boolean(tu_member(yes, "legal")), "%s", json_object_to_json_string(yes));
    cr_assert(has_rule(tu_member(yes, "rules"), "abbey.barn.occupied"));
    assert_rules_known(tu_member(yes, "rules"));
    json_object_put(yes);
    json_object *d = tu_post("/v1/deployments",
                             "{\"position\": " BARNS("\"barn_placement\": \"occupied\"", LAST_TILE)
                             ", \"x\": 2, \"y\": 1}", 200);
    cr_assert_eq(count_kind(tu_member(d, "options"), "barn"), 1);
    cr_assert(has_rule(tu_member(d, "rules"), "abbey.barn.occupied"));
    json_object_put(d);
    d = tu_post("/v1/deployments", "{\"position\": " BARNS("", LAST_TILE) ", \"x\": 2, \"y\": 1}", 200);
    cr_assert_eq(count_kind(tu_member(d, "options"), "barn"), 0);
    json_object_put(d);
}

Test(route_options, a_turn_placing_a_second_barn_in_a_field_cites_the_variant)
{
    json_object *a = tu_post("/v1/turn",
                             "{\"position\": " BARNS("\"barn_placement\": \"occupied\"", "")
                             ", \"tile\": \"base.A\", \"x\": 2, \"y\": 1, \"rot\": 0,"
                             " \"deploy\": {\"kind\": \"barn\", \"at\": \"NW\"}}", 200);
    cr_assert(json_object_get_boolean(tu_member(a, "legal")), "%s", json_object_to_json_string(a));
    cr_assert(has_rule(tu_member(a, "rules"), "abbey.barn.occupied"));
    json_object *opts = tu_member(tu_member(a, "position"), "options");
    cr_assert_str_eq(tu_str(opts, "barn_placement"), "occupied");
    cr_assert_eq(json_object_array_length(tu_member(tu_member(a, "position"), "figures")), 2);
    json_object_put(a);
    a = tu_post("/v1/turn",
                "{\"position\": " BARNS("", "") ", \"tile\": \"base.A\", \"x\": 2, \"y\": 1, \"rot\": 0,"
                " \"deploy\": {\"kind\": \"barn\", \"at\": \"NW\"}}", 200);
    cr_assert_not(json_object_get_boolean(tu_member(a, "legal")));
    cr_assert_str_eq(tu_str(a, "rule"), "abbey.barn.one-per-field");
    json_object_put(a);
}

/* ---- decoding ------------------------------------------------------------ */

Test(route_options, option_values_are_checked)
{
    static const char *const bad[] = {
        "\"barn_placement\": \"any\"", "\"tiny_city_scoring\": 2", "\"farmers\": false",
        "\"tiny_city_scoring\": \"3\"",
    };
    static const char *const pointer[] = {
        "/position/options/barn_placement", "/position/options/tiny_city_scoring",
        "/position/options/farmers", "/position/options/tiny_city_scoring",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char body[512];
        snprintf(body, sizeof body,
                 "{\"position\": {\"options\": {%s}, \"players\": [\"a\", \"b\"],"
                 " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []}}",
                 bad[i]);
        json_object *p = tu_post("/v1/validate", body, 400);
        cr_assert_str_eq(tu_str(p, "pointer"), pointer[i]);
        json_object_put(p);
    }
}
