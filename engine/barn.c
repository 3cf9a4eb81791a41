/* barn.c -- see barn.h.
 *
 * The junction is walked the way cc_barn_field() walks it (the four cells
 * round the corner point, each with its corner touching the point), but
 * here each failure is named, so the answer can say which tile spoils it. */
#include "barn.h"

#include <stdio.h>

#include "deploy.h"
#include "validate.h"

static void refuse(cc_barn_verdict *v, const char *rule)
{
    v->legal = false;
    v->rule = rule;
}

/* The reason corner c of board tile t is no barn spot, when it is not a
 * single field: it shows the abbey, a city, or fields parted by a road. */
static int corner_reason(const cc_board *b, int t, int c)
{
    const cc_board_tile *bt = &b->tiles[t];
    if (bt->type->is_abbey)
        return CC_MSG_R_BARN_CORNER_ABBEY;
    const int8_t *ring = cc_board_turn(bt)->ring_feature;
    int ka = ring[cc_corner_half_a(c)], kb = ring[cc_corner_half_b(c)];
    const cc_tile_feature *fa = ka >= 0 ? &bt->type->features[ka] : NULL;
    const cc_tile_feature *fb = kb >= 0 ? &bt->type->features[kb] : NULL;
    if ((fa && fa->type == CC_FEAT_CITY) || (fb && fb->type == CC_FEAT_CITY) || !fa || !fb)
        return CC_MSG_R_BARN_CORNER_CITY;
    return CC_MSG_R_BARN_CORNER_PARTED;
}

/* Walk the four cells round the corner point; on failure fill *v. */
static bool junction_is_open_field(const cc_features *f, int t, int corner, cc_barn_verdict *v)
{
    const cc_board *b = f->board;
    int px, py;
    cc_corner_point(b->tiles[t].x, b->tiles[t].y, corner, &px, &py);
    static const int cdx[4] = { -1, 0, 0, -1 }, cdy[4] = { -1, -1, 0, 0 };
    static const int ccorner[4] = { CC_CORNER_SE, CC_CORNER_SW, CC_CORNER_NW, CC_CORNER_NE };
    for (int i = 0; i < 4; i++) {
        int cx = px + cdx[i], cy = py + cdy[i];
        int u = cc_board_at(b, cx, cy);
        if (u < 0) {
            refuse(v, "abbey.barn.junction");
            CC_SAY(&v->reason, CC_MSG_R_BARN_NO_TILE, CC_INT(OTHER_X, cx), CC_INT(OTHER_Y, cy),
                   CC_LOC(CORNER, cc_corner_loc(corner)), CC_INT(X, b->tiles[t].x),
                   CC_INT(Y, b->tiles[t].y));
            return false;
        }
        if (cc_board_corner_field(b, u, ccorner[i]) < 0) {
            refuse(v, "abbey.barn.junction");
            CC_SAY(&v->reason, corner_reason(b, u, ccorner[i]),
                   CC_LOC(CORNER, cc_corner_loc(ccorner[i])), CC_STR(TILE, b->tiles[u].type->id),
                   CC_INT(X, cx), CC_INT(Y, cy));
            return false;
        }
    }
    return true;
}

void cc_barn_check(const cc_position *pos, const cc_features *f, int t, int corner,
                   cc_barn_verdict *v)
{
    v->legal = true;
    v->rule = NULL;
    CC_SAY0(&v->reason, 0);
    v->field = -1;
    v->joins_barn = false;
    if (!(pos->expansions & CC_EXP_ABBEY_MAYOR)) {
        refuse(v, "base.deploy.supply");
        CC_SAY0(&v->reason, CC_MSG_R_BARN_NO_EXPANSION);
        return;
    }
    if (cc_supply_left(pos, pos->active, CC_FIG_BARN) <= 0) {
        refuse(v, "base.deploy.supply");
        CC_SAY(&v->reason, CC_MSG_R_BARN_PLACED, CC_PLAYER(PLAYER, pos->active));
        return;
    }
    if (!junction_is_open_field(f, t, corner, v))
        return;
    const cc_board_tile *bt = &f->board->tiles[t];
    v->field = cc_barn_field(f, bt->x, bt->y, corner);
    v->joins_barn = cc_field_has_barn(pos, f, v->field, NULL);
    if (v->joins_barn && pos->options.barn_placement != CC_BARN_PLACEMENT_OCCUPIED) {
        refuse(v, "abbey.barn.one-per-field");
        CC_SAY(&v->reason, CC_MSG_R_BARN_ONE_PER_FIELD, CC_LOC(CORNER, cc_corner_loc(corner)),
               CC_INT(X, bt->x), CC_INT(Y, bt->y));
    }
}
