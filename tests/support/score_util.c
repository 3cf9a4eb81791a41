/* score_util.c -- see score_util.h. */
#include "score_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/rules.h"

su_game *su_new(int nplayers, unsigned expansions)
{
    su_game *g = calloc(1, sizeof *g);
    cr_assert_not_null(g);
    tu_pos(&g->pos, nplayers, expansions);
    return g;
}

void su_free(su_game *g)
{
    free(g);
}

void su_build(su_game *g)
{
    tu_build(&g->pos, &g->board, &g->features);
}

void su_turn(su_game *g, int x, int y, cc_turn_choices ch)
{
    su_build(g);
    memset(&g->err, 0, sizeof g->err);
    cr_assert(cc_score_turn(&g->pos, &g->features, x, y, &ch, &g->res, &g->err),
              "cc_score_turn failed: %s at %s: %s", tu_title(&g->err), g->err.pointer, tu_detail(&g->err));
    su_check_result(g);
}

void su_turn_fails(su_game *g, int x, int y, cc_turn_choices ch, const char *pointer)
{
    su_build(g);
    memset(&g->err, 0, sizeof g->err);
    g->res.nevents = -7;   /* a sentinel: a failing call leaves the result alone */
    cr_assert_not(cc_score_turn(&g->pos, &g->features, x, y, &ch, &g->res, &g->err),
                  "cc_score_turn accepted what it should refuse");
    cr_assert_eq(g->err.status, CC_ERR_IMPOSSIBLE);
    cr_assert_str_eq(g->err.pointer, pointer, "pointer %s, expected %s (%s)", g->err.pointer,
                     pointer, tu_detail(&g->err));
    cr_assert_eq(g->res.nevents, -7, "the result was touched on failure");
}

void su_final(su_game *g)
{
    su_build(g);
    cc_score_final(&g->pos, &g->features, &g->res);
    su_check_result(g);
}

const cc_score_event *su_event(const su_game *g, int i)
{
    cr_assert_lt(i, g->res.nevents, "expected at least %d events, got %d", i + 1, g->res.nevents);
    return &g->res.events[i];
}

const cc_score_event *su_find(const su_game *g, cc_event_kind kind, int x, int y, const char *at)
{
    int id = tu_feature(&g->features, x, y, at);
    for (int i = 0; i < g->res.nevents; i++)
        if (g->res.events[i].kind == kind && g->res.events[i].feature == id)
            return &g->res.events[i];
    cr_assert_fail("no %s event about (%d, %d) %s among %d events", cc_event_kind_name(kind), x, y,
                   at, g->res.nevents);
    return NULL;
}

bool su_returned(const cc_score_event *ev, int figure)
{
    for (int i = 0; i < ev->nreturned; i++)
        if (ev->returned[i] == figure)
            return true;
    return false;
}

bool su_cites(const cc_score_event *ev, const char *rule)
{
    for (int i = 0; i < ev->nrules; i++)
        if (strcmp(ev->rules[i], rule) == 0)
            return true;
    return false;
}

/* SU_PRINT=1 in the environment prints every result (for writing tests). */
static void print_result(const su_game *g)
{
    const cc_score_result *r = &g->res;
    for (int i = 0; i < r->nevents; i++) {
        const cc_score_event *ev = &r->events[i];
        fprintf(stderr, "[%d] %s %s value %d:", i, cc_event_kind_name(ev->kind),
                cc_feature_type_name(ev->type), ev->value);
        for (int p = 0; p < g->pos.nplayers; p++)
            fprintf(stderr, " %s=%d", g->pos.players[p], ev->points[p]);
        fprintf(stderr, " returned=%d rules:", ev->nreturned);
        for (int k = 0; k < ev->nrules; k++)
            fprintf(stderr, " %s", ev->rules[k]);
        fprintf(stderr, "\n    %s\n", tu_explain(ev, &g->pos));
    }
}

void su_check_result(const su_game *g)
{
    const cc_score_result *r = &g->res;
    if (getenv("SU_PRINT"))
        print_result(g);
    int sum[CC_MAX_PLAYERS] = { 0 };
    bool seen[CC_MAX_FIGURES] = { false };
    cr_assert_leq(r->nevents, CC_MAX_EVENTS);
    for (int i = 0; i < r->nevents; i++) {
        const cc_score_event *ev = &r->events[i];
        cr_assert_gt(strlen(tu_explain(ev, &g->pos)), 0, "event %d has no explanation", i);
        cr_assert_gt(ev->nrules, 0, "event %d cites no rule", i);
        for (int k = 0; k < ev->nrules; k++)
            cr_assert_not_null(cc_rule_find(ev->rules[k]), "rule %s is not in rules.c", ev->rules[k]);
        for (int p = 0; p < CC_MAX_PLAYERS; p++) {
            cr_assert_geq(ev->points[p], 0);
            sum[p] += ev->points[p];
        }
        for (int k = 0; k < ev->nreturned; k++) {
            int fig = ev->returned[k];
            cr_assert(fig >= 0 && fig < g->pos.nfigures, "returned figure %d out of range", fig);
            cr_assert_not(seen[fig], "figure %d returned twice", fig);
            cr_assert(k == 0 || ev->returned[k - 1] < fig, "returned[] not ascending");
            cr_assert_neq(g->pos.figures[fig].kind, CC_FIG_BARN, "a barn never returns");
            seen[fig] = true;
        }
    }
    for (int p = 0; p < CC_MAX_PLAYERS; p++)
        cr_assert_eq(r->totals[p], sum[p], "totals[%d] = %d, events sum to %d", p, r->totals[p], sum[p]);
    for (int k = 0; k < r->nrules; k++)
        cr_assert_not_null(cc_rule_find(r->rules[k]), "rule %s is not in rules.c", r->rules[k]);
}

void su_abbey_board(su_game *g, bool cities, bool ne_corner)
{
    tu_tile(&g->pos, "base.A", -2, 0, 270);
    tu_tile(&g->pos, "base.U", -1, 0, 0);
    tu_tile(&g->pos, "base.U", 0, 0, 0);
    tu_tile(&g->pos, "base.B", 0, -1, 0);
    tu_tile(&g->pos, cities ? "base.E" : "base.B", 1, -1, cities ? 180 : 0);
    if (ne_corner)
        tu_tile(&g->pos, "base.E", 2, -1, 0);
    tu_tile(&g->pos, "base.B", 0, 1, 0);
    tu_tile(&g->pos, cities ? "base.E" : "base.B", 1, 1, 0);
    tu_tile(&g->pos, "base.E", 2, 1, 0);
    tu_tile(&g->pos, "base.E", 2, 0, 180);
}

cc_turn_choices su_deployed(int figure, int token)
{
    cc_turn_choices ch = cc_turn_choices_none();
    ch.deployed = figure;
    ch.first_token = token;
    return ch;
}

void su_seven_tile_city(su_game *g)
{
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    tu_tile(&g->pos, "base.E", -2, 0, 90);
    tu_tile(&g->pos, "base.F", -1, 0, 0);
    tu_tile(&g->pos, "base.C", 0, 0, 0);
    tu_tile(&g->pos, "base.F", 1, 0, 0);
    tu_tile(&g->pos, "base.E", 2, 0, 270);
    tu_tile(&g->pos, "base.E", 0, 1, 0);
}
