/* lenient.h -- a message the strict reader refused, read again for its id
 * (see lenient.c for why).
 *
 *   mcp_lenient_read(text, len, &m)   true when text is one JSON value by
 *       RFC 8259's grammar alone (any depth, any number, duplicate names);
 *       m then says whether it is an object and holds the raw text of its
 *       top-level "id" when that is a string (quotes included) or a number,
 *       and its top-level "method" when that is a string without escapes
 *       that fits. The id points into text.
 */
#ifndef SVC_MCP_LENIENT_H
#define SVC_MCP_LENIENT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    bool object;          /* the value is an object */
    const char *id;       /* raw text of "id" (a string or a number), or NULL */
    size_t id_len;
    char method[48];      /* "method" if a plain string, else "" */
} mcp_lenient;

bool mcp_lenient_read(const char *text, size_t len, mcp_lenient *out);

#endif
