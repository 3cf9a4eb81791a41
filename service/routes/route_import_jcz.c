/* route_import_jcz.c -- POST /v1/import/jcz[?turn=N]: a JCloisterZone /
 * FanCloisterZone saved game in, the position at any moment of it out.
 *
 * Request: the .jcz file as the apps write it (service/jcz/jcz_read.h).
 * Query: turn=N (1 <= N <= turns + 1): the position before turn N, turns
 * counted from 1, abbeys included; default: after the last complete turn,
 * with the final scoring applied when the game ended.
 *
 * Answer: {"position": the position (contract section 3, player names
 *   from the file, options from its rules), "turn": N, "turns": complete
 *   turns in the file, "game_over", "next": {"tile"} (the tile turn N
 *   places, when the file says) or null, "events": [{"turn", "player",
 *   "move": the move in /v1/turn's form, "events": what it scored and
 *   "rules": what it applied, both as /v1/turn answers them}] for turns
 *   1..N-1. A move's "discarded" lists the tiles drawn before its tile that
 *   fit nowhere (known from drawOrder). When the next player's draws all
 *   fit nowhere and the pile runs out, an entry {"turn" (the turn it
 *   follows), "player", "pile_ran_out": true, "move": {"discarded"},
 *   "events" (the end-game scoring when the game ends there), "rules"}
 *   follows: the "move" members are the moves POST /v1/export/jcz takes}.
 * Errors: 400 a malformed file or turn; 422 anything out of scope (with
 * the pointer into the file) or a move the rules forbid (the pointer of
 * the replay message, the rule in the detail). */
#include "routes.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/board.h"
#include "../../engine/scoring.h"
#include "../jcz/jcz_replay.h"
#include "../wire/encode.h"
#include "../wire/encode_events.h"
#include "../wire/encode_position.h"

#define TURN_MAX 100000

/* ---- the move of a turn, in /v1/turn's form -------------------------------- */

static void token(jw *w, int t)
{
    if (t == CC_TOKEN_WOLF)
        jw_string(w, "wolf");
    else
        jw_int(w, t);
}

static void deploy(jw *w, const jcz_turn *t)
{
    const cc_move *mv = t->move;
    const cc_turn_result *r = t->result;
    jw_object(w);
    jw_member_string(w, "kind", cc_figure_kind_name(mv->deploy_kind));
    cc_loc at = mv->deploy_at;
    if (at.kind == CC_LOC_FEATURE) {
        int tile = cc_board_at(&r->board, mv->x, mv->y);
        at = cc_board_feature_name(&r->board, tile, at.value);
    }
    jw_key(w, "at");
    enc_loc(w, at);
    if (mv->deploy_kind == CC_FIG_SHEPHERD) {
        jw_key(w, "token");
        token(w, mv->first_token);
    }
    jw_object_end(w);
}

static void discarded(jw *w, const cc_catalog *cat, const jcz_turn *t)
{
    jw_key(w, "discarded");
    jw_array(w);
    for (int i = 0; i < t->ndiscarded; i++)
        jw_string(w, cat->types[t->discarded[i]].id);
    jw_array_end(w);
}

/* The move, as POST /v1/turn (and POST /v1/export/jcz) take it; for the
 * pile running out, {"discarded"} alone. */
static void move(jw *w, const cc_catalog *cat, const jcz_turn *t)
{
    const cc_move *mv = t->move;
    jw_object(w);
    if (t->ran_out) {
        discarded(w, cat, t);
        jw_object_end(w);
        return;
    }
    const cc_turn_result *r = t->result;
    jw_member_string(w, "tile", cat->types[mv->type].id);
    jw_member_int(w, "x", mv->x);
    jw_member_int(w, "y", mv->y);
    jw_member_int(w, "rot", mv->rot * 90);
    if (mv->deploy) {
        jw_key(w, "deploy");
        deploy(w, t);
    }
    if (mv->shepherd != CC_SHEPHERD_NONE) {
        bool grow = mv->shepherd == CC_SHEPHERD_GROW;
        jw_key(w, "shepherd");
        jw_object(w);
        jw_member_string(w, "action", grow ? "grow" : "guide");
        if (grow) {
            jw_key(w, "token");
            token(w, mv->grow_token);
        }
        jw_object_end(w);
    }
    if (r->nwagon_moves > 0) {
        jw_key(w, "wagons");
        jw_array(w);
        for (int i = 0; i < r->nwagon_moves; i++) {
            const cc_wagon_move_event *m = &r->wagon_moves[i];
            jw_object(w);
            jw_member_int(w, "x", m->from_x);
            jw_member_int(w, "y", m->from_y);
            jw_key(w, "at");
            enc_loc(w, m->from_at);
            jw_key(w, "to");
            enc_xyat(w, m->to_x, m->to_y, m->to_at);
            jw_object_end(w);
        }
        jw_array_end(w);
    }
    if (mv->pile_empty)
        jw_member_bool(w, "pile_empty", true);
    if (t->ndiscarded > 0)
        discarded(w, cat, t);
    jw_object_end(w);
}

typedef struct {
    const cc_catalog *cat;
    jw *w;                  /* inside the "events" array */
    const char *lang;       /* the answer's language */
} listener;

static bool on_turn(void *arg, const jcz_turn *t, cc_error *err)
{
    (void)err;
    listener *l = arg;
    jw *w = l->w;
    jw_object(w);
    jw_member_int(w, "turn", t->turn);
    jw_member_string(w, "player", t->before->players[t->before->active]);
    if (t->ran_out)
        jw_member_bool(w, "pile_ran_out", true);
    jw_key(w, "move");
    move(w, l->cat, t);
    jw_key(w, "events");
    jw_array(w);
    enc_turn_events(w, t->result, l->lang);
    jw_array_end(w);
    jw_key(w, "rules");
    enc_rule_ids(w, t->result->rules, (size_t)t->result->nrules);
    jw_object_end(w);
    return true;
}

/* ---- the route -------------------------------------------------------------- */

/* Query parameter turn: 0 when absent; false after replying 400. */
static bool turn_param(const svc_context *ctx, int *turn, svc_response *res)
{
    char text[16];
    *turn = 0;
    int got = svc_query_param(ctx, "turn", text, sizeof text);
    if (got == 0)
        return true;
    const char *end = NULL;
    long n = 0;
    if (got < 0 || !svc_decimal(text, TURN_MAX, &n, &end) || *end != '\0' || n < 1)
        return svc_problem_param(res, 400, "turn", SVC_P_VALUE_OUT_OF_RANGE, SVC_D_TURN_PARAMETER,
                                 CC_NO_ARGS);
    *turn = (int)n;
    return true;
}

void route_import_jcz(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    int turn;
    if (!turn_param(ctx, &turn, res))
        return;
    jcz_game g;
    memset(&g, 0, sizeof g);
    jcz_replay_result *out = malloc(sizeof *out);
    /* The turns are written as they are replayed, into the answer's
     * "events"; the members before them once the replay is done. */
    jw events;
    jw_init(&events);
    listener l = { ctx->cat, &events, ctx->lang };
    jw_array(&events);
    if (out == NULL) {
        svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_REPLAY, CC_NO_ARGS);
    } else if (!jcz_read(root, ctx->cat, &g, &err) ||
               !jcz_replay(&g, ctx->cat, turn > 0 ? turn - 1 : -1, on_turn, &l, ctx->lang, out,
                          &err)) {
        svc_reply_problem(res, &err);
    } else if (turn > out->turns + 1) {
        svc_problem(res, 422, "", SVC_P_NO_SUCH_TURN, SVC_D_NO_SUCH_TURN,
                    CC_ARGS(CC_INT(TURNS, out->turns), CC_INT(MAX, out->turns + 1)));
    } else {
        jw_array_end(&events);
        jw w;
        jw_init(&w);
        jw_object(&w);
        jw_key(&w, "position");
        enc_position(&w, &out->position, ctx->cat);
        jw_member_int(&w, "turn", out->played + 1);
        jw_member_int(&w, "turns", out->turns);
        jw_member_bool(&w, "game_over", out->game_over);
        jw_key(&w, "next");
        if (out->next_tile >= 0) {
            jw_object(&w);
            jw_member_string(&w, "tile", ctx->cat->types[out->next_tile].id);
            jw_object_end(&w);
        } else {
            jw_null(&w);
        }
        jw_key(&w, "events");
        jw_value(&w, &events);
        jw_object_end(&w);
        svc_reply_jw(res, 200, &w);
        jw_free(&w);
    }
    jw_free(&events);
    jcz_game_free(&g);
    free(out);
}
