/* route_random_game.c -- POST /v1/games/random: a whole game, seeded.
 *
 * Request: {"seed": 0 .. 2^53 - 1, "players": 2..6 (named red, blue, green,
 *   yellow, black, gray) | [names], "expansions"?: [ids], "options"?: {...}
 *   (both as in a position), "turns"?: 1..128 (stop after that many)}.
 *
 * Answer: {"seed", "version", "turns": [turn...], "game_over", "position":
 *   the position after the last turn, "final": {"position": the board as
 *   the end-game scoring found it (figures still on it), "events",
 *   "totals", "scores"}} where each turn is
 *   {"turn": 1.., "player", "position": the position it starts from,
 *    "discarded": [tile ids drawn and discarded], "pass": false,
 *    "tile": the tile placed (the abbey's id for an abbey), "under_hill"?:
 *    the tile set under a hill, "placements": [{x, y, rot}] (as
 *    /v1/placements), "move": the body of /v1/turn without "position"
 *    ({tile, x, y, rot?, deploy?, shepherd?, wagons?, pile_empty}),
 *    "deployments": [{kind, at, feature, challenge?}] (as
 *    /v1/deployments on the tile placed), "events", "totals", "game_over"
 *    (as /v1/turn answers the move)}
 *   or, when every tile drawn was discarded and the pile ran out, {"turn",
 *   "player", "position", "discarded", "pass": true}. "final" is the
 *   end-game scoring of the game's last position: the last move's end-game
 *   events when the game ended by the rules, otherwise those /v1/score
 *   with "final": true gives for "position"; "scores" is each player's
 *   total after it.
 *
 * The game itself is engine/random_game.h; this file reads the request
 * and writes the answer. Errors: 400 for a malformed request (pointers at
 * the member: /seed, /players/1, /expansions/0, /options/wagon_rules,
 * /turns); 500 if the engine refuses a move it offered (a bug). */
#include "routes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/random_game.h"
#include "../../include/carcassonne_rules.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "../wire/encode_events.h"
#include "../wire/encode_position.h"
#include "../wire/json_writer.h"

/* ---- the request ------------------------------------------------------------------ */

static const char *const default_names[CC_MAX_PLAYERS] = {
    "red", "blue", "green", "yellow", "black", "gray"
};

/* A JSON integer (or a number without fraction) in [min, max]. A number too
 * small for a double (1e-330) has a fraction, like 1e-5. */
static bool read_whole(jr_val v, const char *pointer, const char *what, int64_t min,
                       int64_t max, int64_t *out, cc_error *err)
{
    char lo[24], hi[24];
    snprintf(lo, sizeof lo, "%lld", (long long)min);
    snprintf(hi, sizeof hi, "%lld", (long long)max);
#define WHOLE_ARGS CC_STR(WHAT, what), CC_QUOTE(MIN, cc_error_quote(err, 0, lo)), \
                   CC_QUOTE(MAX, cc_error_quote(err, 1, hi))
    if (v.type == JR_INT) {
        *out = jr_int64(v);
    } else if (v.type == JR_NUMBER) {
        double d = jr_double(v);
        if (!isfinite(d) || d != floor(d) || jr_underflow(v) || d < (double)min || d > (double)max)
            return CC_FAIL(err, CC_ERR_BAD_REQUEST, pointer, SVC_P_VALUE_OUT_OF_RANGE,
                           SVC_D_WHOLE_NUMBER, WHOLE_ARGS);
        *out = (int64_t)d;
    } else {
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, pointer, SVC_P_WRONG_TYPE, SVC_D_WHOLE_NUMBER,
                       WHOLE_ARGS);
    }
    if (*out < min || *out > max)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, pointer, SVC_P_VALUE_OUT_OF_RANGE,
                       SVC_D_WHOLE_NUMBER, WHOLE_ARGS);
#undef WHOLE_ARGS
    return true;
}

static bool read_setup(const svc_context *ctx, jr_obj *root, cc_game_setup *s,
                       cc_error *err)
{
    (void)ctx;
    static const char *const members[] = {
        "seed", "players", "expansions", "options", "turns", NULL
    };
    memset(s, 0, sizeof *s);
    jr_val seed, players;
    if (!dec_only_members(root, members, "", err))
        return false;
    if (!jr_obj_get(root, "seed", &seed))
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/seed", SVC_P_MISSING_MEMBER, SVC_D_SEED_REQUIRED);
    int64_t v;
    if (!read_whole(seed, "/seed", "seed", 0, (int64_t)CC_GAME_SEED_MAX, &v, err))
        return false;
    s->seed = (uint64_t)v;
    if (!jr_obj_get(root, "players", &players))
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/players", SVC_P_MISSING_MEMBER,
                        SVC_D_PLAYERS_REQUIRED);
    /* Names, or a count of them: then the first names of the default list.
     * Expansions, options and names are read as a position's are, with the
     * same errors at /expansions, /options, /players. */
    int count = 0;
    if (players.type != JR_ARRAY) {
        if (!read_whole(players, "/players", "players (a count)", CC_MIN_PLAYERS, CC_MAX_PLAYERS,
                        &v, err))
            return false;
        count = (int)v;
    }
    cc_position *pos = malloc(sizeof *pos);
    if (pos == NULL)
        return CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_REQUEST);
    bool ok = dec_setup(root, "", count > 0 ? default_names : NULL, count, pos, err) &&
              dec_int(root, "turns", "", CC_GAME_MIN_TURNS, CC_GAME_MAX_TURNS, false,
                      &s->max_turns, NULL, err);
    if (ok) {
        s->expansions = pos->expansions;
        s->options = pos->options;
        s->nplayers = pos->nplayers;
        memcpy(s->players, pos->players, sizeof s->players);
    }
    free(pos);
    return ok;
}

/* ---- the answer ---------------------------------------------------------------------- */

static void write_token(jw *w, int token)
{
    if (token == CC_TOKEN_WOLF)
        jw_string(w, "wolf");
    else
        jw_int(w, token);
}

/* The move as /v1/turn takes it, without the position. */
static void write_move(jw *w, const cc_catalog *cat, const cc_game_turn *t)
{
    const cc_move *mv = &t->move;
    jw_object(w);
    jw_member_string(w, "tile", cat->types[mv->type].id);
    jw_member_int(w, "x", mv->x);
    jw_member_int(w, "y", mv->y);
    if (!t->abbey)
        jw_member_int(w, "rot", mv->rot * 90);
    if (mv->deploy) {
        jw_key(w, "deploy");
        jw_object(w);
        jw_member_string(w, "kind", cc_figure_kind_name(mv->deploy_kind));
        jw_key(w, "at");
        enc_loc(w, mv->deploy_at);
        if (mv->deploy_kind == CC_FIG_SHEPHERD) {
            jw_key(w, "token");
            write_token(w, mv->first_token);
        }
        jw_object_end(w);
    }
    if (mv->shepherd != CC_SHEPHERD_NONE) {
        bool grow = mv->shepherd == CC_SHEPHERD_GROW;
        jw_key(w, "shepherd");
        jw_object(w);
        jw_member_string(w, "action", grow ? "grow" : "guide");
        if (grow) {
            jw_key(w, "token");
            write_token(w, mv->grow_token);
        }
        jw_object_end(w);
    }
    if (mv->nwagons > 0) {
        jw_key(w, "wagons");
        jw_array(w);
        for (int i = 0; i < mv->nwagons; i++) {
            const cc_move_wagon *m = &mv->wagons[i];
            jw_object(w);
            jw_member_int(w, "x", m->x);
            jw_member_int(w, "y", m->y);
            jw_key(w, "at");
            enc_loc(w, m->at);
            jw_key(w, "to");
            enc_xyat(w, m->to_x, m->to_y, m->to_at);
            jw_object_end(w);
        }
        jw_array_end(w);
    }
    jw_member_bool(w, "pile_empty", mv->pile_empty);
    jw_object_end(w);
}

static void write_turn(jw *w, const cc_catalog *cat, const cc_game_turn *t, const char *lang)
{
    jw_object(w);
    jw_member_int(w, "turn", t->number + 1);
    jw_member_string(w, "player", t->before.players[t->player]);
    jw_key(w, "position");
    enc_position(w, &t->before, cat);
    jw_key(w, "discarded");
    jw_array(w);
    for (int i = 0; i < t->ndiscarded; i++)
        jw_string(w, cat->types[t->discarded[i]].id);
    jw_array_end(w);
    jw_member_bool(w, "pass", !t->moved);
    if (t->moved) {
        const cc_turn_result *r = t->result;
        jw_member_string(w, "tile", cat->types[t->move.type].id);
        if (t->under_hill >= 0)
            jw_member_string(w, "under_hill", cat->types[t->under_hill].id);
        jw_key(w, "placements");
        enc_placements(w, t->placements, t->nplacements);
        jw_key(w, "move");
        write_move(w, cat, t);
        /* As /v1/deployments lists them for the tile placed. */
        jw_key(w, "deployments");
        jw_array(w);
        for (int i = 0; i < t->ndeployments; i++)
            enc_deploy_option(w, &r->scored, &r->features, &t->deployments[i]);
        jw_array_end(w);
        /* As /v1/turn answers the move. */
        jw_key(w, "events");
        jw_array(w);
        enc_turn_events(w, r, lang);
        jw_array_end(w);
        jw_key(w, "totals");
        enc_totals(w, &r->scored, r->totals);
        jw_member_bool(w, "game_over", r->game_over);
    }
    jw_object_end(w);
}

/* "game_over", "position" and "final": the end-game scoring of the last
 * position, and the scores after it. */
static bool write_end(jw *w, const svc_context *ctx, cc_game *g, cc_error *err)
{
    cc_game_end end;
    if (!cc_game_final(g, &end, err))
        return false;
    const cc_position *last = cc_game_position(g);
    jw_member_bool(w, "game_over", cc_game_over(g));
    jw_key(w, "position");
    enc_position(w, last, ctx->cat);
    jw_key(w, "final");
    jw_object(w);
    /* The board as the end-game scoring found it, figures still standing:
     * the picture of the final position (render this one). */
    jw_key(w, "position");
    enc_position(w, end.scored, ctx->cat);
    jw_key(w, "events");
    jw_array(w);
    enc_score_events(w, end.scored, end.features, end.scoring, ctx->lang);
    jw_array_end(w);
    jw_key(w, "totals");
    enc_totals(w, last, end.scoring->totals);
    jw_key(w, "scores");
    enc_totals(w, last, end.scores);
    jw_object_end(w);
    return true;
}

void route_random_game(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    cc_game_setup setup;
    cc_game *g = NULL;
    if (!read_setup(ctx, root, &setup, &err) || (g = cc_game_new(ctx->cat, &setup, &err)) == NULL) {
        svc_reply_problem(res, &err);
        return;
    }
    /* Written turn by turn as the game is played: the answer is text from
     * the start (a whole game is about 1 MB), never a tree. */
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_int(&w, "seed", (long long)setup.seed);
    jw_member_string(&w, "version", CRL_VERSION);
    jw_key(&w, "turns");
    jw_array(&w);
    const cc_game_turn *t;
    int rc;
    while ((rc = cc_game_step(g, &t, &err)) == 1 && !jw_failed(&w))
        write_turn(&w, ctx->cat, t, ctx->lang);
    jw_array_end(&w);
    if (rc < 0 || !write_end(&w, ctx, g, &err)) {
        jw_free(&w);
        svc_reply_problem(res, &err);
    } else {
        jw_object_end(&w);
        svc_reply_jw(res, 200, &w);
    }
    cc_game_free(g);
}
