/* random_board.h -- random legal positions, for property tests.
 *
 * Owns: a small seedable PRNG (splitmix64: the same seed gives the same
 * board on every machine; rand() is never used), a board grower that plays
 * random legal tiles, and a figure sprinkler that stands random legal
 * figures on a board. Tests that need many varied, physically possible
 * positions (placement against the naive checker, scoring invariants) build
 * them here instead of by hand.
 *
 * Legality: rb_grow places every tile where the NAIVE checker (naive.h)
 * allows it, never asking the engine, so the engine can be tested against
 * the boards. rb_add_figures asks the engine's feature graph where figures
 * may stand (cc_validate, cc_features_*), so its positions are as good as
 * that graph, which has its own tests.
 *
 * Ownership: everything works in the caller's cc_position; nothing is kept.
 * On return the position is valid (cc_validate accepts it) if it was valid
 * (or empty) on entry.
 *
 *   rb_rng, rb_seed(), rb_next(), rb_below()   the PRNG
 *   rb_grow()         add random legal tiles up to a count
 *   rb_add_figures()  add random legal figures
 */
#ifndef RANDOM_BOARD_H
#define RANDOM_BOARD_H

#include <stdint.h>

#include "../../engine/catalog.h"
#include "../../engine/position.h"

typedef struct {
    uint64_t state;
} rb_rng;

void rb_seed(rb_rng *r, uint64_t seed);
uint64_t rb_next(rb_rng *r);
/* Uniform in [0, n); n > 0. */
int rb_below(rb_rng *r, int n);

/* Grow pos to ntiles tiles (at most CC_MAX_TILES), one random legal tile at
 * a time, like a game whose every drawn tile fits somewhere:
 *   - pos->expansions gains `expansions` (cc_expansion bits; base is always
 *     on); only tile types of those sets are drawn;
 *   - an empty board starts with the start tile base.D at (0, 0), rot 0;
 *   - each step draws a random land tile type that still has copies left
 *     (catalog count minus copies on the board) and can be placed, and puts
 *     it on a random legal placement (all rotations are candidates);
 *   - with Abbey & Mayor, when a hole exists and a player still holds an
 *     abbey (pos->abbeys[p] > 0, as tu_pos sets them), the step places that
 *     player's abbey in a random hole instead, one time in three; the tile's
 *     owner is set and pos->abbeys[p] decreases.
 * pos must already have its players (tu_pos). Stops early when no tile type
 * with copies left fits anywhere. Returns the number of tiles on the board. */
int rb_grow(cc_position *pos, const cc_catalog *cat, int ntiles, unsigned expansions,
            uint64_t seed);

/* rb_add_figures flags. */
#define RB_FIG_SHARED 1u   /* figures may join features that are already
                              occupied (never the same part of one tile) */

/* Add up to nfigures random figures to a valid position: a random player,
 * a random kind the position's expansions allow and that player's supply
 * still holds (meeple; mayor, wagon, barn with Abbey & Mayor; shepherd with
 * Hills & Sheep), on a random feature of a random tile where that kind may
 * stand (mayor: city; wagon: not a field; shepherd: field, with one to
 * three sheep tokens), named by a random one of the locations that name it
 * ("N", "#k", ...). Without RB_FIG_SHARED every figure takes a feature no
 * figure occupies (as deployment does); barns always take a barn corner
 * of a field without a barn, and shepherds a field without a shepherd.
 * Gives up after a bounded number of tries. Returns how many were added. */
int rb_add_figures(cc_position *pos, const cc_catalog *cat, int nfigures, unsigned flags,
                   uint64_t seed);

#endif
