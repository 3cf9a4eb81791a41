/* test_route_random_game.c -- POST /v1/games/random: every turn it reports
 * is one /v1/turn answers the same way.
 *
 * Sources: the route's header (service/routes/route_random_game.c: the
 * answer's members), engine/random_game.h (the game), and the contract's
 * /v1/turn (section 5): each generated turn's move, sent to /v1/turn with
 * the turn's position, must be legal and answer the turn's events, totals
 * and game_over, and the next turn's position. The final scoring of a game
 * cut short must be /v1/score's with "final": true. Hostile requests get
 * a 400 with the pointer of the member at fault (contract section 4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../service/service.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_random_game);

static json_object *member(json_object *o, const char *name)
{
    return tu_member(o, name);
}

static void assert_same(json_object *got, json_object *want, const char *what, int turn)
{
    if (json_object_equal(got, want))
        return;
    cr_assert_fail("turn %d: %s differ:\n /v1/turn: %.900s\n game:     %.900s", turn, what,
                   json_object_to_json_string_ext(got, JSON_C_TO_STRING_PLAIN),
                   json_object_to_json_string_ext(want, JSON_C_TO_STRING_PLAIN));
}

/* Replay every turn of a game through /v1/turn; returns the turns played. */
static int replay(json_object *game)
{
    json_object *turns = member(game, "turns");
    size_t n = json_object_array_length(turns);
    for (size_t i = 0; i < n; i++) {
        json_object *t = json_object_array_get_idx(turns, i);
        int number = tu_int(t, "turn");
        cr_assert_eq(number, (int)i + 1);
        json_object *next = i + 1 < n ? member(json_object_array_get_idx(turns, i + 1), "position")
                                      : member(game, "position");
        json_object *position = member(t, "position");
        if (json_object_get_boolean(member(t, "pass"))) {
            /* No move: the same position, maybe another player to move. */
            json_object *a = NULL, *b = NULL;
            cr_assert_eq(json_object_deep_copy(position, &a, NULL), 0);
            cr_assert_eq(json_object_deep_copy(next, &b, NULL), 0);
            json_object_object_del(a, "active");
            json_object_object_del(b, "active");
            assert_same(a, b, "positions around a pass", number);
            json_object_put(a);
            json_object_put(b);
            cr_assert_gt(json_object_array_length(member(t, "discarded")), 0);
            continue;
        }
        json_object *body = json_object_new_object();
        json_object_object_add(body, "position", json_object_get(position));
        json_object_object_foreach(member(t, "move"), key, val)
            json_object_object_add(body, key, json_object_get(val));
        json_object *answer = tu_post("/v1/turn",
                                      json_object_to_json_string_ext(body, JSON_C_TO_STRING_PLAIN),
                                      200);
        cr_assert(json_object_get_boolean(member(answer, "legal")), "turn %d: illegal: %s", number,
                  json_object_to_json_string(answer));
        assert_same(member(answer, "events"), member(t, "events"), "events", number);
        assert_same(member(answer, "totals"), member(t, "totals"), "totals", number);
        assert_same(member(answer, "game_over"), member(t, "game_over"), "game_over", number);
        assert_same(member(answer, "position"), next, "next positions", number);
        /* The tile and its placements are what /v1/placements answers. */
        cr_assert_str_eq(tu_str(t, "tile"), tu_str(member(t, "move"), "tile"));
        json_object_put(answer);
        json_object_put(body);
    }
    return (int)n;
}

static json_object *game_of(const char *body)
{
    return tu_post("/v1/games/random", body, 200);
}

Test(route_random_game, every_turn_replays_through_v1_turn_to_the_next_position)
{
    /* Every expansion alone and all together, 2 to 6 players. */
    static const char *const expansions[] = {
        "[]", "[\"abbey-mayor\"]", "[\"hills-sheep\"]", "[\"shrines\"]", "[\"messages\"]",
        "[\"abbey-mayor\", \"hills-sheep\", \"messages\", \"shrines\"]",
    };
    int games = 0, turns = 0;
    for (size_t e = 0; e < sizeof expansions / sizeof expansions[0]; e++)
        for (int players = 2; players <= 6; players += 2) {
            char body[256];
            snprintf(body, sizeof body, "{\"seed\": %d, \"players\": %d, \"expansions\": %s}",
                     (int)(100 + e * 7 + (size_t)players), players, expansions[e]);
            json_object *game = game_of(body);
            cr_assert(json_object_get_boolean(member(game, "game_over")), "%s did not end", body);
            turns += replay(game);
            games++;
            json_object_put(game);
        }
    cr_assert_eq(games, 18);
    cr_assert_gt(turns, 18 * 60, "whole games: %d turns in all", turns);
}

/* Traders & Builders (issue 29): /v1/games/random plays its games with
 * double turns (traders.builder.double-turn: the next position has
 * builder_turn true and the same player active), alone and with The River
 * II, Messages and Abbey & Mayor, and every turn, the second tiles too,
 * replays through /v1/turn to the same events and next position. */
Test(route_random_game, traders_games_play_double_turns_that_replay_through_v1_turn)
{
    static const char *const expansions[] = {
        "[\"traders-builders\"]",
        "[\"traders-builders\", \"river-ii\"]",
        "[\"traders-builders\", \"messages\", \"abbey-mayor\"]",
    };
    int doubles = 0, builders = 0, pigs = 0;
    for (size_t e = 0; e < sizeof expansions / sizeof expansions[0]; e++)
        for (int seed = 300; seed < 304; seed++) {
            char body[256];
            snprintf(body, sizeof body, "{\"seed\": %d, \"players\": %d, \"expansions\": %s}",
                     seed, 2 + seed % 3, expansions[e]);
            json_object *game = game_of(body);
            cr_assert(json_object_get_boolean(member(game, "game_over")), "%s did not end", body);
            replay(game);
            json_object *turns = member(game, "turns");
            size_t n = json_object_array_length(turns);
            for (size_t i = 0; i + 1 < n; i++) {
                json_object *t = json_object_array_get_idx(turns, i);
                json_object *next = member(json_object_array_get_idx(turns, i + 1), "position");
                json_object *bt = NULL;
                if (json_object_object_get_ex(next, "builder_turn", &bt) && json_object_get_boolean(bt)) {
                    doubles++;
                    cr_assert_str_eq(tu_str(next, "active"), tu_str(member(t, "position"), "active"),
                                     "%s, turn %zu: the double turn is the same player's", body, i + 1);
                    json_object *was = NULL;
                    cr_assert(!json_object_object_get_ex(member(t, "position"), "builder_turn", &was) ||
                                  !json_object_get_boolean(was),
                              "%s, turn %zu: a third tile", body, i + 1);
                }
                json_object *deploy = NULL, *kind = NULL;
                if (json_object_object_get_ex(member(t, "move"), "deploy", &deploy) &&
                    json_object_object_get_ex(deploy, "kind", &kind)) {
                    builders += strcmp(json_object_get_string(kind), "builder") == 0;
                    pigs += strcmp(json_object_get_string(kind), "pig") == 0;
                }
            }
            json_object_put(game);
        }
    cr_assert_gt(doubles, 0, "no double turn in 12 games");
    cr_assert_gt(builders, 0, "no builder deployed in 12 games");
    cr_assert_gt(pigs, 0, "no pig deployed in 12 games");
}

Test(route_random_game, the_same_request_gives_the_same_bytes_and_another_seed_another_game)
{
    svc_context ctx = { .cat = tu_catalog() };
    const char *a = "{\"seed\": 8, \"players\": [\"ann\", \"bob\", \"cy\"], \"expansions\": [\"hills-sheep\"]}";
    const char *b = "{\"seed\": 9, \"players\": [\"ann\", \"bob\", \"cy\"], \"expansions\": [\"hills-sheep\"]}";
    svc_response r1, r2, r3;
    svc_dispatch(&ctx, "POST", "/v1/games/random", a, strlen(a), &r1);
    svc_dispatch(&ctx, "POST", "/v1/games/random", a, strlen(a), &r2);
    svc_dispatch(&ctx, "POST", "/v1/games/random", b, strlen(b), &r3);
    cr_assert_eq(r1.status, 200);
    cr_assert_eq(r1.len, r2.len);
    cr_assert_eq(memcmp(r1.body, r2.body, r1.len), 0);
    cr_assert(r1.len != r3.len || memcmp(r1.body, r3.body, r1.len) != 0);
    cr_assert(strstr(r1.body, "\"player\":\"cy\"") != NULL, "the names given are used");
    svc_response_free(&r1);
    svc_response_free(&r2);
    svc_response_free(&r3);
}

Test(route_random_game, a_capped_game_stops_and_its_final_scoring_is_v1_score_final)
{
    json_object *game = game_of("{\"seed\": 12, \"players\": 3, \"expansions\": [\"abbey-mayor\"], "
                                "\"turns\": 30, \"options\": {\"wagon_rules\": \"c1\"}}");
    cr_assert_eq(json_object_array_length(member(game, "turns")), 30);
    cr_assert(!json_object_get_boolean(member(game, "game_over")));
    replay(game);
    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", json_object_get(member(game, "position")));
    json_object_object_add(body, "final", json_object_new_boolean(true));
    json_object *score = tu_post("/v1/score", json_object_to_json_string(body), 200);
    json_object *final = member(game, "final");
    assert_same(member(final, "events"), member(score, "events"), "final events", 30);
    assert_same(member(final, "totals"), member(score, "totals"), "final totals", 30);
    /* scores = the position's scores plus the final totals. */
    json_object *scores = member(member(game, "position"), "scores");
    json_object_object_foreach(member(final, "scores"), name, total) {
        int before = json_object_get_int(member(scores, name));
        int add = json_object_get_int(member(member(final, "totals"), name));
        cr_assert_eq(json_object_get_int(total), before + add, "%s", name);
    }
    cr_assert_str_eq(json_object_get_string(member(member(member(game, "position"), "options"),
                                                   "wagon_rules")), "c1");
    json_object_put(score);
    json_object_put(body);
    json_object_put(game);
}

Test(route_random_game, a_whole_game_ends_with_the_last_moves_final_scoring)
{
    json_object *game = game_of("{\"seed\": 3, \"players\": 2}");
    json_object *turns = member(game, "turns");
    json_object *last = json_object_array_get_idx(turns, json_object_array_length(turns) - 1);
    cr_assert(json_object_get_boolean(member(game, "game_over")));
    json_object *final = member(game, "final");
    /* Already counted: the scores are the last position's. */
    json_object *scores = member(member(game, "position"), "scores");
    json_object_object_foreach(member(final, "scores"), name, total)
        cr_assert_eq(json_object_get_int(total), json_object_get_int(member(scores, name)), "%s", name);
    if (!json_object_get_boolean(member(last, "pass"))) {
        /* The final events close the last turn's events. */
        json_object *events = member(last, "events"), *fe = member(final, "events");
        size_t ne = json_object_array_length(events), nf = json_object_array_length(fe);
        cr_assert_geq(ne, nf);
        for (size_t i = 0; i < nf; i++)
            cr_assert(json_object_equal(json_object_array_get_idx(events, ne - nf + i),
                                        json_object_array_get_idx(fe, i)), "final event %zu", i);
    }
    json_object_put(game);
}

Test(route_random_game, hostile_requests_get_a_400_at_the_member_at_fault)
{
    static const struct { const char *body, *pointer; } cases[] = {
        { "{}", "/seed" },
        { "{\"players\": 2}", "/seed" },
        { "{\"seed\": -1, \"players\": 2}", "/seed" },
        { "{\"seed\": 9007199254740992, \"players\": 2}", "/seed" },
        { "{\"seed\": 1.5, \"players\": 2}", "/seed" },
        { "{\"seed\": \"1\", \"players\": 2}", "/seed" },
        { "{\"seed\": null, \"players\": 2}", "/seed" },
        { "{\"seed\": 1}", "/players" },
        { "{\"seed\": 1, \"players\": 0}", "/players" },
        { "{\"seed\": 1, \"players\": 7}", "/players" },
        { "{\"seed\": 1, \"players\": -3}", "/players" },
        { "{\"seed\": 1, \"players\": \"two\"}", "/players" },
        { "{\"seed\": 1, \"players\": []}", "/players" },
        { "{\"seed\": 1, \"players\": [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\"]}", "/players" },
        { "{\"seed\": 1, \"players\": [\"a\", 2]}", "/players/1" },
        { "{\"seed\": 1, \"players\": [\"\", \"b\"]}", "/players/0" },
        { "{\"seed\": 1, \"players\": 2, \"expansions\": [\"nope\"]}", "/expansions/0" },
        { "{\"seed\": 1, \"players\": 2, \"expansions\": \"abbey-mayor\"}", "/expansions" },
        { "{\"seed\": 1, \"players\": 2, \"expansions\": [\"shrines\", \"shrines\"]}", "/expansions/1" },
        { "{\"seed\": 1, \"players\": 2, \"options\": {\"wagon_rules\": \"c3\"}}", "/options/wagon_rules" },
        { "{\"seed\": 1, \"players\": 2, \"options\": []}", "/options" },
        { "{\"seed\": 1, \"players\": 2, \"turns\": 0}", "/turns" },
        { "{\"seed\": 1, \"players\": 2, \"turns\": 129}", "/turns" },
        { "{\"seed\": 1, \"players\": 2, \"turns\": \"5\"}", "/turns" },
        { "{\"seed\": 1, \"players\": 2, \"position\": {}}", "/position" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_object *p = tu_post("/v1/games/random", cases[i].body, 400);
        cr_assert_str_eq(tu_str(p, "pointer"), cases[i].pointer, "%s: %s", cases[i].body,
                         json_object_to_json_string(p));
        json_object_put(p);
    }
    static const char *const malformed[] = { "", "[]", "{\"seed\": 1e400, \"players\": 2}",
                                             "{\"seed\": 1, \"seed\": 2, \"players\": 2}" };
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++)
        json_object_put(tu_post("/v1/games/random", malformed[i], 400));
}

Test(route_random_game, the_largest_seed_and_cap_are_accepted)
{
    json_object *game = game_of("{\"seed\": 9007199254740991, \"players\": 6, \"turns\": 128}");
    cr_assert_eq(json_object_get_int64(member(game, "seed")), INT64_C(9007199254740991));
    json_object_put(game);
    game = game_of("{\"seed\": 0, \"players\": 2.0, \"turns\": 1}");
    cr_assert_eq(json_object_array_length(member(game, "turns")), 1);
    json_object_put(game);
}
