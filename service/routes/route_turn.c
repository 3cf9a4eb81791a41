/* route_turn.c -- POST /v1/turn: a whole move; is it legal, what follows?
 *
 * Request: {"position", "tile": id (the abbey's id for an abbey),
 *   "x", "y", "rot": 0 | 90 | 180 | 270 (required except for the abbey),
 *   "deploy"?: {"kind", "at", "token"?: 1..4 | "wolf" (a shepherd's first
 *   draw, required for a shepherd)},
 *   or "deployed"?: the same figure in the position's form, {"player",
 *   "kind", "x", "y", "at", "token"?} (contract section 5: the member shared
 *   with /v1/score; its player must be the active one and x, y the tile's),
 *   "shepherd"?: {"action": "grow", "token": 1..4 | "wolf"} | {"action":
 *   "guide"} (required exactly when the tile extends the active player's
 *   shepherd's field),
 *   "wagons"?: [{"x", "y", "at", "to": {"x", "y", "at"}}] (the returning
 *   wagons that move, any order; the others go back to the supply),
 *   "pile_empty"?: bool (no land tile is left to draw after this move),
 *   "counting"?: Messages' choice of counting figures (encode_messages.h)}
 *
 * Answer: {"legal": true, "events": [the scoring phase's events, then
 *   {"kind": "wagon-move", ...} in seat order, then the end-game events when
 *   the game ends], "totals", "game_over", "position": the next position
 *   (encode_position.h), "rules", "message"? (Messages)}
 * or {"legal": false, "rule", "reason", "pointer": the member of the move
 *   at fault, "events": [], "totals": {}, "rules": [rule]}.
 * Errors: 400 malformed; 422 an impossible move (engine/turn.h). */
#include "routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/turn.h"
#include "../wire/decode.h"
#include "../wire/decode_move.h"
#include "../wire/encode.h"
#include "../../engine/deploy.h"
#include "../wire/encode_text.h"
#include "../wire/encode_events.h"
#include "../wire/encode_messages.h"
#include "../wire/encode_position.h"

/* ---- answering --------------------------------------------------------------------- */

/* An illegal deployment: "options", every figure the player may deploy on
 * the tile just placed (as /v1/deployments answers), so the answer says
 * what would do. The tile is the last of r->scored, built into r->features. */
static void deploy_options(jw *w, const cc_turn_result *r)
{
    cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
    int n = cc_deployments(&r->scored, &r->features, r->scored.ntiles - 1, opts);
    jw_key(w, "options");
    jw_array(w);
    for (int i = 0; i < n; i++)
        enc_deploy_option(w, &r->scored, &r->features, &opts[i]);
    jw_array_end(w);
}

static void illegal_answer(jw *w, const cc_turn_result *r, const char *lang)
{
    jw_object(w);
    jw_member_bool(w, "legal", false);
    jw_member_string(w, "rule", r->rule);
    txt_args ta = { .pos = &r->scored };
    enc_text_member1(w, "reason", lang, &r->reason, &ta);
    jw_member_string(w, "pointer", r->pointer);
    if (strncmp(r->pointer, "/deploy", 7) == 0 && strncmp(r->pointer, "/deployed", 9) != 0)
        deploy_options(w, r);
    jw_key(w, "events");
    jw_array(w);
    jw_array_end(w);
    jw_key(w, "totals");
    jw_object(w);
    jw_object_end(w);
    jw_key(w, "rules");
    enc_rule_ids(w, r->rules, (size_t)r->nrules);
    jw_object_end(w);
}

/* The legal answer; false with err when Messages' counting is refused
 * (w then holds a partial answer, which the caller discards). */
static bool legal_answer(const svc_context *ctx, const jr_obj *root, cc_turn_result *r, jw *w,
                         cc_error *err)
{
    jw_object(w);
    jw_member_bool(w, "legal", true);
    jw_key(w, "events");
    jw_array(w);
    enc_turn_events(w, r, ctx->lang);
    jw_array_end(w);
    jw_key(w, "totals");
    enc_totals(w, &r->scored, r->totals);
    jw_member_bool(w, "game_over", r->game_over);
    /* Messages decides which counting figure the turn's points move; without
     * it they all go to the first, as the engine already counted. A move
     * that ends the game is counted on through the end-game scoring, whose
     * events follow the turn's and the wagon moves, so "message" and the
     * position agree with /v1/score "final" on the board the turn left. */
    int counting[CC_MAX_PLAYERS][2];
    if (!msg_turn_answer(root, &r->scored, &r->turn, r->game_over ? &r->final : NULL,
                         r->turn.nevents + r->nwagon_moves, w, counting, err))
        return false;
    for (int p = 0; p < r->next.nplayers; p++) {
        r->next.scores[p][0] = counting[p][0];
        r->next.scores[p][1] = counting[p][1];
    }
    if (r->game_over) {
        /* The game ended with this move: the standings in the position it left. */
        int score[CC_MAX_PLAYERS] = { 0 };
        for (int p = 0; p < r->next.nplayers; p++)
            score[p] = r->next.scores[p][0] + r->next.scores[p][1];
        enc_standings_members(w, &r->next, score);
    }
    jw_key(w, "position");
    enc_position(w, &r->next, ctx->cat);
    jw_key(w, "rules");
    enc_rule_ids(w, r->rules, (size_t)r->nrules);
    jw_object_end(w);
    return true;
}

void route_turn(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const turn_members[] = {
        "position", "tile", "x", "y", "rot", "deploy", "deployed", "shepherd",
        "wagons", "pile_empty", "counting", NULL
    };
    cc_error err;
    memset(&err, 0, sizeof err);
    cc_position *pos = malloc(sizeof *pos);
    cc_turn_result *r = malloc(sizeof *r);
    cc_move mv;
    jw w;
    jw_init(&w);
    if (pos == NULL || r == NULL) {
        svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_MOVE, CC_NO_ARGS);
    } else if (!dec_only_members(root, turn_members, "", &err) ||
               !dec_move(ctx->cat, root, &mv, &err) || !dec_position(root, ctx->cat, pos, &err) ||
               /* NOLINTNEXTLINE(bugprone-branch-clone): bad input, like a failed answer below, is a problem */
               !dec_deployed_move(root, pos, &mv, &err) || !cc_turn(pos, ctx->cat, &mv, r, &err)) {
        svc_reply_problem(res, &err);
    } else if (!r->legal) {
        illegal_answer(&w, r, ctx->lang);
        svc_reply_jw(res, 200, &w);
    } else if (!legal_answer(ctx, root, r, &w, &err)) {
        svc_reply_problem(res, &err);
    } else {
        svc_reply_jw(res, 200, &w);
    }
    jw_free(&w);
    free(r);
    free(pos);
}
