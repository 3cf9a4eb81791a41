/* catalog.c -- the embedded tool table; see catalog.h.
 *
 * The translations are applied to the json-c tree of each tool before it is
 * serialized: its title and description replaced by the language's text
 * where the catalog has one, so a translated Tool object is written by the
 * same code as the English one. The description served is composed here
 * (description_in): the generated lead, then the sentences every tool
 * shares (the notation resource; the picture on request), phrases of
 * service/text/phrases.def in each language. */
#include "catalog.h"

#include <json-c/json.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../assets.h"
#include "../text/catalog.h"
#include "../text/lang.h"
#include "../text/text.h"
#include "../wire/json_reader.h"
#include "call.h"

#define MAX_TOOLS 32

static pthread_once_t once = PTHREAD_ONCE_INIT;
static mcp_tool table[MAX_TOOLS];
static size_t ntools;
static char version[32] = "0";

static const char *string_at(json_object *o, const char *name)
{
    json_object *v;
    return json_object_object_get_ex(o, name, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v) : NULL;
}

/* The route's path parameter: "{name}" ending the path, described by
 * inputSchema.properties.name (type, minimum, maximum). */
static bool read_param(mcp_tool *t, json_object *tool)
{
    const char *open = strchr(t->path, '{');
    if (open == NULL)
        return true;
    size_t n = strlen(open);
    if (n < 3 || open[n - 1] != '}' || n - 2 >= sizeof t->param)
        return false;
    memcpy(t->param, open + 1, n - 2);
    t->param[n - 2] = '\0';
    json_object *input, *props, *schema, *v;
    if (!json_object_object_get_ex(tool, "inputSchema", &input) ||
        !json_object_object_get_ex(input, "properties", &props) ||
        !json_object_object_get_ex(props, t->param, &schema))
        return false;
    const char *type = string_at(schema, "type");
    t->param_integer = type && strcmp(type, "integer") == 0;
    t->param_min = LONG_MIN;
    t->param_max = LONG_MAX;
    if (json_object_object_get_ex(schema, "minimum", &v))
        t->param_min = (long)json_object_get_int64(v);
    if (json_object_object_get_ex(schema, "maximum", &v))
        t->param_max = (long)json_object_get_int64(v);
    return true;
}

/* The tool serialized, as the service writes every tool object: plain,
 * slashes unescaped. A malloc'ed copy, NULL when memory runs out. */
static char *serialize(json_object *tool, size_t *len)
{
    const char *text = json_object_to_json_string_length(
        tool, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, len);
    return text ? strdup(text) : NULL;
}

/* Member name of o set to the string s (both strings copied by json-c). */
static bool set_string(json_object *o, const char *name, const char *s)
{
    json_object *v = json_object_new_string(s);
    return v != NULL && json_object_object_add(o, name, v) == 0;
}

/* The description a model reads: the lead (the tool's own words, in lang
 * where the catalog translates it), then, said the same way for every
 * tool, where the notation is explained and whether a picture comes. */
static char *description_in(const mcp_tool *t, const char *lang, const char *lead)
{
    const char *notation = tx_word(lang, TX_MCP_TOOL_NOTATION);
    const char *picture = t->picture ? tx_word(lang, TX_MCP_TOOL_PICTURE) : "";
    size_t n = strlen(lead) + strlen(notation) + strlen(picture) + 4;
    char *d = malloc(n);
    if (d != NULL)
        snprintf(d, n, "%s\n\n%s%s%s", lead, notation, picture[0] ? " " : "", picture);
    return d;
}

/* The tool's title and description in lang (lang NULL: English; each the
 * English one where the catalog lacks it). */
static bool translate(json_object *tool, const mcp_tool *t, const char *lang, const char *title)
{
    char ctxt[128];
    snprintf(ctxt, sizeof ctxt, "mcp.tool.%s.title", t->name);
    const char *tr = lang ? txt_lookup(lang, ctxt) : NULL;
    snprintf(ctxt, sizeof ctxt, "mcp.tool.%s.description", t->name);
    const char *d = lang ? txt_lookup(lang, ctxt) : NULL;
    char *description = description_in(t, lang, d ? d : t->lead);
    bool ok = description != NULL && set_string(tool, "title", tr ? tr : title) &&
              set_string(tool, "description", description);
    free(description);
    return ok;
}

/* json and json_in[] of t: the tool in English and in every language. */
static bool read_translations(mcp_tool *t, json_object *tool)
{
    const char *title = string_at(tool, "title"), *description = string_at(tool, "description");
    if (title == NULL || description == NULL)
        return false;
    /* Copies: setting a member frees the string it held. */
    char *en_title = strdup(title);
    t->lead = strdup(description);
    bool ok = en_title != NULL && t->lead != NULL && translate(tool, t, NULL, en_title) &&
              (t->json = serialize(tool, &t->json_len)) != NULL;
    size_t nlang;
    const txt_language *langs = txt_languages(&nlang);
    for (size_t i = 1; ok && i < nlang && i < MCP_MAX_LANGUAGES; i++) {
        ok = translate(tool, t, langs[i].code, en_title);
        if (ok) {
            t->json_in[i] = serialize(tool, &t->json_in_len[i]);
            ok = t->json_in[i] != NULL;
        }
    }
    free(en_title);
    return ok;
}

static void free_tool(mcp_tool *t)
{
    free(t->json);
    free(t->lead);
    for (size_t i = 0; i < MCP_MAX_LANGUAGES; i++)
        free(t->json_in[i]);
}

static bool read_tool(mcp_tool *t, json_object *entry)
{
    json_object *route, *tool, *picture;
    if (!json_object_object_get_ex(entry, "route", &route) ||
        !json_object_object_get_ex(entry, "tool", &tool) ||
        !json_object_object_get_ex(entry, "picture", &picture))
        return false;
    t->picture = json_object_get_boolean(picture);
    json_object *impossible;
    t->impossible_is_answer = json_object_object_get_ex(entry, "impossible", &impossible) &&
                              json_object_get_boolean(impossible);
    const char *name = string_at(tool, "name");
    const char *method = string_at(route, "method");
    const char *path = string_at(route, "path");
    if (!name || !method || !path ||
        snprintf(t->name, sizeof t->name, "%s", name) >= (int)sizeof t->name ||
        snprintf(t->method, sizeof t->method, "%s", method) >= (int)sizeof t->method ||
        snprintf(t->path, sizeof t->path, "%s", path) >= (int)sizeof t->path ||
        !read_param(t, tool))
        return false;
    return read_translations(t, tool);
}

static void load(void)
{
    json_object *root = NULL, *tools, *v;
    cc_error err;
    if (!mcp_json_tree((const char *)mcp_tools_json, mcp_tools_json_len, &root, &err))
        return;
    if (json_object_object_get_ex(root, "version", &v) && json_object_is_type(v, json_type_string))
        snprintf(version, sizeof version, "%s", json_object_get_string(v));
    if (json_object_object_get_ex(root, "tools", &tools) && json_object_is_type(tools, json_type_array)) {
        size_t n = json_object_array_length(tools);
        for (size_t i = 0; i < n && ntools < MAX_TOOLS; i++) {
            mcp_tool *t = &table[ntools];
            memset(t, 0, sizeof *t);
            if (read_tool(t, json_object_array_get_idx(tools, i)))
                ntools++;
            else
                free_tool(t);
        }
    }
    json_object_put(root);
}

const mcp_tool *mcp_tools(size_t *n)
{
    pthread_once(&once, load);
    *n = ntools;
    return table;
}

const mcp_tool *mcp_tool_find(const char *name)
{
    size_t n;
    const mcp_tool *t = mcp_tools(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

const char *mcp_server_version(void)
{
    pthread_once(&once, load);
    return version;
}

const char *mcp_tool_json(const mcp_tool *t, const char *lang, size_t *len)
{
    size_t nlang;
    const txt_language *langs = txt_languages(&nlang);
    for (size_t i = 1; lang && i < nlang && i < MCP_MAX_LANGUAGES; i++)
        if (t->json_in[i] && strcmp(langs[i].code, lang) == 0) {
            *len = t->json_in_len[i];
            return t->json_in[i];
        }
    *len = t->json_len;
    return t->json;
}

void mcp_tool_texts_each(mcp_text_fn *fn, void *arg)
{
    size_t n;
    const mcp_tool *tools = mcp_tools(&n);
    for (size_t i = 0; i < n; i++) {
        json_object *tool = json_tokener_parse(tools[i].json);
        const char *title = tool ? string_at(tool, "title") : NULL;
        char ctxt[128], comment[512];   /* %.63s: a tool's name fits name[64] */
        if (title) {
            snprintf(ctxt, sizeof ctxt, "mcp.tool.%.63s.title", tools[i].name);
            snprintf(comment, sizeof comment,
                     "The title of the MCP tool %.63s (a few words a chat client shows).",
                     tools[i].name);
            fn(ctxt, title, comment, arg);
        }
        if (tools[i].lead) {
            snprintf(ctxt, sizeof ctxt, "mcp.tool.%.63s.description", tools[i].name);
            snprintf(comment, sizeof comment,
                     "The description of the MCP tool %.63s (tools/list; x-mcp-tool.description of its "
                     "route in openapi/openapi.yaml): a model reads it to choose and call the tool. "
                     "Markdown: keep the `code` spans, member names, values, rule ids, tool names "
                     "and resource URIs as they are.", tools[i].name);
            fn(ctxt, tools[i].lead, comment, arg);
        }
        json_object_put(tool);
    }
}
