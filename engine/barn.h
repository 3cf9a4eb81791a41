/* barn.h -- may the active player put a barn on this corner now, and why not.
 *
 * Owns: the barn's legality with a reason a person can read. Rules applied
 * (ids in rules.c), checked in this order:
 *   base.deploy.supply        the player's barn is still in the supply
 *                             (and Abbey & Mayor is in play)
 *   abbey.barn.junction       the corner is a junction of four tiles, and
 *                             each of the four shows only field there
 *   abbey.barn.one-per-field  the field has no barn yet, unless option
 *                             barn_placement is "occupied" (abbey.barn.occupied)
 * The scoring a legal barn triggers (farmers in its field scored at once,
 * 3 points per completed city) belongs to the scoring engine: the caller
 * asks it with the barn as this turn's deployment.
 *
 * The position and features are read, never changed.
 */
#ifndef CC_BARN_H
#define CC_BARN_H

#include <stdbool.h>

#include "features.h"
#include "text.h"
#include "position.h"

typedef struct {
    bool legal;
    const char *rule;     /* the rule that forbids it (NULL when legal) */
    cc_text reason;       /* what exactly stops it, as a message id and arguments
                             (engine/text.h); msg 0 and no argument when legal */
    int field;            /* the field the barn would stand in, or -1 */
    bool joins_barn;      /* that field already has a barn (legal only under
                             option barn_placement "occupied") */
} cc_barn_verdict;

/* Judge a barn on corner `corner` (CC_CORNER_*) of board tile t, the tile
 * just placed. Always fills *v. */
void cc_barn_check(const cc_position *pos, const cc_features *f, int t, int corner,
                   cc_barn_verdict *v);

#endif
