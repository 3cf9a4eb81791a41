/* scoring.c -- see scoring.h: the turn's scoring phase, the end-game
 * scoring and feature values; roads and cities are scored here, the other
 * features by their own modules.
 *
 * Rules applied here (ids in rules.c):
 *   base.score.road            1 point per tile, complete or at the end
 *   base.score.city.complete   2 per tile and 2 per coat of arms
 *   base.score.city.end        1 per tile and 1 per coat of arms at the end
 *   base.score.city.tiny       option tiny_city_scoring "2": a completed
 *                              two-tile city scores at the end-game rate
 *   base.score.return          followers of a scored feature return
 *   abbey.score.closes         an abbey completes every feature its edges close,
 *                              on several sides at once, without joining them
 *   inn.score.complete         Inns & Cathedrals: a completed road with an inn
 *                              scores 2 per tile
 *   inn.score.final            ... and 0 when incomplete at the end
 *   cathedral.score.complete   a completed city with a cathedral scores 3 per
 *                              tile and coat of arms
 *   cathedral.score.final      ... and 0 when incomplete at the end
 *   inns-cathedrals.final.ignore  option inn_cathedral_final "ignore": at the
 *                              end they score as normal roads and cities
 */
#include "scoring.h"

#include <stdio.h>
#include <string.h>

#include "farm.h"
#include "goods.h"
#include "majority.h"
#include "monastery.h"
#include "pig.h"
#include "score_event.h"
#include "shepherd.h"
#include "validate.h"

const char *cc_event_kind_name(cc_event_kind k)
{
    static const char *const names[CC_EV_NKINDS] = {
        "completed", "final", "challenge-lost", "barn-placed", "barn-joined",
        "barn-final", "sheep", "wolf", "guide", "goods", "goods-final"
    };
    return (unsigned)k < CC_EV_NKINDS ? names[k] : "?";
}

/* ---- values ------------------------------------------------------------ */

/* A road with an inn or a city with a cathedral, with Inns & Cathedrals
 * in play (the River II's inn counts only then). */
static bool inn_or_cathedral(const cc_position *pos, const cc_feature *feat)
{
    if (!(pos->expansions & CC_EXP_INNS_CATHEDRALS))
        return false;
    return (feat->type == CC_FEAT_ROAD && feat->inns > 0) ||
           (feat->type == CC_FEAT_CITY && feat->cathedrals > 0);
}

/* Incomplete at the end with an inn or cathedral: worth nothing, unless
 * option inn_cathedral_final "ignore" scores it as a normal feature. */
static bool worthless_at_end(const cc_position *pos, const cc_feature *feat)
{
    return !feat->complete && inn_or_cathedral(pos, feat) &&
           pos->options.inn_cathedral_final == CC_INN_CATHEDRAL_FINAL_ZERO;
}

const char *cc_inn_cathedral_rule(const cc_position *pos, const cc_feature *feat)
{
    if (!inn_or_cathedral(pos, feat))
        return NULL;
    bool road = feat->type == CC_FEAT_ROAD;
    if (feat->complete)
        return road ? "inn.score.complete" : "cathedral.score.complete";
    if (pos->options.inn_cathedral_final == CC_INN_CATHEDRAL_FINAL_IGNORE)
        return "inns-cathedrals.final.ignore";
    return road ? "inn.score.final" : "cathedral.score.final";
}

/* Points per tile of a road: 1; with an inn 2 complete, 0 incomplete. */
static int road_rate(const cc_position *pos, const cc_feature *feat)
{
    if (worthless_at_end(pos, feat))
        return 0;
    return feat->complete && inn_or_cathedral(pos, feat) ? 2 : 1;
}

static int road_value(const cc_position *pos, const cc_feature *feat)
{
    return road_rate(pos, feat) * feat->ncells;
}

/* A completed two-tile city under option tiny_city_scoring "2" (1st
 * edition) scores 1 per tile and coat of arms, as at the end. */
static bool tiny_city(const cc_position *pos, const cc_feature *feat)
{
    return pos->options.tiny_city_scoring == CC_TINY_CITY_2 && feat->type == CC_FEAT_CITY &&
           feat->complete && feat->ncells == 2;
}

/* Points per tile (and per coat of arms) of a city: 2 complete, 1 at the
 * end; with a cathedral 3 complete, 0 incomplete. */
static int city_rate(const cc_position *pos, const cc_feature *feat)
{
    if (worthless_at_end(pos, feat))
        return 0;
    if (feat->complete && inn_or_cathedral(pos, feat))
        return 3;
    return feat->complete && !tiny_city(pos, feat) ? 2 : 1;
}

static int city_value(const cc_position *pos, const cc_feature *feat)
{
    return city_rate(pos, feat) * (feat->ncells + feat->pennants);
}

int cc_feature_value(const cc_features *f, const cc_position *pos, int id, bool final,
                     cc_value *out)
{
    const cc_feature *feat = &f->features[id];
    int value = 0;
    switch (feat->type) {
    case CC_FEAT_ROAD:
        value = road_value(pos, feat);
        break;
    case CC_FEAT_CITY:
        value = city_value(pos, feat);
        break;
    case CC_FEAT_FIELD:
        value = CC_FARM_PER_CITY * cc_features_completed_cities(f, id);
        break;
    case CC_FEAT_RIVER:
        break;          /* the river never scores (river.feature.river) */
    default:
        value = cc_monastery_value(f, id, !final);
        break;
    }
    if (out == NULL)
        return value;
    cc_majority m;
    cc_majority_of(pos, f, id, NULL, &m);
    memset(out, 0, sizeof *out);
    out->value = value;
    out->occupied = m.nfollowers > 0;
    out->big = m.has_big;
    for (int p = 0; p < pos->nplayers; p++) {
        out->strength[p] = m.strength[p];
        out->points[p] = m.winner[p] ? value : 0;
        if (m.winner[p] && feat->type == CC_FEAT_FIELD)   /* pigs and the pig herd */
            out->points[p] += cc_pig_extra_per_city(pos, f, id, p, NULL) *
                              cc_features_completed_cities(f, id);
    }
    if (final && feat->type == CC_FEAT_FIELD) {
        int counts[CC_MAX_PLAYERS];
        if (cc_field_barns(pos, f, id, counts) > 0) {
            out->occupied = true;
            cc_farm_barn_points(pos, f, id, out->points);
        }
    }
    return value;
}

/* ---- roads and cities ---------------------------------------------------- */

/* The sentence that values road or city ev: which message, by type, state
 * and coats of arms. */
static void explain_valuation(cc_score_ctx *c, cc_score_event *ev, bool at_end)
{
    const cc_feature *feat = &c->f->features[ev->feature];
    const cc_board_tile *bt = &c->f->board->tiles[feat->name_tile];
    int n = feat->ncells;
    bool special = inn_or_cathedral(c->pos, feat);
    if (worthless_at_end(c->pos, feat)) {
        cc_explain(ev, feat->type == CC_FEAT_ROAD ? CC_MSG_S_ROAD_INN_END : CC_MSG_S_CITY_CATHEDRAL_END,
                   CC_INT(X, bt->x), CC_INT(Y, bt->y), CC_LOC(AT, feat->name_at), CC_INT(TILES, n));
        return;
    }
    if (feat->type == CC_FEAT_ROAD) {
        int msg = at_end ? (feat->complete ? CC_MSG_S_ROAD_COMPLETE_AT_END : CC_MSG_S_ROAD_END)
                         : CC_MSG_S_ROAD_COMPLETE;
        if (special && feat->complete)
            msg = at_end ? CC_MSG_S_ROAD_INN_COMPLETE_AT_END : CC_MSG_S_ROAD_INN_COMPLETE;
        cc_explain(ev, msg, CC_INT(X, bt->x), CC_INT(Y, bt->y), CC_LOC(AT, feat->name_at),
                   CC_INT(TILES, n), CC_INT(POINTS, ev->value));
        if (special && !feat->complete)
            cc_explain0(ev, CC_MSG_S_INN_CATHEDRAL_IGNORED);
        return;
    }
    int per = city_rate(c->pos, feat);
    int msg = !at_end ? CC_MSG_S_CITY_COMPLETE
            : feat->complete ? CC_MSG_S_CITY_COMPLETE_AT_END : CC_MSG_S_CITY_END;
    if (feat->pennants > 0)
        cc_explain(ev, msg + 1, CC_INT(X, bt->x), CC_INT(Y, bt->y), CC_LOC(AT, feat->name_at),
                   CC_INT(TILES, n), CC_INT(PER_TILE, per), CC_INT(PENNANTS, feat->pennants),
                   CC_INT(PER_PENNANT, per), CC_INT(POINTS, ev->value));
    else
        cc_explain(ev, msg, CC_INT(X, bt->x), CC_INT(Y, bt->y), CC_LOC(AT, feat->name_at),
                   CC_INT(TILES, n), CC_INT(PER_TILE, per), CC_INT(POINTS, ev->value));
    if (special)
        cc_explain0(ev, feat->complete ? CC_MSG_S_CITY_CATHEDRAL : CC_MSG_S_INN_CATHEDRAL_IGNORED);
}

/* Score road or city id; closed_by_abbey cites the abbey rule. */
static void score_road_or_city(cc_score_ctx *c, cc_event_kind kind, int id, bool closed_by_abbey)
{
    cc_majority m;
    cc_score_majority(c, id, &m);
    if (m.nfollowers == 0)
        return;
    cc_score_event *ev = cc_event_add(c, kind, id);
    if (ev == NULL)
        return;
    const cc_feature *feat = &c->f->features[id];
    ev->value = feat->type == CC_FEAT_ROAD ? road_value(c->pos, feat) : city_value(c->pos, feat);
    if (feat->type == CC_FEAT_ROAD)
        cc_event_rule(c, ev, "base.score.road");
    else
        cc_event_rule(c, ev, feat->complete ? "base.score.city.complete" : "base.score.city.end");
    const char *special = cc_inn_cathedral_rule(c->pos, feat);
    if (special != NULL)
        cc_event_rule(c, ev, special);
    if (tiny_city(c->pos, feat) && special == NULL)
        cc_event_rule(c, ev, "base.score.city.tiny");
    explain_valuation(c, ev, kind != CC_EV_COMPLETED);
    if (tiny_city(c->pos, feat) && special == NULL)
        cc_explain0(ev, CC_MSG_S_CITY_TINY);
    if (closed_by_abbey) {
        cc_event_rule(c, ev, "abbey.score.closes");
        cc_explain0(ev, CC_MSG_S_CLOSED_BY_ABBEY);
    }
    cc_event_award(c, ev, &m, ev->value);
    cc_event_return_followers(c, ev);
}

static void score_completed_roads_and_cities(cc_score_ctx *c)
{
    int ids[CC_MAX_TILE_FEATURES * 5];
    int n = cc_touched_features(c->f, c->placed, ids);
    bool abbey = c->f->board->tiles[c->placed].type->is_abbey;
    static const cc_feature_type order[] = { CC_FEAT_ROAD, CC_FEAT_CITY };
    for (size_t o = 0; o < sizeof order / sizeof order[0]; o++)
        for (int i = 0; i < n; i++) {
            const cc_feature *feat = &c->f->features[ids[i]];
            if (feat->type != order[o] || !feat->complete)
                continue;
            score_road_or_city(c, CC_EV_COMPLETED, ids[i],
                               abbey && !cc_features_on_tile(c->f, ids[i], c->placed));
            if (feat->type == CC_FEAT_CITY)
                cc_goods_collect(c, ids[i]);
        }
}

/* ---- the turn -------------------------------------------------------------- */

static bool corner_of_tile(int x, int y, const cc_figure *barn)
{
    int bx, by;
    cc_corner_point(barn->x, barn->y, barn->at.value, &bx, &by);
    for (int c = 0; c < CC_NCORNERS; c++) {
        int px, py;
        cc_corner_point(x, y, c, &px, &py);
        if (px == bx && py == by)
            return true;
    }
    return false;
}

/* Does figure fig stand on the tile at (x, y) (a barn: on one of its corners)? */
static bool on_placed_tile(int x, int y, const cc_figure *fig)
{
    if (fig->kind == CC_FIG_BARN)
        return fig->at.kind == CC_LOC_CORNER && corner_of_tile(x, y, fig);
    return fig->x == x && fig->y == y;
}

static bool check_deployed(const cc_position *pos, int x, int y, int deployed, cc_error *err)
{
    if (deployed < 0)
        return true;
    if (deployed >= pos->nfigures)
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/deployed", CC_MSG_P_DEPLOYED_NOT_IN_POSITION,
                        CC_MSG_D_DEPLOYED_ALSO_IN_POSITION);
    if (!on_placed_tile(x, y, &pos->figures[deployed]))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/deployed", CC_MSG_P_DEPLOYED_NOT_ON_TILE,
                       CC_MSG_D_DEPLOYED_NOT_ON_TILE, CC_INT(X, x), CC_INT(Y, y));
    return true;
}

bool cc_score_turn(const cc_position *pos, const cc_features *f, int x, int y,
                   const cc_turn_choices *in, cc_score_result *res, cc_error *err)
{
    int t = cc_board_at(f->board, x, y);
    if (t < 0)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/x", CC_MSG_P_TILE_NOT_ON_THE_BOARD,
                       CC_MSG_D_PLACED_TILE_MISSING, CC_INT(X, x), CC_INT(Y, y));
    if (!check_deployed(pos, x, y, in->deployed, err) || !cc_shepherd_check(pos, f, t, in, err))
        return false;
    cc_score_ctx c;
    cc_score_ctx_init(&c, pos, f, res, t, false);
    cc_shepherd_score_turn(&c, in);
    score_completed_roads_and_cities(&c);
    cc_monastery_score_turn(&c);
    cc_farm_score_turn(&c, in->deployed);
    return true;
}

bool cc_score_match_deployed(const cc_position *pos, const cc_features *f, int x, int y,
                             const cc_figure *dep, int *index, cc_error *err)
{
    const cc_board *b = f->board;
    int t = cc_board_at(b, x, y);
    if (t < 0)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/x", CC_MSG_P_TILE_NOT_ON_THE_BOARD,
                       CC_MSG_D_PLACED_TILE_MISSING, CC_INT(X, x), CC_INT(Y, y));
    if (!on_placed_tile(x, y, dep))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/deployed", CC_MSG_P_DEPLOYED_NOT_ON_TILE,
                       CC_MSG_D_DEPLOYED_NOT_ON_TILE, CC_INT(X, x), CC_INT(Y, y));
    int dep_k = dep->kind == CC_FIG_BARN ? -1 : cc_board_feature_at(b, t, dep->at);
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (fig->player != dep->player || fig->kind != dep->kind)
            continue;
        bool same;
        if (dep->kind == CC_FIG_BARN) {
            int ax, ay, bx, by;
            cc_corner_point(fig->x, fig->y, fig->at.value, &ax, &ay);
            cc_corner_point(dep->x, dep->y, dep->at.value, &bx, &by);
            same = ax == bx && ay == by;
        } else {
            same = fig->x == dep->x && fig->y == dep->y && dep_k >= 0 &&
                   cc_board_feature_at(b, t, fig->at) == dep_k;
        }
        if (same) {
            *index = i;
            return true;
        }
    }
    return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/deployed", CC_MSG_P_DEPLOYED_NOT_IN_POSITION,
                   CC_MSG_D_DEPLOYED_NOT_IN_POSITION, CC_KIND(KIND, dep->kind),
                   CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[dep->player])),
                   CC_INT(X, dep->x), CC_INT(Y, dep->y), CC_LOC(AT, dep->at));
}

/* ---- the end of the game ----------------------------------------------------- */

/* Occupied features of each scoring group, canonical order. */
typedef struct {
    int n[5];
    int ids[5][CC_MAX_FIGURES];
} final_groups;

enum { G_ROADS, G_CITIES, G_MONASTERIES, G_FIELDS, G_BARNS };

static void group_add(final_groups *g, int group, int id)
{
    for (int i = 0; i < g->n[group]; i++)
        if (g->ids[group][i] == id)
            return;
    if (g->n[group] < CC_MAX_FIGURES)
        g->ids[group][g->n[group]++] = id;
}

static void collect_final_groups(const cc_position *pos, const cc_features *f, final_groups *g)
{
    memset(g->n, 0, sizeof g->n);
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (fig->kind == CC_FIG_BARN) {
            int field = cc_barn_feature(f, fig);
            if (field >= 0)
                group_add(g, G_BARNS, field);
            continue;
        }
        if (!cc_is_follower(fig->kind))
            continue;   /* shepherds score nothing at the end */
        int id = cc_figure_feature(f, fig);
        if (id < 0)
            continue;
        switch (f->features[id].type) {
        case CC_FEAT_ROAD: group_add(g, G_ROADS, id); break;
        case CC_FEAT_CITY: group_add(g, G_CITIES, id); break;
        case CC_FEAT_FIELD: group_add(g, G_FIELDS, id); break;
        default: group_add(g, G_MONASTERIES, id); break;
        }
    }
    for (int k = 0; k < 5; k++)
        cc_sort_features(f, g->ids[k], g->n[k]);
}

void cc_score_final(const cc_position *pos, const cc_features *f, cc_score_result *res)
{
    cc_score_ctx c;
    final_groups g;
    cc_score_ctx_init(&c, pos, f, res, -1, true);
    collect_final_groups(pos, f, &g);
    for (int i = 0; i < g.n[G_ROADS]; i++)
        score_road_or_city(&c, CC_EV_FINAL, g.ids[G_ROADS][i], false);
    for (int i = 0; i < g.n[G_CITIES]; i++)
        score_road_or_city(&c, CC_EV_FINAL, g.ids[G_CITIES][i], false);
    for (int i = 0; i < g.n[G_MONASTERIES]; i++)
        cc_monastery_score_final(&c, g.ids[G_MONASTERIES][i]);
    for (int i = 0; i < g.n[G_FIELDS]; i++)
        cc_farm_score_final_farmers(&c, g.ids[G_FIELDS][i]);
    for (int i = 0; i < g.n[G_BARNS]; i++)
        cc_farm_score_final_barns(&c, g.ids[G_BARNS][i]);
    cc_goods_score_final(&c);
}

void cc_score_returned(const cc_score_result *s, bool *gone)
{
    for (int e = 0; e < s->nevents; e++)
        for (int i = 0; i < s->events[e].nreturned; i++)
            gone[s->events[e].returned[i]] = true;
}
