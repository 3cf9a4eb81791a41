/* test_route_play.c -- the in-turn questions through svc_dispatch():
 * POST /v1/deployments, /v1/wagon-moves, /v1/barn-check and /v1/turn, their
 * JSON shapes, their 400/422 problems and the pointers those carry.
 *
 * The engine behind them is tested in test_deploy.c, test_wagon.c,
 * test_barn.c and test_turn.c; the boards here are the small ones of those
 * files, written as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/service.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_play);

static void assert_problem(const char *path, const char *body, int status, const char *pointer)
{
    json_object *p = tu_post(path, body, status);
    cr_assert_str_eq(tu_str(p, "pointer"), pointer, "%s", json_object_to_json_string(p));
    json_object_put(p);
}

static void assert_rules_known(json_object *answer)
{
    json_object *rules = tu_member(answer, "rules");
    for (size_t i = 0; i < json_object_array_length(rules); i++) {
        const char *id = json_object_get_string(json_object_array_get_idx(rules, i));
        cr_assert_not_null(cc_rule_find(id), "rule %s is not in the catalog", id);
    }
}

/* base.B at (0,0) with blue's monk; the shrine at (1,0) just placed. */
#define SHRINE_POS                                                                  \
    "{\"expansions\": [\"shrines\"], \"players\": [\"red\", \"blue\"],"             \
    " \"tiles\": [{\"tile\": \"base.B\", \"x\": 0, \"y\": 0, \"rot\": 0},"          \
    "  {\"tile\": \"shrines.S\", \"x\": 1, \"y\": 0, \"rot\": 0}],"                 \
    " \"figures\": [{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"C\"}]}"

/* Heretics & Shrines, Placing a follower: the heretic's option names the
 * monk it would challenge. */
Test(route_play, deployments_name_the_challenged_monk)
{
    json_object *a = tu_post("/v1/deployments", "{\"position\": " SHRINE_POS ", \"x\": 1, \"y\": 0}", 200);
    json_object *opts = tu_member(a, "options");
    cr_assert_eq(json_object_array_length(opts), 2, "%s", json_object_to_json_string(a));
    json_object *heretic = json_object_array_get_idx(opts, 0);
    cr_assert_str_eq(tu_str(heretic, "kind"), "meeple");
    cr_assert_str_eq(tu_str(heretic, "at"), "C");
    json_object *monk = tu_member(heretic, "challenge");
    cr_assert_str_eq(tu_str(monk, "player"), "blue");
    cr_assert_str_eq(tu_str(monk, "at"), "C");
    json_object *farmer = json_object_array_get_idx(opts, 1);
    cr_assert_not(json_object_object_get_ex(farmer, "challenge", NULL));
    assert_rules_known(a);
    json_object_put(a);
}

Test(route_play, deployments_problems)
{
    assert_problem("/v1/deployments", "{\"position\": " SHRINE_POS ", \"x\": 5, \"y\": 0}", 422, "/x");
    assert_problem("/v1/deployments", "{\"position\": " SHRINE_POS ", \"x\": 1}", 400, "/y");
    assert_problem("/v1/deployments", "{\"position\": " SHRINE_POS ", \"x\": 1, \"y\": 0, \"z\": 1}",
                   400, "/z");
}

/* The C2-3 board of test_wagon.c: red's wagon on the completed road. */
#define C2_3(opts)                                                                  \
    "{\"expansions\": [\"abbey-mayor\"], \"options\": {" opts "},"                  \
    " \"players\": [\"red\", \"blue\"],"                                            \
    " \"tiles\": [{\"tile\": \"base.T\", \"x\": 0, \"y\": 0, \"rot\": 0},"          \
    "  {\"tile\": \"base.U\", \"x\": 0, \"y\": 1, \"rot\": 90},"                    \
    "  {\"tile\": \"base.V\", \"x\": 0, \"y\": 2, \"rot\": 180},"                   \
    "  {\"tile\": \"base.W\", \"x\": 1, \"y\": 2, \"rot\": 0},"                     \
    "  {\"tile\": \"base.U\", \"x\": -1, \"y\": 2, \"rot\": 90}],"                  \
    " \"figures\": [{\"player\": \"red\", \"kind\": \"wagon\", \"x\": 0, \"y\": 2, \"at\": \"N\"}]}"

static char *dests(json_object *a)
{
    static char buf[256];
    size_t len = 0;
    json_object *d = tu_member(a, "destinations");
    buf[0] = '\0';
    for (size_t i = 0; i < json_object_array_length(d); i++) {
        json_object *e = json_object_array_get_idx(d, i);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s(%d,%d) %s", i ? ", " : "",
                                json_object_get_int(tu_member(e, "x")), json_object_get_int(tu_member(e, "y")),
                                tu_str(e, "at"));
    }
    return buf;
}

/* A&M example C2-3 and note 21 (1st edition), through the route; the wagon
 * may be named by any location of its feature (S: the road N-E of V). */
Test(route_play, wagon_moves_both_editions)
{
    json_object *a = tu_post("/v1/wagon-moves", "{\"position\": " C2_3("") ", \"x\": 0, \"y\": 2, \"at\": \"E\"}", 200);
    cr_assert_str_eq(dests(a), "(-1,2) N, (1,2) E, (1,2) S");
    cr_assert_str_eq(tu_str(tu_member(a, "wagon"), "player"), "red");
    assert_rules_known(a);
    json_object_put(a);
    a = tu_post("/v1/wagon-moves",
            "{\"position\": " C2_3("\"wagon_rules\": \"c1\"") ", \"x\": 0, \"y\": 2, \"at\": \"N\", \"placed\": {\"x\": 1, \"y\": 2}}",
            200);
    cr_assert_str_eq(dests(a), "(0,0) N, (1,2) E, (1,2) S");
    json_object_put(a);
}

Test(route_play, wagon_moves_problems)
{
    /* No wagon on the road at (-1,2); the scored road's wagon asked at a field. */
    assert_problem("/v1/wagon-moves", "{\"position\": " C2_3("") ", \"x\": -1, \"y\": 2, \"at\": \"N\"}", 422, "/at");
    assert_problem("/v1/wagon-moves", "{\"position\": " C2_3("") ", \"x\": 0, \"y\": 2, \"at\": \"SSW\"}", 422, "/at");
    assert_problem("/v1/wagon-moves", "{\"position\": " C2_3("") ", \"x\": 9, \"y\": 2, \"at\": \"N\"}", 422, "/x");
    assert_problem("/v1/wagon-moves", "{\"position\": " C2_3("") ", \"x\": 0, \"y\": 2, \"at\": \"N\", \"placed\": {\"x\": 9, \"y\": 9}}",
                   422, "/placed/x");
    assert_problem("/v1/wagon-moves", "{\"position\": " C2_3("") ", \"x\": 0, \"y\": 2, \"at\": \"NE\"}", 400, "/at");
}

/* A wagon on a feature that is not complete is not scored and stays. */
Test(route_play, a_wagon_on_an_open_feature_does_not_move)
{
    assert_problem("/v1/wagon-moves",
                   "{\"position\": {\"expansions\": [\"abbey-mayor\"], \"players\": [\"red\", \"blue\"],"
                   " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}],"
                   " \"figures\": [{\"player\": \"red\", \"kind\": \"wagon\", \"x\": 0, \"y\": 0, \"at\": \"E\"}]},"
                   " \"x\": 0, \"y\": 0, \"at\": \"E\"}",
                   422, "/at");
}

/* One completed city north of four cloisters; blue's farmer in their field. */
#define BARN_POS(figs)                                                              \
    "{\"expansions\": [\"abbey-mayor\"], \"players\": [\"red\", \"blue\"],"         \
    " \"tiles\": [{\"tile\": \"base.E\", \"x\": 0, \"y\": -2, \"rot\": 180},"       \
    "  {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 0},"                    \
    "  {\"tile\": \"base.B\", \"x\": 0, \"y\": 0, \"rot\": 0},"                     \
    "  {\"tile\": \"base.B\", \"x\": 1, \"y\": 0, \"rot\": 0},"                     \
    "  {\"tile\": \"base.B\", \"x\": 0, \"y\": 1, \"rot\": 0},"                     \
    "  {\"tile\": \"base.B\", \"x\": 1, \"y\": 1, \"rot\": 0}],"                    \
    " \"figures\": [" figs "]}"

/* A&M Barn 3.: the farmers of the field score 3 per completed city at once. */
Test(route_play, barn_check_legal_with_the_scoring_it_triggers)
{
    json_object *a = tu_post("/v1/barn-check",
                         "{\"position\": " BARN_POS("{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"NNE\"}")
                         ", \"x\": 1, \"y\": 1, \"at\": \"NW\"}", 200);
    cr_assert(json_object_get_boolean(tu_member(a, "legal")));
    json_object *scoring = tu_member(a, "scoring");
    cr_assert_eq(json_object_get_int(tu_member(tu_member(scoring, "totals"), "blue")), 3);
    json_object *ev = json_object_array_get_idx(tu_member(scoring, "events"), 0);
    cr_assert_str_eq(tu_str(ev, "kind"), "barn-placed");
    cr_assert_eq(json_object_array_length(tu_member(ev, "returned")), 1);
    assert_rules_known(a);
    json_object_put(a);
}

Test(route_play, barn_check_illegal_says_which_rule_and_why)
{
    json_object *a = tu_post("/v1/barn-check",
                         "{\"position\": " BARN_POS("{\"player\": \"blue\", \"kind\": \"barn\", \"x\": 0, \"y\": 0, \"at\": \"SE\"}")
                         ", \"x\": 1, \"y\": 1, \"at\": \"NW\"}", 200);
    cr_assert_not(json_object_get_boolean(tu_member(a, "legal")));
    cr_assert_str_eq(tu_str(tu_member(a, "reason"), "rule"), "abbey.barn.one-per-field");
    cr_assert_not(json_object_object_get_ex(a, "scoring", NULL));
    json_object_put(a);
    assert_problem("/v1/barn-check", "{\"position\": " BARN_POS("") ", \"x\": 1, \"y\": 1, \"at\": \"N\"}", 400, "/at");
    assert_problem("/v1/barn-check", "{\"position\": " BARN_POS("") ", \"x\": 4, \"y\": 1, \"at\": \"NW\"}", 422, "/x");
}

#define START                                                                       \
    "{\"expansions\": [\"abbey-mayor\", \"hills-sheep\"], \"players\": [\"red\", \"blue\"]," \
    " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []}"

/* An illegal move: 200, legal false, the rule, the member at fault. */
Test(route_play, turn_illegal_move_names_rule_and_member)
{
    json_object *a = tu_post("/v1/turn", "{\"position\": " START ", \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 0}", 200);
    cr_assert_not(json_object_get_boolean(tu_member(a, "legal")));
    cr_assert_str_eq(tu_str(a, "rule"), "base.placement.edges");
    cr_assert_str_eq(tu_str(a, "pointer"), "/rot");
    cr_assert_eq(json_object_array_length(tu_member(a, "events")), 0);
    cr_assert_not(json_object_object_get_ex(a, "position", NULL));
    json_object_put(a);
}

/* H&S: the shepherd's first draw rides on the deployment; the wolf sends
 * it straight back. */
Test(route_play, turn_shepherd_token_as_number_or_wolf)
{
    json_object *a = tu_post("/v1/turn",
                         "{\"position\": " START ", \"tile\": \"base.V\", \"x\": 1, \"y\": 0, \"rot\": 0,"
                         " \"deploy\": {\"kind\": \"shepherd\", \"at\": \"NNE\", \"token\": 4}}", 200);
    cr_assert(json_object_get_boolean(tu_member(a, "legal")));
    json_object *fig = json_object_array_get_idx(tu_member(tu_member(a, "position"), "figures"), 0);
    cr_assert_eq(json_object_get_int(json_object_array_get_idx(tu_member(fig, "flock"), 0)), 4);
    json_object_put(a);
    a = tu_post("/v1/turn",
            "{\"position\": " START ", \"tile\": \"base.V\", \"x\": 1, \"y\": 0, \"rot\": 0,"
            " \"deploy\": {\"kind\": \"shepherd\", \"at\": \"NNE\", \"token\": \"wolf\"}}", 200);
    cr_assert_eq(json_object_array_length(tu_member(tu_member(a, "position"), "figures")), 0);
    json_object_put(a);
}

Test(route_play, turn_problems)
{
    /* A shepherd without its draw, a token on a meeple, a bad rotation,
     * rot missing on a land tile, a wagon that is not there, an unknown tile. */
    assert_problem("/v1/turn", "{\"position\": " START ", \"tile\": \"base.V\", \"x\": 1, \"y\": 0, \"rot\": 0,"
                   " \"deploy\": {\"kind\": \"shepherd\", \"at\": \"NNE\"}}", 400, "/deploy/token");
    assert_problem("/v1/turn", "{\"position\": " START ", \"tile\": \"base.V\", \"x\": 1, \"y\": 0, \"rot\": 0,"
                   " \"deploy\": {\"kind\": \"meeple\", \"at\": \"NNE\", \"token\": 2}}", 400, "/deploy/token");
    assert_problem("/v1/turn", "{\"position\": " START ", \"tile\": \"base.V\", \"x\": 1, \"y\": 0, \"rot\": 45}", 400, "/rot");
    assert_problem("/v1/turn", "{\"position\": " START ", \"tile\": \"base.V\", \"x\": 1, \"y\": 0}", 400, "/rot");
    assert_problem("/v1/turn", "{\"position\": " START ", \"tile\": \"base.V\", \"x\": 1, \"y\": 0, \"rot\": 0,"
                   " \"wagons\": [{\"x\": 0, \"y\": 0, \"at\": \"E\", \"to\": {\"x\": 1, \"y\": 0, \"at\": \"S\"}}]}",
                   422, "/wagons/0");
    assert_problem("/v1/turn", "{\"position\": " START ", \"tile\": \"base.nope\", \"x\": 1, \"y\": 0, \"rot\": 0}", 422, "/tile");
    assert_problem("/v1/turn", "{\"position\": " START ", \"tile\": \"shrines.S\", \"x\": 1, \"y\": 0, \"rot\": 0}", 422, "/tile");
}

/* A&M Wagon 3.: two wagons freed by one road, one cloister to share; blue
 * is active, so blue moves first and red's listed move is refused. */
Test(route_play, turn_wagons_move_in_seat_order)
{
    const char *body =
        "{\"position\": {\"expansions\": [\"abbey-mayor\"], \"players\": [\"red\", \"blue\"], \"active\": \"blue\","
        " \"tiles\": [{\"tile\": \"base.A\", \"x\": 0, \"y\": 0, \"rot\": 0},"
        "  {\"tile\": \"base.U\", \"x\": 0, \"y\": 1, \"rot\": 90}],"
        " \"figures\": [{\"player\": \"red\", \"kind\": \"wagon\", \"x\": 0, \"y\": 1, \"at\": \"N\"},"
        "  {\"player\": \"blue\", \"kind\": \"wagon\", \"x\": 0, \"y\": 0, \"at\": \"S\"}]},"
        " \"tile\": \"abbey-mayor.R\", \"x\": 0, \"y\": 2, \"rot\": 180,"
        " \"wagons\": [{\"x\": 0, \"y\": 1, \"at\": \"N\", \"to\": {\"x\": 0, \"y\": 0, \"at\": \"C\"}},"
        "  {\"x\": 0, \"y\": 0, \"at\": \"S\", \"to\": {\"x\": 0, \"y\": 0, \"at\": \"C\"}}]}";
    json_object *a = tu_post("/v1/turn", body, 200);
    cr_assert_not(json_object_get_boolean(tu_member(a, "legal")));
    cr_assert_str_eq(tu_str(a, "rule"), "abbey.wagon.move");
    cr_assert_str_eq(tu_str(a, "pointer"), "/wagons/0/to");
    json_object_put(a);
}

/* Contract section 5: "deployed" is a member shared by /v1/score and
 * /v1/turn, the figure in position form. A turn given "deployed" must answer
 * exactly what the same turn given "deploy" answers. */
Test(route_play, turn_accepts_the_contracts_deployed_member)
{
    static const char *const head =
        "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": [{\"tile\": \"base.D\", "
        "\"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []}, \"tile\": \"base.E\", \"x\": 0, "
        "\"y\": -1, \"rot\": 180, ";
    char a[1024], b[1024];
    snprintf(a, sizeof a, "%s\"deploy\": {\"kind\": \"meeple\", \"at\": \"S\"}}", head);
    snprintf(b, sizeof b, "%s\"deployed\": {\"player\": \"red\", \"kind\": \"meeple\", "
             "\"x\": 0, \"y\": -1, \"at\": \"S\"}}", head);
    json_object *with_deploy = tu_post("/v1/turn", a, 200);
    json_object *with_deployed = tu_post("/v1/turn", b, 200);
    cr_assert(json_object_get_boolean(tu_member(with_deployed, "legal")));
    cr_assert(json_object_equal(with_deploy, with_deployed), "%s\nvs\n%s",
              json_object_to_json_string(with_deploy), json_object_to_json_string(with_deployed));
    json_object_put(with_deploy);
    json_object_put(with_deployed);

    snprintf(b, sizeof b, "%s\"deployed\": {\"player\": \"blue\", \"kind\": \"meeple\", "
             "\"x\": 0, \"y\": -1, \"at\": \"S\"}}", head);
    assert_problem("/v1/turn", b, 422, "/deployed/player");
    snprintf(b, sizeof b, "%s\"deployed\": {\"player\": \"red\", \"kind\": \"meeple\", "
             "\"x\": 0, \"y\": 0, \"at\": \"E\"}}", head);
    assert_problem("/v1/turn", b, 422, "/deployed/x");
    snprintf(b, sizeof b, "%s\"deploy\": {\"kind\": \"meeple\", \"at\": \"S\"}, \"deployed\": "
             "{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": -1, \"at\": \"S\"}}", head);
    assert_problem("/v1/turn", b, 400, "/deployed");
}
