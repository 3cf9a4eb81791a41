/* majority.c -- see majority.h. */
#include "majority.h"

#include <string.h>

#include "validate.h"

int cc_follower_strength(const cc_features *f, int id, const cc_figure *fig)
{
    switch (fig->kind) {
    case CC_FIG_MEEPLE:
    case CC_FIG_WAGON:
        return 1;
    case CC_FIG_BIG:
        return 2;   /* "counts as two meeples when determining the majority" */
    case CC_FIG_MAYOR:
        /* Only cities have coats of arms; a mayor stands nowhere else. */
        return f->features[id].type == CC_FEAT_CITY ? f->features[id].pennants : 0;
    default:
        return 0;
    }
}

static bool stands_on_hill(const cc_features *f, const cc_figure *fig)
{
    if (f->board->no_hills)
        return false;     /* the hill element off: the tile's hill is plain land */
    int t = cc_board_at(f->board, fig->x, fig->y);
    return t >= 0 && f->board->tiles[t].type->hill;
}

/* Follower fig, standing on feature id, counted into m. */
static void count_follower(const cc_features *f, int id, const cc_figure *fig, cc_majority *m)
{
    int s = cc_follower_strength(f, id, fig);
    m->strength[fig->player] += s;
    m->followers[fig->player]++;
    m->nfollowers++;
    if (stands_on_hill(f, fig))
        m->on_hill[fig->player]++;
    if (fig->kind == CC_FIG_MAYOR) {
        m->has_mayor = true;
        m->has_zero_mayor |= s == 0;
    }
    m->has_wagon |= fig->kind == CC_FIG_WAGON;
    m->has_big |= fig->kind == CC_FIG_BIG;
}

static void count_followers(const cc_position *pos, const cc_features *f, int id,
                            const bool *gone, cc_majority *m)
{
    /* Asked once per feature: for pos's own figures indexed in f
     * (cc_features_index_figures), read the index in the loop. */
    const cc_figure_spot *spots =
        f->indexed == pos->figures && f->nindexed == pos->nfigures ? f->spots : NULL;
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        /* Most figures stand on another feature: the index says so first. */
        if (spots != NULL && spots[i].feature != id && cc_spot_holds(&spots[i], fig))
            continue;
        if ((gone && gone[i]) || !cc_is_follower(fig->kind))
            continue;
        int on = spots == NULL                     ? cc_figure_feature_located(f, fig)
                 : cc_spot_holds(&spots[i], fig) ? spots[i].feature
                                                 : cc_figure_feature(f, fig);
        if (on == id)
            count_follower(f, id, fig, m);
    }
}

/* The hill tie-break among the tied players. Official (hills-and-sheep,
 * note 4): a tied player with a follower on a hill tile of the feature
 * beats tied players without one; tied players who all have one stay tied,
 * whatever their numbers. Variant "count" (note 5): the most followers on
 * hills wins. Both are "keep the tied players with the highest key". */
static void break_tie(const cc_position *pos, cc_majority *m)
{
    bool count = pos->options.hill_tiebreak == CC_HILL_TIEBREAK_COUNT;
    int key[CC_MAX_PLAYERS], top = 0;
    for (int p = 0; p < pos->nplayers; p++) {
        key[p] = count ? m->on_hill[p] : (m->on_hill[p] > 0);
        if (m->winner[p] && key[p] > top)
            top = key[p];
    }
    if (top == 0)
        return;   /* no tied player on a hill: an ordinary tie */
    int kept = 0;
    for (int p = 0; p < pos->nplayers; p++) {
        if (m->winner[p] && key[p] < top)
            m->winner[p] = false;
        kept += m->winner[p];
    }
    m->nwinners = kept;
    m->hill_broke_tie = kept < m->ntied;
    m->hill_kept_tie = kept == m->ntied;
}

/* m's winners from its strengths (followers counted). */
static void decide(const cc_position *pos, cc_majority *m);

void cc_majority_of(const cc_position *pos, const cc_features *f, int id,
                    const bool *gone, cc_majority *m)
{
    memset(m, 0, sizeof *m);
    count_followers(pos, f, id, gone, m);
    decide(pos, m);
}

int cc_majority_known_figures(const cc_position *pos, const cc_features *f, int id, const int *on,
                              const bool *gone, cc_majority *m, int *figs)
{
    int n = 0;
    memset(m, 0, sizeof *m);
    for (int i = 0; i < pos->nfigures; i++)
        if (on[i] == id && !(gone && gone[i])) {
            count_follower(f, id, &pos->figures[i], m);
            if (figs != NULL)
                figs[n] = i;
            n++;
        }
    decide(pos, m);
    return n;
}

void cc_majority_known(const cc_position *pos, const cc_features *f, int id, const int *on,
                       const bool *gone, cc_majority *m)
{
    cc_majority_known_figures(pos, f, id, on, gone, m, NULL);
}

static void decide(const cc_position *pos, cc_majority *m)
{
    for (int p = 0; p < pos->nplayers; p++)
        if (m->strength[p] > m->best)
            m->best = m->strength[p];
    if (m->best == 0)
        return;   /* nobody has strength: the feature may be occupied, but nobody scores */
    for (int p = 0; p < pos->nplayers; p++)
        if (m->strength[p] == m->best) {
            m->winner[p] = true;
            m->ntied++;
        }
    m->nwinners = m->ntied;
    if (m->ntied > 1)
        break_tie(pos, m);
}

int cc_majority_rules(const cc_position *pos, const cc_majority *m, const char **ids)
{
    int n = 0;
    if (m->nfollowers == 0)
        return 0;
    ids[n++] = "base.score.majority";
    if (m->has_mayor)
        ids[n++] = m->has_zero_mayor ? "mayor.zero-strength" : "mayor.strength";
    if (m->has_wagon)
        ids[n++] = "wagon.strength";
    if (m->has_big)
        ids[n++] = "big.strength";
    if (m->hill_broke_tie)
        ids[n++] = pos->options.hill_tiebreak == CC_HILL_TIEBREAK_COUNT
                       ? "hills-sheep.hill.count" : "hills-sheep.hill.tiebreak";
    else if (m->hill_kept_tie)
        ids[n++] = pos->options.hill_tiebreak == CC_HILL_TIEBREAK_COUNT
                       ? "hills-sheep.hill.count" : "hills-sheep.hill.tie-stands";
    if (m->nwinners > 1)
        ids[n++] = "base.score.tie";
    return n;
}
