/* deploy.c -- see deploy.h.
 *
 * Occupancy is recomputed from the figure list on every question: a
 * position holds at most 66 figures, so a scan is cheaper than keeping an
 * index in step with the features. */
#include "deploy.h"

#include <stddef.h>

#include "builder.h"
#include "majority.h"
#include "pig.h"
#include "validate.h"

static bool is_gone(const bool *gone, int i)
{
    return gone != NULL && gone[i];
}

int cc_followers_on(const cc_position *pos, const cc_features *f, int feature,
                    const bool *gone)
{
    int n = 0;
    for (int i = 0; i < pos->nfigures; i++)
        if (!is_gone(gone, i) && cc_is_follower(pos->figures[i].kind) &&
            cc_figure_feature(f, &pos->figures[i]) == feature)
            n++;
    return n;
}

bool cc_field_has_barn(const cc_position *pos, const cc_features *f, int field,
                       const bool *gone)
{
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (!is_gone(gone, i) && fig->kind == CC_FIG_BARN &&
            cc_barn_field(f, fig->x, fig->y, fig->at.value) == field)
            return true;
    }
    return false;
}

bool cc_field_has_shepherd(const cc_position *pos, const cc_features *f, int field,
                           const bool *gone)
{
    for (int i = 0; i < pos->nfigures; i++)
        if (!is_gone(gone, i) && pos->figures[i].kind == CC_FIG_SHEPHERD &&
            cc_figure_feature(f, &pos->figures[i]) == field)
            return true;
    return false;
}

int cc_supply_left(const cc_position *pos, int player, cc_figure_kind kind)
{
    int left = cc_position_supply(pos, kind);   /* 0 without its expansion */
    for (int i = 0; i < pos->nfigures; i++)
        if (pos->figures[i].player == player && pos->figures[i].kind == kind)
            left--;
    return left > 0 ? left : 0;
}

/* The type of the building at the centre of board tile t, or -1. */
static int centre_type(const cc_board *b, int t)
{
    const cc_board_tile *bt = &b->tiles[t];
    return bt->centre_feature < 0 ? -1 : bt->type->features[bt->centre_feature].type;
}

/* The first follower standing on the monastery of board tile t, or -1. */
static int monastery_occupant(const cc_position *pos, const cc_features *f, int t)
{
    int feature = cc_features_of(f, t, f->board->tiles[t].centre_feature);
    for (int i = 0; i < pos->nfigures; i++)
        if (cc_is_follower(pos->figures[i].kind) &&
            cc_figure_feature(f, &pos->figures[i]) == feature)
            return i;
    return -1;
}

int cc_challenge_target(const cc_position *pos, const cc_features *f, int t)
{
    const cc_board *b = f->board;
    int mine = centre_type(b, t);
    if (mine < 0 || !cc_feature_is_monastery((cc_feature_type)mine))
        return -1;
    bool heretic = mine == CC_FEAT_SHRINE;
    for (int i = 0; i < 8; i++) {
        int u = cc_board_at(b, b->tiles[t].x + cc_ring8_dx[i], b->tiles[t].y + cc_ring8_dy[i]);
        if (u < 0)
            continue;
        int theirs = centre_type(b, u);
        if (theirs < 0 || !cc_feature_is_monastery((cc_feature_type)theirs))
            continue;
        /* A heretic challenges a monk (cloister or abbey), a monk a heretic;
         * the shrine rule leaves at most one such neighbour. */
        if ((theirs == CC_FEAT_SHRINE) == heretic)
            continue;
        int occupant = monastery_occupant(pos, f, u);
        if (occupant >= 0)
            return occupant;
    }
    return -1;
}

/* Why kind may not stand on feature id of tile t (catalog feature k), or
 * NULL if it may. Supply is checked by the caller. */
static const char *feature_refusal(const cc_position *pos, const cc_features *f,
                                   int t, int k, cc_figure_kind kind)
{
    const cc_board_tile *bt = &f->board->tiles[t];
    cc_feature_type type = (cc_feature_type)bt->type->features[k].type;
    int id = cc_features_of(f, t, k);
    if (type == CC_FEAT_RIVER)
        return "river.deploy.not-on-river";
    switch (kind) {
    case CC_FIG_MEEPLE:
    case CC_FIG_BIG:    /* the large meeple stands wherever a meeple may */
        if (type == CC_FEAT_FIELD && pos->options.farmers == CC_FARMERS_OFF)
            return "base.deploy.no-farmers";
        if (cc_followers_on(pos, f, id, NULL) > 0)
            return "base.deploy.unoccupied";
        if (type == CC_FEAT_FIELD && cc_field_has_barn(pos, f, id, NULL))
            return "abbey.barn.no-farmers";
        return NULL;
    case CC_FIG_MAYOR:
        if (type != CC_FEAT_CITY || cc_followers_on(pos, f, id, NULL) > 0)
            return "abbey.mayor.city";
        return NULL;
    case CC_FIG_WAGON:
        if (type == CC_FEAT_FIELD)
            return "abbey.wagon.not-field";
        if (cc_followers_on(pos, f, id, NULL) > 0)
            return "base.deploy.unoccupied";
        return NULL;
    case CC_FIG_SHEPHERD:
        if (type != CC_FEAT_FIELD || cc_field_has_shepherd(pos, f, id, NULL))
            return "hills-sheep.shepherd.field";
        return NULL;
    case CC_FIG_BUILDER:
        return cc_builder_refusal(pos, f, id);
    case CC_FIG_PIG:
        return cc_pig_refusal(pos, f, id);
    default:
        return "abbey.barn.junction";   /* barns stand on corners, not features */
    }
}

/* Why a barn may not stand on corner c of tile t, or NULL; *field gets the
 * field it would stand in. */
static const char *corner_refusal(const cc_position *pos, const cc_features *f,
                                  int t, int c, int *field)
{
    const cc_board_tile *bt = &f->board->tiles[t];
    *field = cc_barn_field(f, bt->x, bt->y, c);
    if (*field < 0)
        return "abbey.barn.junction";
    if (pos->options.barn_placement != CC_BARN_PLACEMENT_OCCUPIED &&
        cc_field_has_barn(pos, f, *field, NULL))
        return "abbey.barn.one-per-field";
    return NULL;
}

static cc_deploy_option make_option(cc_figure_kind kind, cc_loc at, int feature, int challenge)
{
    cc_deploy_option o = { kind, at, feature, challenge };
    return o;
}

bool cc_deploy_check(const cc_position *pos, const cc_features *f, int t,
                     cc_figure_kind kind, cc_loc at, cc_deploy_option *opt,
                     const char **rule)
{
    const char *why = NULL;
    cc_deploy_option o = make_option(kind, at, -1, -1);
    if (cc_supply_left(pos, pos->active, kind) <= 0) {
        why = "base.deploy.supply";
    } else if (f->board->tiles[t].type->volcano) {
        why = "river-ii.deploy.volcano";
    } else if (kind == CC_FIG_BARN) {
        why = at.kind != CC_LOC_CORNER ? "abbey.barn.junction"
                                       : corner_refusal(pos, f, t, at.value, &o.feature);
    } else {
        int k = cc_board_feature_at(f->board, t, at);
        if (k < 0) {
            why = "base.deploy.placed-tile";
        } else {
            why = feature_refusal(pos, f, t, k, kind);
            o.at = cc_board_feature_name(f->board, t, k);
            o.feature = cc_features_of(f, t, k);
            if (why == NULL && kind != CC_FIG_MAYOR &&
                cc_feature_is_monastery(f->features[o.feature].type))
                o.challenge = cc_challenge_target(pos, f, t);
        }
    }
    if (why != NULL) {
        if (rule)
            *rule = why;
        return false;
    }
    if (opt)
        *opt = o;
    return true;
}

/* The tile's features in canonical order of their names. */
static int features_in_order(const cc_board *b, int t, int ks[CC_MAX_TILE_FEATURES])
{
    int n = b->tiles[t].type->nfeatures;
    for (int k = 0; k < n; k++) {
        int j = k;
        cc_loc name = cc_board_feature_name(b, t, k);
        while (j > 0 && cc_loc_compare(name, cc_board_feature_name(b, t, ks[j - 1])) < 0) {
            ks[j] = ks[j - 1];
            j--;
        }
        ks[j] = k;
    }
    return n;
}

int cc_deployments(const cc_position *pos, const cc_features *f, int t,
                   cc_deploy_option out[CC_MAX_DEPLOY_OPTIONS])
{
    int ks[CC_MAX_TILE_FEATURES];
    int nk = features_in_order(f->board, t, ks);
    int n = 0;
    for (int kind = 0; kind < CC_FIG_NKINDS; kind++) {
        if (cc_supply_left(pos, pos->active, (cc_figure_kind)kind) <= 0)
            continue;
        if (kind == CC_FIG_BARN) {
            for (int c = 0; c < CC_NCORNERS; c++)
                if (cc_deploy_check(pos, f, t, CC_FIG_BARN, cc_loc_make(CC_LOC_CORNER, c),
                                    &out[n], NULL))
                    n++;
            continue;
        }
        for (int i = 0; i < nk; i++)
            if (cc_deploy_check(pos, f, t, (cc_figure_kind)kind,
                                cc_board_feature_name(f->board, t, ks[i]), &out[n], NULL))
                n++;
    }
    return n;
}
