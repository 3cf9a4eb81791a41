/* resources.c -- resources/list, resources/templates/list, resources/read.
 *
 * Owns: the resources this server offers and where each one's text comes
 * from:
 *   carcassonne-rules://guide/notation   the notation guide written for a
 *                                        model (service/mcp/notation.md,
 *                                        embedded)
 *   carcassonne-rules://rules            GET /v1/rules
 *   carcassonne-rules://rules/{id}       GET /v1/rules/{id}, one per rule
 *                                        (each listed)
 *   carcassonne-rules://tiles            GET /v1/tiles
 *   carcassonne-rules://tiles/{id}       GET /v1/tiles/{id} (a template)
 * The catalogs come through the dispatcher like any route, so a resource
 * reads exactly what its route answers. An unknown URI is -32002. Every
 * resource has a title in the call's language (a rule's: its short title);
 * resources/list comes in pages of MCP_RESOURCES_PAGE (the cursor "r<n>"
 * names the first entry of the next page).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/rules.h"
#include "../assets.h"
#include "../text/catalog.h"
#include "../text/format.h"
#include "../text/text.h"
#include "call.h"

#define SCHEME "carcassonne-rules://"
#define GUIDE_URI SCHEME "guide/notation"
#define RULES_URI SCHEME "rules"
#define TILES_URI SCHEME "tiles"

/* resources/list's page: the guide, the two catalogs and the first rules,
 * then the rest of the rules a page at a time (nextCursor). */
#define MCP_RESOURCES_PAGE 50

static void resource(jw *w, const char *uri, const char *name, const char *title,
                     const char *description, const char *mime)
{
    jw_object(w);
    jw_member_string(w, "uri", uri);
    jw_member_string(w, "name", name);
    if (title)
        jw_member_string(w, "title", title);
    jw_member_string(w, "description", description);
    jw_member_string(w, "mimeType", mime);
    jw_object_end(w);
}

static bool no_cursor(const mcp_call *call, mcp_outcome *out)
{
    json_object *cursor;
    if (!mcp_param(call, "cursor", json_type_string, false, &cursor, out))
        return false;
    if (cursor)
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/cursor",
                         "this list has one page and gives no cursors");
    return true;
}

/* The page a cursor names: "r<offset>", an offset this server gave (a
 * multiple of the page, inside the list). */
static bool read_cursor(const mcp_call *call, size_t total, size_t *first, mcp_outcome *out)
{
    json_object *cursor;
    *first = 0;
    if (!mcp_param(call, "cursor", json_type_string, false, &cursor, out))
        return false;
    if (cursor == NULL)
        return true;
    const char *c = json_object_get_string(cursor);
    char *end = NULL;
    unsigned long n = c[0] == 'r' && c[1] >= '1' && c[1] <= '9' ? strtoul(c + 1, &end, 10) : 0;
    if (end == NULL || *end != '\0' || n >= total || n % MCP_RESOURCES_PAGE != 0)
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/cursor",
                         "not a cursor this server gave (resources/list gives them in nextCursor)");
    *first = n;
    return true;
}

bool mcp_resources_list(const mcp_call *call, mcp_outcome *out)
{
    const char *lang = call->ctx->lang;
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    size_t total = 3 + n, first;
    if (!read_cursor(call, total, &first, out))
        return false;
    size_t end = first + MCP_RESOURCES_PAGE < total ? first + MCP_RESOURCES_PAGE : total;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "resources");
    jw_array(&w);
    for (size_t i = first; i < end; i++) {
        if (i == 0) {
            resource(&w, GUIDE_URI, "notation-guide", tx_word(lang, TX_RESOURCE_GUIDE_TITLE),
                     tx_word(lang, TX_RESOURCE_GUIDE_DESCRIPTION), "text/markdown");
        } else if (i == 1) {
            resource(&w, RULES_URI, "rules", tx_word(lang, TX_RESOURCE_RULES_TITLE),
                     tx_word(lang, TX_RESOURCE_RULES_DESCRIPTION), "application/json");
        } else if (i == 2) {
            resource(&w, TILES_URI, "tiles", tx_word(lang, TX_RESOURCE_TILES_TITLE),
                     tx_word(lang, TX_RESOURCE_TILES_DESCRIPTION), "application/json");
        } else {
            const cc_rule *r = &rules[i - 3];
            char uri[128], ctxt[160];
            snprintf(uri, sizeof uri, RULES_URI "/%s", r->id);
            snprintf(ctxt, sizeof ctxt, "rule.%s", r->id);
            const char *statement = txt_lookup(lang, ctxt);
            resource(&w, uri, r->id, txt_rule_title(lang, r->id),
                     statement ? statement : r->statement, "application/json");
        }
    }
    jw_array_end(&w);
    if (end < total) {
        char next[32];
        snprintf(next, sizeof next, "r%zu", end);
        jw_member_string(&w, "nextCursor", next);
    }
    jw_object_end(&w);
    return mcp_result(out, &w);
}

static void template(jw *w, const char *lang, const char *uri, const char *name, tx_id title,
                     tx_id description)
{
    jw_object(w);
    jw_member_string(w, "uriTemplate", uri);
    jw_member_string(w, "name", name);
    jw_member_string(w, "title", tx_word(lang, title));
    jw_member_string(w, "description", tx_word(lang, description));
    jw_member_string(w, "mimeType", "application/json");
    jw_object_end(w);
}

bool mcp_resource_templates_list(const mcp_call *call, mcp_outcome *out)
{
    if (!no_cursor(call, out))
        return false;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "resourceTemplates");
    jw_array(&w);
    template(&w, call->ctx->lang, RULES_URI "/{id}", "rule", TX_RESOURCE_RULE_TEMPLATE_TITLE,
             TX_RESOURCE_RULE_TEMPLATE_DESCRIPTION);
    template(&w, call->ctx->lang, TILES_URI "/{id}", "tile", TX_RESOURCE_TILE_TEMPLATE_TITLE,
             TX_RESOURCE_TILE_TEMPLATE_DESCRIPTION);
    jw_array_end(&w);
    jw_object_end(&w);
    return mcp_result(out, &w);
}

/* ---- reading ------------------------------------------------------------------ */

static bool contents(mcp_outcome *out, const char *uri, const char *mime, const char *text,
                     size_t len)
{
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "contents");
    jw_array(&w);
    jw_object(&w);
    jw_member_string(&w, "uri", uri);
    jw_member_string(&w, "mimeType", mime);
    jw_key(&w, "text");
    jw_string_len(&w, text, len);
    jw_object_end(&w);
    jw_array_end(&w);
    jw_object_end(&w);
    return mcp_result(out, &w);
}

static bool not_found(mcp_outcome *out, const char *uri)
{
    char shown[200];
    mcp_error(out, MCP_RESOURCE_NOT_FOUND, "Resource not found", "/params/uri",
              "this server has no resource \"%s\" (resources/list names them)",
              svc_printable(shown, sizeof shown, uri));
    snprintf(out->uri, sizeof out->uri, "%s", shown);
    return false;
}

/* The rest of a URI after a catalog prefix may go into a path as it is:
 * a non-empty segment of URI characters, percent-escapes left for the
 * route to decode (a tile alias arrives as BA%2FRCr), nothing that would
 * start a query or a fragment. */
static bool path_safe(const char *s)
{
    if (*s == '\0')
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              strchr("-._~%!$&'()*+,;=:@/", *s)))
            return false;
    return true;
}

static bool read_route(const mcp_call *call, mcp_outcome *out, const char *uri, const char *path)
{
    svc_response res;
    mcp_route(call, "GET", path, NULL, 0, &res);
    const char *body = res.body ? res.body : res.static_body;
    bool ok;
    if (res.status == 200 && body)
        ok = contents(out, uri, "application/json", body, res.len);
    else if (res.status == 404 || res.status == 400)
        ok = not_found(out, uri);
    else
        ok = mcp_error(out, MCP_INTERNAL_ERROR, "Internal error", "",
                       "%s answered status %d", path, res.status);
    svc_response_free(&res);
    return ok;
}

bool mcp_resources_read(const mcp_call *call, mcp_outcome *out)
{
    json_object *v;
    if (!mcp_param(call, "uri", json_type_string, true, &v, out))
        return false;
    const char *uri = json_object_get_string(v);
    if (strcmp(uri, GUIDE_URI) == 0)
        return contents(out, uri, "text/markdown", (const char *)mcp_notation_md,
                        mcp_notation_md_len);
    if (strcmp(uri, RULES_URI) == 0)
        return read_route(call, out, uri, "/v1/rules");
    if (strcmp(uri, TILES_URI) == 0)
        return read_route(call, out, uri, "/v1/tiles");
    static const struct { const char *prefix; const char *route; } families[] = {
        { RULES_URI "/", "/v1/rules/" },
        { TILES_URI "/", "/v1/tiles/" },
    };
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        size_t n = strlen(families[i].prefix);
        const char *rest = uri + n;
        if (strncmp(uri, families[i].prefix, n) != 0 || !path_safe(rest))
            continue;
        char path[300];
        if (snprintf(path, sizeof path, "%s%s", families[i].route, rest) >= (int)sizeof path)
            break;
        return read_route(call, out, uri, path);
    }
    return not_found(out, uri);
}
