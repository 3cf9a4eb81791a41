/* position.c -- see position.h. */
#include "position.h"

#include <string.h>

static const char *const figure_kind_names[CC_FIG_NKINDS] = {
    "meeple", "mayor", "wagon", "barn", "shepherd", "big"
};

int cc_figure_kind_parse(const char *name)
{
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (strcmp(name, figure_kind_names[k]) == 0)
            return k;
    return -1;
}

const char *cc_figure_kind_name(cc_figure_kind k)
{
    return (unsigned)k < CC_FIG_NKINDS ? figure_kind_names[k] : "?";
}

unsigned cc_figure_kind_expansion(cc_figure_kind k)
{
    switch (k) {
    case CC_FIG_MEEPLE: return CC_EXP_BASE;
    case CC_FIG_SHEPHERD: return CC_EXP_HILLS_SHEEP;
    case CC_FIG_BIG: return CC_EXP_INNS_CATHEDRALS;
    default: return CC_EXP_ABBEY_MAYOR;
    }
}

int cc_figure_kind_supply(cc_figure_kind k)
{
    static const int supply[CC_FIG_NKINDS] = {
        [CC_FIG_MEEPLE] = CC_SUPPLY_MEEPLES, [CC_FIG_MAYOR] = CC_SUPPLY_MAYOR,
        [CC_FIG_WAGON] = CC_SUPPLY_WAGON,    [CC_FIG_BARN] = CC_SUPPLY_BARN,
        [CC_FIG_SHEPHERD] = CC_SUPPLY_SHEPHERD, [CC_FIG_BIG] = CC_SUPPLY_BIG,
    };
    return (unsigned)k < CC_FIG_NKINDS ? supply[k] : 0;
}

int cc_figures_cap(unsigned expansions)
{
    return CC_MAX_PLAYERS * ((expansions & CC_EXP_INNS_CATHEDRALS) ? 12 : 11);
}

void cc_position_init(cc_position *pos)
{
    memset(pos, 0, sizeof *pos);
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
