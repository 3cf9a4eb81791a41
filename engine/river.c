/* river.c -- see river.h.
 *
 * The river is a tree grown from the spring: a breadth-first walk along
 * facing river edges gives each river tile its upstream edge, which is all
 * the U-turn rule needs (a tile's outflow may not point the way its
 * upstream tile's inflow came from: two turns the same way in a row). */
#include "river.h"

#include <stdio.h>
#include <string.h>

#include "placement.h"

bool cc_tile_is_river(const cc_tile_type *t)
{
    return memchr(t->edges, 'I', sizeof t->edges) != NULL;
}

int cc_tile_copies(const cc_tile_type *t, unsigned expansions)
{
    if (!cc_tile_in_play(t, expansions) || t->variant[0] != '\0')
        return 0;   /* a set variant's own tile is not in the box's bag */
    if (t->spring)
        return 1;
    if (t->lake && (t->expansion & CC_EXP_RIVER) && (expansions & CC_EXP_RIVER_II))
        return 0;
    return t->count;
}

/* Do tile t and its neighbour in direction d meet with river edges? */
static bool river_joint(const cc_board *b, int t, int d)
{
    int n = b->tiles[t].neighbour[d];
    return n >= 0 && b->tiles[t].edge[d] == 'I' && b->tiles[n].edge[cc_dir_opposite(d)] == 'I';
}

void cc_river_read(const cc_board *b, cc_river *r)
{
    r->spring = -1;
    r->open_ends = 0;
    r->loop_tile = -1;
    for (int t = 0; t < b->ntiles; t++) {
        r->up[t] = -1;
        r->reached[t] = false;
        if (b->tiles[t].type->spring && r->spring < 0)
            r->spring = t;
        for (int d = 0; d < 4; d++)
            r->open_ends += b->tiles[t].edge[d] == 'I' && b->tiles[t].neighbour[d] < 0;
    }
    if (r->spring < 0)
        return;
    int queue[CC_MAX_TILES], head = 0, tail = 0;
    queue[tail++] = r->spring;
    r->reached[r->spring] = true;
    while (head < tail) {
        int t = queue[head++];
        for (int d = 0; d < 4; d++) {
            if (d == r->up[t] || !river_joint(b, t, d))
                continue;
            int n = b->tiles[t].neighbour[d];
            if (r->reached[n]) {          /* reached twice: the river meets itself */
                if (r->loop_tile < 0)
                    r->loop_tile = n > t ? n : t;
                continue;
            }
            r->reached[n] = true;
            r->up[n] = (int8_t)cc_dir_opposite(d);
            queue[tail++] = n;
        }
    }
}

/* Copies of type on the board. */
static int placed_copies(const cc_position *pos, int type)
{
    int n = 0;
    for (int i = 0; i < pos->ntiles; i++)
        n += pos->tiles[i].type == type;
    return n;
}

/* Could river tile u go somewhere on b now? A river tile that fits nowhere
 * is discarded when drawn (base.placement.discard), so it holds up neither
 * the lake nor the land tiles (docs/clarifications.md#river-readings, 8).
 * Tiles are only ever added, so one that fits nowhere now never will. */
static bool placeable(const cc_board *b, int u)
{
    return cc_placements(b, u, NULL, 0) > 0;
}

/* Is a copy of a river tile in play still off the board, and could it be
 * placed now? which: 'f' a fork, 'o' a river tile other than the spring
 * and the lakes, 'a' any but the spring. */
static bool in_hand(const cc_position *pos, const cc_board *b, char which)
{
    const cc_catalog *cat = b->cat;
    for (int u = 0; u < cat->ntypes; u++) {
        const cc_tile_type *tu = &cat->types[u];
        bool kind = which == 'f' ? tu->fork : which == 'o' ? !tu->lake : true;
        if (cc_tile_is_river(tu) && !tu->spring && kind &&
            placed_copies(pos, u) < cc_tile_copies(tu, pos->expansions) && placeable(b, u))
            return true;
    }
    return false;
}

const char *cc_river_draw_refusal(const cc_position *pos, const cc_board *b, const cc_river *r,
                                  int type)
{
    if (!(pos->expansions & CC_EXP_RIVERS))
        return NULL;
    const cc_tile_type *t = &b->cat->types[type];
    if (!cc_tile_is_river(t))
        return r->open_ends > 0 && in_hand(pos, b, 'a') ? "river.placement.first" : NULL;
    if (t->spring)
        return NULL;          /* the start tile: never drawn (no copy left) */
    if (!t->fork && in_hand(pos, b, 'f'))
        return "river-ii.placement.fork-first";
    if (t->lake && in_hand(pos, b, 'o'))
        return "river.placement.lake-last";
    return NULL;
}

/* The river edges of a tile turned rot that meet a placed tile: a bit per
 * direction; *in = the last of them. */
static unsigned joined_edges(const cc_board *b, const char *edge, int x, int y, int *in)
{
    unsigned joined = 0;
    for (int d = 0; d < 4; d++)
        if (edge[d] == 'I' && cc_board_at(b, x + cc_dir_dx[d], y + cc_dir_dy[d]) >= 0) {
            joined |= 1u << d;
            *in = d;
        }
    return joined;
}

/* Does a river tile whose edges are `edge`, entering at `in` from tile p,
 * turn back (an outflow pointing where p's inflow came from)? */
static bool u_turn(const cc_river *r, const char *edge, int in, int p)
{
    int back = r->up[p];
    return back >= 0 && back != in && edge[back] == 'I';
}

const char *cc_river_placement_refusal(const cc_board *b, const cc_river *r, int type, int x,
                                       int y, int rot)
{
    const cc_tile_type *t = &b->cat->types[type];
    if (!cc_tile_is_river(t))
        return NULL;
    const char *edge = t->turn[rot].edge;
    int in = -1;
    unsigned joined = joined_edges(b, edge, x, y, &in);
    if (joined == 0)
        return "river.placement.continue";
    if (joined & (joined - 1))
        return "river-ii.placement.branches-apart";
    int p = cc_board_at(b, x + cc_dir_dx[in], y + cc_dir_dy[in]);
    if (u_turn(r, edge, in, p))
        return "river.placement.no-u-turn";
    return NULL;
}

/* ---- validation ----------------------------------------------------------- */

static bool broken(cc_error *err, const cc_board *b, int t, const char *rule)
{
    char ptr[48];
    snprintf(ptr, sizeof ptr, "/position/tiles/%d", t);
    return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_RIVER_RULE_BROKEN, CC_MSG_D_RIVER_TILE,
                   CC_INT(INDEX, t), CC_INT(X, b->tiles[t].x), CC_INT(Y, b->tiles[t].y),
                   CC_STR(RULE, rule), CC_RULE(RULE_TITLE, rule));
}

/* The first river tile that is not where the river's order puts it, with
 * the rule it breaks, or -1. */
static int out_of_order(const cc_position *pos, const cc_board *b, const cc_river *r,
                        const char **rule)
{
    int fork_waits = -1, others_wait = -1;   /* worked out when first needed */
    for (int t = 0; t < b->ntiles; t++) {
        const cc_tile_type *tt = b->tiles[t].type;
        if (!cc_tile_is_river(tt) || tt->spring)
            continue;
        if (tt->fork && r->up[t] >= 0 && b->tiles[t].neighbour[r->up[t]] != r->spring) {
            *rule = "river-ii.placement.fork-first";
            return t;
        }
        if (!tt->fork && fork_waits < 0)
            fork_waits = in_hand(pos, b, 'f');
        if (!tt->fork && fork_waits) {
            *rule = "river-ii.placement.fork-first";
            return t;
        }
        if (tt->lake && others_wait < 0)
            others_wait = in_hand(pos, b, 'o');
        if (tt->lake && others_wait) {
            *rule = "river.placement.lake-last";
            return t;
        }
    }
    return -1;
}

bool cc_river_validate(const cc_position *pos, const cc_board *b, cc_error *err)
{
    if (!(pos->expansions & CC_EXP_RIVERS))
        return true;
    cc_river r;
    cc_river_read(b, &r);
    if (r.spring < 0)
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/position/tiles", CC_MSG_P_RIVER_RULE_BROKEN,
                        CC_MSG_D_RIVER_NO_SPRING);
    for (int t = 0; t < b->ntiles; t++)
        if (cc_tile_is_river(b->tiles[t].type) && !r.reached[t])
            return broken(err, b, t, "river.placement.continue");
    if (r.loop_tile >= 0)
        return broken(err, b, r.loop_tile, "river-ii.placement.branches-apart");
    for (int t = 0; t < b->ntiles; t++) {
        int in = r.up[t];
        if (in >= 0 && u_turn(&r, b->tiles[t].edge, in, b->tiles[t].neighbour[in]))
            return broken(err, b, t, "river.placement.no-u-turn");
    }
    const char *rule = NULL;
    int t = out_of_order(pos, b, &r, &rule);
    if (t >= 0)
        return broken(err, b, t, rule);
    if (r.open_ends > 0)
        for (t = 0; t < b->ntiles; t++)
            if (!cc_tile_is_river(b->tiles[t].type))
                return in_hand(pos, b, 'a') ? broken(err, b, t, "river.placement.first") : true;
    return true;
}
