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
#include "../wire/encode_text.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "../wire/encode_events.h"
#include "game.h"
#include "questions.h"

/* Scratch for the position with the barn added. */
typedef struct {
    cc_position pos;
    cc_board board;
    cc_features features;
    cc_score_result score;
} barn_trial;

/* The member "scoring": the events the barn would trigger, and their
 * rules added to rules; false after replying a problem. */
static bool add_scoring(const svc_context *ctx, const game *g, int x, int y, int corner,
                        jw *w, enc_rules *rules, svc_response *res)
{
    if (g->pos.nfigures >= CC_MAX_FIGURES)   /* cannot happen: the barn is in the supply */
        return svc_problem(res, 422, "/position/figures", CC_MSG_P_MORE_FIGURES, SVC_D_SUPPLY_FULL,
                           CC_ARGS(CC_INT(COUNT, g->pos.nfigures)));
    barn_trial *trial = malloc(sizeof *trial);
    if (trial == NULL)
        return svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_BARN, CC_NO_ARGS);
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
    int totals[CC_MAX_PLAYERS] = { 0 };
    jw_key(w, "scoring");
    jw_object(w);
    jw_key(w, "events");
    jw_array(w);
    for (int e = 0; e < trial->score.nevents; e++) {
        const cc_score_event *ev = &trial->score.events[e];
        if (ev->kind != CC_EV_BARN_PLACED)
            continue;
        enc_score_event(w, &trial->pos, &trial->features, ev, ctx->lang);
        enc_rules_add_all(rules, ev->rules, (size_t)ev->nrules);
        for (int p = 0; p < trial->pos.nplayers; p++)
            totals[p] += ev->points[p];
    }
    jw_array_end(w);
    jw_key(w, "totals");
    enc_totals(w, &trial->pos, totals);
    jw_object_end(w);
    free(trial);
    return true;
}

bool q_barn_spot(const jr_obj *obj, int *x, int *y, cc_loc *at, cc_error *err)
{
    if (!dec_int(obj, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, x, NULL, err) ||
        !dec_int(obj, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, y, NULL, err) ||
        !dec_loc(obj, "at", "", true, true, at, NULL, err))
        return false;
    if (at->kind != CC_LOC_CORNER)
        return CC_FAIL0(err, (cc_status)400, "/at", SVC_P_VALUE_OUT_OF_RANGE, SVC_D_BARN_ON_CORNER);
    return true;
}

void route_barn_check(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", Q_BARN_MEMBERS, NULL };
    cc_error err;
    memset(&err, 0, sizeof err);
    int x = 0, y = 0;
    cc_loc at;
    if (!dec_only_members(root, members, "", &err) || !q_barn_spot(root, &x, &y, &at, &err)) {
        svc_reply_problem(res, &err);
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
    static const char *const checked[] = {
        "base.deploy.supply", "abbey.barn.junction", "abbey.barn.one-per-field",
    };
    enc_rules rules;
    enc_rules_init(&rules);
    enc_rules_add_all(&rules, checked, sizeof checked / sizeof checked[0]);
    if (v.joins_barn && v.legal)
        enc_rules_add(&rules, "abbey.barn.occupied");
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_bool(&w, "legal", v.legal);
    if (!v.legal) {
        jw_key(&w, "reason");
        jw_object(&w);
        jw_member_string(&w, "rule", v.rule);
        txt_args ta = { .pos = &g->pos };
        enc_text_member1(&w, "explain", ctx->lang, &v.reason, &ta);
        jw_object_end(&w);
    } else {
        jw_key(&w, "field");
        enc_feature_ref(&w, &g->features, v.field);
        if (!add_scoring(ctx, g, x, y, at.value, &w, &rules, res)) {
            jw_free(&w);
            game_free(g);
            return;
        }
    }
    jw_key(&w, "rules");
    enc_rules_write(&w, &rules);
    jw_object_end(&w);
    game_free(g);
    svc_reply_jw(res, 200, &w);
}
