/* test_majority.c -- engine/majority.c: strength, ties, mayors, wagons, hills.
 *
 * Boards are built tile by tile; each comment says where the worked example
 * or clarification comes from. Players are p0, p1, ...; "you" in a rule
 * page's example is p0, "Blue" is p1. */
#include "../support/score_util.h"

#include <limits.h>
#include <string.h>

#include "../../engine/majority.h"
#include "../../engine/validate.h"
#include "../support/random_board.h"

CC_SUITE(majority);

/* Abbey & Mayor, Mayor, 3. Scoring a feature, Example 1: "Your mayor
 * has 3 strength (3 coats of arms). The 2 blue meeples add up to 2
 * strength. You alone score 20 points." */
Test(majority, mayor_example_1_three_coats_of_arms_beat_two_meeples_for_20)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    su_seven_tile_city(g);
    int mayor = tu_fig(&g->pos, 0, "mayor", 0, 0, "N");
    int m1 = tu_fig(&g->pos, 1, "meeple", -2, 0, "E");
    int m2 = tu_fig(&g->pos, 1, "meeple", 2, 0, "W");
    su_turn(g, 0, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_find(g, CC_EV_COMPLETED, 0, 0, "N");
    cr_assert_eq(ev->type, CC_FEAT_CITY);
    cr_assert(ev->complete);
    cr_assert_eq(ev->value, 20);
    cr_assert_eq(ev->strength[0], 3);
    cr_assert_eq(ev->strength[1], 2);
    cr_assert_eq(ev->points[0], 20);
    cr_assert_eq(ev->points[1], 0);
    cr_assert_eq(g->res.totals[0], 20);
    cr_assert_eq(ev->nreturned, 3, "mayors return when their city is completed");
    cr_assert(su_returned(ev, mayor) && su_returned(ev, m1) && su_returned(ev, m2));
    cr_assert(su_cites(ev, "mayor.strength"));
    cr_assert(su_cites(ev, "base.score.city.complete"));
    cr_assert(su_cites(ev, "base.score.majority"));
    su_free(g);
}

/* Two base.E caps facing each other: a complete city of 2 tiles, no coat
 * of arms (4 points). (0,1) is placed last. */
static void two_tile_city(su_game *g)
{
    tu_tile(&g->pos, "base.E", 0, 0, 180);
    tu_tile(&g->pos, "base.E", 0, 1, 0);
}

/* Abbey & Mayor, Mayor, official clarification: "The city is
 * occupied. The mayor has no strength, so it counts as if there is no
 * meeple, and scores no points." */
Test(majority, mayor_without_coats_of_arms_occupies_but_scores_nothing)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    two_tile_city(g);
    int mayor = tu_fig(&g->pos, 1, "mayor", 0, 0, "S");
    su_turn(g, 0, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 1, "an occupied city is scored even when nobody gains");
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->value, 4);
    cr_assert_eq(ev->strength[1], 0);
    cr_assert_eq(ev->points[0] + ev->points[1], 0);
    cr_assert(su_returned(ev, mayor));
    cr_assert(su_cites(ev, "mayor.zero-strength"));
    su_free(g);
}

/* The same clarification: the zero-strength mayor counts as no meeple, so
 * one normal meeple of another player takes the whole city. */
Test(majority, meeple_beats_a_mayor_without_coats_of_arms)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    two_tile_city(g);
    tu_fig(&g->pos, 1, "mayor", 0, 0, "S");
    tu_fig(&g->pos, 0, "meeple", 0, 1, "N");
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->points[0], 4);
    cr_assert_eq(ev->points[1], 0);
    cr_assert_eq(ev->nreturned, 2);
    su_free(g);
}

/* Abbey & Mayor, Wagon 3. ("the wagon is treated like a normal
 * meeple") and note 13 (a wagon has strength 1): a wagon and a meeple of
 * another player tie, and both score the road in full. Base game: tied
 * players all score. Road: (0,0) base.A turned 270 (road east into its
 * cloister), (1,0) base.U, (2,0) base.A turned 90 (road west): 3 tiles. */
Test(majority, wagon_counts_as_one_meeple_and_ties_score_in_full)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&g->pos, "base.A", 0, 0, 270);
    tu_tile(&g->pos, "base.U", 1, 0, 0);
    tu_tile(&g->pos, "base.A", 2, 0, 90);
    int wagon = tu_fig(&g->pos, 0, "wagon", 0, 0, "E");
    int meeple = tu_fig(&g->pos, 1, "meeple", 2, 0, "W");
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = su_find(g, CC_EV_COMPLETED, 0, 0, "E");
    cr_assert_eq(ev->type, CC_FEAT_ROAD);
    cr_assert_eq(ev->value, 3, "Wagon example 1: you score 3 points for the road");
    cr_assert_eq(ev->points[0], 3);
    cr_assert_eq(ev->points[1], 3);
    cr_assert(su_returned(ev, wagon) && su_returned(ev, meeple));
    cr_assert(su_cites(ev, "wagon.strength"));
    cr_assert(su_cites(ev, "base.score.tie"));
    su_free(g);
}

/* A city of 5 tiles with 1 coat of arms (2 x 5 + 2 = 12): base.C at the
 * centre, caps on its four sides. Which caps are hill tiles is the test's
 * choice; the south cap (0,1) is placed last. */
static void hill_city(su_game *g, bool east_hill, bool west_hill, bool south_hill)
{
    tu_tile(&g->pos, "base.C", 0, 0, 0);
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    if (east_hill)
        tu_tile(&g->pos, "hills-sheep.CFR.h", 1, 0, 270);   /* city W, road E */
    else
        tu_tile(&g->pos, "base.E", 1, 0, 270);
    if (west_hill)
        tu_tile(&g->pos, "hills-sheep.CRr.h", -1, 0, 90);   /* city E, roads S and W */
    else
        tu_tile(&g->pos, "base.E", -1, 0, 90);
    if (south_hill)
        tu_tile(&g->pos, "hills-sheep.RrC.h", 0, 1, 0);     /* city N, road S-W */
    else
        tu_tile(&g->pos, "base.E", 0, 1, 0);
}

/* hills-and-sheep pages, Hills 3., Example 2: "The blue player and you each
 * have a knight in a city when it is scored. Your knight is on a hill, so
 * you win the tie, scoring 12 points. Blue scores no points." */
Test(majority, hill_example_2_knight_on_a_hill_wins_the_tie_worth_12)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    hill_city(g, true, false, false);
    tu_fig(&g->pos, 0, "meeple", 1, 0, "W");
    tu_fig(&g->pos, 1, "meeple", -1, 0, "E");
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->value, 12);
    cr_assert_eq(ev->strength[0], 1);
    cr_assert_eq(ev->strength[1], 1);
    cr_assert_eq(ev->points[0], 12);
    cr_assert_eq(ev->points[1], 0, "unlike ties without hills, blue scores nothing");
    cr_assert_eq(ev->nreturned, 2, "a meeple on a hill returns as normal");
    cr_assert(su_cites(ev, "hills-sheep.hill.tiebreak"));
    cr_assert_not(su_cites(ev, "base.score.tie"));
    su_free(g);
}

/* Issue 30: JCloisterZone sets Hills & Sheep up without its "hill" element
 * (option hills "off"): the tile's hill is then plain land, and example 2's
 * tie stands: both score 12. */
Test(majority, hills_off_a_hill_breaks_no_tie)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    g->pos.options.hills = CC_ELEMENT_OFF;
    hill_city(g, true, false, false);
    tu_fig(&g->pos, 0, "meeple", 1, 0, "W");
    tu_fig(&g->pos, 1, "meeple", -1, 0, "E");
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->points[0], 12);
    cr_assert_eq(ev->points[1], 12, "without the hill element the tie stands");
    cr_assert_not(su_cites(ev, "hills-sheep.hill.tiebreak"));
    cr_assert(su_cites(ev, "base.score.tie"));
    su_free(g);
}

/* hills-and-sheep pages, note 4 (official, 5/2014): "If the tied players
 * also have equal numbers of meeples on hills in that feature, the tie
 * remains unbroken and both players still receive the points." */
Test(majority, hill_note_4_both_tied_players_on_hills_still_tie)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    hill_city(g, true, true, false);
    tu_fig(&g->pos, 0, "meeple", 1, 0, "W");
    tu_fig(&g->pos, 1, "meeple", -1, 0, "E");
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->points[0], 12);
    cr_assert_eq(ev->points[1], 12);
    cr_assert(su_cites(ev, "hills-sheep.hill.tie-stands"));
    su_free(g);
}

/* Note 4 continued: "Even if the number of meeples on hills is unequal, as
 * long as each of the tied players has at least one meeple on a hill, the
 * tie is unbroken." p0: 2 knights on hills; p1: one on a hill, one not. */
static void unequal_hills(su_game *g)
{
    hill_city(g, true, true, true);
    tu_fig(&g->pos, 0, "meeple", 1, 0, "W");    /* hill */
    tu_fig(&g->pos, 0, "meeple", 0, 1, "N");    /* hill */
    tu_fig(&g->pos, 1, "meeple", -1, 0, "E");   /* hill */
    tu_fig(&g->pos, 1, "meeple", 0, -1, "S");   /* no hill */
}

Test(majority, hill_note_4_unequal_hill_counts_still_tie_officially)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    unequal_hills(g);
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->strength[0], 2);
    cr_assert_eq(ev->strength[1], 2);
    cr_assert_eq(ev->points[0], 12);
    cr_assert_eq(ev->points[1], 12);
    su_free(g);
}

/* hills-and-sheep pages, note 5 (house rule), the option
 * hill_tiebreak "count": the player with more meeples on hills wins. */
Test(majority, hill_note_5_count_option_gives_the_tie_to_more_hill_meeples)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    unequal_hills(g);
    g->pos.options.hill_tiebreak = CC_HILL_TIEBREAK_COUNT;
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->points[0], 12);
    cr_assert_eq(ev->points[1], 0);
    cr_assert(su_cites(ev, "hills-sheep.hill.count"));
    su_free(g);
}

/* Hills 3.: "If there is not a tie, the hill provides no additional
 * effect." p1 has two knights (none on a hill), p0 one on a hill. */
Test(majority, hill_does_nothing_without_a_tie)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    hill_city(g, true, false, false);
    tu_fig(&g->pos, 0, "meeple", 1, 0, "W");
    tu_fig(&g->pos, 1, "meeple", -1, 0, "E");
    tu_fig(&g->pos, 1, "meeple", 0, -1, "S");
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->points[0], 0);
    cr_assert_eq(ev->points[1], 12);
    cr_assert_not(su_cites(ev, "hills-sheep.hill.tiebreak"));
    su_free(g);
}

/* Three tied players, two with a hill knight: the official rule keeps
 * exactly the tied players on hills (our reading of example 2 with note 4
 * for more than two players). */
Test(majority, hill_tiebreak_keeps_every_tied_player_on_a_hill)
{
    su_game *g = su_new(3, CC_EXP_HILLS_SHEEP);
    hill_city(g, true, true, false);
    tu_fig(&g->pos, 0, "meeple", 1, 0, "W");    /* hill */
    tu_fig(&g->pos, 1, "meeple", -1, 0, "E");   /* hill */
    tu_fig(&g->pos, 2, "meeple", 0, -1, "S");   /* no hill */
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->points[0], 12);
    cr_assert_eq(ev->points[1], 12);
    cr_assert_eq(ev->points[2], 0);
    su_free(g);
}

/* cc_majority_of directly: strengths per kind, the figures marked gone are
 * ignored, and barns/shepherds never count (Abbey & Mayor note 3,
 * hills-and-sheep "The shepherd is a special figure, not a meeple"). */
Test(majority, strength_per_kind_and_gone_figures_ignored)
{
    su_game *g = su_new(3, CC_EXP_ABBEY_MAYOR);
    su_seven_tile_city(g);
    tu_fig(&g->pos, 0, "mayor", 0, 0, "N");
    tu_fig(&g->pos, 1, "wagon", -2, 0, "E");
    tu_fig(&g->pos, 2, "meeple", 2, 0, "W");
    su_build(g);
    int city = tu_feature(&g->features, 0, 0, "N");
    cc_majority m;
    cc_majority_of(&g->pos, &g->features, city, NULL, &m);
    cr_assert_eq(m.strength[0], 3);
    cr_assert_eq(m.strength[1], 1);
    cr_assert_eq(m.strength[2], 1);
    cr_assert_eq(m.nfollowers, 3);
    cr_assert(m.winner[0] && !m.winner[1] && !m.winner[2]);
    bool gone[CC_MAX_FIGURES] = { [0] = true };
    cc_majority_of(&g->pos, &g->features, city, gone, &m);
    cr_assert_eq(m.nfollowers, 2);
    cr_assert(m.winner[1] && m.winner[2]);
    cr_assert_eq(m.ntied, 2);
    su_free(g);
}

/* Abbey & Mayor, Wagon 3., Example 2: "You score 6 points for the
 * completed city" -- the wagon scores like a meeple: a city of 3 tiles
 * without coats of arms, (0,0) cap, (0,1) base.G turned 90, (0,2) cap. */
Test(majority, wagon_example_2_the_wagon_scores_the_completed_city_for_6)
{
    su_game *g = su_new(2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&g->pos, "base.E", 0, 0, 180);
    tu_tile(&g->pos, "base.G", 0, 1, 90);
    tu_tile(&g->pos, "base.E", 0, 2, 0);
    int wagon = tu_fig(&g->pos, 0, "wagon", 0, 0, "S");
    su_turn(g, 0, 2, cc_turn_choices_none());
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->value, 6);
    cr_assert_eq(ev->points[0], 6);
    cr_assert(su_returned(ev, wagon), "the wagon leaves the city; where it goes is the wagon rule's");
    su_free(g);
}

/* cc_majority_known (the end-game scoring's, given each follower's feature
 * found once) measures the same majority as cc_majority_of on every
 * feature of varied random positions, with some figures already gone;
 * cc_majority_known_figures names the followers it counted. */
Test(majority, a_majority_from_known_follower_features_is_the_one_counted)
{
    const unsigned exps = CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES;
    for (int i = 0; i < 40; i++) {
        su_game *g = su_new(2 + i % 5, exps);
        rb_grow(&g->pos, tu_catalog(), 2 + (i * 17) % 70, exps, 7000 + (uint64_t)i);
        rb_add_figures(&g->pos, tu_catalog(), 3 + i % 30, i % 2 ? RB_FIG_SHARED : 0u,
                       11000 + (uint64_t)i);
        su_build(g);
        int on[CC_MAX_FIGURES];
        bool gone[CC_MAX_FIGURES];
        for (int k = 0; k < g->pos.nfigures; k++) {
            const cc_figure *fig = &g->pos.figures[k];
            on[k] = cc_is_follower(fig->kind) ? cc_figure_feature(&g->features, fig) : INT_MIN;
            gone[k] = (k + i) % 3 == 0;
        }
        for (int id = 0; id < g->features.nfeatures; id++) {
            cc_majority counted, known;
            cc_majority_of(&g->pos, &g->features, id, gone, &counted);
            cc_majority_known(&g->pos, &g->features, id, on, gone, &known);
            cr_assert(memcmp(&counted, &known, sizeof counted) == 0,
                      "position %d, feature %d: the majorities differ", i, id);
            /* ... and the followers it counted are those not gone on id, ascending */
            int figs[CC_MAX_FIGURES], want = 0;
            int n = cc_majority_known_figures(&g->pos, &g->features, id, on, gone, &known, figs);
            cr_assert(memcmp(&counted, &known, sizeof counted) == 0);
            for (int k = 0; k < g->pos.nfigures; k++)
                if (on[k] == id && !gone[k]) {
                    cr_assert(want < n && figs[want] == k, "position %d, feature %d", i, id);
                    want++;
                }
            cr_assert_eq(n, want, "position %d, feature %d", i, id);
        }
        su_free(g);
    }
}
