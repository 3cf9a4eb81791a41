/* assets.h -- files embedded in the binary at build time.
 *
 * Owns: nothing but the declarations; the Makefile generates the arrays
 * with `xxd -i` from openapi/openapi.yaml, openapi/docs.html,
 * explorer/explore.html and docs/problems.md (the file build/openapi_image.c),
 * and from service/mcp/tools.json and service/mcp/notation.md
 * (build/mcp_image.c), so the binary serves /openapi.yaml, /docs, /explore,
 * /problems and its MCP tools and notation guide with nothing beside it.
 * The arrays are not NUL-terminated: use the lengths.
 */
#ifndef ASSETS_H
#define ASSETS_H

extern unsigned char openapi_yaml[];
extern unsigned int openapi_yaml_len;
extern unsigned char docs_html[];
extern unsigned int docs_html_len;
extern unsigned char explore_html[];
extern unsigned int explore_html_len;
extern unsigned char problems_md[];      /* docs/problems.md: GET /problems */
extern unsigned int problems_md_len;
extern unsigned char mcp_tools_json[];
extern unsigned int mcp_tools_json_len;
extern unsigned char mcp_notation_md[];
extern unsigned int mcp_notation_md_len;

#endif
