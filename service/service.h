/* service.h -- the dispatcher's contract: (method, path, body) -> response.
 *
 * Owns: svc_context (what every request may read: the catalog, the OpenAPI
 * document, the docs page, the limits), svc_response (what a handler
 * produces), and the route handler type. The dispatcher is a pure function
 * of its inputs and the read-only context, so tests call it without sockets
 * and libmicrohttpd stays in service/http.c alone.
 *
 * Ownership: svc_dispatch() fills *res; res->body is malloc'ed (or NULL when
 * res->static_body is set) and the caller frees it with svc_response_free().
 */
#ifndef SERVICE_H
#define SERVICE_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "../engine/catalog.h"
#include "../engine/error.h"

#define SVC_BODY_LIMIT (1024 * 1024)   /* request bodies over this get 413 */

typedef struct {
    const cc_catalog *cat;       /* immutable after start */
    const char *openapi_yaml;    /* served at /openapi.yaml */
    size_t openapi_len;
    const char *docs_html;       /* served at /docs */
    size_t docs_len;
} svc_context;

typedef struct {
    int status;
    const char *content_type;    /* static string */
    char *body;                  /* malloc'ed, owned by the response */
    size_t len;
    const char *static_body;     /* alternative to body: not freed */
} svc_response;

/* Answer one request. Never fails: every problem becomes a problem+json. */
void svc_dispatch(const svc_context *ctx, const char *method, const char *path,
                  const char *body, size_t len, svc_response *res);

void svc_response_free(svc_response *res);

/* A POST route: root is the parsed, duplicate-free JSON body (an object).
 * The handler fills res (with svc_reply_json or svc_reply_problem). */
typedef void svc_post_handler(const svc_context *ctx, json_object *root, svc_response *res);

/* Serialize obj as the response body (status 200 unless given) and release
 * obj. Slashes are not escaped (JSON Pointers stay readable). */
void svc_reply_json(svc_response *res, int status, json_object *obj);

/* RFC 9457 problem+json from a cc_error. */
void svc_reply_problem(svc_response *res, const cc_error *err);

#endif
