/* placement.c -- see placement.h.
 *
 * Candidates are the empty cells orthogonally next to a tile; each is tried
 * in four rotations. Sorting the candidates first makes the answer come out
 * in contract order without sorting the (up to four times longer) answer. */
#include "placement.h"

#include "keysort.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An edge as a set of the edge types it matches ('?' matches all; a
 * river edge 'I' only a river edge), so that two edges match
 * (cc_edges_match) when their sets meet, and four edges are one word. */
static unsigned edge_set(char e)
{
    switch (e) {
    case 'C': return 1;
    case 'R': return 2;
    case 'F': return 4;
    case 'I': return 8;
    default: return 0xF;   /* '?' */
    }
}

/* The four edges of a tile (N E S W) as four such sets, 4 bits each. */
static unsigned edge_sets(const char edge[4])
{
    return edge_set(edge[0]) | edge_set(edge[1]) << 4 | edge_set(edge[2]) << 8 |
           edge_set(edge[3]) << 12;
}

/* Does every 4-bit set of mine meet its counterpart in theirs? */
static bool all_edges_match(unsigned mine, unsigned theirs)
{
    unsigned m = mine & theirs;
    return ((m | m >> 1 | m >> 2 | m >> 3) & 0x1111u) == 0x1111u;
}

/* The monastery kind at cell (x, y) for the shrine rule: 'S' shrine,
 * 'C' cloister or abbey (the abbey counts as a cloister), 0 otherwise. */
static char monastery_at(const cc_board *b, int x, int y)
{
    int t = cc_board_at(b, x, y);
    if (t < 0 || b->tiles[t].centre_feature < 0)
        return 0;
    const cc_tile_feature *f = &b->tiles[t].type->features[b->tiles[t].centre_feature];
    if (f->type == CC_FEAT_SHRINE)
        return 'S';
    return cc_feature_is_monastery((cc_feature_type)f->type) ? 'C' : 0;
}

static int count_around(const cc_board *b, int x, int y, char kind)
{
    int n = 0;
    for (int i = 0; i < 8; i++)
        if (monastery_at(b, x + cc_ring8_dx[i], y + cc_ring8_dy[i]) == kind)
            n++;
    return n;
}

/* Heretics & Shrines: a shrine may not neighbour several cloisters, a
 * cloister (or abbey) may not neighbour several shrines, and a placement may
 * not force either on a tile already there (the page's notes 2-4). */
static bool shrine_rule_ok(const cc_board *b, const cc_tile_type *t, int x, int y)
{
    int c = t->turn[0].centre_feature;   /* cc_tile_centre_feature(t), derived at load */
    if (c < 0)
        return true;
    char mine = t->features[c].type == CC_FEAT_SHRINE ? 'S' : 'C';
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

/* The rotations (a bit per quarter turn) in which type may go on the empty
 * cell (x, y): cc_placement_check()'s verdict for all four at once, the
 * neighbours looked up once for the four, the shrine rule (which does not
 * depend on the rotation) asked only when some rotation's edges match.
 * mine[rot]: the type's edge_sets() turned by rot. */
static unsigned legal_rotations(const cc_board *b, const cc_tile_type *t,
                                const unsigned mine[4], int x, int y)
{
    unsigned theirs = 0;   /* edge_sets() of the facing edges; all where none */
    int neighbours = 0;
    for (int d = 0; d < 4; d++) {
        int n = cc_board_at(b, x + cc_dir_dx[d], y + cc_dir_dy[d]);
        theirs |= (n < 0 ? 0xFu : edge_set(b->tiles[n].edge[cc_dir_opposite(d)])) << 4 * d;
        neighbours += n >= 0;
    }
    if (neighbours == 0 || (t->is_abbey && neighbours < 4))
        return 0;
    unsigned rots = 0;
    for (int rot = 0; rot < 4; rot++)
        rots |= (unsigned)all_edges_match(mine[rot], theirs) << rot;
    if (rots != 0 && !shrine_rule_ok(b, t, x, y))
        return 0;
    return rots;
}

/* The candidate cells (empty, orthogonally next to a tile) in order and
 * without repeats, as keys; returns how many. A board whose candidates fit
 * 64 columns (every board of a game, nearly) marks them in one bit row per
 * line and reads the rows in order; any other has its keys sorted. */
#define ROW_BITS 64
#define MAX_ROWS (CC_MAX_TILES + 2)

static int candidates(const cc_board *b, uint64_t cand[4 * CC_MAX_TILES])
{
    int x0 = 0, x1 = -1, y0 = 0, y1 = -1;
    for (int t = 0; t < b->ntiles; t++) {
        int x = b->tiles[t].x, y = b->tiles[t].y;
        if (t == 0 || x - 1 < x0) x0 = x - 1;
        if (t == 0 || x + 1 > x1) x1 = x + 1;
        if (t == 0 || y - 1 < y0) y0 = y - 1;
        if (t == 0 || y + 1 > y1) y1 = y + 1;
    }
    int ncand = 0;
    if (b->ntiles > 0 && x1 - x0 < ROW_BITS && y1 - y0 < MAX_ROWS) {
        uint64_t rows[MAX_ROWS];
        memset(rows, 0, sizeof rows[0] * (size_t)(y1 - y0 + 1));
        for (int t = 0; t < b->ntiles; t++)
            for (int d = 0; d < 4; d++)
                if (b->tiles[t].neighbour[d] < 0)
                    rows[b->tiles[t].y + cc_dir_dy[d] - y0] |=
                        UINT64_C(1) << (b->tiles[t].x + cc_dir_dx[d] - x0);
        for (int r = 0; r <= y1 - y0; r++)
            for (uint64_t bits = rows[r]; bits != 0; bits &= bits - 1)
                cand[ncand++] = cell_key(x0 + __builtin_ctzll(bits), y0 + r);
        return ncand;
    }
    for (int t = 0; t < b->ntiles; t++)
        for (int d = 0; d < 4; d++)
            if (b->tiles[t].neighbour[d] < 0)
                cand[ncand++] = cell_key(b->tiles[t].x + cc_dir_dx[d], b->tiles[t].y + cc_dir_dy[d]);
    cc_keysort(cand, ncand);
    return ncand;
}

int cc_placements(const cc_board *b, int type, cc_placement *out, int max)
{
    uint64_t cand[4 * CC_MAX_TILES];
    int ncand = candidates(b, cand);
    const cc_tile_type *t = &b->cat->types[type];
    unsigned mine[4];
    for (int rot = 0; rot < 4; rot++)
        mine[rot] = edge_sets(t->turn[rot].edge);
    int n = 0;
    for (int i = 0; i < ncand; i++) {
        if (i > 0 && cand[i] == cand[i - 1])
            continue;
        int x = key_x(cand[i]), y = key_y(cand[i]);
        if (!within_limit(x, y))   /* (a candidate is empty: no tile's neighbour) */
            continue;
        unsigned rots = legal_rotations(b, t, mine, x, y);
        for (int rot = 0; rot < 4; rot++) {
            if (!(rots & (1u << rot)))
                continue;
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
