/* test_setup.c -- the setup a position states (issue 30): one player, each
 * player's supply per figure kind (`supply`), the bag of tile sets in
 * copies (`sets`), and the Hills & Sheep elements switched off (options
 * `hills`, `vineyards`), through the dispatcher: decoded strictly (400
 * naming the member), judged by the engine on every route (422 naming the
 * member), and written back in every answer's position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(setup);

#define START "{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}"

/* POST {"position": {members, "tiles": [START tiles]}} to path. */
static json_object *ask(const char *path, const char *members, const char *tiles, int status)
{
    char body[4096];
    snprintf(body, sizeof body, "{\"position\": {%s, \"tiles\": [" START "%s]}}", members,
             tiles);
    return tu_post(path, body, status);
}

static void assert_pointer(json_object *p, const char *pointer)
{
    cr_assert_str_eq(tu_str(p, "pointer"), pointer, "%s", json_object_to_json_string(p));
    json_object_put(p);
}

/* The apps' solo and test games: one player (contract: "players", here 1 to
 * 6). Every route answers; a turn passes back to the same player. */
Test(setup, one_player_is_a_position)
{
    json_object_put(ask("/v1/validate", "\"players\": [\"solo\"], \"figures\": []", "", 200));
    char body[1024];
    snprintf(body, sizeof body,
             "{\"position\": {\"players\": [\"solo\"], \"tiles\": [" START "], \"figures\": []},"
             " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}");
    json_object *a = tu_post("/v1/turn", body, 200);
    cr_assert_str_eq(tu_str(tu_member(a, "position"), "active"), "solo");
    json_object_put(a);
    assert_pointer(ask("/v1/validate", "\"players\": [], \"figures\": []", "", 400),
                   "/position/players");
}

/* A house supply: more than the box's is allowed up to the table's most,
 * the figures on the board are counted against it, and every answer's
 * position states it (only where it is not the box's). */
Test(setup, supply_per_figure_kind_is_checked_against_the_board)
{
    const char *two_barns =
        "\"expansions\": [\"abbey-mayor\"], \"players\": [\"red\", \"blue\"], \"supply\": {\"barn\": 2, \"meeple\": 1},"
        " \"figures\": [{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"N\"},"
        " {\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"E\"}]";
    /* One meeple each: the second is more than the supply holds. */
    assert_pointer(ask("/v1/validate", two_barns, "", 422), "/position/figures/1");
    char body[2048];
    snprintf(body, sizeof body,
             "{\"position\": {\"expansions\": [\"abbey-mayor\"], \"players\": [\"red\", \"blue\"],"
             " \"supply\": {\"barn\": 2, \"meeple\": 1, \"wagon\": 1}, \"tiles\": [" START "], \"figures\": []},"
             " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}");
    json_object *a = tu_post("/v1/turn", body, 200);
    json_object *supply = tu_member(tu_member(a, "position"), "supply");
    cr_assert_str_eq(json_object_to_json_string_ext(supply, JSON_C_TO_STRING_PLAIN),
                     "{\"meeple\":1,\"barn\":2}", "the box's wagon is not repeated");
    json_object_put(a);
    /* No meeples at all: nothing a meeple could go on is offered. */
    snprintf(body, sizeof body,
             "{\"position\": {\"players\": [\"red\", \"blue\"], \"supply\": {\"meeple\": 0},"
             " \"tiles\": [" START ", {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}], \"figures\": []},"
             " \"x\": 0, \"y\": -1}");
    a = tu_post("/v1/deployments", body, 200);
    cr_assert_eq(json_object_array_length(tu_member(a, "options")), 0);
    json_object_put(a);
}

/* Every problem of the setup names its member: 400 for what cannot be
 * read (out of range, unknown, wrong type), 422 for a setup the game
 * cannot have (an expansion's supply or tiles without the expansion). */
/* Every route counts copies in the bag: with one base game the only
 * base.C is on the board, so nobody can hold another; with two, one is
 * left (/v1/placements, and so /v1/messages' own check). */
Test(setup, a_tile_in_hand_is_counted_against_the_bag)
{
    const char *body =
        "{\"position\": {\"players\": [\"a\", \"b\"],%s \"tiles\": [" START ","
        " {\"tile\": \"base.C\", \"x\": 0, \"y\": -1, \"rot\": 0}], \"figures\": []}, \"tile\": \"base.C\"}";
    char text[1024];
    snprintf(text, sizeof text, body, "");
    assert_pointer(tu_post("/v1/placements", text, 422), "/tile");
    snprintf(text, sizeof text, body, " \"sets\": {\"base\": 2},");
    json_object_put(tu_post("/v1/placements", text, 200));
}

Test(setup, setup_problems_name_the_member)
{
    static const struct {
        const char *members;
        int status;
        const char *pointer;
    } cases[] = {
        { "\"supply\": {\"meeple\": 13}", 400, "/position/supply/meeple" },
        { "\"supply\": {\"meeple\": -1}", 400, "/position/supply/meeple" },
        { "\"supply\": {\"dragon\": 1}", 400, "/position/supply/dragon" },
        { "\"supply\": {\"meeple\": \"7\"}", 400, "/position/supply/meeple" },
        { "\"supply\": []", 400, "/position/supply" },
        { "\"supply\": {\"barn\": 1}", 422, "/position/supply/barn" },
        { "\"sets\": {\"base\": 3}", 400, "/position/sets/base" },
        { "\"sets\": {\"river\": 1}", 400, "/position/sets/river" },
        { "\"sets\": {\"base\": 1.5}", 400, "/position/sets/base" },
        { "\"sets\": {\"base\": 1, \"shrines\": 1}", 422, "/position/sets/shrines" },
        { "\"options\": {\"vineyards\": \"no\"}", 400, "/position/options/vineyards" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char members[256];
        snprintf(members, sizeof members, "\"players\": [\"a\"], %s, \"figures\": []", cases[i].members);
        assert_pointer(ask("/v1/validate", members, "", cases[i].status), cases[i].pointer);
    }
}

/* The bag: two copies of the base game (a 5-6 player table) hold 8 base.B;
 * one copy holds 4, so a fifth is more than the game has. */
Test(setup, sets_in_copies_are_the_bag_the_tile_counts_are_checked_against)
{
    char tiles[1024] = "";
    for (int i = 1; i <= 5; i++) {
        char one[96];
        snprintf(one, sizeof one, ", {\"tile\": \"base.B\", \"x\": %d, \"y\": 1, \"rot\": 0}", i - 3);
        strcat(tiles, one);
    }
    assert_pointer(ask("/v1/validate", "\"players\": [\"a\", \"b\"], \"figures\": []", tiles, 422),
                   "/position/tiles/5/tile");
    json_object *a = ask("/v1/validate", "\"players\": [\"a\", \"b\"], \"sets\": {\"base\": 2}, \"figures\": []",
                         tiles, 200);
    json_object_put(a);
    /* Abbey & Mayor's figures without its tiles (the apps' "wagon" element
     * alone): its tiles are not in the bag. */
    assert_pointer(ask("/v1/validate",
                       "\"expansions\": [\"abbey-mayor\"], \"players\": [\"a\", \"b\"], \"sets\": {\"base\": 1}, \"figures\": []",
                       ", {\"tile\": \"abbey-mayor.RC\", \"x\": 1, \"y\": 0, \"rot\": 0}", 422),
                   "/position/tiles/1/tile");
    /* Every answer states a bag that is not the plain one. */
    char body[1024];
    snprintf(body, sizeof body,
             "{\"position\": {\"expansions\": [\"abbey-mayor\"], \"players\": [\"a\", \"b\"],"
             " \"sets\": {\"base\": 2, \"abbey-mayor\": 3}, \"tiles\": [" START "], \"figures\": []},"
             " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}");
    a = tu_post("/v1/turn", body, 200);
    cr_assert_str_eq(json_object_to_json_string_ext(tu_member(tu_member(a, "position"), "sets"),
                                                    JSON_C_TO_STRING_PLAIN),
                     "{\"base\":2,\"abbey-mayor\":3}");
    json_object_put(a);
}

/* Options hills and vineyards (the apps' elements "hill" and "vineyard"):
 * "on" or "off", written back only when off. */
Test(setup, hills_and_vineyards_are_options)
{
    char body[1024];
    snprintf(body, sizeof body,
             "{\"position\": {\"expansions\": [\"hills-sheep\"], \"options\": {\"hills\": \"off\", \"vineyards\": \"on\"},"
             " \"players\": [\"a\", \"b\"], \"tiles\": [" START "], \"figures\": []},"
             " \"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}");
    json_object *a = tu_post("/v1/turn", body, 200);
    cr_assert_str_eq(json_object_to_json_string_ext(tu_member(tu_member(a, "position"), "options"),
                                                    JSON_C_TO_STRING_PLAIN),
                     "{\"hills\":\"off\"}");
    json_object_put(a);
}
