/* route_describe.c -- POST /v1/describe {"position"}: the position in plain
 * English (service/text/describe.h): players, what lies where, figures,
 * every feature with its owners and current value, who leads. */
#include "routes.h"

#include "../text/describe.h"
#include "game.h"

void route_describe(const svc_context *ctx, json_object *root, svc_response *res)
{
    static const char *const members[] = { "position", NULL };
    game *g = game_open(ctx, root, members, res);
    if (g == NULL)
        return;
    json_object *answer = describe_position(&g->pos, &g->board, &g->features);
    game_free(g);
    if (answer == NULL) {
        svc_fail(res, 500, "", "Out of memory", "no memory for the description");
        return;
    }
    svc_reply_json(res, 200, answer);
}
