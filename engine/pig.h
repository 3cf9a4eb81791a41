/* pig.h -- the pig of Traders & Builders and The River II's pig herd: what
 * they add to a field's farmers.
 *
 * Owns: the pig's rules (ids in rules.c):
 *   traders.pig.deploy     on a field of the tile just placed that holds a
 *                          farmer of its owner; it stays there and returns
 *                          with its owner's farmers
 *   traders.pig.score      a player who scores a field with their pig in it
 *                          scores 1 more per completed city; the pig does not
 *                          count for the majority; pigs do not stack
 *   river-ii.pig-herd.score  with Traders & Builders, every player who scores
 *                          the field of the pig herd (river-ii.II+) scores 1
 *                          more per completed city
 * Both add to every scoring of farmers (at the end, when a barn is placed,
 * when farmers join a barn's field), never to a barn's own points
 * (docs/clarifications.md#traders-readings). The pig is a special figure,
 * not a follower: it occupies nothing.
 */
#ifndef CC_PIG_H
#define CC_PIG_H

#include <stdbool.h>

#include "features.h"
#include "position.h"
#include "score_event.h"

/* Why the active player's pig may not stand on feature id, or NULL. */
const char *cc_pig_refusal(const cc_position *pos, const cc_features *f, int id);

/* Pig herds in field id that count (0 unless both The River II and
 * Traders & Builders are in play). */
int cc_pig_herds(const cc_position *pos, const cc_features *f, int id);

/* Does player have a pig in field id (figures flagged gone skipped; gone
 * may be NULL)? */
bool cc_pig_of(const cc_position *pos, const cc_features *f, int id, int player,
               const bool *gone);

/* What pigs and herds add per completed city to a winner of field id:
 * player's pig (1, however many) plus the herds. */
int cc_pig_extra_per_city(const cc_position *pos, const cc_features *f, int id, int player,
                          const bool *gone);

/* After a farmers' event ev on field id was awarded by majority m: give
 * each winner what their pig and the herd add, with the rules and the
 * sentences. */
void cc_pig_award(cc_score_ctx *c, cc_score_event *ev, const cc_majority *m, int id);

#endif
