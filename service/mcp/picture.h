/* picture.h -- the picture a tool result carries: the position with the
 * answer highlighted, as PNG (an MCP image content).
 *
 * Owns: which picture each tool's answer gets, and asking for it. The
 * picture is drawn by POST /v1/render (service/render/), asked through the
 * dispatcher like any route, with the `show` member that highlights the
 * same question the tool asked:
 *   legal_placements     show.placements = the tile
 *   list_features        show.feature = {x, y, at} when one was asked
 *   deployment_options   show.deployments = {x, y}
 *   wagon_moves          show.wagon = {x, y, at[, placed]}
 *   score                show.score = the arguments but position, counting
 *   play_turn            the next position, show.last = {x, y} (a legal move)
 *   describe_position, validate_position, barn_check   the position alone
 * Other tools (message_card, tile_facts, rule_statement) get none. The
 * picture is an extra: when the render route refuses (it should not, the
 * tool's own route having accepted the same position) the result simply
 * has no image. Running out of memory is another matter: the whole call
 * fails (POST /mcp answers 503), never a result quietly without its image.
 *
 *   mcp_picture(call, tool, args, answer, &b64, &len)
 *       MCP_PICTURE_DRAWN and a malloc'ed base64 PNG (the caller frees it)
 *       when the tool has a picture and the render route drew it;
 *       MCP_PICTURE_NONE when it has none or the route refused;
 *       MCP_PICTURE_NO_MEMORY when memory ran out on the way.
 *   mcp_base64(data, n, &len)   RFC 4648 base64 of n bytes (malloc'ed, NUL-
 *                               terminated; NULL when memory runs out)
 */
#ifndef SVC_MCP_PICTURE_H
#define SVC_MCP_PICTURE_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "call.h"

#define MCP_PICTURE_WIDTH 640   /* pixels: enough to read, small enough to send */

typedef enum { MCP_PICTURE_NONE, MCP_PICTURE_DRAWN, MCP_PICTURE_NO_MEMORY } mcp_picture_result;

mcp_picture_result mcp_picture(const mcp_call *call, const char *tool, json_object *args,
                               json_object *answer, char **b64, size_t *len);

char *mcp_base64(const unsigned char *data, size_t n, size_t *len);

#endif
