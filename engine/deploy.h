/* deploy.h -- what the active player may deploy on the tile just placed.
 *
 * Owns: occupancy (which figures stand on a feature), the player's supply,
 * and the list of deployment options on one placed tile, each with the
 * challenge it would lay down (Heretics & Shrines). Rules applied (ids in
 * rules.c):
 *   base.deploy.placed-tile     figures go only on the tile just placed
 *   base.deploy.unoccupied      a follower goes only on a feature where no
 *                               follower (meeple, mayor, wagon) stands
 *   base.deploy.supply          only figures still in the supply
 *   abbey.mayor.city            the mayor only into a city with no knight of
 *                               any kind (meeple, wagon, mayor)
 *   abbey.wagon.not-field       the wagon anywhere but a field
 *   abbey.barn.junction         the barn on a corner of the placed tile where
 *                               four tiles meet showing only field
 *   abbey.barn.one-per-field    ... in a field without a barn
 *   abbey.barn.occupied         (option barn_placement "occupied") ... or
 *                               in a field that has one
 *   abbey.barn.no-farmers       a field with a barn takes no farmer
 *   base.deploy.no-farmers      (option farmers "off") no meeple on a field
 *   abbey.abbey.monk            on an abbey only a monk (or a wagon)
 *   hills-sheep.shepherd.field  the shepherd on a field with no shepherd;
 *                               farmers and barns do not stop it, and a
 *                               shepherd does not stop a farmer
 *   traders.builder.deploy      the builder on a road or city holding a
 *                               follower of its owner (builder.h)
 *   traders.pig.deploy          the pig on a field holding a farmer of its
 *                               owner (pig.h)
 *   river.deploy.not-on-river   nothing on the river
 *   river-ii.deploy.volcano     nothing on the volcano lake
 *   shrines.challenge.deploy    a heretic next to an occupied cloister or
 *                               abbey, or a monk next to an occupied shrine,
 *                               lays down a challenge
 *
 * "Followers" are the figures that occupy a feature: meeples, mayors and
 * wagons (A&M note 3: the mayor and the wagon are meeples). Barns and
 * shepherds are special figures and occupy nothing, except that a barn bars
 * farmers from its field.
 *
 * Every function reads; none changes the position or the features. `gone`
 * arguments (may be NULL) flag figures to treat as already returned, indexed
 * like pos->figures: the wagon module judges a feature after this turn's
 * scoring has taken figures off the board.
 */
#ifndef CC_DEPLOY_H
#define CC_DEPLOY_H

#include <stdbool.h>

#include "features.h"
#include "position.h"

/* Followers (meeples, mayors, wagons) standing on feature id. */
int cc_followers_on(const cc_position *pos, const cc_features *f, int feature,
                    const bool *gone);

/* Is there a barn in field id? A shepherd? */
bool cc_field_has_barn(const cc_position *pos, const cc_features *f, int field,
                       const bool *gone);
bool cc_field_has_shepherd(const cc_position *pos, const cc_features *f, int field,
                           const bool *gone);

/* Figures of kind `kind` player still holds: the supply less those on the
 * board; 0 for kinds whose expansion is not in play. */
int cc_supply_left(const cc_position *pos, int player, cc_figure_kind kind);

/* The challenge a follower deployed on the monastery of board tile t would
 * lay down: the figure index of the monk or heretic challenged, or -1. A
 * heretic challenges an occupied cloister or abbey among the 8 cells around,
 * a monk an occupied shrine; the challenged follower may be one's own. */
int cc_challenge_target(const cc_position *pos, const cc_features *f, int t);

typedef struct {
    cc_figure_kind kind;
    cc_loc at;        /* canonical name of the feature on the placed tile;
                         a corner for a barn */
    int feature;      /* feature id; for a barn, the field it would stand in */
    int challenge;    /* figure index of the monk/heretic challenged, or -1 */
} cc_deploy_option;

/* 5 kinds x (12 features + 4 corners) bounds the list. */
#define CC_MAX_DEPLOY_OPTIONS (CC_FIG_NKINDS * (CC_MAX_TILE_FEATURES + CC_NCORNERS))

/* Every figure the active player may deploy on board tile t (the tile just
 * placed; it must be in the features), sorted by kind (meeple, mayor, wagon,
 * barn, shepherd, builder, pig) then location in canonical order. Returns how many. */
int cc_deployments(const cc_position *pos, const cc_features *f, int t,
                   cc_deploy_option out[CC_MAX_DEPLOY_OPTIONS]);

/* Is deploying kind at `at` on tile t one of the options? `at` may be any
 * location naming the feature. On true, *opt (if not NULL) is the option
 * (canonical location). On false, *rule (if not NULL) is the id of the rule
 * that forbids it. */
bool cc_deploy_check(const cc_position *pos, const cc_features *f, int t,
                     cc_figure_kind kind, cc_loc at, cc_deploy_option *opt,
                     const char **rule);

#endif
