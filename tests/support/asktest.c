/* asktest.c -- see asktest.h. */
#include "asktest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../service/mcp/mcp.h"
#include "../../service/service.h"
#include "testutil.h"

json_object *tu_post(const char *path, const char *body, int status)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    svc_dispatch(&ctx, "POST", path, body, strlen(body), &res);
    const char *text = res.body ? res.body : res.static_body;
    cr_assert_eq(res.status, status, "%s: status %d, expected %d: %.600s", path, res.status,
                 status, text ? text : "(none)");
    json_object *root = json_tokener_parse(text);
    cr_assert_not_null(root);
    svc_response_free(&res);
    return root;
}

json_object *tu_member(json_object *o, const char *name)
{
    json_object *v = NULL;
    cr_assert(json_object_object_get_ex(o, name, &v), "no member %s in %s", name,
              json_object_to_json_string(o));
    return v;
}

const char *tu_str(json_object *o, const char *name)
{
    return json_object_get_string(tu_member(o, name));
}

int tu_int(json_object *o, const char *name)
{
    return json_object_get_int(tu_member(o, name));
}

bool tu_cites(json_object *o, const char *id)
{
    json_object *rules = tu_member(o, "rules");
    for (size_t i = 0; i < json_object_array_length(rules); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(rules, i)), id) == 0)
            return true;
    return false;
}

json_object *tu_mcp_tool(const char *name, const char *args)
{
    static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                               "\"params\":{\"name\":\"%s\",\"arguments\":%s}}";
    size_t size = sizeof head + strlen(name) + strlen(args);
    char *msg = malloc(size);
    cr_assert_not_null(msg);
    snprintf(msg, size, head, name, args);
    svc_context ctx = { .cat = tu_catalog() };
    mcp_reply r;
    mcp_handle(&ctx, msg, strlen(msg), &r);
    free(msg);
    cr_assert_eq(r.status, 200, "%s: %s", name, r.body ? r.body : "(none)");
    json_object *a = json_tokener_parse(r.body);
    mcp_reply_free(&r);
    cr_assert_not_null(a);
    json_object *result = tu_member(a, "result"), *error = NULL;
    cr_assert(!json_object_object_get_ex(result, "isError", &error) || !json_object_get_boolean(error),
              "%s: %s", name, json_object_to_json_string(a));
    json_object *content = json_object_get(tu_member(result, "structuredContent"));
    json_object_put(a);
    return content;
}
