/* encode_position.c -- see encode_position.h. */
#include "encode_position.h"

#include "encode.h"

static json_object *enc_expansions(unsigned bits)
{
    static const unsigned order[] = {
        CC_EXP_ABBEY_MAYOR, CC_EXP_HILLS_SHEEP, CC_EXP_MESSAGES, CC_EXP_SHRINES
    };
    json_object *a = json_object_new_array();
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (bits & order[i])
            json_object_array_add(a, json_object_new_string(cc_expansion_name(order[i])));
    return a;
}

static json_object *enc_options(const cc_options *o)
{
    json_object *obj = json_object_new_object();
    if (o->hill_tiebreak == CC_HILL_TIEBREAK_COUNT)
        json_object_object_add(obj, "hill_tiebreak", json_object_new_string("count"));
    if (o->wagon_rules == CC_WAGON_RULES_C1)
        json_object_object_add(obj, "wagon_rules", json_object_new_string("c1"));
    if (o->barn_placement == CC_BARN_PLACEMENT_OCCUPIED)
        json_object_object_add(obj, "barn_placement", json_object_new_string("occupied"));
    if (o->tiny_city_scoring == CC_TINY_CITY_2)
        json_object_object_add(obj, "tiny_city_scoring", json_object_new_string("2"));
    if (o->farmers == CC_FARMERS_OFF)
        json_object_object_add(obj, "farmers", json_object_new_string("off"));
    return obj;
}

static json_object *enc_tile(const cc_position *pos, const cc_catalog *cat,
                             const cc_placed_tile *t)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "tile", json_object_new_string(cat->types[t->type].id));
    json_object_object_add(o, "x", json_object_new_int(t->x));
    json_object_object_add(o, "y", json_object_new_int(t->y));
    json_object_object_add(o, "rot", json_object_new_int(t->rot * 90));
    if (cat->types[t->type].is_abbey && t->owner >= 0)
        json_object_object_add(o, "player", json_object_new_string(pos->players[t->owner]));
    return o;
}

static json_object *enc_scores(const cc_position *pos)
{
    json_object *o = json_object_new_object();
    for (int p = 0; p < pos->nplayers; p++) {
        json_object *v;
        if (pos->expansions & CC_EXP_MESSAGES) {
            v = json_object_new_array_ext(2);
            json_object_array_add(v, json_object_new_int(pos->scores[p][0]));
            json_object_array_add(v, json_object_new_int(pos->scores[p][1]));
        } else {
            v = json_object_new_int(pos->scores[p][0]);
        }
        json_object_object_add(o, pos->players[p], v);
    }
    return o;
}

json_object *enc_position(const cc_position *pos, const cc_catalog *cat)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "expansions", enc_expansions(pos->expansions));
    json_object_object_add(o, "options", enc_options(&pos->options));
    json_object *players = json_object_new_array_ext(pos->nplayers);
    for (int p = 0; p < pos->nplayers; p++)
        json_object_array_add(players, json_object_new_string(pos->players[p]));
    json_object_object_add(o, "players", players);
    json_object_object_add(o, "active", json_object_new_string(pos->players[pos->active]));
    json_object *tiles = json_object_new_array_ext(pos->ntiles);
    for (int i = 0; i < pos->ntiles; i++)
        json_object_array_add(tiles, enc_tile(pos, cat, &pos->tiles[i]));
    json_object_object_add(o, "tiles", tiles);
    json_object *figures = json_object_new_array_ext(pos->nfigures);
    for (int i = 0; i < pos->nfigures; i++)
        json_object_array_add(figures, enc_figure(pos, &pos->figures[i]));
    json_object_object_add(o, "figures", figures);
    json_object_object_add(o, "scores", enc_scores(pos));
    if (pos->expansions & CC_EXP_ABBEY_MAYOR) {
        json_object *abbeys = json_object_new_object();
        for (int p = 0; p < pos->nplayers; p++)
            json_object_object_add(abbeys, pos->players[p], json_object_new_int(pos->abbeys[p]));
        json_object_object_add(o, "abbeys", abbeys);
    }
    return o;
}
