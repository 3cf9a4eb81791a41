/* wagon.h -- where a wagon may go after its feature has been scored.
 *
 * Owns: the wagon's destinations under both editions and the sequence of
 * moves when several wagons return in one scoring phase. Rules applied (ids
 * in rules.c):
 *   abbey.wagon.move         (2nd edition, default) after its feature is
 *                            scored the wagon may move to an incomplete,
 *                            unoccupied feature other than a field with a
 *                            part on the wagon's tile or one of the 8 tiles
 *                            around it, or go back to the supply; with no
 *                            such feature it goes back
 *   abbey.wagon.move-c1      (options.wagon_rules "c1", 1st edition) the
 *                            destination must be connected to the scored
 *                            feature: the same-tile wagon links of tiles.md
 *                            (a road into a cloister or shrine, a road at a
 *                            city gate, roads meeting at a junction), and a
 *                            city or road touching an abbey; the wagon
 *                            crosses the link and stands on the linked
 *                            part (as JCloisterZone offers it, so that a
 *                            saved game can say every move)
 *   abbey.wagon.move-order   several returning wagons move one after the
 *                            other in seat order from the active player,
 *                            each move occupying a feature for the next
 *   abbey.wagon.move-scored  only a wagon whose feature was completed and
 *                            scored may move (a wagon losing a challenge
 *                            just goes back: shrines page, note 21)
 *
 * Destinations are judged after everything scored this turn has returned
 * its figures: the caller passes `gone`, the figures returned by this
 * turn's scoring (indexed like pos->figures; cc_score_returned()); they
 * occupy nothing. The scoring phase is decided once, on the position
 * before any wagon moves: where a wagon stood then (on a shrine or cloister
 * in a challenge, say) decides what returns, so a wagon's destinations are
 * always judged from that position and that scoring, with the earlier
 * wagons' moves made on it (cc_wagon_destinations_after()), never from a
 * position the earlier moves already changed. /v1/turn (turn.c) and
 * /v1/wagon-moves both go through cc_wagon_apply()'s steps here.
 *
 * cc_wagon_destinations() reads only. cc_wagon_apply() and
 * cc_wagon_destinations_after() change the position they are given (moved
 * wagons stand on their new spot) and the gone mask; on failure both are
 * partly changed: work on a copy.
 */
#ifndef CC_WAGON_H
#define CC_WAGON_H

#include <stdbool.h>

#include "error.h"
#include "features.h"
#include "position.h"
#include "text.h"

typedef struct {
    int tile;       /* board tile index */
    int x, y;
    cc_loc at;      /* canonical name of the feature's part on that tile */
    int feature;    /* feature id */
} cc_wagon_dest;

#define CC_MAX_WAGON_DESTS CC_MAX_PARTS

/* The wagon (figure index) standing on the feature that location `at` of
 * the tile at (x, y) names, or -1. */
int cc_wagon_at(const cc_position *pos, const cc_features *f, int x, int y, cc_loc at);

/* Every spot figure `wagon` may move to under pos->options.wagon_rules,
 * sorted by y, x, then location. Writes at most max; returns how many
 * there are. The wagon's own feature is never a destination. */
int cc_wagon_destinations(const cc_position *pos, const cc_features *f, int wagon,
                          const bool *gone, cc_wagon_dest *out, int max);

/* The rule id of the destination rule in force ("abbey.wagon.move" or
 * "abbey.wagon.move-c1"). */
const char *cc_wagon_rule(const cc_position *pos);

/* May figure i move (a wagon returned by this turn's scoring whose feature
 * is complete)? */
bool cc_wagon_may_move(const cc_position *pos, const cc_features *f, int i, const bool *gone);

typedef struct {
    int figure;     /* the wagon, index into pos->figures */
    int x, y;       /* where it goes */
    cc_loc at;
} cc_wagon_choice;

/* A wagon's move as a request names it (/v1/turn's "wagons"): the spot
 * where the wagon stands before the scoring phase, and where it goes. */
typedef struct {
    int x, y;           /* where the wagon stands now */
    cc_loc at;
    int to_x, to_y;     /* where it goes */
    cc_loc to_at;
} cc_move_wagon;

/* The wagons moves[0..n) name, as choices (figure indices of pos). False
 * with err (422 at "/wagons/i", CC_MSG_P_NO_WAGON_THERE) for the first move
 * naming a spot where no wagon stands. */
bool cc_wagon_choose(const cc_position *pos, const cc_features *f, const cc_move_wagon *moves,
                     int n, cc_wagon_choice *out, cc_error *err);

/* Carry out the wagon moves of one scoring phase. choices[] names the
 * wagons that move (in any order); every other returning wagon goes back
 * to the supply. Moves are judged one by one in seat order from the active
 * player, each against the board as the earlier moves left it. On success
 * each moved wagon stands on its destination (canonical location) and
 * gone[figure] is cleared. On failure *bad is the index into choices of the
 * first move that is not allowed and *rule the rule that forbids it. */
bool cc_wagon_apply(cc_position *pos, const cc_features *f, bool *gone,
                    const cc_wagon_choice *choices, int n, int *bad, const char **rule);

/* The destinations of figure `wagon` in that scoring phase: the moves of
 * choices[] whose wagons come before it in seat order from the active
 * player are made first, exactly as cc_wagon_apply() makes them; its own
 * move and those of the wagons after it cannot change where it may go and
 * are neither made nor judged. On success *count is what
 * cc_wagon_destinations() returns on the board those moves left (at most
 * max written to out). On failure *bad and *rule are cc_wagon_apply()'s
 * for the first earlier move that is not allowed. */
bool cc_wagon_destinations_after(cc_position *pos, const cc_features *f, bool *gone,
                                 const cc_wagon_choice *choices, int n, int wagon,
                                 cc_wagon_dest *out, int max, int *count, int *bad,
                                 const char **rule);

/* Why cc_wagon_apply() refused moves[bad] under `rule` (n moves were asked
 * together): the member at fault ("/wagons/<bad>" for a wagon that may not
 * move, "/wagons/<bad>/to" for a destination it may not reach) into
 * pointer, and the sentence into *why. */
void cc_wagon_refusal(const cc_move_wagon *moves, int n, int bad, const char *rule,
                      char pointer[CC_POINTER_MAX], cc_text *why);

#endif
