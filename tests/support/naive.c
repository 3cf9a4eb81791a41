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

/* ---- features by flood fill -------------------------------------------- */

/* Ring positions clockwise from north, and for each: the edge it lies on and
 * the position it meets on the neighbour across that edge (tiles.md section
 * 1: NL<->SR, NR<->SL, EL<->WR, ER<->WL, i.e. NNW<->SSW, NNE<->SSE,
 * ENE<->WNW, ESE<->WSW; edges meet the opposite edge). */
enum { R_N, R_NNE, R_ENE, R_E, R_ESE, R_SSE, R_S, R_SSW, R_WSW, R_W, R_WNW, R_NNW };
static const int ring_edge[12] = { 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0 };
static const int ring_meets[12] = {
    [R_N] = R_S, [R_NNE] = R_SSE, [R_ENE] = R_WNW, [R_E] = R_W, [R_ESE] = R_WSW,
    [R_SSE] = R_NNE, [R_S] = R_N, [R_SSW] = R_NNW, [R_WSW] = R_ESE, [R_W] = R_E,
    [R_WNW] = R_ENE, [R_NNW] = R_SSW,
};

/* Does part k of tile i own board ring position r?  A quarter turn moves a
 * ring position three steps clockwise. */
static bool owns_ring(const cc_position *pos, const cc_catalog *cat, int i, int k, int r)
{
    const cc_tile_feature *f = &cat->types[pos->tiles[i].type].features[k];
    int catalog_r = ((r - 3 * pos->tiles[i].rot) % 12 + 12) % 12;
    return (f->ring_mask >> catalog_r) & 1u;
}

/* Does part k of tile i own a second city segment on board edge d? */
static bool owns_split(const cc_position *pos, const cc_catalog *cat, int i, int k, int d)
{
    const cc_tile_feature *f = &cat->types[pos->tiles[i].type].features[k];
    return f->split_edge >= 0 && (f->split_edge + pos->tiles[i].rot) % 4 == d;
}

static bool is_abbey_tile(const cc_position *pos, const cc_catalog *cat, int i)
{
    return cat->types[pos->tiles[i].type].is_abbey;
}

/* Join the components of parts p and q: both take the smaller label,
 * everywhere (slow and plain). */
static void join(nv_features *nf, int p, int q)
{
    int a = nf->label[p], b = nf->label[q];
    if (a == b)
        return;
    int keep = a < b ? a : b, drop = a < b ? b : a;
    for (int i = 0; i < nf->nparts; i++)
        if (nf->label[i] == drop)
            nf->label[i] = keep;
}

/* Does part k of tile i (a city or road) reach board edge d, with the
 * edge itself or with a split segment on it? */
static bool has_segment(const cc_position *pos, const cc_catalog *cat, int i, int k, int d)
{
    return owns_ring(pos, cat, i, k, 3 * d) || owns_split(pos, cat, i, k, d);
}

/* Do part k of tile i and part m of its neighbour j across edge d meet?
 * Cities and roads: each reaches that border (a segment meets every
 * segment across it: tiles.md section 6). Fields: a half of i on that edge
 * and the half of j it meets. */
static bool parts_meet(const cc_position *pos, const cc_catalog *cat, int i, int k,
                       int j, int m, int d)
{
    int type = cat->types[pos->tiles[i].type].features[k].type;
    if (type != cat->types[pos->tiles[j].type].features[m].type)
        return false;
    if (type == CC_FEAT_CITY || type == CC_FEAT_ROAD)
        return has_segment(pos, cat, i, k, d) && has_segment(pos, cat, j, m, (d + 2) % 4);
    if (type != CC_FEAT_FIELD)
        return false;
    for (int r = 0; r < 12; r++)
        if (ring_edge[r] == d && r % 3 != 0 && owns_ring(pos, cat, i, k, r) &&
            owns_ring(pos, cat, j, m, ring_meets[r]))
            return true;
    return false;
}

/* Borders of part k of tile i with no tile beyond them (monasteries: empty
 * cells among the 8 round it). */
static int open_borders(const cc_position *pos, const cc_catalog *cat, const grid *g, int i, int k)
{
    const cc_tile_feature *f = &cat->types[pos->tiles[i].type].features[k];
    int x = pos->tiles[i].x, y = pos->tiles[i].y, open = 0;
    if (f->centre) {
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if ((dx != 0 || dy != 0) && tile_at(g, x + dx, y + dy) < 0)
                    open++;
        return open;
    }
    for (int r = 0; r < 12; r++)
        if (owns_ring(pos, cat, i, k, r) &&
            tile_at(g, x + step_x[ring_edge[r]], y + step_y[ring_edge[r]]) < 0)
            open++;
    for (int d = 0; d < 4; d++)
        if (owns_split(pos, cat, i, k, d) && tile_at(g, x + step_x[d], y + step_y[d]) < 0)
            open++;
    return open;
}

void nv_features_build(const cc_position *pos, const cc_catalog *cat, nv_features *nf)
{
    nf->nparts = 0;
    for (int i = 0; i < pos->ntiles; i++) {
        nf->first[i] = nf->nparts;
        for (int k = 0; k < cat->types[pos->tiles[i].type].nfeatures; k++) {
            nf->tile[nf->nparts] = i;
            nf->k[nf->nparts] = k;
            nf->label[nf->nparts] = nf->nparts;
            nf->nparts++;
        }
    }
    if (pos->ntiles == 0)
        return;
    grid g;
    grid_build(&g, pos);
    for (int i = 0; i < pos->ntiles; i++)
        for (int d = 0; d < 4; d++) {
            int j = tile_at(&g, pos->tiles[i].x + step_x[d], pos->tiles[i].y + step_y[d]);
            /* The abbey closes what touches it and joins nothing. */
            if (j < 0 || is_abbey_tile(pos, cat, i) || is_abbey_tile(pos, cat, j))
                continue;
            for (int k = 0; k < cat->types[pos->tiles[i].type].nfeatures; k++)
                for (int m = 0; m < cat->types[pos->tiles[j].type].nfeatures; m++)
                    if (parts_meet(pos, cat, i, k, j, m, d))
                        join(nf, nf->first[i] + k, nf->first[j] + m);
        }
    for (int p = 0; p < nf->nparts; p++) {
        nf->open[p] = 0;
        nf->pennants[p] = 0;
        nf->ncells[p] = 0;
    }
    /* Sum over each component into its label's slot, then copy back. */
    for (int p = 0; p < nf->nparts; p++) {
        const cc_tile_feature *f = &cat->types[pos->tiles[nf->tile[p]].type].features[nf->k[p]];
        nf->open[nf->label[p]] += open_borders(pos, cat, &g, nf->tile[p], nf->k[p]);
        nf->pennants[nf->label[p]] += f->pennants;
        bool tile_counted = false;
        for (int q = 0; q < p; q++)
            if (nf->label[q] == nf->label[p] && nf->tile[q] == nf->tile[p])
                tile_counted = true;
        if (!tile_counted)
            nf->ncells[nf->label[p]]++;
    }
    for (int p = 0; p < nf->nparts; p++) {
        nf->open[p] = nf->open[nf->label[p]];
        nf->pennants[p] = nf->pennants[nf->label[p]];
        nf->ncells[p] = nf->ncells[nf->label[p]];
    }
    grid_free(&g);
}

int nv_field_cities(const nv_features *nf, const cc_position *pos, const cc_catalog *cat,
                    int field_part, int *labels)
{
    int n = 0;
    for (int p = 0; p < nf->nparts; p++) {
        if (nf->label[p] != nf->label[field_part])
            continue;
        const cc_tile_feature *f = &cat->types[pos->tiles[nf->tile[p]].type].features[nf->k[p]];
        for (int j = 0; j < CC_MAX_TILE_FEATURES; j++) {
            if (!((f->adjacent_cities >> j) & 1u))
                continue;
            int city = nf->label[nf->first[nf->tile[p]] + j];
            bool seen = false;
            for (int i = 0; i < n; i++)
                seen = seen || labels[i] == city;
            if (!seen)
                labels[n++] = city;
        }
    }
    return n;
}
