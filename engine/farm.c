/* farm.c -- see farm.h. */
#include "farm.h"

#include <string.h>

#include "pig.h"
#include "validate.h"

int cc_barn_feature(const cc_features *f, const cc_figure *fig)
{
    if (fig->kind != CC_FIG_BARN || fig->at.kind != CC_LOC_CORNER)
        return -1;
    return cc_barn_field(f, fig->x, fig->y, fig->at.value);
}

int cc_field_barns(const cc_position *pos, const cc_features *f, int id, int *counts)
{
    int n = 0;
    memset(counts, 0, sizeof(int) * CC_MAX_PLAYERS);
    for (int i = 0; i < pos->nfigures; i++)
        if (cc_barn_feature(f, &pos->figures[i]) == id) {
            counts[pos->figures[i].player]++;
            n++;
        }
    return n;
}

/* msg: why the field scores (a barn placed, farmers joined, the end). */
static void explain_field(cc_score_ctx *c, cc_score_event *ev, int msg, int per_city)
{
    int cities = cc_features_completed_cities(c->f, ev->feature);
    cc_explain(ev, msg, CC_INT(X, c->f->board->tiles[c->f->features[ev->feature].name_tile].x),
               CC_INT(Y, c->f->board->tiles[c->f->features[ev->feature].name_tile].y),
               CC_LOC(AT, c->f->features[ev->feature].name_at), CC_INT(CITIES, cities),
               CC_INT(PER_CITY, per_city), CC_INT(POINTS, cities * per_city));
}

static bool has_shepherd(const cc_score_ctx *c, int id)
{
    for (int i = 0; i < c->pos->nfigures; i++)
        if (!c->gone[i] && c->pos->figures[i].kind == CC_FIG_SHEPHERD &&
            cc_figure_feature(c->f, &c->pos->figures[i]) == id)
            return true;
    return false;
}

/* Score the farmers of field id at per_city points per completed city. */
static void score_farmers(cc_score_ctx *c, cc_event_kind kind, int id, int per_city,
                          const char *rule, int msg)
{
    cc_majority m;
    cc_score_majority(c, id, &m);
    if (m.nfollowers == 0)
        return;
    cc_score_event *ev = cc_event_add(c, kind, id);
    if (ev == NULL)
        return;
    cc_event_rule(c, ev, rule);
    if (kind != CC_EV_FINAL)
        cc_event_rule(c, ev, "barn.stays");
    explain_field(c, ev, msg, per_city);
    cc_event_award(c, ev, &m, per_city * cc_features_completed_cities(c->f, id));
    cc_pig_award(c, ev, &m, id);
    cc_event_return_followers(c, ev);
    if (has_shepherd(c, id)) {
        cc_event_rule(c, ev, "hills-sheep.shepherd.untouched");
        if (kind == CC_EV_FINAL)
            cc_event_rule(c, ev, "hills-sheep.shepherd.final-none");
        cc_explain0(ev, CC_MSG_S_SHEPHERD_NOT_FARMER);
    }
}

void cc_farm_score_turn(cc_score_ctx *c, int deployed)
{
    int barn_field = -1;
    if (deployed >= 0)
        barn_field = cc_barn_feature(c->f, &c->pos->figures[deployed]);
    if (barn_field >= 0)
        score_farmers(c, CC_EV_BARN_PLACED, barn_field, CC_FARM_PER_CITY, "barn.score.placement",
                      CC_MSG_S_FIELD_BARN_PLACED);

    int ids[CC_MAX_TILE_FEATURES * 5], counts[CC_MAX_PLAYERS];
    int n = cc_touched_features(c->f, c->placed, ids);
    for (int i = 0; i < n; i++) {
        int id = ids[i];
        /* Only a field the tile itself extends can have been joined: an
         * abbey closes fields but joins none (note 8). */
        if (c->f->features[id].type != CC_FEAT_FIELD || id == barn_field ||
            !cc_features_on_tile(c->f, id, c->placed))
            continue;
        if (cc_field_barns(c->pos, c->f, id, counts) == 0)
            continue;
        score_farmers(c, CC_EV_BARN_JOINED, id, CC_FARM_PER_CITY_JOINED, "barn.score.joined",
                      CC_MSG_S_FIELD_BARN_JOINED);
    }
}

void cc_farm_score_final_farmers(cc_score_ctx *c, int id)
{
    score_farmers(c, CC_EV_FINAL, id, CC_FARM_PER_CITY, "base.score.field.end", CC_MSG_S_FIELD_END);
}

int cc_farm_barn_points(const cc_position *pos, const cc_features *f, int id, int *points)
{
    int counts[CC_MAX_PLAYERS];
    int value = CC_BARN_PER_CITY * cc_features_completed_cities(f, id);
    cc_field_barns(pos, f, id, counts);
    for (int p = 0; p < pos->nplayers; p++)
        points[p] += counts[p] * value;
    return value;
}

void cc_farm_score_final_barns(cc_score_ctx *c, int id)
{
    int counts[CC_MAX_PLAYERS];
    int nbarns = cc_field_barns(c->pos, c->f, id, counts);
    if (nbarns == 0)
        return;
    cc_score_event *ev = cc_event_add(c, CC_EV_BARN_FINAL, id);
    if (ev == NULL)
        return;
    int points[CC_MAX_PLAYERS] = { 0 };
    bool owners[CC_MAX_PLAYERS] = { false };
    ev->value = cc_farm_barn_points(c->pos, c->f, id, points);
    for (int p = 0; p < c->pos->nplayers; p++) {
        ev->strength[p] = counts[p];
        owners[p] = counts[p] > 0;
        cc_event_give(c, ev, p, points[p]);
    }
    cc_event_rule(c, ev, "barn.score.final");
    if (nbarns > 1)
        cc_event_rule(c, ev, "barn.score.shared");
    explain_field(c, ev, CC_MSG_S_FIELD_END, CC_BARN_PER_CITY);
    if (nbarns > 1)
        cc_explain(ev, CC_MSG_S_BARN_SOME, CC_PLAYERS(PLAYERS, cc_players_mask(c->pos, owners)),
                   CC_INT(POINTS, ev->value));
    else
        for (int p = 0; p < c->pos->nplayers; p++)
            if (owners[p])
                cc_explain(ev, CC_MSG_S_BARN_ONE, CC_PLAYER(PLAYER, p), CC_INT(POINTS, ev->value));
}
