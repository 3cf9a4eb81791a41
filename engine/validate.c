/* validate.c -- see validate.h. */
#include "validate.h"

#include "builder.h"
#include "goods.h"
#include "river.h"

#include <stdio.h>
#include <string.h>

#define PTR(buf, ...) snprintf(buf, sizeof buf, __VA_ARGS__)

/* The setup (position.h: supply, sets) names only expansions in play: a
 * supply of barns without Abbey & Mayor, or its tiles in the bag, is a
 * setup the game cannot have. */
static bool check_setup(const cc_position *pos, cc_error *err)
{
    char ptr[80];
    for (int k = 0; k < CC_FIG_NKINDS; k++) {
        unsigned need = cc_figure_kinds[k].expansion;
        if ((pos->supply_given & (1u << k)) && !(pos->expansions & need)) {
            PTR(ptr, "/position/supply/%s", cc_figure_kinds[k].name);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                           CC_MSG_D_FIGURE_EXPANSION, CC_KIND(KIND, (cc_figure_kind)k),
                           CC_STR(EXPANSION, cc_expansion_name(need)));
        }
    }
    for (int s = 0; s < CC_NSETS && pos->sets_given; s++)
        if (pos->copies[s] > 0 && !(pos->expansions & cc_tile_sets[s].expansion)) {
            PTR(ptr, "/position/sets/%s", cc_tile_sets[s].name);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                           CC_MSG_D_SET_EXPANSION, CC_STR(EXPANSION, cc_tile_sets[s].name));
        }
    return true;
}

/* The figures' kinds and the setup name only expansions in play. */
static bool check_figure_expansions(const cc_position *pos, cc_error *err)
{
    char ptr[80];
    for (int i = 0; i < pos->nfigures; i++) {
        cc_figure_kind k = pos->figures[i].kind;
        unsigned need = cc_figure_kinds[k].expansion;
        if (!(pos->expansions & need)) {
            PTR(ptr, "/position/figures/%d/kind", i);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                           CC_MSG_D_FIGURE_EXPANSION, CC_KIND(KIND, k),
                           CC_STR(EXPANSION, cc_expansion_name(need)));
        }
    }
    return check_setup(pos, err);
}

static bool check_expansions(const cc_position *pos, const cc_catalog *cat, cc_error *err)
{
    char ptr[80];
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_tile_type *t = &cat->types[pos->tiles[i].type];
        if (!cc_tile_in_play(t, pos->expansions)) {
            PTR(ptr, "/position/tiles/%d/tile", i);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                           CC_MSG_D_TILE_EXPANSION, CC_STR(TILE, t->id), CC_STR(EXPANSION, t->set));
        }
    }
    return check_figure_expansions(pos, err);
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
    return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_WRONG_NUMBER_OF_ABBEYS,
                   CC_MSG_D_WRONG_NUMBER_OF_ABBEYS, CC_INT(COUNT, pos->nplayers),
                   CC_INT(PLACED, placed), CC_INT(HELD, held));
}

/* Each tile type's copies on the board against the bag's, and each
 * player's abbeys, tile by tile: *abbeys_total is then the abbeys placed.
 * The bag is counted once per type, at its first tile (cc_position_bag_count()
 * walks the sets' rows: 30 instructions a call, once per tile before). A
 * tile not in play stops it too, with nothing to report: check_tiles()
 * counts before it asks about expansions, and only when a count is at
 * fault or a tile is not in play asks about them first. */
static bool count_tiles(const cc_position *pos, const cc_catalog *cat, int *abbeys_total,
                        cc_error *err)
{
    char ptr[80];
    int16_t used[256] = { 0 }, bag[256];   /* bag[type]: set at its first tile */
    int abbeys_placed[CC_MAX_PLAYERS] = { 0 };
    *abbeys_total = 0;
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_placed_tile *p = &pos->tiles[i];
        const cc_tile_type *t = &cat->types[p->type];
        if (!cc_tile_in_play(t, pos->expansions))
            return false;   /* check_expansions() reports it */
        if (t->is_abbey) {
            ++*abbeys_total;
            if (p->owner >= 0 && ++abbeys_placed[p->owner] + pos->abbeys[p->owner] > 1) {
                PTR(ptr, "/position/tiles/%d/player", i);
                return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_TOO_MANY_ABBEYS, CC_MSG_D_TWO_ABBEYS,
                               CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[p->owner])),
                               CC_INT(PLACED, abbeys_placed[p->owner]),
                               CC_INT(HELD, pos->abbeys[p->owner]));
            }
            if (*abbeys_total > pos->nplayers) {
                PTR(ptr, "/position/tiles/%d", i);
                return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_TOO_MANY_ABBEYS,
                               CC_MSG_D_ABBEY_WITHOUT_PLAYER, CC_INT(COUNT, pos->nplayers),
                               CC_INT(INDEX, *abbeys_total));
            }
            continue;
        }
        if (p->type >= 256)
            continue;
        if (used[p->type] == 0)
            bag[p->type] = (int16_t)cc_position_bag_count(pos, cat, p->type);   /* the sets' copies */
        if (++used[p->type] > bag[p->type]) {
            PTR(ptr, "/position/tiles/%d/tile", i);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_MORE_TILES, CC_MSG_D_MORE_TILES,
                           CC_INT(COUNT, bag[p->type]), CC_STR(TILE, t->id),
                           CC_INT(INDEX, used[p->type]));
        }
    }
    return true;
}

/* The checks that need no board, in their order: every tile in play, every
 * figure's kind and the setup in play, the copies of each tile, the
 * abbeys. A position with nothing at fault has its tiles read once:
 * count_tiles() first, silently; any fault, and the checks run again in
 * their order to report the first. */
static bool check_tiles(const cc_position *pos, const cc_catalog *cat, cc_error *err)
{
    int abbeys;
    if (count_tiles(pos, cat, &abbeys, NULL))
        return check_figure_expansions(pos, err) && check_abbey_total(pos, cat, abbeys, err);
    return check_expansions(pos, cat, err) && count_tiles(pos, cat, &abbeys, err) &&
           check_abbey_total(pos, cat, abbeys, err);
}

/* What the walk of check_edges() finds for the checks after it, which
 * cc_validate_board() makes in their order: */
typedef struct {
    bool linked;        /* every tile but the first touches an earlier one */
    bool shrines;       /* a shrine is on the board */
    int abbey, side;    /* the first abbey beside an empty cell and that
                           cell's side, or -1 */
} board_walk;

static CC_COLD bool edges_fail(const cc_board *b, int t, int d, int n, cc_error *err)
{
    char ptr[80];
    char mine = b->tiles[t].edge[d], theirs = b->tiles[n].edge[cc_dir_opposite(d)];
    PTR(ptr, "/position/tiles/%d", t);
    return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_EDGES_DO_NOT_MATCH,
                   CC_MSG_D_EDGES_DO_NOT_MATCH, CC_SIDE(SIDE, d), CC_INT(INDEX, t),
                   CC_STR(TILE, b->tiles[t].type->id), CC_INT(X, b->tiles[t].x),
                   CC_INT(Y, b->tiles[t].y), CC_EDGE(EDGE, mine), CC_INT(OTHER_INDEX, n),
                   CC_STR(OTHER_TILE, b->tiles[n].type->id), CC_EDGE(OTHER_EDGE, theirs));
}

/* Is the building at the centre of bt (there must be one) a shrine? */
static bool is_shrine(const cc_board_tile *bt)
{
    return bt->type->feature_type[bt->centre_feature] == CC_FEAT_SHRINE;
}

/* The edges checked (each pair of neighbours once, at the later tile:
 * the first mismatch fails), and *w filled on the way: one walk for what
 * were four. */
static bool check_edges(const cc_board *b, board_walk *w, cc_error *err)
{
    *w = (board_walk){ .linked = true, .shrines = false, .abbey = -1, .side = -1 };
    for (int t = 0; t < b->ntiles; t++) {
        const cc_board_tile *bt = &b->tiles[t];
        bool earlier = t == 0;
        for (int d = CC_DIR_N; d < 4; d++) {
            int n = bt->neighbour[d];
            if (n < 0 || n > t)
                continue;
            earlier = true;
            if (!cc_edges_match(bt->edge[d], b->tiles[n].edge[cc_dir_opposite(d)]))
                return edges_fail(b, t, d, n, err);
        }
        w->linked &= earlier;
        w->shrines |= bt->centre_feature >= 0 && is_shrine(bt);
        if (w->abbey < 0 && bt->type->is_abbey)
            for (int d = CC_DIR_N; d < 4 && w->abbey < 0; d++)
                if (bt->neighbour[d] < 0) {
                    w->abbey = t;
                    w->side = d;
                }
    }
    return true;
}

/* Walk the board from its first tile: the first tile not reached fails.
 * (Cold: only a board with a tile that touches no earlier one walks.) */
static CC_COLD bool check_connected_by_walk(const cc_board *b, cc_error *err)
{
    char ptr[80];
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
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_TILES_NOT_CONNECTED,
                           CC_MSG_D_TILES_NOT_CONNECTED, CC_INT(INDEX, t), CC_INT(X, b->tiles[t].x),
                           CC_INT(Y, b->tiles[t].y), CC_INT(OTHER_X, b->tiles[0].x),
                           CC_INT(OTHER_Y, b->tiles[0].y));
        }
    return true;
}

/* Every tile joined to the first through neighbours. A board whose every
 * tile touches an earlier one is (each joins the first through those
 * before it): the order a game lays them in. Others are walked. */
static bool check_connected(const cc_board *b, const board_walk *w, cc_error *err)
{
    if (b->ntiles == 0)
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/position/tiles", CC_MSG_P_EMPTY_BOARD,
                        CC_MSG_D_EMPTY_BOARD);
    return w->linked || check_connected_by_walk(b, err);
}

static bool check_abbeys_and_shrines(const cc_board *b, const board_walk *w, cc_error *err)
{
    char ptr[80];
    if (w->abbey >= 0) {
        const cc_board_tile *bt = &b->tiles[w->abbey];
        PTR(ptr, "/position/tiles/%d", w->abbey);
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_ABBEY_OUTSIDE_A_HOLE,
                       CC_MSG_D_ABBEY_OUTSIDE_A_HOLE, CC_INT(X, bt->x), CC_INT(Y, bt->y),
                       CC_SIDE(SIDE, w->side));
    }
    /* The shrine rule, as an invariant of the board: no shrine next to two
     * cloisters, no cloister next to two shrines. A board without a shrine
     * keeps it whatever its cloisters (their eight look-ups each were 4% of
     * a validation). */
    for (int t = 0; t < b->ntiles && w->shrines; t++) {
        const cc_board_tile *bt = &b->tiles[t];
        if (bt->centre_feature < 0)
            continue;
        bool shrine = is_shrine(bt);
        int n = 0;
        for (int i = 0; i < 8; i++) {
            int u = cc_board_at(b, bt->x + cc_ring8_dx[i], bt->y + cc_ring8_dy[i]);
            if (u < 0 || b->tiles[u].centre_feature < 0)
                continue;
            if (is_shrine(&b->tiles[u]) != shrine)
                n++;
        }
        if (n > 1) {
            /* One title for both directions of the rule: a shrine with two
             * cloisters and a cloister (or abbey) with two shrines. */
            PTR(ptr, "/position/tiles/%d", t);
            bool abbey = bt->type->features[bt->centre_feature].type == CC_FEAT_ABBEY;
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_SHRINE_RULE_BROKEN,
                           shrine  ? CC_MSG_D_SHRINE_NEIGHBOURS_MONASTERIES
                           : abbey ? CC_MSG_D_ABBEY_NEIGHBOURS_SHRINES
                                   : CC_MSG_D_CLOISTER_NEIGHBOURS_SHRINES,
                           CC_INT(X, bt->x), CC_INT(Y, bt->y), CC_INT(COUNT, n));
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

bool cc_fail_no_location(cc_error *err, const char *pointer, const cc_board *b, int t, cc_loc at)
{
    const cc_board_tile *bt = &b->tiles[t];
    CC_FAIL(err, CC_ERR_IMPOSSIBLE, pointer, CC_MSG_P_FIGURE_CANNOT_STAND,
            CC_MSG_D_NO_SUCH_LOCATION, CC_INT(X, bt->x), CC_INT(Y, bt->y),
            CC_STR(TILE, bt->type->id), CC_INT(ROT, bt->rot * 90), CC_LOC(AT, at),
            CC_LOCATIONS(LOCATIONS));
    if (err == NULL)
        return false;
    /* The tile's features as placed: ring positions turned by its rotation. */
    const cc_tile_type *tt = bt->type;
    for (int k = 0; k < tt->nfeatures && err->nplaces < CC_PLACES; k++) {
        const cc_tile_feature *tf = &tt->features[k];
        cc_place *pl = &err->places[err->nplaces++];
        pl->type = tf->type;
        pl->index = tf->index;
        pl->centre = tf->centre;
        pl->ring_mask = 0;
        for (int r = 0; r < CC_RING_SIZE; r++)
            if (tf->ring_mask & (1u << r))
                pl->ring_mask |= (uint16_t)(1u << cc_ring_rotate(r, bt->rot));
    }
    return false;
}

int cc_figure_feature_located(const cc_features *f, const cc_figure *fig)
{
    if (fig->kind == CC_FIG_BARN)
        return -1;
    return cc_features_locate(f, fig->x, fig->y, fig->at);
}

/* The feature types each kind may stand on, a bit per cc_feature_type:
 * never the river (river.deploy.not-on-river); a meeple wherever a meeple
 * may (Inns & Cathedrals: the large one too); a barn only on a corner. */
#define FEAT(t) (1u << CC_FEAT_##t)
#define ANY_LAND (FEAT(CITY) | FEAT(ROAD) | FEAT(FIELD) | FEAT(CLOISTER) | FEAT(SHRINE) | FEAT(ABBEY))
static const uint8_t stands_on[CC_FIG_NKINDS] = {
    [CC_FIG_MEEPLE] = ANY_LAND,
    [CC_FIG_BIG] = ANY_LAND,
    [CC_FIG_MAYOR] = FEAT(CITY),
    [CC_FIG_WAGON] = ANY_LAND & ~FEAT(FIELD),
    [CC_FIG_SHEPHERD] = FEAT(FIELD),
    [CC_FIG_BUILDER] = FEAT(ROAD) | FEAT(CITY),
    [CC_FIG_PIG] = FEAT(FIELD),
};
#undef ANY_LAND
#undef FEAT

static bool kind_may_stand_on(cc_figure_kind kind, cc_feature_type t)
{
    return (unsigned)kind < CC_FIG_NKINDS && (unsigned)t < CC_FEAT_NTYPES &&
           (stands_on[kind] >> t & 1u);
}

/* May figure i stand where it is? Then *t is its tile, and *k the feature
 * it stands on (-1 for a barn). */
static bool check_figure_spot(const cc_board *b, const cc_position *pos, int i, int *t, int *k,
                              cc_error *err)
{
    const cc_figure *fig = &pos->figures[i];
    char ptr[80];
    *t = cc_board_at(b, fig->x, fig->y);
    *k = -1;
    if (*t < 0) {
        PTR(ptr, "/position/figures/%d", i);
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_FIGURE_OFF_THE_BOARD,
                       CC_MSG_D_FIGURE_OFF_THE_BOARD, CC_INT(X, fig->x), CC_INT(Y, fig->y));
    }
    /* The pointer is written only for an answer that needs it: this runs
     * for every figure of every request. */
#define SPOT_FAIL(...)                                                         \
    (PTR(ptr, "/position/figures/%d/at", i),                                   \
     CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_FIGURE_CANNOT_STAND, __VA_ARGS__))
    if (fig->kind == CC_FIG_BARN) {
        if (fig->at.kind != CC_LOC_CORNER)
            return SPOT_FAIL(CC_MSG_D_BARN_NOT_ON_CORNER, CC_LOC(AT, fig->at));
        int bt, bk;
        if (!barn_spot(b, fig->x, fig->y, fig->at.value, &bt, &bk))
            return SPOT_FAIL(CC_MSG_D_BARN_NOT_AT_JUNCTION, CC_LOC(AT, fig->at), CC_INT(X, fig->x),
                             CC_INT(Y, fig->y));
        return true;
    }
    if (fig->at.kind == CC_LOC_CORNER)
        return SPOT_FAIL(CC_MSG_D_ONLY_BARN_ON_CORNER, CC_KIND(KIND, fig->kind));
    *k = cc_board_feature_at(b, *t, fig->at);
    if (*k < 0) {
        PTR(ptr, "/position/figures/%d/at", i);
        return cc_fail_no_location(err, ptr, b, *t, fig->at);
    }
    cc_feature_type ft = (cc_feature_type)b->tiles[*t].type->feature_type[*k];
    if (pos->options.farmers == CC_FARMERS_OFF && ft == CC_FEAT_FIELD &&
        (fig->kind == CC_FIG_MEEPLE || fig->kind == CC_FIG_BIG))
        return SPOT_FAIL(CC_MSG_D_NO_FARMERS, CC_LOC(AT, fig->at), CC_INT(X, fig->x),
                         CC_INT(Y, fig->y));
    if (!kind_may_stand_on(fig->kind, ft))
        return SPOT_FAIL(CC_MSG_D_KIND_CANNOT_STAND, CC_KIND(KIND, fig->kind), CC_FEATURE(TYPE, ft),
                         CC_LOC(AT, fig->at), CC_INT(X, fig->x), CC_INT(Y, fig->y));
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

/* Figure i stands where an earlier one does: the first of those is named. */
static CC_COLD bool fail_two_on_one_spot(const cc_board *b, const cc_position *pos, int i,
                                         cc_error *err)
{
    const cc_figure *fig = &pos->figures[i];
    int other = 0;
    while (!same_spot(b, &pos->figures[other], fig))
        other++;
    char ptr[80];
    PTR(ptr, "/position/figures/%d", i);
    return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_TWO_FIGURES_ON_ONE_SPOT,
                   fig->kind == CC_FIG_BARN ? CC_MSG_D_TWO_BARNS_ON_ONE_CORNER
                                            : CC_MSG_D_TWO_FIGURES_ON_ONE_SPOT,
                   CC_INT(OTHER_INDEX, other), CC_INT(INDEX, i));
}

/* Has an earlier barn (of barns[0..n), indices of figures) the corner
 * point of figure i? */
static bool barn_corner_taken(const cc_board *b, const cc_position *pos, const int16_t *barns,
                              int n, int i)
{
    for (int j = 0; j < n; j++)
        if (same_spot(b, &pos->figures[barns[j]], &pos->figures[i]))
            return true;
    return false;
}

_Static_assert(CC_MAX_TILE_FEATURES <= 16, "a tile's feature parts are bits of a uint16_t");

static bool check_figures(const cc_board *b, const cc_position *pos, cc_error *err)
{
    int supply[CC_FIG_NKINDS];
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        supply[k] = cc_position_supply(pos, (cc_figure_kind)k);
    int used[CC_MAX_PLAYERS][CC_FIG_NKINDS] = { { 0 } };
    char ptr[80];
    /* The spots taken so far (same_spot()): a follower's is its tile's
     * feature k, bit k of taken[tile]; a barn's its corner point, compared
     * with the few barns before it. */
    uint16_t taken[CC_MAX_TILES];
    memset(taken, 0, sizeof taken[0] * (size_t)b->ntiles);
    int16_t barns[CC_MAX_FIGURES];
    int nbarns = 0;
    for (int i = 0; i < pos->nfigures && i < CC_MAX_FIGURES; i++) {
        const cc_figure *fig = &pos->figures[i];
        int t, k;
        if (!check_figure_spot(b, pos, i, &t, &k, err))
            return false;
        bool twice;
        if (fig->kind == CC_FIG_BARN) {
            twice = barn_corner_taken(b, pos, barns, nbarns, i);
            barns[nbarns++] = (int16_t)i;
        } else {
            twice = taken[t] >> k & 1u;
            taken[t] |= (uint16_t)(1u << k);
        }
        if (twice)
            return fail_two_on_one_spot(b, pos, i, err);
        if (++used[fig->player][fig->kind] > supply[fig->kind]) {
            PTR(ptr, "/position/figures/%d", i);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_MORE_FIGURES, CC_MSG_D_MORE_FIGURES,
                           CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[fig->player])),
                           CC_INT(COUNT, supply[fig->kind]), CC_KIND(KIND, fig->kind),
                           CC_INT(INDEX, used[fig->player][fig->kind]));
        }
    }
    return true;
}

bool cc_validate_board(const cc_position *pos, const cc_catalog *cat, cc_board *b,
                       cc_error *err)
{
    if (!check_tiles(pos, cat, err))
        return false;
    board_walk walk;
    if (!cc_board_build(b, cat, pos, err) || !check_edges(b, &walk, err))
        return false;
    if (!check_connected(b, &walk, err) || !check_abbeys_and_shrines(b, &walk, err) ||
        !cc_river_validate(pos, b, err))
        return false;
    return check_figures(b, pos, err);
}

/* Traders & Builders: goods and a double turn only with the expansion;
 * goods no more than the completed cities gave (goods.h); a builder or a
 * pig only beside a follower of its owner, which it would have returned
 * without (builder.h). */
static bool check_traders(const cc_position *pos, const cc_features *f, cc_error *err)
{
    bool any_goods = false;
    for (int p = 0; p < pos->nplayers; p++)
        for (int g = 0; g < CC_NGOODS; g++)
            any_goods |= pos->goods[p][g] != 0;
    if (!(pos->expansions & CC_EXP_TRADERS_BUILDERS) && (any_goods || pos->builder_turn))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, any_goods ? "/position/goods" : "/position/builder_turn",
                       CC_MSG_P_EXPANSION_NOT_IN_PLAY, CC_MSG_D_TRADERS_MEMBER,
                       CC_STR(MEMBER, any_goods ? "goods" : "builder_turn"),
                       CC_STR(EXPANSION, cc_expansion_name(CC_EXP_TRADERS_BUILDERS)));
    if (!cc_goods_check(pos, f, err))
        return false;
    bool gone[CC_MAX_FIGURES] = { false };
    if (cc_builder_strays(pos, f, gone) == 0)
        return true;
    int i = 0;
    while (!gone[i])
        i++;
    const cc_figure *fig = &pos->figures[i];
    char ptr[80];
    PTR(ptr, "/position/figures/%d", i);
    return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_FIGURE_ALONE, CC_MSG_D_FIGURE_ALONE,
                   CC_KIND(KIND, fig->kind),
                   CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[fig->player])),
                   CC_INT(X, fig->x), CC_INT(Y, fig->y), CC_LOC(AT, fig->at));
}

bool cc_validate(const cc_position *pos, const cc_catalog *cat, cc_board *b,
                 cc_features *f, cc_error *err)
{
    if (!cc_validate_board(pos, cat, b, err))
        return false;
    cc_features_build(f, b);
    return check_traders(pos, f, err);
}
