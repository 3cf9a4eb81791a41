/* test_messages.c -- engine/messages.h: the score track, rounds of
 * scoring, and the eight message cards.
 *
 * Rule page: Messages (1st edition) ("the page"); its
 * footnotes are cited as "note n". */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/messages.h"
#include "../../engine/rules.h"
#include "../support/testutil.h"

CC_SUITE(messages);

/* ---- helpers -------------------------------------------------------------- */

static cc_award award(int round, int points, int figure)
{
    cc_award a = { round, points, figure, false };
    return a;
}

static cc_counting *count_ok(int s0, int s1, bool active, cc_award *a, int n)
{
    cc_counting *c = calloc(1, sizeof *c);
    cr_assert_not_null(c);
    int start[2] = { s0, s1 };
    cc_error err;
    cr_assert(cc_messages_count(start, true, active, a, n, c, &err), "%s: %s", tu_title(&err),
              tu_detail(&err));
    return c;
}

typedef struct {
    cc_position pos;
    cc_board *b;
    cc_features *f;
} fixture;

static void fx_build(fixture *fx)
{
    fx->b = tu_board_new();
    fx->f = tu_features_new();
    tu_build(&fx->pos, fx->b, fx->f);
}

static void fx_free(fixture *fx)
{
    free(fx->f);
    free(fx->b);
}

static cc_message_value card(fixture *fx, int n, int figure)
{
    cc_message_value v;
    cc_error err;
    cr_assert(cc_messages_card(&fx->pos, fx->f, n, figure, &v, &err), "card %d: %s: %s", n,
              tu_title(&err), tu_detail(&err));
    for (int i = 0; i < v.nrules; i++)
        cr_assert_not_null(cc_rule_find(v.rules[i]), "rule %s not in the catalog", v.rules[i]);
    return v;
}

static bool counted_feature(const cc_message_value *v, int feature, int points)
{
    for (int i = 0; i < v->ncounted; i++)
        if (v->counted[i].feature == feature && v->counted[i].points == points)
            return true;
    return false;
}

/* ---- 1. the score track ---------------------------------------------------- */

/* The page, "Scoring points" and note 1: dark spaces are 5, 10, 15, ...
 * and the start space 0 once a figure reaches exactly 50. */
Test(messages, dark_spaces_are_multiples_of_five_on_a_50_space_track)
{
    cr_assert(cc_track_lands_dark(47, 50));   /* 47 + 3 stands on space 0 */
    cr_assert_eq(cc_track_space(50), 0);
    cr_assert(cc_track_lands_dark(49, 50));
    cr_assert(cc_track_lands_dark(50, 55));
    cr_assert_eq(cc_track_space(55), 5);
    cr_assert(cc_track_lands_dark(98, 100));
    cr_assert_eq(cc_track_space(100), 0);
    cr_assert_not(cc_track_lands_dark(47, 51));
    cr_assert_not(cc_track_lands_dark(48, 49));
    cr_assert(cc_track_lands_dark(0, 5));
    cr_assert(cc_track_lands_dark(3, 10));
    cr_assert_not(cc_track_lands_dark(10, 14));
}

/* A figure "ends on" a dark space only by moving there: standing on 0 at the
 * start of the game (or on any dark space) without moving gives nothing. */
Test(messages, a_figure_that_does_not_move_does_not_land)
{
    cr_assert_not(cc_track_lands_dark(0, 0));
    cr_assert_not(cc_track_lands_dark(10, 10));
    cc_award a[] = { award(CC_ROUND_SCORING, 3, CC_COUNT_DEFAULT) };
    cc_counting *c = count_ok(0, 10, true, a, 1);   /* fig 0: 0 -> 3, fig 1 stays on 10 */
    cr_assert_eq(c->nrounds, 1);
    cr_assert_not(c->rounds[0].message);
    cr_assert_eq(c->messages, 0);
    cr_assert_eq(a[0].figure, 0);
    free(c);
}

/* A 0-point award (e.g. a tie lost on a hill) moves nothing. */
Test(messages, zero_points_move_no_figure)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 0, CC_COUNT_DEFAULT) };
    cc_counting *c = count_ok(5, 10, true, a, 1);
    cr_assert_not(c->rounds[0].message);
    cr_assert_eq(c->after[0], 5);
    cr_assert_eq(c->after[1], 10);
    free(c);
}

/* ---- 2. rounds of scoring --------------------------------------------------- */

/* The page, "Scoring points": the active player receives a message when a
 * figure ends on a dark space; 47 + 3 = 50 lands on space 0 (note 1). */
Test(messages, landing_exactly_on_50_gives_a_message)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 3, 0) };
    cc_counting *c = count_ok(47, 12, true, a, 1);
    cr_assert(c->rounds[0].message);
    cr_assert_eq(c->rounds[0].dark_figure, 0);
    cr_assert_eq(c->after[0], 50);
    cr_assert(a[0].chosen);
    free(c);
}

/* Going past 50 to 51 is not a dark space; 48 + 7 = 55 (space 5) is. */
Test(messages, passing_50_lands_on_space_5_not_0)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 4, 0) };
    cc_counting *c = count_ok(47, 12, true, a, 1);
    cr_assert_not(c->rounds[0].message);
    free(c);
    cc_award b[] = { award(CC_ROUND_SCORING, 7, 0) };
    c = count_ok(48, 12, true, b, 1);
    cr_assert(c->rounds[0].message);
    cr_assert_eq(cc_track_space(c->after[0]), 5);
    free(c);
}

/* Note 17: only at the end of a round is it decided whether a figure is on
 * a dark space, so passing one in the middle of a round does not count. */
Test(messages, a_dark_space_passed_within_a_round_does_not_count)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 2, 0), award(CC_ROUND_SCORING, 3, 0) };
    cc_counting *c = count_ok(8, 1, true, a, 2);   /* 8 -> 10 -> 13 */
    cr_assert_eq(c->nrounds, 1);
    cr_assert_not(c->rounds[0].message);
    free(c);
}

/* More rules: at most one message per round even if both counting figures
 * end on dark spaces. */
Test(messages, one_message_per_round_even_with_both_figures_dark)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 2, 0), award(CC_ROUND_SCORING, 1, 1) };
    cc_counting *c = count_ok(3, 4, true, a, 2);   /* 5 and 5 */
    cr_assert_eq(c->nrounds, 1);
    cr_assert(c->rounds[0].message);
    cr_assert_eq(c->messages, 1);
    cr_assert_eq(c->rounds[0].dark_figure, 0);
    free(c);
}

/* Notes 17, 18, 22: the shepherd's flock (round 2, end of move wood) and the
 * feature scoring (round 3) are separate rounds: each may bring a message. */
Test(messages, move_wood_and_scoring_phase_are_separate_rounds)
{
    cc_award a[] = { award(CC_ROUND_MOVE_WOOD, 5, 0), award(CC_ROUND_SCORING, 5, 0) };
    cc_counting *c = count_ok(0, 0, true, a, 2);
    cr_assert_eq(c->nrounds, 2);
    cr_assert(c->rounds[0].message);
    cr_assert(c->rounds[1].message);
    cr_assert_eq(c->messages, 2);
    cr_assert_eq(c->rounds[1].before[0], 5);
    cr_assert_eq(c->rounds[1].after[0], 10);
    free(c);
}

/* Notes 19, 20 ("Chains"): the points of a message are a round of their
 * own, and can land on a dark space again. */
Test(messages, points_from_a_message_can_bring_another_message)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 3, 0), award(CC_ROUND_MESSAGE, 2, 0),
                     award(CC_ROUND_MESSAGE, 5, 0) };
    cc_counting *c = count_ok(2, 0, true, a, 3);   /* 5, then 7, then 12: no */
    cr_assert_eq(c->nrounds, 3);
    cr_assert(c->rounds[0].message);
    cr_assert_not(c->rounds[1].message);
    cr_assert_not(c->rounds[2].message);
    free(c);
    cc_award b[] = { award(CC_ROUND_SCORING, 3, 0), award(CC_ROUND_MESSAGE, 5, 0),
                     award(CC_ROUND_MESSAGE, 2, 1) };
    c = count_ok(2, 8, true, b, 3);   /* 5; 10; figure 1 8 -> 10 */
    cr_assert_eq(c->messages, 3);
    free(c);
}

/* "Important": only the active player receives messages. */
Test(messages, only_the_active_player_receives_messages)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 5, CC_COUNT_DEFAULT) };
    cc_counting *c = count_ok(0, 0, false, a, 1);
    cr_assert_eq(c->after[0], 5);
    cr_assert_not(c->rounds[0].message);
    cr_assert_eq(c->rounds[0].dark_figure, 0);   /* it is dark, but not theirs to use */
    free(c);
}

/* More rules: no message in the final scoring; the final score is the sum
 * of both figures (note 21). */
Test(messages, no_message_in_the_final_scoring)
{
    cc_award a[] = { award(CC_ROUND_FINAL, 3, 0), award(CC_ROUND_FINAL, 4, 1) };
    cc_counting *c = count_ok(7, 6, true, a, 2);
    cr_assert_not(c->rounds[0].message);
    cr_assert_eq(c->messages, 0);
    cr_assert_eq(c->after[0] + c->after[1], 20);
    free(c);
}

/* Note 15: every award moves one figure; the default looks for the
 * assignment that receives the round's message, trying figure 0 first. */
Test(messages, default_counting_finds_the_message_when_one_exists)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 2, CC_COUNT_DEFAULT),
                     award(CC_ROUND_SCORING, 1, CC_COUNT_DEFAULT) };
    cc_counting *c = count_ok(3, 4, true, a, 2);   /* 0 then 1: 5 and 5 */
    cr_assert_eq(a[0].figure, 0);
    cr_assert_eq(a[1].figure, 1);
    cr_assert_not(a[0].chosen);
    cr_assert(c->rounds[0].message);
    free(c);

    cc_award b[] = { award(CC_ROUND_SCORING, 4, CC_COUNT_DEFAULT),
                     award(CC_ROUND_SCORING, 3, CC_COUNT_DEFAULT) };
    c = count_ok(1, 2, true, b, 2);   /* only 1 + 4 = 5 on figure 0, then 3 on figure 1 */
    cr_assert_eq(b[0].figure, 0);
    cr_assert_eq(b[1].figure, 1);
    cr_assert(c->rounds[0].message);
    cr_assert_eq(c->after[0], 5);
    cr_assert_eq(c->after[1], 5);
    free(c);

    cc_award d[] = { award(CC_ROUND_SCORING, 4, CC_COUNT_DEFAULT) };
    c = count_ok(2, 6, true, d, 1);   /* figure 1: 6 + 4 = 10 */
    cr_assert_eq(d[0].figure, 1);
    cr_assert(c->rounds[0].message);
    free(c);
}

/* When no assignment reaches a dark space, every default award moves
 * figure 0; a chosen figure is kept even when the other would land. */
Test(messages, default_counting_is_figure_0_without_a_message)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 1, CC_COUNT_DEFAULT),
                     award(CC_ROUND_SCORING, 1, CC_COUNT_DEFAULT) };
    cc_counting *c = count_ok(1, 1, true, a, 2);   /* 1+1+1, 1+1: never 0 mod 5 */
    cr_assert_eq(a[0].figure, 0);
    cr_assert_eq(a[1].figure, 0);
    cr_assert_not(c->rounds[0].message);
    free(c);

    cc_award b[] = { award(CC_ROUND_SCORING, 4, 0) };
    c = count_ok(2, 6, true, b, 1);   /* the player moves figure 0: 6, no message */
    cr_assert_eq(b[0].figure, 0);
    cr_assert_not(c->rounds[0].message);
    free(c);
}

/* A chosen figure constrains the search for the other awards. */
Test(messages, default_counting_respects_the_chosen_awards)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 3, 1),
                     award(CC_ROUND_SCORING, 2, CC_COUNT_DEFAULT) };
    cc_counting *c = count_ok(4, 0, true, a, 2);   /* fig 1 gets 3; 2 -> fig 1 = 5 */
    cr_assert_eq(a[1].figure, 1);
    cr_assert(c->rounds[0].message);
    cr_assert_eq(c->rounds[0].dark_figure, 1);
    free(c);
}

/* Without Messages there is one counting figure and no message. */
Test(messages, without_messages_one_figure_and_no_message)
{
    cc_award a[] = { award(CC_ROUND_SCORING, 5, CC_COUNT_DEFAULT) };
    cc_counting c;
    int start[2] = { 0, 0 };
    cc_error err;
    cr_assert(cc_messages_count(start, false, true, a, 1, &c, &err));
    cr_assert_not(c.rounds[0].message);
    cr_assert_eq(c.after[0], 5);
    cc_award b[] = { award(CC_ROUND_SCORING, 5, 1) };
    cr_assert_not(cc_messages_count(start, false, true, b, 1, &c, &err));
    cr_assert_eq(err.status, CC_ERR_IMPOSSIBLE);
}

Test(messages, malformed_awards_are_refused)
{
    cc_counting c;
    int start[2] = { 0, 0 };
    cc_error err;
    cc_award a[] = { award(CC_ROUND_SCORING, 1, 0), award(CC_ROUND_MOVE_WOOD, 1, 0) };
    cr_assert_not(cc_messages_count(start, true, true, a, 2, &c, &err));
    cr_assert_eq(err.status, CC_ERR_BAD_REQUEST);
    cc_award b[] = { award(CC_ROUND_SCORING, -1, 0) };
    cr_assert_not(cc_messages_count(start, true, true, b, 1, &c, &err));
    cc_award d[] = { award(CC_ROUND_SCORING, 1, 2) };
    cr_assert_not(cc_messages_count(start, true, true, d, 1, &c, &err));
}

/* A long round still counts exactly (the search is linear, not 2^n). */
Test(messages, a_long_round_is_counted_exactly)
{
    cc_award a[CC_MAX_AWARDS];
    for (int i = 0; i < CC_MAX_AWARDS; i++)
        a[i] = award(CC_ROUND_SCORING, 1, CC_COUNT_DEFAULT);
    cc_counting *c = count_ok(1, 1, true, a, CC_MAX_AWARDS);
    cr_assert(c->rounds[0].message);
    cr_assert(c->after[0] % 5 == 0 || c->after[1] % 5 == 0);
    cr_assert_eq(c->after[0] + c->after[1], 2 + CC_MAX_AWARDS);
    free(c);
}

/* ---- 3. cards 4, 5, 6, 7 ----------------------------------------------------- */

/* City A: base.D's north city, base.F turned to run north-south (1 coat of
 * arms), abbey-mayor.C++ (2): 3 coats of arms, two knights of p0 and one of
 * p1. City B: base.E turned 180 and base.M (1 coat of arms): p0's mayor.
 * p0 also has a wagon on the road and two farmers. */
static void cards_board(fixture *fx)
{
    tu_pos(&fx->pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_MESSAGES);
    tu_tile(&fx->pos, "base.D", 0, 0, 0);
    tu_tile(&fx->pos, "base.F", 0, -1, 90);
    tu_tile(&fx->pos, "abbey-mayor.C++", 0, -2, 0);
    tu_tile(&fx->pos, "base.E", 0, 1, 180);
    tu_tile(&fx->pos, "base.M", 0, 2, 0);
    tu_fig(&fx->pos, 0, "meeple", 0, 0, "N");
    tu_fig(&fx->pos, 0, "meeple", 0, -2, "N");
    tu_fig(&fx->pos, 1, "meeple", 0, -1, "N");
    tu_fig(&fx->pos, 0, "mayor", 0, 2, "N");
    tu_fig(&fx->pos, 0, "wagon", 0, 0, "E");
    tu_fig(&fx->pos, 0, "meeple", 0, 0, "SSE");
    tu_fig(&fx->pos, 0, "meeple", 0, -1, "ENE");
    tu_fig(&fx->pos, 1, "meeple", 0, 1, "NNE");
    fx_build(fx);
}

/* Card 4: 2 points per coat of arms in each city with at least one of the
 * player's followers; the city with two knights counts once. */
Test(messages, card_4_two_points_per_coat_of_arms_in_each_city_with_a_follower)
{
    fixture fx;
    cards_board(&fx);
    cc_message_value v = card(&fx, 4, -1);
    int a = tu_feature(fx.f, 0, 0, "N"), b = tu_feature(fx.f, 0, 2, "N");
    cr_assert_eq(v.ncounted, 2);
    cr_assert(counted_feature(&v, a, 6));
    cr_assert(counted_feature(&v, b, 2));
    cr_assert_eq(v.points, 8);
    cr_assert_eq(v.alternative, 2);
    fx_free(&fx);
}

/* Card 4 for the other player: p1's knight in city A counts its 3 coats of
 * arms without the majority. */
Test(messages, card_4_needs_no_majority)
{
    fixture fx;
    cards_board(&fx);
    fx.pos.active = 1;
    cc_message_value v = card(&fx, 4, -1);
    cr_assert_eq(v.ncounted, 1);
    cr_assert_eq(v.points, 6);
    fx_free(&fx);
}

/* Note 12 ("a mayor in a city with no coats of arms"): card 4 counts a city
 * without coats of arms as 0. */
Test(messages, card_4_city_without_coats_of_arms_scores_0)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_fig(&fx.pos, 0, "mayor", 0, 0, "N");
    fx_build(&fx);
    cc_message_value v = card(&fx, 4, -1);
    cr_assert_eq(v.ncounted, 1);
    cr_assert_eq(v.points, 0);
    fx_free(&fx);
}

/* Card 5 and note 8: every follower in a city is a knight -- meeples,
 * mayors (strength irrelevant), wagons; a wagon on a road is not. */
Test(messages, card_5_two_points_per_knight_mayor_included)
{
    fixture fx;
    cards_board(&fx);
    cc_message_value v = card(&fx, 5, -1);
    cr_assert_eq(v.ncounted, 3);
    cr_assert_eq(v.points, 6);
    for (int i = 0; i < v.ncounted; i++) {
        const cc_figure *fig = &fx.pos.figures[v.counted[i].figure];
        cr_assert_eq(fig->player, 0);
        cr_assert_neq(fig->kind, CC_FIG_WAGON);
    }
    fx_free(&fx);
}

/* Note 8: a wagon in a city is a knight too. */
Test(messages, card_5_a_wagon_in_a_city_is_a_knight)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_fig(&fx.pos, 0, "wagon", 0, 0, "N");
    tu_fig(&fx.pos, 0, "meeple", 0, 0, "E");   /* a thief: not counted */
    fx_build(&fx);
    cc_message_value v = card(&fx, 5, -1);
    cr_assert_eq(v.ncounted, 1);
    cr_assert_eq(v.points, 2);
    cr_assert_eq(fx.pos.figures[v.counted[0].figure].kind, CC_FIG_WAGON);
    fx_free(&fx);
}

/* Card 6 and note 9: 2 points (not 3) per farmer; the other player's farmer,
 * a barn and a shepherd are not the player's farmers. */
Test(messages, card_6_two_points_per_farmer_not_barns_or_shepherds)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 1, 0);
    tu_tile(&fx.pos, "base.U", 0, 1, 0);
    tu_fig(&fx.pos, 0, "meeple", 0, 0, "SSE");
    tu_fig(&fx.pos, 0, "meeple", 1, 0, "NNE");
    tu_fig(&fx.pos, 0, "shepherd", 0, 1, "NNE");
    tu_fig(&fx.pos, 1, "meeple", 0, 1, "SSE");
    tu_fig(&fx.pos, 0, "barn", 0, 0, "SE");
    fx_build(&fx);
    cc_message_value v = card(&fx, 6, -1);
    cr_assert_eq(v.ncounted, 2);
    cr_assert_eq(v.points, 4);
    fx_free(&fx);
}

/* Card 7: no points; it allows one extra tile (a whole turn). */
Test(messages, card_7_gives_no_points)
{
    fixture fx;
    cards_board(&fx);
    cc_message_value v = card(&fx, 7, -1);
    cr_assert_eq(v.points, 0);
    cr_assert_eq(v.ncounted, 0);
    cr_assert_eq(v.alternative, 2);
    fx_free(&fx);
}

/* There are eight messages. */
Test(messages, card_numbers_outside_1_to_8_are_not_found)
{
    fixture fx;
    cards_board(&fx);
    cc_message_value v;
    cc_error err;
    cr_assert_not(cc_messages_card(&fx.pos, fx.f, 0, -1, &v, &err));
    cr_assert_eq(err.status, CC_ERR_NOT_FOUND);
    cr_assert_not(cc_messages_card(&fx.pos, fx.f, 9, -1, &v, &err));
    cr_assert_eq(err.status, CC_ERR_NOT_FOUND);
    fx_free(&fx);
}

/* ---- 3. cards 1, 2, 3: the feature of least value ---------------------------- */

/* Road A: base.D at (0,0) with base.U on both sides, 3 tiles, p0 and two of
 * p1's. Road B: base.U at (0,1), 1 tile, p0. Road C: base.U at (0,2)? no:
 * p1 alone on a 1-tile road at (2,1) is not p0's. */
static void roads_board(fixture *fx)
{
    tu_pos(&fx->pos, 2, CC_EXP_MESSAGES);
    tu_tile(&fx->pos, "base.D", 0, 0, 0);
    tu_tile(&fx->pos, "base.U", 1, 0, 0);
    tu_tile(&fx->pos, "base.U", -1, 0, 0);
    tu_tile(&fx->pos, "base.U", 0, 1, 0);
    tu_fig(&fx->pos, 0, "meeple", 0, 0, "E");
    tu_fig(&fx->pos, 1, "meeple", 1, 0, "E");
    tu_fig(&fx->pos, 1, "meeple", -1, 0, "W");
    tu_fig(&fx->pos, 0, "meeple", 0, 1, "W");
    fx_build(fx);
}

/* Message 1: the road of least value holding one of the player's
 * followers, scored for them alone; majority is not needed. */
Test(messages, card_1_scores_the_shortest_road_with_a_follower)
{
    fixture fx;
    roads_board(&fx);
    int a = tu_feature(fx.f, 0, 0, "E"), b = tu_feature(fx.f, 0, 1, "W");
    cc_message_value v = card(&fx, 1, -1);
    cr_assert_eq(v.ncandidates, 2);
    cr_assert_eq(v.candidates[0].feature, b);
    cr_assert_eq(v.candidates[0].points, 1);
    cr_assert_eq(v.candidates[1].feature, a);
    cr_assert_eq(v.candidates[1].points, 3);
    cr_assert_eq(v.ncounted, 1);
    cr_assert_eq(v.counted[0].feature, b);
    cr_assert_eq(v.points, 1);
    cr_assert_eq(v.returned, -1);   /* the follower stays */
    fx_free(&fx);
}

/* Message 1 without majority: p1 (two thieves on road A, none elsewhere)
 * scores road A in full; p0's single thief there would too. */
Test(messages, card_1_needs_presence_not_majority)
{
    fixture fx;
    roads_board(&fx);
    fx.pos.active = 1;
    cc_message_value v = card(&fx, 1, -1);
    cr_assert_eq(v.ncandidates, 1);
    cr_assert_eq(v.points, 3);
    fx_free(&fx);
}

/* Two roads of equal value: the card's points are the same either way; the
 * answer names the first in canonical order (first cell by y, then x). */
Test(messages, card_1_tie_names_the_canonical_first_road)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_tile(&fx.pos, "base.U", 0, 1, 0);
    tu_tile(&fx.pos, "base.U", 1, 1, 0);
    tu_fig(&fx.pos, 0, "meeple", 1, 1, "E");   /* road B, listed first */
    tu_fig(&fx.pos, 0, "meeple", 1, 0, "W");   /* road A */
    fx_build(&fx);
    cc_message_value v = card(&fx, 1, -1);
    cr_assert_eq(v.ncandidates, 2);
    cr_assert_eq(v.candidates[0].points, 2);
    cr_assert_eq(v.candidates[1].points, 2);
    cr_assert_eq(v.counted[0].feature, tu_feature(fx.f, 0, 0, "E"));
    cr_assert_eq(v.points, 2);
    fx_free(&fx);
}

/* No follower on a road: message 1 gives 0 points (the alternative stays 2). */
Test(messages, card_1_without_a_road_follower_gives_0)
{
    fixture fx;
    cards_board(&fx);
    fx.pos.active = 1;   /* p1: a knight and a farmer, no thief */
    cc_message_value v = card(&fx, 1, -1);
    cr_assert_eq(v.ncandidates, 0);
    cr_assert_eq(v.ncounted, 0);
    cr_assert_eq(v.points, 0);
    cr_assert_eq(v.alternative, 2);
    fx_free(&fx);
}

/* Message 2 on the cards board: city A is 3 tiles + 3 coats of arms = 6 at
 * final scoring, city B 2 tiles + 1 = 3: p0 (knights in A, mayor in B)
 * scores B. */
Test(messages, card_2_scores_the_smallest_city)
{
    fixture fx;
    cards_board(&fx);
    cc_message_value v = card(&fx, 2, -1);
    cr_assert_eq(v.ncandidates, 2);
    cr_assert_eq(v.counted[0].feature, tu_feature(fx.f, 0, 2, "N"));
    cr_assert_eq(v.points, 3);
    cr_assert_eq(v.candidates[1].points, 6);
    fx_free(&fx);
}

/* Message 2: a mayor without coats of arms still stands in the city (A&M
 * official clarification: "The city is occupied"), and the card needs
 * presence, not strength: the city scores its value. */
Test(messages, card_2_a_zero_strength_mayor_is_present)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.E", 0, -1, 180);   /* closes the city: 2 tiles, complete */
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_tile(&fx.pos, "base.E", 1, 1, 180);    /* a 1-tile open city at (1,1) S */
    tu_fig(&fx.pos, 0, "mayor", 1, 1, "S");
    fx_build(&fx);
    cc_message_value v = card(&fx, 2, -1);
    cr_assert_eq(v.ncandidates, 1);
    cr_assert_eq(v.points, 1);
    fx_free(&fx);
}

/* Cloisters at (1,-1) worth 5, (2,-1) worth 4 and (2,0) worth 4 now. */
static void cloisters_board(fixture *fx)
{
    tu_pos(&fx->pos, 2, CC_EXP_MESSAGES);
    tu_tile(&fx->pos, "base.D", 0, 0, 0);
    tu_tile(&fx->pos, "base.U", 1, 0, 0);
    tu_tile(&fx->pos, "base.B", 1, -1, 0);
    tu_tile(&fx->pos, "base.A", 2, 0, 90);
    tu_tile(&fx->pos, "base.B", 2, -1, 0);
    tu_fig(&fx->pos, 0, "meeple", 1, -1, "C");
    tu_fig(&fx->pos, 0, "meeple", 2, 0, "C");
    tu_fig(&fx->pos, 1, "meeple", 2, -1, "C");
    fx_build(fx);
}

/* Message 3: the cloister of least value at final scoring (1 + neighbours). */
Test(messages, card_3_scores_the_smallest_cloister)
{
    fixture fx;
    cloisters_board(&fx);
    cc_message_value v = card(&fx, 3, -1);
    cr_assert_eq(v.ncandidates, 2);
    cr_assert_eq(v.counted[0].feature, tu_feature(fx.f, 2, 0, "C"));
    cr_assert_eq(v.points, 4);
    cr_assert_eq(v.candidates[1].points, 5);
    fx_free(&fx);
}

/* Note 6: shrines are cloisters for message 3. */
Test(messages, card_3_counts_a_shrine)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_SHRINES | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_tile(&fx.pos, "shrines.S", 1, -1, 0);
    tu_tile(&fx.pos, "base.B", 2, -1, 0);
    tu_fig(&fx.pos, 0, "meeple", 1, -1, "C");
    tu_fig(&fx.pos, 1, "meeple", 2, -1, "C");
    fx_build(&fx);
    cc_message_value v = card(&fx, 3, -1);
    cr_assert_eq(v.ncandidates, 1);
    cr_assert_eq(v.points, 4);   /* 1 + (0,0), (1,0), (2,-1) */
    fx_free(&fx);
}

/* Note 6: the abbey is a cloister for message 3. */
Test(messages, card_3_counts_an_abbey)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.U", -1, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_tile(&fx.pos, "base.U", -1, 1, 0);
    tu_tile(&fx.pos, "base.U", 1, 1, 0);
    tu_tile(&fx.pos, "base.U", 0, 2, 0);
    tu_abbey(&fx.pos, 0, 1, 0);
    tu_fig(&fx.pos, 0, "meeple", 0, 1, "C");
    fx_build(&fx);
    cc_message_value v = card(&fx, 3, -1);
    cr_assert_eq(v.ncandidates, 1);
    cr_assert_eq(v.points, 7);   /* 1 + six neighbours */
    fx_free(&fx);
}

/* Hills & Sheep: an incomplete monastery gets no vineyard points at final
 * scoring (hills-sheep page, Final scoring, note 6), so message 3 gives
 * none either. base.B at (1,-1) next to the vineyard tile at (0,-1). */
Test(messages, card_3_no_vineyard_points_at_final_scoring)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_HILLS_SHEEP | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_tile(&fx.pos, "base.B", 1, -1, 0);
    tu_tile(&fx.pos, "hills-sheep.C!.v", 0, -1, 180);   /* city S meets D's city N */
    tu_fig(&fx.pos, 0, "meeple", 1, -1, "C");
    fx_build(&fx);
    cr_assert(fx.b->tiles[3].type->vineyard);
    cc_message_value v = card(&fx, 3, -1);
    cr_assert_eq(v.points, 4);   /* 1 + (0,-1), (0,0), (1,0) */
    fx_free(&fx);
}

/* ---- 3. card 8: score one follower's feature, then return it ------------------ */

static int fig_index(fixture *fx, int player, int x, int y, const char *at)
{
    cc_loc loc;
    cr_assert(cc_loc_parse(at, &loc));
    cc_error err;
    fx->pos.active = player;
    int i = cc_messages_find_follower(&fx->pos, fx->f, x, y, loc, &err);
    cr_assert_geq(i, 0, "%s", tu_detail(&err));
    return i;
}

/* Message 8 with the majority: p0's thief alone on road B (1 tile) scores
 * 1 point as at the end of the game and goes back to the supply. */
Test(messages, card_8_majority_scores_the_feature_and_returns_the_follower)
{
    fixture fx;
    roads_board(&fx);
    int i = fig_index(&fx, 0, 0, 1, "W");
    cc_message_value v = card(&fx, 8, i);
    cr_assert(v.majority);
    cr_assert_eq(v.points, 1);
    cr_assert_eq(v.returned, i);
    cr_assert_eq(v.counted[0].feature, tu_feature(fx.f, 0, 1, "W"));
    fx_free(&fx);
}

/* Message 8 without the majority (p1 has two thieves on road A): 0 points,
 * and the follower still goes back (note 12: "You do not have the
 * majority"). */
Test(messages, card_8_without_majority_scores_0_and_still_returns)
{
    fixture fx;
    roads_board(&fx);
    int i = fig_index(&fx, 0, 0, 0, "E");
    cc_message_value v = card(&fx, 8, i);
    cr_assert_not(v.majority);
    cr_assert_eq(v.points, 0);
    cr_assert_eq(v.returned, i);
    bool zero = false;
    for (int k = 0; k < v.nrules; k++)
        zero |= strcmp(v.rules[k], "messages.card.8-zero") == 0;
    cr_assert(zero);
    fx_free(&fx);
}

/* A tie shares the majority: each tied player would score in full. */
Test(messages, card_8_a_tie_counts_as_majority)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_fig(&fx.pos, 0, "meeple", 0, 0, "W");
    tu_fig(&fx.pos, 1, "meeple", 1, 0, "E");
    fx_build(&fx);
    int i = fig_index(&fx, 0, 0, 0, "W");
    cc_message_value v = card(&fx, 8, i);
    cr_assert(v.majority);
    cr_assert_eq(v.points, 2);
    fx_free(&fx);
}

/* Hills & Sheep: a tie broken by the other player's follower on a hill
 * leaves p0 without the majority: 0 points. hills-sheep.CFR.h turned 90
 * sends its road west into base.D's road. */
Test(messages, card_8_a_hill_breaks_the_tie_against_the_player)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_HILLS_SHEEP | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "hills-sheep.CFR.h", 1, 0, 90);
    tu_fig(&fx.pos, 0, "meeple", 0, 0, "W");
    tu_fig(&fx.pos, 1, "meeple", 1, 0, "W");
    fx_build(&fx);
    int i = fig_index(&fx, 0, 0, 0, "W");
    cc_message_value v = card(&fx, 8, i);
    cr_assert_not(v.majority);
    cr_assert_eq(v.points, 0);
    fx.pos.active = 1;
    v = card(&fx, 8, fig_index(&fx, 1, 1, 0, "W"));
    cr_assert(v.majority);
    cr_assert_eq(v.points, 2);
    fx_free(&fx);
}

/* Note 12: "A mayor in city with no pennants": strength 0, no majority,
 * 0 points; with coats of arms the mayor holds the majority. */
Test(messages, card_8_mayor_without_coats_of_arms_scores_0)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_fig(&fx.pos, 0, "mayor", 0, 0, "N");
    fx_build(&fx);
    cc_message_value v = card(&fx, 8, fig_index(&fx, 0, 0, 0, "N"));
    cr_assert_not(v.majority);
    cr_assert_eq(v.points, 0);
    fx_free(&fx);

    cards_board(&fx);   /* p0's mayor in city B: 1 coat of arms, 2 tiles */
    v = card(&fx, 8, fig_index(&fx, 0, 0, 2, "N"));
    cr_assert(v.majority);
    cr_assert_eq(v.points, 3);
    fx_free(&fx);
}

/* Note 12: "A farmer in farm with no completed cities" scores 0; with one
 * completed city the farmer's field scores 3 as at the end of the game. */
Test(messages, card_8_farmer_scores_3_per_completed_city)
{
    fixture fx;
    roads_board(&fx);
    tu_fig(&fx.pos, 0, "meeple", 0, 0, "ENE");   /* borders base.D's open city */
    free(fx.f);
    free(fx.b);
    fx_build(&fx);
    cc_message_value v = card(&fx, 8, fig_index(&fx, 0, 0, 0, "ENE"));
    cr_assert(v.majority);
    cr_assert_eq(v.points, 0);
    fx_free(&fx);

    tu_pos(&fx.pos, 2, CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.E", 0, -1, 180);   /* the city is complete */
    tu_fig(&fx.pos, 0, "meeple", 0, 0, "WNW");
    fx_build(&fx);
    v = card(&fx, 8, fig_index(&fx, 0, 0, 0, "WNW"));
    cr_assert_eq(v.points, 3);
    fx_free(&fx);
}

/* Card 8 on a monk: the cloister at (2,0) is worth 4 as at the end. */
Test(messages, card_8_monk_scores_the_cloister)
{
    fixture fx;
    cloisters_board(&fx);
    cc_message_value v = card(&fx, 8, fig_index(&fx, 0, 2, 0, "C"));
    cr_assert_eq(v.points, 4);
    fx_free(&fx);
}

/* Card 8's follower may be named by any location of its feature on its
 * tile; barns and other players' figures are refused (422 at /figure). */
Test(messages, card_8_names_a_follower_of_the_active_player)
{
    fixture fx;
    tu_pos(&fx.pos, 2, CC_EXP_ABBEY_MAYOR | CC_EXP_MESSAGES);
    tu_tile(&fx.pos, "base.D", 0, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 0, 0);
    tu_tile(&fx.pos, "base.U", 1, 1, 0);
    tu_tile(&fx.pos, "base.U", 0, 1, 0);
    tu_fig(&fx.pos, 0, "wagon", 0, 0, "E");
    tu_fig(&fx.pos, 0, "barn", 0, 0, "SE");
    tu_fig(&fx.pos, 1, "meeple", 1, 0, "E");
    fx_build(&fx);
    cc_loc w, se, e;
    cc_loc_parse("W", &w);
    cc_loc_parse("SE", &se);
    cc_loc_parse("E", &e);
    cc_error err;
    cr_assert_eq(cc_messages_find_follower(&fx.pos, fx.f, 0, 0, w, &err), 0);
    cr_assert_eq(cc_messages_find_follower(&fx.pos, fx.f, 0, 0, se, &err), -1);
    cr_assert_eq(err.status, CC_ERR_IMPOSSIBLE);
    cr_assert_str_eq(err.pointer, "/figure");
    cr_assert_eq(cc_messages_find_follower(&fx.pos, fx.f, 1, 0, e, &err), -1);
    cr_assert_str_eq(err.pointer, "/figure");
    cc_message_value v;
    cr_assert_not(cc_messages_card(&fx.pos, fx.f, 8, 1, &v, &err));   /* the barn */
    cr_assert_str_eq(err.pointer, "/figure");
    v = card(&fx, 8, 0);   /* the wagon is a follower: tie 1-1 on the road */
    cr_assert(v.majority);
    cr_assert_eq(v.points, 2);
    fx_free(&fx);
}

/* ---- 2. rounds of a real scoring result (scoring.h) --------------------------- */

typedef struct {
    fixture fx;
    cc_score_result res;
    cc_turn_counting tc;
} scored;

static scored *scored_new(void)
{
    scored *s = calloc(1, sizeof *s);
    cr_assert_not_null(s);
    return s;
}

static void scored_free(scored *s)
{
    fx_free(&s->fx);
    free(s);
}

static void count_result(scored *s)
{
    cc_error err;
    cc_messages_counting_init(&s->tc);
    cr_assert(cc_messages_after_scoring(&s->fx.pos, &s->res, &s->tc, &err), "%s", tu_detail(&err));
}

/* base.E turned 180 at (0,-1) closes base.D's city: 2 tiles, 4 points for
 * p0's knight, in the scoring phase (round 3). */
static void closed_city(scored *s, int red0, int red1)
{
    tu_pos(&s->fx.pos, 2, CC_EXP_MESSAGES);
    tu_tile(&s->fx.pos, "base.D", 0, 0, 0);
    tu_tile(&s->fx.pos, "base.E", 0, -1, 180);
    tu_fig(&s->fx.pos, 0, "meeple", 0, 0, "N");
    s->fx.pos.scores[0][0] = red0;
    s->fx.pos.scores[0][1] = red1;
    s->fx.pos.scores[1][0] = 1;   /* p1 scores nothing: no move, no message */
    fx_build(&s->fx);
    cc_turn_choices ch = cc_turn_choices_none();
    cc_error err;
    cr_assert(cc_score_turn(&s->fx.pos, s->fx.f, 0, -1, &ch, &s->res, &err), "%s", tu_detail(&err));
    count_result(s);
}

/* The page, "Scoring points": a completed city's 4 points take the active
 * player's figure from 1 to 5: one message after the scoring phase. */
Test(messages, a_completed_feature_can_bring_a_message)
{
    scored *s = scored_new();
    closed_city(s, 1, 3);
    const cc_counting *c = &s->tc.counting[0];
    cr_assert_eq(c->nrounds, 1);
    cr_assert_eq(c->rounds[0].round, CC_ROUND_SCORING);
    cr_assert(c->rounds[0].message);
    cr_assert_eq(c->after[0], 5);
    cr_assert_eq(s->tc.figure[0][0], 0);
    cr_assert_eq(s->tc.counting[1].messages, 0);
    cr_assert_eq(s->tc.counting[1].after[0], 1);
    scored_free(s);
}

/* From [2, 1] 4 points reach 5 only on figure 1: the default moves it. */
Test(messages, the_default_moves_the_figure_that_lands)
{
    scored *s = scored_new();
    closed_city(s, 2, 1);
    cr_assert_eq(s->tc.figure[0][0], 1);
    cr_assert_not(s->tc.chosen[0][0]);
    cr_assert(s->tc.counting[0].rounds[0].message);
    cr_assert_eq(s->tc.counting[0].after[1], 5);
    scored_free(s);
}

/* The player's choice wins over the default: figure 0 from [2, 1] ends on 6. */
Test(messages, a_chosen_figure_is_kept)
{
    scored *s = scored_new();
    closed_city(s, 2, 1);
    cc_messages_counting_init(&s->tc);
    s->tc.figure[0][0] = 0;
    cc_error err;
    cr_assert(cc_messages_after_scoring(&s->fx.pos, &s->res, &s->tc, &err));
    cr_assert(s->tc.chosen[0][0]);
    cr_assert_not(s->tc.counting[0].rounds[0].message);
    cr_assert_eq(s->tc.counting[0].after[0], 6);
    scored_free(s);
}

/* Only the active player: p1's knight scoring 4 from 1 reaches 5, but p1
 * is not active. */
Test(messages, another_players_dark_space_gives_no_message)
{
    scored *s = scored_new();
    closed_city(s, 1, 0);
    s->fx.pos.active = 1;
    count_result(s);
    cr_assert_eq(s->tc.counting[0].after[0], 5);
    cr_assert_eq(s->tc.counting[0].messages, 0);
    scored_free(s);
}

/* Rounds of Scoring: guiding a flock ends the move-wood phase (round 2).
 * base.U at (0,1) extends p0's shepherd's field (a flock of 3) and p0
 * guides it: from [2, 0], 3 points reach 5. */
Test(messages, a_guided_flock_is_the_move_wood_round)
{
    scored *s = scored_new();
    tu_pos(&s->fx.pos, 2, CC_EXP_HILLS_SHEEP | CC_EXP_MESSAGES);
    tu_tile(&s->fx.pos, "base.D", 0, 0, 0);
    tu_tile(&s->fx.pos, "base.U", 0, 1, 0);
    tu_fig(&s->fx.pos, 0, "shepherd", 0, 0, "SSE");
    int flock[] = { 3 };
    tu_flock(&s->fx.pos, 1, flock);
    s->fx.pos.scores[0][0] = 2;
    fx_build(&s->fx);
    cc_turn_choices ch = cc_turn_choices_none();
    ch.shepherd = CC_SHEPHERD_GUIDE;
    cc_error err;
    cr_assert(cc_score_turn(&s->fx.pos, s->fx.f, 0, 1, &ch, &s->res, &err), "%s", tu_detail(&err));
    count_result(s);
    const cc_counting *c = &s->tc.counting[0];
    cr_assert_eq(c->nrounds, 1);
    cr_assert_eq(c->rounds[0].round, CC_ROUND_MOVE_WOOD);
    cr_assert(c->rounds[0].message);
    cr_assert_eq(c->after[0], 5);
    scored_free(s);
}

/* More rules: no message in the final scoring, even on a dark space. */
Test(messages, final_scoring_gives_no_message)
{
    scored *s = scored_new();
    tu_pos(&s->fx.pos, 2, CC_EXP_MESSAGES);
    tu_tile(&s->fx.pos, "base.D", 0, 0, 0);
    tu_fig(&s->fx.pos, 0, "meeple", 0, 0, "N");   /* 1 point at the end */
    s->fx.pos.scores[0][0] = 4;
    fx_build(&s->fx);
    cc_score_final(&s->fx.pos, s->fx.f, &s->res);
    count_result(s);
    const cc_counting *c = &s->tc.counting[0];
    cr_assert_eq(c->rounds[0].round, CC_ROUND_FINAL);
    cr_assert_eq(c->after[0], 5);
    cr_assert_not(c->rounds[0].message);
    cr_assert_eq(c->messages, 0);
    scored_free(s);
}

/* Every scoring event kind belongs to a round. */
Test(messages, every_event_kind_has_a_round)
{
    cr_assert_eq(cc_messages_round_of(CC_EV_GUIDE), CC_ROUND_MOVE_WOOD);
    cr_assert_eq(cc_messages_round_of(CC_EV_SHEEP), CC_ROUND_MOVE_WOOD);
    cr_assert_eq(cc_messages_round_of(CC_EV_WOLF), CC_ROUND_MOVE_WOOD);
    cr_assert_eq(cc_messages_round_of(CC_EV_COMPLETED), CC_ROUND_SCORING);
    cr_assert_eq(cc_messages_round_of(CC_EV_CHALLENGE_LOST), CC_ROUND_SCORING);
    cr_assert_eq(cc_messages_round_of(CC_EV_BARN_PLACED), CC_ROUND_SCORING);
    cr_assert_eq(cc_messages_round_of(CC_EV_BARN_JOINED), CC_ROUND_SCORING);
    cr_assert_eq(cc_messages_round_of(CC_EV_FINAL), CC_ROUND_FINAL);
    cr_assert_eq(cc_messages_round_of(CC_EV_BARN_FINAL), CC_ROUND_FINAL);
}

/* A game-ending turn: the final scoring is counted on from where the turn's
 * scoring phase left each figure (not from the position's scores), figure
 * 0 by default, and gives no message even when it lands on 10. The board:
 * the closed city's knight scored 4 (1 -> 5); p0's thief on base.D's road
 * (2 tiles at the end) is what the final scoring finds. */
Test(messages, final_scoring_after_a_turn_counts_on_from_the_turn)
{
    scored *s = scored_new();
    closed_city(s, 1, 3);
    cr_assert_eq(s->tc.counting[0].after[0], 5);
    cc_score_result *fin = calloc(1, sizeof *fin);
    cc_turn_counting *tc = calloc(1, sizeof *tc);
    cr_assert(fin != NULL && tc != NULL);
    fin->nevents = 1;
    fin->events[0].kind = CC_EV_FINAL;
    fin->events[0].points[0] = 5;
    fin->events[0].points[1] = 2;
    cc_messages_counting_init(tc);
    cc_error err;
    cr_assert(cc_messages_after_final(&s->fx.pos, &s->tc, fin, tc, &err), "%s", tu_detail(&err));
    cr_assert_eq(tc->counting[0].before[0], 5, "starts where the turn left figure 0");
    cr_assert_eq(tc->counting[0].after[0], 10);
    cr_assert_eq(tc->counting[0].after[1], 3);
    cr_assert_eq(tc->counting[0].rounds[0].round, CC_ROUND_FINAL);
    cr_assert_eq(tc->counting[0].messages, 0, "More rules: no message in the final scoring");
    cr_assert_eq(tc->counting[1].after[0], 3, "p1: 1 + 2 on figure 0");
    free(tc);
    free(fin);
    scored_free(s);
}
