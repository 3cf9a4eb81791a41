/* board.c -- see board.h.
 *
 * The cell index. Boards are unbounded in principle (any cell within
 * CC_COORD_LIMIT, and a position to be refused may scatter its tiles) but
 * compact in practice: a game's tiles touch, so they fill much of their
 * bounding box. Such a board gets a grid over that box with one empty cell
 * round it: a look-up is a bounds check and a read, and each tile's four
 * neighbours are four reads at fixed offsets, with no bounds check thanks
 * to the empty rim. Only the box's cells are cleared, not the whole array.
 * Measured on the bench's 100-tile board (a 17 x 15 box, 19 x 17 cells
 * with the rim): building the board went from 18.6k to 8.6k instructions
 * (the hash's insert and four neighbour look-ups were 157 a tile), a
 * look-up from 16 to about 6, inlined (board.h).
 *
 * A board whose box does not fit CC_BOARD_GRID cells (a long arm, or tiles
 * scattered by a position that will be refused as not connected) gets the
 * open-addressing hash the board always had: 1024 slots for at most 280
 * tiles keep probes short without sizing anything per request. */
#include "board.h"

#include <stdio.h>
#include <string.h>

/* The external definition of the inline look-up (C99 inline, board.h). */
extern inline int cc_board_at(const cc_board *b, int x, int y);

const int cc_ring8_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int cc_ring8_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/* ---- the hash ------------------------------------------------------------ */

/* Fibonacci hashing of the cell packed in one word (x in the high half, y
 * in the low): the multiplication carries every bit of both upward, and
 * the top bits index the table. On the bench's 100-tile board a look-up
 * (a tile or one of its neighbours) takes 1.2 probes; the former mix
 * (x * a ^ y * b, then h ^ h >> 15, low bits) took 2.6. */
static unsigned cell_hash(int x, int y)
{
    uint32_t cell = (uint32_t)x << 16 ^ ((uint32_t)y & 0xFFFFu);
    return (cell * 0x9E3779B1u) >> (32 - CC_BOARD_SLOT_BITS);
}

/* The slot holding the tile at (x, y), or the empty slot where one at
 * (x, y) belongs: one probe sequence both asks and inserts. */
static unsigned slot_of(const cc_board *b, int x, int y)
{
    unsigned s = cell_hash(x, y);
    for (int t; (t = b->cell[s] - 1) >= 0; s = (s + 1) & (CC_BOARD_SLOTS - 1))
        if (b->tiles[t].x == x && b->tiles[t].y == y)
            break;
    return s;
}

int cc_board_at_hashed(const cc_board *b, int x, int y)
{
    return b->cell[slot_of(b, x, y)] - 1;
}

/* ---- the grid ------------------------------------------------------------ */

/* The cell of (x, y) in the grid, which holds it. */
static unsigned grid_cell(const cc_board *b, int x, int y)
{
    return ((unsigned)y - (unsigned)b->grid_y) * (unsigned)b->grid_w +
           ((unsigned)x - (unsigned)b->grid_x);
}

/* Does (x, y) lie inside the grid, off its rim? Then a tile there has all
 * four neighbour cells in the grid. */
static bool grid_inner(const cc_board *b, int x, int y)
{
    unsigned cx = (unsigned)x - (unsigned)b->grid_x - 1, cy = (unsigned)y - (unsigned)b->grid_y - 1;
    return !b->hashed && cx < (unsigned)b->grid_w - 2 && cy < (unsigned)b->grid_h - 2;
}

/* ---- building ------------------------------------------------------------ */

/* Point the tile at its type's facts turned by its rotation. */
static void set_tile(cc_board *b, int t, int type, int x, int y, int rot, int owner)
{
    cc_board_tile *bt = &b->tiles[t];
    bt->type = &b->cat->types[type];
    bt->type_index = type;
    bt->x = x;
    bt->y = y;
    bt->rot = (int8_t)rot;
    bt->owner = (int8_t)owner;
    const cc_tile_turn *turn = &bt->type->turn[rot];
    bt->edge = turn->edge;
    bt->centre_feature = turn->centre_feature;
}

/* The tiles' bounding box: columns x0 to x1, rows y0 to y1. */
typedef struct {
    int x0, x1, y0, y1;
} box;

/* k grown to hold (x, y). */
static void box_take(box *k, int x, int y)
{
    k->x0 = x < k->x0 ? x : k->x0;
    k->x1 = x > k->x1 ? x : k->x1;
    k->y0 = y < k->y0 ? y : k->y0;
    k->y1 = y > k->y1 ? y : k->y1;
}

/* The box of the cell (x, y) alone. */
static box box_of(int x, int y)
{
    return (box){ x, x, y, y };
}

static box tiles_box(const cc_board *b)
{
    int n = b->ntiles;
    box k = n > 0 ? box_of(b->tiles[0].x, b->tiles[0].y) : box_of(0, 0);
    for (int t = 1; t < n; t++)
        box_take(&k, b->tiles[t].x, b->tiles[t].y);
    return k;
}

/* Choose the index's form for the tiles on b, whose bounding box is k,
 * clear it and enter every tile and its neighbours. Returns -1, or the
 * first tile whose cell an earlier tile holds (then *other is that tile,
 * and b is unusable). */
static int index_tiles(cc_board *b, box k, int *other)
{
    int n = b->ntiles;
    /* The box and its rim, in 64 bits: coordinates may be any int here. */
    long long w = (long long)k.x1 - k.x0 + 3, h = (long long)k.y1 - k.y0 + 3;
    b->hashed = w * h > CC_BOARD_GRID;
    if (b->hashed) {
        b->grid_x = b->grid_y = b->grid_w = b->grid_h = 0;
        memset(b->cell, 0, sizeof b->cell[0] * CC_BOARD_SLOTS);
        for (int t = 0; t < n; t++) {
            unsigned s = slot_of(b, b->tiles[t].x, b->tiles[t].y);
            if (b->cell[s] != 0) {
                *other = b->cell[s] - 1;
                return t;
            }
            b->cell[s] = (int16_t)(t + 1);
        }
        for (int t = 0; t < n; t++)
            for (int d = 0; d < 4; d++)
                b->tiles[t].neighbour[d] = (int16_t)cc_board_at_hashed(
                    b, b->tiles[t].x + cc_dir_dx[d], b->tiles[t].y + cc_dir_dy[d]);
        return -1;
    }
    b->grid_x = k.x0 - 1;
    b->grid_y = k.y0 - 1;
    b->grid_w = (int)w;
    b->grid_h = (int)h;
    memset(b->cell, 0, sizeof b->cell[0] * (size_t)(w * h));
    /* Each tile's cell, kept for the second walk (not worked out again
     * from its coordinates). */
    _Static_assert(CC_BOARD_GRID <= UINT16_MAX + 1, "a cell's number fits 16 bits");
    uint16_t at[CC_MAX_TILES];
    for (int t = 0; t < n; t++) {
        at[t] = (uint16_t)grid_cell(b, b->tiles[t].x, b->tiles[t].y);
        int16_t *c = &b->cell[at[t]];
        if (*c != 0) {
            *other = *c - 1;
            return t;
        }
        *c = (int16_t)(t + 1);
    }
    /* N E S W: a row up, a cell right, a row down, a cell left. */
    int row = b->grid_w;
    for (int t = 0; t < n; t++) {
        const int16_t *c = &b->cell[at[t]];
        int16_t *nb = b->tiles[t].neighbour;
        nb[CC_DIR_N] = (int16_t)(c[-row] - 1);
        nb[CC_DIR_E] = (int16_t)(c[1] - 1);
        nb[CC_DIR_S] = (int16_t)(c[row] - 1);
        nb[CC_DIR_W] = (int16_t)(c[-1] - 1);
    }
    return -1;
}

int cc_board_add(cc_board *b, int type, int x, int y, int rot, int owner)
{
    int t = b->ntiles++, other;
    set_tile(b, t, type, x, y, rot, owner);
    if (!b->hashed && !grid_inner(b, x, y)) {
        index_tiles(b, tiles_box(b), &other);   /* outgrew the grid: a new one, or the hash */
        return t;
    }
    if (b->hashed)
        b->cell[slot_of(b, x, y)] = (int16_t)(t + 1);
    else
        b->cell[grid_cell(b, x, y)] = (int16_t)(t + 1);
    for (int d = 0; d < 4; d++) {
        int n = cc_board_at(b, x + cc_dir_dx[d], y + cc_dir_dy[d]);
        b->tiles[t].neighbour[d] = (int16_t)n;
        if (n >= 0)
            b->tiles[n].neighbour[cc_dir_opposite(d)] = (int16_t)t;
    }
    return t;
}

bool cc_board_build(cc_board *b, const cc_catalog *cat, const cc_position *pos,
                    cc_error *err)
{
    b->cat = cat;
    b->no_hills = pos->options.hills == CC_ELEMENT_OFF;
    b->no_vineyards = pos->options.vineyards == CC_ELEMENT_OFF;
    int n = pos->ntiles;
    b->ntiles = n;
    /* The bounding box in the same walk (tiles_box() would walk them again). */
    box k = n > 0 ? box_of(pos->tiles[0].x, pos->tiles[0].y) : box_of(0, 0);
    for (int i = 0; i < n; i++) {
        const cc_placed_tile *p = &pos->tiles[i];
        set_tile(b, i, p->type, p->x, p->y, p->rot, p->owner);
        box_take(&k, p->x, p->y);
    }
    int other, i = index_tiles(b, k, &other);
    if (i < 0)
        return true;
    const cc_placed_tile *p = &pos->tiles[i];
    char ptr[64];
    snprintf(ptr, sizeof ptr, "/position/tiles/%d", i);
    return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_TWO_TILES_ON_ONE_CELL,
                   CC_MSG_D_TWO_TILES_ON_ONE_CELL, CC_INT(OTHER_INDEX, other),
                   CC_INT(INDEX, i), CC_INT(X, p->x), CC_INT(Y, p->y));
}

int cc_board_feature_at(const cc_board *b, int t, cc_loc at)
{
    const cc_board_tile *bt = &b->tiles[t];
    switch ((cc_loc_kind)at.kind) {
    case CC_LOC_CENTRE:
        return bt->centre_feature;
    case CC_LOC_RING:
        return at.value < CC_RING_SIZE ? cc_board_turn(bt)->ring_feature[at.value] : -1;
    case CC_LOC_FEATURE:
        return at.value < bt->type->nfeatures ? at.value : -1;
    case CC_LOC_CORNER:
        return -1;
    }
    return -1;
}

cc_loc cc_board_feature_name(const cc_board *b, int t, int k)
{
    const cc_board_tile *bt = &b->tiles[t];
    if (bt->centre_feature == k)
        return cc_loc_make(CC_LOC_CENTRE, 0);
    for (int r = 0; r < CC_RING_SIZE; r++)
        if (cc_board_turn(bt)->ring_feature[r] == k)
            return cc_loc_make(CC_LOC_RING, r);
    return cc_loc_make(CC_LOC_FEATURE, k);
}

int cc_board_corner_field(const cc_board *b, int t, int c)
{
    const cc_board_tile *bt = &b->tiles[t];
    const int8_t *ring = cc_board_turn(bt)->ring_feature;
    int a = ring[cc_corner_half_a(c)];
    int z = ring[cc_corner_half_b(c)];
    if (a < 0 || a != z || bt->type->features[a].type != CC_FEAT_FIELD)
        return -1;
    return a;
}
