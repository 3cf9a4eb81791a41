/* test_monastery.c -- engine/monastery.c: cloisters, shrines, abbeys,
 * vineyards and the challenge. Players: p0 ("you"), p1 ("Blue"). */
#include <string.h>

#include "../support/score_util.h"

#include "../../engine/monastery.h"

CC_SUITE(monastery);

/* ---- vineyards ------------------------------------------------------------ */

/* A cloister at (0,0) (or a hole there, for an abbey) with three vineyard
 * tiles among its eight neighbours: (0,-1) C!.v, (1,0) CFC.v, (0,1) Cc.v.
 *   (-1,-1) E     (0,-1) C!.v   (1,-1) E
 *   (-1,0)  E     (0,0)  B      (1,0)  CFC.v
 *   (-1,1)  E     (0,1)  Cc.v   (1,1)  N      <- placed last
 * with_last: include (1,1). centre: "base.B", or NULL for the hole. */
static void vineyard_board(su_game *g, const char *centre, bool with_last)
{
    tu_tile(&g->pos, "base.E", -1, -1, 0);
    tu_tile(&g->pos, "hills-sheep.C!.v", 0, -1, 0);
    tu_tile(&g->pos, "base.E", 1, -1, 180);
    tu_tile(&g->pos, "base.E", -1, 0, 270);
    if (centre)
        tu_tile(&g->pos, centre, 0, 0, 0);
    tu_tile(&g->pos, "hills-sheep.CFC.v", 1, 0, 90);
    tu_tile(&g->pos, "base.E", -1, 1, 180);
    tu_tile(&g->pos, "hills-sheep.Cc.v", 0, 1, 180);
    if (with_last)
        tu_tile(&g->pos, "base.N", 1, 1, 0);
}

/* hills-and-sheep pages, Vineyards 3., Example 1: "Your monastery is being
 * scored. There are 3 vineyards in the tiles surrounding the monastery. You
 * score 18 points (9 + 3 + 3 + 3)." */
Test(monastery, vineyard_example_1_three_vineyards_make_18)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    vineyard_board(g, "base.B", true);
    int monk = tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    su_turn(g, 1, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_find(g, CC_EV_COMPLETED, 0, 0, "C");
    cr_assert_eq(ev->type, CC_FEAT_CLOISTER);
    cr_assert_eq(ev->value, 18);
    cr_assert_eq(ev->points[0], 18);
    cr_assert(su_returned(ev, monk));
    cr_assert(su_cites(ev, "hills-sheep.vineyard.bonus"));
    cr_assert(su_cites(ev, "base.score.cloister.complete"));
    su_free(g);
}

/* Issue 30: set up without the "vineyard" element (option vineyards
 * "off"), example 1's vineyards are plain land: 9 points. */
Test(monastery, vineyards_off_add_nothing)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    g->pos.options.vineyards = CC_ELEMENT_OFF;
    vineyard_board(g, "base.B", true);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    su_turn(g, 1, 1, cc_turn_choices_none());
    const cc_score_event *ev = su_find(g, CC_EV_COMPLETED, 0, 0, "C");
    cr_assert_eq(ev->value, 9);
    cr_assert_not(su_cites(ev, "hills-sheep.vineyard.bonus"));
    su_free(g);
}

/* hills-and-sheep pages, note 6 (official, 5/2014): "the vineyard has no
 * effect on final scoring at the end of the game". The same cloister,
 * one cell short: 1 + 7 = 8, not 8 + 9. */
Test(monastery, vineyard_note_6_no_bonus_at_the_end)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    vineyard_board(g, "base.B", false);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    su_final(g);
    cr_assert_eq(g->res.nevents, 1);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->kind, CC_EV_FINAL);
    cr_assert_not(ev->complete);
    cr_assert_eq(ev->value, 8);
    cr_assert_eq(ev->points[0], 8);
    cr_assert(su_cites(ev, "base.score.cloister.end"));
    cr_assert(su_cites(ev, "hills-sheep.vineyard.final-none"));
    su_free(g);
}

/* Vineyards 3., Example 1 continued: "If the blue player's monastery is
 * completed later in the game, it will also benefit from the vineyard",
 * and "A single vineyard can score additional points for multiple
 * monasteries." Two cloisters side by side, (0,0) and (1,0), share the
 * vineyards at (0,-1) and (1,-1); one tile completes both:
 *   (-1,-1) E   (0,-1) C!.v  (1,-1) C!.v  (2,-1) E
 *   (-1,0)  E   (0,0)  B     (1,0)  B     (2,0)  A (road east)
 *   (-1,1)  E   (0,1)  AM.R  (1,1)  A     (2,1)  E    <- (1,1) last */
Test(monastery, one_vineyard_counts_for_every_monastery_round_it)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP | CC_EXP_ABBEY_MAYOR);
    tu_tile(&g->pos, "base.E", -1, -1, 0);
    tu_tile(&g->pos, "hills-sheep.C!.v", 0, -1, 0);
    tu_tile(&g->pos, "hills-sheep.C!.v", 1, -1, 0);
    tu_tile(&g->pos, "base.E", 2, -1, 0);
    tu_tile(&g->pos, "base.E", -1, 0, 270);
    tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 1, 0, 0);
    tu_tile(&g->pos, "base.A", 2, 0, 270);
    tu_tile(&g->pos, "base.E", -1, 1, 180);
    tu_tile(&g->pos, "abbey-mayor.R", 0, 1, 0);
    tu_tile(&g->pos, "base.E", 2, 1, 180);
    tu_tile(&g->pos, "base.A", 1, 1, 0);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    su_turn(g, 1, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 2);
    cr_assert_eq(su_find(g, CC_EV_COMPLETED, 0, 0, "C")->points[0], 15);
    cr_assert_eq(su_find(g, CC_EV_COMPLETED, 1, 0, "C")->points[1], 15);
    su_free(g);
}

/* ---- abbeys ----------------------------------------------------------------- */

/* Abbey & Mayor, Abbey 3.: "Scoring the abbey itself ... is
 * identical to scoring a monastery", and note 6 (official): an abbey
 * placed into a hole whose eight cells are all filled "is scored as in a
 * normal turn". It is a monastery, so the vineyards round it count too
 * (hills-and-sheep note 6: "regardless of the type of monastery"). */
Test(monastery, abbey_surrounded_when_placed_scores_at_once_with_vineyards)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP | CC_EXP_ABBEY_MAYOR);
    vineyard_board(g, NULL, true);
    tu_abbey(&g->pos, 0, 0, 0);
    int monk = tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    su_turn(g, 0, 0, su_deployed(monk, CC_TOKEN_NONE));
    const cc_score_event *ev = su_find(g, CC_EV_COMPLETED, 0, 0, "C");
    cr_assert_eq(ev->type, CC_FEAT_ABBEY);
    cr_assert_eq(ev->value, 18);
    cr_assert_eq(ev->points[0], 18);
    cr_assert(su_cites(ev, "abbey.score.monastery"));
    su_free(g);
}

/* The abbey at the end scores like an incomplete cloister. */
Test(monastery, abbey_at_the_end_scores_one_plus_its_neighbours)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP | CC_EXP_ABBEY_MAYOR);
    vineyard_board(g, NULL, false);
    tu_abbey(&g->pos, 0, 0, 1);
    tu_fig(&g->pos, 1, "meeple", 0, 0, "C");
    su_final(g);
    const cc_score_event *ev = su_event(g, 0);
    cr_assert_eq(ev->type, CC_FEAT_ABBEY);
    cr_assert_eq(ev->value, 8);
    cr_assert_eq(ev->points[1], 8);
    su_free(g);
}

/* ---- shrines and the challenge -------------------------------------------------- */

/* A cloister at (0,0) next to a shrine at (1,0):
 *   (-1,-1) E  (0,-1) E  (1,-1) E  (2,-1) E or C!.v (vineyard)
 *   (-1,0)  E  (0,0)  B  (1,0)  S  (2,0)  V
 *   (-1,1)  U  (0,1)  U  (1,1)  U  (2,1)  V
 * The cloister's cells lack only (-1,1); the shrine's lack (2,0)/(2,1).
 * omit_* leave tiles out; last is appended last (it is the tile placed). */
typedef struct {
    bool abbey;         /* an abbey at (0,0) instead of the cloister */
    bool vineyard;      /* (2,-1) is a vineyard tile (next to the shrine only) */
    bool west_corner;   /* (-1,1) present */
    bool east_column;   /* (2,0) and (2,1) present */
} challenge_board;

static void shrine_and_cloister(su_game *g, challenge_board cb)
{
    tu_tile(&g->pos, "base.E", -1, -1, 0);
    tu_tile(&g->pos, "base.E", 0, -1, 0);
    tu_tile(&g->pos, "base.E", 1, -1, 0);
    tu_tile(&g->pos, cb.vineyard ? "hills-sheep.C!.v" : "base.E", 2, -1, 0);
    tu_tile(&g->pos, "base.E", -1, 0, 270);
    if (!cb.abbey)
        tu_tile(&g->pos, "base.B", 0, 0, 0);
    tu_tile(&g->pos, "shrines.S", 1, 0, 0);
    tu_tile(&g->pos, "base.U", 0, 1, 0);
    tu_tile(&g->pos, "base.U", 1, 1, 0);
    if (cb.west_corner)
        tu_tile(&g->pos, "base.U", -1, 1, 0);
    if (cb.east_column) {
        tu_tile(&g->pos, "base.V", 2, 0, 270);
        tu_tile(&g->pos, "base.V", 2, 1, 90);
    }
    if (cb.abbey)
        tu_abbey(&g->pos, 0, 0, 0);
}

#define CHALLENGE_EXPANSIONS (CC_EXP_SHRINES | CC_EXP_HILLS_SHEEP | CC_EXP_ABBEY_MAYOR)

/* Heretics & Shrines (1st edition), The challenge: "The player who
 * finishes his or her feature first scores 9 points, while the other
 * player scores nothing. Both followers are then returned." The tile at
 * (-1,1) completes the cloister; the shrine still lacks two cells. */
Test(monastery, challenge_cloister_completed_first_scores_9_and_heretic_returns_empty_handed)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .west_corner = true });
    int monk = tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    int heretic = tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    su_turn(g, -1, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 2);
    const cc_score_event *win = su_event(g, 0), *lost = su_event(g, 1);
    cr_assert_eq(win->kind, CC_EV_COMPLETED);
    cr_assert_eq(win->type, CC_FEAT_CLOISTER);
    cr_assert_eq(win->points[0], 9);
    cr_assert(su_returned(win, monk));
    cr_assert(su_cites(win, "shrines.challenge.win"));
    cr_assert_eq(lost->kind, CC_EV_CHALLENGE_LOST);
    cr_assert_eq(lost->type, CC_FEAT_SHRINE);
    cr_assert_not(lost->complete);
    cr_assert_eq(lost->points[1], 0);
    cr_assert(su_returned(lost, heretic));
    cr_assert(su_cites(lost, "shrines.challenge.lost"));
    cr_assert_eq(g->res.totals[0], 9);
    cr_assert_eq(g->res.totals[1], 0);
    su_free(g);
}

/* The same challenge won the other way: the shrine is completed first. A
 * vineyard next to the shrine adds 3 for the winner (hills-and-sheep
 * FR page, Other expansions: "Shrines can score additional points for
 * vineyards. If there is a challenge, you score the additional points only
 * if you win the challenge"). */
Test(monastery, challenge_shrine_completed_first_wins_with_its_vineyard)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .vineyard = true, .east_column = true });
    int monk = tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    su_turn(g, 2, 1, cc_turn_choices_none());
    const cc_score_event *win = su_find(g, CC_EV_COMPLETED, 1, 0, "C");
    cr_assert_eq(win->type, CC_FEAT_SHRINE);
    cr_assert_eq(win->value, 12);
    cr_assert_eq(win->points[1], 12);
    cr_assert(su_cites(win, "shrines.feature.shrine"));
    const cc_score_event *lost = su_find(g, CC_EV_CHALLENGE_LOST, 0, 0, "C");
    cr_assert(su_returned(lost, monk));
    cr_assert_eq(g->res.totals[0], 0);
    su_free(g);
}

/* heretics-and-shrines note 14 (official): "If the tile placed completes
 * both the shrine and the cloister, no one completed the building first,
 * and both receive the points." (1,1) is in both neighbourhoods. */
Test(monastery, challenge_note_14_one_tile_completes_both_and_both_score)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    challenge_board cb = { .vineyard = true, .west_corner = true, .east_column = true };
    shrine_and_cloister(g, cb);
    /* Move (1,1) to the end: it is the tile placed this turn. */
    int i = 0;
    while (!(g->pos.tiles[i].x == 1 && g->pos.tiles[i].y == 1))
        i++;
    cc_placed_tile last = g->pos.tiles[i];
    memmove(&g->pos.tiles[i], &g->pos.tiles[i + 1], (size_t)(g->pos.ntiles - i - 1) * sizeof last);
    g->pos.tiles[g->pos.ntiles - 1] = last;
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    su_turn(g, 1, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 2);
    const cc_score_event *cloister = su_find(g, CC_EV_COMPLETED, 0, 0, "C");
    const cc_score_event *shrine = su_find(g, CC_EV_COMPLETED, 1, 0, "C");
    cr_assert_eq(cloister->points[0], 9);
    cr_assert_eq(shrine->points[1], 12, "each winner keeps its own vineyards");
    cr_assert(su_cites(cloister, "shrines.challenge.both"));
    cr_assert(su_cites(shrine, "shrines.challenge.both"));
    su_free(g);
}

/* heretics-and-shrines, Final scoring: "If a challenge has not been
 * resolved by the end of the game, both players receive the usual points
 * awarded for incomplete cloisters." Both lack one cell: 8 each. */
Test(monastery, challenge_unresolved_at_the_end_both_score_as_incomplete)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .east_column = false });
    tu_tile(&g->pos, "base.V", 2, 0, 270);   /* the shrine lacks only (2,1) */
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    su_final(g);
    cr_assert_eq(g->res.nevents, 2);
    const cc_score_event *cloister = su_find(g, CC_EV_FINAL, 0, 0, "C");
    const cc_score_event *shrine = su_find(g, CC_EV_FINAL, 1, 0, "C");
    cr_assert_eq(cloister->points[0], 8);
    cr_assert_eq(shrine->points[1], 8);
    cr_assert(su_cites(cloister, "shrines.challenge.final"));
    cr_assert(su_cites(shrine, "shrines.challenge.final"));
    su_free(g);
}

/* heretics-and-shrines note 10: "Challenging your own monk or heretic is
 * also possible." The loser is then the same player's follower. */
Test(monastery, challenge_note_10_against_your_own_monk)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .west_corner = true });
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    int heretic = tu_fig(&g->pos, 0, "meeple", 1, 0, "C");
    su_turn(g, -1, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.totals[0], 9);
    cr_assert(su_returned(su_find(g, CC_EV_CHALLENGE_LOST, 1, 0, "C"), heretic));
    su_free(g);
}

/* heretics-and-shrines note 6 (official): "A shrine can challenge an
 * abbey, and vice versa, because the abbey is also a cloister." The abbey
 * fills the hole at (0,0), its eight cells full: it wins at once. */
Test(monastery, challenge_note_6_abbey_against_a_shrine)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .abbey = true, .west_corner = true });
    int heretic = tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    int monk = tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    su_turn(g, 0, 0, su_deployed(monk, CC_TOKEN_NONE));
    const cc_score_event *win = su_find(g, CC_EV_COMPLETED, 0, 0, "C");
    cr_assert_eq(win->type, CC_FEAT_ABBEY);
    cr_assert_eq(win->points[0], 9);
    cr_assert(su_returned(su_find(g, CC_EV_CHALLENGE_LOST, 1, 0, "C"), heretic));
    su_free(g);
}

/* heretics-and-shrines note 21 (community): "A wagon on the feature losing
 * a challenge ... is directly removed without scoring": the wagon is the
 * losing follower and comes back like any other. */
Test(monastery, challenge_note_21_losing_wagon_returns)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .west_corner = true });
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    int wagon = tu_fig(&g->pos, 1, "wagon", 1, 0, "C");
    su_turn(g, -1, 1, cc_turn_choices_none());
    const cc_score_event *lost = su_find(g, CC_EV_CHALLENGE_LOST, 1, 0, "C");
    cr_assert(su_returned(lost, wagon));
    cr_assert_eq(lost->points[1], 0);
    su_free(g);
}

/* An unoccupied shrine is no challenger: the monk just scores 9. */
Test(monastery, no_challenge_without_a_heretic)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .west_corner = true });
    tu_fig(&g->pos, 0, "meeple", 0, 0, "C");
    su_turn(g, -1, 1, cc_turn_choices_none());
    cr_assert_eq(g->res.nevents, 1);
    cr_assert_not(su_cites(su_event(g, 0), "shrines.challenge.win"));
    su_free(g);
}

/* heretics-and-shrines, Placing a tile: "Shrines are placed and scored in
 * the same way as a cloister" -- here at the end, 1 + neighbours. */
Test(monastery, shrine_scores_like_a_cloister_at_the_end)
{
    su_game *g = su_new(2, CHALLENGE_EXPANSIONS);
    shrine_and_cloister(g, (challenge_board){ .west_corner = true });
    tu_fig(&g->pos, 1, "meeple", 1, 0, "C");
    su_final(g);
    const cc_score_event *ev = su_find(g, CC_EV_FINAL, 1, 0, "C");
    /* Filled: (0,-1) (1,-1) (2,-1) (0,0) (0,1) (1,1); empty: (2,0) (2,1). */
    cr_assert_eq(ev->value, 1 + 6);
    cr_assert(su_cites(ev, "shrines.feature.shrine"));
    su_free(g);
}

/* Values without scoring: the helper /v1/features uses. */
Test(monastery, value_with_and_without_vineyards)
{
    su_game *g = su_new(2, CC_EXP_HILLS_SHEEP);
    vineyard_board(g, "base.B", true);
    su_build(g);
    int id = tu_feature(&g->features, 0, 0, "C");
    cr_assert_eq(cc_monastery_value(&g->features, id, true), 18);
    cr_assert_eq(cc_monastery_value(&g->features, id, false), 9);
    cr_assert_eq(cc_monastery_vineyards(&g->board, cc_monastery_tile(&g->features, id)), 3);
    su_free(g);
}
