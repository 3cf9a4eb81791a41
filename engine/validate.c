/* validate.c -- see validate.h. */
#include "validate.h"

#include <stdio.h>
#include <string.h>

#define PTR(buf, ...) snprintf(buf, sizeof buf, __VA_ARGS__)

static bool check_expansions(const cc_position *pos, const cc_catalog *cat, cc_error *err)
{
    char ptr[80];
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_tile_type *t = &cat->types[pos->tiles[i].type];
        if (!(pos->expansions & t->expansion)) {
            PTR(ptr, "/position/tiles/%d/tile", i);
            return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Expansion not in play",
                           "%s belongs to the expansion \"%s\", which is not in position.expansions",
                           t->id, t->set);
        }
    }
    for (int i = 0; i < pos->nfigures; i++) {
        cc_figure_kind k = pos->figures[i].kind;
        unsigned need = k == CC_FIG_SHEPHERD ? CC_EXP_HILLS_SHEEP
                      : k == CC_FIG_MEEPLE ? CC_EXP_BASE : CC_EXP_ABBEY_MAYOR;
        if (!(pos->expansions & need)) {
            PTR(ptr, "/position/figures/%d/kind", i);
            return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Expansion not in play",
                           "a %s belongs to the expansion \"%s\", which is not in position.expansions",
                           cc_figure_kind_name(k), cc_expansion_name(need));
        }
    }
    return true;
}

/* With Abbey & Mayor every player receives at most one abbey tile (none
 * when the game is set up without them, as JCloisterZone allows: figures
 * of the expansion without its abbey), so the abbeys on the board and
 * those still in hand add up to at most the number of players. Too many
 * happens when an abbey is placed without naming its player while every
 * player still holds theirs. */
static bool check_abbey_total(const cc_position *pos, const cc_catalog *cat, int placed,
                              cc_error *err)
{
    if (!(pos->expansions & CC_EXP_ABBEY_MAYOR))
        return true;
    int held = 0;
    for (int i = 0; i < pos->nplayers; i++)
        held += pos->abbeys[i];
    if (placed + held <= pos->nplayers)
        return true;
    char ptr[80];
    snprintf(ptr, sizeof ptr, "/position/abbeys");
    for (int i = 0; i < pos->ntiles; i++)
        if (pos->tiles[i].owner < 0 && cat->types[pos->tiles[i].type].is_abbey) {
            snprintf(ptr, sizeof ptr, "/position/tiles/%d", i);
            break;
        }
    return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Wrong number of abbeys",
                   "each of the %d players has at most one abbey tile, placed or in hand, but %d %s placed and %d still held;"
                   " name the player of each placed abbey (tiles[i].player) or give position.abbeys",
                   pos->nplayers, placed, placed == 1 ? "is" : "are", held);
}

static bool check_counts(const cc_position *pos, const cc_catalog *cat, cc_error *err)
{
    char ptr[80];
    int used[256] = { 0 };
    int abbeys_placed[CC_MAX_PLAYERS] = { 0 };
    int abbeys_total = 0;
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_placed_tile *p = &pos->tiles[i];
        const cc_tile_type *t = &cat->types[p->type];
        if (t->is_abbey) {
            abbeys_total++;
            if (p->owner >= 0 && ++abbeys_placed[p->owner] + pos->abbeys[p->owner] > 1) {
                PTR(ptr, "/position/tiles/%d/player", i);
                return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Too many abbeys",
                               "%s has one abbey tile, but it is placed %d times and %d still in hand",
                               pos->players[p->owner], abbeys_placed[p->owner], pos->abbeys[p->owner]);
            }
            if (abbeys_total > pos->nplayers) {
                PTR(ptr, "/position/tiles/%d", i);
                return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Too many abbeys",
                               "%d players hold %d abbey tiles, and this is abbey number %d",
                               pos->nplayers, pos->nplayers, abbeys_total);
            }
            continue;
        }
        if (p->type < 256 && ++used[p->type] > t->count) {
            PTR(ptr, "/position/tiles/%d/tile", i);
            return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "More tiles than the game has",
                           "the game has %d %s tile%s; this is number %d",
                           t->count, t->id, t->count == 1 ? "" : "s", used[p->type]);
        }
    }
    return check_abbey_total(pos, cat, abbeys_total, err);
}

static bool check_edges(const cc_board *b, cc_error *err)
{
    static const char *const dir_names[4] = { "north", "east", "south", "west" };
    for (int t = 0; t < b->ntiles; t++)
        for (int d = CC_DIR_N; d < 4; d++) {
            int n = b->tiles[t].neighbour[d];
            if (n < 0 || n > t)
                continue;   /* report at the later tile, once */
            char mine = b->tiles[t].edge[d], theirs = b->tiles[n].edge[cc_dir_opposite(d)];
            if (mine == '?' || theirs == '?' || mine == theirs)
                continue;
            static const char *const kinds[] = { ['C'] = "city", ['R'] = "road", ['F'] = "field" };
            char ptr[80];
            PTR(ptr, "/position/tiles/%d", t);
            return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Edges do not match",
                           "the %s edge of tiles/%d (%s) at (%d, %d) is %s, but it touches tiles/%d (%s), whose edge there is %s",
                           dir_names[d], t, b->tiles[t].type->id, b->tiles[t].x, b->tiles[t].y,
                           kinds[(int)mine], n, b->tiles[n].type->id, kinds[(int)theirs]);
        }
    return true;
}

static bool check_connected(const cc_board *b, cc_error *err)
{
    char ptr[80];
    if (b->ntiles == 0)
        return cc_fail(err, CC_ERR_IMPOSSIBLE, "/position/tiles", "Empty board",
                       "a board holds at least the start tile");
    bool seen[CC_MAX_TILES] = { false };
    int stack[CC_MAX_TILES], top = 0, nseen = 1;
    seen[0] = true;
    stack[top++] = 0;
    while (top > 0) {
        int t = stack[--top];
        for (int d = 0; d < 4; d++) {
            int n = b->tiles[t].neighbour[d];
            if (n >= 0 && !seen[n]) {
                seen[n] = true;
                nseen++;
                stack[top++] = n;
            }
        }
    }
    if (nseen == b->ntiles)
        return true;
    for (int t = 0; t < b->ntiles; t++)
        if (!seen[t]) {
            PTR(ptr, "/position/tiles/%d", t);
            return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Tiles not connected",
                           "tiles/%d at (%d, %d) is not connected to tiles/0 at (%d, %d)",
                           t, b->tiles[t].x, b->tiles[t].y, b->tiles[0].x, b->tiles[0].y);
        }
    return true;
}

static bool check_abbeys_and_shrines(const cc_board *b, cc_error *err)
{
    char ptr[80];
    for (int t = 0; t < b->ntiles; t++) {
        const cc_board_tile *bt = &b->tiles[t];
        if (bt->type->is_abbey) {
            for (int d = 0; d < 4; d++)
                if (bt->neighbour[d] < 0) {
                    PTR(ptr, "/position/tiles/%d", t);
                    return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Abbey outside a hole",
                                   "an abbey is placed only into a hole with four orthogonal neighbours; the abbey at (%d, %d) has none to the %s",
                                   bt->x, bt->y, (const char *[]){ "north", "east", "south", "west" }[d]);
                }
        }
    }
    /* The shrine rule, as an invariant of the board: no shrine next to two
     * cloisters, no cloister next to two shrines. */
    for (int t = 0; t < b->ntiles; t++) {
        const cc_board_tile *bt = &b->tiles[t];
        if (bt->centre_feature < 0)
            continue;
        bool shrine = bt->type->features[bt->centre_feature].type == CC_FEAT_SHRINE;
        int n = 0;
        for (int i = 0; i < 8; i++) {
            int u = cc_board_at(b, bt->x + cc_ring8_dx[i], bt->y + cc_ring8_dy[i]);
            if (u < 0 || b->tiles[u].centre_feature < 0)
                continue;
            bool other_shrine = b->tiles[u].type->features[b->tiles[u].centre_feature].type == CC_FEAT_SHRINE;
            if (other_shrine != shrine)
                n++;
        }
        if (n > 1) {
            /* One title for both directions of the rule: a shrine with two
             * cloisters and a cloister (or abbey) with two shrines. */
            bool abbey = bt->type->features[bt->centre_feature].type == CC_FEAT_ABBEY;
            PTR(ptr, "/position/tiles/%d", t);
            return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Shrine rule broken",
                           "the %s at (%d, %d) neighbours %d %s; the shrine rule allows one",
                           shrine ? "shrine" : abbey ? "abbey" : "cloister", bt->x, bt->y, n,
                           shrine ? "cloisters or abbeys" : "shrines");
        }
    }
    return true;
}

void cc_corner_point(int x, int y, int corner, int *px, int *py)
{
    /* The point at corner c of (x, y) is the NW corner of this cell: */
    static const int dx[4] = { 1, 1, 0, 0 }, dy[4] = { 0, 1, 1, 0 };
    *px = x + dx[corner];
    *py = y + dy[corner];
}

/* Is corner `corner` of (x, y) a barn spot: four tiles round the point,
 * each showing a field at the corner that touches it? Then *t and *k are
 * the last of the four (tile, field part). */
static bool barn_spot(const cc_board *b, int x, int y, int corner, int *t, int *k)
{
    int px, py;
    cc_corner_point(x, y, corner, &px, &py);
    /* The four cells round the point, with the corner of each that touches it. */
    static const int cdx[4] = { -1, 0, 0, -1 }, cdy[4] = { -1, -1, 0, 0 };
    static const int ccorner[4] = { CC_CORNER_SE, CC_CORNER_SW, CC_CORNER_NW, CC_CORNER_NE };
    for (int i = 0; i < 4; i++) {
        *t = cc_board_at(b, px + cdx[i], py + cdy[i]);
        if (*t < 0)
            return false;
        *k = cc_board_corner_field(b, *t, ccorner[i]);
        if (*k < 0)
            return false;
    }
    return true;
}

int cc_barn_field(const cc_features *f, int x, int y, int corner)
{
    int t, k;
    return barn_spot(f->board, x, y, corner, &t, &k) ? cc_features_of(f, t, k) : -1;
}

int cc_figure_feature_located(const cc_features *f, const cc_figure *fig)
{
    if (fig->kind == CC_FIG_BARN)
        return -1;
    return cc_features_locate(f, fig->x, fig->y, fig->at);
}

static bool kind_may_stand_on(cc_figure_kind kind, cc_feature_type t)
{
    switch (kind) {
    case CC_FIG_MEEPLE: return true;
    case CC_FIG_MAYOR: return t == CC_FEAT_CITY;
    case CC_FIG_WAGON: return t != CC_FEAT_FIELD;
    case CC_FIG_SHEPHERD: return t == CC_FEAT_FIELD;
    default: return false;
    }
}

static bool check_figure_spot(const cc_board *b, const cc_position *pos, int i, cc_error *err)
{
    const cc_figure *fig = &pos->figures[i];
    char ptr[80], at[8];
    int t = cc_board_at(b, fig->x, fig->y);
    if (t < 0) {
        PTR(ptr, "/position/figures/%d", i);
        return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Figure off the board",
                       "no tile stands on (%d, %d)", fig->x, fig->y);
    }
    /* The pointer and the location's name are written only for an answer
     * that needs them: this runs for every figure of every request. */
#define SPOT_FAIL(...)                                                         \
    (PTR(ptr, "/position/figures/%d/at", i), cc_loc_name(fig->at, at),         \
     cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Figure where it cannot stand", __VA_ARGS__))
    if (fig->kind == CC_FIG_BARN) {
        if (fig->at.kind != CC_LOC_CORNER)
            return SPOT_FAIL("a barn stands on a corner (NE, SE, SW, NW), not at %s", at);
        int bt, bk;
        if (!barn_spot(b, fig->x, fig->y, fig->at.value, &bt, &bk))
            return SPOT_FAIL("a barn stands where four tiles meet and each shows only field at that corner; corner %s of (%d, %d) is not such a spot",
                             at, fig->x, fig->y);
        return true;
    }
    if (fig->at.kind == CC_LOC_CORNER)
        return SPOT_FAIL("only a barn stands on a corner; a %s stands on a feature",
                         cc_figure_kind_name(fig->kind));
    int k = cc_board_feature_at(b, t, fig->at);
    if (k < 0)
        return SPOT_FAIL("%s at (%d, %d) has no feature at %s", b->tiles[t].type->id, fig->x,
                         fig->y, at);
    cc_feature_type ft = (cc_feature_type)b->tiles[t].type->features[k].type;
    if (fig->kind == CC_FIG_MEEPLE && ft == CC_FEAT_FIELD && pos->options.farmers == CC_FARMERS_OFF)
        return SPOT_FAIL("options.farmers is \"off\": no meeple stands on a field (%s at (%d, %d))",
                         at, fig->x, fig->y);
    if (!kind_may_stand_on(fig->kind, ft))
        return SPOT_FAIL("a %s cannot stand on a %s (%s at (%d, %d))",
                         cc_figure_kind_name(fig->kind), cc_feature_type_name(ft), at, fig->x,
                         fig->y);
#undef SPOT_FAIL
    return true;
}

/* Two figures on one spot: the same feature part of one tile, or the same
 * barn corner. Only one figure is ever deployed on a placed tile's feature,
 * and wagons move only to unoccupied features, so this never happens in play. */
static bool same_spot(const cc_board *board, const cc_figure *a, const cc_figure *b)
{
    if ((a->kind == CC_FIG_BARN) != (b->kind == CC_FIG_BARN))
        return false;
    if (a->kind == CC_FIG_BARN) {
        int ax, ay, bx, by;
        cc_corner_point(a->x, a->y, a->at.value, &ax, &ay);
        cc_corner_point(b->x, b->y, b->at.value, &bx, &by);
        return ax == bx && ay == by;
    }
    if (a->x != b->x || a->y != b->y)
        return false;
    int t = cc_board_at(board, a->x, a->y);
    return cc_board_feature_at(board, t, a->at) == cc_board_feature_at(board, t, b->at);
}

static bool check_figures(const cc_board *b, const cc_position *pos, cc_error *err)
{
    static const int supply[CC_FIG_NKINDS] = {
        CC_SUPPLY_MEEPLES, CC_SUPPLY_MAYOR, CC_SUPPLY_WAGON, CC_SUPPLY_BARN, CC_SUPPLY_SHEPHERD
    };
    int used[CC_MAX_PLAYERS][CC_FIG_NKINDS] = { { 0 } };
    char ptr[80];
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (!check_figure_spot(b, pos, i, err))
            return false;
        for (int j = 0; j < i; j++)
            if (same_spot(b, &pos->figures[j], fig)) {
                PTR(ptr, "/position/figures/%d", i);
                return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "Two figures on one spot",
                               "figures/%d and figures/%d stand on the same spot", j, i);
            }
        if (++used[fig->player][fig->kind] > supply[fig->kind]) {
            PTR(ptr, "/position/figures/%d", i);
            return cc_fail(err, CC_ERR_IMPOSSIBLE, ptr, "More figures than the supply holds",
                           "%s has %d %s%s, and this is number %d",
                           pos->players[fig->player], supply[fig->kind],
                           cc_figure_kind_name(fig->kind), supply[fig->kind] == 1 ? "" : "s",
                           used[fig->player][fig->kind]);
        }
    }
    return true;
}

bool cc_validate_board(const cc_position *pos, const cc_catalog *cat, cc_board *b,
                       cc_error *err)
{
    if (!check_expansions(pos, cat, err) || !check_counts(pos, cat, err))
        return false;
    if (!cc_board_build(b, cat, pos, err) || !check_edges(b, err))
        return false;
    if (!check_connected(b, err) || !check_abbeys_and_shrines(b, err))
        return false;
    return check_figures(b, pos, err);
}

bool cc_validate(const cc_position *pos, const cc_catalog *cat, cc_board *b,
                 cc_features *f, cc_error *err)
{
    if (!cc_validate_board(pos, cat, b, err))
        return false;
    cc_features_build(f, b);
    return true;
}
