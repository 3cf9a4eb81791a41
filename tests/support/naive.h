/* naive.h -- an obviously correct placement checker, to test the engine's.
 *
 * Owns: a second, independent answer to "where may this tile go?", written
 * to be read rather than to be fast. It uses no engine helper, only the
 * catalog's data: it scans every cell of the board's bounding box grown by
 * one, tries every rotation, turns the catalog's edge string itself, and
 * finds neighbours in a plain grid of the position's tiles. The shrine rule
 * (heretics-and-shrines notes 2-4 and 6) is checked as an invariant of the
 * board after the placement: every shrine neighbours at most one cloister or
 * abbey, and every cloister or abbey at most one shrine. That is a different
 * formulation from the engine's, which asks about the tile being placed.
 *
 * Precondition: the position's own board obeys the rules (the random boards
 * of random_board.h do). The grid is allocated and freed inside each call;
 * nothing is kept.
 *
 *   nv_legal()        may tile `type` go on (x, y) turned rot quarter turns?
 *   nv_placements()   every legal placement, sorted by y, x, rot
 */
#ifndef NAIVE_H
#define NAIVE_H

#include <stdbool.h>

#include "../../engine/catalog.h"
#include "../../engine/position.h"

typedef struct {
    int x, y, rot;   /* rot in clockwise quarter turns */
} nv_placement;

bool nv_legal(const cc_position *pos, const cc_catalog *cat, int type, int x, int y, int rot);

/* Writes at most max placements; returns how many there are. */
int nv_placements(const cc_position *pos, const cc_catalog *cat, int type,
                  nv_placement *out, int max);

#endif
