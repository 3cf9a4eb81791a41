/* test_route_messages.c -- POST /v1/messages/{n} through svc_dispatch():
 * card numbers, the requirements on the request (Messages in play, card 8's
 * follower), the JSON answer, and the "chain" arithmetic around 50.
 *
 * Rule page: Messages (1st edition). The engine's values
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

/* ---- a move that ends the game: the summary runs through the final scoring ---- */

static void assert_pair(json_object *pair, int a, int b)
{
    cr_assert_eq(json_object_array_length(pair), 2);
    cr_assert_eq(json_object_get_int(json_object_array_get_idx(pair, 0)), a, "%s",
                 json_object_to_json_string(pair));
    cr_assert_eq(json_object_get_int(json_object_array_get_idx(pair, 1)), b, "%s",
                 json_object_to_json_string(pair));
}

/* The last round of a summary, which must be the final scoring's. */
static json_object *final_round(json_object *message)
{
    json_object *rounds = tu_member(message, "rounds");
    size_t n = json_object_array_length(rounds);
    cr_assert_gt(n, 0);
    json_object *last = json_object_array_get_idx(rounds, n - 1);
    cr_assert_str_eq(tu_str(last, "round"), "final");
    cr_assert_not(json_object_get_boolean(tu_member(last, "message")),
                  "More rules: no message in the final scoring");
    return last;
}

/* The page: "The point values of both counting figures are added together
 * at the end of the game ... In the final scoring, no further Messages are
 * received." A turn that ends the game answers one summary, through the
 * final scoring: it agrees with its own position and with /v1/score "final"
 * on the board the turn left (`board_after`). */
static void assert_game_end_summary(json_object *turn, const char *player, const char *board_after,
                                    int after0, int after1)
{
    cr_assert(json_object_get_boolean(tu_member(turn, "game_over")));
    json_object *m = tu_member(turn, "message");
    cr_assert(json_object_get_boolean(tu_member(m, "final")), "%s", json_object_to_json_string(m));
    assert_pair(tu_member(m, "after"), after0, after1);
    cr_assert_eq(tu_int(m, "total"), after0 + after1);
    cr_assert(has_rule(m, "messages.final"));
    assert_pair(tu_member(tu_member(tu_member(turn, "position"), "scores"), player), after0, after1);
    json_object *last = final_round(m);

    json_object *score = tu_post("/v1/score", board_after, 200);
    json_object *sm = tu_member(score, "message");
    cr_assert(json_object_get_boolean(tu_member(sm, "final")));
    cr_assert(json_object_equal(tu_member(sm, "after"), tu_member(m, "after")), "%s vs %s",
              json_object_to_json_string(tu_member(sm, "after")),
              json_object_to_json_string(tu_member(m, "after")));
    cr_assert_eq(tu_int(sm, "total"), tu_int(m, "total"));
    json_object *slast = final_round(sm);
    cr_assert_eq(tu_int(slast, "points"), tu_int(last, "points"));
    cr_assert(json_object_equal(tu_member(slast, "before"), tu_member(last, "before")));
    json_object_put(score);
}

/* Issue 18's position: base.L closes red's 3-tile road (2 + 3 = 5, a
 * message) and, no tile being left, the game ends: red's thief on base.W's
 * south road scores 1 more, on figure 0. Before the fix the summary
 * stopped at [5, 7], total 12, "final": false, while the position said
 * [6, 7]. */
#define ISSUE_18_BOARD(tiles, figures, scores)                                 \
    "{\"position\": {\"expansions\": [\"messages\"], \"players\": [\"red\", \"blue\"]," \
    " \"tiles\": [{\"tile\": \"base.W\", \"x\": -1, \"y\": 0, \"rot\": 0},"   \
    "  {\"tile\": \"base.U\", \"x\": 0, \"y\": 0, \"rot\": 0}" tiles "],"       \
    " \"figures\": [" figures "{\"player\": \"red\", \"kind\": \"meeple\", \"x\": -1, \"y\": 0, \"at\": \"S\"}," \
    "  {\"player\": \"blue\", \"kind\": \"meeple\", \"x\": -1, \"y\": 0, \"at\": \"W\"}]," \
    " \"scores\": " scores "}"

Test(route_messages, game_ending_tile_summary_includes_the_final_scoring)
{
    json_object *a = tu_post("/v1/turn", ISSUE_18_BOARD("",
        "{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"E\"},",
        "{\"red\": [2, 7], \"blue\": [20, 25]}")
        ", \"tile\": \"base.L\", \"x\": 1, \"y\": 0, \"rot\": 0, \"pile_empty\": true,"
        " \"counting\": [{\"event\": 0, \"figure\": 0}]}", 200);
    json_object *m = tu_member(a, "message");
    cr_assert_eq(tu_int(m, "received"), 1, "the scoring phase's message still counts");
    assert_pair(tu_member(m, "before"), 2, 7);
    json_object *rounds = tu_member(m, "rounds");
    cr_assert_eq(json_object_array_length(rounds), 2);
    assert_pair(tu_member(json_object_array_get_idx(rounds, 0), "after"), 5, 7);
    /* The final round's event is the answer's events[1], red's end-game road. */
    json_object *last = final_round(m);
    json_object *c = json_object_array_get_idx(tu_member(last, "counting"), 0);
    cr_assert_eq(tu_int(c, "event"), 1);
    cr_assert_str_eq(tu_str(json_object_array_get_idx(tu_member(a, "events"), 1), "kind"), "final");
    cr_assert_eq(tu_int(c, "figure"), 0);
    assert_game_end_summary(a, "red", ISSUE_18_BOARD(
        ", {\"tile\": \"base.L\", \"x\": 1, \"y\": 0, \"rot\": 0}", "",
        "{\"red\": [5, 7], \"blue\": [20, 25]}") ", \"final\": true}", 6, 7);
    assert_pair(tu_member(tu_member(tu_member(a, "position"), "scores"), "blue"), 21, 25);
    json_object_put(a);
}

/* A hole at (1, 1) for an abbey; its north neighbour base.U (turned to run
 * north-south) continues base.A's road from (1, -1), so the abbey closes a
 * 2-tile road. `owner`'s abbey already stands in a second hole at (3, 1). */
#define HOLE_BOARD(active, owner, abbeys, figures, scores, more_tiles)          \
    "{\"position\": {\"expansions\": [\"messages\", \"abbey-mayor\"],"        \
    " \"players\": [\"red\", \"blue\"], \"active\": \"" active "\","          \
    " \"tiles\": [{\"tile\": \"base.E\", \"x\": 0, \"y\": 0, \"rot\": 0},"    \
    "  {\"tile\": \"base.U\", \"x\": 1, \"y\": 0, \"rot\": 90},"              \
    "  {\"tile\": \"base.A\", \"x\": 1, \"y\": -1, \"rot\": 0},"              \
    "  {\"tile\": \"base.E\", \"x\": 2, \"y\": 0, \"rot\": 0},"               \
    "  {\"tile\": \"base.B\", \"x\": 0, \"y\": 1, \"rot\": 0},"               \
    "  {\"tile\": \"base.B\", \"x\": 2, \"y\": 1, \"rot\": 0},"               \
    "  {\"tile\": \"base.B\", \"x\": 1, \"y\": 2, \"rot\": 0},"               \
    "  {\"tile\": \"base.E\", \"x\": 2, \"y\": 2, \"rot\": 180},"             \
    "  {\"tile\": \"base.U\", \"x\": 3, \"y\": 0, \"rot\": 90},"              \
    "  {\"tile\": \"base.E\", \"x\": 4, \"y\": 0, \"rot\": 0},"               \
    "  {\"tile\": \"base.U\", \"x\": 4, \"y\": 1, \"rot\": 0},"               \
    "  {\"tile\": \"base.U\", \"x\": 3, \"y\": 2, \"rot\": 90},"              \
    "  {\"tile\": \"abbey-mayor.abbey\", \"x\": 3, \"y\": 1, \"rot\": 0, \"player\": \"" owner "\"}" \
    more_tiles "],"                                                           \
    " \"figures\": [" figures "], \"abbeys\": " abbeys ", \"scores\": " scores "}"

#define PLAY_ABBEY(counting)                                                  \
    ", \"tile\": \"abbey-mayor.abbey\", \"x\": 1, \"y\": 1,"                  \
    " \"deploy\": {\"kind\": \"meeple\", \"at\": \"C\"}, \"pile_empty\": true" counting "}"

/* A&M (the end-game abbey round): blue places the last abbey, closing its
 * thief's road (3 + 2 = 5, a message), and the game ends: the monk on the
 * abbey scores 1 + 7 neighbours = 8 on figure 0. */
Test(route_messages, last_abbey_of_the_end_game_round_summary_includes_the_final_scoring)
{
    json_object *a = tu_post("/v1/turn", HOLE_BOARD("blue", "red", "{\"red\": 0, \"blue\": 1}",
        "{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 1, \"y\": 0, \"at\": \"N\"}",
        "{\"red\": [10, 11], \"blue\": [3, 4]}", "") PLAY_ABBEY(""), 200);
    json_object *m = tu_member(a, "message");
    cr_assert_str_eq(tu_str(m, "player"), "blue");
    cr_assert_eq(tu_int(m, "received"), 1);
    cr_assert_eq(tu_int(final_round(m), "points"), 8);
    assert_game_end_summary(a, "blue", HOLE_BOARD("blue", "red", "{\"red\": 0, \"blue\": 0}",
        "{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 1, \"y\": 1, \"at\": \"C\"}",
        "{\"red\": [10, 11], \"blue\": [5, 4]}",
        ", {\"tile\": \"abbey-mayor.abbey\", \"x\": 1, \"y\": 1, \"rot\": 0, \"player\": \"blue\"}")
        ", \"final\": true}", 13, 4);
    assert_pair(tu_member(tu_member(tu_member(a, "position"), "scores"), "red"), 10, 11);
    json_object_put(a);
}

/* Message 7 on the last turn: no land tile is left, so red plays the abbey
 * in hand as the extra tile, and nobody else can place one: the game ends.
 * Red's choice of figure 1 for the road (3 + 2 = 5) is kept; the end-game
 * 8 go to figure 0. */
Test(route_messages, message_7_extra_tile_ending_the_game_summary_includes_the_final_scoring)
{
    json_object *a = tu_post("/v1/turn", HOLE_BOARD("red", "blue", "{\"red\": 1, \"blue\": 0}",
        "{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 1, \"y\": 0, \"at\": \"N\"}",
        "{\"red\": [10, 3], \"blue\": [2, 0]}", "")
        PLAY_ABBEY(", \"counting\": [{\"event\": 0, \"figure\": 1}]"), 200);
    json_object *m = tu_member(a, "message");
    cr_assert_eq(tu_int(m, "received"), 1);
    json_object *first = json_object_array_get_idx(tu_member(m, "rounds"), 0);
    cr_assert_eq(tu_int(first, "figure"), 1);
    assert_game_end_summary(a, "red", HOLE_BOARD("red", "blue", "{\"red\": 0, \"blue\": 0}",
        "{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 1, \"y\": 1, \"at\": \"C\"}",
        "{\"red\": [10, 5], \"blue\": [2, 0]}",
        ", {\"tile\": \"abbey-mayor.abbey\", \"x\": 1, \"y\": 1, \"rot\": 0, \"player\": \"red\"}")
        ", \"final\": true}", 18, 5);
    json_object_put(a);
}

/* A game-ending turn whose final scoring finds nothing to score is still
 * the end of the game: "final" is true, the total is the sum of both
 * figures; so is /v1/score "final" on a board without figures (it used to
 * answer "final": false when no event was scored). */
Test(route_messages, game_end_with_nothing_left_to_score_is_still_final)
{
    const char *board =
        "{\"position\": {\"expansions\": [\"messages\"], \"players\": [\"red\", \"blue\"],"
        " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}],"
        " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"N\"}],"
        " \"scores\": {\"red\": [2, 1]}},"
        " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180, \"pile_empty\": true}";
    json_object *a = tu_post("/v1/turn", board, 200);
    cr_assert(json_object_get_boolean(tu_member(a, "game_over")));
    json_object *m = tu_member(a, "message");
    cr_assert(json_object_get_boolean(tu_member(m, "final")));
    cr_assert_eq(tu_int(m, "received"), 1);
    cr_assert_eq(json_object_array_length(tu_member(m, "rounds")), 1, "no end-game points");
    assert_pair(tu_member(m, "after"), 2, 5);
    cr_assert_eq(tu_int(m, "total"), 7);
    cr_assert(has_rule(m, "messages.final"));
    assert_pair(tu_member(tu_member(tu_member(a, "position"), "scores"), "red"), 2, 5);
    json_object_put(a);

    a = tu_post("/v1/score",
                "{\"position\": {\"expansions\": [\"messages\"], \"players\": [\"red\", \"blue\"],"
                " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}],"
                " \"figures\": [], \"scores\": {\"red\": [3, 4]}}, \"final\": true}", 200);
    m = tu_member(a, "message");
    cr_assert(json_object_get_boolean(tu_member(m, "final")));
    cr_assert_eq(tu_int(m, "total"), 7);
    cr_assert(has_rule(m, "messages.final"));
    cr_assert_not(has_rule(m, "messages.dark-space"));
    json_object_put(a);
}
