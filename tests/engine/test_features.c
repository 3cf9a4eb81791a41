/* test_features.c -- the feature graph on hand-built positions.
 *
 * Every board here is drawn in its test's comment. Tile orientations are the
 * catalog's (tiles.md); "E180" means base.E turned 180 degrees clockwise.
 * Rule sources: base game feature rules, Abbey & Mayor (Abbey, notes
 * 7 and 8), Hills & Sheep (Czech page) ("New special city tiles"),
 * tiles.md sections 1 and 6. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/features.h"
#include "../support/naive.h"
#include "../support/random_board.h"
#include "../support/testutil.h"

CC_SUITE(features);

/* A built position. Board and features are large, so they live in static
 * storage: Criterion runs each test in its own process, and a failing
 * assertion then leaves nothing on the heap for the leak check to report. */
typedef struct {
    cc_board *b;
    cc_features *f;
} built;

static cc_board board_store;
static cc_features features_store;

static built build(const cc_position *pos)
{
    built w = { &board_store, &features_store };
    tu_build(pos, w.b, w.f);
    return w;
}

/* Marks the end of a board's use (the next build overwrites it). */
static void done(built *w)
{
    w->b = NULL;
    w->f = NULL;
}

static const cc_feature *feat(const built *w, int x, int y, const char *at)
{
    return &w->f->features[tu_feature(w->f, x, y, at)];
}

static bool same(const built *w, int x1, int y1, const char *a1, int x2, int y2, const char *a2)
{
    return tu_feature(w->f, x1, y1, a1) == tu_feature(w->f, x2, y2, a2);
}

/* Does field `field` border the city found at (x, y, at)? */
static bool borders(const built *w, const cc_feature *field, int x, int y, const char *at)
{
    int city = tu_feature(w->f, x, y, at);
    int n;
    const int *cities = cc_features_cities(w->f, (int)(field - w->f->features), &n);
    for (int i = 0; i < n; i++)
        if (cities[i] == city)
            return true;
    return false;
}

/* The canonical name of a feature: its naming cell and location. */
static void assert_name(const built *w, const cc_feature *ft, int x, int y, const char *at)
{
    char buf[8];
    const cc_board_tile *bt = &w->b->tiles[ft->name_tile];
    cr_assert(bt->x == x && bt->y == y, "named at (%d, %d), expected (%d, %d)",
              bt->x, bt->y, x, y);
    cr_assert_str_eq(cc_loc_name(ft->name_at, buf), at);
}

/* ---- cities ------------------------------------------------------------- */

/* Base rules: a city is complete when no edge is open. D's northern city
 * cap closed by an E turned to face it:
 *     (0,-1) E180  city on S
 *     (0, 0) D     city on N */
Test(features, two_caps_facing_each_other_make_a_complete_city)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.E", 0, -1, 180);
    built w = build(&pos);
    const cc_feature *city = feat(&w, 0, 0, "N");
    cr_assert(same(&w, 0, 0, "N", 0, -1, "S"));
    cr_assert_eq(city->type, CC_FEAT_CITY);
    cr_assert(city->complete);
    cr_assert_eq(city->open, 0);
    cr_assert_eq(city->ncells, 2);
    cr_assert_eq(city->nparts, 2);
    cr_assert_eq(city->pennants, 0);
    assert_name(&w, city, 0, -1, "S");
    done(&w);
}

Test(features, a_lone_city_cap_is_open)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    built w = build(&pos);
    const cc_feature *city = feat(&w, 0, 0, "N");
    cr_assert_not(city->complete);
    cr_assert_eq(city->open, 1);
    cr_assert_eq(city->ncells, 1);
    done(&w);
}

/* Base rules (coats of arms): pennants of all segments add up.
 *     (0,0) F   (1,0) F   (2,0) G      one city W-E, 1 + 1 + 0 pennants */
Test(features, pennants_of_joined_segments_add_up)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.F", 0, 0, 0);
    tu_tile(&pos, "base.F", 1, 0, 0);
    tu_tile(&pos, "base.G", 2, 0, 0);
    built w = build(&pos);
    const cc_feature *city = feat(&w, 1, 0, "E");
    cr_assert(same(&w, 0, 0, "E", 2, 0, "W"));
    cr_assert_eq(city->pennants, 2);
    cr_assert_eq(city->ncells, 3);
    cr_assert_eq(city->open, 2);   /* W of (0,0), E of (2,0) */
    cr_assert_not(city->complete);
    done(&w);
}

/* ---- roads -------------------------------------------------------------- */

/* Base rules: a road that closes in a loop is complete. Four curves (V):
 *     (0,0) V270 E+S   (1,0) V0 S+W
 *     (0,1) V180 N+E   (1,1) V90 W+N
 * Listed out of order so that the cells must be sorted (y, then x). */
Test(features, four_curves_close_a_loop_road)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.V", 1, 1, 90);
    tu_tile(&pos, "base.V", 0, 1, 180);
    tu_tile(&pos, "base.V", 1, 0, 0);
    tu_tile(&pos, "base.V", 0, 0, 270);
    built w = build(&pos);
    const cc_feature *road = feat(&w, 0, 0, "E");
    cr_assert(same(&w, 0, 0, "E", 1, 1, "N"));
    cr_assert(same(&w, 0, 0, "S", 0, 1, "N"));
    cr_assert_eq(road->type, CC_FEAT_ROAD);
    cr_assert(road->complete);
    cr_assert_eq(road->ncells, 4);
    assert_name(&w, road, 0, 0, "E");

    /* Cells sorted by y then x, whatever the order of position.tiles. */
    int tiles[CC_MAX_TILES];
    int n = cc_features_cells(w.f, (int)(road - w.f->features), tiles);
    static const int want[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
    cr_assert_eq(n, 4);
    for (int i = 0; i < 4; i++)
        cr_assert(w.b->tiles[tiles[i]].x == want[i][0] && w.b->tiles[tiles[i]].y == want[i][1],
                  "cell %d is (%d, %d)", i, w.b->tiles[tiles[i]].x, w.b->tiles[tiles[i]].y);

    /* The four inside corners form a closed field; the outside stays open. */
    const cc_feature *inside = feat(&w, 0, 0, "SSE");
    cr_assert(same(&w, 0, 0, "SSE", 1, 1, "NNW"));
    cr_assert(inside->complete);
    cr_assert_eq(inside->ncells, 4);
    cr_assert_not(feat(&w, 0, 0, "NNW")->complete);
    cr_assert_neq(tu_feature(w.f, 0, 0, "NNW"), tu_feature(w.f, 0, 0, "SSE"));
    done(&w);
}

/* Base rules: a road ends at a junction, a city gate or a cloister.
 *     (0,0) W   junction: roads E, S, W end here
 *     (1,0) S90 city with its gate road on W
 *     (0,1) A180 cloister with its road on N */
Test(features, roads_end_at_junctions_city_gates_and_cloisters)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.W", 0, 0, 0);
    tu_tile(&pos, "base.S", 1, 0, 90);
    tu_tile(&pos, "base.A", 0, 1, 180);
    built w = build(&pos);
    const cc_feature *to_gate = feat(&w, 0, 0, "E");
    const cc_feature *to_cloister = feat(&w, 0, 0, "S");
    const cc_feature *west = feat(&w, 0, 0, "W");
    cr_assert(same(&w, 0, 0, "E", 1, 0, "W"));
    cr_assert(same(&w, 0, 0, "S", 0, 1, "N"));
    cr_assert(to_gate != to_cloister && to_gate != west && to_cloister != west,
              "the junction separates its three roads");
    cr_assert(to_gate->complete);
    cr_assert_eq(to_gate->ncells, 2);
    cr_assert(to_cloister->complete);
    cr_assert_not(west->complete);
    cr_assert_eq(west->open, 1);
    /* The cloister at (0,1) has two of its eight neighbours: (0,0), (1,0). */
    const cc_feature *cloister = feat(&w, 0, 1, "C");
    cr_assert_eq(cloister->type, CC_FEAT_CLOISTER);
    cr_assert_eq(cloister->open, 6);
    cr_assert_not(cloister->complete);
    done(&w);
}

/* Road D-U running W-E splits the fields: north and south stay apart, and
 * each joins its counterpart on the next tile half by half. */
Test(features, fields_on_either_side_of_a_road_join_half_by_half)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);
    built w = build(&pos);
    cr_assert(same(&w, 0, 0, "ENE", 1, 0, "WNW"));
    cr_assert(same(&w, 0, 0, "ENE", 1, 0, "NNE"));
    cr_assert(same(&w, 0, 0, "ESE", 1, 0, "WSW"));
    cr_assert(same(&w, 0, 0, "ESE", 1, 0, "SSE"));
    cr_assert_neq(tu_feature(w.f, 0, 0, "ENE"), tu_feature(w.f, 0, 0, "ESE"),
                  "the road separates the north and south fields");
    cr_assert_neq(tu_feature(w.f, 1, 0, "NNE"), tu_feature(w.f, 1, 0, "SSE"));
    const cc_feature *north = feat(&w, 1, 0, "NNE"), *south = feat(&w, 1, 0, "SSE");
    cr_assert_eq(north->ncities, 1);
    cr_assert(borders(&w, north, 0, 0, "N"));
    cr_assert_eq(south->ncities, 0);
    const cc_feature *road = feat(&w, 0, 0, "W");
    cr_assert(same(&w, 0, 0, "W", 1, 0, "E"));
    cr_assert_eq(road->open, 2);
    cr_assert_eq(road->ncells, 2);
    done(&w);
}

/* A field joins across a field edge: D's southern field and the cloister
 * tile B below it, both halves. */
Test(features, fields_join_across_a_field_edge)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    built w = build(&pos);
    cr_assert(same(&w, 0, 0, "SSW", 0, 1, "NNW"));
    cr_assert(same(&w, 0, 0, "SSE", 0, 1, "NNE"));
    cr_assert(same(&w, 0, 0, "WSW", 0, 1, "SSE"));
    cr_assert_neq(tu_feature(w.f, 0, 0, "WNW"), tu_feature(w.f, 0, 1, "NNW"));
    done(&w);
}

/* ---- cloisters ---------------------------------------------------------- */

/* Base rules: a cloister is complete when the 8 cells round it are filled.
 *     N0   E0   N90
 *     E270 B    E90
 *     M270 E180 N180
 * (caps and corner cities turned outwards so every inner edge is field). */
static void cloister_ring(cc_position *pos, bool with_last_corner)
{
    tu_pos(pos, 2, 0);
    tu_tile(pos, "base.B", 0, 0, 0);
    tu_tile(pos, "base.E", 0, -1, 0);
    tu_tile(pos, "base.E", 1, 0, 90);
    tu_tile(pos, "base.E", 0, 1, 180);
    tu_tile(pos, "base.E", -1, 0, 270);
    tu_tile(pos, "base.N", -1, -1, 0);
    tu_tile(pos, "base.N", 1, -1, 90);
    tu_tile(pos, "base.M", -1, 1, 270);
    if (with_last_corner)
        tu_tile(pos, "base.N", 1, 1, 180);
}

Test(features, a_cloister_with_eight_neighbours_is_complete)
{
    cc_position pos;
    cloister_ring(&pos, true);
    built w = build(&pos);
    const cc_feature *c = feat(&w, 0, 0, "C");
    cr_assert_eq(c->type, CC_FEAT_CLOISTER);
    cr_assert(c->complete);
    cr_assert_eq(c->open, 0);
    cr_assert_eq(c->ncells, 1);
    assert_name(&w, c, 0, 0, "C");
    /* The field round the cloister touches all eight surrounding cities,
     * none of them complete. */
    const cc_feature *field = feat(&w, 0, 0, "NNE");
    cr_assert(same(&w, 0, 0, "NNE", 1, 1, "WNW"));
    cr_assert_eq(field->ncities, 8);
    cr_assert_eq(cc_features_completed_cities(w.f, (int)(field - w.f->features)), 0);
    done(&w);
}

Test(features, a_cloister_with_seven_neighbours_is_not)
{
    cc_position pos;
    cloister_ring(&pos, false);
    built w = build(&pos);
    const cc_feature *c = feat(&w, 0, 0, "C");
    cr_assert_not(c->complete);
    cr_assert_eq(c->open, 1);
    done(&w);
}

/* ---- fields and the cities they border --------------------------------- */

/* Farmer scoring counts each city a field borders once. One city over four
 * tiles touches the field below it on two tiles:
 *     (0,-1) N180 city S+E   (1,-1) N270 city W+S
 *     (0, 0) E0   city N     (1, 0) E0   city N
 * The field of (0,0) and (1,0) joins across their shared field edge. */
Test(features, a_field_touching_one_city_on_two_tiles_counts_it_once)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.E", 0, 0, 0);
    tu_tile(&pos, "base.E", 1, 0, 0);
    tu_tile(&pos, "base.N", 0, -1, 180);
    tu_tile(&pos, "base.N", 1, -1, 270);
    built w = build(&pos);
    const cc_feature *city = feat(&w, 0, 0, "N");
    cr_assert(same(&w, 0, 0, "N", 1, 0, "N"));
    cr_assert(city->complete);
    cr_assert_eq(city->ncells, 4);
    /* Named by its first cell (y, then x) and that cell's first location. */
    assert_name(&w, city, 0, -1, "E");
    const cc_feature *field = feat(&w, 0, 0, "ESE");
    cr_assert(same(&w, 0, 0, "ESE", 1, 0, "WSW"));
    cr_assert_eq(field->ncities, 1);
    cr_assert(borders(&w, field, 1, -1, "W"));
    cr_assert_eq(cc_features_completed_cities(w.f, (int)(field - w.f->features)), 1);
    done(&w);
}

/* ---- the abbey ---------------------------------------------------------- */

/* Abbey & Mayor, Abbey 3 and note 8: the abbey closes what touches it
 * but is not part of any feature; a field that meets a city only across the
 * abbey does not border it.
 *     (-1,-1) E180  (0,-1) E180  (1,-1) E180     caps on S
 *     (-1, 0) E0    (0, 0) abbey (1, 0) E0       caps on N
 *     (-1, 1) B     (0, 1) B     (1, 1) B
 * The cap of (0,-1) is closed by the abbey. The southern field (round the
 * cloisters, touching the abbey on three sides) never reaches that cap. */
static void abbey_field_ring(cc_position *pos, bool with_abbey)
{
    tu_pos(pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(pos, "base.E", -1, -1, 180);
    tu_tile(pos, "base.E", 0, -1, 180);
    tu_tile(pos, "base.E", 1, -1, 180);
    tu_tile(pos, "base.E", 1, 0, 0);
    tu_tile(pos, "base.B", 1, 1, 0);
    tu_tile(pos, "base.B", 0, 1, 0);
    tu_tile(pos, "base.B", -1, 1, 0);
    tu_tile(pos, "base.E", -1, 0, 0);
    if (with_abbey)
        tu_abbey(pos, 0, 0, 1);
}

Test(features, a_field_touching_only_the_abbey_does_not_border_the_city_it_closed)
{
    cc_position pos;
    abbey_field_ring(&pos, true);
    built w = build(&pos);
    const cc_feature *cap = feat(&w, 0, -1, "S");
    cr_assert(cap->complete, "the abbey closes the cap it touches");
    cr_assert_eq(cap->ncells, 1, "the abbey is not part of the city");
    const cc_feature *south = feat(&w, 0, 1, "NNE");
    cr_assert(same(&w, 0, 1, "NNE", 1, 0, "WSW"));
    cr_assert(same(&w, 0, 1, "NNE", -1, 0, "ESE"));
    cr_assert_not(borders(&w, south, 0, -1, "S"),
                  "the southern field meets the closed cap only across the abbey");
    cr_assert(borders(&w, south, 1, 0, "N"));
    cr_assert(borders(&w, south, -1, 0, "N"));
    cr_assert_eq(south->ncities, 2);
    const cc_feature *north = feat(&w, 0, -1, "NNE");
    cr_assert(borders(&w, north, 0, -1, "S"));
    cr_assert_neq(tu_feature(w.f, 0, -1, "NNE"), tu_feature(w.f, 0, 1, "NNE"));
    /* The abbey itself: a monastery at C, complete with 8 neighbours. */
    const cc_feature *abbey = feat(&w, 0, 0, "C");
    cr_assert_eq(abbey->type, CC_FEAT_ABBEY);
    cr_assert(abbey->complete);
    cr_assert_eq(abbey->ncells, 1);
    done(&w);
}

Test(features, the_hole_left_open_keeps_the_cap_open)
{
    cc_position pos;
    abbey_field_ring(&pos, false);
    built w = build(&pos);
    cr_assert_not(feat(&w, 0, -1, "S")->complete);
    cr_assert_eq(feat(&w, 0, -1, "S")->open, 1);
    /* The fields that touch the hole are open there too. */
    cr_assert_not(feat(&w, 0, 1, "NNE")->complete);
    done(&w);
}

/* Abbey & Mayor note 8: the abbey closes roads but joins nothing.
 * Eight straight roads (U) round a hole: the two roads pointing into the
 * abbey from W and E stay two roads, each closed at the abbey. */
Test(features, the_abbey_closes_roads_on_both_sides_without_joining_them)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++)
            if (x != 0 || y != 0)
                tu_tile(&pos, "base.U", x, y, 0);
    tu_abbey(&pos, 0, 0, 0);
    built w = build(&pos);
    const cc_feature *west = feat(&w, -1, 0, "E"), *east = feat(&w, 1, 0, "W");
    cr_assert_neq(tu_feature(w.f, -1, 0, "E"), tu_feature(w.f, 1, 0, "W"),
                  "the abbey joins nothing across itself");
    cr_assert_eq(west->open, 1, "closed at the abbey, open to the west");
    cr_assert_eq(east->open, 1);
    cr_assert_eq(west->ncells, 1);
    cr_assert_neq(tu_feature(w.f, -1, 0, "NNE"), tu_feature(w.f, -1, 0, "SSE"),
                  "no field joins across the abbey either");
    cr_assert(same(&w, 0, -1, "E", 1, -1, "W"));
    done(&w);
}

/* ---- inner fields (tiles.md section 1, H&S footnote 2) ----------------- */

/* AM CCcc+: two cities crossing, two inner fields, closed from the start and
 * each bordering both cities. They touch no edge, so their name is #k. */
Test(features, inner_fields_of_ccccplus_are_closed_from_the_start)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "abbey-mayor.CCcc+", 0, 0, 90);
    built w = build(&pos);
    const cc_feature *i2 = feat(&w, 0, 0, "#2"), *i3 = feat(&w, 0, 0, "#3");
    cr_assert_neq(i2, i3);
    const cc_feature *inners[2] = { i2, i3 };
    for (int i = 0; i < 2; i++) {
        const cc_feature *inner = inners[i];
        cr_assert_eq(inner->type, CC_FEAT_FIELD);
        cr_assert(inner->complete);
        cr_assert_eq(inner->open, 0);
        cr_assert_eq(inner->ncells, 1);
        cr_assert_eq(inner->ncities, 2);
        cr_assert(borders(&w, inner, 0, 0, "N"));
        cr_assert(borders(&w, inner, 0, 0, "E"));
    }
    assert_name(&w, i2, 0, 0, "#2");
    assert_name(&w, i3, 0, 0, "#3");
    /* The crossing cities stay separate (turned 90: #0 is now W-E). */
    cr_assert(same(&w, 0, 0, "E", 0, 0, "#0"));
    cr_assert(same(&w, 0, 0, "N", 0, 0, "#1"));
    cr_assert_neq(tu_feature(w.f, 0, 0, "N"), tu_feature(w.f, 0, 0, "E"));
    cr_assert_eq(feat(&w, 0, 0, "#0")->pennants, 1);
    cr_assert_eq(feat(&w, 0, 0, "#1")->pennants, 0);
    done(&w);
}

/* AM CCc+: one inner field (closed) and one southern field (open); both
 * border both cities (rule page: the city with the coat of arms ends after
 * the bridge in the lower field). */
Test(features, inner_field_of_cccplus_is_closed_and_the_edge_field_open)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "abbey-mayor.CCc+", 0, 0, 0);
    built w = build(&pos);
    const cc_feature *inner = feat(&w, 0, 0, "#2"), *lower = feat(&w, 0, 0, "SSE");
    cr_assert(inner->complete);
    cr_assert_not(lower->complete);
    cr_assert_eq(lower->open, 2);
    cr_assert_eq(inner->ncities, 2);
    cr_assert_eq(lower->ncities, 2);
    cr_assert(same(&w, 0, 0, "#3", 0, 0, "SSW"));
    assert_name(&w, lower, 0, 0, "SSE");
    done(&w);
}

/* ---- Hills & Sheep split edges (tiles.md section 6) -------------------- */

/* CC!.v: N carries two city segments, #0 (west part, with W) and #1 (east
 * part, with E). Alone, they are two open cities. */
Test(features, split_city_segments_are_separate_until_a_neighbour_joins_them)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    tu_tile(&pos, "hills-sheep.CC!.v", 0, 0, 0);
    built w = build(&pos);
    cr_assert_neq(tu_feature(w.f, 0, 0, "N"), tu_feature(w.f, 0, 0, "E"));
    cr_assert(same(&w, 0, 0, "N", 0, 0, "W"));
    cr_assert(same(&w, 0, 0, "#1", 0, 0, "E"));
    cr_assert_eq(feat(&w, 0, 0, "N")->open, 2);
    cr_assert_eq(feat(&w, 0, 0, "E")->open, 2, "#1 is open on E and on its part of N");
    assert_name(&w, feat(&w, 0, 0, "#1"), 0, 0, "E");
    /* The single field borders both cities. */
    cr_assert_eq(feat(&w, 0, 0, "SSE")->ncities, 2);
    done(&w);
}

/* Rule page: "If you place a tile with one city segment to the right of it,
 * the city segments become connected."
 *     (0,-1) E180 city on S
 *     (0, 0) CC!.v, split edge N */
Test(features, a_plain_city_edge_joins_both_split_segments)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    tu_tile(&pos, "hills-sheep.CC!.v", 0, 0, 0);
    tu_tile(&pos, "base.E", 0, -1, 180);
    built w = build(&pos);
    cr_assert(same(&w, 0, -1, "S", 0, 0, "N"));
    cr_assert(same(&w, 0, -1, "S", 0, 0, "E"));
    cr_assert(same(&w, 0, -1, "S", 0, 0, "#1"));
    const cc_feature *city = feat(&w, 0, 0, "E");
    cr_assert_eq(city->nparts, 3);
    cr_assert_eq(city->ncells, 2);
    cr_assert_eq(city->open, 2, "still open on W and E of the split tile");
    assert_name(&w, city, 0, -1, "S");
    /* The split tile's field borders one city now, counted once. */
    cr_assert_eq(feat(&w, 0, 0, "SSE")->ncities, 1);
    done(&w);
}

/* Rule page note: two of these tiles split edge to split edge connect all of
 * the separate city segments.
 *     (0,-1) CC!.v turned 180 (split edge S)
 *     (0, 0) CC!.v (split edge N) */
Test(features, two_split_edges_face_to_face_join_all_four_segments)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    tu_tile(&pos, "hills-sheep.CC!.v", 0, 0, 0);
    tu_tile(&pos, "hills-sheep.CC!.v", 0, -1, 180);
    built w = build(&pos);
    cr_assert(same(&w, 0, 0, "N", 0, 0, "E"));
    cr_assert(same(&w, 0, 0, "N", 0, -1, "S"));
    cr_assert(same(&w, 0, 0, "N", 0, -1, "W"));
    const cc_feature *city = feat(&w, 0, 0, "W");
    cr_assert_eq(city->nparts, 4);
    cr_assert_eq(city->ncells, 2);
    cr_assert_eq(city->open, 4);
    done(&w);
}

/* tiles.md section 6 (the reference's fixture multi_city_merge_abbey): the
 * abbey in front of a split edge closes both segments as two cities.
 *     (-1,-1) E90  (0,-1) CC!.v 180  (1,-1) E270
 *     (-1, 0) B    (0, 0) abbey      (1, 0) B
 *     (-1, 1) E180 (0, 1) B          (1, 1) E180
 * Turned 180, CC!.v has #0 on E and the east part of S, #1 on W and the
 * west part of S; the caps at (1,-1) and (-1,-1) close E and W. */
static void split_abbey_ring(cc_position *pos, bool with_abbey)
{
    tu_pos(pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP);
    tu_tile(pos, "hills-sheep.CC!.v", 0, -1, 180);
    tu_tile(pos, "base.E", 1, -1, 270);
    tu_tile(pos, "base.E", -1, -1, 90);
    tu_tile(pos, "base.B", -1, 0, 0);
    tu_tile(pos, "base.B", 1, 0, 0);
    tu_tile(pos, "base.B", 0, 1, 0);
    tu_tile(pos, "base.E", -1, 1, 180);
    tu_tile(pos, "base.E", 1, 1, 180);
    if (with_abbey)
        tu_abbey(pos, 0, 0, 0);
}

Test(features, the_abbey_closes_both_split_segments_as_two_cities)
{
    cc_position pos;
    split_abbey_ring(&pos, true);
    built w = build(&pos);
    const cc_feature *c0 = feat(&w, 0, -1, "#0"), *c1 = feat(&w, 0, -1, "#1");
    cr_assert_neq(c0, c1, "the abbey joins nothing");
    cr_assert(same(&w, 0, -1, "#0", 1, -1, "W"));
    cr_assert(same(&w, 0, -1, "#1", -1, -1, "E"));
    cr_assert(c0->complete);
    cr_assert(c1->complete);
    cr_assert_eq(c0->ncells, 2);
    cr_assert_eq(c1->ncells, 2);
    done(&w);
}

Test(features, without_the_abbey_both_split_segments_stay_open)
{
    cc_position pos;
    split_abbey_ring(&pos, false);
    built w = build(&pos);
    cr_assert_eq(feat(&w, 0, -1, "#0")->open, 1);
    cr_assert_eq(feat(&w, 0, -1, "#1")->open, 1);
    done(&w);
}

/* Rule page, 2nd special tile: C!.v has two field segments on S (SSW is #1,
 * SSE is #2). A neighbour with one field across its N edge joins them. */
Test(features, a_plain_field_edge_joins_both_split_field_segments)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    tu_tile(&pos, "hills-sheep.C!.v", 0, 0, 0);
    built w = build(&pos);
    cr_assert_neq(tu_feature(w.f, 0, 0, "SSW"), tu_feature(w.f, 0, 0, "SSE"));
    done(&w);

    tu_tile(&pos, "base.B", 0, 1, 0);
    w = build(&pos);
    cr_assert(same(&w, 0, 0, "SSW", 0, 0, "SSE"));
    cr_assert(same(&w, 0, 0, "WNW", 0, 0, "ENE"));
    cr_assert(same(&w, 0, 0, "SSW", 0, 1, "NNE"));
    done(&w);
}

/* Rule page note: two C!.v split edge to split edge pair their field
 * segments one to one; the two fields of each tile stay apart.
 *     (0,0) C!.v      split S: SSW=#1, SSE=#2
 *     (0,1) C!.v 180  split N: NNE=#1, NNW=#2 */
Test(features, two_split_field_edges_pair_up_without_joining_all_four)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    tu_tile(&pos, "hills-sheep.C!.v", 0, 0, 0);
    tu_tile(&pos, "hills-sheep.C!.v", 0, 1, 180);
    built w = build(&pos);
    cr_assert(same(&w, 0, 0, "SSE", 0, 1, "NNE"));
    cr_assert(same(&w, 0, 0, "SSW", 0, 1, "NNW"));
    cr_assert(same(&w, 0, 0, "SSE", 0, 1, "#1"));
    cr_assert(same(&w, 0, 0, "SSW", 0, 1, "#2"));
    cr_assert_neq(tu_feature(w.f, 0, 0, "SSE"), tu_feature(w.f, 0, 0, "SSW"));
    cr_assert_neq(tu_feature(w.f, 0, 0, "N"), tu_feature(w.f, 0, 1, "S"));
    done(&w);
}

/* ---- names and look-ups ------------------------------------------------- */

/* Contract section 1: a feature is named by its first location in canonical
 * order, in board orientation. D turned 90: road N+S, city E, the field
 * between road and city on NNE+SSE, the other field on SSW..NNW. */
Test(features, names_follow_the_canonical_order_after_rotation)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 90);
    built w = build(&pos);
    assert_name(&w, feat(&w, 0, 0, "S"), 0, 0, "N");
    assert_name(&w, feat(&w, 0, 0, "E"), 0, 0, "E");
    assert_name(&w, feat(&w, 0, 0, "SSE"), 0, 0, "NNE");
    assert_name(&w, feat(&w, 0, 0, "NNW"), 0, 0, "SSW");
    cr_assert(same(&w, 0, 0, "#0", 0, 0, "N"));
    cr_assert(same(&w, 0, 0, "#1", 0, 0, "E"));
    cr_assert(same(&w, 0, 0, "#2", 0, 0, "NNE"));
    cr_assert(same(&w, 0, 0, "#3", 0, 0, "WSW"));
    /* The board-level name agrees with the feature's. */
    char buf[8];
    cr_assert_str_eq(cc_loc_name(cc_board_feature_name(w.b, 0, 2), buf), "NNE");
    cr_assert_str_eq(cc_loc_name(cc_board_feature_name(w.b, 0, 3), buf), "SSW");
    done(&w);
}

/* Nothing stands at a field edge named as an edge, at a corner, at C of a
 * tile without a building, at #k past the tile's features, or off the board. */
Test(features, locating_nothing_returns_minus_one)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    built w = build(&pos);
    static const char *const nothing[] = { "S", "NE", "C", "#4", "#63" };
    for (size_t i = 0; i < sizeof nothing / sizeof nothing[0]; i++) {
        cc_loc at;
        cr_assert(cc_loc_parse(nothing[i], &at));
        cr_assert_eq(cc_features_locate(w.f, 0, 0, at), -1, "%s", nothing[i]);
    }
    cc_loc n;
    cc_loc_parse("N", &n);
    cr_assert_eq(cc_features_locate(w.f, 1, 0, n), -1);
    cr_assert(cc_features_on_tile(w.f, tu_feature(w.f, 0, 0, "N"), 0));
    done(&w);
}

/* Every part belongs to exactly one feature and every feature's chain holds
 * exactly its parts (the union-find bookkeeping). */
Test(features, every_part_is_in_its_features_chain)
{
    cc_position pos;
    cloister_ring(&pos, true);
    built w = build(&pos);
    int seen = 0;
    for (int id = 0; id < w.f->nfeatures; id++) {
        int n = 0;
        for (int p = w.f->features[id].first_part; p >= 0; p = w.f->parts[p].next) {
            cr_assert_eq(w.f->parts[p].feature, id);
            n++;
        }
        cr_assert_eq(n, w.f->features[id].nparts);
        seen += n;
    }
    cr_assert_eq(seen, w.f->nparts);
    done(&w);
}

/* ---- the engine against a flood fill on random boards ------------------ */

static nv_features naive_store;
static int engine_to_naive[CC_MAX_PARTS], naive_to_engine[CC_MAX_PARTS];

/* Same parts in the same features, same completeness, cells, pennants. */
static void compare_partition(const built *w, const nv_features *nv)
{
    cr_assert_eq(nv->nparts, w->f->nparts);
    for (int p = 0; p < nv->nparts; p++)
        engine_to_naive[p] = naive_to_engine[p] = -1;
    for (int p = 0; p < nv->nparts; p++) {
        const cc_feature_part *part = &w->f->parts[p];
        cr_assert(part->tile == nv->tile[p] && part->k == nv->k[p]);
        int e = part->feature, l = nv->label[p];
        if (engine_to_naive[e] < 0)
            engine_to_naive[e] = l;
        if (naive_to_engine[l] < 0)
            naive_to_engine[l] = e;
        cr_assert(engine_to_naive[e] == l && naive_to_engine[l] == e,
                  "part %d (tile %d, #%d): the engine and the flood fill group it differently",
                  p, part->tile, part->k);
        const cc_feature *ft = &w->f->features[e];
        cr_assert_eq(ft->open, nv->open[p], "part %d: open %d, flood fill %d", p, ft->open, nv->open[p]);
        cr_assert_eq(ft->complete, nv->open[p] == 0);
        cr_assert_eq(ft->ncells, nv->ncells[p]);
        cr_assert_eq(ft->pennants, nv->pennants[p]);
    }
}

/* Each field borders the same cities in both. */
static void compare_field_cities(const built *w, const cc_position *pos, const nv_features *nv)
{
    static int labels[NV_MAX_PARTS];
    for (int id = 0; id < w->f->nfeatures; id++) {
        const cc_feature *ft = &w->f->features[id];
        if (ft->type != CC_FEAT_FIELD)
            continue;
        int n = nv_field_cities(nv, pos, tu_catalog(), ft->first_part, labels);
        int m;
        const int *cities = cc_features_cities(w->f, id, &m);
        cr_assert_eq(m, n, "field %d borders %d cities, flood fill says %d", id, m, n);
        for (int i = 0; i < m; i++) {
            bool found = false;
            for (int j = 0; j < n; j++)
                found = found || engine_to_naive[cities[i]] == labels[j];
            cr_assert(found, "field %d: city %d is not among the flood fill's", id, cities[i]);
        }
    }
}

Test(features, the_graph_agrees_with_a_flood_fill_on_random_boards)
{
    for (int i = 0; i < 300; i++) {
        cc_position pos;
        unsigned exps = i % 4 == 0 ? CC_EXP_HILLS_SHEEP : TU_ALL_EXPANSIONS;
        tu_pos(&pos, 2 + i % 5, exps);
        rb_grow(&pos, tu_catalog(), 1 + (int)((i * 37u) % 100), exps, 3000 + (uint64_t)i);
        built w = build(&pos);
        nv_features_build(&pos, tu_catalog(), &naive_store);
        compare_partition(&w, &naive_store);
        compare_field_cities(&w, &pos, &naive_store);
        done(&w);
    }
}

/* cc_features_index_figures (features.h): every figure's feature read from
 * the index is the one the board look-up finds, on random positions with
 * figures of every kind; a figure moved after indexing, or a copy of the
 * figure elsewhere, is located again, so the index changes speed, never an
 * answer. */
Test(features, the_figure_index_agrees_with_the_board_look_up)
{
    for (int i = 0; i < 60; i++) {
        cc_position pos;
        tu_pos(&pos, 2 + i % 5, TU_ALL_EXPANSIONS);
        rb_grow(&pos, tu_catalog(), 10 + (int)((i * 53u) % 90), TU_ALL_EXPANSIONS,
                7000 + (uint64_t)i);
        rb_add_figures(&pos, tu_catalog(), 30, i % 2 ? RB_FIG_SHARED : 0u, 9000 + (uint64_t)i);
        built w = build(&pos);
        int located[CC_MAX_FIGURES];
        for (int k = 0; k < pos.nfigures; k++)
            located[k] = cc_figure_feature(w.f, &pos.figures[k]);
        cc_features_index_figures(w.f, &pos);
        for (int k = 0; k < pos.nfigures; k++) {
            cr_assert_eq(cc_figure_feature(w.f, &pos.figures[k]), located[k],
                         "position %d, figure %d", i, k);
            cc_figure copy = pos.figures[k];
            cr_assert_eq(cc_figure_feature(w.f, &copy), located[k], "position %d, copy %d", i, k);
        }
        if (pos.nfigures >= 2 && pos.figures[0].kind != CC_FIG_BARN) {
            /* Figure 0 moves onto figure 1's spot: located again. */
            pos.figures[0].x = pos.figures[1].x;
            pos.figures[0].y = pos.figures[1].y;
            pos.figures[0].at = pos.figures[1].at;
            int expect = cc_features_locate(w.f, pos.figures[1].x, pos.figures[1].y,
                                            pos.figures[1].at);
            cr_assert_eq(cc_figure_feature(w.f, &pos.figures[0]), expect, "position %d", i);
        }
        done(&w);
    }
}

/* A placed tile shows its type's facts turned by its rotation
 * (cc_tile_type_turn, derived once per type when the catalog loads): for
 * every tile type and every rotation, each board ring position holds the
 * feature the catalog puts at the rotated-back position
 * (cc_tile_feature_at_ring), the centre the catalog's
 * (cc_tile_centre_feature), each board edge the catalog edge turned onto it,
 * and each split city segment the city the catalog splits on that edge. */
Test(features, a_placed_tile_owns_what_the_catalog_says_in_every_rotation)
{
    const cc_catalog *cat = tu_catalog();
    cc_position empty;
    cc_position_init(&empty);
    for (int type = 0; type < cat->ntypes; type++)
        for (int rot = 0; rot < 4; rot++) {
            cr_assert(cc_board_build(&board_store, cat, &empty, NULL));
            int t = cc_board_add(&board_store, type, 0, 0, rot, -1);
            const cc_board_tile *bt = &board_store.tiles[t];
            for (int r = 0; r < CC_RING_SIZE; r++)
                cr_assert_eq(cc_board_turn(bt)->ring_feature[cc_ring_rotate(r, rot)],
                             cc_tile_feature_at_ring(&cat->types[type], r), "%s rot %d ring %d",
                             cat->types[type].id, rot, r);
            cr_assert_eq(bt->centre_feature, cc_tile_centre_feature(&cat->types[type]),
                         "%s rot %d", cat->types[type].id, rot);
            const cc_tile_type *tt = &cat->types[type];
            for (int d = 0; d < 4; d++) {
                cr_assert_eq(bt->edge[cc_dir_rotate(d, rot)], tt->edges[d], "%s rot %d edge %d",
                             tt->id, rot, d);
                int split = -1;   /* the city whose second segment is on catalog edge d */
                for (int k = 0; k < tt->nfeatures; k++)
                    if (tt->features[k].split_edge == d)
                        split = k;
                cr_assert_eq(cc_board_turn(bt)->split_city[cc_dir_rotate(d, rot)], split, "%s rot %d split %d",
                             tt->id, rot, d);
            }
        }
}
