/* pig.c -- see pig.h. */
#include "pig.h"

#include "builder.h"
#include "validate.h"

const char *cc_pig_refusal(const cc_position *pos, const cc_features *f, int id)
{
    if (f->features[id].type != CC_FEAT_FIELD || cc_followers_of(pos, f, id, pos->active, NULL) == 0)
        return "traders.pig.deploy";
    return NULL;
}

int cc_pig_herds(const cc_position *pos, const cc_features *f, int id)
{
    unsigned both = CC_EXP_RIVER_II | CC_EXP_TRADERS_BUILDERS;
    if ((pos->expansions & both) != both)
        return 0;
    int n = 0;
    for (int p = f->features[id].first_part; p >= 0; p = f->parts[p].next) {
        const cc_feature_part *part = &f->parts[p];
        n += f->board->tiles[part->tile].type->features[part->k].pig_herd;
    }
    return n;
}

bool cc_pig_of(const cc_position *pos, const cc_features *f, int id, int player,
               const bool *gone)
{
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if ((gone == NULL || !gone[i]) && fig->kind == CC_FIG_PIG && fig->player == player &&
            cc_figure_feature(f, fig) == id)
            return true;
    }
    return false;
}

int cc_pig_extra_per_city(const cc_position *pos, const cc_features *f, int id, int player,
                          const bool *gone)
{
    return (cc_pig_of(pos, f, id, player, gone) ? 1 : 0) + cc_pig_herds(pos, f, id);
}

void cc_pig_award(cc_score_ctx *c, cc_score_event *ev, const cc_majority *m, int id)
{
    int cities = cc_features_completed_cities(c->f, id);
    bool pig[CC_MAX_PLAYERS] = { false };
    int npigs = 0;
    for (int p = 0; p < c->pos->nplayers; p++)
        if (m->winner[p] && cc_pig_of(c->pos, c->f, id, p, c->gone)) {
            pig[p] = true;
            npigs++;
            cc_event_give(c, ev, p, cities);
        }
    if (npigs > 0) {
        cc_event_rule(c, ev, "traders.pig.score");
        cc_explain(ev, CC_MSG_S_PIG, CC_PLAYERS(PLAYERS, cc_players_mask(c->pos, pig)),
                   CC_INT(CITIES, cities), CC_INT(POINTS, cities));
    }
    int herds = cc_pig_herds(c->pos, c->f, id);
    if (herds == 0 || m->nwinners == 0)
        return;
    for (int p = 0; p < c->pos->nplayers; p++)
        if (m->winner[p])
            cc_event_give(c, ev, p, herds * cities);
    cc_event_rule(c, ev, "river-ii.pig-herd.score");
    cc_explain(ev, CC_MSG_S_PIG_HERD, CC_PLAYERS(PLAYERS, cc_players_mask(c->pos, m->winner)),
               CC_INT(CITIES, cities), CC_INT(POINTS, herds * cities));
}
