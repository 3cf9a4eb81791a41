/* game.h -- a request's position, decoded and validated, ready to ask.
 *
 * Owns: the step every position question starts with: decode body member
 * "position" (service/wire/decode.h), validate it (engine/validate.h), and keep
 * the board and feature graph that validation built. They are large
 * (about 150 KB), so they live on the heap, never on a worker's stack.
 *
 *   game_load(ctx, root, res)   decode + validate; NULL after replying the
 *                               400/422 problem (or 500 on no memory) in res
 *   game_open(ctx, root, members, res)  the same, after checking that the
 *                               body has no member outside members
 *   game_open_board(ctx, root, members, res)  the same checks and errors,
 *                               but no feature graph (g->features unset,
 *                               g->has_features false): for questions of
 *                               the board alone (where may a tile go)
 *   game_tile(g, x, y, err)     the board tile on (x, y), or -1 with the 422
 *                               every question about a cell uses ("/x")
 *   game_free(g)                release (NULL is fine)
 *
 * A route handler:
 *     game *g = game_load(ctx, root, res);
 *     if (g == NULL)
 *         return;               // res holds the problem
 *     ... g->pos, g->board, g->features ...
 *     game_free(g);
 */
#ifndef GAME_H
#define GAME_H


#include "../../engine/board.h"
#include "../../engine/features.h"
#include "../../engine/position.h"
#include "../service.h"

typedef struct {
    cc_position pos;
    cc_board board;
    bool has_features;        /* false after game_open_board() */
    cc_features features;
} game;

game *game_load(const svc_context *ctx, jr_obj *root, svc_response *res);
game *game_open(const svc_context *ctx, jr_obj *root, const char *const *members,
                svc_response *res);
game *game_open_board(const svc_context *ctx, jr_obj *root, const char *const *members,
                      svc_response *res);
int game_tile(const game *g, int x, int y, cc_error *err);
void game_free(game *g);

#endif
