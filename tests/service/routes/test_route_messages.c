/* test_route_messages.c -- POST /v1/messages/{n} through svc_dispatch():
 * card numbers, the requirements on the request (Messages in play, card 8's
 * follower), the JSON answer, and the "chain" arithmetic around 50.
 *
 * Rule page: ../shared/rules/messages-1st-edition.txt. The engine's values
 * are tested in test_messages.c; here the expected points are small enough
 * to count by hand from the board described in each test. */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/service.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_messages);

static void assert_problem(json_object *p, const char *pointer)
{
    cr_assert_str_eq(json_object_get_string(tu_member(p, "pointer")), pointer, "%s",
                     json_object_to_json_string(p));
    json_object_put(p);
}

static bool has_rule(json_object *answer, const char *id)
{
    json_object *rules = tu_member(answer, "rules");
    for (size_t i = 0; i < json_object_array_length(rules); i++) {
        const char *r = json_object_get_string(json_object_array_get_idx(rules, i));
        cr_assert_not_null(cc_rule_find(r), "rule %s is not in the catalog", r);
        if (strcmp(r, id) == 0)
            return true;
    }
    return false;
}

/* base.D with base.U east and west: red's thief on the 3-tile road (blue's
 * too); red's knight in base.D's city; red's thief alone on the 2-tile road
 * of base.U at (0, 1) and (1, 1); red's barn where the four tiles meet. */
#define ROADS(scores)                                                         \
    "{\"position\": {\"expansions\": [\"messages\", \"abbey-mayor\"],"       \
    " \"players\": [\"red\", \"blue\"],"                                      \
    " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0},"    \
    "  {\"tile\": \"base.U\", \"x\": 1, \"y\": 0, \"rot\": 0},"               \
    "  {\"tile\": \"base.U\", \"x\": -1, \"y\": 0, \"rot\": 0},"              \
    "  {\"tile\": \"base.U\", \"x\": 0, \"y\": 1, \"rot\": 0},"               \
    "  {\"tile\": \"base.U\", \"x\": 1, \"y\": 1, \"rot\": 0}],"              \
    " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"E\"}," \
    "  {\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"N\"},"              \
    "  {\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 1, \"at\": \"W\"},"              \
    "  {\"player\": \"red\", \"kind\": \"barn\", \"x\": 0, \"y\": 0, \"at\": \"SE\"},"               \
    "  {\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 1, \"y\": 0, \"at\": \"E\"}],"            \
    " \"scores\": " scores "}"

/* Message 1 answers the road of least value with its points, every
 * candidate, the alternative and the rules it applied. */
Test(route_messages, card_1_answers_the_shortest_road)
{
    json_object *a = tu_post("/v1/messages/1", ROADS("{}") "}", 200);
    cr_assert_eq(tu_int(a, "card"), 1);
    cr_assert_eq(tu_int(a, "points"), 2);
    cr_assert_eq(tu_int(a, "alternative"), 2);
    json_object *counted = tu_member(a, "counted");
    cr_assert_eq(json_object_array_length(counted), 1);
    json_object *road = json_object_array_get_idx(counted, 0);
    json_object *ref = tu_member(road, "feature");
    cr_assert_eq(tu_int(ref, "x"), 0);
    cr_assert_eq(tu_int(ref, "y"), 1);
    cr_assert_str_eq(json_object_get_string(tu_member(ref, "at")), "E");
    cr_assert_eq(json_object_array_length(tu_member(a, "candidates")), 2);
    cr_assert(has_rule(a, "messages.card.1-shortest-road"));
    cr_assert(has_rule(a, "messages.card.choice"));
    cr_assert_gt(strlen(json_object_get_string(tu_member(a, "explain"))), 20);
    json_object_put(a);
}

/* Only n = 1..8 exists; anything else under /v1/messages/ is 404. */
Test(route_messages, unknown_card_numbers_are_404)
{
    const char *paths[] = { "/v1/messages/0", "/v1/messages/9", "/v1/messages/01",
                            "/v1/messages/1x", "/v1/messages/-1", "/v1/messages/8/" };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        json_object_put(tu_post(paths[i], ROADS("{}") "}", 404));
}

Test(route_messages, messages_must_be_in_play)
{
    const char *body =
        "{\"position\": {\"players\": [\"red\", \"blue\"],"
        " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []}}";
    assert_problem(tu_post("/v1/messages/4", body, 422), "/position/expansions");
}

/* Card 8 needs the follower; other cards take none. */
Test(route_messages, card_8_requires_one_of_the_players_followers)
{
    assert_problem(tu_post("/v1/messages/8", ROADS("{}") "}", 400), "/figure");
    assert_problem(tu_post("/v1/messages/8",
                       ROADS("{}") ", \"figure\": {\"x\": 0, \"y\": 0, \"at\": \"SE\"}}", 422),
                   "/figure");   /* a barn is not a follower */
    assert_problem(tu_post("/v1/messages/8",
                       ROADS("{}") ", \"figure\": {\"x\": 1, \"y\": 0, \"at\": \"E\"}}", 422),
                   "/figure");   /* blue's */
    assert_problem(tu_post("/v1/messages/8",
                       ROADS("{}") ", \"figure\": {\"x\": 5, \"y\": 5, \"at\": \"E\"}}", 422),
                   "/figure");
    assert_problem(tu_post("/v1/messages/8",
                       ROADS("{}") ", \"figure\": {\"x\": 0, \"y\": 0, \"at\": \"Q\"}}", 400),
                   "/figure/at");
    assert_problem(tu_post("/v1/messages/4",
                       ROADS("{}") ", \"figure\": {\"x\": 0, \"y\": 0, \"at\": \"E\"}}", 400),
                   "/figure");
}

/* Message 8 on red's thief on the 3-tile road (red 1, blue 1: a tie is a
 * majority): 3 points, and the thief is returned. */
Test(route_messages, card_8_scores_and_returns_the_named_follower)
{
    json_object *a = tu_post("/v1/messages/8",
                         ROADS("{}") ", \"figure\": {\"x\": 0, \"y\": 0, \"at\": \"W\"}}", 200);
    cr_assert_eq(tu_int(a, "points"), 3);
    cr_assert(json_object_get_boolean(tu_member(a, "majority")));
    json_object *back = tu_member(a, "returned");
    cr_assert_str_eq(json_object_get_string(tu_member(back, "kind")), "meeple");
    cr_assert_str_eq(json_object_get_string(tu_member(back, "at")), "E");
    json_object_put(a);
}

/* "chain": red's knight alone gives message 5 two points. From [48, 3]
 * figure 0 reaches 50, space 0, a dark space (note 1): another message. */
Test(route_messages, chain_landing_on_50_gives_another_message)
{
    json_object *a = tu_post("/v1/messages/5", ROADS("{\"red\": [48, 3]}") "}", 200);
    cr_assert_eq(tu_int(a, "points"), 2);
    json_object *card = tu_member(tu_member(a, "chain"), "card");
    cr_assert_eq(tu_int(card, "figure"), 0);
    cr_assert(json_object_get_boolean(tu_member(card, "message")));
    cr_assert_eq(json_object_get_int(json_object_array_get_idx(tu_member(card, "scores"), 0)), 50);
    cr_assert(has_rule(a, "messages.chain"));
    json_object_put(a);
}

/* From [44, 3] two points reach a dark space only on figure 1 (3 -> 5): the
 * default takes it; choosing figure 0 (46) gives no message. */
Test(route_messages, chain_default_figure_is_the_one_that_lands)
{
    json_object *a = tu_post("/v1/messages/5", ROADS("{\"red\": [44, 3]}") "}", 200);
    json_object *alt = tu_member(tu_member(a, "chain"), "alternative");
    cr_assert_eq(tu_int(alt, "figure"), 1);
    cr_assert(json_object_get_boolean(tu_member(alt, "message")));
    json_object_put(a);
    a = tu_post("/v1/messages/5", ROADS("{\"red\": [44, 3]}") ", \"counting_figure\": 0}", 200);
    alt = tu_member(tu_member(a, "chain"), "alternative");
    cr_assert_eq(tu_int(alt, "figure"), 0);
    cr_assert_not(json_object_get_boolean(tu_member(alt, "message")));
    json_object_put(a);
}

/* Past 50 (49 + 2 = 51) is not a dark space, and 0 points move nothing. */
Test(route_messages, chain_past_50_is_not_dark)
{
    json_object *a = tu_post("/v1/messages/4", ROADS("{\"red\": [49, 0]}") "}", 200);
    cr_assert_eq(tu_int(a, "points"), 0);   /* base.D's city has no coat of arms */
    json_object *card = tu_member(tu_member(a, "chain"), "card");
    cr_assert_not(json_object_get_boolean(tu_member(card, "message")));   /* nothing moved */
    json_object *alt = tu_member(tu_member(a, "chain"), "alternative");
    cr_assert_not(json_object_get_boolean(tu_member(alt, "message")));    /* 51, or 2 */
    json_object_put(a);
}

/* Message 7: no points, one extra tile; with "tile", where it may go. */
Test(route_messages, card_7_allows_one_extra_tile)
{
    json_object *a = tu_post("/v1/messages/7", ROADS("{}") "}", 200);
    cr_assert_eq(tu_int(a, "points"), 0);
    cr_assert_str_eq(json_object_get_string(tu_member(a, "allows")), "one extra tile");
    cr_assert(has_rule(a, "messages.card.7-extra-tile"));
    json_object_put(a);
    /* base.C (city on every edge) fits only north of base.D, in 4 rotations. */
    a = tu_post("/v1/messages/7", ROADS("{}") ", \"tile\": \"base.C\"}", 200);
    json_object *list = tu_member(a, "placements");
    cr_assert_eq(json_object_array_length(list), 4);
    for (size_t i = 0; i < 4; i++) {
        json_object *p = json_object_array_get_idx(list, i);
        cr_assert_eq(tu_int(p, "x"), 0);
        cr_assert_eq(tu_int(p, "y"), -1);
        cr_assert_eq(tu_int(p, "rot"), 90 * (int)i);
    }
    json_object_put(a);
    assert_problem(tu_post("/v1/messages/7", ROADS("{}") ", \"tile\": \"shrines.S\"}", 422),
                   "/tile");
}

/* ---- /v1/score and /v1/turn: the "message" member -------------------------- */

/* base.E turned 180 at (0,-1) closes base.D's city: red's knight scores 4. */
#define CLOSED_CITY(scores)                                                   \
    "{\"position\": {\"expansions\": [\"messages\"],"                        \
    " \"players\": [\"red\", \"blue\"],"                                      \
    " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0},"    \
    "  {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}],"           \
    " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"N\"}]," \
    " \"scores\": " scores "}"

/* The page: 1 + 4 = 5, a dark space, after the scoring phase. */
Test(route_messages, score_answers_the_message_of_the_scoring_phase)
{
    json_object *a = tu_post("/v1/score", CLOSED_CITY("{\"red\": [1, 0]}") ", \"x\": 0, \"y\": -1}",
                         200);
    json_object *m = tu_member(a, "message");
    cr_assert_eq(tu_int(m, "received"), 1);
    cr_assert_eq(tu_int(m, "total"), 5);
    json_object_put(a);
    a = tu_post("/v1/score", CLOSED_CITY("{\"red\": [1, 0]}")
        ", \"x\": 0, \"y\": -1, \"counting\": [{\"event\": 0, \"figure\": 1}]}", 200);
    cr_assert_eq(tu_int(tu_member(a, "message"), "received"), 0);
    json_object_put(a);
    assert_problem(tu_post("/v1/score", CLOSED_CITY("{}")
                       ", \"x\": 0, \"y\": -1, \"counting\": [{\"event\": 5, \"figure\": 1}]}", 422),
                   "/counting/0/event");
}

/* More rules: the final scoring gives no message, even on 5. */
Test(route_messages, score_final_gives_no_message)
{
    json_object *a = tu_post("/v1/score", CLOSED_CITY("{\"red\": [1, 0]}") ", \"final\": true}", 200);
    json_object *m = tu_member(a, "message");
    cr_assert(json_object_get_boolean(tu_member(m, "final")));
    cr_assert_eq(tu_int(m, "received"), 0);
    json_object_put(a);
}

/* /v1/turn: the same city closed by the move; the next position carries
 * both counting figures, the default having chosen the one that lands. */
Test(route_messages, turn_answers_the_message_and_both_figures)
{
    const char *body =
        "{\"position\": {\"expansions\": [\"messages\"], \"players\": [\"red\", \"blue\"],"
        " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}],"
        " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"N\"}],"
        " \"scores\": {\"red\": [2, 1]}},"
        " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}";
    json_object *a = tu_post("/v1/turn", body, 200);
    json_object *m = tu_member(a, "message");
    cr_assert_eq(tu_int(m, "received"), 1);
    json_object *scores = tu_member(tu_member(tu_member(a, "position"), "scores"), "red");
    cr_assert_eq(json_object_get_int(json_object_array_get_idx(scores, 0)), 2);
    cr_assert_eq(json_object_get_int(json_object_array_get_idx(scores, 1)), 5);
    json_object_put(a);
}
