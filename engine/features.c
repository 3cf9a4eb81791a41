/* features.c -- see features.h.
 *
 * Three passes: (1) one part per catalog feature per tile; (2) union the
 * parts that meet across each shared border; (3) collect each union into a
 * feature and measure it (open borders, coats of arms, cells, name, and the
 * cities a field borders). Everything is O(parts) with fixed arrays. */
#include "features.h"

#include <stdlib.h>
#include <string.h>

/* ---- union-find over part ids (path halving, union by index) ---------- */

static int uf_find(int *up, int p)
{
    while (up[p] != p) {
        up[p] = up[up[p]];
        p = up[p];
    }
    return p;
}

static void uf_union(int *up, int a, int b)
{
    a = uf_find(up, a);
    b = uf_find(up, b);
    if (a < b)
        up[b] = a;
    else if (b < a)
        up[a] = b;
}

/* ---- pass 2: which parts meet across the border of tile t facing d ------ */

static void join_cities_across(const cc_features *f, int *up, int t, int d, int n)
{
    const cc_board_tile *a = &f->board->tiles[t], *b = &f->board->tiles[n];
    int od = cc_dir_opposite(d);
    const cc_tile_turn *ta = cc_board_turn(a), *tb = cc_board_turn(b);
    int mine[2] = { ta->ring_feature[cc_ring_of_dir(d)], ta->split_city[d] };
    int theirs[2] = { tb->ring_feature[cc_ring_of_dir(od)], tb->split_city[od] };
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            if (mine[i] < 0 || theirs[j] < 0)
                continue;
            if (a->type->features[mine[i]].type != b->type->features[theirs[j]].type)
                continue;   /* mismatched edges: validation reports them */
            uf_union(up, f->tile_first_part[t] + mine[i],
                     f->tile_first_part[n] + theirs[j]);
        }
}

static void join_fields_across(const cc_features *f, int *up, int t, int d, int n)
{
    const cc_board_tile *a = &f->board->tiles[t], *b = &f->board->tiles[n];
    /* The two halves of edge d sit one ring step either side of it. */
    for (int h = -1; h <= 1; h += 2) {
        int r = cc_ring_rotate(cc_ring_of_dir(d) + h, 0);
        int fa = cc_board_turn(a)->ring_feature[r];
        int fb = cc_board_turn(b)->ring_feature[cc_ring_facing(r)];
        if (fa < 0 || fb < 0)
            continue;
        if (a->type->features[fa].type != CC_FEAT_FIELD ||
            b->type->features[fb].type != CC_FEAT_FIELD)
            continue;
        uf_union(up, f->tile_first_part[t] + fa, f->tile_first_part[n] + fb);
    }
}

static void join_across_borders(const cc_features *f, int *up)
{
    const cc_board *b = f->board;
    for (int t = 0; t < b->ntiles; t++) {
        if (b->tiles[t].type->is_abbey)
            continue;
        /* East and south only: each shared border once. */
        for (int d = CC_DIR_E; d <= CC_DIR_S; d++) {
            int n = b->tiles[t].neighbour[d];
            if (n < 0 || b->tiles[n].type->is_abbey)
                continue;
            join_cities_across(f, up, t, d, n);
            join_fields_across(f, up, t, d, n);
        }
    }
}

/* ---- pass 3: measure -------------------------------------------------- */

/* Borders of each part (t, k) of tile t that no tile matches yet, in one
 * walk of the tile's ring: open[k]. A building at the centre (cloister,
 * shrine, abbey) counts the empty cells around it instead. */
static void tile_open_borders(const cc_board *b, int t, int open[CC_MAX_TILE_FEATURES])
{
    const cc_board_tile *bt = &b->tiles[t];
    int n = bt->type->nfeatures;
    for (int k = 0; k < n; k++)
        open[k] = 0;
    for (int r = 0; r < CC_RING_SIZE; r++) {
        int k = cc_board_turn(bt)->ring_feature[r];
        if (k >= 0 && bt->neighbour[cc_dir_of_ring(r)] < 0)
            open[k]++;
    }
    for (int d = 0; d < 4; d++) {
        int k = cc_board_turn(bt)->split_city[d];
        if (k >= 0 && bt->neighbour[d] < 0)
            open[k]++;
    }
    for (int k = 0; k < n; k++) {
        if (!bt->type->features[k].centre)
            continue;
        open[k] = 0;
        for (int i = 0; i < 8; i++)
            if (cc_board_at(b, bt->x + cc_ring8_dx[i], bt->y + cc_ring8_dy[i]) < 0)
                open[k]++;
    }
}

static bool tile_before(const cc_board *b, int t, int u)
{
    const cc_board_tile *a = &b->tiles[t], *c = &b->tiles[u];
    return a->y != c->y ? a->y < c->y : a->x < c->x;
}

static void name_feature(cc_features *f, cc_feature *feat, int t, int k)
{
    /* The part's location is named only on a tile that may name the
     * feature: the first by (y, x) so far, or that tile again. */
    bool first = feat->name_tile < 0 || tile_before(f->board, t, feat->name_tile);
    if (!first && t != feat->name_tile)
        return;
    cc_loc at = cc_board_feature_name(f->board, t, k);
    if (first || cc_loc_compare(at, feat->name_at) < 0) {
        feat->name_tile = t;
        feat->name_at = at;
    }
}

static void collect_features(cc_features *f, int *up)
{
    int *root_feature = up + CC_MAX_PARTS;   /* scratch after the parents */
    int *last_part = root_feature + CC_MAX_PARTS;
    for (int p = 0; p < f->nparts; p++)
        root_feature[p] = -1;
    f->nfeatures = 0;
    /* A tile's parts are consecutive: its open borders are counted once. */
    int open_tile = -1, open[CC_MAX_TILE_FEATURES];
    for (int p = 0; p < f->nparts; p++) {
        cc_feature_part *part = &f->parts[p];
        if (part->tile != open_tile) {
            open_tile = part->tile;
            tile_open_borders(f->board, open_tile, open);
        }
        int root = uf_find(up, p);
        int id = root_feature[root];
        const cc_board_tile *bt = &f->board->tiles[part->tile];
        if (id < 0) {
            id = root_feature[root] = f->nfeatures++;
            cc_feature *feat = &f->features[id];
            memset(feat, 0, sizeof *feat);
            feat->type = (cc_feature_type)bt->type->features[part->k].type;
            feat->first_part = p;
            feat->name_tile = -1;
            last_part[id] = -1;
        }
        cc_feature *feat = &f->features[id];
        part->feature = id;
        part->next = -1;
        if (last_part[id] >= 0) {
            f->parts[last_part[id]].next = p;
            if (f->parts[last_part[id]].tile != part->tile)
                feat->ncells++;
        } else {
            feat->ncells = 1;
        }
        last_part[id] = p;
        feat->nparts++;
        feat->open += open[part->k];
        feat->pennants += bt->type->features[part->k].pennants;
        feat->inns += bt->type->features[part->k].inn;
        feat->cathedrals += bt->type->features[part->k].cathedral;
        name_feature(f, feat, part->tile, part->k);
    }
    for (int id = 0; id < f->nfeatures; id++)
        f->features[id].complete = f->features[id].open == 0;
}

static void collect_field_cities(cc_features *f)
{
    f->ncity_links = 0;
    for (int id = 0; id < f->nfeatures; id++) {
        cc_feature *feat = &f->features[id];
        feat->first_city = f->ncity_links;
        feat->ncities = 0;
        if (feat->type != CC_FEAT_FIELD)
            continue;
        for (int p = feat->first_part; p >= 0; p = f->parts[p].next) {
            const cc_feature_part *part = &f->parts[p];
            unsigned adj = f->board->tiles[part->tile].type->features[part->k].adjacent_cities;
            for (int j = 0; adj; j++, adj >>= 1) {
                if (!(adj & 1u))
                    continue;
                int city = cc_features_of(f, part->tile, j);
                bool seen = false;
                for (int i = 0; i < feat->ncities && !seen; i++)
                    seen = f->city_links[feat->first_city + i] == city;
                if (!seen && f->ncity_links < CC_MAX_CITY_LINKS) {
                    f->city_links[f->ncity_links++] = city;
                    feat->ncities++;
                }
            }
        }
    }
}

void cc_features_build(cc_features *f, const cc_board *b)
{
    /* Union-find parents plus two scratch arrays, on the stack: 18 KB. */
    int scratch[3 * CC_MAX_PARTS];
    int *up = scratch;
    f->board = b;
    f->indexed = NULL;
    f->nindexed = 0;
    f->nparts = 0;
    for (int t = 0; t < b->ntiles; t++) {
        f->tile_first_part[t] = f->nparts;
        for (int k = 0; k < b->tiles[t].type->nfeatures; k++) {
            f->parts[f->nparts].tile = t;
            f->parts[f->nparts].k = k;
            up[f->nparts] = f->nparts;
            f->nparts++;
        }
    }
    join_across_borders(f, up);
    collect_features(f, up);
    collect_field_cities(f);
}

int cc_features_locate(const cc_features *f, int x, int y, cc_loc at)
{
    int t = cc_board_at(f->board, x, y);
    if (t < 0)
        return -1;
    int k = cc_board_feature_at(f->board, t, at);
    return k < 0 ? -1 : cc_features_of(f, t, k);
}

void cc_features_index_figures(cc_features *f, const cc_position *pos)
{
    f->indexed = NULL;
    f->nindexed = 0;
    for (int i = 0; i < pos->nfigures && i < CC_MAX_FIGURES; i++) {
        const cc_figure *fig = &pos->figures[i];
        f->spots[i] = (cc_figure_spot){
            fig->x, fig->y, fig->at,
            fig->kind == CC_FIG_BARN ? -1 : cc_features_locate(f, fig->x, fig->y, fig->at),
        };
    }
    f->indexed = pos->figures;
    f->nindexed = pos->nfigures < CC_MAX_FIGURES ? pos->nfigures : CC_MAX_FIGURES;
}

int cc_features_completed_cities(const cc_features *f, int field)
{
    int n, count = 0;
    const int *cities = cc_features_cities(f, field, &n);
    for (int i = 0; i < n; i++)
        if (f->features[cities[i]].complete)
            count++;
    return count;
}

int cc_features_cells(const cc_features *f, int id, int tiles[CC_MAX_TILES])
{
    int n = 0;
    for (int p = f->features[id].first_part; p >= 0; p = f->parts[p].next)
        if (n == 0 || tiles[n - 1] != f->parts[p].tile)
            tiles[n++] = f->parts[p].tile;
    /* Insertion sort by (y, x): features are small and this keeps the
     * engine free of mutable globals. */
    for (int i = 1; i < n; i++) {
        int t = tiles[i], j = i - 1;
        while (j >= 0 && tile_before(f->board, t, tiles[j])) {
            tiles[j + 1] = tiles[j];
            j--;
        }
        tiles[j + 1] = t;
    }
    return n;
}

bool cc_features_on_tile(const cc_features *f, int id, int t)
{
    int first = f->tile_first_part[t];
    int nk = f->board->tiles[t].type->nfeatures;
    for (int k = 0; k < nk; k++)
        if (f->parts[first + k].feature == id)
            return true;
    return false;
}

int cc_feature_compare(const cc_features *f, int a, int b)
{
    const cc_feature *fa = &f->features[a], *fb = &f->features[b];
    const cc_board_tile *ta = &f->board->tiles[fa->name_tile];
    const cc_board_tile *tb = &f->board->tiles[fb->name_tile];
    if (ta->y != tb->y)
        return ta->y < tb->y ? -1 : 1;
    if (ta->x != tb->x)
        return ta->x < tb->x ? -1 : 1;
    return cc_loc_compare(fa->name_at, fb->name_at);
}
