/* mcp.h -- the Model Context Protocol server: one JSON-RPC message in, at
 * most one out, whatever carries them (POST /mcp, or stdin/stdout).
 *
 * Owns: what the two transports share: the JSON-RPC 2.0 envelope (read
 * with the service's strict JSON reader, so duplicate names, NaN or a bad
 * UTF-8 string are refused like anywhere else), version negotiation, and
 * the methods: initialize, ping, tools/list, tools/call, resources/list
 * (in pages), resources/templates/list, resources/read, prompts/list,
 * prompts/get, completion/complete, logging/setLevel.
 * Every tool and resource is answered by calling the service's dispatcher
 * (svc_handle) with the route's request, so a tool answers exactly what its
 * route answers; nothing here knows a rule.
 *
 * Stateless: no session, nothing remembered between messages, so any
 * message may come on any connection or replica. Protocol versions
 * 2025-06-18 and 2025-11-25; neither has JSON-RPC batches, so a batch (an
 * array) is an invalid request.
 *
 * Outcomes (mcp_reply.status says what an HTTP transport answers):
 *   200  a request: body holds its response (a result or a JSON-RPC error:
 *        -32601 unknown method, -32602 invalid params, -32002 unknown
 *        resource, -32603 internal)
 *   202  a notification or a response: accepted, nothing to answer (NULL)
 *   400  not a JSON-RPC message: body holds an error response with id null
 *        (-32700 not JSON, -32600 invalid request or batch)
 *   503  memory ran out, anywhere: out_of_memory is set, body is NULL and
 *        fallback holds a -32603 error line for the request's id (made
 *        without allocating). POST /mcp answers it as every route does
 *        (503 problem+json, Retry-After: asking again may well succeed);
 *        stdio writes the line and reads on.
 * A tool's bad argument is not a protocol error: tools/call then succeeds
 * with a result whose isError is true and whose text is the route's
 * problem (detail and pointer), so the model can correct its call.
 *
 * Ownership: mcp_handle() fills *reply; the caller releases it with
 * mcp_reply_free(). ctx->req (if set) is the outer request: its
 * Accept-Language is passed on to the routes.
 *
 * Table of contents:
 *   MCP_VERSION_*, mcp_version_supported()   the protocol versions
 *   mcp_reply, mcp_handle(), mcp_reply_free()
 *   mcp_refuse()                             a transport's refusal, as JSON-RPC
 *   mcp_stdio()                              the stdio transport (stdio.c)
 */
#ifndef SVC_MCP_H
#define SVC_MCP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../service.h"

#define MCP_VERSION_LATEST "2025-11-25"
#define MCP_VERSION_PREVIOUS "2025-06-18"

/* Is v (NUL-terminated) a protocol version this server speaks? */
bool mcp_version_supported(const char *v);

/* Log levels (RFC 5424's, as MCP's logging names them), least severe
 * first: MCP_LOG_DEBUG "debug" ... MCP_LOG_EMERGENCY "emergency". */
enum { MCP_LOG_DEBUG, MCP_LOG_INFO, MCP_LOG_NOTICE, MCP_LOG_WARNING, MCP_LOG_ERROR,
       MCP_LOG_CRITICAL, MCP_LOG_ALERT, MCP_LOG_EMERGENCY, MCP_LOG_LEVELS };
extern const char *const mcp_log_levels[MCP_LOG_LEVELS];

typedef struct {
    int status;      /* 200, 202, 400 or 503, as above */
    char *body;      /* malloc'ed JSON text on one line, or NULL */
    size_t len;
    bool out_of_memory;   /* status 503: body is NULL, fallback holds the line */
    char fallback[256];   /* the -32603 error line, written without allocating */
    /* Logging: the level a logging/setLevel asked (-1: none), for a
     * transport with a session to keep it (stdio; POST /mcp keeps
     * nothing), and what the message has to log (note_level -1: nothing):
     * a tool call, answered (info) or refused (warning), or an internal
     * error (error). */
    int set_level;
    int note_level;
    char note_tool[64];
    char note_pointer[CC_POINTER_MAX];
} mcp_reply;

/* The notifications/message line (one line, no newline; malloc'ed) that
 * logs the call reply answered, if it logs one at `level` or above; else
 * NULL. */
char *mcp_log_line(const mcp_reply *reply, int level, size_t *len);

/* Answer one message: msg[0..len) is the JSON text of one JSON-RPC
 * message (need not be NUL-terminated). Never fails: every problem
 * becomes a JSON-RPC error. */
void mcp_handle(const svc_context *ctx, const char *msg, size_t len, mcp_reply *reply);

void mcp_reply_free(mcp_reply *reply);

/* A transport's refusal before any message is read (HTTP 400 for an
 * unsupported MCP-Protocol-Version, 403 for a foreign Origin, 406, 415):
 * reply gets that status and a JSON-RPC error with id null, code -32000
 * (the range JSON-RPC leaves to servers), message and {detail, pointer ""}. */
void mcp_refuse(mcp_reply *reply, int status, const char *message, const char *detail);

/* A transport that ran out of memory before it could read the message:
 * the out-of-memory reply (503, fallback with id null). */
void mcp_refuse_out_of_memory(mcp_reply *reply);

/* POST /mcp refused before its message is read, by the dispatcher (a
 * malformed lang=, a body over the limit) or the HTTP layer (a
 * Content-Length over the limit): res, a problem+json answer, becomes the
 * JSON-RPC error this endpoint's clients read (id null, code -32000, the
 * problem's title as message, its detail and pointer as data), with the
 * same status and headers. Defined by the route (route_mcp.c). Memory
 * running out leaves res as it was. */
void mcp_http_refusal(svc_response *res);

/* Is the request target (path, and a query after '?', or a NUL or space
 * after the path) POST /mcp's? */
bool mcp_http_target(const char *target, size_t len);

/* The stdio transport: read newline-delimited messages from in, write each
 * answer as one line to out (flushed), log one line per message to log
 * (NULL: none). Lines longer than SVC_BODY_LIMIT are answered -32600 and
 * skipped. Returns 0 at the end of in, 1 if out fails. */
int mcp_stdio(const svc_context *ctx, FILE *in, FILE *out, FILE *log);

#endif
