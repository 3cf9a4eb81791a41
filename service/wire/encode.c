/* encode.c -- see encode.h. */
#include "encode.h"

#include <string.h>

#include "../../engine/validate.h"

json_object *enc_loc(cc_loc loc)
{
    char name[8];
    return json_object_new_string(cc_loc_name(loc, name));
}

json_object *enc_xy(int x, int y)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "x", json_object_new_int(x));
    json_object_object_add(o, "y", json_object_new_int(y));
    return o;
}

json_object *enc_xyat(int x, int y, cc_loc at)
{
    json_object *o = enc_xy(x, y);
    json_object_object_add(o, "at", enc_loc(at));
    return o;
}

json_object *enc_feature_ref(const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    const cc_board_tile *t = &f->board->tiles[feat->name_tile];
    return enc_xyat(t->x, t->y, feat->name_at);
}

json_object *enc_cells(const cc_features *f, int id)
{
    int tiles[CC_MAX_TILES];
    int n = cc_features_cells(f, id, tiles);
    json_object *a = json_object_new_array_ext(n);
    for (int i = 0; i < n; i++) {
        const cc_board_tile *t = &f->board->tiles[tiles[i]];
        json_object_array_add(a, enc_xy(t->x, t->y));
    }
    return a;
}

static void add_spot(json_object *o, const cc_figure *fig)
{
    json_object_object_add(o, "kind", json_object_new_string(cc_figure_kind_name(fig->kind)));
    json_object_object_add(o, "x", json_object_new_int(fig->x));
    json_object_object_add(o, "y", json_object_new_int(fig->y));
    json_object_object_add(o, "at", enc_loc(fig->at));
    if (fig->kind == CC_FIG_SHEPHERD) {
        json_object *flock = json_object_new_array_ext(fig->nflock);
        for (int i = 0; i < fig->nflock; i++)
            json_object_array_add(flock, json_object_new_int(fig->flock[i]));
        json_object_object_add(o, "flock", flock);
    }
}

json_object *enc_figure_spot(const cc_figure *fig)
{
    json_object *o = json_object_new_object();
    add_spot(o, fig);
    return o;
}

json_object *enc_figure(const cc_position *pos, const cc_figure *fig)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "player", json_object_new_string(pos->players[fig->player]));
    add_spot(o, fig);
    return o;
}

int enc_figure_feature(const cc_features *f, const cc_figure *fig)
{
    if (fig->kind == CC_FIG_BARN)
        return fig->at.kind == CC_LOC_CORNER ? cc_barn_field(f, fig->x, fig->y, fig->at.value) : -1;
    return cc_figure_feature(f, fig);
}

json_object *enc_occupants(const cc_position *pos, const cc_features *f, int id)
{
    json_object *o = json_object_new_object();
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (enc_figure_feature(f, fig) != id)
            continue;
        const char *name = pos->players[fig->player];
        json_object *list;
        if (!json_object_object_get_ex(o, name, &list)) {
            list = json_object_new_array();
            json_object_object_add(o, name, list);
        }
        json_object_array_add(list, enc_figure_spot(fig));
    }
    return o;
}

json_object *enc_feature(const cc_position *pos, const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    json_object *o = json_object_new_object();
    json_object_object_add(o, "feature", enc_feature_ref(f, id));
    json_object_object_add(o, "type", json_object_new_string(cc_feature_type_name(feat->type)));
    json_object_object_add(o, "cells", enc_cells(f, id));
    json_object_object_add(o, "complete", json_object_new_boolean(feat->complete));
    if (feat->type == CC_FEAT_CITY)
        json_object_object_add(o, "pennants", json_object_new_int(feat->pennants));
    if (feat->type == CC_FEAT_FIELD) {
        int n;
        const int *cities = cc_features_cities(f, id, &n);
        json_object *a = json_object_new_array_ext(n);
        for (int i = 0; i < n; i++)
            json_object_array_add(a, enc_feature_ref(f, cities[i]));
        json_object_object_add(o, "cities", a);
    }
    json_object_object_add(o, "occupants", enc_occupants(pos, f, id));
    return o;
}

/* Does part (t, k) touch an abbey across one of its borders? */
static bool part_touches_abbey(const cc_board *b, int t, int k)
{
    const cc_board_tile *bt = &b->tiles[t];
    for (int r = 0; r < CC_RING_SIZE; r++) {
        int n = bt->neighbour[cc_dir_of_ring(r)];
        if (bt->ring_feature[r] == k && n >= 0 && b->tiles[n].type->is_abbey)
            return true;
    }
    return false;
}

/* Is part (t, k) one of the two city segments of a split edge? */
static bool part_on_split_edge(const cc_board *b, int t, int k)
{
    const cc_board_tile *bt = &b->tiles[t];
    for (int d = 0; d < 4; d++)
        if (bt->split_city[d] >= 0 &&
            (bt->split_city[d] == k || bt->ring_feature[cc_ring_of_dir(d)] == k))
            return true;
    return false;
}

void enc_feature_rules(json_object *rules, const cc_features *f, int id)
{
    static const char *const type_rule[CC_FEAT_NTYPES] = {
        [CC_FEAT_CITY] = "base.feature.city",
        [CC_FEAT_ROAD] = "base.feature.road",
        [CC_FEAT_FIELD] = "base.feature.field",
        [CC_FEAT_CLOISTER] = "base.feature.cloister",
        [CC_FEAT_SHRINE] = "shrines.feature.shrine",
        [CC_FEAT_ABBEY] = "abbey.feature.closes",
    };
    const cc_feature *feat = &f->features[id];
    if ((unsigned)feat->type < CC_FEAT_NTYPES)
        enc_rules_add(rules, type_rule[feat->type]);
    if (cc_feature_is_monastery(feat->type))
        return;
    for (int p = feat->first_part; p >= 0; p = f->parts[p].next) {
        const cc_feature_part *part = &f->parts[p];
        if (part_touches_abbey(f->board, part->tile, part->k))
            enc_rules_add(rules, "abbey.feature.closes");
        if (part_on_split_edge(f->board, part->tile, part->k))
            enc_rules_add(rules, "hills-sheep.feature.split-edge");
    }
}

void enc_rules_add(json_object *rules, const char *id)
{
    size_t n = json_object_array_length(rules);
    for (size_t i = 0; i < n; i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(rules, i)), id) == 0)
            return;
    json_object_array_add(rules, json_object_new_string(id));
}

json_object *enc_rules(const char *const *ids, size_t n)
{
    json_object *a = json_object_new_array();
    for (size_t i = 0; i < n; i++)
        enc_rules_add(a, ids[i]);
    return a;
}
