/* placement.h -- where a tile may go.
 *
 * Owns: the legality of putting a tile type on a cell with a rotation, and
 * the list of all legal placements. Rules applied (ids in rules.c):
 *   base.placement.edges      every touching edge matches (cities to cities,
 *                             roads to roads, fields to fields)
 *   base.placement.adjacent   the tile touches at least one placed tile
 *   abbey.placement.hole      the abbey goes only into a hole: all four
 *                             orthogonal neighbours present; its edges match
 *                             anything
 *   shrines.placement.neighbours  no shrine next to (8 cells) more than one
 *                             cloister and no cloister or abbey next to more
 *                             than one shrine, counting the tile placed
 *   river.placement.continue, river.placement.no-u-turn,
 *   river-ii.placement.branches-apart  where a river tile goes (river.h)
 *
 * The board is read, never changed.
 */
#ifndef CC_PLACEMENT_H
#define CC_PLACEMENT_H

#include "board.h"

typedef struct {
    int x, y, rot;   /* rot in quarter turns */
} cc_placement;

typedef enum {
    CC_PLACE_OK,
    CC_PLACE_OCCUPIED,        /* a tile already stands there */
    CC_PLACE_NOT_ADJACENT,    /* touches no tile */
    CC_PLACE_EDGES,           /* an edge does not match; *bad_dir says which */
    CC_PLACE_ABBEY_NOT_HOLE,  /* abbey with fewer than 4 neighbours */
    CC_PLACE_SHRINE_CLOISTER, /* shrine/cloister neighbourhood rule */
    CC_PLACE_RIVER_CONTINUE,  /* a river tile that continues no open end (river.h) */
    CC_PLACE_RIVER_U_TURN,    /* ... that turns the river back */
    CC_PLACE_RIVER_BRANCHES   /* ... that joins two open ends */
} cc_place_verdict;

/* May a tile of catalog type `type` go on (x, y) turned rot quarter turns?
 * On CC_PLACE_EDGES, *bad_dir (if not NULL) is the board direction of the
 * first edge that does not match. */
cc_place_verdict cc_placement_check(const cc_board *b, int type, int x, int y,
                                    int rot, int *bad_dir);

/* The rule id that forbids a verdict (NULL for CC_PLACE_OK). */
const char *cc_placement_rule(cc_place_verdict v);

/* Every legal placement of `type`, sorted by y, x, rot; all four rotations
 * are tried even when the tile looks the same turned. Cells beyond
 * CC_COORD_LIMIT (position.h) are left out: no position can name them.
 * Writes at most max and returns how many there are. 4 * 4 * CC_MAX_TILES
 * always suffices. */
int cc_placements(const cc_board *b, int type, cc_placement *out, int max);

#define CC_MAX_PLACEMENTS (16 * CC_MAX_TILES)

#endif
