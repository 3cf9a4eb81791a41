/* features.h -- the board's features: cities, roads, fields, monasteries.
 *
 * Owns: cc_features, the feature graph of one board. Every catalog feature
 * of every placed tile is a *part*; parts that touch across a shared border
 * are joined into one *feature* (union-find), except across an abbey, which
 * closes what touches it and joins nothing. For each feature it records its
 * parts, its tiles, whether it is complete (every border it reaches is
 * matched; a monastery: all 8 surrounding cells filled), its coats of arms,
 * and for fields the cities they border.
 *
 * Split edges (Hills & Sheep CC!.v, tiles.md section 6): a city segment on a
 * split edge joins every city segment on the other side of that border, so
 * one plain neighbour segment joins both halves, and two split edges join
 * all four. A split field edge needs nothing special: its halves belong to
 * different fields and meet the neighbour's halves one to one.
 *
 * A cc_features is plain data, owned by the caller; it points at the board
 * it was built from, which must outlive it. Building cannot fail: it assumes
 * a board whose touching edges match (validate first).
 *
 * Table of contents:
 *   cc_features_build()     board -> features
 *   cc_features_of()        (tile, k) -> feature id
 *   cc_features_locate()    (x, y, at) -> feature id, or -1
 *   cc_features_index_figures()  every figure of a position located once
 *   cc_feature_parts        walk a feature's parts: for (p = f->first_part; p >= 0; p = parts[p].next)
 *   cc_features_cities()    the cities a field borders
 *   cc_features_completed_cities()  how many of those are complete
 *   cc_features_cells()     a feature's cells, sorted by y then x
 *   cc_feature_compare()    canonical order of two features' names
 *   cc_features_on_tile()   does a feature have a part on a tile
 */
#ifndef CC_FEATURES_H
#define CC_FEATURES_H

#include <stdbool.h>

#include "board.h"
#include "catalog.h"

#define CC_MAX_PARTS (CC_MAX_TILES * CC_MAX_TILE_FEATURES)
#define CC_MAX_CITY_LINKS (CC_MAX_PARTS * 2)

typedef struct {
    int tile;       /* board tile index */
    int k;          /* catalog feature index on that tile */
    int feature;    /* the feature it belongs to */
    int next;       /* next part of the same feature, or -1 */
} cc_feature_part;

typedef struct {
    cc_feature_type type;
    int first_part;     /* head of the part chain (parts in tile order) */
    int nparts;
    int ncells;         /* distinct tiles */
    int open;           /* cities, roads, fields: borders not yet matched by a
                           tile; monasteries: empty cells around it */
    bool complete;      /* open == 0 (for a field: closed, H&S) */
    int pennants;       /* coats of arms (cities) */
    int inns;           /* roads: parts with an inn (Inns & Cathedrals, The River II) */
    int cathedrals;     /* cities: parts with a cathedral (Inns & Cathedrals) */
    int name_tile;      /* canonical name: first tile by (y, x) ... */
    cc_loc name_at;     /* ... and its first location on that tile */
    int first_city;     /* fields: index into city_links */
    int ncities;        /* fields: distinct cities bordered */
} cc_feature;

/* Where one figure of an indexed position stands (cc_features_index_figures):
 * the figure's spot as it was indexed, and the feature there. */
typedef struct {
    int x, y;
    cc_loc at;
    int feature;
} cc_figure_spot;

typedef struct {
    const cc_board *board;
    /* The figures of one position, each located once
     * (cc_features_index_figures): cc_figure_feature() of one of them is an
     * array read instead of a board look-up. NULL: nothing indexed. */
    const cc_figure *indexed;
    int nindexed;
    cc_figure_spot spots[CC_MAX_FIGURES];
    int nparts;
    cc_feature_part parts[CC_MAX_PARTS];
    int tile_first_part[CC_MAX_TILES];  /* part id of (tile, 0) */
    int nfeatures;
    cc_feature features[CC_MAX_PARTS];
    int ncity_links;
    int city_links[CC_MAX_CITY_LINKS];  /* feature ids, per field a run */
} cc_features;

/* Build the features of board b (edges must already match). */
void cc_features_build(cc_features *f, const cc_board *b);

/* Feature id of catalog feature k on board tile t. */
static inline int cc_features_of(const cc_features *f, int t, int k)
{
    return f->parts[f->tile_first_part[t] + k].feature;
}

/* Feature id at board location `at` of the tile at (x, y), or -1 when there
 * is no tile or nothing stands at that location. */
int cc_features_locate(const cc_features *f, int x, int y, cc_loc at);

/* Locate every figure of pos once, so that cc_figure_feature() (validate.h)
 * answers for pos->figures[i] from f->spots[i]: scoring asks where each
 * figure stands once per feature (a majority), O(features x figures)
 * look-ups otherwise. A figure whose spot changed since is located again,
 * so the index can make an answer faster, never different. pos must
 * outlive f's use of the index (it is forgotten by cc_features_build). */
void cc_features_index_figures(cc_features *f, const cc_position *pos);

/* The cities field `id` borders (feature ids), and how many. */
static inline const int *cc_features_cities(const cc_features *f, int id, int *n)
{
    *n = f->features[id].ncities;
    return &f->city_links[f->features[id].first_city];
}

/* Count of completed cities a field borders (farmer and barn scoring). */
int cc_features_completed_cities(const cc_features *f, int field);

/* Fill tiles[] with the board tile indices of feature id, sorted by y then
 * x; returns how many (at most CC_MAX_TILES). */
int cc_features_cells(const cc_features *f, int id, int tiles[CC_MAX_TILES]);

/* Is feature id on board tile t? */
bool cc_features_on_tile(const cc_features *f, int id, int t);

/* Canonical order of features a and b by their names: first cell by y then
 * x, then the location on it (contract section 1). <0, 0, >0 like strcmp. */
int cc_feature_compare(const cc_features *f, int a, int b);

#endif
