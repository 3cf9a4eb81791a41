/* test_inns_cathedrals.c -- Inns & Cathedrals in the engine: the large
 * meeple (figure `big`) in validation, deployment and every majority
 * (engine/position.c, validate.c, deploy.c, majority.c, farm.c, wagon.c,
 * messages.c).
 *
 * The rule page is Wikicarpedia's "Inns and Cathedrals" (C2): "The large
 * meeple is placed like a normal meeple and counts as two meeples when
 * determining the majority in a feature"; "The number and size of meeple is
 * only used for determining the majority" (it does not double the points);
 * "After scoring, large meeples in the scored feature return to their
 * owner's supply". The readings are in docs/clarifications.md, section "The
 * large meeple". Every position is counted by hand in its comment. Players
 * are p0, p1, ... */
#include "../support/score_util.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/deploy.h"
#include "../../engine/messages.h"
#include "../../engine/validate.h"
#include "../../engine/wagon.h"

CC_SUITE(inns_cathedrals);

#define I_C CC_EXP_INNS_CATHEDRALS
#define A_M CC_EXP_ABBEY_MAYOR

/* A road of 5 tiles between two junctions, along y = 0:
 *   (-2,0) W junction - (-1,0) U - (0,0) U - (1,0) U - (2,0) W junction
 * (2,0) is placed last and completes it: 5 tiles, 5 points (base rules). */
static void five_tile_road(su_game *g)
{
    tu_tile(&g->pos, "base.W", -2, 0, 0);
    tu_tile(&g->pos, "base.U", -1, 0, 0);
    tu_tile(&g->pos, "base.U", 0, 0, 0);
    tu_tile(&g->pos, "base.U", 1, 0, 0);
    tu_tile(&g->pos, "base.W", 2, 0, 0);
}

static const cc_score_event *only_event(su_game *g)
{
    cr_assert_eq(g->res.nevents, 1);
    su_check_result(g);
    return su_event(g, 0);
}

/* ---- strength in a majority (rule big.strength) ---------------------------- */

/* Hand count: p0's large meeple 2 against p1's two meeples 1 + 1 = 2: a
 * tie, so both score the full 5 (base.score.tie), nobody 10. */
Test(inns_cathedrals, big_strength_two_ties_two_meeples_and_both_score_5)
{
    su_game *g = su_new(2, I_C);
    five_tile_road(g);
    int big = tu_fig(&g->pos, 0, "big", -1, 0, "E");
    int m1 = tu_fig(&g->pos, 1, "meeple", 0, 0, "E");
    int m2 = tu_fig(&g->pos, 1, "meeple", 1, 0, "E");
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->type, CC_FEAT_ROAD);
    cr_assert_eq(ev->value, 5);
    cr_assert_eq(ev->strength[0], 2);
    cr_assert_eq(ev->strength[1], 2);
    cr_assert_eq(ev->points[0], 5);
    cr_assert_eq(ev->points[1], 5);
    cr_assert(su_cites(ev, "big.strength") && su_cites(ev, "base.score.tie"));
    cr_assert(su_returned(ev, big) && su_returned(ev, m1) && su_returned(ev, m2),
              "the large meeple returns like a meeple");
    cr_assert(strstr(tu_explain(ev, &g->pos), "counts as two followers") != NULL,
              "%s", tu_explain(ev, &g->pos));
    su_free(g);
}

/* Rule page: "it does not double the points". p0's large meeple (2)
 * beats p1's meeple (1); p0 alone scores 5, not 10. */
Test(inns_cathedrals, big_strength_wins_alone_and_scores_like_one_follower)
{
    su_game *g = su_new(2, I_C);
    five_tile_road(g);
    tu_fig(&g->pos, 0, "big", -1, 0, "E");
    tu_fig(&g->pos, 1, "meeple", 0, 0, "E");
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->points[0], 5);
    cr_assert_eq(ev->points[1], 0);
    cr_assert_eq(g->res.totals[0], 5);
    cr_assert(su_cites(ev, "big.strength"));
    cr_assert(!su_cites(ev, "base.score.tie"));
    su_free(g);
}

/* Three meeples (3) beat a large meeple (2): p1 scores 5, p0 nothing. */
Test(inns_cathedrals, big_strength_loses_to_three_meeples)
{
    su_game *g = su_new(2, I_C);
    five_tile_road(g);
    tu_fig(&g->pos, 0, "big", -1, 0, "E");
    tu_fig(&g->pos, 1, "meeple", 0, 0, "E");
    tu_fig(&g->pos, 1, "meeple", 1, 0, "E");
    tu_fig(&g->pos, 1, "meeple", -2, 0, "E");
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->strength[0], 2);
    cr_assert_eq(ev->strength[1], 3);
    cr_assert_eq(ev->points[0], 0);
    cr_assert_eq(ev->points[1], 5);
    su_free(g);
}

/* Without a large meeple in the feature the rule is not cited and no
 * sentence about it is said: older answers keep their words. */
Test(inns_cathedrals, big_strength_not_cited_without_a_large_meeple)
{
    su_game *g = su_new(2, I_C);
    five_tile_road(g);
    tu_fig(&g->pos, 0, "meeple", -1, 0, "E");
    tu_fig(&g->pos, 1, "big", -2, 0, "S");   /* on another road */
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert(!su_cites(ev, "big.strength"));
    cr_assert(strstr(tu_explain(ev, &g->pos), "large meeple") == NULL);
    su_free(g);
}

/* The city of 7 tiles and 3 coats of arms of the Abbey & Mayor page's
 * example 1 (test_majority.c), completed by (0,1): 7 x 2 + 3 x 2 = 20.
 * p0's mayor has strength 3 (mayor.strength, unchanged); p1's large meeple
 * 2 + meeple 1 = 3: a tie, both score 20. */
Test(inns_cathedrals, big_strength_with_a_mayor_three_against_two_plus_one_ties_at_20)
{
    su_game *g = su_new(2, I_C | A_M);
    su_seven_tile_city(g);
    tu_fig(&g->pos, 0, "mayor", 0, 0, "N");
    tu_fig(&g->pos, 1, "big", -2, 0, "E");
    tu_fig(&g->pos, 1, "meeple", 2, 0, "W");
    su_turn(g, 0, 1, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->value, 20);
    cr_assert_eq(ev->strength[0], 3);
    cr_assert_eq(ev->strength[1], 3);
    cr_assert_eq(ev->points[0], 20);
    cr_assert_eq(ev->points[1], 20);
    cr_assert(su_cites(ev, "mayor.strength") && su_cites(ev, "big.strength"));
    cr_assert_eq(ev->nreturned, 3);
    su_free(g);
}

/* A field bordering one completed city (the start tile's city closed by
 * E at (0,-1)): D's field north of the road (ENE, WNW) runs on into the
 * north fields of U at (1,0) and U at (-1,0). At the end it is worth
 * 1 city x 3 = 3. p0's large farmer (2) against p1's farmer (1): p0 alone
 * scores 3, not 6; against p1's two farmers (2): both score 3. */
static void farm_board(su_game *g)
{
    tu_tile(&g->pos, "base.D", 0, 0, 0);
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    tu_tile(&g->pos, "base.U", 1, 0, 0);
    tu_tile(&g->pos, "base.U", -1, 0, 0);
}

static const cc_score_event *field_event(su_game *g)
{
    for (int i = 0; i < g->res.nevents; i++)
        if (g->res.events[i].type == CC_FEAT_FIELD)
            return &g->res.events[i];
    cr_assert_fail("no field event");
    return NULL;
}

Test(inns_cathedrals, big_strength_in_a_farm_wins_3_not_6)
{
    su_game *g = su_new(2, I_C);
    farm_board(g);
    tu_fig(&g->pos, 0, "big", 0, 0, "ENE");
    tu_fig(&g->pos, 1, "meeple", 1, 0, "NNE");
    su_final(g);
    su_check_result(g);
    const cc_score_event *ev = field_event(g);
    cr_assert_eq(ev->strength[0], 2);
    cr_assert_eq(ev->strength[1], 1);
    cr_assert_eq(ev->points[0], 3);
    cr_assert_eq(ev->points[1], 0);
    cr_assert(su_cites(ev, "big.strength") && su_cites(ev, "base.score.field.end"));
    su_free(g);
}

Test(inns_cathedrals, big_strength_in_a_farm_ties_two_farmers)
{
    su_game *g = su_new(2, I_C);
    farm_board(g);
    tu_fig(&g->pos, 0, "big", 0, 0, "ENE");
    tu_fig(&g->pos, 1, "meeple", 1, 0, "NNE");
    tu_fig(&g->pos, 1, "meeple", -1, 0, "NNE");
    su_final(g);
    const cc_score_event *ev = field_event(g);
    cr_assert_eq(ev->points[0], 3);
    cr_assert_eq(ev->points[1], 3);
    cr_assert_eq(g->res.totals[0], 3);
    cr_assert_eq(g->res.totals[1], 3);
    su_free(g);
}

/* Barns themselves are unaffected (a barn scores per barn, whatever the
 * farmers' strength), but a barn placed in a field first scores its
 * farmers, and there the large farmer has strength 2 (3 per city) and
 * returns. The farm board grows north-east: cloisters B at (1,-1) and
 * (2,-1), U at (2,0); p1's barn goes on the junction of (1,-1), (2,-1),
 * (1,0), (2,0) with B at (2,-1), the tile placed last. All of it is one
 * field with D's north half, bordering the 1 completed city: 3 points.
 * p0's large farmer (2) beats p1's farmer (1). */
Test(inns_cathedrals, big_strength_counts_when_a_barn_scores_the_farmers)
{
    su_game *g = su_new(2, I_C | A_M);
    farm_board(g);
    tu_tile(&g->pos, "base.B", 1, -1, 0);
    tu_tile(&g->pos, "base.U", 2, 0, 0);
    tu_tile(&g->pos, "base.B", 2, -1, 0);
    int big = tu_fig(&g->pos, 0, "big", 0, 0, "ENE");
    tu_fig(&g->pos, 1, "meeple", -1, 0, "NNE");
    int barn = tu_fig(&g->pos, 1, "barn", 2, -1, "SW");
    su_turn(g, 2, -1, su_deployed(barn, CC_TOKEN_NONE));
    su_check_result(g);
    const cc_score_event *ev = field_event(g);
    cr_assert_eq(ev->kind, CC_EV_BARN_PLACED);
    cr_assert_eq(ev->strength[0], 2);
    cr_assert_eq(ev->points[0], 3);
    cr_assert_eq(ev->points[1], 0);
    cr_assert(su_returned(ev, big));
    cr_assert(su_cites(ev, "big.strength"));
    su_free(g);
}

/* A cloister holds one follower: the large monk scores a completed
 * cloister's 9 once (strength does not matter where nobody competes). */
Test(inns_cathedrals, big_monk_scores_a_cloister_once)
{
    su_game *g = su_new(2, I_C);
    /* Around the cloister B: three more B and five E whose cities face
     * away from it (the catalog has 4 B), (1,1) last. */
    tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "base.E", -1, -1, 0);
    tu_tile(&g->pos, "base.E", 0, -1, 0);
    tu_tile(&g->pos, "base.E", 1, -1, 0);
    tu_tile(&g->pos, "base.B", -1, 0, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    tu_tile(&g->pos, "base.E", -1, 1, 180);
    tu_tile(&g->pos, "base.B", 0, 1, 0);
    tu_tile(&g->pos, "base.E", 1, 1, 180);
    int big = tu_fig(&g->pos, 0, "big", 0, 0, "C");
    su_turn(g, 1, 1, cc_turn_choices_none());
    su_check_result(g);
    const cc_score_event *ev = su_find(g, CC_EV_COMPLETED, 0, 0, "C");
    cr_assert_eq(ev->points[0], 9);
    cr_assert_eq(g->res.totals[0], 9);
    cr_assert(su_returned(ev, big));
    su_free(g);
}

/* ---- validation: one per player, stands where a meeple may ------------------ */

static void expect_invalid(cc_position *pos, const char *pointer, int problem)
{
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    cc_error err;
    cr_assert(!cc_validate(pos, tu_catalog(), b, f, &err));
    cr_assert_str_eq(err.pointer, pointer);
    cr_assert_eq(err.problem, problem, "%s", cc_msg_id(err.problem));
    free(b);
    free(f);
}

Test(inns_cathedrals, big_needs_the_expansion)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "big", 0, 0, "N");
    expect_invalid(&pos, "/position/figures/0/kind", CC_MSG_P_EXPANSION_NOT_IN_PLAY);
}

Test(inns_cathedrals, big_one_per_player)
{
    cc_position pos;
    tu_pos(&pos, 2, I_C);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "big", 0, 0, "N");
    tu_fig(&pos, 1, "big", 0, 0, "E");
    tu_fig(&pos, 1, "big", 0, 0, "SSW");
    expect_invalid(&pos, "/position/figures/2", CC_MSG_P_MORE_FIGURES);
}

Test(inns_cathedrals, big_stands_on_every_feature_but_a_corner)
{
    cc_position pos;
    tu_pos(&pos, 6, I_C);
    tu_tile(&pos, "base.A", 0, 0, 0);      /* cloister, road south, fields */
    tu_tile(&pos, "base.D", 0, -1, 0);     /* north of it: city N, road E-W */
    tu_fig(&pos, 0, "big", 0, 0, "C");     /* monk */
    tu_fig(&pos, 1, "big", 0, 0, "S");     /* thief */
    tu_fig(&pos, 2, "big", 0, -1, "N");    /* knight */
    tu_fig(&pos, 5, "big", 0, 0, "NNE");   /* farmer: the 6th player's */
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    cc_error err;
    cr_assert(cc_validate(&pos, tu_catalog(), b, f, &err), "%s", tu_detail(&err));
    tu_fig(&pos, 3, "big", 0, 0, "NE");
    expect_invalid(&pos, "/position/figures/4/at", CC_MSG_P_FIGURE_CANNOT_STAND);
    free(b);
    free(f);
}

Test(inns_cathedrals, big_no_farmer_when_farmers_are_off)
{
    cc_position pos;
    tu_pos(&pos, 2, I_C);
    pos.options.farmers = CC_FARMERS_OFF;
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "big", 0, 0, "SSW");
    expect_invalid(&pos, "/position/figures/0/at", CC_MSG_P_FIGURE_CANNOT_STAND);
}

/* ---- deployment --------------------------------------------------------------- */

/* The start tile D and a curve V at (1,0): the large meeple may go
 * wherever the meeple may, listed after the older kinds. */
Test(inns_cathedrals, big_deploys_wherever_a_meeple_may)
{
    cc_position pos;
    char text[512];
    tu_pos(&pos, 2, I_C);
    tu_tile(&pos, "base.D", 0, 0, 0);
    int t = tu_tile(&pos, "base.V", 1, 0, 0);
    tu_deploy_text(&pos, t, text, sizeof text);
    cr_assert_str_eq(text, "meeple NNE, meeple S, meeple SSW, big NNE, big S, big SSW");
    /* The road is taken (a meeple on D's road): neither may go there. */
    tu_fig(&pos, 1, "meeple", 0, 0, "E");
    tu_deploy_text(&pos, t, text, sizeof text);
    cr_assert_str_eq(text, "meeple NNE, meeple SSW, big NNE, big SSW");
    /* Farmers off: no large farmer either. */
    pos.options.farmers = CC_FARMERS_OFF;
    tu_deploy_text(&pos, t, text, sizeof text);
    cr_assert_str_eq(text, "");
}

Test(inns_cathedrals, big_leaves_the_supply_once_deployed)
{
    cc_position pos;
    char text[512];
    tu_pos(&pos, 2, I_C);
    tu_tile(&pos, "base.D", 0, 0, 0);
    int t = tu_tile(&pos, "base.V", 1, 0, 0);
    tu_fig(&pos, 0, "big", 0, 0, "N");
    tu_deploy_text(&pos, t, text, sizeof text);
    cr_assert_str_eq(text, "meeple NNE, meeple S, meeple SSW");
    cc_position other = pos;
    other.active = 1;   /* p1 still holds theirs */
    tu_deploy_text(&other, t, text, sizeof text);
    cr_assert_str_eq(text, "meeple NNE, meeple S, meeple SSW, big NNE, big S, big SSW");
}

/* The base game alone: no large meeple offered (and the old answer). */
Test(inns_cathedrals, big_not_offered_without_the_expansion)
{
    cc_position pos;
    char text[512];
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    int t = tu_tile(&pos, "base.V", 1, 0, 0);
    tu_deploy_text(&pos, t, text, sizeof text);
    cr_assert_str_eq(text, "meeple NNE, meeple S, meeple SSW");
}

/* ---- wagons ------------------------------------------------------------------- */

/* A returning wagon may not move onto a feature a large meeple holds: it
 * is occupied like any follower's (Abbey & Mayor, Wagon). The city E at
 * (0,0) holds p0's wagon and is completed by E at (0,1); beside it runs the
 * road of U at (1,0), a destination while it is free, none once p1's large
 * meeple stands on it. */
Test(inns_cathedrals, big_occupies_a_feature_for_a_returning_wagon)
{
    cc_position pos;
    tu_pos(&pos, 2, I_C | A_M);
    tu_tile(&pos, "base.E", 0, 0, 180);    /* city S */
    tu_tile(&pos, "base.E", 0, 1, 0);      /* city N: completes it */
    tu_tile(&pos, "base.U", 1, 0, 90);     /* road N-S beside the city */
    int wagon = tu_fig(&pos, 0, "wagon", 0, 0, "S");
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(&pos, b, f);
    bool gone[CC_MAX_FIGURES] = { false };
    gone[wagon] = true;
    cc_wagon_dest d[CC_MAX_WAGON_DESTS];
    int before = cc_wagon_destinations(&pos, f, wagon, gone, d, CC_MAX_WAGON_DESTS);
    bool road_free = false;
    for (int i = 0; i < before; i++)
        road_free |= d[i].x == 1 && d[i].y == 0;
    cr_assert(road_free, "the road of (1,0) is a destination while free");
    tu_fig(&pos, 1, "big", 1, 0, "N");
    tu_build(&pos, b, f);
    int after = cc_wagon_destinations(&pos, f, wagon, gone, d, CC_MAX_WAGON_DESTS);
    cr_assert_eq(after, before - 1, "a large meeple occupies it");
    for (int i = 0; i < after; i++)
        cr_assert(!(d[i].x == 1 && d[i].y == 0));
    free(b);
    free(f);
}

/* ---- Messages ------------------------------------------------------------------ */

/* Messages, card 5 (2 points per knight): a large meeple is one knight,
 * strength aside (as a mayor is one, note 8): p0's large knight and
 * meeple knight give 2 x 2 = 4. */
Test(inns_cathedrals, big_is_one_knight_for_message_5)
{
    cc_position pos;
    tu_pos(&pos, 2, I_C | CC_EXP_MESSAGES);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);      /* the road on east */
    tu_tile(&pos, "base.E", 1, -1, 90);    /* above it another city, open east */
    tu_fig(&pos, 0, "big", 0, 0, "N");
    tu_fig(&pos, 0, "meeple", 1, -1, "E");
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(&pos, b, f);
    cc_message_value v;
    cc_error err;
    cr_assert(cc_messages_card(&pos, f, 5, -1, &v, &err));
    cr_assert_eq(v.points, 4);
    free(b);
    free(f);
}

/* ---- inns and cathedrals (Inns & Cathedrals, 3. Scoring a feature) ---------- */

#define IGNORE_OPTION(g) ((g)->pos.options.inn_cathedral_final = CC_INN_CATHEDRAL_FINAL_IGNORE)

/* The page's example: "a 5-tile road with an inn scores 10". The road of
 * five_tile_road with the inn tile RFr.i at (-1,0) instead of a plain U:
 * 5 tiles x 2 = 10 (inn.score.complete), not 5. */
static void inn_road(su_game *g)
{
    tu_tile(&g->pos, "base.W", -2, 0, 0);
    tu_tile(&g->pos, "inns-cathedrals.RFr.i", -1, 0, 0);
    tu_tile(&g->pos, "base.U", 0, 0, 0);
    tu_tile(&g->pos, "base.U", 1, 0, 0);
    tu_tile(&g->pos, "base.W", 2, 0, 0);
}

Test(inns_cathedrals, inn_score_complete_page_example_5_tiles_score_10)
{
    su_game *g = su_new(2, I_C);
    inn_road(g);
    int m = tu_fig(&g->pos, 0, "meeple", 0, 0, "E");
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->value, 10);
    cr_assert_eq(ev->points[0], 10);
    cr_assert(su_cites(ev, "inn.score.complete") && su_cites(ev, "base.score.road"));
    cr_assert(su_returned(ev, m));
    cr_assert(strstr(tu_explain(ev, &g->pos), "has an inn: 5 tiles x 2 = 10 points") != NULL, "%s",
              tu_explain(ev, &g->pos));
    su_free(g);
}

/* Two inns on one road (the junction RRR.i's east road and RFr.i): still
 * 2 per tile ("one or more inns"): 5 x 2 = 10. */
Test(inns_cathedrals, inn_score_complete_two_inns_still_2_per_tile)
{
    su_game *g = su_new(2, I_C);
    tu_tile(&g->pos, "inns-cathedrals.RRR.i", -2, 0, 0);
    tu_tile(&g->pos, "inns-cathedrals.RFr.i", -1, 0, 0);
    tu_tile(&g->pos, "base.U", 0, 0, 0);
    tu_tile(&g->pos, "base.U", 1, 0, 0);
    tu_tile(&g->pos, "base.W", 2, 0, 0);
    tu_fig(&g->pos, 1, "meeple", 1, 0, "E");
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->value, 10);
    cr_assert_eq(ev->points[1], 10);
    su_free(g);
}

/* A road that closes on itself: four curves round (0,0)-(1,1), the inn
 * curve Rr.i at (1,0), (1,1) placed last. 4 tiles, each once: 4 x 2 = 8. */
Test(inns_cathedrals, inn_score_complete_on_a_looping_road_counts_each_tile_once)
{
    su_game *g = su_new(2, I_C);
    tu_tile(&g->pos, "base.V", 0, 0, 270);                   /* E+S */
    tu_tile(&g->pos, "inns-cathedrals.Rr.i", 1, 0, 0);       /* S+W, the inn */
    tu_tile(&g->pos, "base.V", 0, 1, 180);                   /* N+E */
    tu_tile(&g->pos, "base.V", 1, 1, 90);                    /* W+N */
    tu_fig(&g->pos, 0, "meeple", 0, 0, "E");
    su_turn(g, 1, 1, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->type, CC_FEAT_ROAD);
    cr_assert(ev->complete);
    cr_assert_eq(ev->value, 8);
    cr_assert_eq(ev->points[0], 8);
    su_free(g);
}

/* "An incomplete feature that uses an inn or cathedral scores no points at
 * the end of the game": W, RFr.i, U, open east: 3 tiles, 0 points
 * (inn.score.final); the meeple still returns. Under option "ignore": as
 * a normal road, 3 x 1 = 3 (inns-cathedrals.final.ignore). */
static void open_inn_road(su_game *g)
{
    tu_tile(&g->pos, "base.W", -2, 0, 0);
    tu_tile(&g->pos, "inns-cathedrals.RFr.i", -1, 0, 0);
    tu_tile(&g->pos, "base.U", 0, 0, 0);
}

Test(inns_cathedrals, inn_score_final_incomplete_scores_0)
{
    su_game *g = su_new(2, I_C);
    open_inn_road(g);
    int m = tu_fig(&g->pos, 0, "meeple", 0, 0, "E");
    su_final(g);
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->value, 0);
    cr_assert_eq(ev->points[0], 0);
    cr_assert_eq(g->res.totals[0], 0);
    cr_assert(su_returned(ev, m));
    cr_assert(su_cites(ev, "inn.score.final"));
    cr_assert(strstr(tu_explain(ev, &g->pos), "has an inn, so its 3 tiles score nothing") != NULL,
              "%s", tu_explain(ev, &g->pos));
    su_free(g);
}

Test(inns_cathedrals, inn_final_ignore_option_scores_as_a_normal_road)
{
    su_game *g = su_new(2, I_C);
    IGNORE_OPTION(g);
    open_inn_road(g);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "E");
    su_final(g);
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->value, 3);
    cr_assert_eq(ev->points[0], 3);
    cr_assert(su_cites(ev, "inns-cathedrals.final.ignore"));
    cr_assert(!su_cites(ev, "inn.score.final"));
    su_free(g);
}

/* A completed inn road still holding its meeple at an end-game request:
 * complete, so 2 per tile under both values of the option: 10. */
Test(inns_cathedrals, inn_score_complete_at_the_end_keeps_2_per_tile)
{
    su_game *g = su_new(2, I_C);
    inn_road(g);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "E");
    su_final(g);
    cr_assert_eq(only_event(g)->points[0], 10);
    su_free(g);
}

/* Abbey & Mayor's wagon on an inn road scores as a follower: 10 when the
 * road is completed, and it returns; at the end on the open inn road it
 * scores 0. */
Test(inns_cathedrals, inn_with_a_wagon_scores_10_complete_and_0_open)
{
    su_game *g = su_new(2, I_C | A_M);
    inn_road(g);
    int w = tu_fig(&g->pos, 1, "wagon", 1, 0, "E");
    su_turn(g, 2, 0, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->points[1], 10);
    cr_assert(su_returned(ev, w));
    cr_assert(su_cites(ev, "wagon.strength") && su_cites(ev, "inn.score.complete"));
    su_free(g);
    g = su_new(2, I_C | A_M);
    open_inn_road(g);
    tu_fig(&g->pos, 1, "wagon", 0, 0, "E");
    su_final(g);
    cr_assert_eq(only_event(g)->points[1], 0);
    su_free(g);
}

/* The cathedral tile Cccc.c at (0,0), capped north, east and south by E;
 * west by M turned 180 (city E+S, 1 coat of arms) whose south is capped by
 * E at (-1,1), placed last: 6 tiles and 1 coat of arms, (6 + 1) x 3 = 21
 * (cathedral.score.complete), not 14. */
static void cathedral_city(su_game *g, bool closed)
{
    tu_tile(&g->pos, "inns-cathedrals.Cccc.c", 0, 0, 0);
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    tu_tile(&g->pos, "base.E", 1, 0, 270);
    tu_tile(&g->pos, "base.E", 0, 1, 0);
    tu_tile(&g->pos, "base.M", -1, 0, 180);
    if (closed)
        tu_tile(&g->pos, "base.E", -1, 1, 0);
}

Test(inns_cathedrals, cathedral_score_complete_with_a_coat_of_arms_21)
{
    su_game *g = su_new(2, I_C);
    cathedral_city(g, true);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "N");
    tu_fig(&g->pos, 1, "big", -1, 0, "E");
    su_turn(g, -1, 1, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->value, 21);
    cr_assert_eq(ev->points[1], 21, "the large meeple wins, 2 to 1, and scores 21 once");
    cr_assert_eq(ev->points[0], 0);
    cr_assert(su_cites(ev, "cathedral.score.complete") && su_cites(ev, "big.strength"));
    cr_assert(strstr(tu_explain(ev, &g->pos), "6 tiles x 3 + 1 coat of arms x 3 = 21 points") != NULL,
              "%s", tu_explain(ev, &g->pos));
    su_free(g);
}

/* The same city without (-1,1): incomplete at the end, 5 tiles and 1 coat
 * of arms: 0 (cathedral.score.final); under "ignore" (5 + 1) x 1 = 6. */
Test(inns_cathedrals, cathedral_score_final_incomplete_0_or_6_when_ignored)
{
    su_game *g = su_new(2, I_C);
    cathedral_city(g, false);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "N");
    su_final(g);
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->points[0], 0);
    cr_assert(su_cites(ev, "cathedral.score.final"));
    su_free(g);
    g = su_new(2, I_C);
    IGNORE_OPTION(g);
    cathedral_city(g, false);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "N");
    su_final(g);
    ev = only_event(g);
    cr_assert_eq(ev->points[0], 6);
    cr_assert(su_cites(ev, "inns-cathedrals.final.ignore"));
    su_free(g);
}

/* A mayor in a cathedral city: its strength is still the coats of arms
 * (1, of M), against p1's meeple (1): a tie, both score 21. */
Test(inns_cathedrals, cathedral_with_a_mayor_strength_is_the_coats_of_arms)
{
    su_game *g = su_new(2, I_C | A_M);
    cathedral_city(g, true);
    tu_fig(&g->pos, 0, "mayor", 0, 0, "N");
    tu_fig(&g->pos, 1, "meeple", -1, 0, "E");
    su_turn(g, -1, 1, cc_turn_choices_none());
    const cc_score_event *ev = only_event(g);
    cr_assert_eq(ev->strength[0], 1);
    cr_assert_eq(ev->points[0], 21);
    cr_assert_eq(ev->points[1], 21);
    su_free(g);
}

/* Farmers: a completed cathedral city is one completed city, 3 points, as
 * any (the page changes only the city's own scoring). The field north of
 * E (0,-1) borders it. */
Test(inns_cathedrals, cathedral_city_gives_farmers_3_like_any_city)
{
    su_game *g = su_new(2, I_C);
    cathedral_city(g, true);
    tu_fig(&g->pos, 0, "meeple", 0, -1, "NNE");
    su_final(g);
    cr_assert_eq(g->res.nevents, 1);
    cr_assert_eq(su_event(g, 0)->type, CC_FEAT_FIELD);
    cr_assert_eq(su_event(g, 0)->points[0], 3);
    su_free(g);
}
