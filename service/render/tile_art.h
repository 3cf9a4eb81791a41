/* tile_art.h -- what a tile looks like, worked out from the catalog alone.
 *
 * Owns: the geometry of one tile type in catalog orientation, on the unit
 * square (x east, y south, (0, 0) the north-west corner), derived only from
 * the catalog's feature facts (engine/catalog.h): which edges each city and
 * road owns, which field halves each field owns, split edges, inner fields,
 * pennants, trade goods, wagon links (they say where a road that ends on the tile ends:
 * at a monastery, at a city's gate, at a junction or a house), and the hill
 * and vineyard flags. There is no artwork: the picture is a diagram, and
 * the same facts the rules use decide it, so a drawn tile can never
 * disagree with the engine about which feature is where.
 *
 * How the square is cut. The border is read as 8 half edges clockwise from
 * the north-west corner (perimeter parameter s in [0, 8): s = 0 NW corner,
 * 1 N midpoint, 2 NE corner, ... 7 W midpoint). A city owns the halves of
 * its edges (a split city, Hills & Sheep CC!.v, owns one half of its split
 * edge, the one next to its other edges); its shape runs along the border
 * over each run of halves it owns and closes with a wall curve from the end
 * of one run to the start of the next, bowed towards the tile's centre. A
 * city that alone keeps two fields of the tile apart (no road on the tile)
 * reaches the centre. Two fields that meet at a bare border point with no
 * road there (C!.v's south midpoint, C!+'s corners) are kept apart by a
 * narrow arm of the city from that point. Roads run between the midpoints
 * of their edges: straight across, a quarter circle round a shared corner,
 * spokes to the centre for three edges; a road with one edge runs to what
 * its wagon link names (monastery: the centre; city: the middle of that
 * city's wall; other roads: a village at the centre for three or more, a
 * house between two) and otherwise to a house in the field. Rivers run as
 * roads do, under them (a bridge), one with a single edge to the centre,
 * where the spring or the lake lies. Fields are the
 * ground; their regions (for highlighting) are the triangles from the
 * centre to their halves, or the corner inside a road's curve.
 *
 * Anchors: every feature gets the point where a figure on it stands, inside
 * its shape and clear of other anchors, roads and buildings, found by
 * testing candidates against the shapes with cairo_in_fill/in_stroke.
 *
 * Ownership: a ta_tile is plain data (no pointers), built by ta_build() and
 * owned by the caller.
 *
 * Table of contents:
 *   rd_pt, rd_bez          a point, a cubic Bezier (lines have c1 = p0, c2 = p3)
 *   ta_part, ta_tile       one feature's geometry; a whole tile type's
 *   ta_build()             catalog tile type -> geometry
 *   ta_draw()              paint a tile (caller sets the transform: unit square)
 *   ta_city_path()         a city part's closed shape
 *   ta_wall_path()         a city part's walls (open curves)
 *   ta_road_path()         a road part's centre line
 *   ta_field_path()        a field part's region
 *   ta_building_path()     the monastery's outline
 *   ta_rotate()            catalog -> board orientation of a point
 *   ta_perimeter()         the border point at perimeter parameter s
 *   ta_symbol, ta_draw_symbol()  one symbol of the tiles alone, for the
 *                          picture's key (render.c)
 *   ta_draw_goods()        one trade goods symbol (the tiles', the legend's)
 */
#ifndef RD_TILE_ART_H
#define RD_TILE_ART_H

#include <cairo/cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../engine/catalog.h"
#include "canvas.h"

typedef struct {
    double x, y;
} rd_pt;

typedef struct {
    rd_pt p0, c1, c2, p3;
} rd_bez;

#define TA_MAX_RUNS 4
#define TA_MAX_SEGS 4
#define TA_MAX_MARKS 4

typedef struct {
    uint8_t type;               /* cc_feature_type */
    bool present;
    rd_pt anchor;               /* where a figure on it stands */
    /* cities */
    uint8_t halves;             /* bit h: owns half edge h (cities and fields) */
    int nruns;
    double run_a[TA_MAX_RUNS], run_b[TA_MAX_RUNS];   /* perimeter params, b > a */
    rd_bez wall[TA_MAX_RUNS];   /* from the end of run i to the start of run i+1 */
    int npennants;
    rd_pt pennant[2];
    /* roads */
    int nsegs;
    rd_bez seg[TA_MAX_SEGS];
    /* fields */
    uint8_t sectors;            /* bit c: the corner at s = 2c lies inside a road's
                                   curve, and this field owns it */
    uint8_t under;              /* city halves whose wedge this field's region takes
                                   (the city is drawn over it) */
    bool inner;                 /* touches no edge: a courtyard at `anchor` */
    /* Inns & Cathedrals: an inn beside a road, a cathedral in a city */
    bool has_landmark;
    rd_pt landmark;
    /* Traders & Builders: a city's goods symbols (one per kind it shows) */
    int ngoods;
    uint8_t goods_kind[CC_NGOODS];  /* cc_goods */
    rd_pt goods_at[CC_NGOODS];
} ta_part;

typedef struct {
    int nparts;
    ta_part part[CC_MAX_TILE_FEATURES];
    int nhouses;
    rd_pt house[TA_MAX_MARKS];  /* houses where roads end */
    int narms;
    rd_pt arm_from[TA_MAX_MARKS], arm_to[TA_MAX_MARKS];  /* city arms (separators) */
    bool has_vine, small_vine;
    rd_pt vine;                 /* vineyard rows (small: half size, a cramped field) */
    int centre;                 /* k of the monastery at C, or -1 */
    uint8_t curve_corners;      /* bit c: a road or river curves round the corner at s = 2c */
} ta_tile;

/* Work out the geometry of tile type t. cr is any cairo context (used for
 * hit tests only; its path is cleared and its state restored). */
void ta_build(ta_tile *art, const cc_tile_type *t, cairo_t *cr);

/* Paint the tile on the unit square under the canvas's current transform.
 * tint[k], when not NULL and tint[k] >= 0, colours field part k's region
 * with tints[tint[k]] (a highlighted field). */
void ta_draw(rd_canvas *cv, const ta_tile *art, const cc_tile_type *t, const int8_t *tint,
             const rd_rgba *tints);

void ta_city_path(cairo_t *cr, const ta_part *p);
void ta_wall_path(cairo_t *cr, const ta_part *p);
void ta_road_path(cairo_t *cr, const ta_part *p);
void ta_field_path(cairo_t *cr, const ta_part *p);
void ta_building_path(cairo_t *cr, const cc_tile_type *t);

/* A point of the unit square turned q clockwise quarter turns about the
 * centre (catalog -> board orientation). */
rd_pt ta_rotate(rd_pt p, int q);

rd_pt ta_perimeter(double s);

/* The symbols a tile may show, each drawn alone on a square of its ground
 * by ta_draw_symbol() (the unit square under the current transform), as
 * ta_draw() draws it on a tile: the key of a picture shows the ones it
 * draws. */
typedef enum {
    TA_SYM_HOUSE,      /* where a road ends (a house; a village of houses) */
    TA_SYM_PENNANT,    /* a city's coat of arms */
    TA_SYM_CLOISTER,
    TA_SYM_SHRINE,
    TA_SYM_ABBEY,      /* the abbey tile: its grey ground and church */
    TA_SYM_HILL,
    TA_SYM_VINEYARD,
    TA_SYM_COURT,      /* a field inside a city, walled */
    TA_SYM_RIVER,      /* the river, its spring or lake */
    TA_SYM_VOLCANO,
    TA_SYM_INN,        /* Inns & Cathedrals: an inn beside its road */
    TA_SYM_CATHEDRAL,  /* a cathedral in its city */
    TA_SYM_WINE,       /* Traders & Builders' goods on a city: a wine barrel, */
    TA_SYM_GRAIN,      /* a sheaf of grain, */
    TA_SYM_CLOTH,      /* a bolt of cloth (TA_SYM_WINE + cc_goods) */
    TA_NSYMS
} ta_symbol;

void ta_draw_symbol(rd_canvas *cv, ta_symbol s);

/* Goods symbol g (cc_goods) on a light badge of radius r centred at q,
 * under the current transform: as a city shows it, and as the legend
 * counts a player's tokens. */
void ta_draw_goods(rd_canvas *cv, int g, rd_pt q, double r);

#endif
