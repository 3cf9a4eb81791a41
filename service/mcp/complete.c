/* complete.c -- completion/complete; see complete.h.
 *
 * Owns: which values an argument takes and how they are matched. A value
 * is offered when it starts with what the user typed, compared without
 * case (so "base.d" offers base.D); at most MCP_COMPLETE_MAX values, in
 * catalog order, with `total` the number that matched and `hasMore` when
 * some were left out (as the specification caps a response at 100). The
 * arguments already filled (context.arguments) narrow the rest: a tile
 * within `expansion`, the locations of `tile` (read from the tile's own
 * catalog entry, through the dispatcher like the resource
 * carcassonne-rules://tiles/{id}: the names that reach each of its
 * features). An argument that takes free text gets no values; an unknown
 * prompt or resource template is -32602.
 */
#include "complete.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../engine/rules.h"
#include "../wire/json_writer.h"
#include "call.h"

#define MCP_COMPLETE_MAX 100
#define SCHEME "carcassonne-rules://"

typedef struct {
    const char *typed;   /* what the user typed so far */
    size_t typed_len;
    jw *w;               /* the values array being written */
    int total;
} matches;

/* Offer value if it starts with what was typed (and was not offered yet). */
static void offer(matches *m, const char *value, size_t len)
{
    if (len < m->typed_len || strncasecmp(value, m->typed, m->typed_len) != 0)
        return;
    if (m->total++ < MCP_COMPLETE_MAX)
        jw_string_len(m->w, value, len);
}

static const char *context_argument(const mcp_call *call, const char *name)
{
    json_object *context, *args, *v;
    if (call->params && json_object_object_get_ex(call->params, "context", &context) &&
        json_object_object_get_ex(context, "arguments", &args) &&
        json_object_object_get_ex(args, name, &v) && json_object_is_type(v, json_type_string))
        return json_object_get_string(v);
    return NULL;
}

static void rule_ids(matches *m)
{
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++)
        offer(m, rules[i].id, strlen(rules[i].id));
}

static void tile_ids(const mcp_call *call, matches *m)
{
    const char *expansion = context_argument(call, "expansion");
    const cc_catalog *cat = call->ctx->cat;
    for (int i = 0; cat && i < cat->ntypes; i++)
        if (expansion == NULL || expansion[0] == '\0' || strcmp(expansion, cat->types[i].set) == 0)
            offer(m, cat->types[i].id, strlen(cat->types[i].id));
}

/* The catalog's sets, each once, in catalog order. */
static void expansions(const mcp_call *call, matches *m)
{
    const cc_catalog *cat = call->ctx->cat;
    for (int i = 0; cat && i < cat->ntypes; i++) {
        int j = 0;
        while (j < i && strcmp(cat->types[j].set, cat->types[i].set) != 0)
            j++;
        if (j == i)
            offer(m, cat->types[i].set, strlen(cat->types[i].set));
    }
}

/* Every location name (no tile given, or one the catalog does not know). */
static void all_locations(matches *m)
{
    static const char *const names[] = { "C", "N", "E", "S", "W", "NNE", "ENE", "ESE", "SSE",
                                         "SSW", "WSW", "WNW", "NNW", "NE", "SE", "SW", "NW" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        offer(m, names[i], strlen(names[i]));
}

/* The locations of the context's tile: each feature's names, as its
 * catalog entry lists them. False when memory ran out. */
static bool tile_locations(const mcp_call *call, matches *m)
{
    const char *tile = context_argument(call, "tile");
    if (tile == NULL) {
        all_locations(m);
        return true;
    }
    char path[200] = "/v1/tiles/";
    size_t n = strlen(path);
    for (const unsigned char *c = (const unsigned char *)tile; *c && n + 4 < sizeof path; c++)
        n += (size_t)snprintf(path + n, sizeof path - n, (*c == '/' || *c == '%' || *c == '?' ||
                                                          *c == '#' || *c <= ' ' || *c >= 0x7f)
                                                             ? "%%%02X" : "%c", *c);
    svc_response res;
    mcp_route(call, "GET", path, NULL, 0, &res);
    bool ok = res.status != 503;
    json_object *o = NULL, *features;
    cc_error err;
    if (res.status == 200 && res.body && mcp_json_tree(res.body, res.len, &o, &err) &&
        json_object_object_get_ex(o, "features", &features)) {
        size_t nf = json_object_array_length(features);
        for (size_t i = 0; i < nf; i++) {
            json_object *locations;
            if (!json_object_object_get_ex(json_object_array_get_idx(features, i), "locations",
                                           &locations))
                continue;
            for (size_t k = 0; k < json_object_array_length(locations); k++) {
                json_object *l = json_object_array_get_idx(locations, k);
                offer(m, json_object_get_string(l), (size_t)json_object_get_string_len(l));
            }
        }
    } else if (res.status == 404 || res.status == 400) {
        all_locations(m);   /* a tile not (yet) known: every name */
    }
    json_object_put(o);
    svc_response_free(&res);
    return ok;
}

/* What the reference's argument takes; -32602 for an unknown reference. */
static bool completes(const mcp_call *call, json_object *ref, const char *argument,
                      mcp_completion *what, mcp_outcome *out)
{
    json_object *type, *v;
    if (!json_object_object_get_ex(ref, "type", &type) || !json_object_is_type(type, json_type_string))
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/ref/type",
                         "ref.type must be \"ref/prompt\" or \"ref/resource\"");
    (void)call;
    if (strcmp(json_object_get_string(type), "ref/prompt") == 0) {
        if (!json_object_object_get_ex(ref, "name", &v) || !json_object_is_type(v, json_type_string))
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/ref/name",
                             "a prompt reference names the prompt (a string)");
        bool known;
        *what = mcp_prompt_completes(json_object_get_string(v), argument, &known);
        if (!known)
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/ref/name",
                             "no prompt of that name (prompts/list names them)");
        return true;
    }
    if (strcmp(json_object_get_string(type), "ref/resource") == 0) {
        if (!json_object_object_get_ex(ref, "uri", &v) || !json_object_is_type(v, json_type_string))
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/ref/uri",
                             "a resource reference names the URI template (a string)");
        const char *uri = json_object_get_string(v);
        bool rules = strcmp(uri, SCHEME "rules/{id}") == 0;
        if (!rules && strcmp(uri, SCHEME "tiles/{id}") != 0)
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/ref/uri",
                             "no resource template of that URI (resources/templates/list names them)");
        *what = strcmp(argument, "id") != 0 ? MCP_COMPLETE_NOTHING
                : rules ? MCP_COMPLETE_RULE : MCP_COMPLETE_TILE;
        return true;
    }
    return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/ref/type",
                     "ref.type must be \"ref/prompt\" or \"ref/resource\"");
}

bool mcp_complete(const mcp_call *call, mcp_outcome *out)
{
    json_object *ref, *argument, *name, *value, *context;
    if (!mcp_param(call, "ref", json_type_object, true, &ref, out) ||
        !mcp_param(call, "argument", json_type_object, true, &argument, out) ||
        !mcp_param(call, "context", json_type_object, false, &context, out))
        return false;
    if (!json_object_object_get_ex(argument, "name", &name) ||
        !json_object_is_type(name, json_type_string))
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/argument/name",
                         "argument.name must be a string");
    if (!json_object_object_get_ex(argument, "value", &value) ||
        !json_object_is_type(value, json_type_string))
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/argument/value",
                         "argument.value must be a string");
    mcp_completion what = MCP_COMPLETE_NOTHING;
    if (!completes(call, ref, json_object_get_string(name), &what, out))
        return false;
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "completion");
    jw_object(&w);
    jw_key(&w, "values");
    jw_array(&w);
    matches m = { json_object_get_string(value), (size_t)json_object_get_string_len(value), &w, 0 };
    bool ok = true;
    switch (what) {
    case MCP_COMPLETE_RULE: rule_ids(&m); break;
    case MCP_COMPLETE_TILE: tile_ids(call, &m); break;
    case MCP_COMPLETE_EXPANSION: expansions(call, &m); break;
    case MCP_COMPLETE_LOCATION: ok = tile_locations(call, &m); break;
    case MCP_COMPLETE_NOTHING: break;
    }
    jw_array_end(&w);
    jw_member_int(&w, "total", m.total);
    jw_member_bool(&w, "hasMore", m.total > MCP_COMPLETE_MAX);
    jw_object_end(&w);
    jw_object_end(&w);
    if (!ok) {
        jw_free(&w);
        return mcp_out_of_memory(out, "the completions");
    }
    return mcp_result(out, &w);
}
