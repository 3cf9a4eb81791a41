/* test_scoring.c -- engine/scoring.c: roads, cities, the abbey closing
 * features, the order of events, feature values, the request checks, and
 * invariants over hundreds of random positions (tests/support/random_board.h).
 * Players: p0 ("you", active), p1 ("Blue"). */
#include <string.h>

#include "../support/random_board.h"
#include "../support/score_util.h"

#include "../../engine/majority.h"
#include "../../engine/monastery.h"
#include "../../engine/shepherd.h"

CC_SUITE(scoring);

/* ---- the base game ------------------------------------------------------ */

/* A city cap at (0,0) (city S) closed by the start tile base.D at (0,1)
 * (city N, road W-E); the road ends at cloisters on both sides:
 *   (0,0) E cap S
 *   (-1,1) A (road E)  (0,1) D  <- last   (1,1) A (road W) */
static void city_and_road(su_game *g)
{
    tu_tile(&g->pos, "base.E", 0, 0, 180);
    tu_tile(&g->pos, "base.A", -1, 1, 270);
    tu_tile(&g->pos, "base.A", 1, 1, 90);
    tu_tile(&g->pos, "base.D", 0, 1, 0);
}

/* Base game: a completed road scores 1 per tile, a completed city 2 per
 * tile; the scoring phase lists roads before cities. */
Test(scoring, one_tile_completes_a_road_and_a_city)
{
    su_game *g = su_new(2, 0);
    city_and_road(g);
    int knight = tu_fig(&g->pos, 0, "meeple", 0, 0, "S");
    int thief = tu_fig(&g->pos, 1, "meeple", 1, 1, "W");
    su_turn(g, 0, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 2);
    const cc_score_event *road = su_event(g, 0), *city = su_event(g, 1);
    cr_assert_eq(road->type, CC_FEAT_ROAD);
    cr_assert_eq(road->value, 3);
    cr_assert_eq(road->points[1], 3);
    cr_assert(su_returned(road, thief));
    cr_assert(su_cites(road, "base.score.road"));
    cr_assert_eq(city->type, CC_FEAT_CITY);
    cr_assert_eq(city->value, 4);
    cr_assert_eq(city->points[0], 4);
    cr_assert(su_returned(city, knight));
    cr_assert_eq(g->res.totals[0], 4);
    cr_assert_eq(g->res.totals[1], 3);
    /* The result's rule list holds every cited id once. */
    for (int i = 0; i < g->res.nrules; i++)
        for (int j = i + 1; j < g->res.nrules; j++)
            cr_assert_str_neq(g->res.rules[i], g->res.rules[j]);
    su_free(g);
}

/* An unoccupied completed feature gives nobody anything: no event. */
Test(scoring, unoccupied_completed_features_make_no_event)
{
    su_game *g = su_new(2, 0);
    city_and_road(g);
    su_turn(g, 0, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 0);
    su_free(g);
}

/* Base game, final scoring: an incomplete road 1 per tile; an incomplete
 * city 1 per tile and 1 per coat of arms; tied players both score. */
Test(scoring, final_incomplete_road_and_city)
{
    su_game *g = su_new(2, 0);
    tu_tile(&g->pos, "base.C", 0, 0, 0);      /* city on all sides, 1 coat of arms */
    tu_tile(&g->pos, "base.E", 0, 1, 0);      /* closes its south side */
    tu_tile(&g->pos, "base.U", 0, 2, 0);      /* a road west-east, open at both ends */
    tu_tile(&g->pos, "base.U", 1, 2, 0);
    int k0 = tu_fig(&g->pos, 0, "meeple", 0, 0, "N");
    int k1 = tu_fig(&g->pos, 1, "meeple", 0, 1, "N");
    int thief = tu_fig(&g->pos, 1, "meeple", 1, 2, "W");
    su_final(g);
    cr_assert_eq(g->res.nevents, 2);
    const cc_score_event *road = su_event(g, 0), *city = su_event(g, 1);
    cr_assert_eq(road->kind, CC_EV_FINAL);
    cr_assert_eq(road->value, 2);
    cr_assert(su_returned(road, thief));
    cr_assert_eq(city->value, 3, "2 tiles + 1 coat of arms");
    cr_assert_not(city->complete);
    cr_assert_eq(city->points[0], 3);
    cr_assert_eq(city->points[1], 3);
    cr_assert(su_returned(city, k0) && su_returned(city, k1));
    cr_assert(su_cites(city, "base.score.city.end"));
    cr_assert_eq(g->res.totals[1], 5);
    su_free(g);
}

/* ---- the abbey ---------------------------------------------------------- */

/* Abbey & Mayor, Abbey 3., Example 2: "You place a meeple as a monk.
 * The road with the blue meeple is complete. Blue scores 3 points." The
 * abbey still lacks a diagonal neighbour, so it is not scored. */
Test(scoring, abbey_example_2_the_abbey_completes_blues_road_for_3)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    su_abbey_board(g, false, false);
    tu_abbey(&g->pos, 1, 0, 0);
    int monk = tu_fig(&g->pos, 0, "meeple", 1, 0, "C");
    int thief = tu_fig(&g->pos, 1, "meeple", 0, 0, "E");
    su_turn(g, 1, 0, su_deployed(monk, CC_TOKEN_NONE));
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_find(g, CC_EV_COMPLETED, 0, 0, "E");
    cr_assert_eq(ev->value, 3);
    cr_assert_eq(ev->points[1], 3);
    cr_assert_eq(ev->points[0], 0);
    cr_assert(su_returned(ev, thief));
    cr_assert_not(su_returned(ev, monk));
    cr_assert(su_cites(ev, "abbey.score.closes"));
    su_free(g);
}

/* Abbey 3.: "The abbey completes the side of each tile directly adjacent to
 * it" -- here a road and two cities on three sides at once, each scored
 * separately (note 8: the abbey is not part of them). */
Test(scoring, abbey_completes_features_on_several_sides_at_once)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    su_abbey_board(g, true, false);
    tu_abbey(&g->pos, 1, 0, 0);
    int thief = tu_fig(&g->pos, 1, "meeple", 0, 0, "E");
    int north = tu_fig(&g->pos, 0, "meeple", 1, -1, "S");
    int south = tu_fig(&g->pos, 1, "meeple", 1, 1, "N");
    su_turn(g, 1, 0, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 3);
    cr_assert_eq(su_event(g, 0)->type, CC_FEAT_ROAD);
    cr_assert(su_returned(su_event(g, 0), thief));
    const cc_score_event *c1 = su_event(g, 1), *c2 = su_event(g, 2);
    cr_assert_eq(c1->value, 2);
    cr_assert_eq(c1->points[0], 2);
    cr_assert(su_returned(c1, north));
    cr_assert_eq(c2->value, 2);
    cr_assert_eq(c2->points[1], 2);
    cr_assert(su_returned(c2, south));
    cr_assert(su_cites(c1, "abbey.score.closes") && su_cites(c2, "abbey.score.closes"));
    cr_assert_eq(g->res.totals[0], 2);
    cr_assert_eq(g->res.totals[1], 5);
    su_free(g);
}

/* Abbey & Mayor note 6 (official): an abbey surrounded as it is
 * placed is scored in the same turn, after what it closes. */
Test(scoring, abbey_surrounded_at_placement_scores_after_what_it_closes)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    su_abbey_board(g, false, true);
    tu_abbey(&g->pos, 1, 0, 0);
    int monk = tu_fig(&g->pos, 0, "meeple", 1, 0, "C");
    tu_fig(&g->pos, 1, "meeple", 0, 0, "E");
    su_turn(g, 1, 0, su_deployed(monk, CC_TOKEN_NONE));
    cr_assert_eq(g->res.nevents, 2);
    cr_assert_eq(su_event(g, 0)->type, CC_FEAT_ROAD);
    cr_assert_eq(su_event(g, 1)->type, CC_FEAT_ABBEY);
    cr_assert_eq(su_event(g, 1)->points[0], 9);
    su_free(g);
}

/* ---- order of events ------------------------------------------------------ */

/* scoring.h: shepherd actions come first (after "placing a meeple",
 * hills-and-sheep 1.; messages page, Rounds of Scoring), then completed
 * features, then barn scorings (Abbey & Mayor note 18: in the
 * scoring phase). The tile (1,0) closes p1's city above it, extends p0's
 * shepherd's field, and p0 puts a barn on its south-west corner over p1's
 * farmer:
 *   (0,-1) E cap S   (1,-1) E cap S
 *   (0,0)  E cap N   (1,0)  E cap N   <- placed last
 *   (0,1)  B         (1,1)  E cap S */
Test(scoring, shepherds_then_features_then_barns)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP);
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    tu_tile(&g->pos, "base.E", 1, -1, 180);
    tu_tile(&g->pos, "base.E", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 0, 1, 0);
    tu_tile(&g->pos, "base.E", 1, 1, 180);
    tu_tile(&g->pos, "base.E", 1, 0, 0);      /* placed last: closes the city above it */
    int knight = tu_fig(&g->pos, 1, "meeple", 1, -1, "S");
    int farmer = tu_fig(&g->pos, 1, "meeple", 0, 0, "ESE");
    tu_fig(&g->pos, 0, "shepherd", 0, 1, "NNE");
    tu_flock(&g->pos, 1, (const int[]){ 2 });
    int barn = tu_fig(&g->pos, 0, "barn", 1, 0, "SW");
    cc_turn_choices ch = su_deployed(barn, CC_TOKEN_NONE);
    ch.shepherd = CC_SHEPHERD_GROW;
    ch.grow_token = 1;
    su_turn(g, 1, 0, ch);
    cr_assert_eq(g->res.nevents, 3);
    cr_assert_eq(su_event(g, 0)->kind, CC_EV_SHEEP);
    cr_assert_eq(su_event(g, 1)->kind, CC_EV_COMPLETED);
    cr_assert(su_returned(su_event(g, 1), knight));
    cr_assert_eq(su_event(g, 2)->kind, CC_EV_BARN_PLACED);
    cr_assert(su_returned(su_event(g, 2), farmer));
    cr_assert_eq(su_event(g, 2)->points[1], 6, "two completed cities border the field");
    su_free(g);
}

/* ---- request checks ---------------------------------------------------------- */

Test(scoring, no_tile_at_the_placed_cell_is_422_at_x)
{
    su_game *g = su_new(2, 0);
    city_and_road(g);
    su_turn_fails(g, 5, 5, cc_turn_choices_none(), "/x");
    su_free(g);
}

Test(scoring, deployed_figure_must_stand_on_the_placed_tile)
{
    su_game *g = su_new(2, 0);
    city_and_road(g);
    int knight = tu_fig(&g->pos, 0, "meeple", 0, 0, "S");
    su_turn_fails(g, 0, 1, su_deployed(knight, CC_TOKEN_NONE), "/deployed");
    su_turn_fails(g, 0, 1, su_deployed(17, CC_TOKEN_NONE), "/deployed");
    su_free(g);
}

/* cc_score_match_deployed: the request repeats the deployed figure in
 * position form; it matches by player, kind and spot (any location naming
 * the same feature part; for a barn, the same junction named from any of
 * its four tiles). */
Test(scoring, match_deployed_by_spot)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    tu_tile(&g->pos, "base.E", 1, -1, 180);
    tu_tile(&g->pos, "base.E", 0, 0, 0);
    tu_tile(&g->pos, "base.E", 1, 0, 0);
    tu_tile(&g->pos, "base.B", 0, 1, 0);
    tu_tile(&g->pos, "base.B", 1, 1, 0);
    tu_fig(&g->pos, 1, "meeple", 1, 1, "C");
    int farmer = tu_fig(&g->pos, 0, "meeple", 1, 1, "ENE");
    int barn = tu_fig(&g->pos, 0, "barn", 1, 1, "NW");
    su_build(g);
    cc_figure dep;
    memset(&dep, 0, sizeof dep);
    dep.player = 0;
    dep.kind = CC_FIG_MEEPLE;
    dep.x = 1;
    dep.y = 1;
    cc_loc_parse("SSW", &dep.at);    /* the same field as ENE */
    int index = -1;
    cr_assert(cc_score_match_deployed(&g->pos, &g->features, 1, 1, &dep, &index, &g->err));
    cr_assert_eq(index, farmer);
    dep.kind = CC_FIG_BARN;
    dep.x = 0;
    dep.y = 0;
    cc_loc_parse("SE", &dep.at);     /* the same junction, named from (0,0) */
    cr_assert(cc_score_match_deployed(&g->pos, &g->features, 1, 1, &dep, &index, &g->err));
    cr_assert_eq(index, barn);
    dep.player = 1;
    cr_assert_not(cc_score_match_deployed(&g->pos, &g->features, 1, 1, &dep, &index, &g->err));
    cr_assert_str_eq(g->err.pointer, "/deployed");
    dep.player = 0;
    dep.kind = CC_FIG_MEEPLE;
    cc_loc_parse("N", &dep.at);      /* on (0,0), not the placed tile */
    cr_assert_not(cc_score_match_deployed(&g->pos, &g->features, 1, 1, &dep, &index, &g->err));
    cr_assert_eq(g->err.status, CC_ERR_IMPOSSIBLE);
    su_free(g);
}

/* ---- feature values ------------------------------------------------------------ */

Test(scoring, feature_values_during_the_game_and_at_the_end)
{
    su_game *g = su_new(2, 0);
    city_and_road(g);
    tu_fig(&g->pos, 1, "meeple", 0, 0, "S");
    su_build(g);
    int city = tu_feature(&g->features, 0, 0, "S");
    int road = tu_feature(&g->features, 0, 1, "E");
    int cloister = tu_feature(&g->features, 1, 1, "C");
    cc_value v;
    cr_assert_eq(cc_feature_value(&g->features, &g->pos, city, false, &v), 4);
    cr_assert(v.occupied);
    cr_assert_eq(v.points[1], 4);
    cr_assert_eq(v.strength[1], 1);
    cr_assert_eq(cc_feature_value(&g->features, &g->pos, road, true, NULL), 3);
    cr_assert_eq(cc_feature_value(&g->features, &g->pos, cloister, true, &v), 1 + 2);
    cr_assert_not(v.occupied);
    cr_assert_eq(v.points[0] + v.points[1], 0);
    su_free(g);
}

Test(scoring, event_kind_names)
{
    static const char *const want[CC_EV_NKINDS] = {
        "completed", "final", "challenge-lost", "barn-placed", "barn-joined",
        "barn-final", "sheep", "wolf", "guide", "goods", "goods-final"
    };
    for (int k = 0; k < CC_EV_NKINDS; k++)
        cr_assert_str_eq(cc_event_kind_name((cc_event_kind)k), want[k]);
    cr_assert_str_eq(cc_event_kind_name(CC_EV_NKINDS), "?");
}

/* ---- invariants over random positions ------------------------------------------- */

#define RANDOM_POSITIONS 300
#define ALL_SCORED_EXPANSIONS (CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES)

static void random_position(su_game *g, int i)
{
    tu_pos(&g->pos, 2 + i % 5, ALL_SCORED_EXPANSIONS);
    rb_grow(&g->pos, tu_catalog(), 2 + (i * 17) % 70, ALL_SCORED_EXPANSIONS, 5000 + (uint64_t)i);
    rb_add_figures(&g->pos, tu_catalog(), 3 + i % 30, i % 2 ? RB_FIG_SHARED : 0u,
                   9000 + (uint64_t)i);
    su_build(g);
}

/* The feature a figure stands on or, for a barn, the field of its corner. */
static int figure_feature(const su_game *g, int i)
{
    const cc_figure *fig = &g->pos.figures[i];
    if (fig->kind == CC_FIG_BARN)
        return cc_barn_field(&g->features, fig->x, fig->y, fig->at.value);
    return cc_figure_feature(&g->features, fig);
}

static int events_about(const su_game *g, int id, cc_event_kind kind)
{
    int n = 0;
    for (int e = 0; e < g->res.nevents; e++)
        n += g->res.events[e].feature == id && g->res.events[e].kind == kind;
    return n;
}

/* End-game scoring: every occupied feature scores exactly once, every
 * follower comes back exactly once from its own feature, barns and
 * shepherds stay, and the totals equal the sum of cc_feature_value over
 * the occupied features. */
Test(scoring, random_positions_final_scoring_invariants)
{
    su_game *g = su_new(2, 0);
    for (int i = 0; i < RANDOM_POSITIONS; i++) {
        random_position(g, i);
        su_final(g);
        int back[CC_MAX_FIGURES] = { 0 };
        for (int e = 0; e < g->res.nevents; e++) {
            const cc_score_event *ev = &g->res.events[e];
            cr_assert(ev->kind == CC_EV_FINAL || ev->kind == CC_EV_BARN_FINAL);
            for (int k = 0; k < ev->nreturned; k++) {
                back[ev->returned[k]]++;
                cr_assert_eq(figure_feature(g, ev->returned[k]), ev->feature,
                             "position %d: a figure returned by another feature's event", i);
            }
        }
        int expect[CC_MAX_PLAYERS] = { 0 };
        bool counted[CC_MAX_PARTS] = { false };
        for (int f = 0; f < g->pos.nfigures; f++) {
            const cc_figure *fig = &g->pos.figures[f];
            int id = figure_feature(g, f);
            cr_assert_geq(id, 0);
            if (cc_is_follower(fig->kind)) {
                cr_assert_eq(back[f], 1, "position %d: follower %d returned %d times", i, f, back[f]);
                cr_assert_eq(events_about(g, id, CC_EV_FINAL), 1,
                             "position %d: an occupied feature must score exactly once", i);
            } else {
                cr_assert_eq(back[f], 0, "position %d: a %s came back", i, cc_figure_kind_name(fig->kind));
            }
            if (fig->kind == CC_FIG_BARN)
                cr_assert_eq(events_about(g, id, CC_EV_BARN_FINAL), 1);
            bool scored = cc_is_follower(fig->kind) || fig->kind == CC_FIG_BARN;
            if (scored && !counted[id]) {
                counted[id] = true;
                cc_value v;
                cc_feature_value(&g->features, &g->pos, id, true, &v);
                cr_assert(v.occupied);
                for (int p = 0; p < g->pos.nplayers; p++)
                    expect[p] += v.points[p];
            }
        }
        for (int p = 0; p < g->pos.nplayers; p++)
            cr_assert_eq(g->res.totals[p], expect[p],
                         "position %d: player %d totals %d, features are worth %d", i, p,
                         g->res.totals[p], expect[p]);
    }
    su_free(g);
}

/* The scoring phase of the last tile placed: every complete road or city
 * the tile touches and every complete monastery round it that holds
 * followers scores exactly once; nothing incomplete is scored as complete;
 * no figure comes back twice or from a feature it did not stand on. */
/* The scoring phase as if tile t had just been placed. */
static int check_turn(su_game *g, int i, int t)
{
    const cc_board_tile *placed = &g->board.tiles[t];
    cc_turn_choices ch = cc_turn_choices_none();
    if (cc_shepherd_to_act(&g->pos, &g->features, t, -1) >= 0) {
        ch.shepherd = (i + t) % 3 ? CC_SHEPHERD_GROW : CC_SHEPHERD_GUIDE;
        ch.grow_token = (i + t) % 5;   /* 0 is the wolf */
    }
    su_turn(g, placed->x, placed->y, ch);
    int touched[CC_MAX_TILE_FEATURES * 5];
    int n = cc_touched_features(&g->features, t, touched);
    for (int k = 0; k < n; k++) {
        int id = touched[k];
        const cc_feature *feat = &g->features.features[id];
        if (feat->type != CC_FEAT_ROAD && feat->type != CC_FEAT_CITY)
            continue;
        cc_majority m;
        cc_majority_of(&g->pos, &g->features, id, NULL, &m);
        int want = feat->complete && m.nfollowers > 0;
        cr_assert_eq(events_about(g, id, CC_EV_COMPLETED), want, "position %d", i);
    }
    for (int d = 0; d < 9; d++) {
        int u = cc_board_at(&g->board, placed->x + d % 3 - 1, placed->y + d / 3 - 1);
        if (u < 0 || g->board.tiles[u].centre_feature < 0)
            continue;
        int id = cc_features_of(&g->features, u, g->board.tiles[u].centre_feature);
        cc_majority m;
        cc_majority_of(&g->pos, &g->features, id, NULL, &m);
        int want = g->features.features[id].complete && m.nfollowers > 0;
        cr_assert_eq(events_about(g, id, CC_EV_COMPLETED), want, "position %d", i);
    }
    for (int e = 0; e < g->res.nevents; e++) {
        const cc_score_event *ev = &g->res.events[e];
        if (ev->kind == CC_EV_COMPLETED)
            cr_assert(ev->complete, "position %d: an incomplete feature scored", i);
        for (int k = 0; k < ev->nreturned; k++)
            cr_assert_eq(figure_feature(g, ev->returned[k]), ev->feature, "position %d", i);
    }
    return g->res.nevents;
}

/* The scoring phase of each of the last tiles placed, as if it had just
 * been placed: every complete road or city the tile touches and every
 * complete monastery round it that holds followers scores exactly once;
 * nothing incomplete is scored as complete; no figure comes back twice
 * (su_check_result) or from a feature it did not stand on. */
Test(scoring, random_positions_turn_scoring_invariants)
{
    su_game *g = su_new(2, 0);
    int events = 0;
    for (int i = 0; i < RANDOM_POSITIONS; i++) {
        random_position(g, i);
        for (int t = g->board.ntiles - 1; t >= 0 && t >= g->board.ntiles - 8; t--)
            events += check_turn(g, i, t);
    }
    cr_assert_gt(events, 100, "the random positions should exercise scoring");
    su_free(g);
}

/* Abbey & Mayor, note 2 (official): abbey-mayor.Rrr's road "does not
 * end on this tile ... All of the branches have to be completed in order to
 * score the road." Branches closed by cloisters north and east; the west
 * branch stays open until base.W's junction closes it. */
static void three_way_road(su_game *g, bool west)
{
    tu_tile(&g->pos, "abbey-mayor.Rrr", 0, 0, 0);
    tu_tile(&g->pos, "base.A", 0, -1, 0);
    tu_tile(&g->pos, "base.A", 1, 0, 90);
    if (west)
        tu_tile(&g->pos, "base.W", -1, 0, 0);
}

Test(scoring, am_note_2_a_branching_road_needs_every_branch_closed)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    three_way_road(g, false);
    tu_fig(&g->pos, 1, "meeple", 0, 0, "N");
    su_turn(g, 1, 0, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 0, "the west branch is still open");
    su_free(g);

    g = su_new(2, CC_EXP_ABBEY_MAYOR);
    three_way_road(g, true);
    tu_fig(&g->pos, 1, "meeple", 0, 0, "N");
    su_turn(g, -1, 0, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 1);
    cr_assert_eq(su_event(g, 0)->value, 4);
    cr_assert_eq(su_event(g, 0)->points[1], 4);
    su_free(g);
}

/* ---- rule citations ---------------------------------------------------------- */

/* A rule cited twice is listed once, in the event and in the result, also
 * when the second citation is the same id in another string (ids are
 * compared as text, not only by address); an event's list names the
 * rule with the result's string, and keeps the order of first citation. */
Test(scoring, a_rule_cited_twice_is_listed_once_even_from_another_string)
{
    cc_position pos;
    cc_position_init(&pos);
    pos.nplayers = 2;
    static cc_score_result res;
    cc_score_ctx c;
    cc_score_ctx_init(&c, &pos, NULL, &res, -1, true);
    char copy[] = "base.score.road";
    cc_score_event *a = cc_event_add(&c, CC_EV_FINAL, -1);
    cc_event_rule(&c, a, "base.score.road");
    cc_event_rule(&c, a, copy);
    cc_event_rule(&c, a, "base.score.majority");
    cr_assert_eq(a->nrules, 2);
    cr_assert_eq(res.nrules, 2);
    cc_score_event *b = cc_event_add(&c, CC_EV_FINAL, -1);
    cc_event_rule(&c, b, "base.score.majority");
    cc_event_rule(&c, b, copy);
    cc_event_rule(&c, b, "base.score.road");
    cr_assert_eq(b->nrules, 2);
    cr_assert_str_eq(b->rules[0], "base.score.majority");
    cr_assert_str_eq(b->rules[1], "base.score.road");
    cr_assert_eq(res.nrules, 2);
    cr_assert_str_eq(res.rules[0], "base.score.road");
    cr_assert_str_eq(res.rules[1], "base.score.majority");
}
