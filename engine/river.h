/* river.h -- The River and The River II: how the river is laid.
 *
 * Owns: what the river asks of a board and of the tile in hand. The river
 * starts at the spring (the start tile) and is laid tile by tile before any
 * land tile; every river tile continues an open end of it. Read from the
 * board alone: the service is stateless, so "the river is open" means a
 * river edge on the board still faces an empty cell, and "the last river
 * tile" means every other river tile of the sets in play is on the board.
 * Rules applied (ids in rules.c; docs/clarifications.md#river-readings
 * states the readings chosen):
 *   river.setup.spring         with a river, the spring is the start tile
 *   river.placement.continue   a river tile continues the river: exactly one
 *                              of its river edges meets an open end; a river
 *                              edge only meets a river edge (edge letter I)
 *   river.placement.no-u-turn  the river does not turn the same way twice
 *                              in a row
 *   river.placement.first      every river tile comes before any land tile:
 *                              no land tile while the river is open
 *   river.placement.lake-last  the lake is the last river tile
 *   river-ii.placement.fork-first  the fork comes right after the spring
 *   river-ii.placement.branches-apart  the fork's branches never meet
 *   river.deploy.not-on-river  no figure on the river
 *   river-ii.deploy.volcano    no figure on the volcano lake
 *   river-ii.turn.volcano      who places the volcano places a land tile at once
 *   river.feature.river        the river separates fields and never scores
 *
 * Everything here reads; nothing changes the board or the position.
 */
#ifndef CC_RIVER_H
#define CC_RIVER_H

#include <stdbool.h>

#include "board.h"
#include "error.h"
#include "position.h"

/* Either river set. */
#define CC_EXP_RIVERS (CC_EXP_RIVER | CC_EXP_RIVER_II)

/* Has tile type t a river edge? */
bool cc_tile_is_river(const cc_tile_type *t);

/* Is tile type t in a game with these expansions? Its set is, or it is the
 * spring, which both river sets share. (Inline: validation asks it of
 * every tile.) */
static inline bool cc_tile_in_play(const cc_tile_type *t, unsigned expansions)
{
    return (expansions & t->expansion) || (t->spring && (expansions & CC_EXP_RIVERS));
}

/* Copies of tile type t in a game with these expansions: its count; the
 * spring once; none of River I's lake when River II is on too (two river
 * ends besides the lake already: docs/clarifications.md#river-both-sets);
 * 0 when t is not in play. */
int cc_tile_copies(const cc_tile_type *t, unsigned expansions);

/* The river on a board: where it flows from, tile by tile. */
typedef struct {
    int spring;                    /* board index of the spring, or -1 */
    int8_t up[CC_MAX_TILES];       /* river tiles reached from the spring: the
                                      board direction of their upstream edge;
                                      -1 for the spring and every other tile */
    bool reached[CC_MAX_TILES];    /* joined to the spring by river edges */
    int open_ends;                 /* river edges facing an empty cell */
    int loop_tile;                 /* a tile where the river meets itself, or -1 */
} cc_river;

/* Read the river of b (any board: one without a spring reads as no river). */
void cc_river_read(const cc_board *b, cc_river *r);

/* Why the active player cannot be holding a tile of type `type` now, as a
 * rule id, or NULL: a land tile while the river is open, a river tile
 * before the fork, the lake before the other river tiles. NULL whenever no
 * river set is in play. */
const char *cc_river_draw_refusal(const cc_position *pos, const cc_board *b, const cc_river *r,
                                  int type);

/* Why river tile `type` may not go on (x, y) turned rot, whose edges match,
 * as a rule id, or NULL. Land tiles: always NULL. */
const char *cc_river_placement_refusal(const cc_board *b, const cc_river *r, int type, int x,
                                       int y, int rot);

/* The river of a board that holds one: the spring is there when a river
 * set is on, every river tile is joined to it, the river neither meets
 * itself nor makes a U-turn, the fork comes first and the lake last, and
 * no land tile lies beside an open river. 422 at the offending tile. */
bool cc_river_validate(const cc_position *pos, const cc_board *b, cc_error *err);

#endif
