/* validate.h -- is a position physically possible (contract section 3)?
 *
 * Owns: every check that needs the catalog and the board, each failure a
 * 422 with the JSON Pointer of the offending member. What the decoder
 * already guarantees (types, ranges, known names, rot in 0..3, players
 * resolved) is a precondition here, not re-checked.
 *
 * Checks, in the order they are reported:
 *   1. expansions: every tile and figure belongs to a listed expansion
 *   2. counts: no tile type more often than the game has it, abbeys at most
 *      one per player (placed plus in hand)
 *   3. one tile per cell; every touching pair of edges matches
 *   4. all tiles connected; every abbey fills a hole; the shrine rule
 *   5. figures: on a tile, where that kind can stand (no meeple on a field
 *      under option farmers "off"), one per spot, within each player's supply
 *
 * On success the caller gets the board and the features, ready to ask. A
 * question that needs only the board (where may a tile go: edges and
 * shrine neighbours) asks cc_validate_board(): the same checks in the same
 * order, the same errors, without building the feature graph.
 */
#ifndef CC_VALIDATE_H
#define CC_VALIDATE_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "error.h"
#include "features.h"
#include "position.h"

/* Validate pos against cat, building *b on the way: every check above.
 * Returns true if possible; otherwise fills err (status 422) and *b is
 * unusable. */
bool cc_validate_board(const cc_position *pos, const cc_catalog *cat, cc_board *b,
                       cc_error *err);

/* cc_validate_board(), then the feature graph *f of the board. Returns
 * true if possible; otherwise fills err (status 422) and *b / *f are
 * unusable. */
bool cc_validate(const cc_position *pos, const cc_catalog *cat, cc_board *b,
                 cc_features *f, cc_error *err);

/* The feature a figure stands on (meeple, mayor, wagon, shepherd), or -1
 * (barns stand on corners). Precondition: pos validated into f.
 * Inline, for the figures of a position indexed in f
 * (cc_features_index_figures): scoring asks it for every figure once per
 * feature. */
static inline int cc_figure_feature(const cc_features *f, const cc_figure *fig);

/* cc_figure_feature() by looking the spot up on the board. */
int cc_figure_feature_located(const cc_features *f, const cc_figure *fig);

/* Fail with 422 "figure where it cannot stand" at pointer: board tile t has
 * no feature at `at`. The detail lists the tile's locations as placed, by
 * feature (the service also answers them as the problem's `locations`).
 * Always returns false. */
bool cc_fail_no_location(cc_error *err, const char *pointer, const cc_board *b, int t, cc_loc at)
    CC_COLD;

/* For a barn: the field it stands in, or -1 if the corner is not a barn
 * spot. */
int cc_barn_field(const cc_features *f, int x, int y, int corner);

/* Normalise a corner to the cell south-east of it: the corner (x, y, c) is
 * the same point as the NW corner of one cell; returns that cell. Used to
 * compare barn spots named from different tiles. */
void cc_corner_point(int x, int y, int corner, int *px, int *py);

/* Is fig still on the spot s was indexed with? */
static inline bool cc_spot_holds(const cc_figure_spot *s, const cc_figure *fig)
{
    return s->x == fig->x && s->y == fig->y && s->at.kind == fig->at.kind &&
           s->at.value == fig->at.value;
}

static inline int cc_figure_feature(const cc_features *f, const cc_figure *fig)
{
    /* One of the indexed figures, still on the spot it was indexed on: its
     * feature is known. Compared as addresses (uintptr_t), since fig may
     * belong to any other array. */
    if (f->indexed == NULL)
        return cc_figure_feature_located(f, fig);
    uintptr_t off = (uintptr_t)fig - (uintptr_t)f->indexed;
    if (off < (uintptr_t)f->nindexed * sizeof *fig && off % sizeof *fig == 0 &&
        fig->kind != CC_FIG_BARN) {
        const cc_figure_spot *s = &f->spots[off / sizeof *fig];
        if (cc_spot_holds(s, fig))
            return s->feature;
    }
    return cc_figure_feature_located(f, fig);
}

#endif
