/* goods.c -- see goods.h. */
#include "goods.h"

#include <stdio.h>
#include <string.h>

void cc_goods_of(const cc_features *f, int id, int out[CC_NGOODS])
{
    memset(out, 0, sizeof(int) * CC_NGOODS);
    if (f->features[id].type != CC_FEAT_CITY)
        return;
    for (int p = f->features[id].first_part; p >= 0; p = f->parts[p].next) {
        const cc_feature_part *part = &f->parts[p];
        const cc_tile_feature *tf = &f->board->tiles[part->tile].type->features[part->k];
        for (int g = 0; g < CC_NGOODS; g++)
            out[g] += tf->goods[g];
    }
}

void cc_goods_collect(cc_score_ctx *c, int city)
{
    if (!(c->pos->expansions & CC_EXP_TRADERS_BUILDERS))
        return;
    int goods[CC_NGOODS];
    cc_goods_of(c->f, city, goods);
    if (goods[CC_GOODS_WINE] + goods[CC_GOODS_GRAIN] + goods[CC_GOODS_CLOTH] == 0)
        return;
    cc_score_event *ev = cc_event_add(c, CC_EV_GOODS, city);
    if (ev == NULL)
        return;
    ev->goods_player = c->pos->active;
    memcpy(ev->goods, goods, sizeof goods);
    cc_event_rule(c, ev, "traders.goods.collect");
    const cc_feature *feat = &c->f->features[city];
    const cc_board_tile *bt = &c->f->board->tiles[feat->name_tile];
    cc_explain(ev, CC_MSG_S_GOODS_COLLECT, CC_PLAYER(PLAYER, c->pos->active), CC_INT(X, bt->x),
               CC_INT(Y, bt->y), CC_LOC(AT, feat->name_at), CC_INT(WINE, goods[CC_GOODS_WINE]),
               CC_INT(GRAIN, goods[CC_GOODS_GRAIN]), CC_INT(CLOTH, goods[CC_GOODS_CLOTH]));
}

void cc_goods_score_final(cc_score_ctx *c)
{
    const cc_position *pos = c->pos;
    if (!(pos->expansions & CC_EXP_TRADERS_BUILDERS))
        return;
    for (int g = 0; g < CC_NGOODS; g++) {
        int most = 0;
        for (int p = 0; p < pos->nplayers; p++)
            if (pos->goods[p][g] > most)
                most = pos->goods[p][g];
        if (most == 0)
            continue;
        cc_score_event *ev = cc_event_add(c, CC_EV_GOODS_FINAL, -1);
        if (ev == NULL)
            return;
        ev->goods[g] = 1;
        ev->value = CC_GOODS_MAJORITY_POINTS;
        bool winner[CC_MAX_PLAYERS] = { false }, held[CC_MAX_PLAYERS] = { false };
        for (int p = 0; p < pos->nplayers; p++) {
            ev->strength[p] = pos->goods[p][g];
            held[p] = pos->goods[p][g] > 0;
            winner[p] = pos->goods[p][g] == most;
            if (winner[p])
                cc_event_give(c, ev, p, CC_GOODS_MAJORITY_POINTS);
        }
        cc_event_rule(c, ev, "traders.goods.final");
        cc_explain(ev, CC_MSG_S_GOODS_HELD, CC_TERM(WHAT, cc_goods_name((cc_goods)g)),
                   CC_STRENGTHS(STRENGTHS, cc_players_mask(pos, held)));
        cc_explain(ev, CC_MSG_S_GOODS_MOST, CC_TERM(WHAT, cc_goods_name((cc_goods)g)),
                   CC_INT(COUNT, most), CC_PLAYERS(PLAYERS, cc_players_mask(pos, winner)),
                   CC_INT(POINTS, CC_GOODS_MAJORITY_POINTS));
    }
}

void cc_goods_apply(const cc_score_result *s, cc_position *pos)
{
    for (int e = 0; e < s->nevents; e++) {
        const cc_score_event *ev = &s->events[e];
        if (ev->kind != CC_EV_GOODS || ev->goods_player < 0 || ev->goods_player >= pos->nplayers)
            continue;
        for (int g = 0; g < CC_NGOODS; g++)
            pos->goods[ev->goods_player][g] += ev->goods[g];
    }
}

/* A player's name as a JSON Pointer token: '~' as "~0", '/' as "~1". */
static void pointer_token(char *out, size_t cap, const char *name)
{
    size_t n = 0;
    for (; *name != '\0' && n + 3 < cap; name++) {
        if (*name == '~' || *name == '/') {
            out[n++] = '~';
            out[n++] = *name == '~' ? '0' : '1';
        } else {
            out[n++] = *name;
        }
    }
    out[n] = '\0';
}

bool cc_goods_check(const cc_position *pos, const cc_features *f, cc_error *err)
{
    int given[CC_NGOODS] = { 0 }, held[CC_NGOODS] = { 0 };
    for (int id = 0; id < f->nfeatures; id++) {
        if (f->features[id].type != CC_FEAT_CITY || !f->features[id].complete)
            continue;
        int goods[CC_NGOODS];
        cc_goods_of(f, id, goods);
        for (int g = 0; g < CC_NGOODS; g++)
            given[g] += goods[g];
    }
    for (int p = 0; p < pos->nplayers; p++)
        for (int g = 0; g < CC_NGOODS; g++) {
            held[g] += pos->goods[p][g];
            if (held[g] <= given[g])
                continue;
            char ptr[CC_POINTER_MAX], name[2 * CC_NAME_MAX];
            pointer_token(name, sizeof name, pos->players[p]);
            snprintf(ptr, sizeof ptr, "/position/goods/%s/%s", name,
                     cc_goods_name((cc_goods)g));
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_GOODS_TOO_MANY,
                           CC_MSG_D_GOODS_TOO_MANY, CC_TERM(WHAT, cc_goods_name((cc_goods)g)),
                           CC_INT(COUNT, held[g]), CC_INT(LIMIT, given[g]));
        }
    return true;
}
