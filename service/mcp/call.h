/* call.h -- inside the MCP server: one request's method call and its
 * outcome, shared by the files that answer methods.
 *
 * Owns: mcp_call (what a method handler reads) and mcp_outcome (what it
 * produces: a result, or a JSON-RPC error with the pointer of the member at
 * fault), the helpers that fill an outcome, and the declarations of the
 * method handlers (server.c, tools.c, resources.c, prompts.c) and of the
 * route call they all use (mcp_route()).
 *
 * Ownership: an outcome owns its result text (malloc'ed); mcp.c frees it
 * after writing the response. Results are written with the service's JSON
 * writer; json-c only holds what was read (mcp_json_tree(): the message,
 * checked by the service's strict reader). A handler fills the outcome
 * exactly once, with mcp_result() or mcp_error().
 */
#ifndef SVC_MCP_CALL_H
#define SVC_MCP_CALL_H

#include <json-c/json.h>
#include <stdbool.h>

#include "../../engine/error.h"
#include "../service.h"
#include "../wire/json_writer.h"

/* JSON-RPC 2.0 error codes, and MCP's for an unknown resource. */
enum {
    MCP_PARSE_ERROR = -32700,
    MCP_INVALID_REQUEST = -32600,
    MCP_METHOD_NOT_FOUND = -32601,
    MCP_INVALID_PARAMS = -32602,
    MCP_INTERNAL_ERROR = -32603,
    MCP_RESOURCE_NOT_FOUND = -32002,
    MCP_SERVER_REFUSED = -32000,     /* a transport refuses the request */
};

typedef struct {
    const svc_context *ctx;
    json_object *params;     /* the request's params (an object), or NULL */
} mcp_call;

typedef struct {
    char *result;            /* JSON text of the result, or NULL for an error */
    size_t result_len;
    int code;                /* the error */
    char message[96];
    char detail[CC_DETAIL_MAX];
    char pointer[CC_POINTER_MAX];   /* into the message, e.g. "/params/name" */
    bool has_data;
    char uri[256];                  /* resources: the unknown uri (data.uri) */
    bool out_of_memory;             /* the error is memory running out: the
                                       transport answers it its own way (HTTP
                                       503 with Retry-After; stdio a -32603) */
    /* Logging (mcp.h): the level logging/setLevel asked (MCP_LOG_*, or -1),
     * and what a tool call has to log (note_level -1: nothing). */
    int set_level;
    int note_level;
    char note_tool[64];
    char note_pointer[CC_POINTER_MAX];   /* a refused call's member at fault */
} mcp_outcome;

/* The result is the JSON text the writer holds (written with
 * service/wire/json_writer.h); w is empty afterwards. A writer that failed
 * (out of memory) becomes an internal error. Returns true. */
bool mcp_result(mcp_outcome *out, jw *w);

/* The outcome is error `code`; data is {detail, pointer} when detail_fmt
 * is not NULL. Returns false. */
bool mcp_error(mcp_outcome *out, int code, const char *message, const char *pointer,
               const char *detail_fmt, ...) __attribute__((format(printf, 5, 6)));

/* The outcome is memory running out while doing `what` ("the result"):
 * a -32603 error marked out_of_memory, so that POST /mcp answers it like
 * every route (503, Retry-After) and stdio like a JSON-RPC server. Returns
 * false. */
bool mcp_out_of_memory(mcp_outcome *out, const char *what);

/* Member `name` of call->params of type `type` (json_type_string, ...):
 * *value borrows it, NULL when absent. Fails (-32602, pointer
 * "/params/<name>") when it has another type, or is required and absent. */
bool mcp_param(const mcp_call *call, const char *name, json_type type, bool required,
               json_object **value, mcp_outcome *out);

/* text[0..len), checked by service/wire/json_reader.h (the reader every
 * route uses: same refusals, same details and pointers), as a json-c tree
 * (tree.c). *out is the caller's; on failure NULL, and err says why. */
bool mcp_json_tree(const char *text, size_t len, json_object **out, cc_error *err);

/* Ask the dispatcher, as the HTTP layer would: method and path (a
 * percent-encoded request target), the body (NULL for none). The outer
 * request's Accept-Language goes along. res is filled by svc_handle(). */
void mcp_route(const mcp_call *call, const char *method, const char *path, const char *body,
               size_t len, svc_response *res);

/* A tools/call whose arguments were refused before any route saw them
 * (the message's strict reading): the tool's isError result, the problem
 * worded as a route's would be (pointer into the arguments). */
bool mcp_tool_refused(const mcp_call *call, int status, const char *title, const char *detail,
                      const char *pointer, mcp_outcome *out);

/* The method handlers: each fills out. */
bool mcp_initialize(const mcp_call *call, mcp_outcome *out);
bool mcp_tools_list(const mcp_call *call, mcp_outcome *out);
bool mcp_tools_call(const mcp_call *call, mcp_outcome *out);
bool mcp_resources_list(const mcp_call *call, mcp_outcome *out);
bool mcp_resource_templates_list(const mcp_call *call, mcp_outcome *out);
bool mcp_resources_read(const mcp_call *call, mcp_outcome *out);
bool mcp_prompts_list(const mcp_call *call, mcp_outcome *out);
bool mcp_prompts_get(const mcp_call *call, mcp_outcome *out);
bool mcp_complete(const mcp_call *call, mcp_outcome *out);
bool mcp_logging_set_level(const mcp_call *call, mcp_outcome *out);

/* As for svc_fail() (service.h): under the static analyzer only, say that
 * mcp_error() always returns false. */
#ifdef __clang_analyzer__
#define mcp_error(...) ({ mcp_error(__VA_ARGS__); false; })
#endif

#endif
