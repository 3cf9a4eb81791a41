/* test_traders.c -- Traders & Builders: the builder (engine/builder.h), the
 * pig (engine/pig.h) and the trade goods (engine/goods.h), through the turn
 * and the scoring as /v1/turn and /v1/score ask them.
 *
 * Rule source: the Traders and Builders page of Wikicarpedia (C2): "The
 * builder", "The pig" (its C2 example: red, blue and green tie for a
 * field, red and blue have pigs: 8, 8 and 6 for 2 cities), "Goods tokens",
 * "Final scoring"; docs/clarifications.md#traders-readings for the readings
 * chosen. Every position is drawn by hand: y grows southwards; a tile turned
 * q quarter turns shows its catalog edge d on side d + q. The catalog:
 * base.D has its city N and a road E-W; base.U a road E-W; base.E a city N;
 * base.F a city E-W; base.A a road S ending at its cloister; base.B a
 * cloister in a field; traders-builders.Cc.w a city N+W with 1 wine;
 * traders-builders.CFc.w a city E-W with 1 wine. Each test counts its
 * points by hand in its comment. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/deploy.h"
#include "../../engine/messages.h"
#include "../../engine/scoring.h"
#include "../../engine/turn.h"
#include "../../engine/validate.h"
#include "../support/testutil.h"

CC_SUITE(traders);

#define TB (CC_EXP_TRADERS_BUILDERS)

static cc_board board_store;
static cc_features features_store;

static int type_of(const char *id)
{
    int t = cc_catalog_find(tu_catalog(), id);
    cr_assert_geq(t, 0, "no tile %s", id);
    return t;
}

static bool cites(const char *const *rules, int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (strcmp(rules[i], id) == 0)
            return true;
    return false;
}

/* Play tile id at (x, y) turned deg degrees (deploying kind at `at` when
 * kind is not NULL); the result is the caller's to free. */
static cc_turn_result *play(const cc_position *pos, const char *id, int x, int y, int deg,
                            const char *kind, const char *at)
{
    cc_move mv = cc_move_make(type_of(id), x, y, deg / 90);
    if (kind != NULL) {
        mv.deploy = true;
        mv.deploy_kind = (cc_figure_kind)cc_figure_kind_parse(kind);
        cr_assert(cc_loc_parse(at, &mv.deploy_at));
    }
    cc_turn_result *res = malloc(sizeof *res);
    cr_assert_not_null(res);
    cc_error err;
    cr_assert(cc_turn(pos, tu_catalog(), &mv, res, &err), "turn: %s at %s", tu_detail(&err),
              err.pointer);
    cr_assert(res->legal, "illegal: %s at %s", res->rule, res->pointer);
    return res;
}

static cc_score_result *final_of(const cc_position *pos)
{
    tu_build(pos, &board_store, &features_store);
    cc_score_result *res = malloc(sizeof *res);
    cr_assert_not_null(res);
    cc_score_final(pos, &features_store, res);
    return res;
}

/* ---- the builder ------------------------------------------------------------ */

/* A road: red's meeple at (0, 0) and red's builder at (1, 0). */
static void road_with_builder(cc_position *pos)
{
    tu_pos(pos, 2, TB);
    tu_tile(pos, "base.D", 0, 0, 0);
    tu_tile(pos, "base.U", 1, 0, 0);
    tu_fig(pos, 0, "meeple", 0, 0, "W");
    tu_fig(pos, 0, "builder", 1, 0, "E");
}

/* Page, The builder: a tile that continues the road holding your builder
 * gives a second tile. Red extends the road at (2, 0): red plays again,
 * builder_turn true. (traders.builder.double-turn) */
Test(traders, builder_triggered_by_a_road_gives_a_second_tile)
{
    cc_position pos;
    road_with_builder(&pos);
    cc_turn_result *r = play(&pos, "base.U", 2, 0, 0, NULL, NULL);
    cr_expect_eq(r->next.active, 0, "the same player places the second tile");
    cr_expect(r->next.builder_turn);
    cr_expect(cites(r->rules, r->nrules, "traders.builder.double-turn"));
    free(r);
}

/* The same through a city: red's meeple in the city cap at (0, 0), red's
 * builder in the city at (0, -1); a city tile at (0, -2) continues it.
 * (traders.builder.double-turn) */
Test(traders, builder_triggered_by_a_city_gives_a_second_tile)
{
    cc_position pos;
    tu_pos(&pos, 2, TB);
    tu_tile(&pos, "base.E", 0, 0, 0);
    tu_tile(&pos, "base.F", 0, -1, 90);
    tu_fig(&pos, 0, "meeple", 0, 0, "N");
    tu_fig(&pos, 0, "builder", 0, -1, "S");
    cc_turn_result *r = play(&pos, "base.F", 0, -2, 90, NULL, NULL);
    cr_expect_eq(r->next.active, 0);
    cr_expect(r->next.builder_turn);
    free(r);
}

/* The builder deployed on the tile just placed was not in the road when the
 * tile was placed: no second tile; blue plays next. (traders.builder.deploy,
 * traders.builder.double-turn) */
Test(traders, builder_not_triggered_by_its_own_placing_tile)
{
    cc_position pos;
    tu_pos(&pos, 2, TB);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);
    tu_fig(&pos, 0, "meeple", 0, 0, "W");
    cc_turn_result *r = play(&pos, "base.U", 2, 0, 0, "builder", "E");
    cr_expect_eq(r->next.active, 1);
    cr_expect_not(r->next.builder_turn);
    cr_expect(cites(r->rules, r->nrules, "traders.builder.deploy"));
    cr_expect_not(cites(r->rules, r->nrules, "traders.builder.double-turn"));
    cr_expect_eq(r->next.nfigures, 2, "the builder stands");
    free(r);
}

/* Page: "the second tile never gives a third". The second tile extends the
 * builder's road again: blue plays next. (traders.builder.double-turn) */
Test(traders, builder_gives_no_third_tile)
{
    cc_position pos;
    road_with_builder(&pos);
    pos.builder_turn = true;
    cc_turn_result *r = play(&pos, "base.U", 2, 0, 0, NULL, NULL);
    cr_expect_eq(r->next.active, 1);
    cr_expect_not(r->next.builder_turn);
    cr_expect_not(cites(r->rules, r->nrules, "traders.builder.double-turn"));
    free(r);
}

/* The road from the cloister at (0, 0) through (-1, 0) to the cloister
 * placed at (-2, 0): 3 tiles, red's meeple scores 3; the builder goes home
 * with the last follower, and the double turn still comes (1st-edition
 * answer: even if the builder was removed). (traders.builder.returns) */
Test(traders, builder_returns_with_the_last_follower_and_the_double_turn_stands)
{
    cc_position pos;
    tu_pos(&pos, 2, TB);
    tu_tile(&pos, "base.A", 0, 0, 90);
    tu_tile(&pos, "base.U", -1, 0, 0);
    tu_fig(&pos, 0, "meeple", -1, 0, "E");
    tu_fig(&pos, 0, "builder", 0, 0, "W");
    cc_turn_result *r = play(&pos, "base.A", -2, 0, 270, NULL, NULL);
    cr_assert_eq(r->turn.nevents, 1);
    const cc_score_event *ev = &r->turn.events[0];
    cr_expect_eq(ev->points[0], 3);
    cr_expect_eq(ev->nreturned, 2, "the meeple and the builder");
    cr_expect(cites(ev->rules, ev->nrules, "traders.builder.returns"));
    cr_expect_eq(r->next.nfigures, 0);
    cr_expect_eq(r->next.active, 0);
    cr_expect(r->next.builder_turn);
    free(r);
}

/* Deployments list the builder on the placed tile's road, which holds red's
 * meeple, and nowhere else; without a farmer no pig. (traders.builder.deploy,
 * traders.pig.deploy) */
Test(traders, deployments_list_the_builder_only_beside_a_follower)
{
    cc_position pos;
    tu_pos(&pos, 2, TB);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);
    tu_fig(&pos, 0, "meeple", 0, 0, "W");
    tu_build(&pos, &board_store, &features_store);
    cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
    int n = cc_deployments(&pos, &features_store, 1, opts), builders = 0, pigs = 0;
    for (int i = 0; i < n; i++) {
        builders += opts[i].kind == CC_FIG_BUILDER;
        pigs += opts[i].kind == CC_FIG_PIG;
        if (opts[i].kind == CC_FIG_BUILDER)
            cr_expect_eq(features_store.features[opts[i].feature].type, CC_FEAT_ROAD);
    }
    cr_expect_eq(builders, 1);
    cr_expect_eq(pigs, 0);
    const char *rule = NULL;
    cr_expect_not(cc_deploy_check(&pos, &features_store, 1, CC_FIG_PIG,
                                  (cc_loc){ CC_LOC_RING, 1 }, NULL, &rule));
}

/* A builder with no follower of its owner left would have gone home: the
 * position is impossible. (traders.builder.returns) */
Test(traders, builder_without_its_follower_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, TB);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "builder", 0, 0, "E");
    cc_error err;
    cr_assert_not(cc_validate(&pos, tu_catalog(), &board_store, &features_store, &err));
    cr_expect_str_eq(err.pointer, "/position/figures/0");
    cr_expect_eq(err.problem, CC_MSG_P_FIGURE_ALONE);
}

/* ---- the pig ------------------------------------------------------------------ */

/* A row of tiles y = 0 from x = -1 to 3: cities N at x = 0 and x = 1, each
 * closed by a cap at y = -1 (2 completed cities), cloister tiles elsewhere;
 * one field along the row's south. */
static void field_with_two_cities(cc_position *pos, int nplayers)
{
    tu_pos(pos, nplayers, TB);
    tu_tile(pos, "base.E", 0, 0, 0);
    tu_tile(pos, "base.E", 0, -1, 180);
    tu_tile(pos, "base.E", 1, 0, 0);
    tu_tile(pos, "base.E", 1, -1, 180);
    tu_tile(pos, "base.B", -1, 0, 0);
    tu_tile(pos, "base.B", 2, 0, 0);
    tu_tile(pos, "base.B", 3, 0, 0);
}

/* Page, The pig: "you get 4 points instead of 3 per completed city". Red's
 * farmer and pig, 2 cities: 2 x 3 + 2 x 1 = 8; the pig goes home with the
 * farmer. (traders.pig.score) */
Test(traders, pig_with_a_win_scores_one_more_per_city)
{
    cc_position pos;
    field_with_two_cities(&pos, 2);
    tu_fig(&pos, 0, "meeple", 0, 0, "SSE");
    tu_fig(&pos, 0, "pig", -1, 0, "SSE");
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->events[0].points[0], 8);
    cr_expect_eq(s->events[0].nreturned, 2, "the farmer and the pig");
    cr_expect(cites(s->events[0].rules, s->events[0].nrules, "traders.pig.score"));
    free(s);
}

/* Blue's two farmers beat red's one: red's pig brings nothing; blue 2 x 3 =
 * 6. The pig does not count for the majority. (traders.pig.score) */
Test(traders, pig_without_a_win_scores_nothing)
{
    cc_position pos;
    field_with_two_cities(&pos, 2);
    tu_fig(&pos, 0, "meeple", 0, 0, "SSE");
    tu_fig(&pos, 0, "pig", -1, 0, "SSE");
    tu_fig(&pos, 1, "meeple", 2, 0, "SSE");
    tu_fig(&pos, 1, "meeple", 3, 0, "SSE");
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->events[0].points[0], 0);
    cr_expect_eq(s->events[0].points[1], 6);
    cr_expect_eq(s->events[0].strength[0], 1, "the pig has no strength");
    free(s);
}

/* The page's C2 example: red, blue and green tie with a farmer each; red
 * and blue have pigs: 8, 8 and 6 for 2 cities. (traders.pig.score,
 * base.score.tie) */
Test(traders, two_pigs_owners_tie_with_a_third_player_the_page_example)
{
    cc_position pos;
    field_with_two_cities(&pos, 3);
    tu_fig(&pos, 0, "meeple", 0, 0, "SSE");
    tu_fig(&pos, 1, "meeple", 1, 0, "SSE");
    tu_fig(&pos, 2, "meeple", 2, 0, "SSE");
    tu_fig(&pos, 0, "pig", -1, 0, "SSE");
    tu_fig(&pos, 1, "pig", 3, 0, "SSE");
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->events[0].points[0], 8);
    cr_expect_eq(s->events[0].points[1], 8);
    cr_expect_eq(s->events[0].points[2], 6);
    free(s);
}

/* A pig only beside its owner's farmer. (traders.pig.deploy) */
Test(traders, pig_without_a_farmer_is_impossible)
{
    cc_position pos;
    field_with_two_cities(&pos, 2);
    tu_fig(&pos, 1, "meeple", 0, 0, "SSE");
    tu_fig(&pos, 0, "pig", -1, 0, "SSE");
    cc_error err;
    cr_assert_not(cc_validate(&pos, tu_catalog(), &board_store, &features_store, &err));
    cr_expect_str_eq(err.pointer, "/position/figures/1");
}

/* The River II's pig herd (tile river-ii.II+, rule river-ii.pig-herd.score;
 * docs/clarifications.md#traders-readings, 5): with Traders & Builders in
 * play, every player who scores the herd's field scores 1 more per completed
 * city, pig or not, and a pig adds its own 1 on top. The spring at (0, 0),
 * the fork river-ii.III at (1, 0) (branches N and E), the herd tile at
 * (2, 0) turned 270 (river W and S, its big field #0 on the N and E
 * halves); base.E at (3, 0), its field joined to the herd's across the
 * edge, its city N closed by base.E turned 180 at (3, -1): the one completed
 * city of that field. The river's two open ends, (1, -1) and (2, 1), are
 * walled in by cities (base.E at (0, -1) 90, (1, -2) 180, (2, -1) 270,
 * (1, 1) 90, (2, 2) 0, (3, 1) 270; cloisters base.B at (0, -2) and (3, 2)
 * join them to the board) so that no river tile fits any more and the land
 * tiles may stand (river.placement.first); a table of two base games
 * (`sets`) holds the eight base.E. */
static void herd_field_with_one_city(cc_position *pos, int nplayers, unsigned expansions)
{
    tu_pos(pos, nplayers, expansions);
    pos->sets_given = true;
    pos->copies[CC_SET_BASE] = 2;
    tu_tile(pos, "river.s", 0, 0, 0);
    tu_tile(pos, "river-ii.III", 1, 0, 0);
    tu_tile(pos, "river-ii.II+", 2, 0, 270);
    tu_tile(pos, "base.E", 3, 0, 0);
    tu_tile(pos, "base.E", 3, -1, 180);
    tu_tile(pos, "base.E", 0, -1, 90);
    tu_tile(pos, "base.E", 1, -2, 180);
    tu_tile(pos, "base.B", 0, -2, 0);
    tu_tile(pos, "base.E", 2, -1, 270);
    tu_tile(pos, "base.E", 1, 1, 90);
    tu_tile(pos, "base.E", 2, 2, 0);
    tu_tile(pos, "base.B", 3, 2, 0);
    tu_tile(pos, "base.E", 3, 1, 270);
}

/* Red's farmer alone: 3 + 1 (the herd) = 4; with red's pig too, 3 + 1 + 1
 * = 5. (river-ii.pig-herd.score, traders.pig.score) */
Test(traders, river_ii_pig_herd_adds_one_per_city_and_stacks_with_a_pig)
{
    cc_position pos;
    herd_field_with_one_city(&pos, 2, TB | CC_EXP_RIVER_II);
    tu_fig(&pos, 0, "meeple", 3, 0, "SSE");
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->events[0].points[0], 4);
    cr_expect(cites(s->events[0].rules, s->events[0].nrules, "river-ii.pig-herd.score"));
    cr_expect_not(cites(s->events[0].rules, s->events[0].nrules, "traders.pig.score"));
    free(s);

    tu_fig(&pos, 0, "pig", 3, 1, "ENE");
    s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->events[0].points[0], 5);
    cr_expect(cites(s->events[0].rules, s->events[0].nrules, "river-ii.pig-herd.score"));
    cr_expect(cites(s->events[0].rules, s->events[0].nrules, "traders.pig.score"));
    free(s);
}

/* Red and blue tie with a farmer each, only red has a pig: red 3 + 1 + 1 =
 * 5, blue 3 + 1 = 4: the herd is every winner's. (river-ii.pig-herd.score,
 * base.score.tie) */
Test(traders, river_ii_pig_herd_is_every_winners)
{
    cc_position pos;
    herd_field_with_one_city(&pos, 2, TB | CC_EXP_RIVER_II);
    tu_fig(&pos, 0, "meeple", 3, 0, "SSE");
    tu_fig(&pos, 1, "meeple", 2, -1, "NNE");
    tu_fig(&pos, 0, "pig", 3, 1, "ENE");
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->events[0].points[0], 5);
    cr_expect_eq(s->events[0].points[1], 4);
    free(s);
}

/* Without Traders & Builders the herd is scenery: red's farmer scores the
 * plain 3. (river-ii.pig-herd.score: "with Traders & Builders") */
Test(traders, river_ii_pig_herd_without_traders_builders_adds_nothing)
{
    cc_position pos;
    herd_field_with_one_city(&pos, 2, CC_EXP_RIVER_II);
    tu_fig(&pos, 0, "meeple", 3, 0, "SSE");
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->events[0].points[0], 3);
    cr_expect_not(cites(s->events[0].rules, s->events[0].nrules, "river-ii.pig-herd.score"));
    free(s);
}

/* ---- trade goods ------------------------------------------------------------------- */

/* traders-builders.Cc.w at (0, 0) (city N+W, 1 wine) closed N by a cap at
 * (0, -1); the cap W at (-1, 0) completes it. */
static void wine_city(cc_position *pos)
{
    tu_pos(pos, 2, TB);
    tu_tile(pos, "traders-builders.Cc.w", 0, 0, 0);
    tu_tile(pos, "base.E", 0, -1, 180);
}

/* Page, Goods tokens: "who controls the city does not matter". Blue
 * completes red's 3-tile city: red scores 2 x 3 = 6, blue takes the wine.
 * (traders.goods.collect) */
Test(traders, goods_go_to_the_completer_who_owns_nothing_in_the_city)
{
    cc_position pos;
    wine_city(&pos);
    tu_fig(&pos, 0, "meeple", 0, 0, "N");
    pos.active = 1;
    cc_turn_result *r = play(&pos, "base.E", -1, 0, 90, NULL, NULL);
    cr_assert_eq(r->turn.nevents, 2);
    cr_expect_eq(r->turn.events[0].points[0], 6);
    const cc_score_event *g = &r->turn.events[1];
    cr_expect_eq(g->kind, CC_EV_GOODS);
    cr_expect_eq(g->goods_player, 1);
    cr_expect_eq(g->goods[CC_GOODS_WINE], 1);
    cr_expect_eq(g->points[0] + g->points[1], 0);
    cr_expect_eq(r->next.goods[1][CC_GOODS_WINE], 1);
    cr_expect_eq(r->next.goods[0][CC_GOODS_WINE], 0);
    free(r);
}

/* Nobody in the city: the completer still takes its goods.
 * (traders.goods.collect) */
Test(traders, goods_of_an_empty_city)
{
    cc_position pos;
    wine_city(&pos);
    cc_turn_result *r = play(&pos, "base.E", -1, 0, 90, NULL, NULL);
    cr_assert_eq(r->turn.nevents, 1);
    cr_expect_eq(r->turn.events[0].kind, CC_EV_GOODS);
    cr_expect_eq(r->next.goods[0][CC_GOODS_WINE], 1);
    free(r);
}

/* Two completed cities with 1 wine each: the wine city above, and
 * traders-builders.CFc.w at (1, 0) turned 90 (city N-S) between caps at
 * (1, -1) and (1, 1). */
static void two_wine_cities(cc_position *pos, int nplayers)
{
    tu_pos(pos, nplayers, TB);
    tu_tile(pos, "traders-builders.Cc.w", 0, 0, 0);
    tu_tile(pos, "base.E", 0, -1, 180);
    tu_tile(pos, "base.E", -1, 0, 90);
    tu_tile(pos, "traders-builders.CFc.w", 1, 0, 90);
    tu_tile(pos, "base.E", 1, -1, 180);
    tu_tile(pos, "base.E", 1, 1, 0);
}

/* Page, Final scoring: "tied players each get 10". Red and blue hold 1 wine
 * each, green none: 10 each to red and blue; no cloth or grain, no event.
 * (traders.goods.final) */
Test(traders, goods_ties_at_the_end_each_score_ten)
{
    cc_position pos;
    two_wine_cities(&pos, 3);
    pos.goods[0][CC_GOODS_WINE] = 1;
    pos.goods[1][CC_GOODS_WINE] = 1;
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    const cc_score_event *ev = &s->events[0];
    cr_expect_eq(ev->kind, CC_EV_GOODS_FINAL);
    cr_expect_eq(ev->feature, -1);
    cr_expect_eq(ev->points[0], 10);
    cr_expect_eq(ev->points[1], 10);
    cr_expect_eq(ev->points[2], 0);
    cr_expect_eq(s->totals[0], 10);
    free(s);
}

/* More tokens than the completed cities show: impossible, at the member of
 * the player whose count goes over. */
Test(traders, goods_bounded_by_the_completed_cities)
{
    cc_position pos;
    two_wine_cities(&pos, 2);
    pos.goods[0][CC_GOODS_WINE] = 2;
    pos.goods[1][CC_GOODS_WINE] = 1;
    cc_error err;
    cr_assert_not(cc_validate(&pos, tu_catalog(), &board_store, &features_store, &err));
    cr_expect_str_eq(err.pointer, "/position/goods/p1/wine");
    pos.goods[1][CC_GOODS_WINE] = 0;
    cr_expect(cc_validate(&pos, tu_catalog(), &board_store, &features_store, &err), "%s",
              tu_detail(&err));
}

/* With Messages the goods' 10 points come in the final scoring, which gives
 * no message; the goods event of a turn carries no points to count.
 * (traders.goods.final, messages.round.final) */
Test(traders, goods_with_the_messages_counting)
{
    cr_expect_eq(cc_messages_round_of(CC_EV_GOODS_FINAL), CC_ROUND_FINAL);
    cr_expect_eq(cc_messages_round_of(CC_EV_GOODS), CC_ROUND_SCORING);
    cc_position pos;
    two_wine_cities(&pos, 2);
    pos.expansions |= CC_EXP_MESSAGES;
    pos.goods[1][CC_GOODS_WINE] = 2;
    cc_score_result *s = final_of(&pos);
    cr_assert_eq(s->nevents, 1);
    cr_expect_eq(s->totals[1], 10);
    cr_expect_eq(s->totals[0], 0);
    free(s);
}
