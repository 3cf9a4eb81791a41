/* shepherd.c -- see shepherd.h. */
#include "shepherd.h"

#include <string.h>

#include "validate.h"

static bool is_shepherd(const cc_position *pos, int i)
{
    return i >= 0 && i < pos->nfigures && pos->figures[i].kind == CC_FIG_SHEPHERD;
}

int cc_shepherd_to_act(const cc_position *pos, const cc_features *f, int t, int deployed)
{
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (i == deployed || fig->kind != CC_FIG_SHEPHERD || fig->player != pos->active)
            continue;
        int field = cc_figure_feature(f, fig);
        if (field >= 0 && cc_features_on_tile(f, field, t))
            return i;
    }
    return -1;
}

bool cc_shepherd_check(const cc_position *pos, const cc_features *f, int t,
                       const cc_turn_choices *in, cc_error *err)
{
    if (is_shepherd(pos, in->deployed)) {
        if (!cc_token_valid(in->first_token))
            return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/deployed/token", CC_MSG_P_SHEPHERD_FIRST_DRAW,
                            CC_MSG_D_SHEPHERD_FIRST_DRAW);
        if (pos->figures[in->deployed].nflock != 0)
            return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/deployed", CC_MSG_P_SHEPHERD_WITH_FLOCK,
                            CC_MSG_D_SHEPHERD_WITH_FLOCK);
    } else if (in->first_token != CC_TOKEN_NONE) {
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/deployed/token", CC_MSG_P_TOKEN_WITHOUT_SHEPHERD,
                        CC_MSG_D_TOKEN_WITHOUT_SHEPHERD);
    }
    int acting = cc_shepherd_to_act(pos, f, t, in->deployed);
    if (acting >= 0 && in->shepherd == CC_SHEPHERD_NONE)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/shepherd", CC_MSG_P_SHEPHERD_ACTION_MISSING,
                       CC_MSG_D_SHEPHERD_ACTION_MISSING,
                       CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[pos->active])),
                       CC_INT(X, pos->figures[acting].x), CC_INT(Y, pos->figures[acting].y));
    if (acting < 0 && in->shepherd != CC_SHEPHERD_NONE)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/shepherd", CC_MSG_P_NO_SHEPHERD_TO_ACT,
                       CC_MSG_D_NO_SHEPHERD_TO_ACT,
                       CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[pos->active])));
    if (in->shepherd == CC_SHEPHERD_GROW && !cc_token_valid(in->grow_token))
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/shepherd/token", CC_MSG_P_TOKEN_MISSING,
                        CC_MSG_D_GROW_TOKEN_MISSING);
    return true;
}

int cc_field_sheep(const cc_score_ctx *c, int id)
{
    int sheep = 0;
    for (int i = 0; i < c->pos->nfigures; i++) {
        const cc_figure *fig = &c->pos->figures[i];
        if (c->gone[i] || fig->kind != CC_FIG_SHEPHERD || cc_figure_feature(c->f, fig) != id)
            continue;
        for (int k = 0; k < fig->nflock; k++)
            sheep += fig->flock[k];
        sheep += c->drawn[i];
    }
    return sheep;
}

/* Shepherds still in field id, per player; returns how many. */
static int shepherds_in(const cc_score_ctx *c, int id, int *per_player)
{
    int n = 0;
    for (int p = 0; p < CC_MAX_PLAYERS; p++)
        per_player[p] = 0;
    for (int i = 0; i < c->pos->nfigures; i++) {
        const cc_figure *fig = &c->pos->figures[i];
        if (!c->gone[i] && fig->kind == CC_FIG_SHEPHERD && cc_figure_feature(c->f, fig) == id) {
            per_player[fig->player]++;
            n++;
        }
    }
    return n;
}

static void return_shepherds(cc_score_ctx *c, cc_score_event *ev, int id)
{
    for (int i = 0; i < c->pos->nfigures; i++) {
        const cc_figure *fig = &c->pos->figures[i];
        if (!c->gone[i] && fig->kind == CC_FIG_SHEPHERD && cc_figure_feature(c->f, fig) == id)
            cc_event_return(c, ev, i);
    }
}

static cc_score_event *shepherd_event(cc_score_ctx *c, cc_event_kind kind, int shepherd, int token)
{
    int field = cc_figure_feature(c->f, &c->pos->figures[shepherd]);
    cc_score_event *ev = cc_event_add(c, kind, field);
    if (ev == NULL)
        return NULL;
    ev->figure = shepherd;
    ev->token = token;
    ev->strength[c->pos->figures[shepherd].player] = 1;
    return ev;
}

/* The flock of shepherd i gains a sheep token. */
static void grow(cc_score_ctx *c, int shepherd, int token, const char *rule, int msg)
{
    cc_score_event *ev = shepherd_event(c, CC_EV_SHEEP, shepherd, token);
    if (ev == NULL)
        return;
    c->drawn[shepherd] += token;
    ev->value = cc_field_sheep(c, ev->feature);
    if (strcmp(rule, "hills-sheep.shepherd.grow") == 0)
        cc_event_rule(c, ev, "hills-sheep.shepherd.expand");   /* a choice made on extending */
    cc_event_rule(c, ev, rule);
    cc_explain(ev, msg, CC_PLAYER(PLAYER, c->pos->figures[shepherd].player), CC_WHERE(c->f, ev->feature),
               CC_INT(TOKEN, token), CC_INT(SHEEP, ev->value));
}

static void wolf_at_deploy(cc_score_ctx *c, int shepherd)
{
    cc_score_event *ev = shepherd_event(c, CC_EV_WOLF, shepherd, CC_TOKEN_WOLF);
    if (ev == NULL)
        return;
    cc_event_rule(c, ev, "hills-sheep.shepherd.token");
    cc_explain(ev, CC_MSG_S_WOLF_AT_DEPLOY, CC_PLAYER(PLAYER, c->pos->figures[shepherd].player),
               CC_WHERE(c->f, ev->feature));
    cc_event_return(c, ev, shepherd);
}

static void wolf_scatters(cc_score_ctx *c, int shepherd)
{
    cc_score_event *ev = shepherd_event(c, CC_EV_WOLF, shepherd, CC_TOKEN_WOLF);
    if (ev == NULL)
        return;
    int per_player[CC_MAX_PLAYERS];
    int n = shepherds_in(c, ev->feature, per_player);
    for (int p = 0; p < c->pos->nplayers; p++)
        ev->strength[p] = per_player[p];
    cc_event_rule(c, ev, "hills-sheep.shepherd.expand");
    cc_event_rule(c, ev, "hills-sheep.shepherd.grow");
    cc_event_rule(c, ev, "hills-sheep.shepherd.wolf");
    cc_explain(ev, n == 1 ? CC_MSG_S_WOLF_ONE : CC_MSG_S_WOLF_SOME,
               CC_PLAYER(PLAYER, c->pos->figures[shepherd].player), CC_WHERE(c->f, ev->feature),
               CC_INT(SHEEP, cc_field_sheep(c, ev->feature)));
    return_shepherds(c, ev, ev->feature);
}

/* Guide the flock of field id to the stable: every player with a shepherd
 * there scores all the sheep of the field. */
static void guide(cc_score_ctx *c, int id, int figure, const char *rule, int msg_one)
{
    cc_score_event *ev = cc_event_add(c, CC_EV_GUIDE, id);
    if (ev == NULL)
        return;
    int per_player[CC_MAX_PLAYERS];
    bool owners[CC_MAX_PLAYERS] = { false };
    int n = shepherds_in(c, id, per_player);
    ev->figure = figure;
    ev->value = cc_field_sheep(c, id);
    for (int p = 0; p < c->pos->nplayers; p++) {
        ev->strength[p] = per_player[p];
        owners[p] = per_player[p] > 0;
        if (owners[p])
            cc_event_give(c, ev, p, ev->value);
    }
    if (figure >= 0)
        cc_event_rule(c, ev, "hills-sheep.shepherd.expand");   /* chosen, not automatic */
    cc_event_rule(c, ev, "hills-sheep.shepherd.guide");
    cc_event_rule(c, ev, rule);
    /* msg_one + 1: the same with several shepherds (engine/text.h). */
    cc_explain(ev, n > 1 ? msg_one + 1 : msg_one, CC_WHERE(c->f, id),
               CC_PLAYERS(PLAYERS, cc_players_mask(c->pos, owners)), CC_INT(POINTS, ev->value));
    return_shepherds(c, ev, id);
}

static bool field_is_inner(const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    const cc_feature_part *part = &f->parts[feat->first_part];
    return feat->nparts == 1 && f->board->tiles[part->tile].type->features[part->k].inner;
}

static void guide_closed_fields(cc_score_ctx *c, int deployed)
{
    int ids[CC_MAX_TILE_FEATURES * 5], per_player[CC_MAX_PLAYERS];
    int n = cc_touched_features(c->f, c->placed, ids);
    for (int i = 0; i < n; i++) {
        int id = ids[i];
        if (c->f->features[id].type != CC_FEAT_FIELD || !c->f->features[id].complete)
            continue;
        if (shepherds_in(c, id, per_player) == 0)
            continue;
        bool inner = field_is_inner(c->f, id) && is_shepherd(c->pos, deployed) &&
                     !c->gone[deployed] && cc_figure_feature(c->f, &c->pos->figures[deployed]) == id;
        if (inner)
            guide(c, id, -1, "hills-sheep.shepherd.inner-field", CC_MSG_S_GUIDE_INNER_ONE);
        else
            guide(c, id, -1, "hills-sheep.shepherd.closed-field", CC_MSG_S_GUIDE_CLOSED_ONE);
    }
}

void cc_shepherd_score_turn(cc_score_ctx *c, const cc_turn_choices *in)
{
    int d = in->deployed;
    if (is_shepherd(c->pos, d)) {
        if (in->first_token == CC_TOKEN_WOLF)
            wolf_at_deploy(c, d);
        else
            grow(c, d, in->first_token, "hills-sheep.shepherd.token", CC_MSG_S_SHEEP_DEPLOYED);
    }
    int acting = cc_shepherd_to_act(c->pos, c->f, c->placed, d);
    if (acting >= 0 && in->shepherd == CC_SHEPHERD_GROW) {
        if (in->grow_token == CC_TOKEN_WOLF)
            wolf_scatters(c, acting);
        else
            grow(c, acting, in->grow_token, "hills-sheep.shepherd.grow", CC_MSG_S_SHEEP_GROWN);
    } else if (acting >= 0 && in->shepherd == CC_SHEPHERD_GUIDE) {
        guide(c, cc_figure_feature(c->f, &c->pos->figures[acting]), acting,
              "hills-sheep.shepherd.guide", CC_MSG_S_GUIDE_CHOSEN_ONE);
    }
    guide_closed_fields(c, d);
}
