/* route_barn_check.c -- POST /v1/barn-check {"position", "x", "y", "at"}:
 * may the active player put a barn on corner `at` of the tile just placed
 * at (x, y)?
 *
 * Answers {"legal", "reason"?: {"rule", "explain"} (when not), "field"?:
 * the field it would stand in (when legal), "scoring"?: {"events",
 * "totals"} (when legal: the farmers the barn scores at once, A&M Barn 3.,
 * computed by the scoring engine with the barn as this turn's deployment;
 * empty when no farmer stands in the field), "rules"} (engine/barn.h).
 * `at` must be a corner (NE, SE, SW, NW): 400 otherwise. 422 at /x when no
 * tile stands at (x, y). */
#include "routes.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/barn.h"
#include "../../engine/scoring.h"
#include "../../engine/shepherd.h"
#include "../../engine/validate.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "../wire/encode_events.h"
#include "game.h"

/* Scratch for the position with the barn added. */
typedef struct {
    cc_position pos;
    cc_board board;
    cc_features features;
    cc_score_result score;
} barn_trial;

/* The barn events the barn would trigger, into body.scoring; false after
 * replying a problem. */
static bool add_scoring(const svc_context *ctx, const game *g, int x, int y, int corner,
                        json_object *body, svc_response *res)
{
    if (g->pos.nfigures >= CC_MAX_FIGURES)   /* cannot happen: the barn is in the supply */
        return svc_fail(res, 422, "/position/figures", "More figures than the supply holds",
                        "the position already holds %d figures", g->pos.nfigures);
    barn_trial *trial = malloc(sizeof *trial);
    if (trial == NULL)
        return svc_fail(res, 500, "", "Out of memory", "no memory for the barn's scoring");
    trial->pos = g->pos;
    cc_figure *barn = &trial->pos.figures[trial->pos.nfigures];
    memset(barn, 0, sizeof *barn);
    barn->player = g->pos.active;
    barn->kind = CC_FIG_BARN;
    barn->x = x;
    barn->y = y;
    barn->at = cc_loc_make(CC_LOC_CORNER, corner);
    cc_turn_choices in = cc_turn_choices_none();
    in.deployed = trial->pos.nfigures++;
    cc_error err;
    memset(&err, 0, sizeof err);
    bool ok = cc_validate(&trial->pos, ctx->cat, &trial->board, &trial->features, &err);
    if (ok) {
        /* Shepherd actions are no part of the barn's scoring; choose one
         * only so the engine accepts the turn. */
        int t = cc_board_at(&trial->board, x, y);
        if (cc_shepherd_to_act(&trial->pos, &trial->features, t, in.deployed) >= 0)
            in.shepherd = CC_SHEPHERD_GUIDE;
        ok = cc_score_turn(&trial->pos, &trial->features, x, y, &in, &trial->score, &err);
    }
    if (!ok) {
        svc_reply_problem(res, &err);
        free(trial);
        return false;
    }
    json_object *events = json_object_new_array();
    int totals[CC_MAX_PLAYERS] = { 0 };
    for (int e = 0; e < trial->score.nevents; e++) {
        const cc_score_event *ev = &trial->score.events[e];
        if (ev->kind != CC_EV_BARN_PLACED)
            continue;
        json_object_array_add(events, enc_score_event(&trial->pos, &trial->features, ev));
        for (int p = 0; p < trial->pos.nplayers; p++)
            totals[p] += ev->points[p];
    }
    json_object *scoring = json_object_new_object();
    json_object_object_add(scoring, "events", events);
    json_object_object_add(scoring, "totals", enc_totals(&trial->pos, totals));
    json_object_object_add(body, "scoring", scoring);
    free(trial);
    return true;
}

void route_barn_check(const svc_context *ctx, json_object *root, svc_response *res)
{
    static const char *const members[] = { "position", "x", "y", "at", NULL };
    cc_error err;
    memset(&err, 0, sizeof err);
    int x = 0, y = 0;
    cc_loc at;
    if (!dec_only_members(root, members, "", &err) ||
        !dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, &err) ||
        !dec_int(root, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, &err) ||
        !dec_loc(root, "at", "", true, true, &at, NULL, &err)) {
        svc_reply_problem(res, &err);
        return;
    }
    if (at.kind != CC_LOC_CORNER) {
        svc_fail(res, 400, "/at", "Value out of range",
                 "A barn stands on a corner: at is NE, SE, SW or NW.");
        return;
    }
    game *g = game_load(ctx, root, res);
    if (g == NULL)
        return;
    int t = game_tile(g, x, y, &err);
    if (t < 0) {
        svc_reply_problem(res, &err);
        game_free(g);
        return;
    }
    cc_barn_verdict v;
    cc_barn_check(&g->pos, &g->features, t, at.value, &v);
    json_object *body = json_object_new_object();
    json_object_object_add(body, "legal", json_object_new_boolean(v.legal));
    static const char *const checked[] = {
        "base.deploy.supply", "abbey.barn.junction", "abbey.barn.one-per-field",
    };
    json_object *rules = enc_rules(checked, sizeof checked / sizeof checked[0]);
    if (v.joins_barn && v.legal)
        enc_rules_add(rules, "abbey.barn.occupied");
    if (!v.legal) {
        json_object *reason = json_object_new_object();
        json_object_object_add(reason, "rule", json_object_new_string(v.rule));
        json_object_object_add(reason, "explain", json_object_new_string(v.explain));
        json_object_object_add(body, "reason", reason);
    } else {
        json_object_object_add(body, "field", enc_feature_ref(&g->features, v.field));
        if (!add_scoring(ctx, g, x, y, at.value, body, res)) {
            json_object_put(body);
            json_object_put(rules);
            game_free(g);
            return;
        }
        json_object *events;
        json_object *scoring;
        json_object_object_get_ex(body, "scoring", &scoring);
        json_object_object_get_ex(scoring, "events", &events);
        for (size_t e = 0; e < json_object_array_length(events); e++) {
            json_object *er;
            json_object_object_get_ex(json_object_array_get_idx(events, e), "rules", &er);
            for (size_t i = 0; i < json_object_array_length(er); i++)
                enc_rules_add(rules, json_object_get_string(json_object_array_get_idx(er, i)));
        }
    }
    json_object_object_add(body, "rules", rules);
    game_free(g);
    svc_reply_json(res, 200, body);
}
