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
 * shepherd choice: /shepherd). The question is q_score (questions.h),
 * which /v1/render draws too. */
#include "routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/scoring.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "../wire/encode_events.h"
#include "../wire/encode_messages.h"
#include "game.h"
#include "questions.h"

/* ---- decoding ---------------------------------------------------------------- */

/* "deployed": matched to its figure in the position (engine). */
static bool dec_deployed_figure(const jr_obj *root, const game *g, int x, int y,
                                cc_turn_choices *ch, cc_error *err)
{
    cc_figure fig;
    bool present;
    if (!dec_deployed(root, &g->pos, &fig, &ch->first_token, &present, err))
        return false;
    return !present ||
           cc_score_match_deployed(&g->pos, &g->features, x, y, &fig, &ch->deployed, err);
}

/* With "final": true the turn's members are not asked. */
static bool no_turn_members(const jr_obj *root, cc_error *err)
{
    static const char *const turn[] = { "x", "y", "deployed", "shepherd" };
    for (size_t i = 0; i < sizeof turn / sizeof turn[0]; i++)
        if (dec_has(root, turn[i])) {
            char ptr[16];
            snprintf(ptr, sizeof ptr, "/%s", turn[i]);
            return CC_FAIL(err, CC_ERR_BAD_REQUEST, ptr, SVC_P_UNKNOWN_MEMBER, SVC_D_FINAL_NOT_TURN,
                           CC_STR(MEMBER, turn[i]));
        }
    return true;
}

/* ---- answering ---------------------------------------------------------------- */

/* The answer's members before "message": events, totals, rules. */
static void answer(jw *w, const game *g, const cc_score_result *r, const char *lang)
{
    jw_key(w, "events");
    jw_array(w);
    enc_score_events(w, &g->pos, &g->features, r, lang);
    jw_array_end(w);
    jw_key(w, "totals");
    enc_totals(w, &g->pos, r->totals);
    jw_key(w, "rules");
    enc_rule_ids(w, r->rules, (size_t)r->nrules);
}

bool q_score(const game *g, const jr_obj *root, cc_score_result *r, bool *final, cc_error *err)
{
    if (!dec_bool(root, "final", "", false, final, NULL, err))
        return false;
    if (*final) {
        if (!no_turn_members(root, err))
            return false;
        cc_score_final(&g->pos, &g->features, r);
        return true;
    }
    if (!dec_has(root, "x") && !dec_has(root, "y"))
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/x", SVC_P_MISSING_MEMBER, SVC_D_WHICH_SCORING);
    int x = 0, y = 0;
    cc_turn_choices ch = cc_turn_choices_none();
    if (!dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, err) ||
        !dec_int(root, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, err))
        return false;
    if (game_tile(g, x, y, err) < 0)
        return false;
    return dec_deployed_figure(root, g, x, y, &ch, err) &&
           dec_shepherd_choice(root, &ch.shepherd, &ch.grow_token, err) &&
           cc_score_turn(&g->pos, &g->features, x, y, &ch, r, err);
}

void route_score(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", Q_SCORE_MEMBERS, "counting", NULL };
    game *g = game_open(ctx, root, members, res);
    if (g == NULL)
        return;
    cc_error err;
    memset(&err, 0, sizeof err);
    cc_score_result *r = malloc(sizeof *r);
    if (r == NULL) {
        game_free(g);
        svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_SCORING_RESULT, CC_NO_ARGS);
        return;
    }
    r->nevents = r->nrules = 0;   /* the engine fills it on success; never read uninitialised */
    /* Messages: "counting" in, "message" out (service/wire/encode_messages.h). */
    jw w;
    jw_init(&w);
    bool final = false;
    bool ok = q_score(g, root, r, &final, &err);
    if (ok) {
        jw_object(&w);
        answer(&w, g, r, ctx->lang);
        if (final) {
            /* The standings at the end: each score so far plus the final points. */
            int score[CC_MAX_PLAYERS] = { 0 };
            for (int p = 0; p < g->pos.nplayers; p++)
                score[p] = g->pos.scores[p][0] + g->pos.scores[p][1] + r->totals[p];
            enc_standings_members(&w, &g->pos, score);
        }
        ok = msg_score_answer(root, &g->pos, r, final, &w, NULL, &err);
        jw_object_end(&w);
    }
    if (ok) {
        svc_reply_jw(res, 200, &w);
    } else {
        jw_free(&w);
        svc_reply_problem(res, &err);
    }
    free(r);
    game_free(g);
}
