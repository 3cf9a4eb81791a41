/* route_docs.c -- GET /, GET /openapi.yaml, GET /docs and GET /explore:
 * where a newcomer starts (a small page, or JSON for a client that asks
 * for JSON, leading to the three others), the OpenAPI document, the page
 * that renders it, and the explorer page (a game to play, a board to look
 * at and ask about). All are embedded in the binary at build
 * time (openapi/openapi.yaml, openapi/docs.html, explorer/explore.html) and
 * handed over in svc_context, so nothing has to sit beside the binary.
 * The document and its page are written in English whatever the request's
 * language, and say so (Content-Language: en); the explorer page is served
 * with its labels in the request's language (service/text/explorer.h), the
 * embedded page as it is for English. */
#include "routes.h"

#include <string.h>

#include "../../include/carcassonne_rules.h"
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

/* GET /: the first thing a browser sees; JSON when the client prefers it
 * (Accept: application/json over text/html). Constant bodies. */
void route_root(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)param;
    static const char json[] =
        "{\"name\":\"carcassonne-rules\",\"version\":\"" CRL_VERSION "\","
        "\"links\":{\"explore\":\"/explore\",\"docs\":\"/docs\",\"openapi\":\"/openapi.yaml\","
        "\"health\":\"/healthz\"}}";
    static const char html[] =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<title>carcassonne-rules</title><link rel=\"icon\" href=\"data:,\">"
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;"
        "color:#2b2418;background:#f6f1e6}a{color:#1c7ed6}li{margin:.4rem 0}</style></head><body>"
        "<h1>carcassonne-rules " CRL_VERSION "</h1>"
        "<p>A rules service for Carcassonne: placements, deployments, scoring, whole turns, pictures.</p>"
        "<ul><li><a href=\"/explore\">/explore</a>: play a game in the browser, or look at any position</li>"
        "<li><a href=\"/docs\">/docs</a>: every route, with examples</li>"
        "<li><a href=\"/openapi.yaml\">/openapi.yaml</a>: the OpenAPI 3.1 document</li></ul>"
        "</body></html>\n";
    const char *accept = ctx->req ? ctx->req->accept : NULL;
    bool want_json = svc_accept_q(accept, "application/json") > svc_accept_q(accept, "text/html");
    if (want_json)
        svc_reply_static(res, 200, "application/json", json, sizeof json - 1);
    else
        svc_reply_static(res, 200, "text/html; charset=utf-8", html, sizeof html - 1);
    svc_add_header(res, "Content-Language", "en");
    svc_add_header(res, "Vary", "Accept");
}
