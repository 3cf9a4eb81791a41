/* route_mcp.c -- POST /mcp: the Model Context Protocol's Streamable HTTP
 * transport, stateless (service/mcp/mcp.h answers the message).
 *
 * Owns: what the transport asks of the HTTP request before the message is
 * read, each refusal a JSON-RPC error with id null:
 *   403  an Origin that is neither loopback (http(s)://localhost,
 *        127.x.x.x, [::1], any port) nor in --mcp-origins: the
 *        specification's defence against DNS rebinding. No Origin (a
 *        server-side client) is fine.
 *   406  an Accept that admits no JSON (application/json, application/any,
 *        any/any); this server always answers JSON, never an event stream.
 *   415  no Content-Type, or one that is not application/json (as every
 *        POST route: a body not declared JSON is not read).
 *   400  an MCP-Protocol-Version this server does not speak (2025-06-18,
 *        2025-11-25). Without the header the message is answered all the
 *        same: the messages mean the same in both versions.
 * Then the answer: 200 with the JSON-RPC response, 202 with no body for a
 * notification or a response, 400 for what is not a JSON-RPC message, and
 * when memory runs out anywhere on the way the service's 503 problem with
 * Retry-After, as on every route (an HTTP client retries it; a JSON-RPC
 * error would read as the server's fault).
 * GET /mcp is 405 (no event stream to open), like every other method but
 * POST; the deadlines are the HTTP layer's. A body over the limit (413)
 * and a malformed lang= (400), refused before this route runs, are
 * JSON-RPC errors all the same (mcp_http_refusal(), called by the
 * dispatcher and the HTTP layer): a client of this endpoint reads
 * nothing else.
 */
#include "routes.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>

#include "../mcp/mcp.h"
#include "../text/problems.h"

/* ---- Origin ---------------------------------------------------------------- */

static bool loopback_origin(const char *o)
{
    const char *host;
    if (strncmp(o, "http://", 7) == 0)
        host = o + 7;
    else if (strncmp(o, "https://", 8) == 0)
        host = o + 8;
    else
        return false;
    size_t n;
    if (strncmp(host, "localhost", 9) == 0) {
        n = 9;
    } else if (strncmp(host, "[::1]", 5) == 0) {
        n = 5;
    } else if (strncmp(host, "127.", 4) == 0) {
        n = 4;
        while (isdigit((unsigned char)host[n]) || host[n] == '.')
            n++;
    } else {
        return false;
    }
    if (host[n] == ':') {   /* a port: digits to the end */
        n++;
        if (!isdigit((unsigned char)host[n]))
            return false;
        while (isdigit((unsigned char)host[n]))
            n++;
    }
    return host[n] == '\0';
}

/* Is origin one of the comma-separated list (spaces around items are
 * ignored; "*" admits any)? Origins compare without case (RFC 6454 keeps
 * scheme and host in lower case; a client may not). */
static bool listed_origin(const char *list, const char *origin)
{
    if (list == NULL)
        return false;
    size_t olen = strlen(origin);
    for (const char *p = list; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        const char *end = p;
        while (*end && *end != ',')
            end++;
        size_t n = (size_t)(end - p);
        while (n > 0 && p[n - 1] == ' ')
            n--;
        if ((n == 1 && p[0] == '*') || (n == olen && n > 0 && strncasecmp(p, origin, n) == 0))
            return true;
        p = end;
    }
    return false;
}

/* ---- media types -------------------------------------------------------------- */

/* Does the media range list (Accept) admit application/json? q=0 excludes
 * a range (RFC 9110 12.4.2). */
static bool accepts_json(const char *accept)
{
    for (const char *p = accept; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        size_t type = strcspn(p, ";");
        if (type > n)
            type = n;
        while (type > 0 && p[type - 1] == ' ')
            type--;
        bool match = (type == 16 && strncasecmp(p, "application/json", 16) == 0) ||
                     (type == 13 && strncasecmp(p, "application/*", 13) == 0) ||
                     (type == 3 && strncmp(p, "*/*", 3) == 0);
        bool refused = false;
        for (const char *q = p; q < p + n; q++)
            if (*q == ';') {
                const char *v = q + 1;
                while (*v == ' ')
                    v++;
                if ((v[0] == 'q' || v[0] == 'Q') && v[1] == '=')
                    refused = strtod(v + 2, NULL) <= 0.0;
            }
        if (match && !refused)
            return true;
        p += n;
    }
    return false;
}

static bool json_content_type(const char *type)
{
    size_t n = strcspn(type, ";");
    while (n > 0 && type[n - 1] == ' ')
        n--;
    return n == 16 && strncasecmp(type, "application/json", 16) == 0;
}

/* ---- refusals made before the route ------------------------------------------------ */

bool mcp_http_target(const char *target, size_t len)
{
    return len >= 4 && memcmp(target, "/mcp", 4) == 0 &&
           (len == 4 || target[4] == '?' || target[4] == '\0' || target[4] == ' ');
}

void mcp_http_refusal(svc_response *res)
{
    const char *body = res->body ? res->body : res->static_body;
    json_object *o = body ? json_tokener_parse(body) : NULL;
    json_object *title = NULL, *detail = NULL;
    if (o == NULL || !json_object_object_get_ex(o, "title", &title) ||
        !json_object_object_get_ex(o, "detail", &detail)) {
        json_object_put(o);
        return;
    }
    mcp_reply r;
    mcp_refuse(&r, res->status, json_object_get_string(title), json_object_get_string(detail));
    json_object_put(o);
    if (r.body == NULL)
        return;
    free(res->body);
    res->body = r.body;
    res->len = r.len;
    res->static_body = NULL;
    res->content_type = "application/json";
}

/* ---- the route ---------------------------------------------------------------- */

static void reply(svc_response *res, mcp_reply *r)
{
    if (r->out_of_memory) {   /* as on every route: 503, Retry-After */
        svc_problem(res, 503, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_MCP_ANSWER, CC_NO_ARGS);
        return;
    }
    res->status = r->status;
    res->content_type = "application/json";
    if (r->body == NULL) {   /* 202: nothing to say */
        svc_reply_static(res, r->status, "application/json", "", 0);
        return;
    }
    res->body = r->body;     /* the response owns the bytes now */
    res->len = r->len;
    res->static_body = NULL;
    r->body = NULL;
}

void route_mcp(const svc_context *ctx, svc_response *res)
{
    const svc_request *req = ctx->req;
    mcp_reply r;
    char detail[CC_DETAIL_MAX], shown[120];
    if (req->origin && !loopback_origin(req->origin) && !listed_origin(ctx->mcp_origins, req->origin)) {
        snprintf(detail, sizeof detail,
                 "requests from the origin \"%s\" are not accepted (loopback origins are; an operator "
                 "admits others with --mcp-origins)",
                 svc_printable(shown, sizeof shown, req->origin));
        mcp_refuse(&r, 403, "Forbidden origin", detail);
    } else if (req->accept && !accepts_json(req->accept)) {
        snprintf(detail, sizeof detail, "this endpoint answers application/json, which Accept \"%s\" excludes",
                 svc_printable(shown, sizeof shown, req->accept));
        mcp_refuse(&r, 406, "Not acceptable", detail);
    } else if (req->content_type == NULL || !json_content_type(req->content_type)) {
        if (req->content_type == NULL)
            snprintf(detail, sizeof detail, "a message is sent as Content-Type: application/json; "
                     "this request has no Content-Type");
        else
            snprintf(detail, sizeof detail, "a message is application/json, not \"%s\"",
                     svc_printable(shown, sizeof shown, req->content_type));
        mcp_refuse(&r, 415, "Unsupported media type", detail);
    } else if (req->mcp_protocol_version && !mcp_version_supported(req->mcp_protocol_version)) {
        snprintf(detail, sizeof detail,
                 "MCP-Protocol-Version \"%s\" is not one this server speaks (" MCP_VERSION_PREVIOUS
                 ", " MCP_VERSION_LATEST ")",
                 svc_printable(shown, sizeof shown, req->mcp_protocol_version));
        mcp_refuse(&r, 400, "Unsupported protocol version", detail);
    } else {
        mcp_handle(ctx, req->body, req->len, &r);
    }
    reply(res, &r);
    mcp_reply_free(&r);
}
