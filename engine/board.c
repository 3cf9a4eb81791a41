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

int cc_board_at(const cc_board *b, int x, int y)
{
    for (unsigned s = cell_hash(x, y);; s = (s + 1) & (CC_BOARD_SLOTS - 1)) {
        int t = b->slot[s] - 1;
        if (t < 0)
            return -1;
        if (b->tiles[t].x == x && b->tiles[t].y == y)
            return t;
    }
}

static void slot_insert(cc_board *b, int t)
{
    unsigned s = cell_hash(b->tiles[t].x, b->tiles[t].y);
    while (b->slot[s] != 0)
        s = (s + 1) & (CC_BOARD_SLOTS - 1);
    b->slot[s] = (int16_t)(t + 1);
}

/* Rotate the catalog facts of the tile into board orientation. */
static void orient(cc_board_tile *bt)
{
    const cc_tile_type *type = bt->type;
    for (int d = 0; d < 4; d++) {
        bt->edge[cc_dir_rotate(d, bt->rot)] = type->edges[d];
        bt->split_city[d] = -1;
    }
    /* What cc_tile_feature_at_ring() and cc_tile_centre_feature() say for
     * every ring position and the centre (the lowest k owning it), in one
     * walk of the features from the last to the first: every tile of every
     * request passes here. */
    memset(bt->ring_feature, -1, sizeof bt->ring_feature);
    bt->centre_feature = -1;
    int turn = cc_ring_rotate(0, bt->rot);    /* ring positions the tile turns by */
    for (int k = type->nfeatures - 1; k >= 0; k--) {
        unsigned mask = type->features[k].ring_mask & ((1u << CC_RING_SIZE) - 1);
        for (; mask != 0; mask &= mask - 1) {   /* each ring position it owns */
            int r = __builtin_ctz(mask) + turn;
            bt->ring_feature[r >= CC_RING_SIZE ? r - CC_RING_SIZE : r] = (int8_t)k;
        }
        if (type->features[k].centre)
            bt->centre_feature = (int8_t)k;
    }
    for (int k = 0; k < type->nfeatures; k++)
        if (type->features[k].split_edge >= 0)
            bt->split_city[cc_dir_rotate(type->features[k].split_edge, bt->rot)] =
                (int8_t)k;
}

int cc_board_add(cc_board *b, int type, int x, int y, int rot, int owner)
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
    slot_insert(b, t);
    return t;
}

bool cc_board_build(cc_board *b, const cc_catalog *cat, const cc_position *pos,
                    cc_error *err)
{
    b->cat = cat;
    b->ntiles = 0;
    memset(b->slot, 0, sizeof b->slot);
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_placed_tile *p = &pos->tiles[i];
        int other = cc_board_at(b, p->x, p->y);
        if (other >= 0) {
            char ptr[64];
            snprintf(ptr, sizeof ptr, "/position/tiles/%d", i);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_TWO_TILES_ON_ONE_CELL,
                           CC_MSG_D_TWO_TILES_ON_ONE_CELL, CC_INT(OTHER_INDEX, other),
                           CC_INT(INDEX, i), CC_INT(X, p->x), CC_INT(Y, p->y));
        }
        cc_board_add(b, p->type, p->x, p->y, p->rot, p->owner);
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
