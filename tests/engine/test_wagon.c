/* test_wagon.c -- wagon destinations and moves (engine/wagon.h).
 *
 * The Abbey & Mayor page's wagon examples (C2-1, C2-2 and its variants,
 * C2-3) are pictures; each board below rebuilds the situation its legend
 * describes, item by item, with tiles of our catalog. Expected lists are
 * written out in full as "(x,y) at" in the engine's order (y, x, location).
 */
#include <stdio.h>
#include <string.h>

#include "../../engine/wagon.h"
#include "../support/testutil.h"

CC_SUITE(wagon);

#define A_M CC_EXP_ABBEY_MAYOR

typedef struct {
    cc_board *b;
    cc_features *f;
} built;

static built build(const cc_position *pos)
{
    built g = { tu_board_new(), tu_features_new() };
    tu_build(pos, g.b, g.f);
    return g;
}

static void release(built g)
{
    free(g.b);
    free(g.f);
}

/* Destinations of the wagon at figure index w as "(x,y) at, ...". The
 * wagon itself is gone (its feature was scored), plus `also_gone`. */
static void dests_text(const cc_position *pos, int w, int also_gone, char *out, size_t size)
{
    built g = build(pos);
    bool gone[CC_MAX_FIGURES] = { false };
    gone[w] = true;
    if (also_gone >= 0)
        gone[also_gone] = true;
    cc_wagon_dest d[CC_MAX_WAGON_DESTS];
    int n = cc_wagon_destinations(pos, g.f, w, gone, d, CC_MAX_WAGON_DESTS);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char at[8];
        len += (size_t)snprintf(out + len, size - len, "%s(%d,%d) %s", i ? ", " : "",
                                d[i].x, d[i].y, cc_loc_name(d[i].at, at));
    }
    release(g);
}

#define ASSERT_DESTS(pos, w, gone2, expected) do {                      \
        char text_[512];                                                \
        dests_text(pos, w, gone2, text_, sizeof text_);                 \
        cr_assert_str_eq(text_, expected);                              \
    } while (0)

/* ---- Example C2-1: moving from a completed city -------------------------
 * The city E+E at (0,0)-(1,0) holds the wagon at (0,0). Within range:
 *   1 road segments of an incomplete, unoccupied road: (-1,0) and (-1,1)
 *   3 an incomplete, unoccupied abbey: (0,1)
 *   6 an incomplete, unoccupied city segment: (0,-1)
 *   plus the cloisters (-1,1) and (1,1), monasteries within range
 * Out of range: 2 the road (2,0), 7 the completed road (0,3)-(0,4),
 *   8 the monastery (0,3) and the cloister (0,2).
 * (Items 4 and 5, a monastery inside a city and "short roads", need tiles
 * this catalog does not have.) */
static void c2_1_board(cc_position *pos)
{
    tu_pos(pos, 2, A_M);
    tu_tile(pos, "base.E", 0, 0, 90);            /* city E */
    tu_tile(pos, "base.E", 1, 0, 270);           /* city W: completes it */
    tu_tile(pos, "base.E", 0, -1, 0);            /* city N, open */
    tu_tile(pos, "base.U", -1, 0, 90);           /* road N-S */
    tu_tile(pos, "base.A", -1, 1, 180);          /* cloister, road N into it */
    tu_tile(pos, "base.B", 1, 1, 0);
    tu_tile(pos, "base.B", 0, 2, 0);
    tu_abbey(pos, 0, 1, 1);
    tu_tile(pos, "base.U", 2, 0, 90);
    tu_tile(pos, "base.A", 0, 3, 0);             /* cloister, road S */
    tu_tile(pos, "abbey-mayor.R", 0, 4, 180);    /* road N, dead end: completes it */
}

Test(wagon, c2_1_from_a_completed_city_to_features_within_one_tile)
{
    cc_position pos;
    c2_1_board(&pos);
    int w = tu_fig(&pos, 0, "wagon", 0, 0, "E");
    ASSERT_DESTS(&pos, w, -1, "(0,-1) N, (-1,0) N, (-1,1) C, (-1,1) N, (0,1) C, (1,1) C");
}

/* "Judged after everything scored this turn has returned its figures": a
 * monk that this turn's scoring sends back (a lost challenge) frees its
 * cloister for the wagon. */
Test(wagon, c2_1_a_follower_returned_this_turn_occupies_nothing)
{
    cc_position pos;
    c2_1_board(&pos);
    int w = tu_fig(&pos, 0, "wagon", 0, 0, "E");
    int monk = tu_fig(&pos, 1, "meeple", 1, 1, "C");
    ASSERT_DESTS(&pos, w, -1, "(0,-1) N, (-1,0) N, (-1,1) C, (-1,1) N, (0,1) C");
    ASSERT_DESTS(&pos, w, monk, "(0,-1) N, (-1,0) N, (-1,1) C, (-1,1) N, (0,1) C, (1,1) C");
}

/* ---- Example C2-2: moving from a completed city -------------------------
 * City E+E at (0,0)-(0,1). Around it:
 *   1 the road (1,-1)..(1,2), incomplete and unoccupied: in range
 *   2 the road (2,0), incomplete, unoccupied, out of range
 *   3 the completed road (0,-2)-(0,-1): in range, refused
 *   4 the road (-1,-1)..(-1,1), incomplete but occupied: refused
 *   5 the completed road's far end (0,-2): out of range and complete
 *   6 the cloisters (0,-2) and (0,2): out of range (seen from (0,0))
 * The cloister (-1,-1) is in range from (0,0).
 * C2-2.1 / C2-2.2: the range follows the wagon's tile within the city. */
static void c2_2_board(cc_position *pos)
{
    tu_pos(pos, 2, A_M);
    tu_tile(pos, "base.E", 0, 0, 180);           /* city S */
    tu_tile(pos, "base.E", 0, 1, 0);             /* city N: completes it */
    for (int y = -1; y <= 2; y++)
        tu_tile(pos, "base.U", 1, y, 90);
    tu_tile(pos, "base.U", 2, 0, 90);
    tu_tile(pos, "base.A", -1, -1, 0);           /* cloister, road S */
    tu_tile(pos, "base.U", -1, 0, 90);
    tu_tile(pos, "base.U", -1, 1, 90);
    tu_tile(pos, "abbey-mayor.R", 0, -1, 180);   /* road N, dead end */
    tu_tile(pos, "base.A", 0, -2, 0);            /* cloister, road S: completes it */
    tu_tile(pos, "base.B", 0, 2, 0);
    tu_fig(pos, 1, "meeple", -1, 1, "N");        /* occupies the west road */
}

Test(wagon, c2_2_1_wagon_on_the_north_tile_of_the_city)
{
    cc_position pos;
    c2_2_board(&pos);
    int w = tu_fig(&pos, 0, "wagon", 0, 0, "S");
    ASSERT_DESTS(&pos, w, -1, "(-1,-1) C, (1,-1) N, (1,0) N, (1,1) N");
}

Test(wagon, c2_2_2_wagon_on_the_south_tile_of_the_same_city)
{
    cc_position pos;
    c2_2_board(&pos);
    int w = tu_fig(&pos, 0, "wagon", 0, 1, "N");
    ASSERT_DESTS(&pos, w, -1, "(1,0) N, (1,1) N, (0,2) C, (1,2) N");
}

/* C2-2.3 .. C2-2.6: a longer city (three tiles N-S) and the wagon on each of
 * its tiles: the window of 3x3 tiles slides with it. Roads run N-S on both
 * sides, the east one occupied on (1,3). */
Test(wagon, c2_2_3_to_6_the_range_slides_with_the_wagon)
{
    /* West road (-1,-1)..(-1,3): incomplete, unoccupied, 5 tiles long. */
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.E", 0, 0, 180);
    tu_tile(&pos, "base.F", 0, 1, 90);
    tu_tile(&pos, "base.E", 0, 2, 0);
    for (int y = -1; y <= 3; y++)
        tu_tile(&pos, "base.U", -1, y, 90);
    static const struct { int y; const char *at; const char *expected; } cases[3] = {
        { 0, "S", "(-1,-1) N, (-1,0) N, (-1,1) N" },
        { 1, "N", "(-1,0) N, (-1,1) N, (-1,2) N" },
        { 2, "N", "(-1,1) N, (-1,2) N, (-1,3) N" },
    };
    for (int i = 0; i < 3; i++) {
        cc_position p = pos;
        int w = tu_fig(&p, 0, "wagon", 0, cases[i].y, cases[i].at);
        ASSERT_DESTS(&p, w, -1, cases[i].expected);
    }
}

/* ---- Example C2-3: moving from a completed road -------------------------
 * The road from the city gate of T (0,0) down to the village W (1,2) is
 * complete; the wagon stands on its bottom-right tile (0,2).
 *   1 in range: the two other roads of the junction W ((1,2) E and S) and
 *     the road (-1,2) on the orthogonal tile, separated by a field
 *   2 out of range: the city of T that closes the road at (0,0). */
static void c2_3_board(cc_position *pos)
{
    tu_pos(pos, 2, A_M);
    tu_tile(pos, "base.T", 0, 0, 0);             /* city N+E+W, road S to its gate */
    tu_tile(pos, "base.U", 0, 1, 90);
    tu_tile(pos, "base.V", 0, 2, 180);           /* road N-E */
    tu_tile(pos, "base.W", 1, 2, 0);             /* village: roads E, S, W */
    tu_tile(pos, "base.U", -1, 2, 90);           /* separate road, field between */
    tu_tile(pos, "base.U", 2, 2, 0);             /* the east road goes on */
    tu_tile(pos, "base.U", 3, 2, 0);
}

Test(wagon, c2_3_from_a_completed_road_city_out_of_range)
{
    cc_position pos;
    c2_3_board(&pos);
    int w = tu_fig(&pos, 0, "wagon", 0, 2, "N");
    ASSERT_DESTS(&pos, w, -1, "(-1,2) N, (1,2) E, (1,2) S");
}

/* Both editions on one board (A&M note 21): under the 1st-edition rule the
 * wagon follows connections instead of distance: through the city gate to
 * T's city (however far), and through the village to the other two roads,
 * standing on the part across each link (JCloisterZone's spot, so a saved
 * game can say the move: issue 30), not on the roads' further tiles; the
 * road across the field is not connected. */
Test(wagon, c1_same_board_follows_gates_and_junctions_not_distance)
{
    cc_position pos;
    c2_3_board(&pos);
    pos.options.wagon_rules = CC_WAGON_RULES_C1;
    int w = tu_fig(&pos, 0, "wagon", 0, 2, "N");
    ASSERT_DESTS(&pos, w, -1, "(0,0) N, (1,2) E, (1,2) S");
}

/* A&M note 21, 1st edition, cases allowed: "road to ... monastery (or
 * equivalent feature such as an abbey)" and a road into a cloister; not
 * allowed: features merely near (a cloister and a road beside the abbey). */
Test(wagon, c1_a_road_ending_at_an_abbey_reaches_the_abbey)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.A", 0, -2, 0);           /* cloister, road S */
    tu_tile(&pos, "base.U", 0, -1, 90);          /* road N-S, closed by the abbey */
    tu_tile(&pos, "base.U", 1, 0, 0);            /* road W-E, from the abbey eastwards */
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.B", -1, 0, 0);
    tu_abbey(&pos, 0, 0, 1);
    int w = tu_fig(&pos, 0, "wagon", 0, -1, "N");
    ASSERT_DESTS(&pos, w, -1, "(0,-2) C, (-1,0) C, (0,0) C, (1,0) E");
    pos.options.wagon_rules = CC_WAGON_RULES_C1;
    ASSERT_DESTS(&pos, w, -1, "(0,-2) C, (0,0) C");
}

/* 1st edition, case allowed "a city to an adjacent abbey and vice versa":
 * from the abbey, every city and road ending on its edges. */
Test(wagon, c1_from_an_abbey_to_the_city_and_road_touching_it)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.F", 0, -1, 90);          /* city N-S, open to the north */
    tu_tile(&pos, "base.U", 1, 0, 0);            /* road W-E */
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.B", -1, 0, 0);
    tu_abbey(&pos, 0, 0, 1);
    int w = tu_fig(&pos, 0, "wagon", 0, 0, "C");
    pos.options.wagon_rules = CC_WAGON_RULES_C1;
    ASSERT_DESTS(&pos, w, -1, "(0,-1) N, (1,0) E");
}

/* ---- several wagons: seat order from the active player ------------------
 * The road (0,0)-(0,2) is complete with a wagon of each player on it; the
 * only free feature in reach is the cloister (0,0). */
static void two_wagon_board(cc_position *pos, int active, int *w0, int *w1)
{
    tu_pos(pos, 2, A_M);
    tu_tile(pos, "base.A", 0, 0, 0);
    tu_tile(pos, "base.U", 0, 1, 90);
    tu_tile(pos, "abbey-mayor.R", 0, 2, 180);
    *w0 = tu_fig(pos, 0, "wagon", 0, 1, "N");
    *w1 = tu_fig(pos, 1, "wagon", 0, 0, "S");
    pos->active = active;
}

static cc_wagon_choice to_cloister(int figure)
{
    cc_wagon_choice c = { figure, 0, 0, cc_loc_make(CC_LOC_CENTRE, 0) };
    return c;
}

/* A&M Wagon 3.: "each concerned player chooses ... in clockwise order
 * starting with the active player": the first takes the cloister, and the
 * second may no longer go there, whatever order the request lists them in. */
Test(wagon, wagons_move_in_seat_order_from_the_active_player)
{
    for (int active = 0; active < 2; active++) {
        cc_position pos;
        int w0, w1;
        two_wagon_board(&pos, active, &w0, &w1);
        built g = build(&pos);
        bool gone[CC_MAX_FIGURES] = { false };
        gone[w0] = gone[w1] = true;
        cc_wagon_choice choices[2] = { to_cloister(w1), to_cloister(w0) };
        int bad = -1;
        const char *rule = NULL;
        cr_assert_not(cc_wagon_apply(&pos, g.f, gone, choices, 2, &bad, &rule));
        /* The later seat is refused: p1's choice (index 0) when p0 is active. */
        cr_assert_eq(bad, active == 0 ? 0 : 1);
        cr_assert_str_eq(rule, "abbey.wagon.move");
        release(g);
    }
}

Test(wagon, a_moved_wagon_stands_on_its_destination_the_other_returns)
{
    cc_position pos;
    int w0, w1;
    two_wagon_board(&pos, 1, &w0, &w1);
    built g = build(&pos);
    bool gone[CC_MAX_FIGURES] = { false };
    gone[w0] = gone[w1] = true;
    cc_wagon_choice c = { w0, 0, 0, cc_loc_make(CC_LOC_RING, CC_RING_NNE) };
    int bad = -1;
    const char *rule = NULL;
    /* A field is never a destination. */
    cr_assert_not(cc_wagon_apply(&pos, g.f, gone, &c, 1, &bad, &rule));
    cr_assert_str_eq(rule, "abbey.wagon.move");
    c = to_cloister(w0);
    cr_assert(cc_wagon_apply(&pos, g.f, gone, &c, 1, &bad, &rule));
    cr_assert_eq(pos.figures[w0].x, 0);
    cr_assert_eq(pos.figures[w0].y, 0);
    cr_assert_eq(pos.figures[w0].at.kind, CC_LOC_CENTRE);
    cr_assert_not(gone[w0]);
    cr_assert(gone[w1], "p1's wagon made no move: it returns");
    release(g);
}

/* Shrines page note 21 / A&M Wagon 3.: only a wagon whose feature was
 * completed and scored moves; one still standing is not moving anywhere. */
Test(wagon, only_a_wagon_returned_from_a_completed_feature_moves)
{
    cc_position pos;
    int w0, w1;
    two_wagon_board(&pos, 0, &w0, &w1);
    built g = build(&pos);
    bool gone[CC_MAX_FIGURES] = { false };
    cc_wagon_choice c = to_cloister(w0);
    int bad = -1;
    const char *rule = NULL;
    cr_assert_not(cc_wagon_apply(&pos, g.f, gone, &c, 1, &bad, &rule));
    cr_assert_str_eq(rule, "abbey.wagon.move-scored");
    cr_assert_eq(bad, 0);
    release(g);
}

/* cc_wagon_at finds the wagon by any location of its feature on its tile. */
Test(wagon, wagon_found_by_any_location_of_its_feature)
{
    cc_position pos;
    int w0, w1;
    two_wagon_board(&pos, 0, &w0, &w1);
    built g = build(&pos);
    cc_loc s;
    cc_loc_parse("S", &s);
    cr_assert_eq(cc_wagon_at(&pos, g.f, 0, 1, s), w0);   /* wagon stands at N, road N-S */
    cc_loc_parse("NNE", &s);
    cr_assert_eq(cc_wagon_at(&pos, g.f, 0, 1, s), -1);
    release(g);
}
