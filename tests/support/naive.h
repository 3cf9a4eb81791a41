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
 * Not modelled: cc_placements leaves out cells beyond CC_COORD_LIMIT; the
 * random boards stay far inside it.
 *
 * Precondition: the position's own board obeys the rules (the random boards
 * of random_board.h do). The grid is allocated and freed inside each call;
 * nothing is kept.
 *
 * It also builds the feature graph a second way, by joining parts that meet
 * across each border (tiles.md sections 1 and 6) with plain relabelling,
 * so that the engine's union-find can be compared with it.
 *
 *   nv_legal()          may tile `type` go on (x, y) turned rot quarter turns?
 *   nv_placements()     every legal placement, sorted by y, x, rot
 *   nv_features_build() which parts form one feature; open borders, cells,
 *                       pennants of each
 *   nv_field_cities()   the cities a field borders (tile-level adjacency)
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

#define NV_MAX_PARTS (CC_MAX_TILES * CC_MAX_TILE_FEATURES)

/* Parts are numbered tile by tile in position order, then by feature k.
 * Each array indexed by part; open, pennants and ncells are those of the
 * part's whole feature. */
typedef struct {
    int nparts;
    int first[CC_MAX_TILES];      /* part number of (tile i, feature 0) */
    int tile[NV_MAX_PARTS];
    int k[NV_MAX_PARTS];
    int label[NV_MAX_PARTS];      /* the smallest part number of its feature */
    int open[NV_MAX_PARTS];       /* borders with no tile beyond (monasteries:
                                     empty cells of the 8 round it) */
    int pennants[NV_MAX_PARTS];
    int ncells[NV_MAX_PARTS];     /* distinct tiles */
} nv_features;

void nv_features_build(const cc_position *pos, const cc_catalog *cat, nv_features *nf);

/* The cities the field of part field_part borders: the labels of the city
 * parts that any part of the field lists as adjacent on its own tile, each
 * once. Writes them to labels (room for NV_MAX_PARTS); returns how many. */
int nv_field_cities(const nv_features *nf, const cc_position *pos, const cc_catalog *cat,
                    int field_part, int *labels);

#endif
