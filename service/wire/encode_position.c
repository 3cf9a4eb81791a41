/* encode_position.c -- see encode_position.h. */
#include "encode_position.h"

#include "encode.h"

static void enc_expansions(jw *w, unsigned bits)
{
    static const unsigned order[] = {
        CC_EXP_ABBEY_MAYOR, CC_EXP_HILLS_SHEEP, CC_EXP_MESSAGES, CC_EXP_SHRINES, CC_EXP_RIVER,
        CC_EXP_RIVER_II, CC_EXP_INNS_CATHEDRALS, CC_EXP_TRADERS_BUILDERS
    };
    jw_array(w);
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (bits & order[i])
            jw_string(w, cc_expansion_name(order[i]));
    jw_array_end(w);
}

/* hills and vineyards are Hills & Sheep's elements: repeated only when it
 * is in play (without it there is nothing to switch off). */
static void enc_options(jw *w, const cc_options *o, unsigned expansions)
{
    bool hills_sheep = expansions & CC_EXP_HILLS_SHEEP;
    jw_object(w);
    if (o->hill_tiebreak == CC_HILL_TIEBREAK_COUNT)
        jw_member_string(w, "hill_tiebreak", "count");
    if (o->wagon_rules == CC_WAGON_RULES_C1)
        jw_member_string(w, "wagon_rules", "c1");
    if (o->barn_placement == CC_BARN_PLACEMENT_OCCUPIED)
        jw_member_string(w, "barn_placement", "occupied");
    if (o->tiny_city_scoring == CC_TINY_CITY_2)
        jw_member_string(w, "tiny_city_scoring", "2");
    if (o->farmers == CC_FARMERS_OFF)
        jw_member_string(w, "farmers", "off");
    if (hills_sheep && o->hills == CC_ELEMENT_OFF)
        jw_member_string(w, "hills", "off");
    if (hills_sheep && o->vineyards == CC_ELEMENT_OFF)
        jw_member_string(w, "vineyards", "off");
    if (o->inn_cathedral_final == CC_INN_CATHEDRAL_FINAL_IGNORE)
        jw_member_string(w, "inn_cathedral_final", "ignore");
    jw_object_end(w);
}

/* Traders & Builders, when in play: "goods", every player's tokens of
 * every kind, and "builder_turn" (a double turn's second tile). */
static void enc_traders(jw *w, const cc_position *pos)
{
    if (!(pos->expansions & CC_EXP_TRADERS_BUILDERS))
        return;
    jw_key(w, "goods");
    jw_object(w);
    for (int p = 0; p < pos->nplayers; p++) {
        jw_key(w, pos->players[p]);
        jw_object(w);
        for (int g = 0; g < CC_NGOODS; g++)
            jw_member_int(w, cc_goods_name((cc_goods)g), pos->goods[p][g]);
        jw_object_end(w);
    }
    jw_object_end(w);
    jw_member_bool(w, "builder_turn", pos->builder_turn);
}

/* "supply": the kinds whose supply is not the box's, when any. */
static void enc_supply(jw *w, const cc_position *pos)
{
    bool open = false;
    for (int k = 0; k < CC_FIG_NKINDS; k++) {
        int n = cc_position_supply(pos, (cc_figure_kind)k);
        if (!(pos->expansions & cc_figure_kinds[k].expansion) || n == cc_figure_kinds[k].box)
            continue;
        if (!open) {
            jw_key(w, "supply");
            jw_object(w);
            open = true;
        }
        jw_member_int(w, cc_figure_kinds[k].name, n);
    }
    if (open)
        jw_object_end(w);
}

/* "sets": the bag, when it is not every listed expansion's set once. */
static void enc_sets(jw *w, const cc_position *pos)
{
    bool plain = true;
    for (int s = 0; s < CC_NSETS; s++)
        plain &= cc_position_copies(pos, s) == cc_tile_set_box_copies(pos->expansions, s);
    if (plain)
        return;
    jw_key(w, "sets");
    jw_object(w);
    for (int s = 0; s < CC_NSETS; s++)
        if (cc_position_copies(pos, s) > 0)
            jw_member_int(w, cc_tile_sets[s].name, cc_position_copies(pos, s));
    jw_object_end(w);
}

static void enc_tile(jw *w, const cc_position *pos, const cc_catalog *cat,
                     const cc_placed_tile *t)
{
    jw_object(w);
    jw_member_string(w, "tile", cat->types[t->type].id);
    jw_member_int(w, "x", t->x);
    jw_member_int(w, "y", t->y);
    jw_member_int(w, "rot", t->rot * 90);
    if (cat->types[t->type].is_abbey && t->owner >= 0)
        jw_member_string(w, "player", pos->players[t->owner]);
    jw_object_end(w);
}

static void enc_scores(jw *w, const cc_position *pos)
{
    jw_object(w);
    for (int p = 0; p < pos->nplayers; p++) {
        jw_key(w, pos->players[p]);
        if (pos->expansions & CC_EXP_MESSAGES) {
            jw_array(w);
            jw_int(w, pos->scores[p][0]);
            jw_int(w, pos->scores[p][1]);
            jw_array_end(w);
        } else {
            jw_int(w, pos->scores[p][0]);
        }
    }
    jw_object_end(w);
}

void enc_position(jw *w, const cc_position *pos, const cc_catalog *cat)
{
    jw_object(w);
    jw_key(w, "expansions");
    enc_expansions(w, pos->expansions);
    jw_key(w, "options");
    enc_options(w, &pos->options, pos->expansions);
    jw_key(w, "players");
    jw_array(w);
    for (int p = 0; p < pos->nplayers; p++)
        jw_string(w, pos->players[p]);
    jw_array_end(w);
    jw_member_string(w, "active", pos->players[pos->active]);
    jw_key(w, "tiles");
    jw_array(w);
    for (int i = 0; i < pos->ntiles; i++)
        enc_tile(w, pos, cat, &pos->tiles[i]);
    jw_array_end(w);
    jw_key(w, "figures");
    jw_array(w);
    for (int i = 0; i < pos->nfigures; i++)
        enc_figure(w, pos, &pos->figures[i]);
    jw_array_end(w);
    jw_key(w, "scores");
    enc_scores(w, pos);
    if (pos->expansions & CC_EXP_ABBEY_MAYOR) {
        jw_key(w, "abbeys");
        jw_object(w);
        for (int p = 0; p < pos->nplayers; p++)
            jw_member_int(w, pos->players[p], pos->abbeys[p]);
        jw_object_end(w);
    }
    enc_supply(w, pos);
    enc_sets(w, pos);
    enc_traders(w, pos);
    jw_object_end(w);
}
