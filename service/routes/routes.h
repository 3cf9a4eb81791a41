/* routes.h -- the route table: every route of the service, one line each.
 *
 * Owns: the list svc_dispatch() walks, and the declaration of every route
 * handler (so each route_<name>.c includes this header and the compiler
 * checks its handler against the type the table expects).
 *
 * To add a route:
 *   1. write service/routes/route_<name>.c defining the handler;
 *   2. add one line to SVC_ROUTES below (keep related routes together);
 *   3. document the path in openapi/openapi.yaml.
 * The macro chooses the handler's type:
 *   GET(path, fn)            svc_get_handler, param == NULL
 *   GET_PREFIX(prefix, fn)   svc_get_handler, param = decoded rest of the path
 *   POST(path, fn)           svc_post_handler, root = the JSON object body
 *   POST_PREFIX(prefix, fn)  svc_post_param_handler
 * A path matches exactly (a query string is ignored); a prefix ends in '/'
 * and matches any longer path. A known path asked with another method gets
 * 405 with Allow; an unknown path gets 404.
 */
#ifndef SVC_ROUTES_H
#define SVC_ROUTES_H

#include "../service.h"

#define SVC_ROUTES(GET, GET_PREFIX, POST, POST_PREFIX)                   \
    GET("/healthz", route_healthz)                                       \
    GET("/openapi.yaml", route_openapi)                                  \
    GET("/docs", route_docs)                                             \
    GET("/v1/rules", route_rules)                                        \
    GET("/v1/tiles", route_tiles)                                        \
    GET_PREFIX("/v1/tiles/", route_tile)                                 \
    POST("/v1/validate", route_validate)                                 \
    POST("/v1/placements", route_placements)                             \
    POST("/v1/features", route_features)                                 \
    POST("/v1/deployments", route_deployments)                           \
    POST("/v1/wagon-moves", route_wagon_moves)                           \
    POST("/v1/barn-check", route_barn_check)                             \
    POST("/v1/score", route_score)                                       \
    POST("/v1/turn", route_turn)                                         \
    POST_PREFIX("/v1/messages/", route_messages)                         \
    /* end of the table: every line above ends in a backslash */

#define SVC_DECLARE_GET(path, fn) svc_get_handler fn;
#define SVC_DECLARE_POST(path, fn) svc_post_handler fn;
#define SVC_DECLARE_POST_PARAM(path, fn) svc_post_param_handler fn;
SVC_ROUTES(SVC_DECLARE_GET, SVC_DECLARE_GET, SVC_DECLARE_POST, SVC_DECLARE_POST_PARAM)
#undef SVC_DECLARE_GET
#undef SVC_DECLARE_POST
#undef SVC_DECLARE_POST_PARAM

#endif
