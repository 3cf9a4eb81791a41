/* game.c -- see game.h. */
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/validate.h"
#include "../wire/decode.h"

/* Decode and validate; the feature graph only when asked for. */
static game *load(const svc_context *ctx, jr_obj *root, bool features, svc_response *res)
{
    game *g = malloc(sizeof *g);
    if (g == NULL) {
        svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_POSITION, CC_NO_ARGS);
        return NULL;
    }
    cc_error err;
    memset(&err, 0, sizeof err);
    g->has_features = features;
    if (!dec_position(root, ctx->cat, &g->pos, &err) ||
        !cc_validate_board(&g->pos, ctx->cat, &g->board, &err)) {
        svc_reply_problem(res, &err);
        free(g);
        return NULL;
    }
    if (features) {
        cc_features_build(&g->features, &g->board);
        /* Every question about features asks where each figure stands,
         * many times over (a majority per feature): once here. */
        cc_features_index_figures(&g->features, &g->pos);
    }
    return g;
}

/* Only the members listed, then load(). */
static game *open_checked(const svc_context *ctx, jr_obj *root, const char *const *members,
                          bool features, svc_response *res)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    if (!dec_only_members(root, members, "", &err)) {
        svc_reply_problem(res, &err);
        return NULL;
    }
    return load(ctx, root, features, res);
}

game *game_load(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    return load(ctx, root, true, res);
}

game *game_open(const svc_context *ctx, jr_obj *root, const char *const *members,
                svc_response *res)
{
    return open_checked(ctx, root, members, true, res);
}

game *game_open_board(const svc_context *ctx, jr_obj *root, const char *const *members,
                      svc_response *res)
{
    return open_checked(ctx, root, members, false, res);
}

int game_tile(const game *g, int x, int y, cc_error *err)
{
    int t = cc_board_at(&g->board, x, y);
    if (t < 0)
        CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/x", SVC_P_TILE_NOT_ON_THE_BOARD, SVC_D_NO_TILE_AT_CELL,
                CC_INT(X, x), CC_INT(Y, y));
    return t;
}

void game_free(game *g)
{
    free(g);
}
