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
 * Languages: a tool's title and description are English in the file (the
 * OpenAPI document's x-mcp-tool words); each language of
 * service/text/lang.h gets its own serialized Tool object, made at the same
 * first use, with the catalog's translations (msgctxt mcp.tool.<name>.title
 * and mcp.tool.<name>.description, listed by mcp_tool_texts_each() for the
 * PO template) and the shared closing sentences in that language. Names,
 * schemas and annotations' hints are the same in every language.
 *
 *   mcp_tool                     one tool: its route and its serialized
 *                                MCP Tool object
 *   mcp_tools(&n)                every tool, in the document's order
 *   mcp_tool_json(t, lang, &len) a tool's Tool object in a language
 *   mcp_tool_texts_each()        every translatable text of the tools
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

#include "../text/lang.h"

#define MCP_MAX_LANGUAGES TXT_LANGUAGES_MAX   /* rows of the language table, at most */

typedef struct {
    char name[64];
    char method[8];          /* "GET" or "POST" */
    char path[64];           /* "/v1/messages/{n}": at most one {param}, at the end */
    char param[16];          /* that path parameter's name, "" if none */
    bool param_integer;      /* its schema's type is integer (else string) */
    long param_min, param_max;   /* integer parameters: the schema's bounds */
    bool picture;            /* takes `picture` (picture.h draws its answer) */
    bool impossible_is_answer;   /* a 422 of its route is a normal result
                                    (validate_position: valid false) */
    char *lead;              /* the description's own words, English (the
                                served description adds the shared sentences) */
    char *json;              /* the MCP Tool object, serialized (English) */
    size_t json_len;
    /* The same in language i of txt_languages() (i >= 1). */
    char *json_in[MCP_MAX_LANGUAGES];
    size_t json_in_len[MCP_MAX_LANGUAGES];
} mcp_tool;

/* The Tool object of t in lang (a code of lang.h; NULL: English). */
const char *mcp_tool_json(const mcp_tool *t, const char *lang, size_t *len);

/* Call fn(ctxt, english, comment, arg) for each tool's title and
 * description (english.c's walk: the PO template and /v1/languages). */
typedef void mcp_text_fn(const char *ctxt, const char *english, const char *comment, void *arg);
void mcp_tool_texts_each(mcp_text_fn *fn, void *arg);

const mcp_tool *mcp_tools(size_t *n);
const mcp_tool *mcp_tool_find(const char *name);
const char *mcp_server_version(void);

#endif
