/* game.c -- see game.h. */
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/validate.h"
#include "../wire/decode.h"

game *game_load(const svc_context *ctx, json_object *root, svc_response *res)
{
    game *g = malloc(sizeof *g);
    if (g == NULL) {
        svc_fail(res, 500, "", "Out of memory", "no memory for the position");
        return NULL;
    }
    cc_error err;
    memset(&err, 0, sizeof err);
    if (!dec_position(root, ctx->cat, &g->pos, &err) ||
        !cc_validate(&g->pos, ctx->cat, &g->board, &g->features, &err)) {
        svc_reply_problem(res, &err);
        free(g);
        return NULL;
    }
    return g;
}

game *game_open(const svc_context *ctx, json_object *root, const char *const *members,
                svc_response *res)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    if (!dec_only_members(root, members, "", &err)) {
        svc_reply_problem(res, &err);
        return NULL;
    }
    return game_load(ctx, root, res);
}

int game_tile(const game *g, int x, int y, cc_error *err)
{
    int t = cc_board_at(&g->board, x, y);
    if (t < 0)
        cc_fail(err, CC_ERR_IMPOSSIBLE, "/x", "Tile not on the board",
                "a question about a tile that is not on the board: no tile stands on (%d, %d)",
                x, y);
    return t;
}

void game_free(game *g)
{
    free(g);
}
