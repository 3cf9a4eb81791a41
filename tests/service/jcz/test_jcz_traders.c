/* test_jcz_traders.c -- .jcz games with Traders & Builders (issue 29).
 *
 * The apps' words for the expansion: the set traders-and-builders:1 (and
 * :2, the printing with gardens, TB/CcRR.wG and TB/CcR.cG), the elements
 * builder and pig (counts), traders (the goods) and pig-herd (The River
 * II's herd with the set), the meeple ids "<player>.builder.<n>" and
 * "<player>.pig.<n>" (JCloisterZone's MeepleIdProvider: the class name in
 * lower case), and the builder's double turn as the apps record it: after
 * the first part's COMMIT the same player's PLACE_TILE (JCloisterZone's
 * CleanUpTurnPartPhase goes back to the tile phase, or the abbey phase,
 * for the same player). Hand-made games per element, imported turn by
 * turn, and JCloisterZone's own trade goods game with its scores. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(jcz_traders);

#define GAMES "tests/service/jcz/games/"

static char *load(const char *name)
{
    char path[256];
    size_t len;
    snprintf(path, sizeof path, GAMES "%s", name);
    char *text = tu_read_file(path, &len);
    cr_assert_not_null(text, "cannot read %s", path);
    return text;
}

static json_object *import(const char *name, int turn)
{
    char path[64];
    if (turn > 0)
        snprintf(path, sizeof path, "/v1/import/jcz?turn=%d", turn);
    else
        snprintf(path, sizeof path, "/v1/import/jcz");
    char *body = load(name);
    json_object *a = tu_post(path, body, 200);
    free(body);
    return a;
}

static void assert_problem(char *body, int status, const char *pointer)
{
    json_object *p = tu_post("/v1/import/jcz", body, status);
    cr_assert_str_eq(tu_str(p, "pointer"), pointer, "%s", json_object_to_json_string(p));
    json_object_put(p);
    free(body);
}

/* A member of o, absent: 0 / false. */
static int int_or_0(json_object *o, const char *member)
{
    json_object *v;
    return o != NULL && json_object_object_get_ex(o, member, &v) ? json_object_get_int(v) : 0;
}

static int score(json_object *pos, const char *player)
{
    return int_or_0(tu_member(pos, "scores"), player);
}

/* player's goods tokens of kind in pos (absent: none). */
static int goods(json_object *pos, const char *player, const char *kind)
{
    json_object *g, *p;
    if (!json_object_object_get_ex(pos, "goods", &g) || !json_object_object_get_ex(g, player, &p))
        return 0;
    return int_or_0(p, kind);
}

static bool builder_turn(json_object *pos)
{
    json_object *v;
    return json_object_object_get_ex(pos, "builder_turn", &v) && json_object_get_boolean(v);
}

/* Figures of kind in pos. */
static int figures(json_object *pos, const char *kind)
{
    json_object *figs = tu_member(pos, "figures");
    int n = 0;
    for (size_t i = 0; i < json_object_array_length(figs); i++)
        n += strcmp(tu_str(json_object_array_get_idx(figs, i), "kind"), kind) == 0;
    return n;
}

/* Did turn `turn` (1-based) of import a cite rule? */
static bool turn_cites(json_object *a, int turn, const char *rule)
{
    json_object *t = json_object_array_get_idx(tu_member(a, "events"), (size_t)turn - 1);
    cr_assert_not_null(t, "no turn %d", turn);
    return strstr(json_object_to_json_string(tu_member(t, "rules")), rule) != NULL;
}

/* traders-builder.jcz, Alice and Bob: Alice's meeple on the road east of
 * the start tile (turn 1), her builder on the same road two tiles on
 * (turn 3: the tile it stands on gives no double turn), her tile extending
 * that road (turn 5) gives a second tile at once (turn 6: same player,
 * builder_turn), which, extending it again, gives no third; Bob's junction
 * closes the road's east end (turn 7); Alice's junction closes its west
 * end (turn 8): 9 tiles, 9 points, the meeple and the builder go home, and
 * the double turn comes all the same (turn 9 is Alice's again). Rule page
 * Traders and Builders, The builder; docs/clarifications.md, Traders &
 * Builders readings 2 and 3. */
Test(jcz_traders, builder_double_turns_as_the_apps_record_them)
{
    json_object *a = import("traders-builder.jcz", 4);
    json_object *pos = tu_member(a, "position");
    cr_assert_str_eq(tu_str(pos, "active"), "Bob", "the builder's own tile gives no double turn");
    cr_assert_not(builder_turn(pos));
    cr_assert_eq(figures(pos, "builder"), 1);
    json_object_put(a);
    a = import("traders-builder.jcz", 6);
    pos = tu_member(a, "position");
    cr_assert_str_eq(tu_str(pos, "active"), "Alice", "turn 5 extends her builder's road");
    cr_assert(builder_turn(pos));
    cr_assert(turn_cites(a, 5, "traders.builder.double-turn"));
    json_object_put(a);
    a = import("traders-builder.jcz", 7);
    pos = tu_member(a, "position");
    cr_assert_str_eq(tu_str(pos, "active"), "Bob", "no third tile");
    cr_assert_not(builder_turn(pos));
    json_object_put(a);
    a = import("traders-builder.jcz", 9);
    pos = tu_member(a, "position");
    cr_assert_str_eq(tu_str(pos, "active"), "Alice", "completing the road still gives the double turn");
    cr_assert(builder_turn(pos));
    cr_assert_eq(score(pos, "Alice"), 9, "%s", json_object_to_json_string(pos));
    cr_assert_eq(figures(pos, "builder"), 0, "the builder went home with the road");
    cr_assert_eq(figures(pos, "meeple"), 0);
    cr_assert(turn_cites(a, 8, "traders.builder.returns"));
    json_object_put(a);
    a = import("traders-builder.jcz", 0);
    pos = tu_member(a, "position");
    cr_assert_eq(int_or_0(a, "turns"), 9);
    cr_assert_str_eq(tu_str(pos, "active"), "Bob");
    cr_assert_not(builder_turn(pos));
    json_object_put(a);
    /* The second tile placed by another player: out of turn. */
    char *body = tu_replaced(load("traders-builder.jcz"),
                          "{\"type\": \"PLACE_TILE\", \"payload\": {\"tileId\": \"BA/RFr\", \"rotation\": \"R0\", \"position\": [4, 0]}, \"player\": 0}",
                          "{\"type\": \"PLACE_TILE\", \"payload\": {\"tileId\": \"BA/RFr\", \"rotation\": \"R0\", \"position\": [4, 0]}, \"player\": 1}");
    assert_problem(body, 422, "/replay/15/player");
}

/* traders-pig-goods.jcz: Alice's farmer south of the start tile (turn 1),
 * her pig in the same field (turn 3); Bob closes the two-tile city beside
 * it (turn 4); Alice lays the wine city TB/Cc.w (turn 5) and Bob closes it
 * with nobody in it (turn 6): Bob takes the wine (Goods tokens: "who has
 * control of the city has no impact"). The pile ends (#END): Alice's
 * field, 2 completed cities, 3 + 1 (the pig) each = 8; Bob holds the only
 * wine: 10. Rule page Traders and Builders, The pig and Goods tokens. */
Test(jcz_traders, pig_and_goods_score_as_the_rule_page_says)
{
    json_object *a = import("traders-pig-goods.jcz", 6);
    json_object *pos = tu_member(a, "position");
    cr_assert_eq(figures(pos, "pig"), 1);
    cr_assert_eq(goods(pos, "Bob", "wine"), 0);
    json_object_put(a);
    a = import("traders-pig-goods.jcz", 0);
    pos = tu_member(a, "position");
    cr_assert(json_object_get_boolean(tu_member(a, "game_over")));
    cr_assert_eq(goods(pos, "Bob", "wine"), 1, "%s", json_object_to_json_string(pos));
    cr_assert_eq(goods(pos, "Alice", "wine"), 0);
    cr_assert(turn_cites(a, 6, "traders.goods.collect"));
    cr_assert(turn_cites(a, 6, "traders.pig.score"));
    cr_assert(turn_cites(a, 6, "traders.goods.final"));
    cr_assert_eq(score(pos, "Alice"), 8, "%s", json_object_to_json_string(pos));
    cr_assert_eq(score(pos, "Bob"), 10);
    json_object_put(a);
    /* Without the pig, the same field gives 6. */
    char *body = tu_replaced(load("traders-pig-goods.jcz"),
                          "{\"type\": \"DEPLOY_MEEPLE\", \"payload\": {\"pointer\": {\"position\": [-1, 1], \"feature\": \"Field\", \"location\": \"NL\"}, \"meepleId\": \"0.pig.1\"}, \"player\": 0}",
                          "{\"type\": \"PASS\", \"payload\": {}, \"player\": 0}");
    a = tu_post("/v1/import/jcz", body, 200);
    cr_assert_eq(score(tu_member(a, "position"), "Alice"), 6);
    json_object_put(a);
    free(body);
}

/* JCloisterZone's own trade goods game:
 * src/test/resources/saved-games/traders_and_builders/tradeGoodsScoring.jcz
 * (farin/JCloisterZone, commit 98bd6480d4b5, appVersion 4.0.1) and its
 * assertions, src/test/java/com/jcloisterzone/integration/
 * traders_and_builders/TradeGoodsScoringTest.java, testFinalScoring
 * (commit 00e2540f26aa): Alice 16 points, 1 cloth, no grain, no wine; Bob
 * 20 points, 1 cloth, no grain, 2 wine. The file is in the app's 4.x
 * format, which the service does not read (docs/jcz.md);
 * app-trade-goods-scoring.jcz holds the same moves in the current format:
 * the same players, the base start tile at (0, 0), the same tiles (TB.CCc.c
 * is TB/CCc.c ...), rotations, positions and meeple, the same draw order
 * ending the game (its drawLimit 7 is #END here), and the elements of its
 * capabilities (TradeGoods: traders; StandardGame: small-follower,
 * farmers). Cloth is tied at 1: 10 each; Bob holds the most wine: 10;
 * Alice's city scores her the other 6. */
Test(jcz_traders, the_apps_trade_goods_game_scores_as_the_app)
{
    json_object *a = import("app-trade-goods-scoring.jcz", 0);
    json_object *pos = tu_member(a, "position");
    cr_assert(json_object_get_boolean(tu_member(a, "game_over")));
    cr_assert_eq(score(pos, "Alice"), 16, "%s", json_object_to_json_string(pos));
    cr_assert_eq(goods(pos, "Alice", "cloth"), 1);
    cr_assert_eq(goods(pos, "Alice", "grain"), 0);
    cr_assert_eq(goods(pos, "Alice", "wine"), 0);
    cr_assert_eq(score(pos, "Bob"), 20);
    cr_assert_eq(goods(pos, "Bob", "cloth"), 1);
    cr_assert_eq(goods(pos, "Bob", "grain"), 0);
    cr_assert_eq(goods(pos, "Bob", "wine"), 2);
    json_object_put(a);
}

/* The set's ids (the :2 printing, the bare id), the garden printings'
 * tiles, one copy at most; the elements the service needs with the set
 * (traders; pig-herd with The River II) and the figures that need it. */
Test(jcz_traders, setup_as_the_apps_write_it)
{
    json_object *want = import("traders-pig-goods.jcz", 0);
    static const char *const same[] = { "\"traders-and-builders:2\"", "\"traders-and-builders\"" };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        char *body = tu_replaced(load("traders-pig-goods.jcz"), "\"traders-and-builders:1\"", same[i]);
        json_object *a = tu_post("/v1/import/jcz", body, 200);
        cr_assert_str_eq(json_object_to_json_string(tu_member(a, "position")),
                         json_object_to_json_string(tu_member(want, "position")), "%s", same[i]);
        json_object_put(a);
        free(body);
    }
    json_object_put(want);
    char *body = tu_replaced(load("app-trade-goods-scoring.jcz"), "\"tileId\": \"TB/CcRR.w\"",
                          "\"tileId\": \"TB/CcRR.wG\"");
    json_object *a = tu_post("/v1/import/jcz", body, 200);
    cr_assert_eq(score(tu_member(a, "position"), "Bob"), 20);
    json_object_put(a);
    free(body);
    assert_problem(tu_replaced(load("traders-pig-goods.jcz"), "\"traders-and-builders:1\": 1",
                            "\"traders-and-builders:1\": 2"),
                   422, "/setup/sets/traders-and-builders:1");
    assert_problem(tu_replaced(load("traders-pig-goods.jcz"), "\"traders\": true,", ""), 422,
                   "/setup/elements/traders");
    /* Without the set: its tiles are not in play, its figures not here. */
    assert_problem(tu_replaced(load("traders-builder.jcz"), ",\n      \"traders-and-builders:1\": 1", ""),
                   422, "/setup/elements/builder");
    /* The River II's pig herd: with the set, pig-herd must be there;
     * without the set it is out of scope (both read before the start). */
    char *herd = tu_replaced(tu_replaced(load("traders-pig-goods.jcz"), "\"traders-and-builders:1\": 1",
                                   "\"traders-and-builders:1\": 1, \"river/2:1\": 1"),
                          ",\n      \"pig-herd\": true", "");
    assert_problem(herd, 422, "/setup/elements/pig-herd");
    char *alone = tu_replaced(tu_replaced(tu_replaced(load("traders-pig-goods.jcz"),
                                             "\"traders-and-builders:1\": 1", "\"river/2:1\": 1"),
                                    "\"builder\": 1,", ""),
                           "\"pig\": 1,", "");
    assert_problem(alone, 422, "/setup/elements/pig-herd");
}

/* Export writes the set and the elements back as the apps do, and the
 * import of the export is the same game. */
Test(jcz_traders, export_writes_the_set_and_elements)
{
    json_object *a = import("traders-builder.jcz", 1);
    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", json_object_get(tu_member(a, "position")));
    json_object *moves = json_object_new_array();
    json_object_object_add(body, "moves", moves);
    json_object *e = tu_post("/v1/export/jcz", json_object_to_json_string(body), 200);
    const char *text = json_object_to_json_string(e);
    cr_assert(strstr(text, "traders-and-builders:1") != NULL, "%s", text);
    cr_assert(strstr(text, "\"traders\"") != NULL && strstr(text, "\"pig-herd\"") != NULL &&
                  strstr(text, "\"builder\"") != NULL && strstr(text, "\"pig\"") != NULL,
              "%s", text);
    json_object_put(e);
    json_object_put(body);
    json_object_put(a);
}
