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
 *   POST(path, fn)           svc_post_handler, root = the body object (jr_obj)
 *   POST_PREFIX(prefix, fn)  svc_post_param_handler
 *   POST_RAW(path, fn)       svc_raw_handler: the body unparsed
 * A path matches exactly (a query string is ignored); a prefix ends in '/'
 * and matches any longer path. A known path asked with another method gets
 * 405 with Allow; an unknown path gets 404.
 *
 * Reading the body: the dispatcher has checked it whole already (strict
 * JSON, UTF-8, no duplicate names, depth, number ranges: service/wire/
 * json_reader.h) and hands the handler `jr_obj *root`, the body object,
 * read in place -- no tree, nothing allocated. The handler reads members
 * with the decoders of service/wire/decode.h, straight into engine structs;
 * each failure is a cc_error with the member's JSON Pointer, answered with
 * svc_reply_problem(). Check unknown members first (dec_only_members: it
 * also indexes the object, so the look-ups after it are cheap), then the
 * members in the order their errors should win. A position is game_open()
 * (or game_open_board() when the question needs no feature graph).
 *
 *     static const char *const members[] = { "position", "x", "y", "placed", NULL };
 *     cc_error err;
 *     int x, y;
 *     jr_obj placed;                           // a nested object
 *     if (!dec_only_members(root, members, "", &err) ||
 *         !dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, &err) ||
 *         !dec_object(root, "placed", "", false, &placed, &err)) {
 *         svc_reply_problem(res, &err);
 *         return;
 *     }
 *     if (jr_obj_given(&placed)) ... dec_int(&placed, "x", "/placed", ...) ...
 *     jr_val list;                             // an array: walk it
 *     dec_array(root, "wagons", "", false, &list, &err);
 *     jr_iter it = jr_iter_start(list);
 *     for (jr_val e; jr_next_element(&it, &e); ) { jr_obj o; jr_obj_open(e, &o); ... }
 *     dec_text s;                              // a string, decoded
 *     dec_string(root, "kind", "", true, &s, NULL, &err);   // s.s, s.len
 *     game *g = game_open(ctx, root, members, res);        // NULL: answered
 *
 * Writing the answer: straight into a JSON writer (service/wire/
 * json_writer.h), member by member in the order the client reads them, no
 * tree; the shared shapes (a feature's name, cells, a figure, a rule list,
 * score events, a whole position) are in service/wire/encode*.h. Then
 * svc_reply_jw() makes the writer's text the body. Allocation failures need
 * no checks on the way: a writer that failed to grow ignores what follows,
 * and svc_reply_jw() then answers the out-of-memory problem. An error
 * found half-way (a 4xx from the engine) is answered with
 * svc_reply_problem() after jw_free(): nothing of the half-written answer
 * is sent.
 *
 *     jw w;
 *     jw_init(&w);
 *     jw_object(&w);
 *     jw_member_string(&w, "tile", t->id);
 *     jw_key(&w, "placements");
 *     enc_placements(&w, list, n);         // [{"x","y","rot"}...]
 *     jw_key(&w, "rules");
 *     enc_rules_write(&w, &rules);         // an enc_rules built on the way
 *     jw_object_end(&w);
 *     svc_reply_jw(res, 200, &w);
 */
#ifndef SVC_ROUTES_H
#define SVC_ROUTES_H

#include "../service.h"

#define SVC_ROUTES(GET, GET_PREFIX, POST, POST_PREFIX, POST_RAW)         \
    GET("/", route_root)                                                 \
    GET("/healthz", route_healthz)                                       \
    GET("/openapi.yaml", route_openapi)                                  \
    GET("/docs", route_docs)                                             \
    GET("/explore", route_explore)                                       \
    GET("/problems", route_problems)                                     \
    GET_PREFIX("/problems/", route_problem)                              \
    GET("/v1/rules", route_rules)                                        \
    GET_PREFIX("/v1/rules/", route_rule)                                 \
    GET("/v1/languages", route_languages)                                \
    GET("/v1/tiles", route_tiles)                                        \
    GET_PREFIX("/v1/tiles/", route_tile)                                 \
    POST("/v1/validate", route_validate)                                 \
    POST("/v1/describe", route_describe)                                 \
    POST("/v1/placements", route_placements)                             \
    POST("/v1/features", route_features)                                 \
    POST("/v1/deployments", route_deployments)                           \
    POST("/v1/wagon-moves", route_wagon_moves)                           \
    POST("/v1/barn-check", route_barn_check)                             \
    POST("/v1/score", route_score)                                       \
    POST("/v1/turn", route_turn)                                         \
    POST_PREFIX("/v1/messages/", route_messages)                         \
    POST("/v1/import/jcz", route_import_jcz)                             \
    POST("/v1/export/jcz", route_export_jcz)                             \
    POST("/v1/render", route_render)                                     \
    POST("/v1/games/random", route_random_game)                          \
    POST_RAW("/mcp", route_mcp)                                          \
    /* end of the table: every line above ends in a backslash */

#define SVC_DECLARE_GET(path, fn) svc_get_handler fn;
#define SVC_DECLARE_POST(path, fn) svc_post_handler fn;
#define SVC_DECLARE_POST_PARAM(path, fn) svc_post_param_handler fn;
#define SVC_DECLARE_POST_RAW(path, fn) svc_raw_handler fn;
SVC_ROUTES(SVC_DECLARE_GET, SVC_DECLARE_GET, SVC_DECLARE_POST, SVC_DECLARE_POST_PARAM,
           SVC_DECLARE_POST_RAW)
#undef SVC_DECLARE_GET
#undef SVC_DECLARE_POST
#undef SVC_DECLARE_POST_PARAM
#undef SVC_DECLARE_POST_RAW

#endif
