/* route_random_game.c -- POST /v1/games/random: a whole game, seeded.
 *
 * Request: {"seed": 0 .. 2^53 - 1, "players": 2..6 (named red, blue, green,
 *   yellow, black, gray) | [names], "expansions"?: [ids], "options"?: {...}
 *   (both as in a position), "turns"?: 1..128 (stop after that many)}.
 *
 * Answer: {"seed", "version", "turns": [turn...], "game_over", "position":
 *   the position after the last turn, "final": {"events", "totals",
 *   "scores"}} where each turn is
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

/* A JSON integer (or a number without fraction) in [min, max]. */
static bool read_whole(json_object *v, const char *pointer, const char *what, int64_t min,
                       int64_t max, int64_t *out, cc_error *err)
{
    if (json_object_is_type(v, json_type_int)) {
        *out = json_object_get_int64(v);
    } else if (json_object_is_type(v, json_type_double)) {
        double d = json_object_get_double(v);
        if (!isfinite(d) || d != floor(d) || d < (double)min || d > (double)max)
            return cc_fail(err, CC_ERR_BAD_REQUEST, pointer, "Value out of range",
                           "%s is a whole number from %lld to %lld.", what, (long long)min,
                           (long long)max);
        *out = (int64_t)d;
    } else {
        return cc_fail(err, CC_ERR_BAD_REQUEST, pointer, "Wrong type",
                       "%s is a whole number from %lld to %lld.", what, (long long)min,
                       (long long)max);
    }
    if (*out < min || *out > max)
        return cc_fail(err, CC_ERR_BAD_REQUEST, pointer, "Value out of range",
                       "%s is a whole number from %lld to %lld.", what, (long long)min,
                       (long long)max);
    return true;
}

/* Expansions, options and a list of player names are read by the position
 * decoder, from a position made of them: one reading of each, with the
 * same errors, their pointers moved from /position/... to /.... */
static bool read_position_parts(const svc_context *ctx, json_object *root, json_object *names,
                                cc_position *pos, cc_error *err)
{
    json_object *p = json_object_new_object(), *wrap = json_object_new_object();
    json_object *member;
    if (json_object_object_get_ex(root, "expansions", &member))
        json_object_object_add(p, "expansions", json_object_get(member));
    if (json_object_object_get_ex(root, "options", &member))
        json_object_object_add(p, "options", json_object_get(member));
    json_object_object_add(p, "players", json_object_get(names));
    json_object_object_add(p, "tiles", json_object_new_array());
    json_object_object_add(p, "figures", json_object_new_array());
    json_object_object_add(wrap, "position", p);
    bool ok = dec_position(wrap, ctx->cat, pos, err);
    json_object_put(wrap);
    if (!ok && strncmp(err->pointer, "/position", 9) == 0)
        memmove(err->pointer, err->pointer + 9, strlen(err->pointer + 9) + 1);
    return ok;
}

static bool read_setup(const svc_context *ctx, json_object *root, cc_game_setup *s,
                       cc_error *err)
{
    static const char *const members[] = {
        "seed", "players", "expansions", "options", "turns", NULL
    };
    memset(s, 0, sizeof *s);
    json_object *seed, *players;
    if (!dec_only_members(root, members, "", err))
        return false;
    if (!json_object_object_get_ex(root, "seed", &seed))
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/seed", "Missing member",
                       "seed is required: the same seed plays the same game.");
    int64_t v;
    if (!read_whole(seed, "/seed", "seed", 0, (int64_t)CC_GAME_SEED_MAX, &v, err))
        return false;
    s->seed = (uint64_t)v;
    if (!json_object_object_get_ex(root, "players", &players))
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/players", "Missing member",
                       "players is required: a number of players (2 to 6) or their names.");
    json_object *names = NULL;
    if (json_object_is_type(players, json_type_array)) {
        names = json_object_get(players);
    } else {
        if (!read_whole(players, "/players", "players (a count)", CC_MIN_PLAYERS, CC_MAX_PLAYERS,
                        &v, err))
            return false;
        names = json_object_new_array();
        for (int i = 0; i < (int)v; i++)
            json_object_array_add(names, json_object_new_string(default_names[i]));
    }
    cc_position *pos = malloc(sizeof *pos);
    if (pos == NULL) {
        json_object_put(names);
        return cc_fail(err, (cc_status)500, "", "Out of memory", "no memory to read the request");
    }
    bool ok = read_position_parts(ctx, root, names, pos, err) &&
              dec_int(root, "turns", "", CC_GAME_MIN_TURNS, CC_GAME_MAX_TURNS, false,
                      &s->max_turns, NULL, err);
    if (ok) {
        s->expansions = pos->expansions;
        s->options = pos->options;
        s->nplayers = pos->nplayers;
        memcpy(s->players, pos->players, sizeof s->players);
    }
    free(pos);
    json_object_put(names);
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

static void write_turn(jw *w, const cc_catalog *cat, const cc_game_turn *t)
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
        enc_turn_events(w, r);
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
    jw_key(w, "events");
    jw_array(w);
    enc_score_events(w, end.scored, end.features, end.scoring);
    jw_array_end(w);
    jw_key(w, "totals");
    enc_totals(w, last, end.scoring->totals);
    jw_key(w, "scores");
    enc_totals(w, last, end.scores);
    jw_object_end(w);
    return true;
}

void route_random_game(const svc_context *ctx, json_object *root, svc_response *res)
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
        write_turn(&w, ctx->cat, t);
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
