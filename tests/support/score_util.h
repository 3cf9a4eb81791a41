/* score_util.h -- what the scoring tests share (tests/engine/test_scoring.c,
 * test_majority.c, test_monastery.c, test_farm.c, test_shepherd.c).
 *
 * Owns: a heap-allocated game (position, board, features, result) so that
 * tests never put 200 KB on Criterion's stack, and the checks every scoring
 * test repeats:
 *   su_new(n, exps)        a game with n players "p0".."p5"; free with su_free
 *   su_turn(g, x, y, ch)   validate, then cc_score_turn; asserts it succeeds
 *   su_turn_fails(...)     the same, expecting a 422 at a given pointer
 *   su_final(g)            validate, then cc_score_final
 *   su_event(g, i)         event i, asserting it exists
 *   su_find(g, kind, x, y, at)  the event of that kind about that feature
 *   su_returned(ev, fig)   does ev return figure index fig
 *   su_check_result(g)     invariants every result must keep: totals are the
 *                          sum of the events, every cited rule is in rules.c,
 *                          no figure returned twice, explanations non-empty
 */
#ifndef SCORE_UTIL_H
#define SCORE_UTIL_H

#include "../../engine/scoring.h"
#include "testutil.h"

typedef struct {
    cc_position pos;
    cc_board board;
    cc_features features;
    cc_score_result res;
    cc_error err;
} su_game;

su_game *su_new(int nplayers, unsigned expansions);
void su_free(su_game *g);

/* Validate g->pos into board and features (asserts it is possible). */
void su_build(su_game *g);

void su_turn(su_game *g, int x, int y, cc_turn_choices ch);
void su_turn_fails(su_game *g, int x, int y, cc_turn_choices ch, const char *pointer);
void su_final(su_game *g);

const cc_score_event *su_event(const su_game *g, int i);
const cc_score_event *su_find(const su_game *g, cc_event_kind kind, int x, int y, const char *at);
bool su_returned(const cc_score_event *ev, int figure);
bool su_cites(const cc_score_event *ev, const char *rule);
void su_check_result(const su_game *g);

/* A hole at (1,0) for an abbey, with a road of 3 tiles running into it
 * from the west (base.A at (-2,0), base.U at (-1,0) and (0,0)):
 *   .        (0,-1) B   (1,-1) cap|B    (2,-1) E (ne_corner only)
 *   A  U  U  (0,0)      [hole (1,0)]    (2,0) E cap (city S)
 *            (0,1)  B   (1,1)  cap|B    (2,1) E cap (city N)
 * cities: (1,-1) and (1,1) are one-tile city caps facing the hole (so the
 * abbey closes them); otherwise field-only cloister tiles. ne_corner adds
 * (2,-1), the last of the hole's eight neighbours. The abbey is not added. */
void su_abbey_board(su_game *g, bool cities, bool ne_corner);

/* A city of 7 tiles with 3 coats of arms along y = 0, capped north and
 * south of its centre (Abbey & Mayor, Mayor example 1):
 *      (0,-1) E cap
 *   (-2,0) E cap - (-1,0) F+ - (0,0) C+ - (1,0) F+ - (2,0) E cap
 *      (0,1)  E cap  <- placed last
 * Value when complete: 7 x 2 + 3 x 2 = 20. */
void su_seven_tile_city(su_game *g);

/* Choices with only a deployment (figure index) and, for a shepherd, its draw. */
cc_turn_choices su_deployed(int figure, int token);

#endif
