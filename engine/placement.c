/* placement.c -- see placement.h.
 *
 * Candidates are the empty cells orthogonally next to a tile; each is tried
 * in four rotations. Taking the candidates in order makes the answer come
 * out in contract order without sorting the (up to four times longer)
 * answer. A board with the grid (board.h) is read row by row, a
 * candidate's neighbours straight from the grid (placements_on_grid());
 * any other has its candidates listed, sorted and looked up. */
#include "placement.h"

#include "keysort.h"
#include "river.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An edge as a set of the edge types it matches ('?' matches all; a
 * river edge 'I' only a river edge), so that two edges match
 * (cc_edges_match) when their sets meet, and four edges are one word.
 * Read from a table: a switch on the letter cost a mispredicted jump per
 * neighbour (perf put 10% of cc_placements on it). The table holds each
 * set's complement, so that every other letter, like '?', is all four. */
static const uint8_t edge_set_not[256] = { ['C'] = 0xE, ['R'] = 0xD, ['F'] = 0xB, ['I'] = 0x7 };

static unsigned edge_set(char e)
{
    return edge_set_not[(unsigned char)e] ^ 0xFu;
}

/* The four edges of a tile (N E S W) as four such sets, 4 bits each. */
static unsigned edge_sets(const char edge[4])
{
    return edge_set(edge[0]) | edge_set(edge[1]) << 4 | edge_set(edge[2]) << 8 |
           edge_set(edge[3]) << 12;
}

/* For each of the four rotations at once (16 bits each in mine4: the
 * edge_sets() of the tile turned 0 to 3 times): does every 4-bit set of it
 * meet its counterpart in theirs? A bit per rotation. */
static unsigned rotations_matching(uint64_t mine4, unsigned theirs)
{
    uint64_t m = mine4 & theirs * UINT64_C(0x0001000100010001);
    uint64_t fail = ~(m | m >> 1 | m >> 2 | m >> 3) & UINT64_C(0x1111111111111111);
    fail |= fail >> 4;
    fail |= fail >> 8;   /* bit 16 * rot: some edge of rotation rot fails */
    /* Bits 0, 16, 32, 48 gathered into bits 48 to 51 by one multiplication
     * (no two of the partial products overlap). */
    fail = (fail & UINT64_C(0x0001000100010001)) * UINT64_C(0x0001000200040008) >> 48;
    return ~(unsigned)fail & 0xFu;
}

/* The monastery kind of a placed tile for the shrine rule: 'S' shrine,
 * 'C' cloister or abbey (the abbey counts as a cloister), 0 otherwise;
 * monastery_at(): of the tile at cell (x, y). */
static char monastery_of(const cc_board_tile *bt)
{
    if (bt->centre_feature < 0)
        return 0;
    const cc_tile_feature *f = &bt->type->features[bt->centre_feature];
    if (f->type == CC_FEAT_SHRINE)
        return 'S';
    return cc_feature_is_monastery((cc_feature_type)f->type) ? 'C' : 0;
}

static char monastery_at(const cc_board *b, int x, int y)
{
    int t = cc_board_at(b, x, y);
    if (t < 0)
        return 0;
    return monastery_of(&b->tiles[t]);
}

/* Does any tile of b hold a monastery of this kind ('S', 'C')? */
static bool monastery_on_board(const cc_board *b, char kind)
{
    for (int t = 0; t < b->ntiles; t++)
        if (monastery_of(&b->tiles[t]) == kind)
            return true;
    return false;
}

static int count_around(const cc_board *b, int x, int y, char kind)
{
    int n = 0;
    for (int i = 0; i < 8; i++)
        if (monastery_at(b, x + cc_ring8_dx[i], y + cc_ring8_dy[i]) == kind)
            n++;
    return n;
}

/* The same for a tile type about to be placed. */
static char monastery_kind(const cc_tile_type *t)
{
    int c = t->turn[0].centre_feature;   /* cc_tile_centre_feature(t), derived at load */
    if (c < 0)
        return 0;
    return t->features[c].type == CC_FEAT_SHRINE ? 'S' : 'C';
}

/* Heretics & Shrines: a shrine may not neighbour several cloisters, a
 * cloister (or abbey) may not neighbour several shrines, and a placement may
 * not force either on a tile already there (the page's notes 2-4). */
static bool shrine_rule_ok(const cc_board *b, const cc_tile_type *t, int x, int y)
{
    char mine = monastery_kind(t);
    if (mine == 0)
        return true;
    char other = mine == 'S' ? 'C' : 'S';
    int n = 0;
    for (int i = 0; i < 8; i++) {
        int nx = x + cc_ring8_dx[i], ny = y + cc_ring8_dy[i];
        if (monastery_at(b, nx, ny) != other)
            continue;
        if (++n > 1)
            return false;
        if (count_around(b, nx, ny, mine) > 0)
            return false;   /* that one would then neighbour two of mine */
    }
    return true;
}

cc_place_verdict cc_placement_check(const cc_board *b, int type, int x, int y,
                                    int rot, int *bad_dir)
{
    const cc_tile_type *t = &b->cat->types[type];
    if (cc_board_at(b, x, y) >= 0)
        return CC_PLACE_OCCUPIED;
    int neighbours = 0;
    for (int d = 0; d < 4; d++) {
        int n = cc_board_at(b, x + cc_dir_dx[d], y + cc_dir_dy[d]);
        if (n < 0)
            continue;
        neighbours++;
        char mine = t->turn[rot].edge[d];
        char theirs = b->tiles[n].edge[cc_dir_opposite(d)];
        if (!cc_edges_match(mine, theirs)) {
            if (bad_dir)
                *bad_dir = d;
            return CC_PLACE_EDGES;
        }
    }
    if (neighbours == 0)
        return CC_PLACE_NOT_ADJACENT;
    if (t->is_abbey && neighbours < 4)
        return CC_PLACE_ABBEY_NOT_HOLE;
    if (!shrine_rule_ok(b, t, x, y))
        return CC_PLACE_SHRINE_CLOISTER;
    if (cc_tile_is_river(t)) {
        cc_river r;
        cc_river_read(b, &r);
        const char *why = cc_river_placement_refusal(b, &r, type, x, y, rot);
        if (why != NULL)
            return strcmp(why, "river.placement.no-u-turn") == 0 ? CC_PLACE_RIVER_U_TURN
                 : strcmp(why, "river.placement.continue") == 0 ? CC_PLACE_RIVER_CONTINUE
                                                                  : CC_PLACE_RIVER_BRANCHES;
    }
    return CC_PLACE_OK;
}

const char *cc_placement_rule(cc_place_verdict v)
{
    switch (v) {
    case CC_PLACE_OK: return NULL;
    case CC_PLACE_OCCUPIED: return "base.placement.empty-cell";
    case CC_PLACE_NOT_ADJACENT: return "base.placement.adjacent";
    case CC_PLACE_EDGES: return "base.placement.edges";
    case CC_PLACE_ABBEY_NOT_HOLE: return "abbey.placement.hole";
    case CC_PLACE_SHRINE_CLOISTER: return "shrines.placement.neighbours";
    case CC_PLACE_RIVER_CONTINUE: return "river.placement.continue";
    case CC_PLACE_RIVER_U_TURN: return "river.placement.no-u-turn";
    case CC_PLACE_RIVER_BRANCHES: return "river-ii.placement.branches-apart";
    }
    return NULL;
}

/* A cell as one integer that sorts by y, then x: each coordinate's sign
 * bit flipped turns signed order into unsigned order. */
static uint64_t cell_key(int x, int y)
{
    return (uint64_t)((uint32_t)y ^ 0x80000000u) << 32 | ((uint32_t)x ^ 0x80000000u);
}

static int key_x(uint64_t k)
{
    return (int)((int64_t)(uint32_t)k - INT64_C(0x80000000));
}

static int key_y(uint64_t k)
{
    return key_x(k >> 32);
}

/* A position may not name a cell beyond CC_COORD_LIMIT, so a placement
 * there could never be played back: it is not offered. */
static bool within_limit(int x, int y)
{
    return abs(x) <= CC_COORD_LIMIT && abs(y) <= CC_COORD_LIMIT;
}

/* Of rots, the rotations of type on the empty cell (x, y) whose edges match
 * that the rules beyond the edges allow: the shrine rule (which does not
 * depend on the rotation; shrines: the board holds a monastery of the
 * other kind, without which it cannot refuse) and the river's (r: a river
 * tile's, else NULL). Asked only when some rotation's edges match and one
 * of them may refuse. */
static unsigned rules_beyond_edges(const cc_board *b, const cc_tile_type *t, const cc_river *r,
                                   bool shrines, unsigned rots, int x, int y)
{
    if (shrines && !shrine_rule_ok(b, t, x, y))
        return 0;
    for (int rot = 0; r != NULL && rot < 4; rot++)
        if ((rots & (1u << rot)) &&
            cc_river_placement_refusal(b, r, (int)(t - b->cat->types), x, y, rot) != NULL)
            rots &= ~(1u << rot);
    return rots;
}

/* The rotations (a bit per quarter turn) in which type may go on the empty
 * cell (x, y): cc_placement_check()'s verdict for all four at once, the
 * neighbours looked up once for the four, the shrine rule (which does not
 * depend on the rotation) asked only when some rotation's edges match and
 * the board holds a monastery of the other kind (shrines: without one the
 * rule cannot refuse). mine4: the type's edge_sets() turned by rot, in
 * bits 16 * rot. */
static unsigned legal_rotations(const cc_board *b, const cc_tile_type *t, const cc_river *r,
                                uint64_t mine4, bool shrines, int x, int y)
{
    unsigned theirs = 0;   /* edge sets of the facing edges; all where none */
    int neighbours = 0;
    for (int d = 0; d < 4; d++) {
        int n = cc_board_at(b, x + cc_dir_dx[d], y + cc_dir_dy[d]);
        theirs |= (n < 0 ? 0xFu : edge_set(b->tiles[n].edge[cc_dir_opposite(d)])) << 4 * d;
        neighbours += n >= 0;
    }
    if (neighbours == 0 || (t->is_abbey && neighbours < 4))
        return 0;
    unsigned rots = rotations_matching(mine4, theirs);
    if (rots != 0 && (shrines || r != NULL))
        rots = rules_beyond_edges(b, t, r, shrines, rots, x, y);
    return rots;
}

/* For the boards placements_on_grid() does not take: the candidate cells
 * (empty, orthogonally next to a tile) in order, as keys (a cell may come
 * more than once, one after the other); returns how many. A board whose
 * candidates fit 64 columns marks them in one bit row per line and reads
 * the rows in order; any other has its keys sorted. */
#define ROW_BITS 64
#define MAX_ROWS (CC_MAX_TILES + 2)

static int candidates(const cc_board *b, uint64_t cand[4 * CC_MAX_TILES])
{
    int x0 = 0, x1 = -1, y0 = 0, y1 = -1;
    if (!b->hashed) {   /* the grid spans the tiles and their neighbours (board.h) */
        x0 = b->grid_x;
        x1 = b->grid_x + b->grid_w - 1;
        y0 = b->grid_y;
        y1 = b->grid_y + b->grid_h - 1;
    } else
        for (int t = 0; t < b->ntiles; t++) {
            int x = b->tiles[t].x, y = b->tiles[t].y;
            if (t == 0 || x - 1 < x0) x0 = x - 1;
            if (t == 0 || x + 1 > x1) x1 = x + 1;
            if (t == 0 || y - 1 < y0) y0 = y - 1;
            if (t == 0 || y + 1 > y1) y1 = y + 1;
        }
    int ncand = 0;
    if (b->ntiles > 0 && x1 - x0 < ROW_BITS && y1 - y0 < MAX_ROWS) {
        /* A bit per tile in its line (line y0 + r is occ[r + 1], with an
         * empty line either side); a cell is a candidate when its bit is
         * clear and a bit beside, above or below it is set. */
        uint64_t occ[MAX_ROWS + 2];
        memset(occ, 0, sizeof occ[0] * (size_t)(y1 - y0 + 3));
        for (int t = 0; t < b->ntiles; t++)
            occ[b->tiles[t].y - y0 + 1] |= UINT64_C(1) << (b->tiles[t].x - x0);
        for (int r = 0; r <= y1 - y0; r++) {
            uint64_t here = occ[r + 1];
            uint64_t bits = (occ[r] | occ[r + 2] | here << 1 | here >> 1) & ~here;
            for (; bits != 0; bits &= bits - 1)
                cand[ncand++] = cell_key(x0 + __builtin_ctzll(bits), y0 + r);
        }
        return ncand;
    }
    for (int t = 0; t < b->ntiles; t++)
        for (int d = 0; d < 4; d++)
            if (b->tiles[t].neighbour[d] < 0)
                cand[ncand++] = cell_key(b->tiles[t].x + cc_dir_dx[d], b->tiles[t].y + cc_dir_dy[d]);
    cc_keysort(cand, ncand);
    return ncand;
}

/* cc_placements() on a grid of at most ROW_BITS columns and MAX_ROWS rows
 * (every board of a game, nearly), in one walk of its rows: a bit row of
 * the tiles per line gives each line's candidates (a clear bit with a set
 * one beside, above or below it), and a candidate's four neighbours are
 * the cells above, right, below and left of it in the grid, read without
 * bounds checks: a candidate lies inside the grid, and a cell right or
 * left of the grid's edge is the rim of the row next to it, which is
 * empty; the rows above and below the grid are an empty row. The facing
 * edges come from a table by cell content (each tile's edge sets turned
 * half round, so that its south edge faces north; 0, an empty cell, faces
 * everything), so a candidate costs four cells and four table reads,
 * whatever its neighbours. Cells beyond CC_COORD_LIMIT are masked off a
 * line at a time. */
static int placements_on_grid(const cc_board *b, const cc_tile_type *t, const cc_river *r,
                              uint64_t mine4, bool shrines, cc_placement *out, int max)
{
    static const int16_t empty_row[ROW_BITS];
    int w = b->grid_w, h = b->grid_h, ntiles = b->ntiles;
    uint16_t facing[CC_MAX_TILES + 1];
    uint64_t occ[MAX_ROWS + 2];   /* line grid_y + r is occ[r + 1] */
    memset(occ, 0, sizeof occ[0] * (size_t)(h + 2));
    facing[0] = 0xFFFF;
    for (int i = 0; i < ntiles; i++) {
        const cc_board_tile *bt = &b->tiles[i];
        unsigned sets = edge_sets(bt->edge);
        facing[i + 1] = (uint16_t)(sets << 8 | sets >> 8);   /* S W N E */
        occ[bt->y - b->grid_y + 1] |= UINT64_C(1) << (bt->x - b->grid_x);
    }
    /* The columns within CC_COORD_LIMIT (all of them, nearly always). */
    long long lo = -CC_COORD_LIMIT - (long long)b->grid_x;
    long long hi = CC_COORD_LIMIT - (long long)b->grid_x;
    lo = lo < 0 ? 0 : lo;
    hi = hi > w - 1 ? w - 1 : hi;
    uint64_t columns = lo > hi ? 0 : (~UINT64_C(0) >> (63 - (hi - lo))) << lo;
    const int16_t *cell = b->cell;
    int n = 0;
    for (int row = 0; row < h; row++) {
        uint64_t here = occ[row + 1], beside = here << 1 | here >> 1;
        uint64_t bits = (occ[row] | occ[row + 2] | beside) & ~here & columns;
        if (t->is_abbey)   /* only into a hole: all four neighbours there */
            bits &= occ[row] & occ[row + 2] & (here << 1) & (here >> 1);
        long long y = (long long)b->grid_y + row;
        if (bits == 0 || y < -CC_COORD_LIMIT || y > CC_COORD_LIMIT)
            continue;
        const int16_t *mid = cell + row * w;
        const int16_t *up = row > 0 ? mid - w : empty_row;
        const int16_t *down = row < h - 1 ? mid + w : empty_row;
        for (; bits != 0; bits &= bits - 1) {
            int cx = __builtin_ctzll(bits);
            unsigned theirs = (facing[(uint16_t)up[cx]] & 0x000Fu) |
                              (facing[(uint16_t)mid[cx + 1]] & 0x00F0u) |
                              (facing[(uint16_t)down[cx]] & 0x0F00u) |
                              (facing[(uint16_t)mid[cx - 1]] & 0xF000u);
            int x = b->grid_x + cx;
            unsigned rots = rotations_matching(mine4, theirs);
            if (rots != 0 && (shrines || r != NULL))
                rots = rules_beyond_edges(b, t, r, shrines, rots, x, (int)y);
            for (; rots != 0; rots &= rots - 1) {
                if (n < max)
                    out[n] = (cc_placement){ x, (int)y, __builtin_ctz(rots) };
                n++;
            }
        }
    }
    return n;
}

int cc_placements(const cc_board *b, int type, cc_placement *out, int max)
{
    const cc_tile_type *t = &b->cat->types[type];
    uint64_t mine4 = 0;
    for (int rot = 0; rot < 4; rot++)
        mine4 |= (uint64_t)edge_sets(t->turn[rot].edge) << 16 * rot;
    char mine = monastery_kind(t);
    bool shrines = mine != 0 && monastery_on_board(b, mine == 'S' ? 'C' : 'S');
    cc_river river, *r = NULL;   /* read once, for a river tile only */
    if (cc_tile_is_river(t)) {
        cc_river_read(b, &river);
        r = &river;
    }
    if (!b->hashed && b->ntiles > 0 && b->grid_w <= ROW_BITS && b->grid_h <= MAX_ROWS)
        return placements_on_grid(b, t, r, mine4, shrines, out, max);
    uint64_t cand[4 * CC_MAX_TILES];
    int ncand = candidates(b, cand);
    int n = 0;
    for (int i = 0; i < ncand; i++) {
        if (i > 0 && cand[i] == cand[i - 1])
            continue;
        int x = key_x(cand[i]), y = key_y(cand[i]);
        if (!within_limit(x, y))   /* (a candidate is empty: no tile's neighbour) */
            continue;
        unsigned rots = legal_rotations(b, t, r, mine4, shrines, x, y);
        for (; rots != 0; rots &= rots - 1) {
            int rot = __builtin_ctz(rots);
            if (n < max) {
                out[n].x = x;
                out[n].y = y;
                out[n].rot = rot;
            }
            n++;
        }
    }
    return n;
}
