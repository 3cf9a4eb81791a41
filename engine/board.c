/* board.c -- see board.h.
 *
 * The cell index is an open-addressing hash keyed by (x, y): boards are
 * sparse, unbounded in principle and small in practice (at most 128 tiles),
 * so 512 slots keep probes short without sizing anything per request. */
#include "board.h"

#include <stdio.h>
#include <string.h>

const int cc_ring8_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int cc_ring8_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

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
    for (int t; (t = b->slot[s] - 1) >= 0; s = (s + 1) & (CC_BOARD_SLOTS - 1))
        if (b->tiles[t].x == x && b->tiles[t].y == y)
            break;
    return s;
}

int cc_board_at(const cc_board *b, int x, int y)
{
    return b->slot[slot_of(b, x, y)] - 1;
}

/* Point the tile at its type's facts turned by its rotation. */
static void orient(cc_board_tile *bt)
{
    const cc_tile_turn *turn = &bt->type->turn[bt->rot];
    bt->edge = turn->edge;
    bt->ring_feature = turn->ring_feature;
    bt->split_city = turn->split_city;
    bt->centre_feature = turn->centre_feature;
}

/* cc_board_add() into slot s, the empty one slot_of() found for (x, y). */
static int add_at(cc_board *b, unsigned s, int type, int x, int y, int rot, int owner)
{
    int t = b->ntiles++;
    cc_board_tile *bt = &b->tiles[t];
    bt->type = &b->cat->types[type];
    bt->type_index = type;
    bt->x = x;
    bt->y = y;
    bt->rot = rot;
    bt->owner = owner;
    orient(bt);
    for (int d = 0; d < 4; d++) {
        int n = cc_board_at(b, x + cc_dir_dx[d], y + cc_dir_dy[d]);
        bt->neighbour[d] = n;
        if (n >= 0)
            b->tiles[n].neighbour[cc_dir_opposite(d)] = t;
    }
    b->slot[s] = (int16_t)(t + 1);
    return t;
}

int cc_board_add(cc_board *b, int type, int x, int y, int rot, int owner)
{
    return add_at(b, slot_of(b, x, y), type, x, y, rot, owner);
}

bool cc_board_build(cc_board *b, const cc_catalog *cat, const cc_position *pos,
                    cc_error *err)
{
    b->cat = cat;
    b->no_hills = pos->options.hills == CC_ELEMENT_OFF;
    b->no_vineyards = pos->options.vineyards == CC_ELEMENT_OFF;
    b->ntiles = 0;
    memset(b->slot, 0, sizeof b->slot);
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_placed_tile *p = &pos->tiles[i];
        unsigned s = slot_of(b, p->x, p->y);
        int other = b->slot[s] - 1;
        if (other >= 0) {
            char ptr[64];
            snprintf(ptr, sizeof ptr, "/position/tiles/%d", i);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_TWO_TILES_ON_ONE_CELL,
                           CC_MSG_D_TWO_TILES_ON_ONE_CELL, CC_INT(OTHER_INDEX, other),
                           CC_INT(INDEX, i), CC_INT(X, p->x), CC_INT(Y, p->y));
        }
        add_at(b, s, p->type, p->x, p->y, p->rot, p->owner);
    }
    return true;
}

int cc_board_feature_at(const cc_board *b, int t, cc_loc at)
{
    const cc_board_tile *bt = &b->tiles[t];
    switch ((cc_loc_kind)at.kind) {
    case CC_LOC_CENTRE:
        return bt->centre_feature;
    case CC_LOC_RING:
        return at.value < CC_RING_SIZE ? bt->ring_feature[at.value] : -1;
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
        if (bt->ring_feature[r] == k)
            return cc_loc_make(CC_LOC_RING, r);
    return cc_loc_make(CC_LOC_FEATURE, k);
}

int cc_board_corner_field(const cc_board *b, int t, int c)
{
    const cc_board_tile *bt = &b->tiles[t];
    int a = bt->ring_feature[cc_corner_half_a(c)];
    int z = bt->ring_feature[cc_corner_half_b(c)];
    if (a < 0 || a != z || bt->type->features[a].type != CC_FEAT_FIELD)
        return -1;
    return a;
}
