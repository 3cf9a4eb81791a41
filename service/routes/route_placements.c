/* route_placements.c -- POST /v1/placements {"position", "tile"}: where may
 * this tile go?
 *
 * Answers {"tile": canonical id, "placements": [{x, y, rot}], "rules"}, rot
 * in degrees, sorted by y, x, rot, all four rotations tried even where the
 * tile looks the same turned (engine/placement.h). An empty list means the
 * tile cannot be placed: a land tile is then discarded
 * (base.placement.discard).
 *
 * The tile must be one the active player can hold: its expansion is in
 * play, and not every copy is on the board already; for the abbey, the
 * active player still has one in hand (position.abbeys). Otherwise 422 at
 * /tile. The question itself (decode, in hand, engine) is q_placements
 * (questions.h), which /v1/render draws too. */
#include "routes.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/placement.h"
#include "../../engine/river.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "game.h"
#include "questions.h"

/* An answer's bytes besides its placements: the tile's id, the member
 * names, the rule ids (at most about 300). */
#define ANSWER_ROOM 512

/* Can the active player be holding a tile of this type? Errors at `ptr`. */
static bool tile_in_hand(const game *g, const cc_catalog *cat, int type, const char *ptr,
                         cc_error *err)
{
    const cc_position *pos = &g->pos;
    const cc_tile_type *t = &cat->types[type];
    if (!(pos->expansions & t->expansion))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                       SVC_D_TILE_SET_NOT_IN_PLAY, CC_STR(TILE, t->id), CC_STR(EXPANSION, t->set));
    if (t->is_abbey) {
        if (pos->abbeys[pos->active] < 1)
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, SVC_P_NO_ABBEY_IN_HAND, SVC_D_NO_ABBEY_LEFT,
                           CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[pos->active])));
        return true;
    }
    int placed = 0, bag = cc_position_bag_count(pos, cat, type);   /* sets' copies */
    for (int i = 0; i < pos->ntiles; i++)
        placed += pos->tiles[i].type == type;
    if (placed >= bag)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, SVC_P_NO_COPY_LEFT, SVC_D_ALL_COPIES_PLACED,
                       CC_INT(COUNT, bag), CC_STR(TILE, t->id));
    if (pos->expansions & CC_EXP_RIVERS) {
        cc_river r;
        cc_river_read(&g->board, &r);
        const char *why = cc_river_draw_refusal(pos, &g->board, &r, type);
        if (why != NULL)
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_RIVER_RULE_BROKEN, CC_MSG_D_RIVER_DRAW,
                           CC_STR(TILE, t->id), CC_STR(RULE, why), CC_RULE(RULE_TITLE, why));
    }
    return true;
}

bool q_placements(const game *g, const cc_catalog *cat, const jr_obj *obj, const char *name,
                  int *type, cc_placement **list, int *n, cc_error *err)
{
    char ptr[CC_POINTER_MAX];
    jr_pointer_member(ptr, "", name, strlen(name));
    *list = NULL;
    *n = 0;
    if (!dec_tile_id(obj, name, "", cat, type, err) ||
        !tile_in_hand(g, cat, *type, ptr, err))
        return false;
    if ((*list = malloc(CC_MAX_PLACEMENTS * sizeof **list)) == NULL)
        return CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_PLACEMENTS);
    *n = cc_placements(&g->board, *type, *list, CC_MAX_PLACEMENTS);
    if (*n > CC_MAX_PLACEMENTS)
        *n = CC_MAX_PLACEMENTS;   /* cannot happen: the header's bound */
    return true;
}

/* The rules an answer names: at most the three of every placement, one of
 * the abbey or the shrines, the river's three and the discard, each once
 * (distinct literals), written as they are. */
static void placement_rules(jw *w, const game *g, const cc_tile_type *t, int n)
{
    const char *ids[10] = {
        "base.placement.empty-cell", "base.placement.adjacent", "base.placement.edges",
    };
    size_t k = 3;
    if (t->is_abbey)
        ids[k++] = "abbey.placement.hole";
    if (g->pos.expansions & CC_EXP_SHRINES)
        ids[k++] = "shrines.placement.neighbours";
    if ((g->pos.expansions & CC_EXP_RIVERS) && cc_tile_is_river(t)) {
        ids[k++] = "river.placement.continue";
        ids[k++] = "river.placement.no-u-turn";
        ids[k++] = "river-ii.placement.branches-apart";
    }
    if (n == 0 && !t->is_abbey)
        ids[k++] = "base.placement.discard";
    enc_rule_ids(w, ids, k);
}

void route_placements(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", "tile", NULL };
    /* Placements need the board's edges and neighbours, not its features. */
    game *g = game_open_board(ctx, root, members, res);
    if (g == NULL)
        return;
    cc_error err;
    memset(&err, 0, sizeof err);
    int type = -1, n = 0;
    cc_placement *list = NULL;
    if (!q_placements(g, ctx->cat, root, "tile", &type, &list, &n, &err)) {
        svc_reply_problem(res, &err);
        game_free(g);
        return;
    }
    const cc_tile_type *t = &ctx->cat->types[type];
    jw w;
    jw_init(&w);
    /* Room for the whole answer at once, not grown twice on the way. */
    jw_reserve(&w, ANSWER_ROOM + enc_placements_max(n));
    jw_object(&w);
    jw_key_lit(&w, "tile");
    jw_id(&w, t->id);   /* catalog ids need no escape */
    jw_key_lit(&w, "placements");
    enc_placements(&w, list, n);
    jw_key_lit(&w, "rules");
    placement_rules(&w, g, t, n);
    jw_object_end(&w);
    free(list);
    game_free(g);
    svc_reply_jw(res, 200, &w);
}
