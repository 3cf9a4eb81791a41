/* test_board.c -- the board's cell index against a plain scan.
 *
 * The board finds the tile on a cell through a grid over the tiles'
 * bounding box, or through a hash when that box is too large (board.h).
 * Both are checked here against the obvious answer, a scan of every tile
 * (SQLite keeps its bitvec.c honest the same way): on random boards grown
 * by tests/support/random_board.h, on tiles scattered far apart, on
 * boards grown tile by tile past the grid's edge and past its size, and
 * with cells at the ends of int's range. Two tiles on one cell are refused
 * in both forms, at the same tile as always. The placements on either form
 * are compared with the naive checker in test_placement.c. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/board.h"
#include "../support/random_board.h"
#include "../support/testutil.h"

CC_SUITE(board);

/* Board storage is static (large; Criterion forks a process per test). */
static cc_board board_store;

/* The first tile of b on (x, y), or -1: the answer the index must give. */
static int scan_at(const cc_board *b, int x, int y)
{
    for (int t = 0; t < b->ntiles; t++)
        if (b->tiles[t].x == x && b->tiles[t].y == y)
            return t;
    return -1;
}

/* Every cell within `margin` of a tile, and each tile's four neighbours,
 * as the scan says. */
static void assert_index_agrees(const cc_board *b, int margin, const char *what)
{
    for (int t = 0; t < b->ntiles; t++) {
        const cc_board_tile *bt = &b->tiles[t];
        for (int dy = -margin; dy <= margin; dy++)
            for (int dx = -margin; dx <= margin; dx++)
                cr_assert_eq(cc_board_at(b, bt->x + dx, bt->y + dy),
                             scan_at(b, bt->x + dx, bt->y + dy), "%s: cell (%d, %d)", what,
                             bt->x + dx, bt->y + dy);
        for (int d = 0; d < 4; d++)
            cr_assert_eq(bt->neighbour[d], scan_at(b, bt->x + cc_dir_dx[d], bt->y + cc_dir_dy[d]),
                         "%s: tile %d at (%d, %d), neighbour %d", what, t, bt->x, bt->y, d);
    }
}

static void build(const cc_position *pos)
{
    cc_error err;
    cr_assert(cc_board_build(&board_store, tu_catalog(), pos, &err), "%s", err.detail);
}

/* 200 random games' boards of 1 to 200 tiles, every expansion: each gets
 * the grid (a game's board is compact), and the grid agrees with the scan
 * on every cell up to three away from a tile. */
Test(board, the_grid_agrees_with_a_scan_on_random_boards)
{
    for (int i = 0; i < 200; i++) {
        cc_position pos;
        tu_pos(&pos, 2 + i % 5, TU_ALL_EXPANSIONS);
        rb_grow(&pos, tu_catalog(), 1 + i, TU_ALL_EXPANSIONS, 7000 + (uint64_t)i);
        build(&pos);
        cr_assert(!board_store.hashed, "a %d-tile game's board has the grid", pos.ntiles);
        assert_index_agrees(&board_store, 3, "random board");
    }
}

/* Tiles scattered over the whole coordinate range (a position that will
 * be refused as not connected, but is built first): the box is far larger
 * than the grid, so the board uses the hash, which agrees with the scan. */
Test(board, the_hash_agrees_with_a_scan_on_scattered_tiles)
{
    rb_rng rng;
    rb_seed(&rng, 99);
    for (int round = 0; round < 20; round++) {
        cc_position pos;
        tu_pos(&pos, 2, 0);
        int n = 1 + rb_below(&rng, CC_MAX_TILES - 1);
        while (pos.ntiles < n) {
            /* Clusters, so that neighbours and probe chains occur. */
            int x = rb_below(&rng, 2 * CC_COORD_LIMIT + 1) - CC_COORD_LIMIT;
            int y = rb_below(&rng, 2 * CC_COORD_LIMIT + 1) - CC_COORD_LIMIT;
            for (int k = 0; k < 4 && pos.ntiles < n; k++) {
                int cx = x + k % 2, cy = y + k / 2;
                bool taken = false;
                for (int t = 0; t < pos.ntiles; t++)
                    taken |= pos.tiles[t].x == cx && pos.tiles[t].y == cy;
                if (!taken)
                    tu_tile(&pos, "base.D", cx, cy, 0);
            }
        }
        build(&pos);
        cr_assert(board_store.hashed || n <= 4, "%d scattered tiles: the hash", n);
        assert_index_agrees(&board_store, 2, "scattered tiles");
        for (int probe = 0; probe < 2000; probe++) {
            int x = rb_below(&rng, 2 * CC_COORD_LIMIT + 1) - CC_COORD_LIMIT;
            int y = rb_below(&rng, 2 * CC_COORD_LIMIT + 1) - CC_COORD_LIMIT;
            cr_assert_eq(cc_board_at(&board_store, x, y), scan_at(&board_store, x, y),
                         "probe (%d, %d)", x, y);
        }
    }
}

/* The grid fits 4096 cells with its rim: a 62 x 62 box does (64 x 64),
 * a 63 x 62 box does not. */
Test(board, the_grid_holds_a_box_of_62_by_62_and_no_more)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.D", 61, 61, 0);
    build(&pos);
    cr_assert(!board_store.hashed);
    assert_index_agrees(&board_store, 2, "62 x 62");
    tu_tile(&pos, "base.D", 62, 0, 0);
    build(&pos);
    cr_assert(board_store.hashed);
    assert_index_agrees(&board_store, 2, "63 x 62");
}

/* cc_board_add() on a built board: a tile inside the grid is entered in
 * place; one on the grid's rim or beyond makes a new grid, and one that
 * makes the box too large moves the board to the hash. After every tile the
 * index and every neighbour agree with the scan. The walk is an L: 150
 * tiles east, then 150 south, then a few back west. */
Test(board, tiles_added_one_by_one_outgrow_the_grid_then_move_to_the_hash)
{
    cc_position empty;
    tu_pos(&empty, 2, 0);
    build(&empty);
    int type = cc_catalog_find(tu_catalog(), "base.D");
    int x = 0, y = 0;
    bool was_grid = false, was_hash = false;
    for (int i = 0; i < CC_MAX_TILES; i++) {
        int t = cc_board_add(&board_store, type, x, y, i % 4, -1);
        cr_assert_eq(t, i);
        cr_assert_eq(board_store.ntiles, i + 1);
        cr_assert_eq(cc_board_at(&board_store, x, y), t);
        assert_index_agrees(&board_store, 1, "growing");
        was_grid |= !board_store.hashed;
        was_hash |= board_store.hashed;
        if (i < 150)
            x++;
        else if (i < 270)
            y++;
        else
            x--;
    }
    cr_assert(was_grid && was_hash);
    cr_assert(board_store.hashed, "a 151 x 121 box is hashed");
}

/* A tile added inside the grid next to others becomes their neighbour,
 * and they its, without a new grid. */
Test(board, a_tile_added_into_a_hole_is_everyones_neighbour)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, -1, 0);
    tu_tile(&pos, "base.D", 1, 0, 0);
    tu_tile(&pos, "base.D", 0, 1, 0);
    tu_tile(&pos, "base.D", -1, 0, 0);
    build(&pos);
    int grid_x = board_store.grid_x, grid_w = board_store.grid_w;
    int t = cc_board_add(&board_store, cc_catalog_find(tu_catalog(), "base.D"), 0, 0, 0, -1);
    cr_assert_eq(t, 4);
    cr_assert_eq(board_store.grid_x, grid_x);
    cr_assert_eq(board_store.grid_w, grid_w);
    for (int d = 0; d < 4; d++) {
        cr_assert_eq(board_store.tiles[t].neighbour[d], d, "tile %d is at direction %d", d, d);
        cr_assert_eq(board_store.tiles[d].neighbour[cc_dir_opposite(d)], t);
    }
    assert_index_agrees(&board_store, 2, "the hole");
}

/* A cell anywhere, even at the ends of int's range, is asked without
 * overflow (UBSan watches) and is empty, in both forms. */
Test(board, a_cell_far_off_the_board_is_empty)
{
    static const int far[] = { INT_MIN, INT_MIN + 1, -CC_COORD_LIMIT - 2, -1, 0, 1,
                               CC_COORD_LIMIT + 2, INT_MAX - 1, INT_MAX };
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    for (int form = 0; form < 2; form++) {
        if (form == 1)
            tu_tile(&pos, "base.D", 900, 900, 0);   /* 903 x 903 cells: the hash */
        build(&pos);
        cr_assert_eq(board_store.hashed, form == 1);
        for (size_t i = 0; i < sizeof far / sizeof far[0]; i++)
            for (size_t j = 0; j < sizeof far / sizeof far[0]; j++) {
                int want = far[i] == 0 && far[j] == 0 ? 0 : -1;
                cr_assert_eq(cc_board_at(&board_store, far[i], far[j]), want, "(%d, %d)", far[i],
                             far[j]);
            }
    }
}

/* Two tiles on one cell: refused at the later tile, naming the earlier one
 * on that cell, whichever form the index has. */
Test(board, two_tiles_on_one_cell_are_refused_at_the_later_in_both_forms)
{
    for (int form = 0; form < 2; form++) {
        cc_position pos;
        tu_pos(&pos, 2, 0);
        tu_tile(&pos, "base.D", 0, 0, 0);
        tu_tile(&pos, "base.D", 1, 0, 0);
        tu_tile(&pos, "base.D", form == 1 ? 500 : 5, form == 1 ? 500 : 5, 0);
        tu_tile(&pos, "base.E", 1, 0, 0);
        tu_tile(&pos, "base.E", 1, 0, 0);
        cc_error err;
        cr_assert_not(cc_board_build(&board_store, tu_catalog(), &pos, &err));
        cr_assert_eq(board_store.hashed, form == 1);
        cr_assert_str_eq(err.pointer, "/position/tiles/3");
        cr_assert_str_eq(tu_title(&err), "Two tiles on one cell");
        cr_assert(strstr(tu_detail(&err), "tiles/1 and tiles/3") != NULL, "%s", tu_detail(&err));
    }
}
