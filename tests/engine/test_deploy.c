/* test_deploy.c -- deployment options on the tile just placed (engine/deploy.h).
 *
 * Each board is built by hand; the expected option lists are written out in
 * full ("kind at" in the engine's order: kind, then canonical location), so
 * a missing or an extra option fails the test. */
#include <stdio.h>
#include <string.h>

#include "../../engine/deploy.h"
#include "../support/testutil.h"

CC_SUITE(deploy);

#define A_M (CC_EXP_ABBEY_MAYOR)
#define H_S (CC_EXP_HILLS_SHEEP)

#define ASSERT_OPTIONS(pos, tile, expected) do {                         \
        char text_[512];                                                 \
        tu_deploy_text(pos, tile, text_, sizeof text_);                    \
        cr_assert_str_eq(text_, expected);                               \
    } while (0)

/* Start tile D at (0,0) and a curve V at (1,0) (road W->S): the curve's
 * north field joins D's field by the city, its SW field joins D's south
 * field, its road continues D's road. */
static int curve_board(cc_position *pos, unsigned exps)
{
    tu_pos(pos, 2, exps);
    tu_tile(pos, "base.D", 0, 0, 0);
    return tu_tile(pos, "base.V", 1, 0, 0);
}

/* Base rules, 2. Placing a meeple: one of each unoccupied feature of the
 * tile just placed, named canonically (field NNE, road S, field SSW). */
Test(deploy, meeple_on_every_feature_of_the_placed_tile_named_canonically)
{
    cc_position pos;
    int t = curve_board(&pos, 0);
    ASSERT_OPTIONS(&pos, t, "meeple NNE, meeple S, meeple SSW");
}

/* Base rules: a meeple may not join a feature that already holds one, even
 * when the other meeple stands on another tile of it. */
Test(deploy, meeple_not_on_features_occupied_elsewhere)
{
    cc_position pos;
    int t = curve_board(&pos, 0);
    tu_fig(&pos, 1, "meeple", 0, 0, "W");     /* the road D-V */
    tu_fig(&pos, 1, "meeple", 0, 0, "ENE");   /* D's city field = V's north field */
    ASSERT_OPTIONS(&pos, t, "meeple SSW");
}

/* Contract section 3 supplies: 7 meeples; with all on the board, none is offered. */
Test(deploy, no_meeple_when_all_seven_are_on_the_board)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", -1, 0, 0);
    tu_tile(&pos, "base.U", -2, 0, 0);
    int t = tu_tile(&pos, "base.E", 0, -1, 180);   /* city S closes D's city */
    static const struct { int x, y; const char *at; } spots[7] = {
        { 0, 0, "E" }, { 0, 0, "ESE" }, { 0, 0, "WNW" },
        { -1, 0, "NNE" }, { -1, 0, "SSE" }, { -1, 0, "E" }, { -2, 0, "NNE" },
    };
    for (int i = 0; i < 7; i++)
        tu_fig(&pos, 0, "meeple", spots[i].x, spots[i].y, spots[i].at);
    /* The city (D north + E south) is free: mayor and wagon may still go. */
    ASSERT_OPTIONS(&pos, t, "mayor S, wagon S");
}

/* A&M, Mayor: only in a city, and a city with no knight. */
Test(deploy, mayor_only_in_an_empty_city_never_on_road_or_field)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.D", 0, 0, 0);
    int t = tu_tile(&pos, "base.E", 0, -1, 180);
    ASSERT_OPTIONS(&pos, t, "meeple NNE, meeple S, mayor S, wagon S");
    int v = tu_tile(&pos, "base.V", 1, 0, 0);      /* roads and fields only */
    ASSERT_OPTIONS(&pos, v, "meeple NNE, meeple S, meeple SSW, wagon S");
}

/* A&M note 12 (official): the mayor may not enter a city holding a wagon;
 * notes 10-11: nor one holding a knight or a mayor. The wagon and the knight
 * likewise do not join an occupied city. */
Test(deploy, mayor_refused_by_a_wagon_a_knight_or_a_mayor_in_the_city)
{
    const char *occupant[3] = { "wagon", "meeple", "mayor" };
    for (int i = 0; i < 3; i++) {
        cc_position pos;
        tu_pos(&pos, 2, A_M);
        tu_tile(&pos, "base.D", 0, 0, 0);
        int t = tu_tile(&pos, "base.E", 0, -1, 180);
        tu_fig(&pos, 1, occupant[i], 0, 0, "N");
        ASSERT_OPTIONS(&pos, t, "meeple NNE");
    }
}

/* A&M: the wagon goes anywhere but a field; the abbey takes a monk or a
 * wagon (note 7: nothing else stands on an abbey tile). */
Test(deploy, abbey_takes_a_monk_or_a_wagon_and_nothing_else)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M | H_S);
    tu_tile(&pos, "base.U", 0, -1, 0);
    tu_tile(&pos, "base.U", -1, 0, 90);
    tu_tile(&pos, "base.U", 0, 1, 0);
    tu_tile(&pos, "base.U", 1, 0, 90);
    int t = tu_abbey(&pos, 0, 0, 0);
    ASSERT_OPTIONS(&pos, t, "meeple C, wagon C");
}

/* Barns are deployed on corners of the placed tile where four tiles meet
 * with only field (A&M, Barn 2.); the other kinds on features. */
Test(deploy, barn_offered_on_the_corner_that_closes_a_field_junction)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M | H_S);
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    int t = tu_tile(&pos, "base.B", 1, 1, 0);
    ASSERT_OPTIONS(&pos, t, "meeple C, meeple NNE, wagon C, barn NW, shepherd NNE");
}

/* A&M, Barn: a field with a barn takes no farmer and no second barn; H&S:
 * the barn does not stop a shepherd, and a road on the tile is still free. */
Test(deploy, field_with_a_barn_refuses_farmers_and_barns_but_not_shepherds)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M | H_S);
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 2, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.A", 1, 1, 0);
    int t = tu_tile(&pos, "abbey-mayor.R", 2, 1, 0);
    tu_fig(&pos, 1, "barn", 0, 0, "SE");     /* same field, another junction */
    ASSERT_OPTIONS(&pos, t, "meeple S, wagon S, shepherd NNE");
}

/* H&S, Shepherd: a farmer does not stop a shepherd, and a shepherd does not
 * stop a farmer; a second shepherd is refused. */
Test(deploy, shepherd_and_farmer_do_not_exclude_each_other)
{
    cc_position pos;
    int t = curve_board(&pos, H_S);
    tu_fig(&pos, 1, "meeple", 0, 0, "ENE");
    ASSERT_OPTIONS(&pos, t, "meeple S, meeple SSW, shepherd NNE, shepherd SSW");

    t = curve_board(&pos, H_S);
    tu_fig(&pos, 1, "shepherd", 0, 0, "ENE");
    ASSERT_OPTIONS(&pos, t, "meeple NNE, meeple S, meeple SSW, shepherd SSW");
}

/* H&S: the shepherd stands on fields only, one per player. */
Test(deploy, shepherd_only_on_fields_and_only_from_the_supply)
{
    cc_position pos;
    tu_pos(&pos, 2, H_S);
    tu_tile(&pos, "base.D", 0, 0, 0);
    int t = tu_tile(&pos, "base.E", 0, -1, 180);
    ASSERT_OPTIONS(&pos, t, "meeple NNE, meeple S, shepherd NNE");
    tu_fig(&pos, 0, "shepherd", 0, 0, "SSE");
    ASSERT_OPTIONS(&pos, t, "meeple NNE, meeple S");
}

/* Heretics & Shrines, Placing a follower: a heretic on a shrine next to an
 * occupied cloister challenges that monk; a wagon is a follower too. */
Test(deploy, heretic_on_a_shrine_next_to_a_monk_starts_a_challenge)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M | CC_EXP_SHRINES);
    tu_tile(&pos, "base.B", 0, 0, 0);
    int t = tu_tile(&pos, "shrines.S", 1, 0, 0);
    ASSERT_OPTIONS(&pos, t, "meeple C, meeple NNE, wagon C");
    int monk = tu_fig(&pos, 1, "meeple", 0, 0, "C");
    char expected[80];
    snprintf(expected, sizeof expected, "meeple C!%d, meeple NNE, wagon C!%d", monk, monk);
    ASSERT_OPTIONS(&pos, t, expected);
}

/* Heretics & Shrines: "challenging your own monk is also possible". */
Test(deploy, challenging_ones_own_monk_is_a_challenge_too)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_SHRINES);
    tu_tile(&pos, "base.B", 0, 0, 0);
    int t = tu_tile(&pos, "shrines.S", 1, 0, 0);
    int monk = tu_fig(&pos, 0, "meeple", 0, 0, "C");
    char expected[80];
    snprintf(expected, sizeof expected, "meeple C!%d, meeple NNE", monk);
    ASSERT_OPTIONS(&pos, t, expected);
}

/* Heretics & Shrines note 6: a monk on an abbey next to a heretic challenges
 * it ("the abbey is also a cloister"). */
Test(deploy, monk_on_an_abbey_next_to_a_heretic_starts_a_challenge)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M | CC_EXP_SHRINES);
    tu_tile(&pos, "base.U", 0, -1, 0);
    tu_tile(&pos, "base.U", -1, 0, 90);
    tu_tile(&pos, "base.U", 0, 1, 0);
    tu_tile(&pos, "shrines.S", 1, 0, 0);
    int heretic = tu_fig(&pos, 1, "meeple", 1, 0, "C");
    int t = tu_abbey(&pos, 0, 0, 0);
    char expected[80];
    snprintf(expected, sizeof expected, "meeple C!%d, wagon C!%d", heretic, heretic);
    ASSERT_OPTIONS(&pos, t, expected);
}

/* cc_deploy_check names the rule that forbids a deployment. */
Test(deploy, check_names_the_forbidding_rule)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.D", 0, 0, 0);
    int t = tu_tile(&pos, "base.E", 0, -1, 180);
    tu_fig(&pos, 1, "wagon", 0, 0, "N");
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(&pos, b, f);
    const char *rule = NULL;
    cc_loc s, nne, ne;
    cc_loc_parse("S", &s);
    cc_loc_parse("NNE", &nne);
    cc_loc_parse("NE", &ne);
    cr_assert_not(cc_deploy_check(&pos, f, t, CC_FIG_MAYOR, s, NULL, &rule));
    cr_assert_str_eq(rule, "abbey.mayor.city");
    cr_assert_not(cc_deploy_check(&pos, f, t, CC_FIG_MEEPLE, s, NULL, &rule));
    cr_assert_str_eq(rule, "base.deploy.unoccupied");
    cr_assert_not(cc_deploy_check(&pos, f, t, CC_FIG_WAGON, nne, NULL, &rule));
    cr_assert_str_eq(rule, "abbey.wagon.not-field");
    cr_assert_not(cc_deploy_check(&pos, f, t, CC_FIG_BARN, ne, NULL, &rule));
    cr_assert_str_eq(rule, "abbey.barn.junction");
    cr_assert_not(cc_deploy_check(&pos, f, t, CC_FIG_SHEPHERD, nne, NULL, &rule));
    cr_assert_str_eq(rule, "base.deploy.supply");   /* Hills & Sheep not in play */
    /* Any location of the feature is accepted and named canonically. */
    cc_deploy_option opt;
    cc_loc wsw;
    cc_loc_parse("WSW", &wsw);
    cr_assert(cc_deploy_check(&pos, f, t, CC_FIG_MEEPLE, wsw, &opt, &rule));
    char at[8];
    cr_assert_str_eq(cc_loc_name(opt.at, at), "NNE");
    free(b);
    free(f);
}
