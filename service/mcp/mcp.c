/* mcp.c -- one JSON-RPC message in, at most one out; see mcp.h.
 *
 * Owns: reading the envelope strictly (JSON-RPC 2.0 as MCP narrows it:
 * an object with "jsonrpc": "2.0"; a request's id a string or an integer,
 * never null; params an object; no other members), telling requests,
 * notifications and responses apart, the method table, and writing the
 * response line. The methods themselves live in server.c, tools.c,
 * resources.c and prompts.c (call.h).
 *
 * Every answer is written with the service's JSON writer (service/wire/
 * json_writer.h); a method's result is already JSON text and goes in as
 * it is (jw_raw), so a large result (the tool list) is never parsed again.
 */
#include "mcp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text/format.h"
#include "../text/lang.h"
#include "../wire/json_reader.h"
#include "call.h"
#include "lenient.h"

bool mcp_version_supported(const char *v)
{
    return strcmp(v, MCP_VERSION_LATEST) == 0 || strcmp(v, MCP_VERSION_PREVIOUS) == 0;
}

void mcp_reply_free(mcp_reply *reply)
{
    free(reply->body);
    reply->body = NULL;
    reply->len = 0;
}

/* ---- outcomes ------------------------------------------------------------------- */

bool mcp_result(mcp_outcome *out, jw *w)
{
    out->result = jw_take(w, &out->result_len);
    if (out->result == NULL)
        mcp_out_of_memory(out, "the result");
    return true;
}

bool mcp_out_of_memory(mcp_outcome *out, const char *what)
{
    mcp_error(out, MCP_INTERNAL_ERROR, "Internal error", "", "no memory for %s; ask again", what);
    out->out_of_memory = true;
    return false;
}

bool (mcp_error)(mcp_outcome *out, int code, const char *message, const char *pointer,
                 const char *detail_fmt, ...)
{
    free(out->result);
    out->result = NULL;
    out->code = code;
    out->out_of_memory = false;
    snprintf(out->message, sizeof out->message, "%s", message);
    snprintf(out->pointer, sizeof out->pointer, "%s", pointer ? pointer : "");
    out->has_data = detail_fmt != NULL;
    out->detail[0] = '\0';
    if (detail_fmt) {
        va_list ap;
        va_start(ap, detail_fmt);
        vsnprintf(out->detail, sizeof out->detail, detail_fmt, ap);
        va_end(ap);
    }
    return false;
}

static const char *type_article(json_type t)
{
    switch (t) {
    case json_type_object: return "an object";
    case json_type_array: return "an array";
    case json_type_string: return "a string";
    case json_type_int: return "an integer";
    case json_type_double: return "a number";
    case json_type_boolean: return "a boolean";
    default: return "null";
    }
}

bool mcp_param(const mcp_call *call, const char *name, json_type type, bool required,
               json_object **value, mcp_outcome *out)
{
    *value = NULL;
    char pointer[CC_POINTER_MAX];
    jr_pointer_member(pointer, "/params", name, strlen(name));
    json_object *v = NULL;
    bool present = call->params && json_object_object_get_ex(call->params, name, &v);
    if (!present) {
        if (required)
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", pointer,
                             "params has no member \"%s\", which this method requires", name);
        return true;
    }
    if (!json_object_is_type(v, type))
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", pointer,
                         "%s must be %s, not %s", pointer + 1, type_article(type),
                         type_article(json_object_get_type(v)));
    *value = v;
    return true;
}

void mcp_route(const mcp_call *call, const char *method, const char *path, const char *body,
               size_t len, svc_response *res)
{
    /* The MCP message's language (lang= or Accept-Language of POST /mcp,
     * --lang of the stdio server) is the route's: lang= wins there too. */
    char query[8 + TXT_TAG_MAX + 1] = "";
    if (call->ctx->lang != NULL)
        snprintf(query, sizeof query, "lang=%s", call->ctx->lang);
    svc_request req = {
        .method = method, .path = path, .body = body, .len = len,
        .query = query[0] ? query : NULL,
        .content_type = body ? "application/json" : NULL,   /* the dispatcher's 415 otherwise */
        .accept_language = call->ctx->req ? call->ctx->req->accept_language : NULL,
    };
    svc_handle(call->ctx, &req, res);
}

/* ---- methods --------------------------------------------------------------------- */

static bool ping(const mcp_call *call, mcp_outcome *out)
{
    (void)call;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_object_end(&w);
    return mcp_result(out, &w);
}

typedef bool method_fn(const mcp_call *call, mcp_outcome *out);

/* ---- logging -------------------------------------------------------------------- */

const char *const mcp_log_levels[MCP_LOG_LEVELS] = { "debug", "info", "notice", "warning",
                                                     "error", "critical", "alert", "emergency" };

bool mcp_logging_set_level(const mcp_call *call, mcp_outcome *out)
{
    json_object *level;
    if (!mcp_param(call, "level", json_type_string, true, &level, out))
        return false;
    int k = 0;
    while (k < MCP_LOG_LEVELS && strcmp(mcp_log_levels[k], json_object_get_string(level)) != 0)
        k++;
    if (k == MCP_LOG_LEVELS)
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/level",
                         "level is one of debug, info, notice, warning, error, critical, alert, "
                         "emergency");
    out->set_level = k;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_object_end(&w);
    return mcp_result(out, &w);
}

char *mcp_log_line(const mcp_reply *reply, int level, size_t *len)
{
    if (reply->note_level < 0 || reply->note_level < level)
        return NULL;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "jsonrpc", "2.0");
    jw_member_string(&w, "method", "notifications/message");
    jw_key(&w, "params");
    jw_object(&w);
    jw_member_string(&w, "level", mcp_log_levels[reply->note_level]);
    jw_member_string(&w, "logger", "carcassonne-rules");
    jw_key(&w, "data");
    jw_object(&w);
    jw_member_string(&w, "tool", reply->note_tool);
    jw_member_string(&w, "outcome", reply->note_level == MCP_LOG_INFO      ? "answered"
                                    : reply->note_level == MCP_LOG_WARNING ? "refused"
                                                                           : "failed");
    if (reply->note_level == MCP_LOG_WARNING)
        jw_member_string(&w, "pointer", reply->note_pointer);
    jw_object_end(&w);
    jw_object_end(&w);
    jw_object_end(&w);
    return jw_take(&w, len);
}

static const struct {
    const char *name;
    method_fn *fn;
} methods[] = {
    { "initialize", mcp_initialize },
    { "ping", ping },
    { "tools/list", mcp_tools_list },
    { "tools/call", mcp_tools_call },
    { "resources/list", mcp_resources_list },
    { "resources/templates/list", mcp_resource_templates_list },
    { "resources/read", mcp_resources_read },
    { "prompts/list", mcp_prompts_list },
    { "prompts/get", mcp_prompts_get },
    { "completion/complete", mcp_complete },
    { "logging/setLevel", mcp_logging_set_level },
};

static void call_method(const mcp_call *call, const char *name, mcp_outcome *out)
{
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(methods[i].name, name) == 0) {
            methods[i].fn(call, out);
            return;
        }
    char shown[80];
    mcp_error(out, MCP_METHOD_NOT_FOUND, "Method not found", "/method",
              "this server has no method \"%s\"", svc_printable(shown, sizeof shown, name));
}

/* ---- the response line ------------------------------------------------------------ */

/* Memory ran out answering the request `id` (NULL: unknown): no body, and
 * the JSON-RPC error line written into the reply itself, with no
 * allocation, for a transport that must still answer (stdio). An id that
 * would need escaping is written null. */
static void reply_out_of_memory(mcp_reply *reply, json_object *id);

static void reply_init(mcp_reply *reply);

void mcp_refuse_out_of_memory(mcp_reply *reply)
{
    reply_init(reply);
    reply_out_of_memory(reply, NULL);
}

static void reply_out_of_memory(mcp_reply *reply, json_object *id)
{
    char id_text[80] = "null";
    if (id != NULL && json_object_is_type(id, json_type_int)) {
        snprintf(id_text, sizeof id_text, "%lld", (long long)json_object_get_int64(id));
    } else if (id != NULL && json_object_is_type(id, json_type_string)) {
        const char *s = json_object_get_string(id);
        size_t n = strlen(s);
        bool plain = n + 2 < sizeof id_text;
        for (size_t i = 0; plain && i < n; i++)
            plain = s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' && s[i] != '\\';
        if (plain)
            snprintf(id_text, sizeof id_text, "\"%s\"", s);
    }
    free(reply->body);
    reply->body = NULL;
    reply->len = 0;
    reply->status = 503;
    reply->out_of_memory = true;
    snprintf(reply->fallback, sizeof reply->fallback,
             "{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":%d,\"message\":\"Internal "
             "error\",\"data\":{\"detail\":\"no memory to answer; ask again\",\"pointer\":\"\"}}}",
             id_text, MCP_INTERNAL_ERROR);
}

/* {"jsonrpc":"2.0","id":ID,"result":R} or {..., "error":{code, message,
 * data:{detail, pointer[, uri]}}}; id NULL is written null. */
static void write_reply_raw(mcp_reply *reply, int status, json_object *id, const char *raw,
                            size_t raw_len, const mcp_outcome *out)
{
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "jsonrpc", "2.0");
    jw_key(&w, "id");
    if (raw != NULL)
        jw_raw(&w, raw, raw_len);
    else if (id == NULL)
        jw_null(&w);
    else if (json_object_is_type(id, json_type_string))
        jw_string_len(&w, json_object_get_string(id), (size_t)json_object_get_string_len(id));
    else
        jw_int(&w, json_object_get_int64(id));
    if (out->result) {
        jw_key(&w, "result");
        jw_raw(&w, out->result, out->result_len);
    } else {
        jw_key(&w, "error");
        jw_object(&w);
        jw_member_int(&w, "code", out->code);
        jw_member_string(&w, "message", out->message);
        if (out->has_data) {
            jw_key(&w, "data");
            jw_object(&w);
            jw_member_string(&w, "detail", out->detail);
            jw_member_string(&w, "pointer", out->pointer);
            if (out->uri[0])
                jw_member_string(&w, "uri", out->uri);
            jw_object_end(&w);
        }
        jw_object_end(&w);
    }
    jw_object_end(&w);
    reply->status = status;
    reply->body = jw_take(&w, &reply->len);
    if (reply->body == NULL)
        reply_out_of_memory(reply, id);
}

static void write_reply(mcp_reply *reply, int status, json_object *id, const mcp_outcome *out)
{
    write_reply_raw(reply, status, id, NULL, 0, out);
}

static void fail_message(mcp_reply *reply, int status, json_object *id, int code,
                         const char *message, const char *pointer, const char *detail)
{
    mcp_outcome out;
    memset(&out, 0, sizeof out);
    mcp_error(&out, code, message, pointer, "%s", detail);
    write_reply(reply, status, id, &out);
}

void mcp_refuse(mcp_reply *reply, int status, const char *message, const char *detail)
{
    reply_init(reply);
    fail_message(reply, status, NULL, MCP_SERVER_REFUSED, message, "", detail);
}

/* ---- reading the envelope ----------------------------------------------------------- */

static const char *const envelope_members[] = { "jsonrpc", "id", "method", "params", "result",
                                                "error", NULL };

static bool known_member(const char *name)
{
    for (const char *const *m = envelope_members; *m; m++)
        if (strcmp(*m, name) == 0)
            return true;
    return false;
}

/* Answer a parsed message (root is an object). */
static void answer(const svc_context *ctx, json_object *root, mcp_reply *reply)
{
    json_object *id = NULL, *jsonrpc = NULL, *method = NULL, *params = NULL;
    json_object *result = NULL, *error = NULL;
    bool has_id = json_object_object_get_ex(root, "id", &id);
    bool id_ok = has_id && (json_object_is_type(id, json_type_string) ||
                            json_object_is_type(id, json_type_int));
    json_object *reply_id = id_ok ? id : NULL;
    char pointer[CC_POINTER_MAX], detail[CC_DETAIL_MAX], shown[64];

    json_object_object_foreach(root, key, value) {
        (void)value;
        if (!known_member(key)) {
            jr_pointer_member(pointer, "", key, strlen(key));
            snprintf(detail, sizeof detail, "a JSON-RPC message has no member \"%s\"",
                     svc_printable(shown, sizeof shown, key));
            fail_message(reply, 400, reply_id, MCP_INVALID_REQUEST, "Invalid Request", pointer, detail);
            return;
        }
    }
    if (!json_object_object_get_ex(root, "jsonrpc", &jsonrpc) ||
        !json_object_is_type(jsonrpc, json_type_string) ||
        strcmp(json_object_get_string(jsonrpc), "2.0") != 0) {
        fail_message(reply, 400, reply_id, MCP_INVALID_REQUEST, "Invalid Request", "/jsonrpc",
                     "\"jsonrpc\" must be the string \"2.0\"");
        return;
    }
    if (has_id && !id_ok) {
        fail_message(reply, 400, NULL, MCP_INVALID_REQUEST, "Invalid Request", "/id",
                     "\"id\" must be a string or an integer (MCP never uses null)");
        return;
    }
    bool has_params = json_object_object_get_ex(root, "params", &params);
    if (has_params && !json_object_is_type(params, json_type_object) &&
        !json_object_is_type(params, json_type_array)) {
        fail_message(reply, 400, reply_id, MCP_INVALID_REQUEST, "Invalid Request", "/params",
                     "\"params\" must be an object");
        return;
    }
    bool has_result = json_object_object_get_ex(root, "result", &result);
    bool has_error = json_object_object_get_ex(root, "error", &error);
    if (!json_object_object_get_ex(root, "method", &method)) {
        /* A response to a request of ours. This server sends none, so
         * there is nothing to match it with: accept it and move on. */
        if (!id_ok || has_result == has_error || has_params ||
            (has_error && !json_object_is_type(error, json_type_object))) {
            fail_message(reply, 400, NULL, MCP_INVALID_REQUEST, "Invalid Request", "",
                         "a JSON-RPC message has a \"method\" (a request or a notification), or an "
                         "\"id\" and exactly one of \"result\" and \"error\" (a response)");
            return;
        }
        reply->status = 202;
        return;
    }
    if (!json_object_is_type(method, json_type_string) || has_result || has_error) {
        fail_message(reply, 400, reply_id, MCP_INVALID_REQUEST, "Invalid Request",
                     has_result ? "/result" : has_error ? "/error" : "/method",
                     has_result || has_error
                         ? "a request or notification has no \"result\" or \"error\""
                         : "\"method\" must be a string");
        return;
    }
    if (!has_id) {   /* a notification: never answered (initialized, cancelled, ...) */
        reply->status = 202;
        return;
    }
    mcp_outcome out;
    memset(&out, 0, sizeof out);
    out.set_level = out.note_level = -1;
    if (has_params && !json_object_is_type(params, json_type_object)) {
        mcp_error(&out, MCP_INVALID_PARAMS, "Invalid params", "/params",
                  "MCP methods take their params as an object, not an array");
    } else {
        mcp_call call = { .ctx = ctx, .params = params };
        call_method(&call, json_object_get_string(method), &out);
    }
    if (out.out_of_memory)
        reply_out_of_memory(reply, id);
    else
        write_reply(reply, 200, id, &out);
    reply->set_level = out.set_level;
    reply->note_level = out.note_level;
    memcpy(reply->note_tool, out.note_tool, sizeof reply->note_tool);
    memcpy(reply->note_pointer, out.note_pointer, sizeof reply->note_pointer);
    free(out.result);
}

/* Does pointer lie under prefix (at it, or below it)? */
static bool under(const char *pointer, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(pointer, prefix, n) == 0 && (pointer[n] == '\0' || pointer[n] == '/');
}

/* The strict reader refused a message that is still valid JSON with an id
 * (lenient.h): answer that id, or the client waits for it until its
 * timeout. What is at fault says how: a tool's argument is the tool's
 * isError result (pointer into the arguments, as the route would word
 * it), the rest of params -32602, the envelope itself -32600. */
static void refused_with_id(const svc_context *ctx, const mcp_lenient *m, cc_error *err,
                            mcp_reply *reply)
{
    mcp_outcome out;
    memset(&out, 0, sizeof out);
    out.set_level = out.note_level = -1;
    const char *args = "/params/arguments";
    if (strcmp(m->method, "tools/call") == 0 && under(err->pointer, args)) {
        char title[96], detail[CC_DETAIL_MAX];
        snprintf(title, sizeof title, "%s",
                 err->problem >= 0 ? txt_template(ctx->lang, err->problem) : err->title);
        if (err->problem >= 0) {
            txt_args a = { .err = err };
            txt_format(ctx->lang, &err->text, &a, detail, sizeof detail);
        } else {
            snprintf(detail, sizeof detail, "%s", err->detail);
        }
        mcp_call call = { .ctx = ctx, .params = NULL };
        mcp_tool_refused(&call, (int)err->status, title, detail, err->pointer + strlen(args), &out);
    } else {
        txt_error_flatten(err);   /* a JSON-RPC error's message is English */
        bool params = under(err->pointer, "/params");
        mcp_error(&out, params ? MCP_INVALID_PARAMS : MCP_INVALID_REQUEST,
                  params ? "Invalid params" : "Invalid Request", err->pointer, "%s", err->detail);
    }
    if (out.out_of_memory)
        reply_out_of_memory(reply, NULL);
    else
        write_reply_raw(reply, !out.result && out.code == MCP_INVALID_REQUEST ? 400 : 200, NULL, m->id,
                        m->id_len, &out);
    free(out.result);
}

static void reply_init(mcp_reply *reply)
{
    memset(reply, 0, sizeof *reply);
    reply->set_level = reply->note_level = -1;
}

void mcp_handle(const svc_context *ctx, const char *msg, size_t len, mcp_reply *reply)
{
    reply_init(reply);
    json_object *root = NULL;
    cc_error err;
    memset(&err, 0, sizeof err);
    if (!mcp_json_tree(msg ? msg : "", msg ? len : 0, &root, &err)) {
        mcp_lenient m;
        if (cc_error_out_of_memory(&err)) {
            reply_out_of_memory(reply, NULL);
        } else if (mcp_lenient_read(msg ? msg : "", msg ? len : 0, &m) && m.object && m.id) {
            refused_with_id(ctx, &m, &err, reply);
        } else {
            txt_error_flatten(&err);   /* a JSON-RPC error's message is English */
            fail_message(reply, 400, NULL, MCP_PARSE_ERROR, "Parse error", err.pointer, err.detail);
        }
        return;
    }
    if (json_object_is_type(root, json_type_object))
        answer(ctx, root, reply);
    else if (json_object_is_type(root, json_type_array))
        fail_message(reply, 400, NULL, MCP_INVALID_REQUEST, "Invalid Request", "",
                     "batches are not part of MCP " MCP_VERSION_PREVIOUS " or " MCP_VERSION_LATEST
                     ": send one message per request (or per line)");
    else
        fail_message(reply, 400, NULL, MCP_INVALID_REQUEST, "Invalid Request", "",
                     "a JSON-RPC message is an object");
    json_object_put(root);
}
