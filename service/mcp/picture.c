/* picture.c -- a tool result's picture, drawn by POST /v1/render; see
 * picture.h. */
#include "picture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text/lang.h"
#include "../wire/json_writer.h"

char *mcp_base64(const unsigned char *data, size_t n, size_t *len)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";   /* [64]: padding */
    size_t out_len = 4 * ((n + 2) / 3);
    char *out = malloc(out_len + 1);
    if (out == NULL)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)data[i] << 16;
        if (i + 1 < n)
            v |= (unsigned)data[i + 1] << 8;
        if (i + 2 < n)
            v |= data[i + 2];
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = alphabet[i + 1 < n ? (v >> 6) & 63 : 64];
        out[o++] = alphabet[i + 2 < n ? v & 63 : 64];
    }
    out[o] = '\0';
    *len = o;
    return out;
}

/* ---- the render request ------------------------------------------------------ */

/* A json-c value of the arguments (or of the answer) into the writer. */
static void write_value(jw *w, json_object *v)
{
    size_t n = 0;
    const char *text = json_object_to_json_string_length(
        v, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
    if (text)
        jw_raw(w, text, n);
    else
        jw_null(w);
}

/* Members `names` of obj that are present, as an object. */
static void write_members(jw *w, json_object *obj, const char *const *names)
{
    jw_object(w);
    for (const char *const *m = names; *m; m++) {
        json_object *v;
        if (json_object_object_get_ex(obj, *m, &v)) {
            jw_key(w, *m);
            write_value(w, v);
        }
    }
    jw_object_end(w);
}

static bool has(json_object *obj, const char *name)
{
    return json_object_object_get_ex(obj, name, NULL);
}

/* The body of POST /v1/render for this tool's answer, into w; false when
 * the tool has no picture. */
static bool render_body(jw *w, const char *tool, json_object *args, json_object *answer)
{
    static const char *const xy[] = { "x", "y", NULL };
    static const char *const xyat[] = { "x", "y", "at", NULL };
    static const char *const wagon[] = { "x", "y", "at", "placed", NULL };
    json_object *position = NULL, *v;
    bool plain = strcmp(tool, "describe_position") == 0 || strcmp(tool, "validate_position") == 0;
    if (strcmp(tool, "play_turn") == 0) {
        /* The next position, the tile just placed framed. */
        if (!json_object_object_get_ex(answer, "position", &position) || !has(args, "x") ||
            !has(args, "y"))
            return false;
    } else if (!json_object_object_get_ex(args, "position", &position)) {
        return false;
    }
    jw_object(w);
    jw_key(w, "position");
    write_value(w, position);
    if (plain) {
        jw_object_end(w);
        return true;
    }
    jw_key(w, "show");
    jw_object(w);
    if (strcmp(tool, "legal_placements") == 0 && json_object_object_get_ex(args, "tile", &v)) {
        jw_key(w, "placements");
        write_value(w, v);
    } else if (strcmp(tool, "list_features") == 0 && has(args, "at")) {
        jw_key(w, "feature");
        write_members(w, args, xyat);
    } else if (strcmp(tool, "deployment_options") == 0) {
        jw_key(w, "deployments");
        write_members(w, args, xy);
    } else if (strcmp(tool, "wagon_moves") == 0) {
        jw_key(w, "wagon");
        write_members(w, args, wagon);
    } else if (strcmp(tool, "score") == 0) {
        jw_key(w, "score");
        jw_object(w);
        json_object_object_foreach(args, key, value) {
            if (strcmp(key, "position") != 0 && strcmp(key, "counting") != 0) {
                jw_key(w, key);
                write_value(w, value);
            }
        }
        jw_object_end(w);
    } else if (strcmp(tool, "barn_check") == 0) {
        jw_key(w, "barn");   /* the corner asked about, marked even when refused */
        write_members(w, args, xyat);
    } else if (strcmp(tool, "play_turn") == 0) {
        jw_key(w, "last");
        write_members(w, args, xy);
    } else if (strcmp(tool, "list_features") != 0) {
        return false;   /* message_card, tile_facts, rule_statement: no picture */
    }
    jw_object_end(w);
    jw_object_end(w);
    return true;
}

mcp_picture_result mcp_picture(const mcp_call *call, const char *tool, json_object *args,
                               json_object *answer, char **b64, size_t *len)
{
    *b64 = NULL;
    jw w;
    jw_init(&w);
    if (!render_body(&w, tool, args, answer)) {
        jw_free(&w);
        return MCP_PICTURE_NONE;
    }
    size_t body_len;
    char *body = jw_take(&w, &body_len);
    if (body == NULL)
        return MCP_PICTURE_NO_MEMORY;
    char path[64 + TXT_TAG_MAX];   /* the message's language is the picture's too */
    snprintf(path, sizeof path, "/v1/render?width=%d%s%s", MCP_PICTURE_WIDTH,
             call->ctx->lang ? "&lang=" : "", call->ctx->lang ? call->ctx->lang : "");
    svc_request req = {
        .method = "POST", .path = path, .body = body, .len = body_len,
        .content_type = "application/json", .accept = "image/png",
        .accept_language = call->ctx->req ? call->ctx->req->accept_language : NULL,
    };
    svc_response res;
    svc_handle(call->ctx, &req, &res);
    free(body);
    const char *png = res.body ? res.body : res.static_body;
    mcp_picture_result result = MCP_PICTURE_NONE;
    if (res.status == 503) {   /* the render route ran out of memory */
        result = MCP_PICTURE_NO_MEMORY;
    } else if (res.status == 200 && png != NULL && res.content_type &&
               strcmp(res.content_type, "image/png") == 0) {
        *b64 = mcp_base64((const unsigned char *)png, res.len, len);
        result = *b64 != NULL ? MCP_PICTURE_DRAWN : MCP_PICTURE_NO_MEMORY;
    }
    svc_response_free(&res);
    return result;
}
