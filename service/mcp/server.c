/* server.c -- initialize: version negotiation and what this server offers.
 *
 * The client names the version it wants; this server answers with the
 * same when it speaks it (2025-06-18, 2025-11-25), else with its latest,
 * and the client decides whether to go on. Nothing is remembered: a
 * stateless server answers every later message the same whether or not
 * initialize came first on this connection.
 */
#include <string.h>

#include "../text/text.h"
#include "call.h"
#include "catalog.h"
#include "mcp.h"

static json_object *capability(void)
{
    json_object *c = json_object_new_object();
    json_object_object_add(c, "listChanged", json_object_new_boolean(0));
    return c;
}

bool mcp_initialize(const mcp_call *call, mcp_outcome *out)
{
    json_object *version, *capabilities, *info, *v;
    if (!mcp_param(call, "protocolVersion", json_type_string, true, &version, out) ||
        !mcp_param(call, "capabilities", json_type_object, true, &capabilities, out) ||
        !mcp_param(call, "clientInfo", json_type_object, true, &info, out))
        return false;
    static const char *const info_members[] = { "name", "version" };
    for (size_t i = 0; i < 2; i++)
        if (!json_object_object_get_ex(info, info_members[i], &v) ||
            !json_object_is_type(v, json_type_string))
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params",
                             i == 0 ? "/params/clientInfo/name" : "/params/clientInfo/version",
                             "clientInfo.%s must be a string", info_members[i]);
    const char *asked = json_object_get_string(version);

    json_object *caps = json_object_new_object();
    json_object *resources = capability();
    json_object_object_add(resources, "subscribe", json_object_new_boolean(0));
    json_object_object_add(caps, "tools", capability());
    json_object_object_add(caps, "resources", resources);
    json_object_object_add(caps, "prompts", capability());
    json_object *server = json_object_new_object();
    json_object_object_add(server, "name", json_object_new_string("carcassonne-rules"));
    json_object_object_add(server, "title", json_object_new_string("Carcassonne rules"));
    json_object_object_add(server, "version", json_object_new_string(mcp_server_version()));
    json_object *result = json_object_new_object();
    json_object_object_add(result, "protocolVersion", json_object_new_string(
        mcp_version_supported(asked) ? asked : MCP_VERSION_LATEST));
    json_object_object_add(result, "capabilities", caps);
    json_object_object_add(result, "serverInfo", server);
    json_object_object_add(result, "instructions",
                           json_object_new_string(tx_phrase(TX_MCP_INSTRUCTIONS)));
    return mcp_result(out, result);
}
