/* jcz_sheep.c -- see jcz_sheep.h. */
#include "jcz_sheep.h"

#include <stdlib.h>

#include "../../engine/scoring.h"
#include "../../engine/shepherd.h"
#include "../../engine/validate.h"

static const int full_bag[JCZ_BAG_KINDS] = { 4, 5, 5, 2, 2 };

/* Index in the row of kinds: sheep 1..4 -> 0..3, the wolf -> 4. */
static int kind_of(int token)
{
    return token == CC_TOKEN_WOLF ? 4 : token - 1;
}

static int token_of(int kind)
{
    return kind == 4 ? CC_TOKEN_WOLF : kind + 1;
}

void jcz_bag_fill(jcz_bag *bag, const cc_position *pos)
{
    for (int k = 0; k < JCZ_BAG_KINDS; k++)
        bag->count[k] = full_bag[k];
    for (int i = 0; i < pos->nfigures; i++)
        if (pos->figures[i].kind == CC_FIG_SHEPHERD)
            for (int j = 0; j < pos->figures[i].nflock; j++) {
                int t = pos->figures[i].flock[j];
                if (t >= 1 && t <= CC_TOKEN_MAX_SHEEP && bag->count[t - 1] > 0)
                    bag->count[t - 1]--;
            }
}

void jcz_bag_put_back(jcz_bag *bag, const int8_t *flock, int n)
{
    for (int j = 0; j < n; j++)
        if (flock[j] >= 1 && flock[j] <= CC_TOKEN_MAX_SHEEP &&
            bag->count[flock[j] - 1] < full_bag[flock[j] - 1])
            bag->count[flock[j] - 1]++;
}

static int bag_size(const jcz_bag *bag)
{
    int n = 0;
    for (int k = 0; k < JCZ_BAG_KINDS; k++)
        n += bag->count[k];
    return n;
}

int jcz_bag_draw(const jcz_bag *bag, double u)
{
    int n = bag_size(bag);
    if (n <= 0 || !(u >= 0.0 && u < 1.0))
        return -1;
    int index = (int)(u * n);
    for (int k = 0; k < JCZ_BAG_KINDS; k++) {
        if (index < bag->count[k])
            return token_of(k);
        index -= bag->count[k];
    }
    return -1;
}

double jcz_bag_number(const jcz_bag *bag, int token)
{
    if (token != CC_TOKEN_WOLF && (token < 1 || token > CC_TOKEN_MAX_SHEEP))
        return -1;
    int kind = kind_of(token), n = bag_size(bag), first = 0;
    if (bag->count[kind] == 0)
        return -1;
    for (int k = 0; k < kind; k++)
        first += bag->count[k];
    return (first + 0.5) / n;
}

typedef struct {
    cc_position pos;
    cc_board board;
    cc_features features;
} scratch;

void jcz_bag_for_grow(const cc_position *pos, const cc_catalog *cat, const cc_move *mv,
                      jcz_bag *bag)
{
    jcz_bag_fill(bag, pos);
    scratch *s = malloc(sizeof *s);
    if (s == NULL || pos->ntiles >= CC_MAX_TILES) {
        free(s);
        return;
    }
    cc_position *t = &s->pos;
    *t = *pos;
    cc_placed_tile *p = &t->tiles[t->ntiles++];
    bool abbey = cat->types[mv->type].is_abbey;
    p->type = mv->type;
    p->x = mv->x;
    p->y = mv->y;
    p->rot = abbey ? 0 : mv->rot;
    p->owner = abbey ? t->active : -1;
    if (abbey && t->abbeys[t->active] > 0)
        t->abbeys[t->active]--;
    cc_error ignored;
    int acting = -1;
    if (cc_validate(t, cat, &s->board, &s->features, &ignored))
        acting = cc_shepherd_to_act(t, &s->features, t->ntiles - 1, -1);
    if (acting >= 0) {
        int field = cc_figure_feature(&s->features, &t->figures[acting]);
        for (int i = 0; i < t->nfigures; i++) {
            const cc_figure *f = &t->figures[i];
            int id = f->kind == CC_FIG_SHEPHERD ? cc_figure_feature(&s->features, f) : -1;
            if (id >= 0 && id != field && s->features.features[id].complete)
                jcz_bag_put_back(bag, f->flock, f->nflock);
        }
    }
    free(s);
}
