/* tree.c -- an MCP message read by the service's one strict reader, then
 * held as a json-c tree for the method handlers.
 *
 * Why: every byte a client sends is judged by service/wire/json_reader.h,
 * the reader every route uses, so a message is refused for exactly what a
 * request body would be (and with the same detail and pointer); only what
 * passed is copied into a tree, because a JSON-RPC envelope is small and
 * its handlers look members up by name, copy them, and hand a tool's
 * arguments on to a route as text. Positions are never decoded here: a
 * tool's arguments reach the route's own decoders through the dispatcher.
 *
 * Contents: mcp_json_tree(); the copy (copy_value), recursive, bounded by
 * the reader's depth limit (JR_MAX_DEPTH).
 *
 * Ownership: *out is the caller's (json_object_put); on failure it is NULL
 * and err says why (a status 400 as the reader answers, or 500 for memory).
 */
#include <stdlib.h>
#include <string.h>

#include "../wire/json_reader.h"
#include "call.h"

/* Each copy_* makes *out from v; false when memory runs out. A JSON null
 * is json-c's NULL, so the result and the failure are kept apart. */
static bool copy_value(jr_val v, json_object **out);

static bool copy_string(jr_val v, json_object **out)
{
    char *s = malloc((size_t)v.len + 1);   /* decoding never lengthens a string */
    if (s == NULL)
        return false;
    size_t n = jr_string(v, s, (size_t)v.len + 1, NULL);
    *out = json_object_new_string_len(s, (int)n);
    free(s);
    return *out != NULL;
}

static bool copy_object(jr_val v, json_object **out)
{
    json_object *o = json_object_new_object();
    jr_iter it = jr_iter_start(v);
    jr_str name;
    jr_val member;
    bool ok = o != NULL;
    while (ok && jr_next_member(&it, &name, &member)) {
        char *key = malloc((size_t)name.len + 1);
        json_object *value = NULL;
        ok = key != NULL && copy_value(member, &value);
        if (ok) {
            jr_str_copy(name, key, (size_t)name.len + 1);
            ok = json_object_object_add(o, key, value) == 0;
            if (!ok)
                json_object_put(value);
        }
        free(key);
    }
    if (!ok)
        json_object_put(o);
    *out = ok ? o : NULL;
    return ok;
}

static bool copy_array(jr_val v, json_object **out)
{
    json_object *a = json_object_new_array_ext((int)jr_count(v));
    jr_iter it = jr_iter_start(v);
    jr_val element;
    bool ok = a != NULL;
    while (ok && jr_next_element(&it, &element)) {
        json_object *value = NULL;
        ok = copy_value(element, &value);
        if (ok) {
            ok = json_object_array_add(a, value) == 0;
            if (!ok)
                json_object_put(value);
        }
    }
    if (!ok)
        json_object_put(a);
    *out = ok ? a : NULL;
    return ok;
}

static bool copy_value(jr_val v, json_object **out)
{
    *out = NULL;
    switch (v.type) {
    case JR_FALSE: *out = json_object_new_boolean(0); break;
    case JR_TRUE: *out = json_object_new_boolean(1); break;
    case JR_INT: *out = json_object_new_int64(jr_int64(v)); break;
    case JR_NUMBER: *out = json_object_new_double(jr_double(v)); break;
    case JR_STRING: return copy_string(v, out);
    case JR_ARRAY: return copy_array(v, out);
    case JR_OBJECT: return copy_object(v, out);
    default: return true;                      /* null */
    }
    return *out != NULL;
}

bool mcp_json_tree(const char *text, size_t len, json_object **out, cc_error *err)
{
    *out = NULL;
    jr_doc *doc = malloc(sizeof *doc);    /* 16 KB of inline spans: not on the stack */
    if (doc == NULL)
        return cc_fail(err, 500, "", "Out of memory", "no memory to read the message");
    bool ok = jr_parse(doc, text, len, JR_MAX_DEPTH, err);
    if (ok && !copy_value(jr_root(doc), out))
        ok = cc_fail(err, 500, "", "Out of memory", "no memory to read the message");
    jr_doc_free(doc);
    free(doc);
    return ok;
}
