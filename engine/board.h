/* board.h -- placed tiles in board orientation, and the cell look-up.
 *
 * Owns: cc_board, derived from a position and a catalog. Each placed tile
 * points at its type's facts as turned by its rotation (edge types, which
 * feature owns each ring position, the split city segment: cc_tile_turn,
 * derived once when the catalog loads; cc_board_turn()), so that neither
 * placing a tile nor the feature graph nor the placement checker rotates
 * anything.
 *
 * A cc_board is plain data (no pointers to free); the caller owns it and
 * must keep the catalog alive while using it. It is large (tens of KB):
 * allocate it on the heap or in a long-lived frame.
 *
 * The cell index has two forms (board.c says why): a grid over the tiles'
 * bounding box with one empty cell round it, row by row, when that fits
 * CC_BOARD_GRID cells (every board of a game, nearly: a 72-tile game
 * spans about 15 by 15), and an open-addressing hash of CC_BOARD_SLOTS
 * slots otherwise. cc_board_at() reads either; nothing else needs to know.
 *
 * Table of contents:
 *   cc_board_build()        position -> board; fails on two tiles in one cell
 *   cc_board_turn()         a placed tile's turn: its ring features, split city
 *   cc_board_at()           tile index at (x, y), or -1 (inline: the look-up
 *                           every rule asks most)
 *   cc_board_add()          append one tile (placement/turn simulation)
 *   cc_board_feature_at()   which catalog feature a board location names
 *   cc_board_feature_name() the canonical location naming a tile's feature
 *   cc_board_corner_field() the field owning both halves of a corner, or -1
 *   cc_edges_match()        do two facing edges match
 */
#ifndef CC_BOARD_H
#define CC_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalog.h"
#include "error.h"
#include "loc.h"
#include "position.h"

#define CC_BOARD_SLOT_BITS 10
#define CC_BOARD_SLOTS (1 << CC_BOARD_SLOT_BITS)   /* hash slots: > 2 * CC_MAX_TILES */
#define CC_BOARD_GRID 4096                         /* cells of the grid: 64 x 64 */

/* 40 bytes a tile (72 before): a board is written for every request, and
 * 100 tiles were 113 cache lines. The turn's other facts are read through
 * edge, which points at the turn's first member (cc_board_turn()); a tile
 * index fits 16 bits (CC_MAX_TILES), a rotation and a player 8. */
typedef struct {
    const cc_tile_type *type;
    /* In board orientation: type->turn[rot].edge (the catalog's). */
    const char *edge;                       /* [4] N E S W: 'C' 'R' 'F' '?' */
    int x, y;
    int type_index;
    int16_t neighbour[4];                   /* tile index at N E S W, or -1 */
    int8_t rot;
    int8_t owner;                           /* abbeys: who placed it, or -1 */
    int8_t centre_feature;                  /* k of the building at C, or -1 */
} cc_board_tile;

/* The turn tile bt lies in (type->turn[rot]): ring_feature[] (ring
 * position -> k, or -1) and split_city[] (direction -> second city k, or
 * -1), in board orientation. */
_Static_assert(offsetof(cc_tile_turn, edge) == 0,
               "cc_board_turn() finds a tile's turn from its edge pointer");

static inline const cc_tile_turn *cc_board_turn(const cc_board_tile *bt)
{
    /* edge is the turn's first member (catalog.h), so this is the turn. */
    return (const cc_tile_turn *)(const void *)bt->edge;
}

typedef struct {
    const cc_catalog *cat;
    bool no_hills;                          /* options.hills "off": a hill is plain land */
    bool no_vineyards;                      /* options.vineyards "off": so is a vineyard */
    int ntiles;
    cc_board_tile tiles[CC_MAX_TILES];
    /* The cell index: cell[(y - grid_y) * grid_w + x - grid_x] for the
     * grid_w x grid_h cells from (grid_x, grid_y), every tile's cell inside
     * it and off its rim (so the grid also spans every cell next to a
     * tile); or, when hashed, the first CC_BOARD_SLOTS cells are the
     * hash's slots. */
    bool hashed;
    int grid_x, grid_y, grid_w, grid_h;
    int16_t cell[CC_BOARD_GRID];            /* tile index + 1; 0 = empty */
} cc_board;

/* Build the board of pos. Tile i of the board is pos->tiles[i].
 * Fails (422, pointer "/position/tiles/i") if two tiles share a cell;
 * on failure *b is unusable. */
bool cc_board_build(cc_board *b, const cc_catalog *cat, const cc_position *pos,
                    cc_error *err);

/* Tile index at (x, y), or -1. Any x and y: a cell far off any board is
 * simply empty. */
int cc_board_at_hashed(const cc_board *b, int x, int y);   /* the hash's look-up */
inline int cc_board_at(const cc_board *b, int x, int y)
{
    if (b->hashed)
        return cc_board_at_hashed(b, x, y);
    /* Unsigned: a cell left of or above the grid wraps to a large column. */
    unsigned cx = (unsigned)x - (unsigned)b->grid_x, cy = (unsigned)y - (unsigned)b->grid_y;
    if (cx >= (unsigned)b->grid_w || cy >= (unsigned)b->grid_h)
        return -1;
    return b->cell[cy * (unsigned)b->grid_w + cx] - 1;
}

/* Append a tile of catalog type `type` at (x, y) turned rot quarter turns.
 * Precondition: b was built by cc_board_build() (from a position with or
 * without tiles), the cell is empty and the board has room. Returns its
 * index. */
int cc_board_add(cc_board *b, int type, int x, int y, int rot, int owner);

/* The catalog feature k that board location `at` names on tile t, or -1 if
 * nothing stands there (a field edge named as an edge, a corner, #k too big). */
int cc_board_feature_at(const cc_board *b, int t, cc_loc at);

/* The contract's name of feature k of tile t: its first board location in
 * canonical order ("#k" for features touching no edge and no centre). */
cc_loc cc_board_feature_name(const cc_board *b, int t, int k);

/* Does one field of tile t own both halves of corner c (board orientation)?
 * Returns that field's k, or -1. */
int cc_board_corner_field(const cc_board *b, int t, int c);

/* Do two facing edges match ('?' matches anything)? The placement checker
 * and the position's validation judge edges by this one rule. */
static inline bool cc_edges_match(char a, char b)
{
    return a == '?' || b == '?' || a == b;
}

/* The cell diagonally or orthogonally next to (x, y): the 8 offsets,
 * clockwise from north. */
extern const int cc_ring8_dx[8];
extern const int cc_ring8_dy[8];

#endif
