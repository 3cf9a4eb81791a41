/* route_validate.c -- POST /v1/validate {"position"}: is this position
 * physically possible (contract section 3)?
 *
 * Yes: {"valid": true, "summary": {"tiles": n, "features": {<type>:
 * {"count", "complete"}}, "figures": {<player>: {<kind>: n}}}, "rules"}.
 * No: the 400/422 problem from the decoder or engine/validate.c. */
#include "routes.h"

#include <string.h>

#include "../../engine/validate.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "game.h"

static void feature_summary(jw *w, const cc_features *f)
{
    int count[CC_FEAT_NTYPES] = { 0 }, complete[CC_FEAT_NTYPES] = { 0 };
    for (int id = 0; id < f->nfeatures; id++) {
        unsigned t = (unsigned)f->features[id].type;
        if (t < CC_FEAT_NTYPES) {
            count[t]++;
            complete[t] += f->features[id].complete;
        }
    }
    jw_object(w);
    for (int t = 0; t < CC_FEAT_NTYPES; t++) {
        if (t == CC_FEAT_RIVER && count[t] == 0)
            continue;   /* the river's only where a river is: older answers keep their form */
        jw_key(w, cc_feature_type_name((cc_feature_type)t));
        jw_object(w);
        jw_member_int(w, "count", count[t]);
        jw_member_int(w, "complete", complete[t]);
        jw_object_end(w);
    }
    jw_object_end(w);
}

static void figure_summary(jw *w, const cc_position *pos)
{
    int used[CC_MAX_PLAYERS][CC_FIG_NKINDS];
    memset(used, 0, sizeof used);
    for (int i = 0; i < pos->nfigures; i++)
        used[pos->figures[i].player][pos->figures[i].kind]++;
    jw_object(w);
    for (int p = 0; p < pos->nplayers; p++) {
        jw_key(w, pos->players[p]);
        jw_object(w);
        for (int k = 0; k < CC_FIG_NKINDS; k++)
            if (cc_figure_kind_counted(pos->expansions, (cc_figure_kind)k))
                jw_member_int(w, cc_figure_kind_name((cc_figure_kind)k), used[p][k]);
        jw_object_end(w);
    }
    jw_object_end(w);
}

/* The rules a position was checked against, and those that formed its
 * features. */
static void checked_rules(jw *w, const cc_position *pos, const cc_features *f)
{
    static const char *const base[] = {
        "base.placement.empty-cell", "base.placement.adjacent",
        "base.placement.edges", "base.position.supply",
    };
    enc_rules rules;
    enc_rules_init(&rules);
    enc_rules_add_all(&rules, base, sizeof base / sizeof base[0]);
    if (pos->expansions & CC_EXP_ABBEY_MAYOR)
        enc_rules_add(&rules, "abbey.placement.hole");
    if (pos->expansions & CC_EXP_SHRINES)
        enc_rules_add(&rules, "shrines.placement.neighbours");
    for (int id = 0; id < f->nfeatures; id++)
        enc_feature_rules(&rules, f, id);
    enc_rules_write(w, &rules);
}

void route_validate(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", NULL };
    game *g = game_open(ctx, root, members, res);
    if (g == NULL)
        return;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_bool(&w, "valid", true);
    jw_key(&w, "summary");
    jw_object(&w);
    jw_member_int(&w, "tiles", g->pos.ntiles);
    jw_key(&w, "features");
    feature_summary(&w, &g->features);
    jw_key(&w, "figures");
    figure_summary(&w, &g->pos);
    jw_object_end(&w);
    jw_key(&w, "rules");
    checked_rules(&w, &g->pos, &g->features);
    jw_object_end(&w);
    game_free(g);
    svc_reply_jw(res, 200, &w);
}
