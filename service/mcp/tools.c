/* tools.c -- tools/list and tools/call.
 *
 * Owns: turning a tool call into its route's request and the route's
 * answer into a tool result. The arguments are the route's body as they
 * are (so every pointer in a problem is a pointer into the arguments),
 * except a path parameter (`n` of message_card, `id` of tile_facts and
 * rule_statement), which moves into the path. The dispatcher (svc_handle)
 * answers; this file only reshapes:
 *   200  structuredContent: the answer; content: the answer in sentences
 *        with the rules it cites (service/text/answers.h), in the call's
 *        language (the route answered in it too), then the answer
 *        as JSON text (for clients that do not read structuredContent),
 *        then, when the call asked for it (`picture: true`, on the tools
 *        that have one), a PNG of the position with the answer
 *        highlighted (picture.h, drawn by POST /v1/render): 25 to 60 KB,
 *        93 to 98% of a result, so never sent unasked
 *   4xx  isError: true; content: the problem's title, detail and pointer,
 *        in a sentence of the call's language
 *   5xx  a JSON-RPC internal error
 * An unknown tool, or arguments that are not an object, are protocol
 * errors (-32602): the call itself is malformed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text/answers.h"
#include "../text/text.h"
#include "../wire/json_writer.h"
#include "../wire/json_reader.h"
#include "call.h"
#include "catalog.h"
#include "mcp.h"
#include "picture.h"

bool mcp_tools_list(const mcp_call *call, mcp_outcome *out)
{
    json_object *cursor;
    if (!mcp_param(call, "cursor", json_type_string, false, &cursor, out))
        return false;
    if (cursor)
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/cursor",
                         "this server lists every tool on one page and gives no cursors");
    size_t n;
    const mcp_tool *tools = mcp_tools(&n);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "tools");
    jw_array(&w);
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *json = mcp_tool_json(&tools[i], call->ctx->lang, &len);
        jw_raw(&w, json, len);
    }
    jw_array_end(&w);
    jw_object_end(&w);
    return mcp_result(out, &w);
}

/* ---- the route's request ------------------------------------------------------ */

/* A problem with an argument, in the route's own words (problem+json). */
typedef struct {
    int status;
    char type[128];     /* the problem's type URI ("" when not a route's) */
    char title[80];
    char detail[CC_DETAIL_MAX];
    char pointer[CC_POINTER_MAX];
} problem;

static bool fail_argument(problem *p, int status, const char *pointer, const char *title,
                          const char *detail)
{
    p->status = status;
    snprintf(p->title, sizeof p->title, "%s", title);
    snprintf(p->detail, sizeof p->detail, "%s", detail);
    snprintf(p->pointer, sizeof p->pointer, "%s", pointer);
    return false;
}

/* Append s to path, percent-encoding every byte but RFC 3986's unreserved
 * ones (so '/' in an alias such as BA/RCr stays inside the segment). */
static bool encode_segment(char *path, size_t size, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = strlen(path);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        bool plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                     (*c >= '0' && *c <= '9') || *c == '-' || *c == '.' || *c == '_' || *c == '~';
        if (n + (plain ? 1 : 3) >= size)
            return false;
        if (plain) {
            path[n++] = (char)*c;
        } else {
            path[n++] = '%';
            path[n++] = hex[*c >> 4];
            path[n++] = hex[*c & 15];
        }
    }
    path[n] = '\0';
    return true;
}

/* The request target: the route's path with its parameter filled in from
 * the arguments (and removed from them, so the rest is the body). */
static bool request_path(const mcp_tool *t, json_object *args, char *path, size_t size,
                         problem *p)
{
    char *brace = strchr(t->path, '{');
    size_t stem = brace ? (size_t)(brace - t->path) : strlen(t->path);
    if (stem >= size)
        return fail_argument(p, 500, "", "Path too long", "the tool's route does not fit");
    memcpy(path, t->path, stem);
    path[stem] = '\0';
    if (t->param[0] == '\0')
        return true;
    char pointer[CC_POINTER_MAX], detail[CC_DETAIL_MAX];
    snprintf(pointer, sizeof pointer, "/%s", t->param);
    json_object *v;
    if (!json_object_object_get_ex(args, t->param, &v)) {
        snprintf(detail, sizeof detail, "The member \"%s\" is required.", t->param);
        return fail_argument(p, 400, pointer, "Missing member", detail);
    }
    if (t->param_integer) {
        if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < t->param_min ||
            json_object_get_int64(v) > t->param_max) {
            snprintf(detail, sizeof detail, "%s must be an integer from %ld to %ld.", t->param,
                     t->param_min, t->param_max);
            return fail_argument(p, 400, pointer,
                                 json_object_is_type(v, json_type_int) ? "Value out of range"
                                                                        : "Wrong type", detail);
        }
        snprintf(path + stem, size - stem, "%lld", (long long)json_object_get_int64(v));
    } else {
        if (!json_object_is_type(v, json_type_string) || json_object_get_string_len(v) == 0) {
            snprintf(detail, sizeof detail, "%s must be a non-empty string.", t->param);
            return fail_argument(p, 400, pointer, "Wrong type", detail);
        }
        if (!encode_segment(path, size, json_object_get_string(v))) {
            snprintf(detail, sizeof detail, "%s is too long.", t->param);
            return fail_argument(p, 400, pointer, "Value out of range", detail);
        }
    }
    json_object_object_del(args, t->param);
    return true;
}

/* `picture` (tools that draw one): a boolean, taken out of the arguments
 * (the route does not know it). *wanted: true was asked. */
static bool picture_argument(const mcp_tool *t, json_object *args, bool *wanted, problem *p)
{
    *wanted = false;
    json_object *v;
    if (!t->picture || !json_object_object_get_ex(args, "picture", &v))
        return true;
    if (!json_object_is_type(v, json_type_boolean))
        return fail_argument(p, 400, "/picture", "Wrong type", "picture must be true or false.");
    *wanted = json_object_get_boolean(v);
    json_object_object_del(args, "picture");
    return true;
}

/* A GET route reads no body: any argument besides the path parameter is
 * unknown (as a POST route's decoder would say of its body). */
static bool no_other_arguments(const mcp_tool *t, json_object *args, problem *p)
{
    json_object_object_foreach(args, key, value) {
        (void)value;
        char pointer[CC_POINTER_MAX], detail[CC_DETAIL_MAX], shown[64];
        jr_pointer_member(pointer, "", key, strlen(key));
        snprintf(detail, sizeof detail, "The arguments of %s have no member \"%s\"; the one they take is %s.",
                 t->name, svc_printable(shown, sizeof shown, key), t->param);
        return fail_argument(p, 400, pointer, "Unknown member", detail);
    }
    return true;
}

/* ---- the tool result ----------------------------------------------------------- */

/* {"type": "text", "text": ...} */
static void text_content(jw *w, const char *text, size_t len)
{
    jw_object(w);
    jw_member_string(w, "type", "text");
    jw_key(w, "text");
    jw_string_len(w, text, len);
    jw_object_end(w);
}

/* A route's detail names the HTTP side where it sends a client on ("GET
 * /v1/tiles lists them"), which a model cannot call: the resource that
 * reads the same, by its URI (a name in every language), instead. In
 * place (detail holds CC_DETAIL_MAX bytes). */
static void model_words(char *detail)
{
    static const struct { const char *http, *model; } words[] = {
        { "GET /v1/tiles", "carcassonne-rules://tiles" },
        { "GET /v1/rules", "carcassonne-rules://rules" },
        { "/v1/tiles", "carcassonne-rules://tiles" },
        { "/v1/rules", "carcassonne-rules://rules" },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        char *at = strstr(detail, words[i].http);
        if (at == NULL)
            continue;
        char rest[CC_DETAIL_MAX];
        snprintf(rest, sizeof rest, "%s", at + strlen(words[i].http));
        snprintf(at, CC_DETAIL_MAX - (size_t)(at - detail), "%s%s", words[i].model, rest);
    }
}

/* isError: the problem in words, for the model to correct its call, in
 * the call's language. */
static bool tool_problem(mcp_outcome *out, const mcp_call *call, const problem *p)
{
    txbuf t;
    tx_init_in(&t, call->ctx->lang);
    char detail[CC_DETAIL_MAX];
    snprintf(detail, sizeof detail, "%s", p->detail);
    model_words(detail);
    answers_problem(&t, p->status, p->title, detail, p->pointer);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "content");
    jw_array(&w);
    text_content(&w, tx_cstr(&t), tx_len(&t));
    jw_array_end(&w);
    jw_member_bool(&w, "isError", true);
    jw_object_end(&w);
    bool failed = tx_failed(&t);
    tx_free(&t);
    if (failed) {
        jw_free(&w);
        return mcp_out_of_memory(out, "the result");
    }
    return mcp_result(out, &w);
}

bool mcp_tool_refused(const mcp_call *call, int status, const char *title, const char *detail,
                      const char *pointer, mcp_outcome *out)
{
    problem p;
    memset(&p, 0, sizeof p);
    fail_argument(&p, status, pointer, title, detail);
    return tool_problem(out, call, &p);
}

/* The route's problem+json answer as a problem (pointer "" on a route
 * with a path parameter that answered 404 is that parameter's fault).
 * False if it cannot be read; p->status is then 503 if memory ran out. */
static bool route_problem(const mcp_tool *t, const svc_response *res, problem *p)
{
    json_object *o = NULL;
    cc_error err;
    memset(&err, 0, sizeof err);
    const char *body = res->body ? res->body : res->static_body;
    if (body == NULL || !mcp_json_tree(body, res->len, &o, &err) ||
        !json_object_is_type(o, json_type_object)) {
        json_object_put(o);
        if (cc_error_out_of_memory(&err))
            p->status = 503;
        return false;
    }
    json_object *v;
    p->status = res->status;
    snprintf(p->type, sizeof p->type, "%s",
             json_object_object_get_ex(o, "type", &v) ? json_object_get_string(v) : "");
    snprintf(p->title, sizeof p->title, "%s",
             json_object_object_get_ex(o, "title", &v) ? json_object_get_string(v) : "");
    snprintf(p->detail, sizeof p->detail, "%s",
             json_object_object_get_ex(o, "detail", &v) ? json_object_get_string(v) : "");
    snprintf(p->pointer, sizeof p->pointer, "%s",
             json_object_object_get_ex(o, "pointer", &v) ? json_object_get_string(v) : "");
    if (res->status == 404 && p->pointer[0] == '\0' && t->param[0])
        snprintf(p->pointer, sizeof p->pointer, "/%s", t->param);
    json_object_put(o);
    return true;
}

/* An image content: the picture of the answer (picture.h), for the user. */
static void image_content(jw *w, const char *b64, size_t len)
{
    jw_object(w);
    jw_member_string(w, "type", "image");
    jw_key(w, "data");
    jw_string_len(w, b64, len);
    jw_member_string(w, "mimeType", "image/png");
    jw_key(w, "annotations");
    jw_object(w);
    jw_key(w, "audience");
    jw_array(w);
    jw_string(w, "user");
    jw_array_end(w);
    jw_object_end(w);
    jw_object_end(w);
}

/* The route's answer: as structuredContent exactly as the route wrote it,
 * in sentences, as JSON text, and as a picture when the tool has one. */
static bool tool_answer(mcp_outcome *out, const mcp_call *call, const mcp_tool *t,
                        json_object *args, bool picture_wanted, const svc_response *res)
{
    json_object *answer = NULL;
    cc_error err;
    memset(&err, 0, sizeof err);
    if (res->body == NULL ||
        !mcp_json_tree(res->body, res->len, &answer, &err) ||
        !json_object_is_type(answer, json_type_object)) {
        json_object_put(answer);
        if (cc_error_out_of_memory(&err))
            return mcp_out_of_memory(out, "the result");
        return mcp_error(out, MCP_INTERNAL_ERROR, "Internal error", "",
                         "the route %s answered something that is not a JSON object", t->path);
    }
    txbuf words;
    tx_init_in(&words, call->ctx->lang);
    answers_write(&words, t->path, answer);
    char *picture = NULL;
    size_t picture_len = 0;
    mcp_picture_result drawn = picture_wanted ? mcp_picture(call, t->name, args, answer, &picture,
                                                            &picture_len)
                                              : MCP_PICTURE_NONE;
    json_object_put(answer);
    if (drawn == MCP_PICTURE_NO_MEMORY) {
        tx_free(&words);
        return mcp_out_of_memory(out, "the picture");
    }
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "content");
    jw_array(&w);
    text_content(&w, tx_cstr(&words), tx_len(&words));
    text_content(&w, res->body, res->len);
    if (picture)
        image_content(&w, picture, picture_len);
    free(picture);
    jw_array_end(&w);
    jw_key(&w, "structuredContent");
    jw_raw(&w, res->body, res->len);
    jw_member_bool(&w, "isError", false);
    jw_object_end(&w);
    bool failed = tx_failed(&words);
    tx_free(&words);
    if (failed) {
        jw_free(&w);
        return mcp_out_of_memory(out, "the result");
    }
    return mcp_result(out, &w);
}

/* ---- an impossible position: validate_position's answer ------------------------ */

/* The rule a position breaks, by the problem's type (the last segment of
 * its URI) and, where a figure stands where it cannot, the figure's kind:
 * NULL where no rule of the catalog states it (an expansion not listed,
 * more tiles of a kind than the game has, an empty board, a figure off
 * the board). */
static const char *broken_rule(const problem *p, json_object *args)
{
    static const struct { const char *type; const char *rule; } rules[] = {
        { "edges-do-not-match", "base.placement.edges" },
        { "tiles-not-connected", "base.placement.adjacent" },
        { "two-tiles-on-one-cell", "base.placement.empty-cell" },
        { "abbey-outside-a-hole", "abbey.placement.hole" },
        { "shrine-rule-broken", "shrines.placement.neighbours" },
        { "more-figures-than-the-supply-holds", "base.position.supply" },
        { "too-many-abbeys", "abbey.abbey.in-hand" },
        { "wrong-number-of-abbeys", "abbey.abbey.in-hand" },
        { "two-figures-on-one-spot", "base.deploy.unoccupied" },
    };
    static const struct { const char *kind; const char *rule; } stands[] = {
        { "mayor", "abbey.mayor.city" },
        { "wagon", "abbey.wagon.not-field" },
        { "barn", "abbey.barn.junction" },
        { "shepherd", "hills-sheep.shepherd.field" },
        { "meeple", "base.deploy.no-farmers" },
    };
    const char *slash = strrchr(p->type, '/');
    const char *type = slash ? slash + 1 : p->type;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(type, rules[i].type) == 0)
            return rules[i].rule;
    static const char figures_at[] = "/position/figures/";
    const char *digits = strncmp(p->pointer, figures_at, sizeof figures_at - 1) == 0
                             ? p->pointer + sizeof figures_at - 1 : NULL;
    char *end = NULL;
    long k = digits ? strtol(digits, &end, 10) : -1;
    json_object *pos, *figures, *kind;
    if (strcmp(type, "figure-where-it-cannot-stand") != 0 || end == NULL || end == digits ||
        strcmp(end, "/at") != 0 ||
        !json_object_object_get_ex(args, "position", &pos) ||
        !json_object_object_get_ex(pos, "figures", &figures) ||
        !json_object_is_type(figures, json_type_array) || k < 0 ||
        (size_t)k >= json_object_array_length(figures) ||
        !json_object_object_get_ex(json_object_array_get_idx(figures, (size_t)k), "kind", &kind))
        return NULL;
    for (size_t i = 0; i < sizeof stands / sizeof stands[0]; i++)
        if (strcmp(json_object_get_string(kind), stands[i].kind) == 0)
            return stands[i].rule;
    return NULL;
}

/* "Is this position possible?" answered no: a result like any other,
 * {valid: false, problems: [{rule, title, detail, pointer}]}, in words
 * with the rule's statement; isError stays for calls that are malformed. */
static bool impossible_result(mcp_outcome *out, const mcp_call *call, json_object *args,
                              const problem *p)
{
    const char *rule = broken_rule(p, args);
    jw s;
    jw_init(&s);
    jw_object(&s);
    jw_member_bool(&s, "valid", false);
    jw_key(&s, "problems");
    jw_array(&s);
    jw_object(&s);
    if (rule)
        jw_member_string(&s, "rule", rule);
    jw_member_string(&s, "title", p->title);
    jw_member_string(&s, "detail", p->detail);
    jw_member_string(&s, "pointer", p->pointer);
    jw_object_end(&s);
    jw_array_end(&s);
    jw_object_end(&s);
    size_t len;
    char *structured = jw_take(&s, &len);
    txbuf words;
    tx_init_in(&words, call->ctx->lang);
    tx_add(&words, TX_ANS_IMPOSSIBLE, p->title, p->detail, p->pointer[0] ? p->pointer : "/");
    json_object *rules = json_object_new_array();
    if (rule && rules && json_object_array_add(rules, json_object_new_string(rule)) == 0)
        answers_rules(&words, rules);
    json_object_put(rules);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "content");
    jw_array(&w);
    text_content(&w, tx_cstr(&words), tx_len(&words));
    if (structured)
        text_content(&w, structured, len);
    jw_array_end(&w);
    jw_key(&w, "structuredContent");
    if (structured)
        jw_raw(&w, structured, len);
    jw_member_bool(&w, "isError", false);
    jw_object_end(&w);
    bool failed = tx_failed(&words) || structured == NULL || rules == NULL;
    tx_free(&words);
    free(structured);
    if (failed) {
        jw_free(&w);
        return mcp_out_of_memory(out, "the result");
    }
    return mcp_result(out, &w);
}

/* What the call logs (mcp.h): answered (info), refused with the member
 * at fault (warning; an impossible position is an answer), or failed. */
static void note_call(mcp_outcome *out, const mcp_tool *t, const problem *p)
{
    snprintf(out->note_tool, sizeof out->note_tool, "%s", t->name);
    snprintf(out->note_pointer, sizeof out->note_pointer, "%s", p->pointer);
    if (out->result == NULL)
        out->note_level = MCP_LOG_ERROR;
    else
        out->note_level = strstr(out->result, "\"isError\":true") ? MCP_LOG_WARNING : MCP_LOG_INFO;
}

bool mcp_tools_call(const mcp_call *call, mcp_outcome *out)
{
    json_object *name, *args;
    if (!mcp_param(call, "name", json_type_string, true, &name, out) ||
        !mcp_param(call, "arguments", json_type_object, false, &args, out))
        return false;
    const mcp_tool *t = mcp_tool_find(json_object_get_string(name));
    if (t == NULL) {
        char shown[80];
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/name",
                         "unknown tool \"%s\" (tools/list names them)",
                         svc_printable(shown, sizeof shown, json_object_get_string(name)));
    }
    json_object *empty = NULL;
    if (args == NULL)
        args = empty = json_object_new_object();
    char path[256];
    problem p;
    memset(&p, 0, sizeof p);
    bool picture_wanted;
    bool ok = request_path(t, args, path, sizeof path, &p) &&
              picture_argument(t, args, &picture_wanted, &p) &&
              (strcmp(t->method, "GET") != 0 || no_other_arguments(t, args, &p));
    if (!ok) {
        json_object_put(empty);
        bool done = p.status >= 500
                        ? mcp_error(out, MCP_INTERNAL_ERROR, "Internal error", "", "%s", p.detail)
                        : tool_problem(out, call, &p);
        note_call(out, t, &p);
        return done;
    }
    size_t len = 0;
    const char *body = NULL;
    if (strcmp(t->method, "POST") == 0)
        body = json_object_to_json_string_length(
            args, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
    if (args == NULL || (strcmp(t->method, "POST") == 0 && body == NULL)) {   /* json-c's memory */
        json_object_put(empty);
        return mcp_out_of_memory(out, "the tool's request");
    }
    svc_response res;
    mcp_route(call, t->method, path, body, len, &res);
    bool done;
    if (res.status == 200)
        done = tool_answer(out, call, t, args, picture_wanted, &res);
    else if (res.status == 422 && t->impossible_is_answer && route_problem(t, &res, &p))
        done = impossible_result(out, call, args, &p);
    else if (res.status >= 400 && res.status < 500 && route_problem(t, &res, &p))
        done = tool_problem(out, call, &p);
    else if (res.status == 503 || p.status == 503)   /* the route, or reading its problem */
        done = mcp_out_of_memory(out, "the route's answer");
    else
        done = mcp_error(out, MCP_INTERNAL_ERROR, "Internal error", "",
                         "the route %s answered status %d", t->path, res.status);
    svc_response_free(&res);
    json_object_put(empty);
    note_call(out, t, &p);
    return done;
}
