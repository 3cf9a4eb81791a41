/* route_score.c -- POST /v1/score: what does a scoring phase yield?
 *
 * Request: {"position",
 *   "x", "y": the tile placed this turn (required unless "final" is true),
 *   "deployed"?: the figure deployed this turn, in position form (it also
 *     stands in position.figures), plus "token": 1..4 | "wolf" for a
 *     shepherd (its first draw, required then),
 *   "shepherd"?: {"action": "grow", "token": 1..4 | "wolf"} | {"action":
 *     "guide"} (required exactly when the tile extends the active player's
 *     shepherd's field),
 *   "final"?: true: the end-game scoring instead (then x, y, deployed and
 *     shepherd are not asked),
 *   "counting"?: Messages' choice of counting figures (encode_messages.h)}
 * Answer: {"events": [event...], "totals": {player: n, every player},
 *   "rules": [every id the events cite], "message"? (Messages)}, each event as encode_events.h
 *   writes it plus "strength": {player: n} (followers' strength; barns or
 *   shepherds owned for barn and flock events). Engine: engine/scoring.h.
 * Errors: 400 malformed; 422 impossible (no tile at x, y: /x; deployed not
 * in the position or not on that tile: /deployed; a missing or needless
 * shepherd choice: /shepherd). */
#include "routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/scoring.h"
#include "decode.h"
#include "encode.h"
#include "encode_events.h"
#include "encode_messages.h"
#include "game.h"

/* ---- decoding ---------------------------------------------------------------- */

/* Member "token" of obj at pointer: 1..4 or "wolf"; *out unaltered when absent. */
static bool dec_token(json_object *obj, const char *pointer, bool required, int *out,
                      cc_error *err)
{
    json_object *v;
    char ptr[CC_POINTER_MAX];
    snprintf(ptr, sizeof ptr, "%s/token", pointer);
    if (!json_object_object_get_ex(obj, "token", &v)) {
        if (required)
            return cc_fail(err, CC_ERR_BAD_REQUEST, ptr, "Missing member",
                           "token is required: the token drawn, 1 to 4 sheep or \"wolf\".");
        return true;
    }
    if (json_object_is_type(v, json_type_string) && strcmp(json_object_get_string(v), "wolf") == 0) {
        *out = CC_TOKEN_WOLF;
        return true;
    }
    return dec_int(obj, "token", pointer, 1, CC_TOKEN_MAX_SHEEP, true, out, NULL, err);
}

/* "deployed": matched to its figure in the position (engine). */
static bool dec_deployed(json_object *root, const game *g, int x, int y,
                         cc_turn_choices *ch, cc_error *err)
{
    static const char *const extra[] = { "token", NULL };
    json_object *d = NULL;
    cc_figure fig;
    if (!dec_object(root, "deployed", "", false, &d, err))
        return false;
    if (d == NULL)
        return true;
    if (!dec_figure_with(d, "/deployed", &g->pos, extra, &fig, err))
        return false;
    bool shepherd = fig.kind == CC_FIG_SHEPHERD;
    if (!shepherd && json_object_object_get_ex(d, "token", NULL))
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/deployed/token", "Unknown member",
                       "Only a shepherd draws a token when it is deployed.");
    return dec_token(d, "/deployed", shepherd, &ch->first_token, err) &&
           cc_score_match_deployed(&g->pos, &g->features, x, y, &fig, &ch->deployed, err);
}

static bool dec_shepherd(json_object *root, cc_turn_choices *ch, cc_error *err)
{
    static const char *const members[] = { "action", "token", NULL };
    json_object *s = NULL;
    const char *action = NULL;
    if (!dec_object(root, "shepherd", "", false, &s, err))
        return false;
    if (s == NULL)
        return true;
    if (!dec_only_members(s, members, "/shepherd", err) ||
        !dec_string(s, "action", "/shepherd", true, &action, err))
        return false;
    if (strcmp(action, "guide") == 0) {
        ch->shepherd = CC_SHEPHERD_GUIDE;
        if (json_object_object_get_ex(s, "token", NULL))
            return cc_fail(err, CC_ERR_BAD_REQUEST, "/shepherd/token", "Unknown member",
                           "Guiding the flock draws no token.");
        return true;
    }
    if (strcmp(action, "grow") != 0)
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/shepherd/action", "Value out of range",
                       "action is \"grow\" or \"guide\".");
    ch->shepherd = CC_SHEPHERD_GROW;
    return dec_token(s, "/shepherd", true, &ch->grow_token, err);
}

/* With "final": true the turn's members are not asked. */
static bool no_turn_members(json_object *root, cc_error *err)
{
    static const char *const turn[] = { "x", "y", "deployed", "shepherd" };
    for (size_t i = 0; i < sizeof turn / sizeof turn[0]; i++)
        if (json_object_object_get_ex(root, turn[i], NULL)) {
            char ptr[16];
            snprintf(ptr, sizeof ptr, "/%s", turn[i]);
            return cc_fail(err, CC_ERR_BAD_REQUEST, ptr, "Unknown member",
                           "With \"final\": true the end-game scoring is asked; %s belongs to a"
                           " turn's scoring phase.", turn[i]);
        }
    return true;
}

/* ---- answering ---------------------------------------------------------------- */

static json_object *answer(const game *g, const cc_score_result *r)
{
    json_object *body = json_object_new_object();
    json_object *events = json_object_new_array_ext(r->nevents);
    for (int e = 0; e < r->nevents; e++) {
        const cc_score_event *ev = &r->events[e];
        json_object *o = enc_score_event(&g->pos, &g->features, ev);
        if (ev->feature < 0)
            json_object_object_add(o, "feature", NULL);   /* a figure action about no feature */
        json_object_object_add(o, "strength", enc_totals(&g->pos, ev->strength));
        json_object_array_add(events, o);
    }
    json_object_object_add(body, "events", events);
    json_object_object_add(body, "totals", enc_totals(&g->pos, r->totals));
    json_object_object_add(body, "rules", enc_rules(r->rules, (size_t)r->nrules));
    return body;
}

static bool score(const game *g, json_object *root, cc_score_result *r, cc_error *err)
{
    bool final = false;
    if (!dec_bool(root, "final", "", false, &final, NULL, err))
        return false;
    if (final) {
        if (!no_turn_members(root, err))
            return false;
        cc_score_final(&g->pos, &g->features, r);
        return true;
    }
    int x = 0, y = 0;
    cc_turn_choices ch = cc_turn_choices_none();
    if (!dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, err) ||
        !dec_int(root, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, err))
        return false;
    if (cc_board_at(&g->board, x, y) < 0)
        return cc_fail(err, CC_ERR_IMPOSSIBLE, "/x", "Tile not on the board",
                       "no tile stands at (%d, %d); the tile placed this turn must be in position.tiles",
                       x, y);
    return dec_deployed(root, g, x, y, &ch, err) && dec_shepherd(root, &ch, err) &&
           cc_score_turn(&g->pos, &g->features, x, y, &ch, r, err);
}

void route_score(const svc_context *ctx, json_object *root, svc_response *res)
{
    static const char *const members[] = {
        "position", "x", "y", "deployed", "shepherd", "final", "counting", NULL
    };
    cc_error err;
    memset(&err, 0, sizeof err);
    if (!dec_only_members(root, members, "", &err)) {
        svc_reply_problem(res, &err);
        return;
    }
    game *g = game_load(ctx, root, res);
    if (g == NULL)
        return;
    cc_score_result *r = malloc(sizeof *r);
    if (r == NULL) {
        game_free(g);
        svc_fail(res, 500, "", "Out of memory", "the service could not allocate a scoring result");
        return;
    }
    r->nevents = r->nrules = 0;   /* the engine fills it on success; never read uninitialised */
    /* Messages: "counting" in, "message" out (service/encode_messages.h). */
    json_object *body = NULL;
    if (score(g, root, r, &err) && (body = answer(g, r)) != NULL &&
        msg_score_answer(root, &g->pos, r, body, NULL, &err)) {
        svc_reply_json(res, 200, body);
    } else {
        json_object_put(body);
        svc_reply_problem(res, &err);
    }
    free(r);
    game_free(g);
}
