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
    { "base.deploy.placed-tile", "base", "C2",
      "A figure is deployed only on the tile just placed, on one of its features (or, for a barn, one of its corners).",
      "base game rules, 2. Placing a meeple" },
    { "base.deploy.unoccupied", "base", "C2",
      "A follower may join a feature of the tile just placed only if no follower (meeple, mayor or wagon) stands anywhere on that feature yet.",
      "base game rules, 2. Placing a meeple; abbey-and-mayor.txt, note 3" },
    { "base.deploy.supply", "base", "C2",
      "Only a figure still in the player's supply can be deployed: 7 meeples, and with the expansions in play 1 mayor, 1 wagon, 1 barn, 1 shepherd.",
      "base game rules, 2. Placing a meeple; expansion pages, preparation" },
    { "base.deploy.one-figure", "base", "C2",
      "A player deploys at most one figure per turn: a meeple, or instead a mayor, a wagon, a barn or a shepherd.",
      "base game rules, 2. Placing a meeple; abbey-and-mayor.txt, Mayor, Wagon and Barn 2.; hills-and-sheep pages, 2. Placing a meeple" },
    { "abbey.mayor.city", "abbey-mayor", "C2",
      "The mayor goes only into a city, and only one holding no knight of any kind: no meeple, no wagon and no mayor.",
      "abbey-and-mayor.txt, Mayor 2., notes 10-12 (official: a wagon bars the mayor)" },
    { "abbey.wagon.not-field", "abbey-mayor", "C2",
      "The wagon may be deployed on a road, city, cloister, shrine or abbey, never on a field.",
      "abbey-and-mayor.txt, Wagon 2." },
    { "abbey.abbey.monk", "abbey-mayor", "C2",
      "The abbey tile holds only its abbey: a follower placed on it is a monk (or a wagon), and nothing stands beside it.",
      "abbey-and-mayor.txt, Abbey 2., note 7" },
    { "abbey.barn.junction", "abbey-mayor", "C2",
      "A barn goes on a corner of the tile just placed where four tiles meet and each of the four shows only field at that corner.",
      "abbey-and-mayor.txt, Barn 2., examples 1-2" },
    { "abbey.barn.one-per-field", "abbey-mayor", "C2",
      "A barn may be placed in a field with farmers but not in a field that already has a barn.",
      "abbey-and-mayor.txt, Barn 2., note 16" },
    { "abbey.barn.no-farmers", "abbey-mayor", "C2",
      "A field occupied by a barn may not receive farmers.",
      "abbey-and-mayor.txt, Barn 3., Farmer scoring by field connection" },
    { "hills-sheep.shepherd.field", "hills-sheep", "C2",
      "The shepherd goes on a field of the tile just placed that has no shepherd yet; farmers and barns there do not stop it, and it occupies nothing, so farmers may still join.",
      "hills-and-sheep pages, Shepherd 2. Placing a meeple" },
    { "hills-sheep.shepherd.token", "hills-sheep", "C2",
      "Deploying the shepherd draws a token at once: a sheep token stays beside it, a wolf sends the shepherd back to the supply.",
      "hills-and-sheep pages, Shepherd 2. Placing a meeple" },
    { "hills-sheep.shepherd.expand", "hills-sheep", "C2",
      "When the active player's tile extends the field of their shepherd, after deploying they either grow the flock (draw a token) or guide it to the stable (score it); neither happens otherwise.",
      "hills-and-sheep pages, Shepherd 1. Placing a tile" },
    { "shrines.challenge.deploy", "shrines", "C1",
      "A heretic deployed on a shrine next to (8 cells) an occupied cloister or abbey, or a monk deployed on a cloister or abbey next to an occupied shrine, lays down a challenge, even against one's own follower.",
      "heretics-and-shrines-1st-edition.txt, Placing a follower, notes 6 and 10" },
    { "abbey.wagon.move", "abbey-mayor", "C2",
      "After its feature is scored a wagon may move to an incomplete, unoccupied feature other than a field with a part on the wagon's tile or one of the 8 tiles around it, or return to the supply; with no such feature it returns.",
      "abbey-and-mayor.txt, Wagon 3., note 21, examples C2-1, C2-2, C2-3" },
    { "abbey.wagon.move-c1", "abbey-mayor", "C1",
      "Option wagon_rules c1: the wagon may move only to an incomplete, unoccupied feature connected to the scored one (a road into a cloister or shrine, a road at a city gate, roads meeting at a junction, a city or road touching an abbey), on any tile of that feature.",
      "abbey-and-mayor.txt, note 21 (1st edition); tiles.md, same-tile wagon links" },
    { "abbey.wagon.move-order", "abbey-mayor", "C2",
      "When several wagons return in one scoring phase their owners move them one after the other in seat order from the active player, each move occupying its feature for the next.",
      "abbey-and-mayor.txt, Wagon 3." },
    { "abbey.wagon.move-scored", "abbey-mayor", "C2",
      "Only a wagon whose feature was just completed and scored may move; a wagon on the losing side of a challenge simply returns.",
      "abbey-and-mayor.txt, Wagon 3.; heretics-and-shrines-1st-edition.txt, note 21" },
    { "abbey.abbey.in-hand", "abbey-mayor", "C2",
      "A player can place an abbey only while they still hold their abbey tile.",
      "abbey-and-mayor.txt, Preparation and Abbey 1." },
    { "abbey.abbey.end-of-game", "abbey-mayor", "C2",
      "After the last land tile is placed, the players still holding an abbey may place it in seat order from the next player, and the game ends when nobody can place a tile.",
      "abbey-and-mayor.txt, Abbey 1. special case, note 4 (official, 10/2024)" },
    { "abbey.abbey.mandatory", "abbey-mayor", "C2",
      "Once no land tile is left, a player holding an abbey with a hole to fill must place it, even where it helps others.",
      "abbey-and-mayor.txt, note 5 (official, 11/2024)" },
    { "base.turn.order", "base", "C2",
      "Players take turns in seat (clockwise) order; a turn is placing a tile, deploying at most one figure, then scoring.",
      "base game rules, Course of play" },
    { "base.game.end", "base", "C2",
      "The game ends when no player can place a tile any more; then the final scoring follows.",
      "base game rules, End of the game; abbey-and-mayor.txt, Abbey 1. special case" },

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
