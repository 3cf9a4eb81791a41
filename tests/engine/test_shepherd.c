/* test_shepherd.c -- engine/shepherd.c: first draws, grow, guide, wolf,
 * closed and inner fields. Players: p0 ("you", active), p1 ("Blue"). */
#include "../support/score_util.h"

#include "../../engine/shepherd.h"

CC_SUITE(shepherd);

static cc_turn_choices choose(cc_shepherd_action action, int token)
{
    cc_turn_choices ch = cc_turn_choices_none();
    ch.shepherd = action;
    ch.grow_token = token;
    return ch;
}

/* Three field-only cloister tiles in a row; (2,0) is placed last and
 * extends the open field where p0's and p1's shepherds stand. Flocks:
 * p0 3 + 2, p1 2 + 1: four tokens, 8 sheep. */
static void two_flocks(su_game *g, int *mine, int *blues)
{
    tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    tu_tile(&g->pos, "base.B", 2, 0, 0);
    *mine = tu_fig(&g->pos, 0, "shepherd", 0, 0, "NNE");
    tu_flock(&g->pos, 2, (const int[]){ 3, 2 });
    *blues = tu_fig(&g->pos, 1, "shepherd", 1, 0, "NNE");
    tu_flock(&g->pos, 2, (const int[]){ 2, 1 });
}

/* hills-and-sheep pages, Multiple shepherds, Example 2: "The two flocks
 * have 4 sheep tokens with 8 sheep total. During your turn, you expand the
 * field and choose to score the sheep. Both you and blue score 8 points." */
Test(shepherd, example_2_guiding_scores_both_shepherds_8)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    int mine, blues;
    two_flocks(g, &mine, &blues);
    su_turn(g, 2, 0, choose(CC_SHEPHERD_GUIDE, CC_TOKEN_NONE));
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_GUIDE);
    cr_assert_eq(ev->type, CC_FEAT_FIELD);
    cr_assert_eq(ev->value, 8);
    cr_assert_eq(ev->points[0], 8);
    cr_assert_eq(ev->points[1], 8);
    cr_assert(su_returned(ev, mine) && su_returned(ev, blues));
    cr_assert(su_cites(ev, "hills-sheep.shepherd.guide"));
    su_free(g);
}

/* Example 2 continued: "If you had chosen to grow the flock instead and had
 * drawn a wolf token, all shepherds and all of the sheep in that field
 * would be returned to the bag, and no one would score any points." */
Test(shepherd, example_2_wolf_scatters_every_flock_in_the_field)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    int mine, blues;
    two_flocks(g, &mine, &blues);
    su_turn(g, 2, 0, choose(CC_SHEPHERD_GROW, CC_TOKEN_WOLF));
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_WOLF);
    cr_assert_eq(ev->token, CC_TOKEN_WOLF);
    cr_assert_eq(ev->figure, mine);
    cr_assert_eq(g->res.totals[0] + g->res.totals[1], 0);
    cr_assert(su_returned(ev, mine) && su_returned(ev, blues));
    cr_assert(su_cites(ev, "hills-sheep.shepherd.wolf"));
    su_free(g);
}

/* Grow the flock: "If it is a sheep token, your flock grows." */
Test(shepherd, growing_adds_the_drawn_sheep_to_the_active_shepherd)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    int mine, blues;
    two_flocks(g, &mine, &blues);
    su_turn(g, 2, 0, choose(CC_SHEPHERD_GROW, 4));
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_SHEEP);
    cr_assert_eq(ev->figure, mine);
    cr_assert_eq(ev->token, 4);
    cr_assert_eq(ev->value, 12, "the field now holds 8 + 4 sheep");
    cr_assert_eq(ev->nreturned, 0);
    cr_assert_eq(g->res.totals[0], 0);
    su_free(g);
}

/* A ring of four curves (base.V) around a closed inner field:
 *   (0,0) V 270   (1,0) V 0
 *   (0,1) V 180   (1,1) V 90    <- placed last, closes the field
 * The inner field is (0,0) ESE+SSE, (1,0) SSW+WSW, (0,1) NNE+ENE,
 * (1,1) WNW+NNW. */
static void road_ring(su_game *g)
{
    tu_tile(&g->pos, "base.V", 0, 0, 270);
    tu_tile(&g->pos, "base.V", 1, 0, 0);
    tu_tile(&g->pos, "base.V", 0, 1, 180);
    tu_tile(&g->pos, "base.V", 1, 1, 90);
}

/* hills-and-sheep pages, Example 3: "You place a tile and grow your flock.
 * Since you have completely closed the field with your shepherd with this
 * tile, you immediately guide the flock to the stable and score 7 points."
 * Note 1: no field scoring happens: the farmer there stays. */
Test(shepherd, example_3_grow_then_the_closed_field_is_guided_for_7)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    road_ring(g);
    int mine = tu_fig(&g->pos, 0, "shepherd", 0, 0, "ESE");
    tu_flock(&g->pos, 2, (const int[]){ 2, 2 });
    int farmer = tu_fig(&g->pos, 1, "meeple", 1, 0, "SSW");
    su_turn(g, 1, 1, choose(CC_SHEPHERD_GROW, 3));
    cr_assert_eq(g->res.nevents, 2);
    const cc_score_event *grow = su_event(g, 0), *guide = su_event(g, 1);
    cr_assert_eq(grow->kind, CC_EV_SHEEP);
    cr_assert_eq(grow->value, 7);
    cr_assert_eq(guide->kind, CC_EV_GUIDE);
    cr_assert_eq(guide->value, 7);
    cr_assert_eq(guide->points[0], 7);
    cr_assert(su_returned(guide, mine));
    cr_assert_not(su_returned(guide, farmer), "note 1: the field itself is not scored");
    cr_assert_eq(g->res.totals[1], 0);
    cr_assert(su_cites(guide, "hills-sheep.shepherd.closed-field"));
    su_free(g);
}

/* Exception: "If any player closes a field with shepherds and sheep ...
 * immediately resolve the Guide the flock to the stable action for that
 * field." Here p0 closes the ring around p1's flock; p0 has no shepherd. */
Test(shepherd, any_player_closing_a_field_guides_its_flock)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    road_ring(g);
    int blues = tu_fig(&g->pos, 1, "shepherd", 0, 1, "NNE");
    tu_flock(&g->pos, 1, (const int[]){ 4 });
    su_turn(g, 1, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_GUIDE);
    cr_assert_eq(ev->points[1], 4);
    cr_assert(su_returned(ev, blues));
    su_free(g);
}

/* The same ring: the active player chose to guide; the closed field has
 * nothing left to guide afterwards (one event, not two). */
Test(shepherd, guiding_a_closing_field_scores_once)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    road_ring(g);
    tu_fig(&g->pos, 0, "shepherd", 0, 0, "ESE");
    tu_flock(&g->pos, 2, (const int[]){ 2, 2 });
    su_turn(g, 1, 1, choose(CC_SHEPHERD_GUIDE, CC_TOKEN_NONE));
    cr_assert_eq(g->res.nevents, 1);
    cr_assert_eq(g->res.totals[0], 4);
    su_free(g);
}

/* hills-and-sheep pages, note 2 (community): a shepherd placed on an inner
 * field makes its first draw and, without the wolf, is guided at once.
 * abbey-mayor.CCcc+ (wiki tile C, named in that note) has inner fields #2
 * and #3; it sits on a city cap at (0,0). */
static int inner_field_shepherd(su_game *g)
{
    tu_tile(&g->pos, "base.E", 0, 0, 0);
    tu_tile(&g->pos, "abbey-mayor.CCcc+", 0, -1, 0);
    return tu_fig(&g->pos, 0, "shepherd", 0, -1, "#2");
}

Test(shepherd, note_2_inner_field_first_draw_then_guided_at_once)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP | CC_EXP_ABBEY_MAYOR);
    int s = inner_field_shepherd(g);
    su_turn(g, 0, -1, su_deployed(s, 2));
    cr_assert_eq(g->res.nevents, 2);
    const cc_score_event *draw = su_event(g, 0), *guide = su_event(g, 1);
    cr_assert_eq(draw->kind, CC_EV_SHEEP);
    cr_assert_eq(draw->token, 2);
    cr_assert(su_cites(draw, "hills-sheep.shepherd.token"));
    cr_assert_eq(guide->kind, CC_EV_GUIDE);
    cr_assert_eq(guide->points[0], 2);
    cr_assert(su_returned(guide, s));
    cr_assert(su_cites(guide, "hills-sheep.shepherd.inner-field"));
    su_free(g);
}

Test(shepherd, note_2_inner_field_wolf_first_sends_the_shepherd_back)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP | CC_EXP_ABBEY_MAYOR);
    int s = inner_field_shepherd(g);
    su_turn(g, 0, -1, su_deployed(s, CC_TOKEN_WOLF));
    cr_assert_eq(g->res.nevents, 1);
    cr_assert_eq(su_event(g, 0)->kind, CC_EV_WOLF);
    cr_assert(su_returned(su_event(g, 0), s));
    su_free(g);
}

/* Shepherd 2.: "If you place the shepherd, immediately draw a token ... If
 * it is a wolf token, place it back in the bag and return your shepherd." */
Test(shepherd, first_draw_on_an_open_field)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    int s = tu_fig(&g->pos, 0, "shepherd", 1, 0, "NNE");
    su_turn(g, 1, 0, su_deployed(s, 3));
    cr_assert_eq(g->res.nevents, 1, "an open field is not guided");
    cr_assert_eq(su_event(g, 0)->kind, CC_EV_SHEEP);
    cr_assert_eq(su_event(g, 0)->value, 3);
    su_turn(g, 1, 0, su_deployed(s, CC_TOKEN_WOLF));
    cr_assert_eq(su_event(g, 0)->kind, CC_EV_WOLF);
    cr_assert(su_returned(su_event(g, 0), s));
    su_free(g);
}

/* Shepherd, final scoring: "If your shepherd and sheep are in a field at
 * the end of the game, you do not score any points for them." The farmer
 * of the same field scores; the shepherd is no farmer. */
Test(shepherd, flocks_score_nothing_at_the_end)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    tu_tile(&g->pos, "base.E", 0, 0, 180);
    tu_tile(&g->pos, "base.E", 0, 1, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    int s = tu_fig(&g->pos, 0, "shepherd", 1, 0, "NNE");
    tu_flock(&g->pos, 1, (const int[]){ 4 });
    int farmer = tu_fig(&g->pos, 1, "meeple", 0, 0, "NNE");
    su_final(g);
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_FINAL);
    cr_assert_eq(ev->points[0], 0);
    cr_assert_eq(ev->points[1], 3);
    cr_assert(su_returned(ev, farmer));
    cr_assert_not(su_returned(ev, s));
    cr_assert(su_cites(ev, "hills-sheep.shepherd.final-none"));
    su_free(g);
}

/* Only the active player acts for their own shepherd: p1's field grows by
 * p0's tile, and nothing happens. */
Test(shepherd, another_players_shepherd_does_not_act)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    tu_fig(&g->pos, 1, "shepherd", 0, 0, "NNE");
    tu_flock(&g->pos, 1, (const int[]){ 1 });
    su_turn(g, 1, 0, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 0);
    su_free(g);
}

/* Shepherd 1.: after extending your shepherd's field you "resolve one of
 * the following two actions": the request must say which, and may not
 * name one when there is no such shepherd. */
Test(shepherd, choice_required_exactly_when_the_tile_extends_your_shepherds_field)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    int mine, blues;
    two_flocks(g, &mine, &blues);
    su_turn_fails(g, 2, 0, cc_turn_choices_none(), "/shepherd");
    su_turn_fails(g, 2, 0, choose(CC_SHEPHERD_GROW, CC_TOKEN_NONE), "/shepherd/token");
    g->pos.active = 1;   /* p1's shepherd's field is extended too */
    su_turn(g, 2, 0, choose(CC_SHEPHERD_GUIDE, CC_TOKEN_NONE));
    su_free(g);

    g = su_new(2, CC_EXP_HILLS_SHEEP);
    tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    su_turn_fails(g, 1, 0, choose(CC_SHEPHERD_GUIDE, CC_TOKEN_NONE), "/shepherd");
    su_free(g);
}

/* The deployed shepherd's draw: required for a shepherd, refused for any
 * other figure; the shepherd stands with an empty flock (contract §5). */
Test(shepherd, first_draw_token_checks)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    int s = tu_fig(&g->pos, 0, "shepherd", 1, 0, "NNE");
    int monk = tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    su_turn_fails(g, 1, 0, su_deployed(s, CC_TOKEN_NONE), "/deployed/token");
    su_turn_fails(g, 1, 0, su_deployed(monk, 2), "/deployed/token");
    g->pos.figures[s].nflock = 1;
    g->pos.figures[s].flock[0] = 2;
    su_turn_fails(g, 1, 0, su_deployed(s, 3), "/deployed");
    su_free(g);
}
