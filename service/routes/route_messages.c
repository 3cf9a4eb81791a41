/* route_messages.c -- POST /v1/messages/{n}: what would message card n
 * (1..8) yield for the active player now?
 *
 * Body: {"position", "figure": {x, y, at} (card 8 only, required there),
 *        "counting_figure": 0 | 1 (optional), "tile": id (card 7 only, optional)}
 * Answer (service/wire/encode_messages.h, enc_message_card): {"card", "name",
 *   "player", "points", "alternative": 2, "counted", "candidates" (1-3),
 *   "majority" and "returned" (8), "allows" (7), "chain", "rules", "explain"
 *   (in the request's language), "explain_id", "explain_args"};
 *   card 7 with "tile" adds "tile" and "placements" (every legal {x, y, rot},
 *   as /v1/placements answers).
 * "chain" says, for the card's points and for the alternative's 2 points,
 * which counting figure takes them (counting_figure, or by default the one
 * that then ends on a dark space, figure 0 first, else figure 0), where both
 * figures stand after, and whether that brings another message.
 *
 * Errors: 404 for n outside 1..8 (any other path under /v1/messages/);
 * 422 at /position/expansions without "messages"; card 8 without "figure"
 * is 400 (missing member), a figure that is not one of the active player's
 * followers 422 at /figure; "figure" or "tile" on a card that takes none
 * is 400 (unknown member).
 */
#include "routes.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/messages.h"
#include "../../engine/placement.h"
#include "../text/problems.h"
#include "../wire/decode.h"
#include "../wire/encode.h"
#include "../wire/encode_messages.h"
#include "game.h"

/* "1".."8" -> 1..8; anything else (a leading zero, a sign, more) -> -1. */
static int card_number(const char *param)
{
    if (param[0] >= '1' && param[0] <= '0' + CC_MESSAGE_CARDS && param[1] == '\0')
        return param[0] - '0';
    return -1;
}

static bool check_members(jr_obj *root, int card, cc_error *err)
{
    static const char *const plain[] = { "position", "counting_figure", NULL };
    static const char *const with_figure[] = { "position", "counting_figure", "figure", NULL };
    static const char *const with_tile[] = { "position", "counting_figure", "tile", NULL };
    const char *const *allowed = card == 8 ? with_figure : card == 7 ? with_tile : plain;
    return dec_only_members(root, allowed, "", err);
}

/* Card 8's follower: {"x", "y", "at"} naming one of the active player's. */
static int named_follower(jr_obj *root, const game *g, cc_error *err)
{
    static const char *const members[] = { "x", "y", "at", NULL };
    jr_obj fig;
    int x = 0, y = 0;
    cc_loc at;
    if (!dec_object(root, "figure", "", true, &fig, err) ||
        !dec_only_members(&fig, members, "/figure", err) ||
        !dec_int(&fig, "x", "/figure", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, err) ||
        !dec_int(&fig, "y", "/figure", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, err) ||
        !dec_loc(&fig, "at", "/figure", true, true, &at, NULL, err))
        return -1;
    return cc_messages_find_follower(&g->pos, &g->features, x, y, at, err);
}

/* Where the counting figure lands if the player takes `points` now. */
static bool chain_of(const cc_position *pos, int points, int figure, cc_counting *out,
                     cc_error *err)
{
    cc_award a = { CC_ROUND_MESSAGE, points, figure, false };
    return cc_messages_count(pos->scores[pos->active], true, true, &a, 1, out, err);
}

/* Card 7's optional "tile": which tile, and where it may go. */
typedef struct {
    const cc_tile_type *tile;   /* NULL: no "tile" asked */
    cc_placement *list;         /* malloc'ed */
    int n;
} extra_tile;

/* Card 7 with "tile": may the active player hold that tile, and where may
 * it go? (The same checks as /v1/placements.) */
static bool find_placements(const svc_context *ctx, jr_obj *root, const game *g,
                            extra_tile *out, cc_error *err)
{
    if (!dec_has(root, "tile"))
        return true;
    int type;
    if (!dec_tile_id(root, "tile", "", ctx->cat, &type, err))
        return false;
    const cc_tile_type *t = &ctx->cat->types[type];
    const cc_position *pos = &g->pos;
    if (!(pos->expansions & t->expansion))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/tile", CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                       SVC_D_TILE_SET_NOT_IN_PLAY, CC_STR(TILE, t->id), CC_STR(EXPANSION, t->set));
    int placed = 0;
    for (int i = 0; i < pos->ntiles; i++)
        placed += pos->tiles[i].type == type;
    if (t->is_abbey ? pos->abbeys[pos->active] < 1
                    : placed >= cc_position_bag_count(pos, ctx->cat, type))   /* sets' copies */
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/tile", SVC_P_NO_COPY_LEFT, SVC_D_CANNOT_HOLD_TILE,
                       CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[pos->active])),
                       CC_STR(TILE, t->id));
    out->list = malloc((size_t)CC_MAX_PLACEMENTS * sizeof *out->list);
    if (out->list == NULL)
        return CC_FAIL0(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_PLACEMENTS);
    int n = cc_placements(&g->board, type, out->list, CC_MAX_PLACEMENTS);
    out->n = n < CC_MAX_PLACEMENTS ? n : CC_MAX_PLACEMENTS;
    out->tile = t;
    return true;
}

static bool answer(const svc_context *ctx, jr_obj *root, const game *g, int card,
                   jw *w, cc_error *err)
{
    const cc_position *pos = &g->pos;
    if (!(pos->expansions & CC_EXP_MESSAGES))
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/position/expansions",
                        CC_MSG_P_EXPANSION_NOT_IN_PLAY, SVC_D_CARDS_WITHOUT_MESSAGES);
    int figure = -1, counting = CC_COUNT_DEFAULT;
    if (card == 8 && (figure = named_follower(root, g, err)) < 0)
        return false;
    if (!dec_int(root, "counting_figure", "", 0, 1, false, &counting, NULL, err))
        return false;
    cc_message_value *v = malloc(sizeof *v);
    cc_counting *chains = malloc(2 * sizeof *chains);
    extra_tile extra = { NULL, NULL, 0 };
    bool ok = v != NULL && chains != NULL;
    if (!ok)
        CC_FAIL0(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_MESSAGE_CARD);
    ok = ok && cc_messages_card(pos, &g->features, card, figure, v, err) &&
         chain_of(pos, v->points, counting, &chains[0], err) &&
         chain_of(pos, v->alternative, counting, &chains[1], err) &&
         (card != 7 || find_placements(ctx, root, g, &extra, err));
    if (ok) {
        /* The tile's placements cite the edge rule, and the discard rule
         * when there are none. */
        const char *more[2];
        size_t nmore = 0;
        if (extra.tile != NULL) {
            more[nmore++] = "base.placement.edges";
            if (extra.n == 0 && !extra.tile->is_abbey)
                more[nmore++] = "base.placement.discard";
        }
        jw_object(w);
        enc_message_card_members(w, ctx->lang, pos, &g->features, v, &chains[0], &chains[1], more, nmore);
        if (extra.tile != NULL) {
            jw_member_string(w, "tile", extra.tile->id);
            jw_key(w, "placements");
            enc_placements(w, extra.list, extra.n);
        }
        jw_object_end(w);
    }
    free(extra.list);
    free(chains);
    free(v);
    return ok;
}

void route_messages(const svc_context *ctx, const char *param, jr_obj *root,
                    svc_response *res)
{
    int card = card_number(param);
    if (card < 0) {
        svc_problem(res, 404, "", SVC_P_UNKNOWN_ROUTE, SVC_D_NO_SUCH_MESSAGE_ROUTE,
                    CC_ARGS(CC_INT(MIN, 1), CC_INT(MAX, CC_MESSAGE_CARDS)));
        return;
    }
    cc_error err;
    memset(&err, 0, sizeof err);
    if (!check_members(root, card, &err)) {
        svc_reply_problem(res, &err);
        return;
    }
    game *g = game_load(ctx, root, res);
    if (g == NULL)
        return;
    jw w;
    jw_init(&w);
    if (answer(ctx, root, g, card, &w, &err))
        svc_reply_jw(res, 200, &w);
    else
        svc_reply_problem(res, &err);
    jw_free(&w);
    game_free(g);
}
