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
 * Contents: mcp_json_tree(); the copy (copy_document: a loop over an
 * explicit stack of open containers, as deep as the reader allows,
 * JR_MAX_DEPTH; copy_scalar, new_container, attach).
 *
 * Ownership: *out is the caller's (json_object_put); on failure it is NULL
 * and err says why (a status 400 as the reader answers, or 500 for memory).
 */
#include <stdlib.h>
#include <string.h>

#include "../text/problems.h"
#include "../wire/json_reader.h"
#include "call.h"

/* A scalar of v as json-c holds it (a JSON null is json-c's NULL); false
 * when memory runs out. */
static bool copy_scalar(jr_val v, json_object **out)
{
    *out = NULL;
    switch (v.type) {
    case JR_FALSE: *out = json_object_new_boolean(0); break;
    case JR_TRUE: *out = json_object_new_boolean(1); break;
    case JR_INT: *out = json_object_new_int64(jr_int64(v)); break;
    case JR_NUMBER: *out = json_object_new_double(jr_double(v)); break;
    case JR_STRING: {
        char *s = malloc((size_t)v.len + 1);   /* decoding never lengthens a string */
        if (s == NULL)
            return false;
        size_t n = jr_string(v, s, (size_t)v.len + 1, NULL);
        *out = json_object_new_string_len(s, (int)n);
        free(s);
        break;
    }
    default: return true;                      /* null */
    }
    return *out != NULL;
}

static json_object *new_container(jr_val v)
{
    return v.type == JR_OBJECT ? json_object_new_object()
                               : json_object_new_array_ext((int)jr_count(v));
}

/* Attach value to parent: under name (decoded) in an object, else at the
 * end of an array. Takes value, even on failure. */
static bool attach(json_object *parent, bool is_object, jr_str name, json_object *value)
{
    if (!is_object) {
        if (json_object_array_add(parent, value) == 0)
            return true;
        json_object_put(value);
        return false;
    }
    char *key = malloc((size_t)name.len + 1);
    bool ok = key != NULL;
    if (ok) {
        jr_str_copy(name, key, (size_t)name.len + 1);
        ok = json_object_object_add(parent, key, value) == 0;
    }
    if (!ok)
        json_object_put(value);
    free(key);
    return ok;
}

/* The whole document, walked with an explicit stack of open containers
 * (no recursion: the reader has bounded the depth to JR_MAX_DEPTH). Each
 * value is attached to its parent as soon as it exists, so one put of the
 * root frees everything after a failure. */
static bool copy_document(jr_val root, json_object **out)
{
    struct {
        jr_iter it;
        json_object *obj;
        bool is_object;
    } stack[JR_MAX_DEPTH];
    *out = NULL;
    if (root.type != JR_OBJECT && root.type != JR_ARRAY)
        return copy_scalar(root, out);
    if ((*out = new_container(root)) == NULL)
        return false;
    int depth = 0;
    stack[0].it = jr_iter_start(root);
    stack[0].obj = *out;
    stack[0].is_object = root.type == JR_OBJECT;
    bool ok = true;
    while (ok && depth >= 0) {
        jr_str name = { NULL, 0, false };
        jr_val v;
        bool more = stack[depth].is_object ? jr_next_member(&stack[depth].it, &name, &v)
                                           : jr_next_element(&stack[depth].it, &v);
        if (!more) {
            depth--;
            continue;
        }
        json_object *value = NULL;
        bool container = v.type == JR_OBJECT || v.type == JR_ARRAY;
        ok = container ? (value = new_container(v)) != NULL : copy_scalar(v, &value);
        ok = ok && attach(stack[depth].obj, stack[depth].is_object, name, value);
        if (ok && container && depth + 1 < JR_MAX_DEPTH) {
            depth++;
            stack[depth].it = jr_iter_start(v);
            stack[depth].obj = value;
            stack[depth].is_object = v.type == JR_OBJECT;
        }
    }
    if (!ok) {
        json_object_put(*out);
        *out = NULL;
    }
    return ok;
}

bool mcp_json_tree(const char *text, size_t len, json_object **out, cc_error *err)
{
    *out = NULL;
    jr_doc *doc = malloc(sizeof *doc);    /* 16 KB of inline spans: not on the stack */
    if (doc == NULL)
        return CC_FAIL0(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_MESSAGE);
    bool ok = jr_parse(doc, text, len, JR_MAX_DEPTH, err);
    if (ok && !copy_document(jr_root(doc), out))
        ok = CC_FAIL0(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_MESSAGE);
    jr_doc_free(doc);
    free(doc);
    return ok;
}
