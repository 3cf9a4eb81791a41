/* catalog.h -- the MCP tools as the binary carries them.
 *
 * Owns: the tool table read once from the embedded service/mcp/tools.json,
 * which tools/gen-mcp-tools.mjs generates from openapi/openapi.yaml (each
 * tool's name, description, annotations, input and output schemas, and the
 * route that answers it). The file is parsed on first use (pthread_once)
 * with the strict JSON reader, kept as plain C strings, and never written
 * again, so any number of threads may read it. Its memory lives as long as
 * the process.
 *
 *   mcp_tool                     one tool: its route and its serialized
 *                                MCP Tool object
 *   mcp_tools(&n)                every tool, in the document's order
 *   mcp_tool_find(name)          one tool, or NULL
 *   mcp_server_version()         info.version of the OpenAPI document
 *
 * A broken embedded file (a build error) leaves the table empty and the
 * version "0"; tests/service/mcp checks that it is not.
 */
#ifndef SVC_MCP_CATALOG_H
#define SVC_MCP_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char name[64];
    char method[8];          /* "GET" or "POST" */
    char path[64];           /* "/v1/messages/{n}": at most one {param}, at the end */
    char param[16];          /* that path parameter's name, "" if none */
    bool param_integer;      /* its schema's type is integer (else string) */
    long param_min, param_max;   /* integer parameters: the schema's bounds */
    char *json;              /* the MCP Tool object, serialized */
    size_t json_len;
} mcp_tool;

const mcp_tool *mcp_tools(size_t *n);
const mcp_tool *mcp_tool_find(const char *name);
const char *mcp_server_version(void);

#endif
