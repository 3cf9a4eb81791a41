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
#include "../../engine/wagon.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "../wire/encode_events.h"
#include "../wire/encode_messages.h"
#include "../wire/encode_position.h"

/* ---- decoding ---------------------------------------------------------------- */

static bool dec_deploy(json_object *root, cc_move *mv, cc_error *err)
{
    static const char *const members[] = { "kind", "at", "token", NULL };
    json_object *d = NULL;
    const char *kind = NULL;
    if (!dec_object(root, "deploy", "", false, &d, err))
        return false;
    if (d == NULL)
        return true;
    if (!dec_only_members(d, members, "/deploy", err) ||
        !dec_string(d, "kind", "/deploy", true, &kind, err))
        return false;
    int k = cc_figure_kind_parse(kind);
    if (k < 0)
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/deploy/kind", "Value out of range",
                       "kind is one of meeple, mayor, wagon, barn, shepherd.");
    mv->deploy = true;
    mv->deploy_kind = (cc_figure_kind)k;
    if (!dec_loc(d, "at", "/deploy", true, true, &mv->deploy_at, NULL, err))
        return false;
    if (k != CC_FIG_SHEPHERD && json_object_object_get_ex(d, "token", NULL))
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/deploy/token", "Unknown member",
                       "Only a shepherd draws a token when it is deployed.");
    return dec_token(d, "/deploy", k == CC_FIG_SHEPHERD, &mv->first_token, err);
}

static bool dec_spot(json_object *o, const char *pointer, int *x, int *y, cc_loc *at,
                     cc_error *err)
{
    return dec_int(o, "x", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, x, NULL, err) &&
           dec_int(o, "y", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, y, NULL, err) &&
           dec_loc(o, "at", pointer, false, true, at, NULL, err);
}

static bool dec_wagons(json_object *root, cc_move *mv, cc_error *err)
{
    static const char *const members[] = { "x", "y", "at", "to", NULL };
    static const char *const to_members[] = { "x", "y", "at", NULL };
    json_object *list = NULL;
    if (!dec_array(root, "wagons", "", false, &list, err))
        return false;
    if (list == NULL)
        return true;
    size_t n = json_object_array_length(list);
    if (n > CC_MAX_PLAYERS)
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/wagons", "Value out of range",
                       "At most %d wagons (one per player) move in a turn; wagons lists %zu.",
                       CC_MAX_PLAYERS, n);
    for (size_t i = 0; i < n; i++) {
        json_object *w = json_object_array_get_idx(list, i), *to = NULL;
        char ptr[40], to_ptr[48];
        snprintf(ptr, sizeof ptr, "/wagons/%zu", i);
        snprintf(to_ptr, sizeof to_ptr, "%s/to", ptr);
        if (!json_object_is_type(w, json_type_object))
            return cc_fail(err, CC_ERR_BAD_REQUEST, ptr, "Wrong type",
                           "Each element of wagons is an object {x, y, at, to}.");
        cc_move_wagon *mw = &mv->wagons[i];
        if (!dec_only_members(w, members, ptr, err) ||
            !dec_spot(w, ptr, &mw->x, &mw->y, &mw->at, err) ||
            !dec_object(w, "to", ptr, true, &to, err) ||
            !dec_only_members(to, to_members, to_ptr, err) ||
            !dec_spot(to, to_ptr, &mw->to_x, &mw->to_y, &mw->to_at, err))
            return false;
    }
    mv->nwagons = (int)n;
    return true;
}

/* Member "deployed", the contract's form of the deployment shared with
 * /v1/score: a figure in position form. It needs the decoded position (its
 * player is a name) and says nothing "deploy" does not, so it is read after
 * the position and turned into the same move. */
static bool dec_deployed_move(json_object *root, const cc_position *pos, cc_move *mv,
                              cc_error *err)
{
    cc_figure fig;
    bool present;
    bool given_as_deploy = mv->deploy;
    if (!dec_deployed(root, pos, &fig, &mv->first_token, &present, err))
        return false;
    if (!present)
        return true;
    if (given_as_deploy)
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/deployed", "Unknown member",
                       "Give the deployment once: either deploy or deployed, not both.");
    if (fig.player != pos->active)
        return cc_fail(err, CC_ERR_IMPOSSIBLE, "/deployed/player", "Not the active player",
                       "Only the active player, %s, deploys a figure this turn; deployed names %s.",
                       pos->players[pos->active], pos->players[fig.player]);
    if (fig.x != mv->x || fig.y != mv->y)
        return cc_fail(err, CC_ERR_IMPOSSIBLE, "/deployed/x", "Not on the placed tile",
                       "A figure is deployed on the tile placed this turn, (%d, %d); deployed stands on (%d, %d).",
                       mv->x, mv->y, fig.x, fig.y);
    mv->deploy = true;
    mv->deploy_kind = fig.kind;
    mv->deploy_at = fig.at;
    return true;
}

/* Decode everything but the position; false with err. */
static bool dec_move(const svc_context *ctx, json_object *root, cc_move *mv, cc_error *err)
{
    static const char *const members[] = {
        "position", "tile", "x", "y", "rot", "deploy", "deployed", "shepherd",
        "wagons", "pile_empty", "counting", NULL
    };
    int type = -1, x = 0, y = 0, deg = 0;
    bool has_rot = false;
    if (!dec_only_members(root, members, "", err) ||
        !dec_tile_id(root, "tile", "", ctx->cat, &type, err) ||
        !dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, err) ||
        !dec_int(root, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, err))
        return false;
    bool abbey = ctx->cat->types[type].is_abbey;
    if (!dec_int(root, "rot", "", 0, 270, !abbey, &deg, &has_rot, err))
        return false;
    if (deg % 90 != 0)
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/rot", "Value out of range",
                       "rot is 0, 90, 180 or 270; it is %d.", deg);
    *mv = cc_move_make(type, x, y, deg / 90);
    return dec_deploy(root, mv, err) &&
           dec_shepherd_choice(root, &mv->shepherd, &mv->grow_token, err) &&
           dec_wagons(root, mv, err) &&
           dec_bool(root, "pile_empty", "", false, &mv->pile_empty, NULL, err);
}

/* ---- answering --------------------------------------------------------------------- */

static void illegal_answer(jw *w, const cc_turn_result *r)
{
    jw_object(w);
    jw_member_bool(w, "legal", false);
    jw_member_string(w, "rule", r->rule);
    jw_member_string(w, "reason", r->reason);
    jw_member_string(w, "pointer", r->pointer);
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

static void wagon_event(jw *w, const cc_turn_result *r, const cc_wagon_move_event *m)
{
    jw_object(w);
    jw_member_string(w, "kind", "wagon-move");
    jw_member_string(w, "player", r->scored.players[m->player]);
    jw_key(w, "from");
    enc_xyat(w, m->from_x, m->from_y, m->from_at);
    jw_key(w, "to");
    enc_xyat(w, m->to_x, m->to_y, m->to_at);
    int id = cc_features_locate(&r->features, m->to_x, m->to_y, m->to_at);
    if (id >= 0) {
        jw_key(w, "feature");
        enc_feature_ref(w, &r->features, id);
    }
    jw_key(w, "rules");
    jw_array(w);
    jw_string(w, cc_wagon_rule(&r->scored));
    jw_array_end(w);
    jw_object_end(w);
}

/* The legal answer; false with err when Messages' counting is refused
 * (w then holds a partial answer, which the caller discards). */
static bool legal_answer(const svc_context *ctx, json_object *root, cc_turn_result *r, jw *w,
                         cc_error *err)
{
    jw_object(w);
    jw_member_bool(w, "legal", true);
    jw_key(w, "events");
    jw_array(w);
    enc_score_events(w, &r->scored, &r->features, &r->turn);
    for (int i = 0; i < r->nwagon_moves; i++)
        wagon_event(w, r, &r->wagon_moves[i]);
    if (r->game_over)
        enc_score_events(w, &r->before_final, &r->features, &r->final);
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
    jw_key(w, "position");
    enc_position(w, &r->next, ctx->cat);
    jw_key(w, "rules");
    enc_rule_ids(w, r->rules, (size_t)r->nrules);
    jw_object_end(w);
    return true;
}

void route_turn(const svc_context *ctx, json_object *root, svc_response *res)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    cc_position *pos = malloc(sizeof *pos);
    cc_turn_result *r = malloc(sizeof *r);
    cc_move mv;
    jw w;
    jw_init(&w);
    if (pos == NULL || r == NULL) {
        svc_fail(res, 500, "", "Out of memory", "no memory to play the move");
    } else if (!dec_move(ctx, root, &mv, &err) || !dec_position(root, ctx->cat, pos, &err) ||
               /* NOLINTNEXTLINE(bugprone-branch-clone): bad input, like a failed answer below, is a problem */
               !dec_deployed_move(root, pos, &mv, &err) || !cc_turn(pos, ctx->cat, &mv, r, &err)) {
        svc_reply_problem(res, &err);
    } else if (!r->legal) {
        illegal_answer(&w, r);
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
