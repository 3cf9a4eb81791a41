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

static json_object *feature_summary(const cc_features *f)
{
    int count[CC_FEAT_NTYPES] = { 0 }, complete[CC_FEAT_NTYPES] = { 0 };
    for (int id = 0; id < f->nfeatures; id++) {
        unsigned t = (unsigned)f->features[id].type;
        if (t < CC_FEAT_NTYPES) {
            count[t]++;
            complete[t] += f->features[id].complete;
        }
    }
    json_object *o = json_object_new_object();
    for (int t = 0; t < CC_FEAT_NTYPES; t++) {
        json_object *c = json_object_new_object();
        json_object_object_add(c, "count", json_object_new_int(count[t]));
        json_object_object_add(c, "complete", json_object_new_int(complete[t]));
        json_object_object_add(o, cc_feature_type_name((cc_feature_type)t), c);
    }
    return o;
}

static json_object *figure_summary(const cc_position *pos)
{
    int used[CC_MAX_PLAYERS][CC_FIG_NKINDS];
    memset(used, 0, sizeof used);
    for (int i = 0; i < pos->nfigures; i++)
        used[pos->figures[i].player][pos->figures[i].kind]++;
    json_object *o = json_object_new_object();
    for (int p = 0; p < pos->nplayers; p++) {
        json_object *kinds = json_object_new_object();
        for (int k = 0; k < CC_FIG_NKINDS; k++)
            json_object_object_add(kinds, cc_figure_kind_name((cc_figure_kind)k),
                                   json_object_new_int(used[p][k]));
        json_object_object_add(o, pos->players[p], kinds);
    }
    return o;
}

/* The rules a position was checked against, and those that formed its
 * features. */
static json_object *checked_rules(const cc_position *pos, const cc_features *f)
{
    static const char *const base[] = {
        "base.placement.empty-cell", "base.placement.adjacent",
        "base.placement.edges", "base.position.supply",
    };
    json_object *rules = enc_rules(base, sizeof base / sizeof base[0]);
    if (pos->expansions & CC_EXP_ABBEY_MAYOR)
        enc_rules_add(rules, "abbey.placement.hole");
    if (pos->expansions & CC_EXP_SHRINES)
        enc_rules_add(rules, "shrines.placement.neighbours");
    for (int id = 0; id < f->nfeatures; id++)
        enc_feature_rules(rules, f, id);
    return rules;
}

void route_validate(const svc_context *ctx, json_object *root, svc_response *res)
{
    static const char *const members[] = { "position", NULL };
    game *g = game_open(ctx, root, members, res);
    if (g == NULL)
        return;
    json_object *summary = json_object_new_object();
    json_object_object_add(summary, "tiles", json_object_new_int(g->pos.ntiles));
    json_object_object_add(summary, "features", feature_summary(&g->features));
    json_object_object_add(summary, "figures", figure_summary(&g->pos));
    json_object *body = json_object_new_object();
    json_object_object_add(body, "valid", json_object_new_boolean(true));
    json_object_object_add(body, "summary", summary);
    json_object_object_add(body, "rules", checked_rules(&g->pos, &g->features));
    game_free(g);
    svc_reply_json(res, 200, body);
}
