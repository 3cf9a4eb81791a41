/* catalog.c -- the embedded tool table; see catalog.h. */
#include "catalog.h"

#include <json-c/json.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../assets.h"
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

static bool read_tool(mcp_tool *t, json_object *entry)
{
    json_object *route, *tool;
    if (!json_object_object_get_ex(entry, "route", &route) ||
        !json_object_object_get_ex(entry, "tool", &tool))
        return false;
    const char *name = string_at(tool, "name");
    const char *method = string_at(route, "method");
    const char *path = string_at(route, "path");
    if (!name || !method || !path ||
        snprintf(t->name, sizeof t->name, "%s", name) >= (int)sizeof t->name ||
        snprintf(t->method, sizeof t->method, "%s", method) >= (int)sizeof t->method ||
        snprintf(t->path, sizeof t->path, "%s", path) >= (int)sizeof t->path ||
        !read_param(t, tool))
        return false;
    size_t len;
    const char *text = json_object_to_json_string_length(
        tool, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
    t->json = text ? strdup(text) : NULL;
    t->json_len = len;
    return t->json != NULL;
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
                free(t->json);
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
