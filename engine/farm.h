/* farm.h -- farmers and barns: fields scored for the cities they border.
 *
 * Owns: every scoring of a field. Rules applied (ids in rules.c):
 *   base.score.field.end     at the end, the farmers' majority scores 3 per
 *                            completed city the field borders
 *   barn.score.placement     a barn placed in a field with farmers scores that
 *                            field at once for the farmers' majority, 3 per
 *                            completed city, whoever placed the barn; in the
 *                            turn's scoring phase (note 18); farmers return
 *   barn.score.joined        a tile joining farmers to a barn's field scores
 *                            them 1 per completed city; farmers return
 *   barn.score.final         at the end each barn scores its owner 4 per
 *                            completed city of its field
 *   barn.score.shared        several barns in one field all score in full
 *                            (note 16: barn fields can be joined)
 *   barn.stays               barns stay on the board until the end (note 17)
 * A field borders a city when one of its tile parts does; a city closed by
 * an abbey is not bordered by a field that only touches the abbey (note 8):
 * features.c already counts only cities touching each part.
 * Shepherds are not farmers and are never scored or returned here.
 */
#ifndef CC_FARM_H
#define CC_FARM_H

#include "score_event.h"

#define CC_FARM_PER_CITY 3          /* farmers at the end, or when a barn is placed */
#define CC_FARM_PER_CITY_JOINED 1   /* farmers joined to a barn's field */
#define CC_BARN_PER_CITY 4          /* each barn at the end */

/* The field barn fig stands in, or -1 if fig is not a barn. */
int cc_barn_feature(const cc_features *f, const cc_figure *fig);

/* Barns per player in field id (barns counts[CC_MAX_PLAYERS]); returns the total. */
int cc_field_barns(const cc_position *pos, const cc_features *f, int id, int *counts);

/* The scoring phase: a barn deployed this turn (deployed: its figure index)
 * over farmers, then every field the placed tile extends (has a part on)
 * that now holds both farmers and a barn. deployed may be -1 or any other
 * figure. */
void cc_farm_score_turn(cc_score_ctx *c, int deployed);

/* The end of the game: the farmers of field id, then (second pass) its barns. */
void cc_farm_score_final_farmers(cc_score_ctx *c, int id);
void cc_farm_score_final_barns(cc_score_ctx *c, int id);

/* Barns' points per player in field id at the end (added to points[]);
 * returns the points one barn earns. */
int cc_farm_barn_points(const cc_position *pos, const cc_features *f, int id, int *points);

#endif
