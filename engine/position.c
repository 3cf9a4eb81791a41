/* position.c -- see position.h. */
#include "position.h"

#include <string.h>

static const char *const figure_kind_names[CC_FIG_NKINDS] = {
    "meeple", "mayor", "wagon", "barn", "shepherd"
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

void cc_position_init(cc_position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->expansions = CC_EXP_BASE;
    pos->options.hill_tiebreak = CC_HILL_TIEBREAK_OFFICIAL;
    pos->options.wagon_rules = CC_WAGON_RULES_C2;
    pos->options.barn_placement = CC_BARN_PLACEMENT_UNOCCUPIED;
    pos->options.tiny_city_scoring = CC_TINY_CITY_4;
    pos->options.farmers = CC_FARMERS_ON;
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
