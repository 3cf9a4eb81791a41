/* position.c -- see position.h. */
#include "position.h"

#include <stddef.h>
#include <string.h>

#include "river.h"

/* One row per figure kind, in cc_figure_kind order (position.h): a new
 * kind is a new row, and CC_PLAYER_FIGURES_MAX grows by its largest supply
 * (the rows' sum). */
const cc_figure_kind_info cc_figure_kinds[CC_FIG_NKINDS] = {
    /*                   name        box                 max  expansion               app element       app id */
    [CC_FIG_MEEPLE] =   { "meeple",   CC_SUPPLY_MEEPLES,  12, CC_EXP_BASE,            "small-follower", "small" },
    [CC_FIG_MAYOR] =    { "mayor",    CC_SUPPLY_MAYOR,     3, CC_EXP_ABBEY_MAYOR,     "mayor",          "mayor" },
    [CC_FIG_WAGON] =    { "wagon",    CC_SUPPLY_WAGON,     3, CC_EXP_ABBEY_MAYOR,     "wagon",          "wagon" },
    [CC_FIG_BARN] =     { "barn",     CC_SUPPLY_BARN,      3, CC_EXP_ABBEY_MAYOR,     "barn",           "barn" },
    [CC_FIG_SHEPHERD] = { "shepherd", CC_SUPPLY_SHEPHERD,  3, CC_EXP_HILLS_SHEEP,     "shepherd",       "shepherd" },
    [CC_FIG_BIG] =      { "big",      CC_SUPPLY_BIG,       3, CC_EXP_INNS_CATHEDRALS, "big-follower",   "big" },
    [CC_FIG_BUILDER] =  { "builder",  CC_SUPPLY_BUILDER,   3, CC_EXP_TRADERS_BUILDERS, "builder",        "builder" },
    [CC_FIG_PIG] =      { "pig",      CC_SUPPLY_PIG,       3, CC_EXP_TRADERS_BUILDERS, "pig",            "pig" },
};

/* One row per tile set, in cc_tile_set order (position.h): 2 x 72 + 3 x 12
 * + 2 x 18 + 2 x 5 + 6 + 18 + 24 = 274 land tiles at most, CC_MAX_BAG (so
 * the 6-tile shrine variant, Inns & Cathedrals and Traders & Builders come
 * once each: a second copy would not fit). A set's first row is its box (the set a position without
 * `sets` plays); a later row of the same expansion is a variant: the same
 * tiles, and those the catalog gives to that variant alone (schema:
 * tile_variant). */
const cc_tile_set_info cc_tile_sets[CC_NSETS] = {
    /*                           name                max  expansion                app id */
    [CC_SET_BASE] =             { "base",             2, CC_EXP_BASE,             "basic:1" },
    [CC_SET_ABBEY_MAYOR] =      { "abbey-mayor",      3, CC_EXP_ABBEY_MAYOR,      "abbey-and-mayor:1" },
    [CC_SET_HILLS_SHEEP] =      { "hills-sheep",      2, CC_EXP_HILLS_SHEEP,      "hills-and-sheep:1" },
    [CC_SET_SHRINES] =          { "shrines",          2, CC_EXP_SHRINES,          "cult/5" },
    [CC_SET_SHRINES_6] =        { "shrines-6",        1, CC_EXP_SHRINES,          "cult/6" },
    [CC_SET_INNS_CATHEDRALS] =  { "inns-cathedrals",  1, CC_EXP_INNS_CATHEDRALS,  "inns-and-cathedrals:1" },
    [CC_SET_TRADERS_BUILDERS] = { "traders-builders", 1, CC_EXP_TRADERS_BUILDERS, "traders-and-builders:1" },
};

int cc_figure_kind_parse(const char *name)
{
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (strcmp(name, cc_figure_kinds[k].name) == 0)
            return k;
    return -1;
}

const char *cc_figure_kind_name(cc_figure_kind k)
{
    return (unsigned)k < CC_FIG_NKINDS ? cc_figure_kinds[k].name : "?";
}

int cc_tile_set_parse(const char *name)
{
    for (int s = 0; s < CC_NSETS; s++)
        if (strcmp(name, cc_tile_sets[s].name) == 0)
            return s;
    return -1;
}

int cc_tile_set_of(unsigned expansion)
{
    for (int s = 0; s < CC_NSETS; s++)
        if (cc_tile_sets[s].expansion == expansion)
            return s;
    return -1;
}

/* The expansions whose kinds came before the large meeple: answers
 * counted their figures whatever the position's expansions, and still do. */
#define FIGURES_ALWAYS_COUNTED (CC_EXP_BASE | CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP)

bool cc_figure_kind_counted(unsigned expansions, cc_figure_kind k)
{
    return (cc_figure_kinds[k].expansion & (expansions | FIGURES_ALWAYS_COUNTED)) != 0;
}

int cc_figures_cap(unsigned expansions)
{
    int per_player = 0;
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (cc_figure_kind_counted(expansions, (cc_figure_kind)k))
            per_player += cc_figure_kinds[k].max;
    return CC_MAX_PLAYERS * per_player;
}

/* The records are nine tenths of a position (14.6 of 14.8 KB): cleared for
 * every request, they cost a tenth of a placements question's instructions
 * and two hundred cache lines written, and no one reads one past its count. */
#define END_OF(member) (offsetof(cc_position, member) + sizeof ((cc_position *)0)->member)
_Static_assert(END_OF(tiles) == offsetof(cc_position, nfigures)
               && END_OF(nfigures) == offsetof(cc_position, figures)
               && END_OF(figures) == offsetof(cc_position, scores),
               "cc_position_init sets every member around the records: nothing else between them");

void cc_position_init(cc_position *pos)
{
    memset(pos, 0, offsetof(cc_position, tiles));
    pos->nfigures = 0;
    memset(pos->scores, 0, sizeof *pos - offsetof(cc_position, scores));
    pos->expansions = CC_EXP_BASE;
    pos->options.hill_tiebreak = CC_HILL_TIEBREAK_OFFICIAL;
    pos->options.wagon_rules = CC_WAGON_RULES_C2;
    pos->options.barn_placement = CC_BARN_PLACEMENT_UNOCCUPIED;
    pos->options.tiny_city_scoring = CC_TINY_CITY_4;
    pos->options.farmers = CC_FARMERS_ON;
    pos->options.inn_cathedral_final = CC_INN_CATHEDRAL_FINAL_ZERO;
}

int cc_position_player(const cc_position *pos, const char *name)
{
    for (int i = 0; i < pos->nplayers; i++)
        if (strcmp(pos->players[i], name) == 0)
            return i;
    return -1;
}

int cc_position_score(const cc_position *pos, int player)
{
    return pos->scores[player][0] + pos->scores[player][1];
}

int cc_position_supply(const cc_position *pos, cc_figure_kind k)
{
    if (!(pos->expansions & cc_figure_kinds[k].expansion))
        return 0;
    return pos->supply_given & (1u << k) ? pos->supply[k] : cc_figure_kinds[k].box;
}

int cc_tile_set_box_copies(unsigned expansions, int s)
{
    unsigned e = cc_tile_sets[s].expansion;
    return (expansions & e) && cc_tile_set_of(e) == s ? 1 : 0;
}

int cc_position_copies(const cc_position *pos, int s)
{
    if (pos->sets_given)
        return pos->copies[s];
    return cc_tile_set_box_copies(pos->expansions, s);
}

int cc_position_bag_count(const cc_position *pos, const cc_catalog *cat, int t)
{
    const cc_tile_type *tt = &cat->types[t];
    if (tt->is_abbey)
        return pos->expansions & CC_EXP_ABBEY_MAYOR ? pos->nplayers : 0;
    int s = cc_tile_set_of(tt->expansion);
    /* The river sets are not in cc_tile_sets[] (one copy of a river at
     * most): their bag is the box's, the spring shared (river.c). */
    if (s < 0)
        return cc_tile_copies(tt, pos->expansions);
    int copies = 0;   /* every row of its expansion, or its variant's alone */
    for (int v = 0; v < CC_NSETS; v++)
        if (cc_tile_sets[v].expansion == tt->expansion &&
            (tt->variant[0] == '\0' || strcmp(tt->variant, cc_tile_sets[v].name) == 0))
            copies += cc_position_copies(pos, v);
    return tt->count * copies;
}
