/* barn.c -- see barn.h.
 *
 * The junction is walked the way cc_barn_field() walks it (the four cells
 * round the corner point, each with its corner touching the point), but
 * here each failure is named, so the answer can say which tile spoils it. */
#include "barn.h"

#include <stdio.h>

#include "deploy.h"
#include "validate.h"

static const char *const corner_names[CC_NCORNERS] = { "NE", "SE", "SW", "NW" };

static void refuse(cc_barn_verdict *v, const char *rule)
{
    v->legal = false;
    v->rule = rule;
}

/* What corner c of board tile t shows, when it is not a single field. */
static const char *corner_shows(const cc_board *b, int t, int c)
{
    const cc_board_tile *bt = &b->tiles[t];
    if (bt->type->is_abbey)
        return "the abbey";
    int ka = bt->ring_feature[cc_corner_half_a(c)], kb = bt->ring_feature[cc_corner_half_b(c)];
    const cc_tile_feature *fa = ka >= 0 ? &bt->type->features[ka] : NULL;
    const cc_tile_feature *fb = kb >= 0 ? &bt->type->features[kb] : NULL;
    if ((fa && fa->type == CC_FEAT_CITY) || (fb && fb->type == CC_FEAT_CITY) || !fa || !fb)
        return "a city";
    return "two fields parted by a road or a wall";
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
            snprintf(v->explain, sizeof v->explain,
                     "A barn stands where four tiles meet, and no tile stands on (%d, %d) at corner %s of (%d, %d).",
                     cx, cy, corner_names[corner], b->tiles[t].x, b->tiles[t].y);
            return false;
        }
        if (cc_board_corner_field(b, u, ccorner[i]) < 0) {
            refuse(v, "abbey.barn.junction");
            snprintf(v->explain, sizeof v->explain,
                     "Each of the four tiles must show only field at the junction, and the %s corner of %s at (%d, %d) shows %s.",
                     corner_names[ccorner[i]], b->tiles[u].type->id, cx, cy,
                     corner_shows(b, u, ccorner[i]));
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
    v->explain[0] = '\0';
    v->field = -1;
    v->joins_barn = false;
    if (!(pos->expansions & CC_EXP_ABBEY_MAYOR)) {
        refuse(v, "base.deploy.supply");
        snprintf(v->explain, sizeof v->explain,
                 "Barns come with Abbey & Mayor, which is not in play.");
        return;
    }
    if (cc_supply_left(pos, pos->active, CC_FIG_BARN) <= 0) {
        refuse(v, "base.deploy.supply");
        snprintf(v->explain, sizeof v->explain,
                 "%s's only barn is already on the board, and a barn stays there until the end of the game.",
                 pos->players[pos->active]);
        return;
    }
    if (!junction_is_open_field(f, t, corner, v))
        return;
    const cc_board_tile *bt = &f->board->tiles[t];
    v->field = cc_barn_field(f, bt->x, bt->y, corner);
    v->joins_barn = cc_field_has_barn(pos, f, v->field, NULL);
    if (v->joins_barn && pos->options.barn_placement != CC_BARN_PLACEMENT_OCCUPIED) {
        refuse(v, "abbey.barn.one-per-field");
        snprintf(v->explain, sizeof v->explain,
                 "The field at corner %s of (%d, %d) already has a barn, and a barn may not join another in its field.",
                 corner_names[corner], bt->x, bt->y);
    }
}
