/* test_barn.c -- barn legality and its reasons (engine/barn.h).
 *
 * One board serves most tests: the start tile D at (0,0), a straight road U
 * at (1,0), and four cloisters B filling (0,1) (1,1) (0,2) (1,2). Every
 * tile corner between them shows only field, and all of it is one field
 * (D's south field continues into the cloisters' fields). */
#include <string.h>

#include "../../engine/barn.h"
#include "../support/testutil.h"

CC_SUITE(barn);

static void field_board(cc_position *pos)
{
    tu_pos(pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(pos, "base.D", 0, 0, 0);
    tu_tile(pos, "base.U", 1, 0, 0);
    tu_tile(pos, "base.B", 0, 1, 0);
    tu_tile(pos, "base.B", 1, 1, 0);
    tu_tile(pos, "base.B", 0, 2, 0);
    tu_tile(pos, "base.B", 1, 2, 0);
}

/* Judge a barn for the active player on corner `corner` of the tile at (x, y). */
static cc_barn_verdict judge(const cc_position *pos, int x, int y, const char *corner)
{
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(pos, b, f);
    cc_loc at;
    cr_assert(cc_loc_parse(corner, &at) && at.kind == CC_LOC_CORNER);
    int t = cc_board_at(b, x, y);
    cr_assert_geq(t, 0);
    cc_barn_verdict v;
    cc_barn_check(pos, f, t, at.value, &v);
    free(b);
    free(f);
    return v;
}

/* A&M Barn 2., example 1: four field corners meet: legal. The same junction
 * is named by the SE corner of its NW tile, the SW corner of its NE tile,
 * the NE corner of its SW tile and the NW corner of its SE tile: each of
 * the four tiles may be the one just placed. */
Test(barn, each_corner_name_of_a_four_field_junction_is_legal)
{
    cc_position pos;
    field_board(&pos);
    static const struct { int x, y; const char *corner; } names[4] = {
        { 0, 1, "SE" }, { 1, 1, "SW" }, { 0, 2, "NE" }, { 1, 2, "NW" },
    };
    int field = -1;
    for (int i = 0; i < 4; i++) {
        cc_barn_verdict v = judge(&pos, names[i].x, names[i].y, names[i].corner);
        cr_assert(v.legal, "(%d, %d) %s: %s", names[i].x, names[i].y, names[i].corner, tu_say(&v.reason, NULL));
        cr_assert_null(v.rule);
        if (i > 0)
            cr_assert_eq(v.field, field, "one junction, one field");
        field = v.field;
    }
}

/* The junction of D's south-east corner: a road tile and the start tile
 * show field there too (the road leaves through edge middles, not corners). */
Test(barn, road_tiles_show_field_at_their_corners)
{
    cc_position pos;
    field_board(&pos);
    cr_assert(judge(&pos, 0, 0, "SE").legal);
    cr_assert(judge(&pos, 1, 0, "SW").legal);
}

/* A&M Barn 2., example 2: city segments at the corner: not a barn spot; the
 * reason names the tile and what its corner shows. */
Test(barn, a_city_corner_in_the_junction_forbids_it)
{
    cc_position pos;
    field_board(&pos);
    tu_tile(&pos, "base.E", 0, -1, 180);   /* city S, onto D's city */
    tu_tile(&pos, "base.E", 1, -1, 0);
    /* The point between (0,-1) (1,-1) (0,0) (1,0): E's and D's corners are city. */
    cc_barn_verdict v = judge(&pos, 1, 0, "NW");
    cr_assert_not(v.legal);
    cr_assert_str_eq(v.rule, "abbey.barn.junction");
    cr_assert(strstr(tu_say(&v.reason, NULL), "base.E at (0, -1) shows a city"), "%s", tu_say(&v.reason, NULL));
    cr_assert(!judge(&pos, 0, 0, "NE").legal);
}

/* A&M Barn 2.: "a junction where 4 tiles connect": a missing tile forbids it. */
Test(barn, a_missing_tile_at_the_junction_forbids_it)
{
    cc_position pos;
    field_board(&pos);
    cc_barn_verdict v = judge(&pos, 0, 1, "SW");
    cr_assert_not(v.legal);
    cr_assert_str_eq(v.rule, "abbey.barn.junction");
    cr_assert(strstr(tu_say(&v.reason, NULL), "no tile stands on (-1, 1)"), "%s", tu_say(&v.reason, NULL));
    cr_assert_not(judge(&pos, 1, 1, "NE").legal);   /* (2,0) and (2,1) are empty */
    cr_assert_not(judge(&pos, 1, 2, "SE").legal);   /* the board's south-east rim */
}

/* tiles.md section 1: a corner shows only field when ONE field owns both of
 * its halves; A&M C!+ (city W, walls to the corners) has three fields, so
 * its corners split two fields. */
Test(barn, two_fields_meeting_at_a_corner_forbid_it)
{
    cc_position pos;
    field_board(&pos);
    tu_tile(&pos, "abbey-mayor.C!+", 0, 3, 270);   /* city S */
    tu_tile(&pos, "base.A", 1, 3, 0);
    cc_barn_verdict v = judge(&pos, 1, 3, "NW");
    cr_assert_not(v.legal);
    cr_assert_str_eq(v.rule, "abbey.barn.junction");
    cr_assert(strstr(tu_say(&v.reason, NULL), "two fields parted"), "%s", tu_say(&v.reason, NULL));
}

/* A&M Barn 2.: "You may not place your barn on a field already occupied by
 * another barn"; farmers there do not matter. */
Test(barn, a_field_with_a_barn_refuses_a_second_one_but_farmers_do_not)
{
    cc_position pos;
    field_board(&pos);
    tu_fig(&pos, 1, "meeple", 0, 1, "NNE");       /* a farmer: no obstacle */
    cr_assert(judge(&pos, 1, 2, "NW").legal);
    tu_fig(&pos, 1, "barn", 0, 0, "SE");          /* the other junction, same field */
    cc_barn_verdict v = judge(&pos, 1, 2, "NW");
    cr_assert_not(v.legal);
    cr_assert_str_eq(v.rule, "abbey.barn.one-per-field");
}

/* Contract supplies: one barn per player; and no barn without Abbey & Mayor. */
Test(barn, only_a_barn_still_in_the_supply)
{
    cc_position pos;
    field_board(&pos);
    tu_fig(&pos, 0, "barn", 0, 0, "SE");
    cc_barn_verdict v = judge(&pos, 1, 2, "NW");
    cr_assert_not(v.legal);
    cr_assert_str_eq(v.rule, "base.deploy.supply");

    field_board(&pos);
    pos.expansions = CC_EXP_BASE;
    for (int i = 0; i < pos.nplayers; i++)
        pos.abbeys[i] = 0;
    v = judge(&pos, 1, 2, "NW");
    cr_assert_not(v.legal);
    cr_assert_str_eq(v.rule, "base.deploy.supply");
    cr_assert(strstr(tu_say(&v.reason, NULL), "Abbey & Mayor"), "%s", tu_say(&v.reason, NULL));
}

/* A&M note 8 / tiles.md: the abbey has no field, so its corners never hold a barn. */
Test(barn, an_abbey_corner_is_never_a_barn_spot)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.B", 0, -1, 0);
    tu_tile(&pos, "base.B", -1, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.E", 1, -1, 0);
    tu_abbey(&pos, 0, 0, 1);
    cc_barn_verdict v = judge(&pos, 0, 0, "NE");
    cr_assert_not(v.legal);
    cr_assert(strstr(tu_say(&v.reason, NULL), "shows the abbey"), "%s", tu_say(&v.reason, NULL));
}
