/* test_messages_readings.c -- the readings of the Messages page the service
 * chose where the page leaves room, one test each, named after the reading
 * and its anchor in docs/clarifications.md ("Messages (1st edition): the
 * readings where the page leaves room"), asked through the routes a client
 * uses (/v1/score, /v1/turn, /v1/messages/{n}); and the check that every
 * reading is cited from GET /v1/rules by an anchor that exists.
 *
 * Every expected number is counted by hand from the board in the test's
 * comment. Requests are written with single quotes (ask() turns them into
 * double quotes) so the boards stay readable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(messages_readings);

/* POST a request written with ' for " (no ' inside strings). */
static json_object *ask(const char *path, const char *single_quoted, int status)
{
    char *body = strdup(single_quoted);
    cr_assert_not_null(body);
    for (char *c = body; *c; c++)
        if (*c == '\'')
            *c = '"';
    json_object *a = tu_post(path, body, status);
    free(body);
    return a;
}

static int at(json_object *array, size_t i)
{
    return json_object_get_int(json_object_array_get_idx(array, i));
}

static void assert_pair(json_object *pair, int a, int b)
{
    cr_assert(at(pair, 0) == a && at(pair, 1) == b, "expected [%d, %d], got %s", a, b,
              json_object_to_json_string(pair));
}

static json_object *round_at(json_object *message, size_t i)
{
    json_object *rounds = tu_member(message, "rounds");
    cr_assert_gt(json_object_array_length(rounds), i, "%s", json_object_to_json_string(message));
    return json_object_array_get_idx(rounds, i);
}

/* base.D with base.E turned 180 north of it: the 2-tile city is complete,
 * 4 points for the figure on base.D's city (N). */
#define CITY_TILES                                                            \
    "'tiles': [{'tile': 'base.D', 'x': 0, 'y': 0, 'rot': 0},"                 \
    " {'tile': 'base.E', 'x': 0, 'y': -1, 'rot': 180}]"
#define CITY(expansions, figure, scores)                                      \
    "{'position': {'expansions': [" expansions "], 'players': ['red', 'blue'], " \
    CITY_TILES ", 'figures': [{'player': 'red', 'kind': '" figure "', 'x': 0, 'y': 0, 'at': 'N'}]," \
    " 'scores': {'red': " scores "}}, 'x': 0, 'y': -1"

/* Reading 1 (#messages-1-moved-figure). From [10, 2], the city's 4 points
 * on figure 1 end on 6: figure 0 rests on 10, a dark space, but did not
 * move: no message. A mayor without coats of arms scores the city for 0:
 * red's figure on 5 does not move and receives nothing. */
Test(messages_readings, reading_1_a_figure_on_a_dark_space_counts_only_if_it_moved)
{
    json_object *a = ask("/v1/score", CITY("'messages'", "meeple", "[10, 2]")
                         ", 'counting': [{'event': 0, 'figure': 1}]}", 200);
    json_object *m = tu_member(a, "message");
    assert_pair(tu_member(m, "after"), 10, 6);
    cr_assert_eq(tu_int(m, "received"), 0);
    cr_assert_not(json_object_get_boolean(tu_member(round_at(m, 0), "message")));
    json_object_put(a);

    a = ask("/v1/score", CITY("'messages', 'abbey-mayor'", "mayor", "[5, 0]") "}", 200);
    m = tu_member(a, "message");
    cr_assert_eq(tu_int(m, "received"), 0);
    cr_assert_eq(json_object_array_length(tu_member(m, "rounds")), 0, "0 points: no round");
    assert_pair(tu_member(m, "after"), 5, 0);
    json_object_put(a);
}

/* Reading 2 (#messages-2-track-wraps-at-50). The city's 4 points: 46 -> 50
 * and 96 -> 100 land on space 0, dark; 47 -> 51 is space 1; from [0, 0]
 * figure 0 reaches 4 and figure 1 stays on the start space: nothing. */
Test(messages_readings, reading_2_the_track_wraps_at_50_and_the_starting_0_never_counts)
{
    static const struct { const char *body; int received, after0, space; } cases[] = {
        { CITY("'messages'", "meeple", "[46, 3]") "}", 1, 50, 0 },
        { CITY("'messages'", "meeple", "[96, 3]") "}", 1, 100, 0 },
        { CITY("'messages'", "meeple", "[47, 2]") "}", 0, 51, -1 },
        { CITY("'messages'", "meeple", "[0, 0]") "}", 0, 4, -1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_object *a = ask("/v1/score", cases[i].body, 200);
        json_object *m = tu_member(a, "message");
        cr_assert_eq(tu_int(m, "received"), cases[i].received, "case %zu", i);
        cr_assert_eq(at(tu_member(m, "after"), 0), cases[i].after0, "case %zu", i);
        if (cases[i].space >= 0)
            cr_assert_eq(tu_int(round_at(m, 0), "space"), cases[i].space, "case %zu", i);
        json_object_put(a);
    }
}

/* Reading 3 (#messages-3-shepherd-round). A shepherd deployed on the inner
 * field of abbey-mayor.CCcc+ draws 3 and is guided at once (2 -> 5); a ring
 * of four curves closed around red's flock of 2 + 2, grown by 3, is guided
 * at once (3 -> 10). Both automatic guides are the move-wood round. */
Test(messages_readings, reading_3_an_automatic_shepherd_scoring_is_round_2_move_wood)
{
    json_object *a = ask("/v1/score",
        "{'position': {'expansions': ['messages', 'abbey-mayor', 'hills-sheep'],"
        " 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.E', 'x': 0, 'y': 0, 'rot': 0},"
        "  {'tile': 'abbey-mayor.CCcc+', 'x': 0, 'y': -1, 'rot': 0}],"
        " 'figures': [{'player': 'red', 'kind': 'shepherd', 'x': 0, 'y': -1, 'at': '#2', 'flock': []}],"
        " 'scores': {'red': [2, 0]}}, 'x': 0, 'y': -1,"
        " 'deployed': {'player': 'red', 'kind': 'shepherd', 'x': 0, 'y': -1, 'at': '#2', 'token': 3}}",
        200);
    json_object *m = tu_member(a, "message");
    cr_assert_str_eq(tu_str(round_at(m, 0), "round"), "move-wood");
    cr_assert(json_object_get_boolean(tu_member(round_at(m, 0), "message")));
    cr_assert_eq(json_object_array_length(tu_member(m, "rounds")), 1);
    json_object_put(a);

    a = ask("/v1/score",
        "{'position': {'expansions': ['messages', 'hills-sheep'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.V', 'x': 0, 'y': 0, 'rot': 270},"
        "  {'tile': 'base.V', 'x': 1, 'y': 0, 'rot': 0}, {'tile': 'base.V', 'x': 0, 'y': 1, 'rot': 180},"
        "  {'tile': 'base.V', 'x': 1, 'y': 1, 'rot': 90}],"
        " 'figures': [{'player': 'red', 'kind': 'shepherd', 'x': 0, 'y': 0, 'at': 'ESE', 'flock': [2, 2]}],"
        " 'scores': {'red': [3, 0]}}, 'x': 1, 'y': 1, 'shepherd': {'action': 'grow', 'token': 3}}",
        200);
    m = tu_member(a, "message");
    cr_assert_eq(json_object_array_length(tu_member(m, "rounds")), 1);
    cr_assert_str_eq(tu_str(round_at(m, 0), "round"), "move-wood");
    cr_assert_eq(tu_int(round_at(m, 0), "points"), 7);
    assert_pair(tu_member(m, "after"), 10, 0);
    json_object_put(a);
}

/* Reading 4 (#messages-4-barn-round). base.E at (1, 0) closes red's city
 * (4) and red's barn on its south-west corner scores red's farmer (6: two
 * completed cities border the field). One scoring round: 1 + 4 = 5 and
 * 4 + 6 = 10 both dark, one message. */
Test(messages_readings, reading_4_barn_scorings_share_round_3_with_the_features)
{
    json_object *a = ask("/v1/score",
        "{'position': {'expansions': ['messages', 'abbey-mayor'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.E', 'x': 0, 'y': -1, 'rot': 180},"
        "  {'tile': 'base.E', 'x': 1, 'y': -1, 'rot': 180}, {'tile': 'base.E', 'x': 0, 'y': 0, 'rot': 0},"
        "  {'tile': 'base.B', 'x': 0, 'y': 1, 'rot': 0}, {'tile': 'base.E', 'x': 1, 'y': 1, 'rot': 180},"
        "  {'tile': 'base.E', 'x': 1, 'y': 0, 'rot': 0}],"
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 1, 'y': -1, 'at': 'S'},"
        "  {'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'ESE'},"
        "  {'player': 'red', 'kind': 'barn', 'x': 1, 'y': 0, 'at': 'SW'}],"
        " 'scores': {'red': [1, 4]}}, 'x': 1, 'y': 0,"
        " 'deployed': {'player': 'red', 'kind': 'barn', 'x': 1, 'y': 0, 'at': 'SW'}}",
        200);
    json_object *events = tu_member(a, "events");
    cr_assert_str_eq(tu_str(json_object_array_get_idx(events, 1), "kind"), "barn-placed");
    json_object *m = tu_member(a, "message");
    cr_assert_eq(json_object_array_length(tu_member(m, "rounds")), 1);
    json_object *r = round_at(m, 0);
    cr_assert_str_eq(tu_str(r, "round"), "scoring");
    cr_assert_eq(tu_int(r, "points"), 10);
    cr_assert_eq(json_object_array_length(tu_member(r, "counting")), 2);
    assert_pair(tu_member(r, "after"), 5, 10);
    cr_assert_eq(tu_int(m, "received"), 1, "both figures dark, one round: one message");
    json_object_put(a);
}

/* Reading 5 (#messages-5-cards-1-3). Message 2 on the complete city still
 * holding red's knight: 4 (2 tiles x 2), not the end-game 2. Message 1 with
 * red's thieves on two 1-tile roads: 1 point, the road at (0, 0) named.
 * Message 3 without a cloister: 0 points, the alternative 2 stays. */
Test(messages_readings, reading_5_messages_1_to_3_value_completed_features_ties_and_none)
{
    json_object *a = ask("/v1/messages/2",
        "{'position': {'expansions': ['messages'], 'players': ['red', 'blue'], " CITY_TILES ","
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'N'}]}}", 200);
    cr_assert_eq(tu_int(a, "points"), 4);
    json_object_put(a);

    a = ask("/v1/messages/1",
        "{'position': {'expansions': ['messages'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.U', 'x': 0, 'y': 0, 'rot': 0}, {'tile': 'base.U', 'x': 0, 'y': 1, 'rot': 0}],"
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 1, 'at': 'E'},"
        "  {'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'E'}]}}", 200);
    cr_assert_eq(tu_int(a, "points"), 1);
    cr_assert_eq(json_object_array_length(tu_member(a, "candidates")), 2);
    json_object *counted = tu_member(a, "counted");
    cr_assert_eq(json_object_array_length(counted), 1, "a tie names one road");
    json_object *road = tu_member(json_object_array_get_idx(counted, 0), "feature");
    cr_assert(tu_int(road, "x") == 0 && tu_int(road, "y") == 0, "%s", json_object_to_json_string(road));
    json_object_put(a);

    a = ask("/v1/messages/3",
        "{'position': {'expansions': ['messages'], 'players': ['red', 'blue'], " CITY_TILES ","
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'N'}]}}", 200);
    cr_assert_eq(tu_int(a, "points"), 0);
    cr_assert_eq(tu_int(a, "alternative"), 2);
    json_object_put(a);
}

/* The complete city with red's mayor (no coats of arms), red's wagon on
 * base.D's 1-tile road, red's shepherd in base.D's south field. */
#define FOLLOWERS_BOARD                                                       \
    "{'position': {'expansions': ['messages', 'abbey-mayor', 'hills-sheep'],"  \
    " 'players': ['red', 'blue'], " CITY_TILES ","                            \
    " 'figures': [{'player': 'red', 'kind': 'mayor', 'x': 0, 'y': 0, 'at': 'N'}," \
    "  {'player': 'red', 'kind': 'wagon', 'x': 0, 'y': 0, 'at': 'E'},"         \
    "  {'player': 'red', 'kind': 'shepherd', 'x': 0, 'y': 0, 'at': 'SSE', 'flock': [1]}]}"

/* Reading 6 (#messages-6-own-figures). The mayor of strength 0 is present:
 * message 2 scores its city (4); the wagon is present: message 1 scores its
 * road (1); the shepherd is no farmer: message 6 gives 0, and message 8
 * refuses it (422 at /figure). */
Test(messages_readings, reading_6_meeples_mayors_and_wagons_count_barns_and_shepherds_do_not)
{
    json_object *a = ask("/v1/messages/2", FOLLOWERS_BOARD "}", 200);
    cr_assert_eq(tu_int(a, "points"), 4);
    json_object_put(a);
    a = ask("/v1/messages/1", FOLLOWERS_BOARD "}", 200);
    cr_assert_eq(tu_int(a, "points"), 1);
    json_object_put(a);
    a = ask("/v1/messages/6", FOLLOWERS_BOARD "}", 200);
    cr_assert_eq(tu_int(a, "points"), 0);
    cr_assert_eq(json_object_array_length(tu_member(a, "counted")), 0);
    json_object_put(a);
    a = ask("/v1/messages/8", FOLLOWERS_BOARD ", 'figure': {'x': 0, 'y': 0, 'at': 'SSE'}}", 422);
    cr_assert_str_eq(tu_str(a, "pointer"), "/figure");
    json_object_put(a);
}

/* Reading 7 (#messages-7-abbey-extra-tile). Four cloister tiles round the
 * hole (1, 1), joined by city caps: red holds an abbey (the default), so
 * message 7's extra tile may be it, in the hole; the card scores 0. */
Test(messages_readings, reading_7_message_7_may_take_the_abbey_in_hand_as_the_extra_tile)
{
    json_object *a = ask("/v1/messages/7",
        "{'position': {'expansions': ['messages', 'abbey-mayor'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.B', 'x': 1, 'y': 0, 'rot': 0}, {'tile': 'base.B', 'x': 0, 'y': 1, 'rot': 0},"
        "  {'tile': 'base.B', 'x': 2, 'y': 1, 'rot': 0}, {'tile': 'base.B', 'x': 1, 'y': 2, 'rot': 0},"
        "  {'tile': 'base.E', 'x': 0, 'y': 0, 'rot': 0}, {'tile': 'base.E', 'x': 2, 'y': 0, 'rot': 0},"
        "  {'tile': 'base.E', 'x': 2, 'y': 2, 'rot': 180}], 'figures': []},"
        " 'tile': 'abbey-mayor.abbey'}", 200);
    cr_assert_eq(tu_int(a, "points"), 0);
    cr_assert_str_eq(tu_str(a, "tile"), "abbey-mayor.abbey");
    json_object *placements = tu_member(a, "placements");
    cr_assert_gt(json_object_array_length(placements), 0);
    for (size_t i = 0; i < json_object_array_length(placements); i++) {
        json_object *p = json_object_array_get_idx(placements, i);
        cr_assert(tu_int(p, "x") == 1 && tu_int(p, "y") == 1, "only the hole");
    }
    cr_assert(tu_cites(a, "messages.card.7-extra-tile"));
    json_object_put(a);
}

/* Reading 8 (#messages-8-cards-5-6). abbey-mayor.C++ (2 coats of arms)
 * holds red's mayor, strength 2: message 5 gives 2, not 4. base.E south of
 * it holds red's farmer: message 6 gives 2, not 3. */
Test(messages_readings, reading_8_messages_5_and_6_give_2_per_figure_whatever_its_strength)
{
    static const char *board =
        "{'position': {'expansions': ['messages', 'abbey-mayor'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'abbey-mayor.C++', 'x': 0, 'y': 0, 'rot': 0},"
        "  {'tile': 'base.E', 'x': 0, 'y': 1, 'rot': 0}, {'tile': 'base.E', 'x': 0, 'y': -1, 'rot': 180}],"
        " 'figures': [{'player': 'red', 'kind': 'mayor', 'x': 0, 'y': 0, 'at': 'N'},"
        "  {'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 1, 'at': 'SSE'}]}}";
    json_object *a = ask("/v1/messages/5", board, 200);
    cr_assert_eq(tu_int(a, "points"), 2);
    json_object_put(a);
    a = ask("/v1/messages/6", board, 200);
    cr_assert_eq(tu_int(a, "points"), 2);
    json_object_put(a);
}

/* Reading 9 (#messages-9-card-8). Red's and blue's thieves tie on the
 * 3-tile road: a shared majority, 3 points, the thief returns. Red's mayor
 * alone in a city without coats of arms: strength 0, no majority, 0 points,
 * and it still returns. Red's farmer beside red's barn in a field next to
 * one completed city: 3 as at the end, the barn's 4 not included. */
Test(messages_readings, reading_9_message_8_majority_as_scored_farmers_as_at_the_end_the_follower_returns)
{
    json_object *a = ask("/v1/messages/8",
        "{'position': {'expansions': ['messages'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.D', 'x': 0, 'y': 0, 'rot': 0}, {'tile': 'base.U', 'x': 1, 'y': 0, 'rot': 0},"
        "  {'tile': 'base.U', 'x': -1, 'y': 0, 'rot': 0}],"
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'E'},"
        "  {'player': 'blue', 'kind': 'meeple', 'x': 1, 'y': 0, 'at': 'E'}]},"
        " 'figure': {'x': 0, 'y': 0, 'at': 'E'}}", 200);
    cr_assert(json_object_get_boolean(tu_member(a, "majority")));
    cr_assert_eq(tu_int(a, "points"), 3);
    cr_assert_str_eq(tu_str(tu_member(a, "returned"), "kind"), "meeple");
    json_object_put(a);

    a = ask("/v1/messages/8",
        "{'position': {'expansions': ['messages', 'abbey-mayor'], 'players': ['red', 'blue'], " CITY_TILES ","
        " 'figures': [{'player': 'red', 'kind': 'mayor', 'x': 0, 'y': 0, 'at': 'N'}]},"
        " 'figure': {'x': 0, 'y': 0, 'at': 'N'}}", 200);
    cr_assert_not(json_object_get_boolean(tu_member(a, "majority")));
    cr_assert_eq(tu_int(a, "points"), 0);
    cr_assert_str_eq(tu_str(tu_member(a, "returned"), "kind"), "mayor");
    json_object_put(a);

    a = ask("/v1/messages/8",
        "{'position': {'expansions': ['messages', 'abbey-mayor'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.E', 'x': 0, 'y': -2, 'rot': 180}, {'tile': 'base.E', 'x': 0, 'y': -1, 'rot': 0},"
        "  {'tile': 'base.B', 'x': 0, 'y': 0, 'rot': 0}, {'tile': 'base.B', 'x': 1, 'y': 0, 'rot': 0},"
        "  {'tile': 'base.B', 'x': 0, 'y': 1, 'rot': 0}, {'tile': 'base.B', 'x': 1, 'y': 1, 'rot': 0}],"
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'NNE'},"
        "  {'player': 'red', 'kind': 'barn', 'x': 0, 'y': 0, 'at': 'SE'}]},"
        " 'figure': {'x': 0, 'y': 0, 'at': 'NNE'}}", 200);
    cr_assert_eq(tu_int(a, "points"), 3);
    json_object_put(a);
}

/* Reading 10 (#messages-10-default-counting). The city's 4 points: from
 * [2, 1] only figure 1 lands (5), so the default moves it; from [2, 2]
 * neither lands: figure 0. Blue's knight scoring on red's turn from [2, 1]
 * moves blue's figure 0 (6), though figure 1 would land on 5. In the final
 * scoring red's thief's 1 point from [0, 4] moves figure 0. */
Test(messages_readings, reading_10_the_default_counting_figure)
{
    json_object *a = ask("/v1/score", CITY("'messages'", "meeple", "[2, 1]") "}", 200);
    json_object *c = json_object_array_get_idx(tu_member(round_at(tu_member(a, "message"), 0), "counting"), 0);
    cr_assert_eq(tu_int(c, "figure"), 1);
    cr_assert_not(json_object_get_boolean(tu_member(c, "chosen")));
    json_object_put(a);

    a = ask("/v1/score", CITY("'messages'", "meeple", "[2, 2]") "}", 200);
    assert_pair(tu_member(tu_member(a, "message"), "after"), 6, 2);
    json_object_put(a);

    a = ask("/v1/turn",
        "{'position': {'expansions': ['messages'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.D', 'x': 0, 'y': 0, 'rot': 0}],"
        " 'figures': [{'player': 'blue', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'N'}],"
        " 'scores': {'blue': [2, 1]}}, 'tile': 'base.E', 'x': 0, 'y': -1, 'rot': 180}", 200);
    assert_pair(tu_member(tu_member(tu_member(a, "position"), "scores"), "blue"), 6, 1);
    json_object_put(a);

    a = ask("/v1/score",
        "{'position': {'expansions': ['messages'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.D', 'x': 0, 'y': 0, 'rot': 0}],"
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'E'}],"
        " 'scores': {'red': [0, 4]}}, 'final': true}", 200);
    assert_pair(tu_member(tu_member(a, "message"), "after"), 1, 4);
    json_object_put(a);
}

/* Reading 11 (#messages-11-final-position). Issue 18's position: base.L
 * closes red's road (2 + 3 = 5) and the game ends; red's thief on base.W's
 * south road scores 1 more. The position keeps both figures, [6, 7], the
 * summary's after; the final score is their sum, total 13. */
Test(messages_readings, reading_11_after_the_final_scoring_the_position_keeps_both_figures)
{
    json_object *a = ask("/v1/turn",
        "{'position': {'expansions': ['messages'], 'players': ['red', 'blue'],"
        " 'tiles': [{'tile': 'base.W', 'x': -1, 'y': 0, 'rot': 0}, {'tile': 'base.U', 'x': 0, 'y': 0, 'rot': 0}],"
        " 'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'E'},"
        "  {'player': 'red', 'kind': 'meeple', 'x': -1, 'y': 0, 'at': 'S'},"
        "  {'player': 'blue', 'kind': 'meeple', 'x': -1, 'y': 0, 'at': 'W'}],"
        " 'scores': {'red': [2, 7], 'blue': [20, 25]}},"
        " 'tile': 'base.L', 'x': 1, 'y': 0, 'rot': 0, 'pile_empty': true}", 200);
    cr_assert(json_object_get_boolean(tu_member(a, "game_over")));
    json_object *m = tu_member(a, "message");
    json_object *scores = tu_member(tu_member(a, "position"), "scores");
    assert_pair(tu_member(scores, "red"), 6, 7);
    cr_assert(json_object_equal(tu_member(scores, "red"), tu_member(m, "after")));
    cr_assert_eq(tu_int(m, "total"), 13);
    assert_pair(tu_member(scores, "blue"), 21, 25);
    json_object_put(a);
}

/* ---- the readings are addressable from GET /v1/rules ------------------------- */

#define CLARIFICATIONS "docs/clarifications.md"
#define NREADINGS 11

/* Every "docs/clarifications.md#anchor" a rule's source cites is an
 * <a id="anchor"> of that document, and each of the 11 Messages readings
 * is cited by at least one rule, so a chatbot following /v1/rules finds it. */
Test(messages_readings, every_reading_is_cited_from_the_rules_by_an_anchor_that_exists)
{
    char *doc = tu_read_file(CLARIFICATIONS, NULL);
    bool cited[NREADINGS + 1] = { false };
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++)
        for (const char *s = rules[i].source; (s = strstr(s, CLARIFICATIONS "#")) != NULL;) {
            s += strlen(CLARIFICATIONS "#");
            size_t len = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-");
            char tag[96];
            cr_assert(len > 0 && len < 64, "rule %s: empty or long anchor", rules[i].id);
            snprintf(tag, sizeof tag, "<a id=\"%.*s\"></a>", (int)len, s);
            cr_assert_not_null(strstr(doc, tag), "rule %s cites %.*s, which %s does not have",
                               rules[i].id, (int)len, s, CLARIFICATIONS);
            int k;
            if (sscanf(s, "messages-%d-", &k) == 1 && k >= 1 && k <= NREADINGS)
                cited[k] = true;
        }
    for (int k = 1; k <= NREADINGS; k++)
        cr_assert(cited[k], "Messages reading %d is cited by no rule", k);
    free(doc);
}
