/* test_river.c -- The River and The River II (engine/river.h).
 *
 * Rule source: the River page of Wikicarpedia (C2), "Preparation",
 * "Placing a tile" (with its FAQ: only immediate U-turns), "Placing a
 * meeple", "Scoring"; River (1st edition) for The River II's fork and
 * branches; docs/clarifications.md#river-readings for the readings chosen.
 * Every position is drawn by hand below: y grows southwards, a tile turned
 * q quarter turns shows its catalog edge d on side d + q. The catalog:
 * river.s has its river E; river.IFI E+W; river.II and river-ii.II S+W;
 * river-ii.III (the fork) N+E+W; river.I.e and river-ii.I.v W. */
#include <string.h>

#include "../../engine/deploy.h"
#include "../../engine/placement.h"
#include "../../engine/river.h"
#include "../../engine/validate.h"
#include "../support/testutil.h"

CC_SUITE(river);

static cc_board board_store;
static cc_features features_store;
static cc_placement found[CC_MAX_PLACEMENTS];

static const cc_board *board_of(const cc_position *pos)
{
    tu_build(pos, &board_store, &features_store);
    return &board_store;
}

static int type_of(const char *id)
{
    int t = cc_catalog_find(tu_catalog(), id);
    cr_assert_geq(t, 0, "no tile %s", id);
    return t;
}

static void assert_placements(const cc_position *pos, const char *id, const cc_placement *want,
                              int n)
{
    int got = cc_placements(board_of(pos), type_of(id), found, CC_MAX_PLACEMENTS);
    for (int i = 0; i < got && i < n; i++)
        cr_expect(found[i].x == want[i].x && found[i].y == want[i].y && found[i].rot == want[i].rot,
                  "%s placement %d: got (%d, %d, %d), want (%d, %d, %d)", id, i, found[i].x,
                  found[i].y, found[i].rot, want[i].x, want[i].y, want[i].rot);
    cr_assert_eq(got, n, "%s: %d placements, want %d", id, got, n);
}

static cc_place_verdict check(const cc_position *pos, const char *id, int x, int y, int deg)
{
    return cc_placement_check(board_of(pos), type_of(id), x, y, deg / 90, NULL);
}

static const char *draw_refusal(const cc_position *pos, const char *id)
{
    const cc_board *b = board_of(pos);
    cc_river r;
    cc_river_read(b, &r);
    return cc_river_draw_refusal(pos, b, &r, type_of(id));
}

static void spring(cc_position *pos, unsigned expansions)
{
    tu_pos(pos, 2, expansions);
    tu_tile(pos, "river.s", 0, 0, 0);
}

static void expect_valid(const cc_position *pos)
{
    cc_error err;
    cr_expect(cc_validate_board(pos, tu_catalog(), &board_store, &err), "%s", tu_detail(&err));
}

static void expect_invalid(const cc_position *pos, const char *rule, const char *pointer)
{
    cc_error err;
    cr_assert_not(cc_validate_board(pos, tu_catalog(), &board_store, &err), "valid, want %s", rule);
    cr_expect_str_eq(err.pointer, pointer);
    cr_expect_neq(strstr(tu_detail(&err), rule), NULL, "%s lacks %s", tu_detail(&err), rule);
}

/* ---- the spring and the river's course ------------------------------------ */

/* River, Preparation: the spring is the start tile; "the river must
 * continue": a straight piece goes only against its mouth, E of it, in the
 * two rotations that show a river edge W. (river.setup.spring,
 * river.placement.continue) */
Test(river, spring_straight_piece_only_continues_the_river)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER);
    expect_valid(&pos);
    static const cc_placement want[] = { { 1, 0, 0 }, { 1, 0, 2 } };
    assert_placements(&pos, "river.IFI", want, 2);
    cr_expect_eq(check(&pos, "river.IFI", 0, 1, 0), CC_PLACE_RIVER_CONTINUE,
                 "beside the spring's field, its river would start nowhere");
    cr_expect_str_eq(cc_placement_rule(CC_PLACE_RIVER_CONTINUE), "river.placement.continue");
}

/* River, Placing a tile: after a straight piece a curve may turn either
 * way (turned 0: S+W, the river turns right, south; turned 90: W+N, left,
 * north). (river.placement.continue, river.placement.no-u-turn) */
Test(river, curves_both_ways_after_a_straight_piece)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER);
    tu_tile(&pos, "river.IFI", 1, 0, 0);
    static const cc_placement want[] = { { 2, 0, 0 }, { 2, 0, 1 } };
    assert_placements(&pos, "river.II", want, 2);
}

/* River, Placing a tile: "the river may not turn in the same direction
 * twice in a row"; FAQ: only immediate U-turns. The spring flows E into a
 * curve at (1, 0) turning south (right); below it another right turn would
 * flow west, straight back: refused; a left turn (an S-bend) is fine.
 * (river.placement.no-u-turn) */
Test(river, u_turn_is_refused_and_the_s_bend_allowed)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER);
    tu_tile(&pos, "river.II", 1, 0, 0);
    expect_valid(&pos);
    cr_expect_eq(check(&pos, "river.II", 1, 1, 90), CC_PLACE_RIVER_U_TURN);
    cr_expect_str_eq(cc_placement_rule(CC_PLACE_RIVER_U_TURN), "river.placement.no-u-turn");
    static const cc_placement want[] = { { 1, 1, 2 } };
    assert_placements(&pos, "river.II", want, 1);
    tu_tile(&pos, "river.II", 1, 1, 90);
    expect_invalid(&pos, "river.placement.no-u-turn", "/position/tiles/2");
}

/* River, Placing a tile: "all river tiles must be drawn and placed before
 * anyone draws a normal tile": while the river is open no land tile is in
 * hand, and a board with one beside the open river is impossible.
 * (river.placement.first) */
Test(river, land_tile_while_the_river_is_open)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER);
    cr_expect_str_eq(draw_refusal(&pos, "base.B"), "river.placement.first");
    cr_expect_null(draw_refusal(&pos, "river.IFI"));
    tu_tile(&pos, "base.B", 0, 1, 0);
    expect_invalid(&pos, "river.placement.first", "/position/tiles/1");
}

/* River, Placing a meeple: no figure on the river itself; the city, road
 * and fields of a river tile take one as usual. river.CIRI beside the
 * spring: city N, road S, fields ENE, WNW, ESE+SSE, SSW+WSW, river E+W.
 * (river.deploy.not-on-river) */
Test(river, deployment_beside_the_river_never_on_it)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER);
    int t = tu_tile(&pos, "river.CIRI", 1, 0, 0);
    tu_build(&pos, &board_store, &features_store);
    cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
    int n = cc_deployments(&pos, &features_store, t, opts);
    static const char *const want[] = { "N", "ENE", "ESE", "S", "SSW", "WNW" };
    cr_assert_eq(n, 6);
    for (int i = 0; i < n; i++) {
        char at[8];
        cr_expect_eq(opts[i].kind, CC_FIG_MEEPLE);
        cr_expect_str_eq(cc_loc_name(opts[i].at, at), want[i]);
    }
    const char *rule = NULL;
    cr_expect_not(cc_deploy_check(&pos, &features_store, t, CC_FIG_MEEPLE,
                                  cc_loc_make(CC_LOC_RING, 3), NULL, &rule));
    cr_expect_str_eq(rule, "river.deploy.not-on-river");
    tu_fig(&pos, 0, "meeple", 1, 0, "E");
    cc_error err;
    cr_expect_not(cc_validate_board(&pos, tu_catalog(), &board_store, &err));
}

/* River, Clarifications: the field goes all round the spring; a river
 * separates fields as a road does: on the bridge (river N+S turned a
 * quarter: E+W, road N+S) the two fields east of the road are cut apart by
 * the river, the two west of it meet round the spring. (river.feature.river) */
Test(river, fields_split_by_the_river_but_joined_round_the_spring)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER);
    tu_tile(&pos, "river.RIrI", 1, 0, 90);
    tu_build(&pos, &board_store, &features_store);
    cr_expect_neq(tu_feature(&features_store, 1, 0, "NNE"), tu_feature(&features_store, 1, 0, "ESE"));
    cr_expect_eq(tu_feature(&features_store, 1, 0, "WNW"), tu_feature(&features_store, 1, 0, "WSW"));
    int river = tu_feature(&features_store, 1, 0, "E");
    cr_expect_eq(features_store.features[river].type, CC_FEAT_RIVER);
    cr_expect_eq(river, tu_feature(&features_store, 0, 0, "E"), "one river from the spring");
}

/* ---- the lake -------------------------------------------------------------- */

/* River, Preparation: the lake goes to the bottom of the river stack. The
 * whole River I laid by hand: spring, six straight pieces, four curves in
 * S-bends, then the lake closes it. (river.placement.lake-last) */
Test(river, lake_comes_last_and_closes_the_river)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER);
    cr_expect_str_eq(draw_refusal(&pos, "river.I.e"), "river.placement.lake-last");
    tu_tile(&pos, "river.CICI", 1, 0, 0);
    tu_tile(&pos, "river.CIRI", 2, 0, 0);
    tu_tile(&pos, "river.LIRI", 3, 0, 0);
    tu_tile(&pos, "river.RIrI", 4, 0, 90);
    tu_tile(&pos, "river.IFI", 5, 0, 0);
    tu_tile(&pos, "river.IFI", 6, 0, 0);
    tu_tile(&pos, "river.II", 7, 0, 0);      /* W+S: turns south */
    tu_tile(&pos, "river.II", 7, 1, 180);    /* N+E: back east */
    tu_tile(&pos, "river.RrII", 8, 1, 0);    /* W+S: south again */
    tu_tile(&pos, "river.CcII", 8, 2, 270);  /* N+E: east */
    expect_valid(&pos);
    cr_expect_null(draw_refusal(&pos, "river.I.e"));
    cr_expect_str_eq(draw_refusal(&pos, "base.B"), "river.placement.first");
    static const cc_placement want[] = { { 9, 2, 0 } };
    assert_placements(&pos, "river.I.e", want, 1);
    tu_tile(&pos, "river.I.e", 9, 2, 0);
    expect_valid(&pos);
    cr_expect_null(draw_refusal(&pos, "base.B"), "the river is closed: land tiles now");
}

/* ---- The River II: fork, branches, volcano ----------------------------------- */

/* River (1st edition), The River II: the fork is placed right after the
 * spring; any river edge of it may meet the spring's mouth (turned 0, 180,
 * 270; turned 90 its field faces it). (river-ii.placement.fork-first) */
Test(river, river_ii_fork_comes_first)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER_II);
    expect_valid(&pos);
    cr_expect_str_eq(draw_refusal(&pos, "river-ii.II"), "river-ii.placement.fork-first");
    cr_expect_null(draw_refusal(&pos, "river-ii.III"));
    static const cc_placement want[] = { { 1, 0, 0 }, { 1, 0, 2 }, { 1, 0, 3 } };
    assert_placements(&pos, "river-ii.III", want, 3);
    tu_tile(&pos, "river-ii.II", 1, 0, 0);
    expect_invalid(&pos, "river-ii.placement.fork-first", "/position/tiles/1");
}

/* River (1st edition), The River II: "the two branches must not be
 * connected". Fork at (1, 0) (in from W, out N and E); the north branch
 * turns east, the east branch turns north: both now point at (2, -1), and
 * a curve there joining them is refused. (river-ii.placement.branches-apart) */
Test(river, river_ii_branches_that_would_meet)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER_II);
    tu_tile(&pos, "river-ii.III", 1, 0, 0);
    tu_tile(&pos, "river-ii.II", 1, -1, 270);   /* S+E */
    tu_tile(&pos, "river-ii.RrII", 2, 0, 90);   /* W+N, road E+S */
    expect_valid(&pos);
    cr_expect_eq(check(&pos, "river-ii.II+", 2, -1, 270), CC_PLACE_RIVER_BRANCHES);
    cr_expect_str_eq(cc_placement_rule(CC_PLACE_RIVER_BRANCHES), "river-ii.placement.branches-apart");
    tu_tile(&pos, "river-ii.II+", 2, -1, 270);
    expect_invalid(&pos, "river-ii.placement.branches-apart", "/position/tiles/4");
}

/* River, Placing a meeple (The River II): nothing is deployed on the
 * volcano lake. (river-ii.deploy.volcano) */
Test(river, river_ii_volcano_takes_no_figure)
{
    cc_position pos;
    spring(&pos, CC_EXP_RIVER_II);
    tu_tile(&pos, "river-ii.III", 1, 0, 0);
    int t = tu_tile(&pos, "river-ii.I.v", 2, 0, 0);
    cc_error err;   /* the volcano before the other river tiles: built, not validated */
    cr_assert(cc_board_build(&board_store, tu_catalog(), &pos, &err));
    cc_features_build(&features_store, &board_store);
    cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
    cr_expect_eq(cc_deployments(&pos, &features_store, t, opts), 0);
    const char *rule = NULL;
    cr_expect_not(cc_deploy_check(&pos, &features_store, t, CC_FIG_MEEPLE,
                                  cc_loc_make(CC_LOC_RING, 1), NULL, &rule));
    cr_expect_str_eq(rule, "river-ii.deploy.volcano");
}

/* The River and The River II together: one spring, and River I's lake
 * stays in the box (docs/clarifications.md#river-both-sets). */
Test(river, both_rivers_share_one_spring_and_drop_the_first_lake)
{
    const cc_catalog *cat = tu_catalog();
    unsigned both = CC_EXP_BASE | CC_EXP_RIVER | CC_EXP_RIVER_II;
    cr_expect_eq(cc_tile_copies(&cat->types[type_of("river.s")], both), 1);
    cr_expect_eq(cc_tile_copies(&cat->types[type_of("river.s")], CC_EXP_BASE | CC_EXP_RIVER_II), 1);
    cr_expect_eq(cc_tile_copies(&cat->types[type_of("river.I.e")], both), 0);
    cr_expect_eq(cc_tile_copies(&cat->types[type_of("river-ii.I.v")], both), 1);
    cr_expect_eq(cc_tile_copies(&cat->types[type_of("river.II")], CC_EXP_BASE), 0);
    cc_position pos;
    spring(&pos, CC_EXP_RIVER | CC_EXP_RIVER_II);
    tu_tile(&pos, "river-ii.III", 1, 0, 0);
    tu_tile(&pos, "river.I.e", 2, 0, 0);
    cc_error err;
    cr_expect_not(cc_validate_board(&pos, cat, &board_store, &err), "River I's lake is not in play");
}

/* River, Preparation: a game with a river starts at the spring; a river
 * tile away from the river is impossible. (river.setup.spring,
 * river.placement.continue) */
Test(river, validation_wants_the_spring_and_a_joined_river)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_RIVER);
    tu_tile(&pos, "base.D", 0, 0, 0);
    cc_error err;
    cr_assert_not(cc_validate_board(&pos, tu_catalog(), &board_store, &err));
    cr_expect_str_eq(err.pointer, "/position/tiles");
    spring(&pos, CC_EXP_RIVER);
    tu_tile(&pos, "river.IFI", 1, 0, 0);
    tu_tile(&pos, "river.IFI", 1, 1, 90);   /* N+S: its river meets a field edge */
    cr_assert_not(cc_validate_board(&pos, tu_catalog(), &board_store, &err));
}
