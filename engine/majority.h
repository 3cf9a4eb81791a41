/* majority.h -- who wins a feature: strength, ties, mayors, hills.
 *
 * Owns: the majority rule every feature scoring shares. Rules applied (ids
 * in rules.c):
 *   base.score.majority        the player with the most strength scores;
 *                              strength 0 scores nothing
 *   base.score.tie             all players tied for the most score in full
 *   mayor.strength             a mayor's strength is its city's coats of arms
 *   mayor.zero-strength        no coats of arms: the mayor occupies, scores nothing
 *   wagon.strength             a wagon counts as one meeple
 *   big.strength               the large meeple (Inns & Cathedrals) counts as
 *                              two meeples; its owner still scores once
 *   hills-sheep.hill.tiebreak  a tie goes to the tied players with a follower
 *                              on a hill tile of the feature
 *   hills-sheep.hill.tie-stands  all tied players on hills: still a tie
 *   hills-sheep.hill.count     option hill_tiebreak "count": the most
 *                              followers on hills wins the tie
 *
 * Followers are meeples, large meeples, mayors and wagons (Abbey & Mayor
 * note 3);
 * barns and shepherds are special figures and never count.
 * Pure: reads the position and features, writes only *m.
 */
#ifndef CC_MAJORITY_H
#define CC_MAJORITY_H

#include <stdbool.h>

#include "features.h"
#include "position.h"

typedef struct {
    int strength[CC_MAX_PLAYERS];   /* summed strength per player */
    int followers[CC_MAX_PLAYERS];  /* followers per player (any strength) */
    int on_hill[CC_MAX_PLAYERS];    /* of those, standing on a hill tile */
    bool winner[CC_MAX_PLAYERS];    /* players who score the feature */
    int nfollowers;                 /* all followers on the feature */
    int nwinners;
    int ntied;                      /* players sharing the top strength (0 if it is 0) */
    int best;                       /* the top strength */
    bool hill_broke_tie;            /* a hill left fewer winners than tied players */
    bool hill_kept_tie;             /* tied players all had hill followers (or equal counts) */
    bool has_mayor, has_zero_mayor, has_wagon, has_big;
} cc_majority;

/* Meeples, large meeples, mayors and wagons are followers; barns and
 * shepherds are not. */
static inline bool cc_is_follower(cc_figure_kind k)
{
    return k == CC_FIG_MEEPLE || k == CC_FIG_MAYOR || k == CC_FIG_WAGON || k == CC_FIG_BIG;
}

/* Strength of follower fig standing on feature id. */
int cc_follower_strength(const cc_features *f, int id, const cc_figure *fig);

/* Measure the majority on feature id. Figures i with gone[i] set (already
 * returned earlier in the same scoring) are ignored; gone may be NULL. */
void cc_majority_of(const cc_position *pos, const cc_features *f, int id,
                    const bool *gone, cc_majority *m);

/* The same when each follower's feature is known already: on[i] is
 * pos->figures[i]'s feature when it is a follower, anything that is no
 * feature id otherwise (a scoring's, score_event.h). */
void cc_majority_known(const cc_position *pos, const cc_features *f, int id, const int *on,
                       const bool *gone, cc_majority *m);

/* cc_majority_known(), and the figures it counted: their indices, ascending,
 * into figs (room for pos->nfigures); returns how many. */
int cc_majority_known_figures(const cc_position *pos, const cc_features *f, int id, const int *on,
                              const bool *gone, cc_majority *m, int *figs);

/* Rule ids this majority applied, appended to ids[] (room for 7). Returns
 * how many were added. */
int cc_majority_rules(const cc_position *pos, const cc_majority *m, const char **ids);

#endif
