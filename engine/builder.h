/* builder.h -- the builder of Traders & Builders: where it may stand, the
 * double turn it gives, and when it goes home.
 *
 * Owns: the builder's rules (ids in rules.c):
 *   traders.builder.deploy       on the tile just placed, on a road or city
 *                                that already holds a follower of its owner
 *   traders.builder.double-turn  a tile that extends the road or city of the
 *                                active player's builder gives a second tile
 *                                at once; the second tile never gives a third
 *   traders.builder.returns      it goes home when its feature is scored or
 *                                no follower of its owner is left there; it
 *                                never counts for a majority and scores nothing
 * The builder is a special figure, not a follower (majority.h): it occupies
 * nothing. A pig's twin rules are in pig.h; the turn's order in turn.h.
 * Pure: reads the position and the features only.
 */
#ifndef CC_BUILDER_H
#define CC_BUILDER_H

#include <stdbool.h>

#include "features.h"
#include "position.h"

/* Followers of player on feature id (figures flagged gone skipped; gone
 * may be NULL). */
int cc_followers_of(const cc_position *pos, const cc_features *f, int id, int player,
                    const bool *gone);

/* Why the active player's builder may not stand on feature id, or NULL. */
const char *cc_builder_refusal(const cc_position *pos, const cc_features *f, int id);

/* Does the tile just placed, board tile t of f, give the active player a
 * second tile? True when before (the position the move was played on) is
 * not itself a double turn's second tile and a builder of the active player
 * already standing in before stands in a road or city with a part on t. An
 * abbey joins nothing, so it never extends (the 1st edition's official
 * answer). f holds the board with the tile; the figures of before keep
 * their indices in the position f was indexed with. */
bool cc_builder_double_turn(const cc_position *before, const cc_features *f, int t);

/* Flag gone[i] for each builder or pig of pos whose feature holds no
 * follower of its owner that is not gone (traders.builder.returns, and
 * the pig's return with its farmers). Returns how many were flagged. */
int cc_builder_strays(const cc_position *pos, const cc_features *f, bool *gone);

#endif
