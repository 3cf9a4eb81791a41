/* rules.c -- the rule catalog; see rules.h.
 *
 * One section per rule family. Add a rule here before citing its id: the
 * test suite checks that every id the engine cites is in this table. */
#include "rules.h"

#include <string.h>

static const cc_rule rules[] = {
    /* ---- placement (base game C2, Abbey & Mayor, Heretics & Shrines) ---- */
    { "base.placement.adjacent", "base", "C2",
      "A tile is placed so that it touches at least one tile already on the board along an edge.",
      "base game rules, 1. Placing a tile" },
    { "base.placement.edges", "base", "C2",
      "Every edge of the new tile that touches a placed tile must continue it: city to city, road to road, field to field.",
      "base game rules, 1. Placing a tile" },
    { "base.placement.empty-cell", "base", "C2",
      "A tile is placed on an empty cell; one tile per cell.",
      "base game rules, 1. Placing a tile" },
    { "base.placement.discard", "base", "C2",
      "A tile that cannot be placed anywhere is discarded and the player draws another.",
      "base game rules, 1. Placing a tile" },
    { "abbey.placement.hole", "abbey-mayor", "C2",
      "An abbey is placed only into a hole, an empty cell with tiles on all four sides, and its edges fit whatever they touch.",
      "abbey-and-mayor.txt, Abbey: 1. Placing a tile" },
    { "abbey.placement.instead-of-draw", "abbey-mayor", "C2",
      "A player places their abbey instead of drawing a land tile, once per game.",
      "abbey-and-mayor.txt, Abbey: 1. Placing a tile" },
    { "shrines.placement.neighbours", "shrines", "C1",
      "No shrine may neighbour (orthogonally or diagonally) more than one cloister, and no cloister or abbey more than one shrine, including by placing a tile that would force this on a tile already there.",
      "heretics-and-shrines-1st-edition.txt, Placing a tile, notes 2-4" },
    /* ---- features (how the board's features form) ---- */
    { "base.feature.city", "base", "C2",
      "City segments joined across tile edges form one city; it is complete when its walls are closed and no edge is open.",
      "base game rules, cities" },
    { "base.feature.road", "base", "C2",
      "Road segments joined across tile edges form one road; it is complete when both ends end (at a junction, city, cloister, house) or it closes in a loop.",
      "base game rules, roads" },
    { "base.feature.field", "base", "C2",
      "Field segments joined across tile edges form one field, bounded by roads, cities and the board's edge.",
      "base game rules, fields" },
    { "base.feature.cloister", "base", "C2",
      "A cloister is complete when the eight cells around it hold tiles.",
      "base game rules, cloisters" },
    { "abbey.feature.closes", "abbey-mayor", "C2",
      "An abbey closes every feature that touches its edges and joins nothing across itself; it is a monastery.",
      "abbey-and-mayor.txt, Abbey: 3. Scoring a feature, note 8" },
    { "hills-sheep.feature.split-edge", "hills-sheep", "C2",
      "On the tiles with two city segments or two field segments on one edge, the segments are separate until a tile whose single segment spans that edge joins them.",
      "hills-and-sheep pages, New special city tiles" },
    { "shrines.feature.shrine", "shrines", "C1",
      "A shrine is placed and scored like a cloister.",
      "heretics-and-shrines-1st-edition.txt, Placing a tile, note 1" },
    /* ---- position (what a physically possible position is) ---- */
    { "base.position.supply", "base", "C2",
      "Each player has 7 meeples; with Abbey & Mayor also 1 mayor, 1 wagon and 1 barn; with Hills & Sheep 1 shepherd.",
      "base game rules, contents; expansion pages, preparation" },

    /* ---- scoring (issue 3) ---- */

    /* ---- deployment, wagon, barn, shepherd, turn (issue 4) ---- */

    /* ---- messages (issue 5) ---- */
};

const cc_rule *cc_rules(size_t *n)
{
    *n = sizeof rules / sizeof rules[0];
    return rules;
}

const cc_rule *cc_rule_find(const char *id)
{
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(rules[i].id, id) == 0)
            return &rules[i];
    return NULL;
}
