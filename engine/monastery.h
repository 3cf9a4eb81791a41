/* monastery.h -- cloisters, shrines and abbeys: value, vineyards, challenge.
 *
 * Owns: scoring the buildings at a tile's centre, which the rules score
 * alike ("monasteries"). Rules applied (ids in rules.c):
 *   base.score.cloister.complete    9 points when the 8 cells round it are filled
 *   base.score.cloister.end         at the end: 1 + each filled neighbour cell
 *   shrines.feature.shrine          a shrine scores like a cloister
 *   abbey.score.monastery           an abbey scores like a monastery (also
 *                                   when it is surrounded as it is placed, note 6)
 *   hills-sheep.vineyard.bonus      +3 per vineyard tile in the 8 cells round a
 *                                   monastery completed and scored
 *   hills-sheep.vineyard.final-none vineyards add nothing at the end (note 6)
 *   shrines.challenge.win           the first of a shrine and a neighbouring
 *                                   cloister/abbey, both occupied, to be completed
 *                                   scores (with its vineyards) ...
 *   shrines.challenge.lost          ... and the other's follower returns with nothing
 *   shrines.challenge.both          both completed by one tile: both score (note 14)
 *   shrines.challenge.final         unresolved at the end: both score as incomplete
 *
 * A challenge needs no memory of who declared it: the placement rules allow
 * at most one shrine next to a cloister and one cloister next to a shrine,
 * so an occupied shrine next to an occupied cloister or abbey is a challenge
 * in progress (your own monk may be challenged too, note 10).
 */
#ifndef CC_MONASTERY_H
#define CC_MONASTERY_H

#include <stdbool.h>

#include "score_event.h"

#define CC_MONASTERY_COMPLETE 9
#define CC_VINEYARD_BONUS 3

/* The board tile a monastery feature stands on. */
int cc_monastery_tile(const cc_features *f, int id);

/* Vineyard tiles among the 8 cells round board tile t. */
int cc_monastery_vineyards(const cc_board *b, int t);

/* Points of monastery id: 9 when complete (plus 3 per vineyard round it when
 * with_vineyards), otherwise 1 + its filled neighbour cells. */
int cc_monastery_value(const cc_features *f, int id, bool with_vineyards);

/* The occupied monastery of the other kind (shrine against cloister or
 * abbey) in the 8 cells round monastery id: its challenger, or -1. Figures
 * marked in gone (may be NULL) do not occupy. */
int cc_monastery_rival(const cc_position *pos, const cc_features *f, int id, const bool *gone);

/* The scoring phase: every occupied monastery completed in the 3 x 3 cells
 * round the placed tile, in (y, x) order, each challenge loser right after
 * its winner. */
void cc_monastery_score_turn(cc_score_ctx *c);

/* The end-game scoring of monastery id (nothing if it is unoccupied). */
void cc_monastery_score_final(cc_score_ctx *c, int id);

#endif
