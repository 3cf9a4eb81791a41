/* route_wagon_moves.c -- POST /v1/wagon-moves {"position", "x", "y", "at",
 * "placed"?: {"x", "y"}, "wagons"?: [{x, y, at, to: {x, y, at}}]}: the
 * wagon at (x, y, at) whose feature is being scored; where may it go?
 *
 * Answers {"wagon": the wagon in position form, "destinations": [{x, y, at,
 * feature}], "rules"} (engine/wagon.h), sorted by y, x, location. An empty
 * list means the wagon must return to the supply.
 *
 * Destinations are judged after everything scored this turn has returned
 * its figures. Which figures those are:
 *   - without "placed": every follower standing on a complete feature (the
 *     position is the moment just before the scoring phase, contract
 *     section 3);
 *   - with "placed" (the tile placed this turn): exactly the figures the
 *     turn's scoring phase returns (engine/scoring.h), which also frees the
 *     monastery of a follower that loses a challenge.
 * When several wagons return, the earlier ones in seat order move first.
 * Their moves come in "wagons", in /v1/turn's form, on the position before
 * the scoring phase (every wagon still on its scored feature): the scoring
 * is decided there, once, as it happened (a wagon on a shrine wins its
 * challenge even if it rolls away afterwards), and the earlier moves are
 * then made and judged by the engine's own step (cc_wagon_destinations_after,
 * the one /v1/turn's cc_wagon_apply makes). A position where the earlier
 * wagons already stand on their new features cannot say what the scoring
 * removed (issue 36: a challenge the moved wagon won), so it is read as it
 * stands, as before. Moves of the asked wagon and of those after it are
 * not judged: they cannot change its destinations.
 *
 * Errors (422): no tile at (x, y) (/x); no wagon on that feature (/at); the
 * wagon's feature is not scored this turn, so the wagon stays (/at); no
 * wagon at an earlier move's spot (/wagons/i); an earlier move /v1/turn
 * would refuse (/wagons/i: its wagon was not scored, "Wagon not scored";
 * /wagons/i/to: "Move against the rules", /v1/turn's reason). The
 * question is q_wagon_moves (questions.h), which /v1/render draws too. */
#include "routes.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/majority.h"
#include "../../engine/scoring.h"
#include "../../engine/shepherd.h"
#include "../../engine/validate.h"
#include "../../engine/wagon.h"
#include "../wire/decode.h"
#include "../wire/decode_move.h"
#include "../wire/encode.h"
#include "game.h"
#include "questions.h"

/* Figures returned by the scoring phase of the tile at (px, py). */
static bool returned_by_turn(const game *g, int px, int py, bool *gone, cc_error *err)
{
    cc_score_result *s = malloc(sizeof *s);
    if (s == NULL)
        return CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_SCORING);
    cc_turn_choices in = cc_turn_choices_none();
    int t = cc_board_at(&g->board, px, py);
    /* Shepherds never block a wagon; choose a shepherd action only so the
     * scoring engine accepts the turn. */
    if (t >= 0 && cc_shepherd_to_act(&g->pos, &g->features, t, -1) >= 0)
        in.shepherd = CC_SHEPHERD_GUIDE;
    bool ok = cc_score_turn(&g->pos, &g->features, px, py, &in, s, err);
    if (ok)
        cc_score_returned(s, gone);
    free(s);
    if (!ok && strcmp(err->pointer, "/x") == 0)
        strcpy(err->pointer, "/placed/x");
    return ok;
}

/* Without "placed": followers on complete features are being scored. */
static void returned_by_completion(const game *g, bool *gone)
{
    for (int i = 0; i < g->pos.nfigures; i++) {
        const cc_figure *fig = &g->pos.figures[i];
        if (!cc_is_follower(fig->kind))
            continue;
        int id = cc_figure_feature(&g->features, fig);
        if (id >= 0 && g->features.features[id].complete)
            gone[i] = true;
    }
}

static void destination_json(jw *w, const cc_features *f, const cc_wagon_dest *d)
{
    jw_object(w);
    jw_member_int(w, "x", d->x);
    jw_member_int(w, "y", d->y);
    jw_key(w, "at");
    enc_loc(w, d->at);
    jw_key(w, "feature");
    enc_feature_ref(w, f, d->feature);
    jw_object_end(w);
}

/* The question's members but "position". */
typedef struct {
    int x, y;                   /* the wagon */
    cc_loc at;
    bool placed;                /* "placed" given: the tile (px, py) */
    int px, py;
    int nmoves;                 /* "wagons": the turn's wagon moves */
    cc_move_wagon moves[CC_MAX_PLAYERS];
} wagon_question;

/* Decode the question. */
static bool decode_question(const jr_obj *obj, wagon_question *q, cc_error *err)
{
    static const char *const placed_members[] = { "x", "y", NULL };
    jr_obj p;
    memset(q, 0, sizeof *q);
    if (!dec_int(obj, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &q->x, NULL, err) ||
        !dec_int(obj, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &q->y, NULL, err) ||
        !dec_loc(obj, "at", "", false, true, &q->at, NULL, err) ||
        !dec_object(obj, "placed", "", false, &p, err))
        return false;
    q->placed = jr_obj_given(&p);
    if (q->placed &&
        (!dec_only_members(&p, placed_members, "/placed", err) ||
         !dec_int(&p, "x", "/placed", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &q->px, NULL, err) ||
         !dec_int(&p, "y", "/placed", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &q->py, NULL, err)))
        return false;
    return dec_move_wagons(obj, q->moves, &q->nmoves, err);
}

/* Find the wagon and check that it moves. */
static bool find_wagon(const game *g, int x, int y, cc_loc at, const bool *gone, int *w,
                       cc_error *err)
{
    if (game_tile(g, x, y, err) < 0)
        return false;
    *w = cc_wagon_at(&g->pos, &g->features, x, y, at);
    if (*w < 0)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/at", CC_MSG_P_NO_WAGON_THERE, SVC_D_NO_WAGON_AT,
                       CC_INT(X, x), CC_INT(Y, y), CC_LOC(AT, at));
    if (!cc_wagon_may_move(&g->pos, &g->features, *w, gone))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/at", SVC_P_WAGON_NOT_SCORED, SVC_D_WAGON_STAYS,
                       CC_INT(X, x), CC_INT(Y, y), CC_LOC(AT, at));
    return true;
}

/* The destinations once the earlier moves of the turn are made, as
 * /v1/turn makes them; an earlier move it would refuse is a 422. */
static bool destinations_after(const game *g, const wagon_question *q, bool *gone, int w,
                               cc_wagon_dest *d, int *n, cc_error *err)
{
    cc_wagon_choice choices[CC_MAX_PLAYERS];
    int bad = -1;
    const char *rule = NULL;
    if (!cc_wagon_choose(&g->pos, &g->features, q->moves, q->nmoves, choices, err))
        return false;
    cc_position *work = malloc(sizeof *work);
    if (work == NULL)
        return CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_DESTINATIONS);
    *work = g->pos;
    bool ok = cc_wagon_destinations_after(work, &g->features, gone, choices, q->nmoves, w, d,
                                          CC_MAX_WAGON_DESTS, n, &bad, &rule);
    free(work);
    if (ok)
        return true;
    char ptr[CC_POINTER_MAX];
    cc_text why = { 0 };
    cc_wagon_refusal(q->moves, q->nmoves, bad, rule, ptr, &why);
    int title = strcmp(rule, "abbey.wagon.move-scored") == 0 ? SVC_P_WAGON_NOT_SCORED
                                                              : SVC_P_MOVE_AGAINST_THE_RULES;
    return cc_fail_text(err, CC_ERR_IMPOSSIBLE, ptr, title, why.msg, why.args, why.nargs);
}

bool q_wagon_moves(const game *g, const jr_obj *obj, int *w, cc_wagon_dest **d, int *n,
                   cc_error *err)
{
    wagon_question q;
    bool gone[CC_MAX_FIGURES] = { false };
    *d = NULL;
    *n = 0;
    if (!decode_question(obj, &q, err))
        return false;
    if (q.placed) {
        if (!returned_by_turn(g, q.px, q.py, gone, err))
            return false;
    } else {
        returned_by_completion(g, gone);
    }
    if (!find_wagon(g, q.x, q.y, q.at, gone, w, err))
        return false;
    if ((*d = malloc(CC_MAX_WAGON_DESTS * sizeof **d)) == NULL)
        return CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_DESTINATIONS);
    if (!destinations_after(g, &q, gone, *w, *d, n, err))
        return false;
    if (*n > CC_MAX_WAGON_DESTS)
        *n = CC_MAX_WAGON_DESTS;   /* cannot happen: one per feature part */
    return true;
}

void route_wagon_moves(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", Q_WAGON_MEMBERS, NULL };
    cc_error err;
    memset(&err, 0, sizeof err);
    int w = -1, n = 0;
    wagon_question q;
    /* The question is checked before the position is read (as before). */
    if (!dec_only_members(root, members, "", &err) || !decode_question(root, &q, &err)) {
        svc_reply_problem(res, &err);
        return;
    }
    game *g = game_load(ctx, root, res);
    if (g == NULL)
        return;
    cc_wagon_dest *d = NULL;
    if (!q_wagon_moves(g, root, &w, &d, &n, &err)) {
        svc_reply_problem(res, &err);
        free(d);
        game_free(g);
        return;
    }
    jw out;
    jw_init(&out);
    jw_object(&out);
    jw_key(&out, "wagon");
    enc_figure(&out, &g->pos, &g->pos.figures[w]);
    jw_key(&out, "destinations");
    jw_array(&out);
    for (int i = 0; i < n; i++)
        destination_json(&out, &g->features, &d[i]);
    jw_array_end(&out);
    free(d);
    enc_rules rules;
    enc_rules_init(&rules);
    enc_rules_add(&rules, cc_wagon_rule(&g->pos));
    enc_rules_add(&rules, "abbey.wagon.move-scored");
    enc_rules_add(&rules, "abbey.wagon.move-order");
    jw_key(&out, "rules");
    enc_rules_write(&out, &rules);
    jw_object_end(&out);
    game_free(g);
    svc_reply_jw(res, 200, &out);
}
