/* test_farm.c -- engine/farm.c: farmers and barns. Players: p0 ("you"),
 * p1 ("Blue"). */
#include "../support/score_util.h"

#include "../../engine/farm.h"

CC_SUITE(farm);

/* Two complete two-tile cities north of a 2 x 2 block of fields:
 *   (0,-1) E cap S   (1,-1) E cap S
 *   (0,0)  E cap N   (1,0)  E cap N
 *   (0,1)  B         (1,1)  B          <- placed last
 * The field of row 0 and row 1 borders both cities; the barn junction is
 * the point where (0,0), (1,0), (0,1), (1,1) meet: corner NW of (1,1). */
static void barn_example_3_board(su_game *g)
{
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    tu_tile(&g->pos, "base.E", 1, -1, 180);
    tu_tile(&g->pos, "base.E", 0, 0, 0);
    tu_tile(&g->pos, "base.E", 1, 0, 0);
    tu_tile(&g->pos, "base.B", 0, 1, 0);
    tu_tile(&g->pos, "base.B", 1, 1, 0);
}

/* Abbey & Mayor, Barn 3., Example 3: "You place a barn. Blue scores
 * 6 points for the 2 completed cities in the same field and returns her
 * farmer to her supply." It does not matter who placed the barn. */
Test(farm, barn_example_3_placing_a_barn_scores_blue_6_for_two_cities)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    barn_example_3_board(g);
    int farmer = tu_fig(&g->pos, 1, "meeple", 0, 0, "ESE");
    int barn = tu_fig(&g->pos, 0, "barn", 1, 1, "NW");
    su_turn(g, 1, 1, su_deployed(barn, CC_TOKEN_NONE));
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_BARN_PLACED);
    cr_assert_eq(ev->type, CC_FEAT_FIELD);
    cr_assert_eq(ev->value, 6);
    cr_assert_eq(ev->points[1], 6);
    cr_assert_eq(ev->points[0], 0, "the barn's owner has no farmer there");
    cr_assert(su_returned(ev, farmer));
    cr_assert_not(su_returned(ev, barn), "the barn stays until the end");
    cr_assert(su_cites(ev, "barn.score.placement"));
    cr_assert(su_cites(ev, "barn.stays"));
    su_free(g);
}

/* Barn 2.: "If you place a tile that creates a junction ... you may place
 * your barn" -- with no farmer in the field, placing it scores nothing. */
Test(farm, barn_placed_in_an_empty_field_scores_nothing)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    barn_example_3_board(g);
    int barn = tu_fig(&g->pos, 0, "barn", 1, 1, "NW");
    su_turn(g, 1, 1, su_deployed(barn, CC_TOKEN_NONE));
    cr_assert_eq(g->res.nevents, 0);
    su_free(g);
}

/* hills-and-sheep pages, Shepherd 3.: "The shepherd does not score for any
 * other features and is not affected by any other scoring." A shepherd in
 * the field of example 3 neither scores nor returns. */
Test(farm, barn_scoring_leaves_the_shepherd_alone)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP);
    barn_example_3_board(g);
    tu_fig(&g->pos, 1, "meeple", 0, 0, "ESE");
    int shepherd = tu_fig(&g->pos, 1, "shepherd", 1, 0, "SSW");   /* not the active player's */
    tu_flock(&g->pos, 2, (const int[]){ 3, 4 });
    int barn = tu_fig(&g->pos, 0, "barn", 1, 1, "NW");
    su_turn(g, 1, 1, su_deployed(barn, CC_TOKEN_NONE));
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->points[0], 0);
    cr_assert_eq(ev->points[1], 6);
    cr_assert_not(su_returned(ev, shepherd));
    cr_assert(su_cites(ev, "hills-sheep.shepherd.untouched"));
    su_free(g);
}

/* A road along y = 0 splits a north field from a south field; two
 * complete cities hang below the south field; the barn stands on the
 * junction of (0,0), (1,0), (0,1), (1,1):
 *   (0,0) U  (1,0) U  (2,0) A (road W ends at its cloister)  <- last
 *   (0,1) E cap S  (1,1) E cap S
 *   (0,2) E cap N  (1,2) E cap N
 * (2,0) ends the road in a single field, joining north and south. */
static void barn_example_4_board(su_game *g, bool with_last)
{
    tu_tile(&g->pos, "base.U", 0, 0, 0);
    tu_tile(&g->pos, "base.U", 1, 0, 0);
    tu_tile(&g->pos, "base.E", 0, 1, 180);
    tu_tile(&g->pos, "base.E", 1, 1, 180);
    tu_tile(&g->pos, "base.E", 0, 2, 0);
    tu_tile(&g->pos, "base.E", 1, 2, 0);
    if (with_last)
        tu_tile(&g->pos, "base.A", 2, 0, 90);
}

/* Abbey & Mayor, Barn 3., Example 4: "The tile placed this turn
 * connects both meeples to the barn's field. You and Blue each score 2
 * points for the 2 completed cities in that field and return the
 * farmers to your supplies." */
Test(farm, barn_example_4_joining_farmers_to_a_barn_scores_each_2)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    barn_example_4_board(g, true);
    int mine = tu_fig(&g->pos, 0, "meeple", 0, 0, "NNE");
    int blues = tu_fig(&g->pos, 1, "meeple", 1, 0, "NNW");
    int barn = tu_fig(&g->pos, 1, "barn", 0, 1, "NE");
    su_turn(g, 2, 0, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_BARN_JOINED);
    cr_assert_eq(ev->value, 2);
    cr_assert_eq(ev->points[0], 2);
    cr_assert_eq(ev->points[1], 2);
    cr_assert(su_returned(ev, mine) && su_returned(ev, blues));
    cr_assert_not(su_returned(ev, barn));
    cr_assert(su_cites(ev, "barn.score.joined"));
    cr_assert(su_cites(ev, "base.score.tie"));
    su_free(g);
}

/* Before the joining tile the farmers' field has no barn: nothing to score. */
Test(farm, farmers_apart_from_the_barn_are_not_scored)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    barn_example_4_board(g, false);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "NNE");
    tu_fig(&g->pos, 1, "barn", 0, 1, "NE");
    su_turn(g, 1, 0, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 0);
    su_free(g);
}

/* The example 4 board with a second junction at the point (2,1), from
 * (2,1) base.B, so two barns share the field. */
static void two_barns_board(su_game *g)
{
    barn_example_4_board(g, true);
    tu_tile(&g->pos, "base.B", 2, 1, 0);
}

/* Abbey & Mayor, Barn, final scoring: "you score 4 points per
 * completed city in the field your barn occupies. If multiple barns occupy
 * the same field, all concerned players score full points" (note 16:
 * fields with barns can be joined). */
Test(farm, barns_at_the_end_score_4_per_city_each_in_full)
{
    su_game *g = su_new(3, CC_EXP_ABBEY_MAYOR);
    two_barns_board(g);
    int b1 = tu_fig(&g->pos, 1, "barn", 0, 1, "NE");
    int b0 = tu_fig(&g->pos, 0, "barn", 1, 1, "NE");
    su_final(g);
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_BARN_FINAL);
    cr_assert_eq(ev->value, 8);
    cr_assert_eq(ev->points[0], 8);
    cr_assert_eq(ev->points[1], 8);
    cr_assert_eq(ev->points[2], 0);
    cr_assert_eq(ev->nreturned, 0, "barns stay");
    cr_assert(!su_returned(ev, b0) && !su_returned(ev, b1));
    cr_assert(su_cites(ev, "barn.score.final"));
    cr_assert(su_cites(ev, "barn.score.shared"));
    su_free(g);
}

/* Base game, final scoring of farms: 3 points per completed city for the
 * farmers' majority; tied farmers both score. */
Test(farm, farmers_at_the_end_score_3_per_completed_city)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    barn_example_4_board(g, true);
    int a = tu_fig(&g->pos, 0, "meeple", 0, 1, "NNE");
    int b = tu_fig(&g->pos, 1, "meeple", 1, 0, "NNW");
    su_final(g);
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_FINAL);
    cr_assert_eq(ev->type, CC_FEAT_FIELD);
    cr_assert_eq(ev->value, 6);
    cr_assert_eq(ev->points[0], 6);
    cr_assert_eq(ev->points[1], 6);
    cr_assert(su_returned(ev, a) && su_returned(ev, b));
    cr_assert(su_cites(ev, "base.score.field.end"));
    su_free(g);
}

/* A farm whose cities are all incomplete is worth nothing but its farmers
 * are still scored (0 points) and come off the board. */
Test(farm, farm_without_completed_cities_scores_zero)
{
    su_game *g = su_new(2, 0);
    tu_tile(&g->pos, "base.E", 0, 0, 0);
    int farmer = tu_fig(&g->pos, 0, "meeple", 0, 0, "SSE");
    su_final(g);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->value, 0);
    cr_assert(su_returned(ev, farmer));
    su_free(g);
}

/* Abbey & Mayor, note 8 (community): "Abbeys can close cities ... but
 * they are not part of the feature ... a neighboring field that only has a
 * common boundary with the abbey tile ... will get no points from that
 * city." The abbey closes the one-tile cities at (1,-1) and (1,1); the
 * field of (2,0) touches the abbey but borders only its own city. */
Test(farm, abbey_note_8_field_gets_nothing_from_cities_the_abbey_closes)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    su_abbey_board(g, true, false);
    tu_abbey(&g->pos, 1, 0, 0);
    tu_fig(&g->pos, 1, "meeple", 2, 0, "NNE");
    su_final(g);
    const cc_score_event *ev = su_find(g, CC_EV_FINAL, 2, 0, "NNE");
    cr_assert_eq(ev->value, 3, "one completed city, not three");
    su_free(g);
}

/* cc_feature_value of a field: farmers' majority at 3 per city; at the end
 * its barns add 4 per city each. */
Test(farm, field_value_with_barns_at_the_end)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    two_barns_board(g);
    tu_fig(&g->pos, 0, "barn", 1, 1, "NE");
    tu_fig(&g->pos, 1, "meeple", 0, 0, "NNE");
    su_build(g);
    int field = tu_feature(&g->features, 0, 0, "NNE");
    cc_value v;
    cr_assert_eq(cc_feature_value(&g->features, &g->pos, field, false, &v), 6);
    cr_assert_eq(v.points[0], 0);
    cr_assert_eq(v.points[1], 6);
    cc_feature_value(&g->features, &g->pos, field, true, &v);
    cr_assert_eq(v.points[0], 8);
    cr_assert_eq(v.points[1], 6);
    su_free(g);
}
