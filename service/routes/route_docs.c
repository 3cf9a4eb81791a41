/* route_docs.c -- GET /openapi.yaml, GET /docs and GET /explore: the
 * OpenAPI document, the page that renders it, and the explorer page (a
 * board to look at and ask about). All are embedded in the binary at build
 * time (openapi/openapi.yaml, openapi/docs.html, explorer/explore.html) and
 * handed over in svc_context, so nothing has to sit beside the binary.
 * The document and its page are written in English whatever the request's
 * language, and say so (Content-Language: en); the explorer page is served
 * with its labels in the request's language (service/text/explorer.h), the
 * embedded page as it is for English. */
#include "routes.h"

#include <string.h>

#include "../text/explorer.h"
#include "../text/problems.h"

static void serve(const char *body, size_t len, const char *type, const char *what,
                  svc_response *res)
{
    if (body == NULL) {
        svc_problem(res, 404, "", SVC_P_NOT_AVAILABLE, SVC_D_BUILD_LACKS, CC_ARGS(CC_STR(WHAT, what)));
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
    char *page = NULL;
    size_t len = 0;
    bool english = ctx->lang == NULL || strcmp(ctx->lang, "en") == 0;
    if (!english && ctx->explore_html != NULL &&
        !txt_explorer_page(ctx->explore_html, ctx->explore_len, ctx->lang, &page, &len)) {
        svc_problem(res, 503, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_EXPLORER, CC_NO_ARGS);
        return;
    }
    if (page == NULL) {
        serve(ctx->explore_html, ctx->explore_len, "text/html; charset=utf-8", "explorer page", res);
        return;
    }
    res->status = 200;
    res->content_type = "text/html; charset=utf-8";
    res->body = page;
    res->len = len;
}
