/* route_features.c -- POST /v1/features {"position"[, "x", "y", "at"]}:
 * every feature on the board, or the one at (x, y, at).
 *
 * Answers {"features": [feature...], "rules"}, each feature as
 * enc_feature() writes it plus what it is worth if scored now ("value":
 * the points one scoring player receives; "points": the players who would
 * receive them; engine/scoring.h cc_feature_value, as in a turn's scoring
 * phase: incomplete features at the end-game rates). The list is sorted by
 * canonical name (the name tile's y, then x, then the location in
 * canonical order). With x, y, at
 * (all three or none) the list holds the one feature there; no tile at
 * (x, y) is 422 at /x, nothing at that location is 422 at /at (that
 * question is q_feature_at, questions.h, which /v1/render draws too). */
#include "routes.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/keysort.h"
#include "../../engine/majority.h"
#include "../../engine/scoring.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "game.h"
#include "questions.h"

/* A feature's canonical name as one sortable integer: name tile y, then
 * x (each within CC_COORD_LIMIT, offset to 12 bits), then the location's
 * canonical rank (cc_loc_compare against the centre, which ranks first;
 * under 512), then the id (so equal names would keep id order, as the
 * stable sort before did). */
static uint64_t name_key(const cc_features *f, int id)
{
    const cc_board_tile *t = &f->board->tiles[f->features[id].name_tile];
    uint64_t rank = (uint64_t)cc_loc_compare(f->features[id].name_at,
                                             cc_loc_make(CC_LOC_CENTRE, 0));
    return (uint64_t)(t->y + 2048) << 52 | (uint64_t)(t->x + 2048) << 40 | rank << 30
           | (uint64_t)id;
}

/* Fill ids[] with every feature id in canonical order; returns how many.
 * keys must hold nfeatures entries. */
static int features_by_name(const cc_features *f, uint64_t *keys, int *ids)
{
    int n = f->nfeatures;
    for (int id = 0; id < n; id++)
        keys[id] = name_key(f, id);
    cc_keysort(keys, n);
    for (int i = 0; i < n; i++)
        ids[i] = (int)(keys[i] & ((1u << 30) - 1));
    return n;
}

/* The rules behind a feature's value: how its type scores, complete or
 * not, and the majority when someone would score it. */
static void value_rules(enc_rules *rules, const cc_position *pos, const cc_feature *feat,
                        const cc_value *v)
{
    const char *special = cc_inn_cathedral_rule(pos, feat);
    if (special != NULL)
        enc_rules_add(rules, special);
    switch (feat->type) {
    case CC_FEAT_ROAD:
        enc_rules_add(rules, "base.score.road");
        break;
    case CC_FEAT_CITY:
        enc_rules_add(rules, feat->complete ? "base.score.city.complete" : "base.score.city.end");
        break;
    case CC_FEAT_FIELD:
        enc_rules_add(rules, "base.score.field.end");
        break;
    case CC_FEAT_RIVER:
        enc_rules_add(rules, "river.feature.river");
        break;
    default:
        enc_rules_add(rules, feat->complete ? "base.score.cloister.complete"
                                            : "base.score.cloister.end");
        if (feat->type == CC_FEAT_ABBEY)
            enc_rules_add(rules, "abbey.score.monastery");
        break;
    }
    if (v->occupied)
        enc_rules_add(rules, "base.score.majority");
    if (v->big)
        enc_rules_add(rules, "big.strength");
}

/* What feature id gives if scored now: as in a turn's scoring phase. */
static void value_now(const game *g, int id, cc_value *v)
{
    cc_feature_value(&g->features, &g->pos, id, false, v);
}

/* Who stands on each feature, found in one pass over the figures (most
 * features have nobody): on[id] holds ON_ANY when a figure stands on
 * feature id, ON_FOLLOWER when a follower does. stands[]: each figure's
 * feature, as the majority reads it (enc_figure_features). */
#define ON_ANY 1u
#define ON_FOLLOWER 2u

static void who_stands(const game *g, const int *stands, unsigned char *on)
{
    memset(on, 0, (size_t)g->features.nfeatures);
    for (int i = 0; i < g->pos.nfigures; i++)
        if (stands[i] >= 0 && stands[i] < g->features.nfeatures)
            on[stands[i]] |= ON_ANY | (cc_is_follower(g->pos.figures[i].kind) ? ON_FOLLOWER : 0);
}

/* One feature as enc_feature_members() writes it, plus "value" and
 * "points" (the players who would score); its rules go to rules.
 * on: who stands on it (who_stands()). */
static void feature_with_value(jw *w, const game *g, const int *stands, unsigned on, int id,
                               const enc_tile_facts *facts, enc_rules *rules)
{
    cc_value v;
    if (on & ON_FOLLOWER) {
        value_now(g, id, &v);
    } else {
        /* Most features: nobody would score them, so no majority to count
         * (cc_feature_value() would find none: not occupied, no strength,
         * no points). */
        memset(&v, 0, sizeof v);
        v.value = cc_feature_value(&g->features, &g->pos, id, false, NULL);
    }
    jw_object(w);
    enc_feature_members(w, &g->pos, &g->features, (on & ON_ANY) ? stands : NULL, id);
    jw_key_lit(w, "value");
    jw_int(w, v.value);
    jw_key_lit(w, "points");
    unsigned scoring = 0;
    for (int p = 0; p < g->pos.nplayers; p++)
        scoring |= (unsigned)(v.points[p] > 0) << p;
    enc_player_ints(w, &g->pos, v.points, scoring);
    jw_object_end(w);
    enc_feature_rules_known(rules, &g->features, facts, id);
    value_rules(rules, &g->pos, &g->features.features[id], &v);
}

/* "Which feature is at (x, y, at)?": *id = -1 when not asked (and not
 * required). */
bool q_feature_at(const game *g, const jr_obj *obj, bool required, int *id, cc_value *value,
                  cc_error *err)
{
    int x = 0, y = 0;
    bool has_x = false, has_y = false, has_at = false;
    cc_loc at;
    *id = -1;
    if (!dec_int(obj, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, required, &x, &has_x, err) ||
        !dec_int(obj, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, required, &y, &has_y, err) ||
        !dec_loc(obj, "at", "", false, required, &at, &has_at, err))
        return false;
    if (!has_x && !has_y && !has_at)
        return true;
    if (!has_x || !has_y || !has_at)
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, !has_x ? "/x" : !has_y ? "/y" : "/at",
                        SVC_P_MISSING_MEMBER, SVC_D_SPOT_TOGETHER);
    if (game_tile(g, x, y, err) < 0)
        return false;
    *id = cc_features_locate(&g->features, x, y, at);
    if (*id < 0) {
        int t = cc_board_at(&g->board, x, y);
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/at", SVC_P_NO_FEATURE_THERE, SVC_D_NO_FEATURE_AT,
                       CC_STR(TILE, g->board.tiles[t].type->id), CC_INT(X, x), CC_INT(Y, y),
                       CC_LOC(AT, at));
    }
    value_now(g, *id, value);
    return true;
}

void route_features(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", Q_FEATURE_MEMBERS, NULL };
    game *g = game_open(ctx, root, members, res);
    if (g == NULL)
        return;
    int one;
    cc_value unused;
    cc_error err;
    memset(&err, 0, sizeof err);
    size_t room = (size_t)g->features.nfeatures + 1;
    int *ids = malloc(sizeof *ids * room);
    uint64_t *keys = malloc(sizeof *keys * room);
    unsigned char *on = malloc(room);
    if (ids == NULL || keys == NULL || on == NULL ||
        !q_feature_at(g, root, false, &one, &unused, &err)) {
        if (ids == NULL || keys == NULL || on == NULL)
            svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_FEATURES, CC_NO_ARGS);
        else
            svc_reply_problem(res, &err);
        free(on);
        free(keys);
        free(ids);
        game_free(g);
        return;
    }
    int n = 1;
    if (one >= 0)
        ids[0] = one;
    else
        n = features_by_name(&g->features, keys, ids);
    enc_rules rules;
    enc_rules_init(&rules);
    int stands[CC_MAX_FIGURES];
    enc_figure_features(&g->pos, &g->features, stands);
    who_stands(g, stands, on);
    enc_tile_facts facts;
    enc_tile_facts_init(&facts, &g->board);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key_lit(&w, "features");
    jw_array(&w);
    for (int i = 0; i < n; i++)
        feature_with_value(&w, g, stands, on[ids[i]], ids[i], &facts, &rules);
    jw_array_end(&w);
    jw_key_lit(&w, "rules");
    enc_rules_write(&w, &rules);
    jw_object_end(&w);
    free(on);
    free(keys);
    free(ids);
    game_free(g);
    svc_reply_jw(res, 200, &w);
}
