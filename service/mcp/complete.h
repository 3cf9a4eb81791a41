/* complete.h -- completion/complete: the values an argument of a prompt or
 * of a resource template may take, for a client that offers them as the
 * user types (MCP 2025-06-18, server/utilities/completion).
 *
 *   mcp_completion              what an argument takes
 *   mcp_prompt_completes(prompt, argument, &known)   a prompt argument's
 *                               (prompts.c; *known: the prompt exists)
 *   mcp_complete(call, out)     the method (complete.c)
 */
#ifndef SVC_MCP_COMPLETE_H
#define SVC_MCP_COMPLETE_H

#include <stdbool.h>

typedef enum {
    MCP_COMPLETE_NOTHING,     /* free text: no values offered */
    MCP_COMPLETE_RULE,        /* a rule id of engine/rules.c */
    MCP_COMPLETE_TILE,        /* a tile id (within context's expansion, if any) */
    MCP_COMPLETE_LOCATION,    /* a location of context's tile (all names without one) */
    MCP_COMPLETE_EXPANSION,   /* an expansion id (a set of the tile catalog) */
} mcp_completion;

mcp_completion mcp_prompt_completes(const char *prompt, const char *argument, bool *known);

#endif
