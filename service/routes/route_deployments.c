/* route_deployments.c -- POST /v1/deployments {"position", "x", "y"}: which
 * figures may the active player deploy on the tile just placed at (x, y)?
 *
 * Answers {"tile": {x, y}, "options": [{kind, at, feature, challenge?}],
 * "rules"} (engine/deploy.h): `at` names the feature canonically on that
 * tile (a corner for a barn), `feature` is the whole feature's canonical
 * name (for a barn, the field it would stand in), and `challenge`, when the
 * follower would be a monk or heretic laying down a challenge, is the
 * challenged follower in position form. Options come by kind (meeple,
 * mayor, wagon, barn, shepherd), then location. An empty list: nothing can
 * be deployed. 422 at /x when no tile stands at (x, y). The question is
 * q_deployments (questions.h), which /v1/render draws too. */
#include "routes.h"

#include <string.h>

#include "../../engine/deploy.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "game.h"
#include "questions.h"

/* The rules the answer applied: those of every kind the position has. */
static void deploy_rules(jw *w, const game *g, int t, bool challenge)
{
    static const char *const base[] = {
        "base.deploy.placed-tile", "base.deploy.unoccupied", "base.deploy.supply",
        "base.deploy.one-figure",
    };
    enc_rules rules;
    enc_rules_init(&rules);
    enc_rules_add_all(&rules, base, sizeof base / sizeof base[0]);
    if (g->pos.options.farmers == CC_FARMERS_OFF)
        enc_rules_add(&rules, "base.deploy.no-farmers");
    unsigned exps = g->pos.expansions;
    if (exps & CC_EXP_ABBEY_MAYOR) {
        static const char *const am[] = {
            "abbey.mayor.city", "abbey.wagon.not-field", "abbey.barn.junction",
            "abbey.barn.one-per-field", "abbey.barn.no-farmers",
        };
        enc_rules_add_all(&rules, am, sizeof am / sizeof am[0]);
        if (g->pos.options.barn_placement == CC_BARN_PLACEMENT_OCCUPIED)
            enc_rules_add(&rules, "abbey.barn.occupied");
        if (g->board.tiles[t].type->is_abbey)
            enc_rules_add(&rules, "abbey.abbey.monk");
    }
    if (exps & CC_EXP_HILLS_SHEEP) {
        enc_rules_add(&rules, "hills-sheep.shepherd.field");
        enc_rules_add(&rules, "hills-sheep.shepherd.token");
    }
    if (challenge)
        enc_rules_add(&rules, "shrines.challenge.deploy");
    enc_rules_write(w, &rules);
}

bool q_deployments(const game *g, const jr_obj *obj, int *x, int *y, int *t,
                   cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS], int *n, cc_error *err)
{
    *n = 0;
    if (!dec_int(obj, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, x, NULL, err) ||
        !dec_int(obj, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, y, NULL, err) ||
        (*t = game_tile(g, *x, *y, err)) < 0)
        return false;
    *n = cc_deployments(&g->pos, &g->features, *t, opts);
    return true;
}

void route_deployments(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", Q_DEPLOYMENTS_MEMBERS, NULL };
    cc_error err;
    memset(&err, 0, sizeof err);
    int x = 0, y = 0, t = -1, n = 0;
    /* The question's members are checked before the position is read, so a
     * malformed x or y is reported even with a broken position. */
    if (!dec_only_members(root, members, "", &err) ||
        !dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, &err) ||
        !dec_int(root, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, &err)) {
        svc_reply_problem(res, &err);
        return;
    }
    game *g = game_load(ctx, root, res);
    if (g == NULL)
        return;
    cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
    if (!q_deployments(g, root, &x, &y, &t, opts, &n, &err)) {
        svc_reply_problem(res, &err);
        game_free(g);
        return;
    }
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "tile");
    enc_xy(&w, x, y);
    jw_key(&w, "options");
    jw_array(&w);
    bool challenge = false;
    for (int i = 0; i < n; i++) {
        enc_deploy_option(&w, &g->pos, &g->features, &opts[i]);
        challenge |= opts[i].challenge >= 0;
    }
    jw_array_end(&w);
    jw_key(&w, "rules");
    deploy_rules(&w, g, t, challenge);
    jw_object_end(&w);
    game_free(g);
    svc_reply_jw(res, 200, &w);
}
