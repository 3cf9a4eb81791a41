/* test_placement.c -- where a tile may go.
 *
 * Rule sources: base game "1. Placing a tile" (edges match, touch a tile),
 * Abbey & Mayor Abbey 1 (only into a hole; fits anything),
 * Heretics & Shrines (1st edition) "Placing a tile" with notes 2-4 and 6,
 * the contract section 5 (/v1/placements: every legal {x, y, rot}, all four
 * rotations listed, sorted by y, x, rot; empty when the tile is discarded).
 * The last tests compare the engine with the naive checker of
 * tests/support/naive.h on hundreds of random boards. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/placement.h"
#include "../../engine/river.h"
#include "../support/naive.h"
#include "../support/random_board.h"
#include "../support/testutil.h"

CC_SUITE(placement);

/* Board storage is static (large; Criterion forks a process per test). */
static cc_board board_store;
static cc_features features_store;

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

static cc_placement found[CC_MAX_PLACEMENTS];

/* Assert that the placements of `id` on pos are exactly want[0..n). */
static void assert_placements(const cc_position *pos, const char *id,
                              const cc_placement *want, int n)
{
    const cc_board *b = board_of(pos);
    int got = cc_placements(b, type_of(id), found, CC_MAX_PLACEMENTS);
    for (int i = 0; i < got && i < n; i++)
        cr_assert(found[i].x == want[i].x && found[i].y == want[i].y && found[i].rot == want[i].rot,
                  "%s placement %d: got (%d, %d, %d), want (%d, %d, %d)", id, i,
                  found[i].x, found[i].y, found[i].rot, want[i].x, want[i].y, want[i].rot);
    cr_assert_eq(got, n, "%s: %d placements, want %d", id, got, n);
}

static void start_tile(cc_position *pos, unsigned expansions)
{
    tu_pos(pos, 2, expansions);
    tu_tile(pos, "base.D", 0, 0, 0);
}

static cc_place_verdict check(const cc_position *pos, const char *id, int x, int y, int deg)
{
    return cc_placement_check(board_of(pos), type_of(id), x, y, deg / 90, NULL);
}

/* ---- the start tile alone ----------------------------------------------- */

/* D has a city N, roads E and W, a field S: an all-field cloister tile fits
 * only below it, and all four rotations are listed though they look alike. */
Test(placement, cloister_fits_only_below_the_start_tile_in_all_four_rotations)
{
    cc_position pos;
    start_tile(&pos, 0);
    static const cc_placement want[] = { { 0, 1, 0 }, { 0, 1, 1 }, { 0, 1, 2 }, { 0, 1, 3 } };
    assert_placements(&pos, "base.B", want, 4);
}

/* A city cap (E): above D with the cap turned down; below D any way the cap
 * does not face D's field. */
Test(placement, city_cap_around_the_start_tile)
{
    cc_position pos;
    start_tile(&pos, 0);
    static const cc_placement want[] = { { 0, -1, 2 }, { 0, 1, 1 }, { 0, 1, 2 }, { 0, 1, 3 } };
    assert_placements(&pos, "base.E", want, 4);
}

/* A straight road (U): continuing D's road W and E (two rotations each), or
 * below D with its field side up (two rotations), sorted by y, x, rot. */
Test(placement, straight_road_around_the_start_tile_sorted_by_y_x_rot)
{
    cc_position pos;
    start_tile(&pos, 0);
    static const cc_placement want[] = {
        { -1, 0, 0 }, { -1, 0, 2 }, { 1, 0, 0 }, { 1, 0, 2 }, { 0, 1, 0 }, { 0, 1, 2 },
    };
    assert_placements(&pos, "base.U", want, 6);
}

/* The all-city tile C fits only above D, in all four rotations. */
Test(placement, all_city_tile_fits_only_above_the_start_tile)
{
    cc_position pos;
    start_tile(&pos, 0);
    static const cc_placement want[] = { { 0, -1, 0 }, { 0, -1, 1 }, { 0, -1, 2 }, { 0, -1, 3 } };
    assert_placements(&pos, "base.C", want, 4);
}

/* Each reason a placement fails, and the rule it cites. */
Test(placement, each_verdict_names_its_rule)
{
    cc_position pos;
    start_tile(&pos, CC_EXP_ABBEY_MAYOR);
    const cc_board *b = board_of(&pos);
    int bad = -1;
    cr_assert_eq(cc_placement_check(b, type_of("base.B"), 0, 0, 0, NULL), CC_PLACE_OCCUPIED);
    cr_assert_eq(cc_placement_check(b, type_of("base.B"), 5, 5, 0, NULL), CC_PLACE_NOT_ADJACENT);
    cr_assert_eq(cc_placement_check(b, type_of("base.B"), 1, 1, 0, NULL), CC_PLACE_NOT_ADJACENT,
                 "touching only at a corner is not touching");
    cr_assert_eq(cc_placement_check(b, type_of("base.B"), 0, -1, 0, &bad), CC_PLACE_EDGES);
    cr_assert_eq(bad, CC_DIR_S, "the new tile's south edge meets D's city");
    cr_assert_eq(cc_placement_check(b, type_of("base.B"), 1, 0, 3, &bad), CC_PLACE_EDGES);
    cr_assert_eq(bad, CC_DIR_W);
    cr_assert_eq(cc_placement_check(b, type_of("abbey-mayor.abbey"), 1, 0, 0, NULL),
                 CC_PLACE_ABBEY_NOT_HOLE);
    cr_assert_eq(cc_placement_check(b, type_of("base.B"), 0, 1, 0, NULL), CC_PLACE_OK);
    cr_assert_null(cc_placement_rule(CC_PLACE_OK));
    cr_assert_str_eq(cc_placement_rule(CC_PLACE_EDGES), "base.placement.edges");
    cr_assert_str_eq(cc_placement_rule(CC_PLACE_NOT_ADJACENT), "base.placement.adjacent");
    cr_assert_str_eq(cc_placement_rule(CC_PLACE_ABBEY_NOT_HOLE), "abbey.placement.hole");
    cr_assert_str_eq(cc_placement_rule(CC_PLACE_SHRINE_CLOISTER), "shrines.placement.neighbours");
    cr_assert_str_eq(cc_placement_rule(CC_PLACE_OCCUPIED), "base.placement.empty-cell");
}

/* Contract section 5: "an empty list when the tile must be discarded". The
 * all-city tile alone leaves no place for an all-field cloister. */
Test(placement, a_tile_that_fits_nowhere_has_no_placements)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.C", 0, 0, 0);
    assert_placements(&pos, "base.B", NULL, 0);
    assert_placements(&pos, "base.U", NULL, 0);
    tu_tile(&pos, "base.F", 0, 1, 90);   /* city N-S below C: still no road edge anywhere */
    assert_placements(&pos, "base.X", NULL, 0);
}

/* Contract/OpenAPI: coordinates are within +-1000, so a placement past the
 * limit could never be sent back in a position: it is not offered. */
Test(placement, no_placement_beyond_the_coordinate_limit)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", CC_COORD_LIMIT, -CC_COORD_LIMIT, 0);
    static const cc_placement want[] = {
        { CC_COORD_LIMIT - 1, -CC_COORD_LIMIT, 0 }, { CC_COORD_LIMIT - 1, -CC_COORD_LIMIT, 2 },
        { CC_COORD_LIMIT, -CC_COORD_LIMIT + 1, 0 }, { CC_COORD_LIMIT, -CC_COORD_LIMIT + 1, 2 },
    };
    assert_placements(&pos, "base.U", want, 4);
}

/* The same at the opposite corner: the cells past the limit lie left of
 * and below the tile (the grid's first column and last row are cut off). */
Test(placement, no_placement_beyond_the_coordinate_limit_at_the_opposite_corner)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", -CC_COORD_LIMIT, CC_COORD_LIMIT, 0);
    static const cc_placement want[] = {
        { -CC_COORD_LIMIT + 1, CC_COORD_LIMIT, 0 }, { -CC_COORD_LIMIT + 1, CC_COORD_LIMIT, 2 },
    };
    assert_placements(&pos, "base.U", want, 2);
}

/* ---- the abbey ---------------------------------------------------------- */

/* Abbey 1: "the abbey may only be used to fill a hole"; no hole, no place. */
Test(placement, the_abbey_has_no_place_without_a_hole)
{
    cc_position pos;
    start_tile(&pos, CC_EXP_ABBEY_MAYOR);
    assert_placements(&pos, "abbey-mayor.abbey", NULL, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);
    tu_tile(&pos, "base.V", 1, 1, 0);
    assert_placements(&pos, "abbey-mayor.abbey", NULL, 0);   /* (0,1) has two neighbours */
}

/* Eight straight roads round (0,0): the hole takes the abbey, whatever its
 * neighbours show, in all four rotations; nowhere else will do. */
Test(placement, the_abbey_goes_into_the_hole_in_all_four_rotations)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++)
            if (x != 0 || y != 0)
                tu_tile(&pos, "base.U", x, y, 0);
    static const cc_placement want[] = { { 0, 0, 0 }, { 0, 0, 1 }, { 0, 0, 2 }, { 0, 0, 3 } };
    assert_placements(&pos, "abbey-mayor.abbey", want, 4);
    /* A land tile in the hole must still match: roads face it from E and W,
     * fields from N and S. */
    const cc_board *b = board_of(&pos);
    cr_assert_eq(cc_placement_check(b, type_of("base.U"), 0, 0, 0, NULL), CC_PLACE_OK);
    cr_assert_eq(cc_placement_check(b, type_of("base.U"), 0, 0, 1, NULL), CC_PLACE_EDGES);
    cr_assert_eq(cc_placement_check(b, type_of("base.B"), 0, 0, 0, NULL), CC_PLACE_EDGES);
}

/* ---- Heretics & Shrines: the neighbourhood rule ------------------------- */

/* Note 2: "a shrine cannot adjoin more than one cloister".
 *     (0,0) B   (1,0) B     a shrine below them would adjoin both */
Test(placement, note2_a_shrine_may_not_adjoin_two_cloisters)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_SHRINES);
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    for (int deg = 0; deg < 360; deg += 90) {
        cr_assert_eq(check(&pos, "shrines.S", 0, 1, deg), CC_PLACE_SHRINE_CLOISTER);
        cr_assert_eq(check(&pos, "shrines.S", 1, -1, deg), CC_PLACE_SHRINE_CLOISTER);
        cr_assert_eq(check(&pos, "shrines.S", -1, 0, deg), CC_PLACE_OK, "one cloister is fine");
        cr_assert_eq(check(&pos, "shrines.S", 2, 0, deg), CC_PLACE_OK);
        cr_assert_eq(check(&pos, "base.B", 0, 1, deg), CC_PLACE_OK, "cloisters may crowd");
    }
    static const cc_placement want[] = {
        { -1, 0, 0 }, { -1, 0, 1 }, { -1, 0, 2 }, { -1, 0, 3 },
        { 2, 0, 0 }, { 2, 0, 1 }, { 2, 0, 2 }, { 2, 0, 3 },
    };
    assert_placements(&pos, "shrines.S", want, 8);
}

/* Note 3: no placing a shrine "in such a way that it forces a cloister to
 * neighbor several shrines".
 *     (0,0) B   (1,0) shrine S     a shrine at (-1,0) would give B two */
Test(placement, note3_a_shrine_may_not_give_a_cloister_a_second_shrine)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_SHRINES);
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "shrines.S", 1, 0, 0);
    cr_assert_eq(check(&pos, "shrines.SR", -1, 0, 0), CC_PLACE_SHRINE_CLOISTER);
    cr_assert_eq(check(&pos, "shrines.SR", 0, -1, 180), CC_PLACE_SHRINE_CLOISTER);
    cr_assert_eq(check(&pos, "shrines.SR", 2, 0, 0), CC_PLACE_OK,
                 "next to the shrine only: shrines may neighbour each other");
}

/* Note 2 "and vice versa" with note 3: no placing a cloister that gives a
 * shrine a second cloister.
 *     (0,0) shrine S   (1,0) B     a cloister at (-1,0) would give S two */
Test(placement, note3_a_cloister_may_not_give_a_shrine_a_second_cloister)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_SHRINES);
    tu_tile(&pos, "shrines.S", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    cr_assert_eq(check(&pos, "base.B", -1, 0, 0), CC_PLACE_SHRINE_CLOISTER);
    cr_assert_eq(check(&pos, "base.A", 0, -1, 180), CC_PLACE_SHRINE_CLOISTER);
    cr_assert_eq(check(&pos, "base.B", 2, 0, 0), CC_PLACE_OK);
}

/* Note 2, the other way round: a cloister may not neighbour two shrines.
 *     (0,0) shrine S   (1,0) shrine SR    a cloister below both: no */
Test(placement, note2_a_cloister_may_not_adjoin_two_shrines)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_SHRINES);
    tu_tile(&pos, "shrines.S", 0, 0, 0);
    tu_tile(&pos, "shrines.SR", 1, 0, 180);
    cr_assert_eq(check(&pos, "base.B", 0, 1, 0), CC_PLACE_SHRINE_CLOISTER);
    cr_assert_eq(check(&pos, "base.B", -1, 0, 0), CC_PLACE_OK);
    cr_assert_eq(check(&pos, "shrines.SC", 0, 1, 180), CC_PLACE_OK, "a third shrine is fine");
}

/* A hole at (0,0) in a ring whose inner edges are all field:
 *     (-1,-1) E0    (0,-1) SC0 shrine       (1,-1) E0 or B
 *     (-1, 0) E270  (0, 0) hole             (1, 0) E90
 *     (-1, 1) E180  (0, 1) SR0 shrine or H0 (1, 1) N180 */
static void shrine_hole(cc_position *pos, bool cloister_top_right, bool shrine_below)
{
    tu_pos(pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_SHRINES);
    tu_tile(pos, "base.E", -1, -1, 0);
    tu_tile(pos, "shrines.SC", 0, -1, 0);
    if (cloister_top_right)
        tu_tile(pos, "base.B", 1, -1, 0);
    else
        tu_tile(pos, "base.E", 1, -1, 0);
    tu_tile(pos, "base.E", -1, 0, 270);
    tu_tile(pos, "base.E", 1, 0, 90);
    tu_tile(pos, "base.E", -1, 1, 180);
    if (shrine_below)
        tu_tile(pos, "shrines.SR", 0, 1, 0);
    else
        tu_tile(pos, "base.H", 0, 1, 0);
    tu_tile(pos, "base.N", 1, 1, 180);
}

/* Note 4: "The rules that restrict the placement of cloisters next to
 * already placed shrines also restrict the placement of abbeys": a hole
 * between two shrines takes neither an abbey nor a cloister, but a shrine. */
Test(placement, note4_no_abbey_between_two_shrines)
{
    cc_position pos;
    shrine_hole(&pos, false, true);
    assert_placements(&pos, "abbey-mayor.abbey", NULL, 0);
    cr_assert_eq(check(&pos, "abbey-mayor.abbey", 0, 0, 0), CC_PLACE_SHRINE_CLOISTER);
    cr_assert_eq(check(&pos, "base.B", 0, 0, 0), CC_PLACE_SHRINE_CLOISTER);
    cr_assert_eq(check(&pos, "shrines.S", 0, 0, 0), CC_PLACE_OK);
}

/* Note 4 with note 3: the shrine at (0,-1) already neighbours the cloister
 * at (1,-1); an abbey in the hole would be its second. */
Test(placement, note4_no_abbey_that_gives_a_shrine_a_second_cloister)
{
    cc_position pos;
    shrine_hole(&pos, true, false);
    cr_assert_eq(check(&pos, "abbey-mayor.abbey", 0, 0, 0), CC_PLACE_SHRINE_CLOISTER);
    assert_placements(&pos, "abbey-mayor.abbey", NULL, 0);
    /* The same hole with a plain tile instead of the cloister takes it. */
    shrine_hole(&pos, false, false);
    static const cc_placement want[] = { { 0, 0, 0 }, { 0, 0, 1 }, { 0, 0, 2 }, { 0, 0, 3 } };
    assert_placements(&pos, "abbey-mayor.abbey", want, 4);
}

/* Note 6: "the abbey is also a cloister". A ring round an abbey with its SE
 * corner (1,1) empty, and a cloister at (2,0):
 *     (-1,-1) E0    (0,-1) B        (1,-1) E0
 *     (-1, 0) E270  (0, 0) abbey    (1, 0) E180   (2,0) B
 *     (-1, 1) E180  (0, 1) H0       (1, 1) empty
 * A shrine (SC, city up) at (1,1) would adjoin the abbey and B(2,0). */
static void abbey_corner(cc_position *pos, bool abbey, bool cloister_east)
{
    tu_pos(pos, 2, TU_ALL_EXPANSIONS);
    tu_tile(pos, "base.E", -1, -1, 0);
    tu_tile(pos, "base.B", 0, -1, 0);
    tu_tile(pos, "base.E", 1, -1, 0);
    tu_tile(pos, "base.E", -1, 0, 270);
    tu_tile(pos, "base.E", 1, 0, 180);
    tu_tile(pos, "base.E", -1, 1, 180);
    tu_tile(pos, "base.H", 0, 1, 0);
    if (cloister_east)
        tu_tile(pos, "base.B", 2, 0, 0);
    if (abbey)
        tu_abbey(pos, 0, 0, 0);
    else
        tu_tile(pos, "hills-sheep.C!.v", 0, 0, 180);
}

Test(placement, note6_the_abbey_counts_as_a_cloister_for_the_shrine_rule)
{
    cc_position pos;
    abbey_corner(&pos, true, true);
    cr_assert_eq(check(&pos, "shrines.SC", 1, 1, 0), CC_PLACE_SHRINE_CLOISTER,
                 "the abbey and B(2,0) are two cloisters");
    abbey_corner(&pos, true, false);
    cr_assert_eq(check(&pos, "shrines.SC", 1, 1, 0), CC_PLACE_OK, "the abbey alone is one");
    abbey_corner(&pos, false, true);
    cr_assert_eq(check(&pos, "shrines.SC", 1, 1, 0), CC_PLACE_OK,
                 "a land tile in the abbey's place leaves one cloister");
}

/* ---- the engine against the naive checker ------------------------------- */

static nv_placement naive[CC_MAX_PLACEMENTS];

/* Compare cc_placements and nv_placements for every tile type on pos;
 * returns the number of abbey placements and counts shrine-rule refusals
 * into *shrine_refusals, so the caller can see the rare rules were met. */
static int compare_all_types(const cc_position *pos, int *shrine_refusals)
{
    const cc_catalog *cat = tu_catalog();
    const cc_board *b = board_of(pos);
    int abbey_spots = 0;
    for (int type = 0; type < cat->ntypes; type++) {
        if (cc_tile_is_river(&cat->types[type]))
            continue;   /* the naive checker knows no river rules: test_river.c */
        int n = cc_placements(b, type, found, CC_MAX_PLACEMENTS);
        int m = nv_placements(pos, cat, type, naive, CC_MAX_PLACEMENTS);
        for (int i = 0; i < n && i < m; i++)
            cr_assert(found[i].x == naive[i].x && found[i].y == naive[i].y &&
                      found[i].rot == naive[i].rot,
                      "%s on a %d-tile board: placement %d is (%d, %d, %d), naive says (%d, %d, %d)",
                      cat->types[type].id, pos->ntiles, i, found[i].x, found[i].y, found[i].rot,
                      naive[i].x, naive[i].y, naive[i].rot);
        cr_assert_eq(n, m, "%s on a %d-tile board: engine %d placements, naive %d",
                     cat->types[type].id, pos->ntiles, n, m);
        if (cat->types[type].is_abbey)
            abbey_spots += n;
        /* Count the refusals only the shrine rule makes. */
        if (cc_tile_centre_feature(&cat->types[type]) < 0)
            continue;
        for (int t = 0; t < b->ntiles; t++)
            for (int d = 0; d < 4; d++)
                for (int rot = 0; rot < 4; rot++) {
                    int x = b->tiles[t].x + cc_dir_dx[d], y = b->tiles[t].y + cc_dir_dy[d];
                    if (cc_placement_check(b, type, x, y, rot, NULL) == CC_PLACE_SHRINE_CLOISTER)
                        (*shrine_refusals)++;
                }
    }
    return abbey_spots;
}

static void compare_on_random_boards(unsigned expansions, int nboards, uint64_t seed0)
{
    int abbey_boards = 0, shrine_refusals = 0, abbeys_placed = 0;
    for (int i = 0; i < nboards; i++) {
        cc_position pos;
        tu_pos(&pos, 2 + i % 5, expansions);
        int want = 1 + (int)((i * 37u) % 100);
        int got = rb_grow(&pos, tu_catalog(), want, expansions, seed0 + (uint64_t)i);
        cr_assert_gt(got, 0);
        for (int t = 0; t < pos.ntiles; t++)
            abbeys_placed += tu_catalog()->types[pos.tiles[t].type].is_abbey;
        if (compare_all_types(&pos, &shrine_refusals) > 0)
            abbey_boards++;
    }
    if (expansions & CC_EXP_ABBEY_MAYOR) {
        cr_assert_gt(abbey_boards, 0, "no random board had a hole: the abbey went untested");
        cr_assert_gt(abbeys_placed, 0, "the generator never placed an abbey");
    }
    if (expansions & CC_EXP_SHRINES)
        cr_assert_gt(shrine_refusals, 0, "the shrine rule never refused anything");
}

/* 300 boards of 1..100 tiles from every expansion, abbeys into holes. */
Test(placement, engine_agrees_with_the_naive_checker_on_random_boards_of_all_sets)
{
    compare_on_random_boards(TU_ALL_EXPANSIONS, 300, 1000);
}

/* 300 boards of the base game with shrines only: more cloisters and shrines
 * per tile, so the neighbourhood rule bites more often. */
Test(placement, engine_agrees_with_the_naive_checker_on_random_shrine_boards)
{
    compare_on_random_boards(CC_EXP_SHRINES, 300, 5000);
}

/* cc_placements against the naive checker for every tile type on pos's
 * board, built without the position's checks (it may hold more tiles of a
 * kind than the game has: the placements do not care). */
static void compare_unchecked(const cc_position *pos)
{
    const cc_catalog *cat = tu_catalog();
    cc_error err;
    cr_assert(cc_board_build(&board_store, cat, pos, &err));
    for (int type = 0; type < cat->ntypes; type++) {
        if (cc_tile_is_river(&cat->types[type]))
            continue;   /* the naive checker knows no river rules: test_river.c */
        int n = cc_placements(&board_store, type, found, CC_MAX_PLACEMENTS);
        int m = nv_placements(pos, cat, type, naive, CC_MAX_PLACEMENTS);
        cr_assert_eq(n, m, "%s: engine %d placements, naive %d", cat->types[type].id, n, m);
        for (int i = 0; i < n; i++)
            cr_assert(found[i].x == naive[i].x && found[i].y == naive[i].y &&
                      found[i].rot == naive[i].rot, "%s: placement %d differs",
                      cat->types[type].id, i);
    }
}

/* Candidates of a board that fits 64 columns are read from bit rows, any
 * other board's are sorted (placement.c): a row of 70 straight roads, and
 * two tiles 500 lines apart, still agree with the naive checker. */
Test(placement, engine_agrees_with_the_naive_checker_on_wide_and_tall_boards)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    for (int x = 0; x < 70; x++)
        tu_tile(&pos, "base.U", x, 0, 90);
    compare_unchecked(&pos);
    cr_assert(!board_store.hashed, "72 x 3 cells: the board's grid (board.h)");
    cr_assert_eq(cc_placements(&board_store, type_of("base.U"), found, CC_MAX_PLACEMENTS),
                 2 * 2 + 2 * 2 * 70, "base.U: both ends, and both sides of the row");
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.D", 3, 500, 0);
    compare_unchecked(&pos);
    cr_assert(!board_store.hashed, "6 x 503 cells: still the board's grid");
}

/* A connected board too large for the board's grid (an L of straight
 * roads, 80 east and 80 south: 83 x 83 cells), so that its cells are
 * hashed, still agrees with the naive checker. */
Test(placement, engine_agrees_with_the_naive_checker_on_a_board_too_large_for_the_grid)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    for (int x = 0; x < 80; x++)
        tu_tile(&pos, "base.U", x, 0, 90);
    tu_tile(&pos, "base.V", 80, 0, 270);
    for (int y = 1; y <= 80; y++)
        tu_tile(&pos, "base.U", 80, y, 0);
    compare_unchecked(&pos);
    cr_assert(board_store.hashed);
}

/* ---- the random board generator itself ---------------------------------- */

/* Same seed, same board; the boards are legal (validation accepts them) and
 * respect the tile counts and the expansions asked for. */
Test(placement, random_boards_are_deterministic_and_valid)
{
    for (int i = 0; i < 20; i++) {
        cc_position a, c;
        tu_pos(&a, 3, CC_EXP_ABBEY_MAYOR);
        tu_pos(&c, 3, CC_EXP_ABBEY_MAYOR);
        rb_grow(&a, tu_catalog(), 60, CC_EXP_ABBEY_MAYOR, 77 + (uint64_t)i);
        rb_grow(&c, tu_catalog(), 60, CC_EXP_ABBEY_MAYOR, 77 + (uint64_t)i);
        cr_assert_eq(a.ntiles, c.ntiles);
        cr_assert_eq(memcmp(a.tiles, c.tiles, sizeof a.tiles[0] * (size_t)a.ntiles), 0);
        cr_assert_eq(a.expansions, CC_EXP_BASE | CC_EXP_ABBEY_MAYOR);
        for (int t = 0; t < a.ntiles; t++) {
            const cc_tile_type *type = &tu_catalog()->types[a.tiles[t].type];
            cr_assert(type->expansion & a.expansions, "%s is not in play", type->id);
        }
        board_of(&a);   /* asserts the position is valid */
    }
    cc_position a, c;
    tu_pos(&a, 2, 0);
    tu_pos(&c, 2, 0);
    rb_grow(&a, tu_catalog(), 40, 0, 1);
    rb_grow(&c, tu_catalog(), 40, 0, 2);
    cr_assert_neq(memcmp(a.tiles, c.tiles, sizeof a.tiles[0] * 40), 0,
                  "two seeds gave the same board");
}

/* The base game has 72 tiles: asking for more stops when they run out. */
Test(placement, random_growth_stops_when_the_tiles_run_out)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    int n = rb_grow(&pos, tu_catalog(), CC_MAX_TILES, 0, 42);
    cr_assert_leq(n, 72);
    cr_assert_gt(n, 60, "a random base game usually places nearly every tile (got %d)", n);
    board_of(&pos);
}
