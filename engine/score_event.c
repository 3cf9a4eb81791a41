/* score_event.c -- see score_event.h. */
#include "score_event.h"

#include <limits.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

void cc_score_ctx_init(cc_score_ctx *c, const cc_position *pos, const cc_features *f,
                       cc_score_result *res, int placed, bool final)
{
    memset(c, 0, sizeof *c);
    c->pos = pos;
    c->f = f;
    c->res = res;
    c->placed = placed;
    c->final = final;
    res->nevents = 0;
    res->nrules = 0;
    memset(res->totals, 0, sizeof res->totals);
}

cc_score_event *cc_event_add(cc_score_ctx *c, cc_event_kind kind, int id)
{
    if (c->res->nevents >= CC_MAX_EVENTS)
        return NULL;
    cc_score_event *ev = &c->res->events[c->res->nevents++];
    /* The lists (returned, rules, sentences: 1.3 KB of the event's 1.5)
     * are read only up to their counts: those are cleared, not the lists. */
    memset(ev, 0, offsetof(cc_score_event, returned));
    ev->nreturned = 0;
    ev->nrules = 0;
    ev->nexplain = 0;
    ev->kind = kind;
    ev->feature = id;
    ev->figure = -1;
    ev->token = CC_TOKEN_NONE;
    ev->goods_player = -1;
    if (id >= 0) {
        ev->type = c->f->features[id].type;
        ev->complete = c->f->features[id].complete;
    }
    return ev;
}

/* The entry of list whose text is id's: by address first (ids are static
 * strings, a repeat is nearly always the same pointer), then as text; or
 * NULL. */
static const char *find_rule(const char *const *list, int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (list[i] == id)
            return list[i];
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], id) == 0)
            return list[i];
    return NULL;
}

static void add_unique(const char **list, int *n, int cap, const char *id)
{
    if (find_rule(list, *n, id) == NULL && *n < cap)
        list[(*n)++] = id;
}

void cc_event_rule(cc_score_ctx *c, cc_score_event *ev, const char *id)
{
    /* The result's list keeps the first pointer cited for each text, and
     * an event's list takes that one: so an event's ids are compared by
     * address alone (a final scoring cites some 230 rules, nearly every
     * one new to its event). Same lists, same order as comparing text. */
    cc_score_result *res = c->res;
    const char *known = find_rule(res->rules, res->nrules, id);
    if (known == NULL && res->nrules < CC_RESULT_RULES)
        known = res->rules[res->nrules++] = id;
    if (known == NULL) {   /* the result's list is full: id's text is never in it */
        add_unique(ev->rules, &ev->nrules, CC_EVENT_RULES, id);
        return;
    }
    for (int i = 0; i < ev->nrules; i++)
        if (ev->rules[i] == known)
            return;
    if (ev->nrules < CC_EVENT_RULES)
        ev->rules[ev->nrules++] = known;
}

void cc_event_give(cc_score_ctx *c, cc_score_event *ev, int player, int points)
{
    ev->points[player] += points;
    c->res->totals[player] += points;
}

void cc_event_return(cc_score_ctx *c, cc_score_event *ev, int figure)
{
    if (c->gone[figure])
        return;
    c->gone[figure] = true;
    /* Keep returned[] ascending: callers walk figures in index order, but
     * a guide may return shepherds found in any order. */
    int i = ev->nreturned++;
    while (i > 0 && ev->returned[i - 1] > figure) {
        ev->returned[i] = ev->returned[i - 1];
        i--;
    }
    ev->returned[i] = figure;
}

/* ---- sentences ----------------------------------------------------------- */

/* Cut s back so it does not end inside a UTF-8 sequence. */
void cc_explain_text(cc_score_event *ev, int msg, const cc_arg *args, size_t n)
{
    if (ev->nexplain < CC_EXPLAIN_TEXTS)
        cc_text_set(&ev->explain[ev->nexplain++], msg, args, n);
}

int cc_players_mask(const cc_position *pos, const bool *which)
{
    int mask = 0;
    for (int p = 0; p < pos->nplayers; p++)
        if (which[p])
            mask |= 1 << p;
    return mask;
}

/* The one player of a set (the set has exactly one). */
static int only_player(const cc_position *pos, const bool *which)
{
    for (int p = 0; p < pos->nplayers; p++)
        if (which[p])
            return p;
    return 0;
}

static void explain_majority(cc_score_ctx *c, cc_score_event *ev, const cc_majority *m, int value)
{
    bool shown[CC_MAX_PLAYERS] = { false };
    for (int p = 0; p < c->pos->nplayers; p++)
        shown[p] = m->followers[p] > 0;
    cc_explain(ev, CC_MSG_S_STRENGTH, CC_STRENGTHS(STRENGTHS, cc_players_mask(c->pos, shown)));
    if (m->has_big)
        cc_explain0(ev, CC_MSG_S_BIG_STRENGTH);
    if (m->best == 0) {
        cc_explain0(ev, CC_MSG_S_NOBODY);
        return;
    }
    int winners = cc_players_mask(c->pos, m->winner);
    if (m->ntied == 1) {
        cc_explain(ev, CC_MSG_S_MAJORITY, CC_PLAYER(PLAYER, only_player(c->pos, m->winner)),
                   CC_INT(POINTS, value));
        return;
    }
    bool count = c->pos->options.hill_tiebreak == CC_HILL_TIEBREAK_COUNT;
    if (m->hill_broke_tie && m->nwinners == 1)
        cc_explain(ev, count ? CC_MSG_S_HILL_COUNT_ONE : CC_MSG_S_HILL_ONE, CC_INT(TIED, m->ntied),
                   CC_PLAYER(PLAYER, only_player(c->pos, m->winner)), CC_INT(POINTS, value));
    else if (m->hill_broke_tie)
        cc_explain(ev, count ? CC_MSG_S_HILL_COUNT_SOME : CC_MSG_S_HILL_SOME, CC_INT(TIED, m->ntied),
                   CC_PLAYERS(PLAYERS, winners), CC_INT(POINTS, value));
    else if (m->hill_kept_tie)
        cc_explain(ev, count ? CC_MSG_S_HILL_COUNT_TIE_STANDS : CC_MSG_S_HILL_TIE_STANDS,
                   CC_PLAYERS(PLAYERS, winners), CC_INT(POINTS, value));
    else
        cc_explain(ev, CC_MSG_S_TIE, CC_PLAYERS(PLAYERS, winners), CC_INT(POINTS, value));
}

void cc_event_award(cc_score_ctx *c, cc_score_event *ev, const cc_majority *m, int value)
{
    const char *ids[8];
    ev->value = value;
    memcpy(ev->strength, m->strength, sizeof ev->strength);
    for (int p = 0; p < c->pos->nplayers; p++)
        if (m->winner[p])
            cc_event_give(c, ev, p, value);
    int n = cc_majority_rules(c->pos, m, ids);
    for (int i = 0; i < n; i++)
        cc_event_rule(c, ev, ids[i]);
    explain_majority(c, ev, m, value);
}

#define NOT_A_FOLLOWER INT_MIN   /* no feature id, not even -1 (none) */

/* Each follower's feature (NOT_A_FOLLOWER for other figures), found once per scoring:
 * figures do not move while one runs, and every scored feature asks. */
const int *cc_score_follower_features(cc_score_ctx *c)
{
    if (!c->followers_known) {
        for (int i = 0; i < c->pos->nfigures; i++) {
            const cc_figure *fig = &c->pos->figures[i];
            c->follower_feature[i] = cc_is_follower(fig->kind) ? cc_figure_feature(c->f, fig)
                                                               : NOT_A_FOLLOWER;
        }
        c->followers_known = true;
    }
    return c->follower_feature;
}

void cc_score_majority(cc_score_ctx *c, int id, cc_majority *m)
{
    c->ncounted = cc_majority_known_figures(c->pos, c->f, id, cc_score_follower_features(c),
                                            c->gone, m, c->counted);
    c->counted_feature = id;
    c->counted_known = true;
}

/* Builders and pigs (Traders & Builders) on ev->feature go home with its
 * followers: a builder when its feature is scored, a pig with the farmers
 * (traders.builder.returns, traders.pig.deploy). */
static void return_helpers(cc_score_ctx *c, cc_score_event *ev)
{
    int n = 0;
    for (int i = 0; i < c->pos->nfigures; i++) {
        const cc_figure *fig = &c->pos->figures[i];
        if (c->gone[i] || (fig->kind != CC_FIG_BUILDER && fig->kind != CC_FIG_PIG) ||
            cc_figure_feature(c->f, fig) != ev->feature)
            continue;
        cc_event_return(c, ev, i);
        cc_event_rule(c, ev, fig->kind == CC_FIG_BUILDER ? "traders.builder.returns"
                                                         : "traders.pig.deploy");
        n++;
    }
    if (n > 0)
        cc_explain(ev, CC_MSG_S_HELPERS_RETURN, CC_INT(COUNT, n));
}

int cc_event_return_followers(cc_score_ctx *c, cc_score_event *ev)
{
    int n = 0;
    if (c->counted_known && c->counted_feature == ev->feature) {
        /* The followers the feature's majority counted: figures do not
         * move while a scoring runs, and one gone since stays gone. */
        for (int k = 0; k < c->ncounted; k++) {
            int i = c->counted[k];
            if (c->gone[i])
                continue;
            cc_event_return(c, ev, i);
            n++;
        }
    } else {
        const int *on = cc_score_follower_features(c);
        for (int i = 0; i < c->pos->nfigures; i++) {
            if (c->gone[i] || on[i] != ev->feature)
                continue;
            cc_event_return(c, ev, i);
            n++;
        }
    }
    if (n > 0 && ev->kind != CC_EV_CHALLENGE_LOST)
        cc_event_rule(c, ev, "base.score.return");
    if (n > 0)
        cc_explain(ev, n == 1 ? CC_MSG_S_RETURN_ONE : CC_MSG_S_RETURN_SOME, CC_INT(COUNT, n));
    if (n > 0)
        return_helpers(c, ev);
    return n;
}

/* ---- what the placed tile touches ------------------------------------------ */

/* Ring position r lies on edge d: the edge itself or one of its halves. */
static bool ring_on_edge(int r, int d)
{
    int e = cc_ring_of_dir(d);
    return r == e || r == (e + 1) % CC_RING_SIZE || r == (e + CC_RING_SIZE - 1) % CC_RING_SIZE;
}

static int add_id(int *ids, int n, int id)
{
    for (int i = 0; i < n; i++)
        if (ids[i] == id)
            return n;
    ids[n] = id;
    return n + 1;
}

/* Features of tile n that reach its edge d (which faces an abbey). */
static int add_edge_features(const cc_features *f, int n, int d, int *ids, int count)
{
    const cc_tile_turn *turn = cc_board_turn(&f->board->tiles[n]);
    for (int r = 0; r < CC_RING_SIZE; r++)
        if (ring_on_edge(r, d) && turn->ring_feature[r] >= 0)
            count = add_id(ids, count, cc_features_of(f, n, turn->ring_feature[r]));
    if (turn->split_city[d] >= 0)
        count = add_id(ids, count, cc_features_of(f, n, turn->split_city[d]));
    return count;
}

int cc_touched_features(const cc_features *f, int t, int *ids)
{
    const cc_board_tile *bt = &f->board->tiles[t];
    int n = 0;
    for (int k = 0; k < bt->type->nfeatures; k++)
        n = add_id(ids, n, cc_features_of(f, t, k));
    if (bt->type->is_abbey)
        for (int d = 0; d < CC_NDIRS; d++)
            if (bt->neighbour[d] >= 0)
                n = add_edge_features(f, bt->neighbour[d], cc_dir_opposite(d), ids, n);
    cc_sort_features(f, ids, n);
    return n;
}

void cc_sort_features(const cc_features *f, int *ids, int n)
{
    /* Insertion sort: a handful of ids, and no qsort context pointer in C11. */
    for (int i = 1; i < n; i++) {
        int id = ids[i], j = i - 1;
        while (j >= 0 && cc_feature_compare(f, id, ids[j]) < 0) {
            ids[j + 1] = ids[j];
            j--;
        }
        ids[j + 1] = id;
    }
}
