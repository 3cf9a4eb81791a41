/* random_board.c -- see random_board.h. */
#include "random_board.h"

#include <stdbool.h>
#include <stdlib.h>

#include "../../engine/features.h"
#include "../../engine/validate.h"
#include "naive.h"

/* ---- PRNG: splitmix64 (Steele, Lea, Flood 2014) ------------------------ */

void rb_seed(rb_rng *r, uint64_t seed)
{
    r->state = seed;
}

uint64_t rb_next(rb_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int rb_below(rb_rng *r, int n)
{
    /* The modulo bias of 64 bits over n < 2^31 is far below what a test
     * could notice. */
    return (int)(rb_next(r) % (uint64_t)n);
}

/* ---- growing a board ---------------------------------------------------- */

#define RB_MAX_PLACEMENTS (16 * CC_MAX_TILES)

static void put_tile(cc_position *pos, int type, int x, int y, int rot, int owner)
{
    cc_placed_tile *t = &pos->tiles[pos->ntiles++];
    t->type = type;
    t->x = x;
    t->y = y;
    t->rot = rot;
    t->owner = owner;
}

/* Put a tile of `type` on a random legal placement; false if it has none. */
static bool place_randomly(cc_position *pos, const cc_catalog *cat, int type, int owner,
                           rb_rng *r)
{
    nv_placement spots[RB_MAX_PLACEMENTS];
    int n = nv_placements(pos, cat, type, spots, RB_MAX_PLACEMENTS);
    if (n == 0)
        return false;
    if (n > RB_MAX_PLACEMENTS)
        n = RB_MAX_PLACEMENTS;
    const nv_placement *p = &spots[rb_below(r, n)];
    put_tile(pos, type, p->x, p->y, p->rot, owner);
    return true;
}

/* A player who still holds an abbey, chosen at random, or -1. */
static int abbey_holder(const cc_position *pos, rb_rng *r)
{
    int holders[CC_MAX_PLAYERS], n = 0;
    for (int p = 0; p < pos->nplayers; p++)
        if (pos->abbeys[p] > 0)
            holders[n++] = p;
    return n == 0 ? -1 : holders[rb_below(r, n)];
}

static bool try_abbey(cc_position *pos, const cc_catalog *cat, rb_rng *r)
{
    int abbey = cc_catalog_abbey(cat);
    if (abbey < 0 || !(pos->expansions & CC_EXP_ABBEY_MAYOR))
        return false;
    int owner = abbey_holder(pos, r);
    if (owner < 0 || !place_randomly(pos, cat, abbey, owner, r))
        return false;
    pos->abbeys[owner]--;
    return true;
}

/* Land tile types of the position's expansions with copies left, shuffled. */
static int drawable_types(const cc_position *pos, const cc_catalog *cat, rb_rng *r, int *types)
{
    int n = 0;
    for (int i = 0; i < cat->ntypes; i++) {
        const cc_tile_type *t = &cat->types[i];
        if (t->is_abbey || !(pos->expansions & t->expansion) || t->variant[0] != '\0')
            continue;   /* a set variant's own tile is not in the box's bag */
        int used = 0;
        for (int j = 0; j < pos->ntiles; j++)
            used += pos->tiles[j].type == i;
        if (used < t->count)
            types[n++] = i;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = rb_below(r, i + 1), tmp = types[i];
        types[i] = types[j];
        types[j] = tmp;
    }
    return n;
}

static bool grow_one(cc_position *pos, const cc_catalog *cat, rb_rng *r)
{
    if (rb_below(r, 3) == 0 && try_abbey(pos, cat, r))
        return true;
    int *types = malloc(sizeof *types * (size_t)cat->ntypes);
    if (types == NULL)
        abort();
    int n = drawable_types(pos, cat, r, types);
    bool placed = false;
    for (int i = 0; i < n && !placed; i++)
        placed = place_randomly(pos, cat, types[i], -1, r);
    free(types);
    return placed || try_abbey(pos, cat, r);
}

int rb_grow(cc_position *pos, const cc_catalog *cat, int ntiles, unsigned expansions,
            uint64_t seed)
{
    rb_rng r;
    rb_seed(&r, seed);
    pos->expansions |= expansions | CC_EXP_BASE;
    if (ntiles > CC_MAX_TILES)
        ntiles = CC_MAX_TILES;
    if (pos->ntiles == 0 && ntiles > 0) {
        int start = cc_catalog_find(cat, "base.D");
        if (start < 0)
            abort();
        put_tile(pos, start, 0, 0, 0, -1);
    }
    while (pos->ntiles < ntiles && grow_one(pos, cat, &r))
        ;
    return pos->ntiles;
}

/* ---- figures ------------------------------------------------------------ */

/* What the figures already on the board take. */
typedef struct {
    bool feature[CC_MAX_PARTS];          /* a non-barn figure stands on it */
    bool barn_field[CC_MAX_PARTS];       /* a barn stands in it */
    bool shepherd_field[CC_MAX_PARTS];   /* a shepherd stands in it */
    int used[CC_MAX_PLAYERS][CC_FIG_NKINDS];
} occupancy;

static void note_figure(occupancy *o, const cc_features *f, const cc_figure *fig)
{
    o->used[fig->player][fig->kind]++;
    if (fig->kind == CC_FIG_BARN) {
        int field = cc_barn_field(f, fig->x, fig->y, fig->at.value);
        if (field >= 0)
            o->barn_field[field] = true;
        return;
    }
    int id = cc_figure_feature(f, fig);
    if (id < 0)
        return;
    o->feature[id] = true;
    if (fig->kind == CC_FIG_SHEPHERD)
        o->shepherd_field[id] = true;
}

static int random_kind(const cc_position *pos, const occupancy *o, int player, rb_rng *r)
{
    int kinds[CC_FIG_NKINDS], n = 0;
    for (int k = 0; k < CC_FIG_NKINDS; k++) {
        if (o->used[player][k] < cc_position_supply(pos, (cc_figure_kind)k))
            kinds[n++] = k;
    }
    return n == 0 ? -1 : kinds[rb_below(r, n)];
}

static bool may_stand_on(cc_figure_kind kind, cc_feature_type t)
{
    switch (kind) {
    case CC_FIG_MEEPLE:
    case CC_FIG_BIG: return true;
    case CC_FIG_MAYOR: return t == CC_FEAT_CITY;
    case CC_FIG_WAGON: return t != CC_FEAT_FIELD;
    case CC_FIG_SHEPHERD: return t == CC_FEAT_FIELD;
    default: return false;
    }
}

/* Is any figure of pos already on part (x, y, k)? */
static bool part_taken(const cc_position *pos, const cc_board *b, int t, int k)
{
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (fig->kind != CC_FIG_BARN && fig->x == b->tiles[t].x && fig->y == b->tiles[t].y &&
            cc_board_feature_at(b, t, fig->at) == k)
            return true;
    }
    return false;
}

/* A random location naming feature k of tile t: C, a ring position, or #k. */
static cc_loc random_name(const cc_board *b, int t, int k, rb_rng *r)
{
    cc_loc names[2 + CC_RING_SIZE];
    int n = 0;
    const cc_board_tile *bt = &b->tiles[t];
    if (bt->centre_feature == k)
        names[n++] = cc_loc_make(CC_LOC_CENTRE, 0);
    for (int ring = 0; ring < CC_RING_SIZE; ring++)
        if (cc_board_turn(bt)->ring_feature[ring] == k)
            names[n++] = cc_loc_make(CC_LOC_RING, ring);
    names[n++] = cc_loc_make(CC_LOC_FEATURE, k);
    return names[rb_below(r, n)];
}

static bool try_barn(const cc_features *f, const occupancy *o, cc_figure *fig, rb_rng *r)
{
    int t = rb_below(r, f->board->ntiles);
    int corner = rb_below(r, CC_NCORNERS);
    fig->x = f->board->tiles[t].x;
    fig->y = f->board->tiles[t].y;
    fig->at = cc_loc_make(CC_LOC_CORNER, corner);
    int field = cc_barn_field(f, fig->x, fig->y, corner);
    return field >= 0 && !o->barn_field[field];
}

static bool try_follower(const cc_position *pos, const cc_features *f, const occupancy *o,
                         cc_figure *fig, unsigned flags, rb_rng *r)
{
    const cc_board *b = f->board;
    int t = rb_below(r, b->ntiles);
    const cc_tile_type *type = b->tiles[t].type;
    int k = rb_below(r, type->nfeatures);
    int id = cc_features_of(f, t, k);
    if (!may_stand_on(fig->kind, (cc_feature_type)type->features[k].type))
        return false;
    if (!(flags & RB_FIG_SHARED) && o->feature[id])
        return false;
    if (fig->kind == CC_FIG_SHEPHERD && o->shepherd_field[id])
        return false;
    if (part_taken(pos, b, t, k))
        return false;
    fig->x = b->tiles[t].x;
    fig->y = b->tiles[t].y;
    fig->at = random_name(b, t, k, r);
    if (fig->kind == CC_FIG_SHEPHERD) {
        fig->nflock = 1 + rb_below(r, 3);
        for (int i = 0; i < fig->nflock; i++)
            fig->flock[i] = 1 + rb_below(r, 4);
    }
    return true;
}

int rb_add_figures(cc_position *pos, const cc_catalog *cat, int nfigures, unsigned flags,
                   uint64_t seed)
{
    cc_board *b = malloc(sizeof *b);
    cc_features *f = malloc(sizeof *f);
    occupancy *o = calloc(1, sizeof *o);
    if (b == NULL || f == NULL || o == NULL)
        abort();
    cc_error err;
    int added = 0;
    if (pos->nplayers > 0 && cc_validate(pos, cat, b, f, &err)) {
        rb_rng r;
        rb_seed(&r, seed);
        for (int i = 0; i < pos->nfigures; i++)
            note_figure(o, f, &pos->figures[i]);
        for (int tries = 0; added < nfigures && tries < 50 * nfigures &&
                            pos->nfigures < CC_MAX_FIGURES; tries++) {
            cc_figure fig = { 0 };
            fig.player = rb_below(&r, pos->nplayers);
            int kind = random_kind(pos, o, fig.player, &r);
            if (kind < 0)
                continue;
            fig.kind = (cc_figure_kind)kind;
            bool ok = fig.kind == CC_FIG_BARN ? try_barn(f, o, &fig, &r)
                                              : try_follower(pos, f, o, &fig, flags, &r);
            if (!ok)
                continue;
            pos->figures[pos->nfigures++] = fig;
            note_figure(o, f, &fig);
            added++;
        }
    }
    free(o);
    free(f);
    free(b);
    return added;
}
