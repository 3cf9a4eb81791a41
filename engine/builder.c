/* builder.c -- see builder.h. */
#include "builder.h"

#include "majority.h"
#include "validate.h"

int cc_followers_of(const cc_position *pos, const cc_features *f, int id, int player,
                    const bool *gone)
{
    int n = 0;
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if ((gone == NULL || !gone[i]) && fig->player == player && cc_is_follower(fig->kind) &&
            cc_figure_feature(f, fig) == id)
            n++;
    }
    return n;
}

const char *cc_builder_refusal(const cc_position *pos, const cc_features *f, int id)
{
    cc_feature_type t = f->features[id].type;
    if (t != CC_FEAT_ROAD && t != CC_FEAT_CITY)
        return "traders.builder.deploy";
    if (cc_followers_of(pos, f, id, pos->active, NULL) == 0)
        return "traders.builder.deploy";
    return NULL;
}

bool cc_builder_double_turn(const cc_position *before, const cc_features *f, int t)
{
    if (before->builder_turn || !(before->expansions & CC_EXP_TRADERS_BUILDERS))
        return false;
    for (int i = 0; i < before->nfigures; i++) {
        const cc_figure *fig = &before->figures[i];
        if (fig->kind != CC_FIG_BUILDER || fig->player != before->active)
            continue;
        int id = cc_figure_feature(f, fig);
        if (id >= 0 && cc_features_on_tile(f, id, t))
            return true;
    }
    return false;
}

int cc_builder_strays(const cc_position *pos, const cc_features *f, bool *gone)
{
    int n = 0;
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (gone[i] || (fig->kind != CC_FIG_BUILDER && fig->kind != CC_FIG_PIG))
            continue;
        int id = cc_figure_feature(f, fig);
        if (id < 0 || cc_followers_of(pos, f, id, fig->player, gone) == 0) {
            gone[i] = true;
            n++;
        }
    }
    return n;
}
