/* route_docs.c -- GET /openapi.yaml, GET /docs and GET /explore: the
 * OpenAPI document, the page that renders it, and the explorer page (a
 * board to look at and ask about). All are embedded in the binary at build
 * time (openapi/openapi.yaml, openapi/docs.html, explorer/explore.html) and
 * handed over in svc_context, so nothing has to sit beside the binary.
 * They are written in English whatever the request's language, and say so
 * (Content-Language: en). */
#include "routes.h"

static void serve(const char *body, size_t len, const char *type, const char *what,
                  svc_response *res)
{
    if (body == NULL) {
        svc_fail(res, 404, "", "Not available", "this build carries no %s", what);
        return;
    }
    svc_reply_static(res, 200, type, body, len);
    svc_add_header(res, "Content-Language", "en");
}

void route_openapi(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)param;
    serve(ctx->openapi_yaml, ctx->openapi_len, "application/yaml; charset=utf-8",
          "OpenAPI document", res);
}

void route_docs(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)param;
    serve(ctx->docs_html, ctx->docs_len, "text/html; charset=utf-8", "documentation page", res);
}

void route_explore(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)param;
    serve(ctx->explore_html, ctx->explore_len, "text/html; charset=utf-8", "explorer page", res);
}
