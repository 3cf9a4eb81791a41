/* shepherd.h -- Hills & Sheep shepherds: draws, grow, guide, the wolf.
 *
 * Owns: the shepherd's figure actions in a turn. They happen after
 * "placing a meeple" and before the scoring phase (hills-and-sheep pages,
 * 1. Placing a tile; messages page, Rounds of Scoring: round 2). Rules
 * applied (ids in rules.c):
 *   hills-sheep.shepherd.token        a shepherd deployed this turn draws a
 *                                     token at once: sheep join it, the wolf
 *                                     sends it back
 *   hills-sheep.shepherd.grow         extending your shepherd's field you may
 *                                     grow the flock: draw a token
 *   hills-sheep.shepherd.wolf         the wolf scatters every flock in the
 *                                     field: all its shepherds return, nobody scores
 *   hills-sheep.shepherd.guide        ... or guide it: every shepherd in the
 *                                     field scores all its sheep, then returns
 *   hills-sheep.shepherd.closed-field a field with shepherds that is closed
 *                                     (this tile closes it) is guided at once;
 *                                     no field scoring happens (note 1)
 *   hills-sheep.shepherd.inner-field  the same for a shepherd deployed onto an
 *                                     inner field, after its first draw (note 2)
 *   hills-sheep.shepherd.final-none   flocks score nothing at the end
 *   hills-sheep.shepherd.untouched    shepherds do not count in, and are not
 *                                     returned by, any other scoring
 * The flock is the sum of the tokens beside every shepherd of the field
 * (position.figures[i].flock) plus what was drawn earlier this turn.
 * A request's token is what was drawn: the service is stateless.
 */
#ifndef CC_SHEPHERD_H
#define CC_SHEPHERD_H

#include <stdbool.h>

#include "error.h"
#include "score_event.h"

/* Is token a valid draw (CC_TOKEN_WOLF or 1..4)? */
static inline bool cc_token_valid(int token)
{
    return token >= CC_TOKEN_WOLF && token <= CC_TOKEN_MAX_SHEEP;
}

/* The active player's shepherd whose field the placed tile t extends (a
 * shepherd deployed this turn, figure `deployed`, does not count: its
 * first draw is its action), or -1. */
int cc_shepherd_to_act(const cc_position *pos, const cc_features *f, int t, int deployed);

/* Check the turn's shepherd inputs against the position (pointers as in
 * cc_score_turn). Returns false with a 422 in err. */
bool cc_shepherd_check(const cc_position *pos, const cc_features *f, int t,
                       const cc_turn_choices *in, cc_error *err);

/* The shepherd actions of the turn, in order: the deployed shepherd's first
 * draw, the active player's grow or guide, the automatic guide of every
 * closed field the placed tile touches. Inputs must have passed
 * cc_shepherd_check. */
void cc_shepherd_score_turn(cc_score_ctx *c, const cc_turn_choices *in);

/* Sheep in field id: every shepherd still there, its flock plus this turn's
 * draws. */
int cc_field_sheep(const cc_score_ctx *c, int id);

#endif
