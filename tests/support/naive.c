/* naive.c -- see naive.h. Slow on purpose: every step is spelled out. */
#include "naive.h"

#include <stdlib.h>

/* North, east, south, west: y grows to the south. */
static const int step_x[4] = { 0, 1, 0, -1 };
static const int step_y[4] = { -1, 0, 1, 0 };

/* Which tile stands on each cell of the board's bounding box: a plain
 * array, so that a look-up is one index. Cells outside the box are empty. */
typedef struct {
    int x0, y0, w, h;
    int *cell;          /* tile index, or -1 */
} grid;

static void grid_build(grid *g, const cc_position *pos)
{
    int x0 = pos->tiles[0].x, x1 = x0, y0 = pos->tiles[0].y, y1 = y0;
    for (int i = 1; i < pos->ntiles; i++) {
        if (pos->tiles[i].x < x0) x0 = pos->tiles[i].x;
        if (pos->tiles[i].x > x1) x1 = pos->tiles[i].x;
        if (pos->tiles[i].y < y0) y0 = pos->tiles[i].y;
        if (pos->tiles[i].y > y1) y1 = pos->tiles[i].y;
    }
    g->x0 = x0;
    g->y0 = y0;
    g->w = x1 - x0 + 1;
    g->h = y1 - y0 + 1;
    g->cell = malloc(sizeof *g->cell * (size_t)g->w * (size_t)g->h);
    if (g->cell == NULL)
        abort();
    for (int i = 0; i < g->w * g->h; i++)
        g->cell[i] = -1;
    for (int i = 0; i < pos->ntiles; i++)
        g->cell[(pos->tiles[i].y - y0) * g->w + (pos->tiles[i].x - x0)] = i;
}

static void grid_free(grid *g)
{
    free(g->cell);
}

static int tile_at(const grid *g, int x, int y)
{
    if (x < g->x0 || x >= g->x0 + g->w || y < g->y0 || y >= g->y0 + g->h)
        return -1;
    return g->cell[(y - g->y0) * g->w + (x - g->x0)];
}

/* The four board edges (N, E, S, W) of a tile type turned rot quarter turns
 * clockwise: each quarter turn, what faced west now faces north, and so on. */
static void turned_edges(const cc_tile_type *t, int rot, char out[4])
{
    char e[4] = { t->edges[0], t->edges[1], t->edges[2], t->edges[3] };
    for (int q = 0; q < rot; q++) {
        char w = e[3];
        e[3] = e[2];
        e[2] = e[1];
        e[1] = e[0];
        e[0] = w;
    }
    for (int d = 0; d < 4; d++)
        out[d] = e[d];
}

/* 'S' for a shrine, 'C' for a cloister or an abbey (the abbey counts as a
 * cloister: heretics-and-shrines note 6), 0 for anything else. */
static char monastery_kind(const cc_tile_type *t)
{
    for (int k = 0; k < t->nfeatures; k++) {
        if (t->features[k].type == CC_FEAT_SHRINE)
            return 'S';
        if (t->features[k].type == CC_FEAT_CLOISTER || t->features[k].type == CC_FEAT_ABBEY)
            return 'C';
    }
    return 0;
}

/* The monastery kind at (x, y), counting the tile being tried there. */
static char kind_at(const cc_position *pos, const grid *g, const cc_catalog *cat,
                    int x, int y, int new_type, int nx, int ny)
{
    if (x == nx && y == ny)
        return monastery_kind(&cat->types[new_type]);
    int i = tile_at(g, x, y);
    return i < 0 ? 0 : monastery_kind(&cat->types[pos->tiles[i].type]);
}

/* Count monasteries of the other kind among the 8 cells round (x, y). */
static int others_around(const cc_position *pos, const grid *g, const cc_catalog *cat,
                         int x, int y, char kind, int new_type, int nx, int ny)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (dx == 0 && dy == 0)
                continue;
            char k = kind_at(pos, g, cat, x + dx, y + dy, new_type, nx, ny);
            if (k != 0 && k != kind)
                n++;
        }
    return n;
}

/* After putting new_type on (nx, ny): does every monastery on the board
 * neighbour at most one monastery of the other kind?  Only the new tile and
 * the monasteries in the 8 cells round it can have gained a neighbour, and
 * only if the new tile is a monastery itself; the rest of the board obeyed
 * the rule before (precondition). */
static bool shrine_rule_holds(const cc_position *pos, const grid *g, const cc_catalog *cat,
                              int new_type, int nx, int ny)
{
    char mine = monastery_kind(&cat->types[new_type]);
    if (mine == 0)
        return true;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int x = nx + dx, y = ny + dy;
            char k = kind_at(pos, g, cat, x, y, new_type, nx, ny);
            if (k != 0 && others_around(pos, g, cat, x, y, k, new_type, nx, ny) > 1)
                return false;
        }
    return true;
}

static bool legal_on(const cc_position *pos, const grid *g, const cc_catalog *cat,
                     int type, int x, int y, int rot)
{
    const cc_tile_type *t = &cat->types[type];
    if (tile_at(g, x, y) >= 0)
        return false;
    char mine[4];
    turned_edges(t, rot, mine);
    int neighbours = 0;
    for (int d = 0; d < 4; d++) {
        int i = tile_at(g, x + step_x[d], y + step_y[d]);
        if (i < 0)
            continue;
        neighbours++;
        char theirs[4];
        turned_edges(&cat->types[pos->tiles[i].type], pos->tiles[i].rot, theirs);
        char facing = theirs[(d + 2) % 4];
        if (mine[d] != '?' && facing != '?' && mine[d] != facing)
            return false;
    }
    if (neighbours == 0)
        return false;
    if (t->is_abbey && neighbours != 4)
        return false;
    return shrine_rule_holds(pos, g, cat, type, x, y);
}

bool nv_legal(const cc_position *pos, const cc_catalog *cat, int type, int x, int y, int rot)
{
    if (pos->ntiles == 0)
        return false;
    grid g;
    grid_build(&g, pos);
    bool ok = legal_on(pos, &g, cat, type, x, y, rot);
    grid_free(&g);
    return ok;
}

int nv_placements(const cc_position *pos, const cc_catalog *cat, int type,
                  nv_placement *out, int max)
{
    if (pos->ntiles == 0)
        return 0;
    grid g;
    grid_build(&g, pos);
    int n = 0;
    for (int y = g.y0 - 1; y <= g.y0 + g.h; y++)
        for (int x = g.x0 - 1; x <= g.x0 + g.w; x++)
            for (int rot = 0; rot < 4; rot++)
                if (legal_on(pos, &g, cat, type, x, y, rot)) {
                    if (n < max) {
                        out[n].x = x;
                        out[n].y = y;
                        out[n].rot = rot;
                    }
                    n++;
                }
    grid_free(&g);
    return n;
}
