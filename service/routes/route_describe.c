/* route_describe.c -- POST /v1/describe {"position"}: the position in words,
 * in the request's language (service/text/describe.h): players, what lies
 * where, figures, every feature with its owners and current value, who
 * leads. */
#include "routes.h"

#include "../text/describe.h"
#include "../wire/json_writer.h"
#include "game.h"

void route_describe(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", NULL };
    game *g = game_open(ctx, root, members, res);
    if (g == NULL)
        return;
    jw w;
    jw_init(&w);
    bool ok = describe_position(&w, &g->pos, &g->board, &g->features, ctx->lang);
    game_free(g);
    if (!ok) {
        jw_free(&w);
        svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_DESCRIPTION, CC_NO_ARGS);
        return;
    }
    svc_reply_jw(res, 200, &w);
}
